package slacktest

import (
	"fmt"

	"github.com/slack-go/slack"
)

// Installs by OAuth: the fake plays Slack's side of oauth.v2.access. A
// test registers the app (SetOAuthApp) and a grant per code (AddGrant), as
// if a person had clicked Allow; the bot token a grant hands out is then
// accepted by every Web API method, as a workspace's own, until revoked.

// Grant is what oauth.v2.access answers for one code.
type Grant struct {
	Code                   string
	TeamID, TeamName       string
	EnterpriseID           string // an org-wide install when TeamID is ""
	BotUserID, InstallerID string
	Scope                  string // comma-separated
	BotToken               string
	// RefreshToken and ExpiresIn (seconds), when set, make a rotating
	// token: grant_type=refresh_token with it hands out a new pair, for
	// 12 hours.
	RefreshToken string
	ExpiresIn    int
}

// oauthState is the fake's OAuth side, under Server.mu.
type oauthState struct {
	clientID, clientSecret string
	grants                 map[string]Grant // by code, each used once
	refresh                map[string]Grant // by refresh token
	tokens                 map[string]Grant // installed bot tokens
	refreshed              int
}

// SetOAuthApp sets the client id and secret oauth.v2.access accepts.
func (s *Server) SetOAuthApp(clientID, clientSecret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth.clientID, s.oauth.clientSecret = clientID, clientSecret
}

// AddGrant makes g.Code exchangeable once.
func (s *Server) AddGrant(g Grant) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.oauth.grants == nil {
		s.oauth.grants, s.oauth.refresh, s.oauth.tokens = map[string]Grant{}, map[string]Grant{}, map[string]Grant{}
	}
	s.oauth.grants[g.Code] = g
}

// RevokeTokens makes a team's installed tokens invalid (an uninstall).
func (s *Server) RevokeTokens(teamID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for tok, g := range s.oauth.tokens {
		if g.TeamID == teamID {
			delete(s.oauth.tokens, tok)
		}
	}
	for tok, g := range s.oauth.refresh {
		if g.TeamID == teamID {
			delete(s.oauth.refresh, tok)
		}
	}
}

// tokenTeam is the team whose bot token tok is ("" with ok for the
// configured BotToken); ok false for a token Slack would refuse.
func (s *Server) tokenTeam(tok string) (team string, ok bool) {
	if tok == s.cfg.BotToken {
		return s.cfg.TeamID, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.oauth.tokens[tok]
	return g.TeamID, ok
}

func (s *Server) oauthAccess(c *Call) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.oauth.clientID == "" || c.str("client_id") != s.oauth.clientID {
		return apiError("invalid_client_id")
	}
	if c.str("client_secret") != s.oauth.clientSecret {
		return apiError("bad_client_secret")
	}
	var g Grant
	var ok bool
	if c.str("grant_type") == "refresh_token" {
		old := c.str("refresh_token")
		if g, ok = s.oauth.refresh[old]; !ok {
			return apiError("invalid_refresh_token")
		}
		delete(s.oauth.refresh, old)
		delete(s.oauth.tokens, g.BotToken)
		s.oauth.refreshed++
		g.BotToken = fmt.Sprintf("%s-r%d", g.BotToken, s.oauth.refreshed)
		g.RefreshToken = fmt.Sprintf("%s-r%d", g.RefreshToken, s.oauth.refreshed)
		g.ExpiresIn = 12 * 60 * 60 // Slack's rotating tokens live 12 hours
	} else {
		if g, ok = s.oauth.grants[c.str("code")]; !ok {
			return apiError("invalid_code")
		}
		delete(s.oauth.grants, g.Code)
	}
	s.oauth.tokens[g.BotToken] = g
	if g.RefreshToken != "" {
		s.oauth.refresh[g.RefreshToken] = g
	}
	resp := slack.OAuthV2Response{AccessToken: g.BotToken, TokenType: "bot", Scope: g.Scope, BotUserID: g.BotUserID, AppID: s.cfg.AppID,
		Team: slack.OAuthV2ResponseTeam{ID: g.TeamID, Name: g.TeamName}, Enterprise: slack.OAuthV2ResponseEnterprise{ID: g.EnterpriseID},
		IsEnterpriseInstall: g.TeamID == "", AuthedUser: slack.OAuthV2ResponseAuthedUser{ID: g.InstallerID},
		RefreshToken: g.RefreshToken, ExpiresIn: g.ExpiresIn}
	return answer(resp)
}

// Refreshed counts the token refreshes the fake answered.
func (s *Server) Refreshed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oauth.refreshed
}

// Installed makes g's bot token accepted at once, as if its code had been
// exchanged (a store filled with installations beforehand: benchmarks).
func (s *Server) Installed(g Grant) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.oauth.tokens == nil {
		s.oauth.grants, s.oauth.refresh, s.oauth.tokens = map[string]Grant{}, map[string]Grant{}, map[string]Grant{}
	}
	s.oauth.tokens[g.BotToken] = g
}
