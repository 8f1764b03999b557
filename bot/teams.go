package bot

import (
	"context"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
)

// Many workspaces, each with its own install (by OAuth): every Slack call
// is made with the token of the team whose work it is (bh.TeamOf of the
// call's context: the envelope's team, set on each job), found per call,
// never one global client. An envelope of a team without an installation
// is acked and dropped.

// TeamBots gives each team's bot as installed (bot/install.Tokens).
type TeamBots interface {
	// TeamBot is the team's bot token and the bot's user there; an error
	// with the code ENOTFOUND when the app is not installed there.
	TeamBot(ctx context.Context, teamID string) (token, userID string, err error)
}

// teamSlack is the Web API of whichever team a call's context names.
type teamSlack struct {
	teams TeamBots
	opts  []slack.Option
}

var _ Slack = teamSlack{}

func (t teamSlack) client(ctx context.Context) (*slack.Client, error) {
	team := bh.TeamOf(ctx)
	if team == "" {
		// A path that lost its team: a bug to see, never another team's token.
		return nil, bh.Errorf(bh.EINTERNAL, "bot: a Slack call with no team to make it for")
	}
	tok, _, err := t.teams.TeamBot(ctx, team)
	if err != nil {
		return nil, err
	}
	return slack.New(tok, t.opts...), nil
}

func (t teamSlack) AuthTestContext(ctx context.Context) (*slack.AuthTestResponse, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.AuthTestContext(ctx)
}

func (t teamSlack) PostMessageContext(ctx context.Context, channelID string, options ...slack.MsgOption) (string, string, error) {
	c, err := t.client(ctx)
	if err != nil {
		return "", "", err
	}
	return c.PostMessageContext(ctx, channelID, options...)
}

func (t teamSlack) UpdateMessageContext(ctx context.Context, channelID, timestamp string, options ...slack.MsgOption) (string, string, string, error) {
	c, err := t.client(ctx)
	if err != nil {
		return "", "", "", err
	}
	return c.UpdateMessageContext(ctx, channelID, timestamp, options...)
}

func (t teamSlack) PostEphemeralContext(ctx context.Context, channelID, userID string, options ...slack.MsgOption) (string, error) {
	c, err := t.client(ctx)
	if err != nil {
		return "", err
	}
	return c.PostEphemeralContext(ctx, channelID, userID, options...)
}

func (t teamSlack) OpenViewContext(ctx context.Context, triggerID string, view slack.ModalViewRequest) (*slack.ViewResponse, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.OpenViewContext(ctx, triggerID, view)
}

func (t teamSlack) UpdateViewContext(ctx context.Context, view slack.ModalViewRequest, externalID, hash, viewID string) (*slack.ViewResponse, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.UpdateViewContext(ctx, view, externalID, hash, viewID)
}

func (t teamSlack) GetPermalinkContext(ctx context.Context, params *slack.PermalinkParameters) (string, error) {
	c, err := t.client(ctx)
	if err != nil {
		return "", err
	}
	return c.GetPermalinkContext(ctx, params)
}

func (t teamSlack) UploadFileContext(ctx context.Context, params slack.UploadFileParameters) (*slack.FileSummary, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.UploadFileContext(ctx, params)
}

func (t teamSlack) PublishViewContext(ctx context.Context, req slack.PublishViewContextRequest) (*slack.ViewResponse, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.PublishViewContext(ctx, req)
}

func (t teamSlack) OpenConversationContext(ctx context.Context, params *slack.OpenConversationParameters) (*slack.Channel, bool, bool, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, false, false, err
	}
	return c.OpenConversationContext(ctx, params)
}

func (t teamSlack) GetUserInfoContext(ctx context.Context, user string, options ...slack.GetUserInfoOption) (*slack.User, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.GetUserInfoContext(ctx, user, options...)
}

func (t teamSlack) GetConversationInfoContext(ctx context.Context, input *slack.GetConversationInfoInput) (*slack.Channel, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, err
	}
	return c.GetConversationInfoContext(ctx, input)
}

func (t teamSlack) GetUsersInConversationContext(ctx context.Context, params *slack.GetUsersInConversationParameters) ([]string, string, error) {
	c, err := t.client(ctx)
	if err != nil {
		return nil, "", err
	}
	return c.GetUsersInConversationContext(ctx, params)
}

