package babyhandoff

import "time"

// Installation is the app as installed by OAuth ("Add to Slack") in one
// workspace, or in a whole Enterprise Grid org. Its tokens are kept sealed
// (encrypted at rest): the store keeps them as given and never reads them.
type Installation struct {
	// TeamID is the workspace; EnterpriseID the org (an org-wide install
	// has only the latter). Key names the installation by one of them.
	TeamID       string `json:"team_id"`
	EnterpriseID string `json:"enterprise_id,omitempty"`
	// BotUserID is the bot's user in that workspace.
	BotUserID string `json:"bot_user_id"`
	// BotToken and RefreshToken are sealed. RefreshToken is "" and
	// ExpiresAt zero when the app does not rotate tokens.
	BotToken     string    `json:"bot_token"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	ExpiresAt    time.Time `json:"expires_at,omitzero"`
	// Scopes are the bot scopes granted.
	Scopes []string `json:"scopes"`
	// InstallerID is who installed it; InstalledAt when (the last time).
	InstallerID string    `json:"installer_id"`
	InstalledAt time.Time `json:"installed_at"`
}

// Key is the id an installation is stored and found by: the team's, or
// the org's for an org-wide install.
func (in Installation) Key() string {
	if in.TeamID != "" {
		return in.TeamID
	}
	return in.EnterpriseID
}