// selfUser is the bot's own user in team: the one identity on one token,
// the installation's bot user with many.
func (b *Bot) selfUser(teamID string) string {
	if b.cfg.Teams == nil || teamID == "" {
		return b.identity().UserID
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, user, err := b.cfg.Teams.TeamBot(ctx, teamID)
	if err != nil {
		return ""
	}
	return user
}

// workspaceURL is team's address (https://team.slack.com/), the base of
// message permalinks: the one identity's on one token; with many, what
// auth.test says with the team's token, asked once per team and process.
func (b *Bot) workspaceURL(teamID string) string {
	if b.cfg.Teams == nil || teamID == "" {
		return b.identity().URL
	}
	if u, ok := b.urls.Load(teamID); ok {
		return u.(string)
	}
	ctx, cancel := context.WithTimeout(bh.WithTeam(context.Background(), teamID), 5*time.Second)
	defer cancel()
	auth, err := b.api.AuthTestContext(ctx)
	if err != nil {
		// Links fall back to the notes' words this time; asked again next.
		b.log.Debug("bot: a workspace's address", "team", teamID, "err", err)
		return ""
	}
	b.urls.Store(teamID, auth.URL)
	return auth.URL
}

// envelopeTeam is the team an envelope comes from.
func envelopeTeam(evt socketmode.Event) string {
	switch d := evt.Data.(type) {
	case slackevents.EventsAPIEvent:
		return d.TeamID
	case slack.InteractionCallback:
		return d.Team.ID
	case slack.SlashCommand:
		return d.TeamID
	}
	return ""
}

// uninstallEvent reports whether evt says the app left its team.
func uninstallEvent(evt socketmode.Event) bool {
	ev, ok := evt.Data.(slackevents.EventsAPIEvent)
	if !ok {
		return false
	}
	switch ev.InnerEvent.Data.(type) {
	case *slackevents.AppUninstalledEvent, *slackevents.TokensRevokedEvent:
		return true
	}
	return false
}

// teamGate decides, with many teams, whether evt's team can be served.
// An envelope of a team without an installation (uninstalled, or never)
// is dropped, said in the log once per team an hour; one whose token
// expired and could not be refreshed too. In both cases a person who
// typed a command or pressed a button is told to add the app again (the
// command's answer, or the button's response_url: no token needed).
// reply is the ack's payload.
func (b *Bot) teamGate(evt socketmode.Event) (drop bool, reply any) {
	if b.cfg.Teams == nil || uninstallEvent(evt) {
		return false, nil
	}
	team := envelopeTeam(evt)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, _, err := b.cfg.Teams.TeamBot(ctx, team)
	switch {
	case err == nil:
		return false, nil
	case bh.ErrorCode(err) == bh.ENOTFOUND:
		now := b.cfg.Now()
		if last, ok := b.ignored.Load(team); !ok || now.Sub(last.(time.Time)) >= time.Hour {
			b.ignored.Store(team, now)
			b.log.Warn("bot: an envelope from a workspace the app is not installed in; ignored (said once an hour per workspace)",
				"team", team, "type", string(evt.Type))
		}
		return true, b.tellReinstall(evt, "BabyHandoff is not installed in this workspace any more.")
	case bh.ErrorCode(err) == bh.EUNAVAILABLE && evt.Type != socketmode.EventTypeEventsAPI:
		// The token expired and its refresh failed (Tokens logged why).
		return true, b.tellReinstall(evt, bh.ErrorMessage(err))
	}
	// A store that did not answer: the work goes on, its Slack calls say why.
	return false, nil
}

// tellReinstall tells the person behind a command or a button that the
// app must be added again: the command's ack payload, or a message to
// the button's response_url. Events have no one to tell.
func (b *Bot) tellReinstall(evt socketmode.Event, why string) any {
	text := why
	if b.cfg.InstallURL != "" {
		text += " To use it again, add it to Slack: " + b.cfg.InstallURL
	}
	switch d := evt.Data.(type) {
	case slack.SlashCommand:
		return map[string]any{"response_type": "ephemeral", "text": text}
	case slack.InteractionCallback:
		if d.ResponseURL == "" {
			return nil
		}
		b.enqueue(d.Team.ID, "tell reinstall", func(ctx context.Context) {
			msg := &slack.WebhookMessage{ResponseType: "ephemeral", Text: text}
			if err := slack.PostWebhookCustomHTTPContext(ctx, d.ResponseURL, b.cfg.HTTPClient, msg); err != nil {
				b.log.WarnContext(ctx, "bot: could not tell a person to add the app again", "team", d.Team.ID, "err", err)
			}
		})
	}
	return nil
}

// uninstalled hears app_uninstalled or tokens_revoked: the team's tokens
// are deleted (Config.Uninstalled).
func (b *Bot) uninstalled(teamID, why string) {
	if b.cfg.Uninstalled == nil {
		b.log.Info("bot: Slack says the app's tokens are gone", "team", teamID, "event", why)
		return
	}
	b.enqueue(teamID, "uninstall", func(ctx context.Context) {
		if err := b.cfg.Uninstalled(ctx, teamID); err != nil {
			b.log.ErrorContext(ctx, "bot: an uninstall's tokens not deleted", "team", teamID, "event", why, "err", err)
			return
		}
		b.log.InfoContext(ctx, "bot: uninstalled; the team's tokens are deleted", "team", teamID, "event", why)
	})
}

// ignoredTeams remembers when a team's ignored envelope was last logged.
type ignoredTeams = sync.Map
