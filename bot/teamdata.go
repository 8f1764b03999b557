package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// dataStore is what deleting a workspace's data needs: who installed the
// app (installs by OAuth), and the deletion itself.
type dataStore interface {
	Installation(ctx context.Context, key string) (bh.Installation, error)
	// DeleteTeam removes every row of the team at once (its installation
	// and tokens too).
	DeleteTeam(ctx context.Context, teamID string) (bh.Deleted, error)
}

// teamData answers /babyhandoff: its help, and delete-my-data, which
// deletes all of the workspace's data once its installer (or, on one
// token, a workspace admin or owner) confirms.
type teamData struct {
	b     *Bot
	store dataStore
}

// deleteAskFor is how long a "Delete everything" button stays good.
const deleteAskFor = 15 * time.Minute

const babyhandoffHelp = "`/babyhandoff delete-my-data` deletes all of BabyHandoff's data for this workspace (it asks first); only the person who installed the app, or on a self-hosted bot a workspace admin or owner, can. " +
	"Everything else is in messages: send me notes, `/plan` for a plan, `/radar` for the Risk Radar, `/handoff` to hand over."

func (t *teamData) command(ctx context.Context, cmd slack.SlashCommand) {
	words := strings.Fields(cmd.Text)
	switch {
	case len(words) == 1 && strings.EqualFold(words[0], "delete-my-data"):
		t.ask(ctx, cmd)
	case len(words) == 0 || strings.EqualFold(words[0], "help"):
		t.b.tell(ctx, cmd.ChannelID, cmd.UserID, babyhandoffHelp)
	default:
		t.b.tell(ctx, cmd.ChannelID, cmd.UserID, fmt.Sprintf("I don't know `/babyhandoff %s`. %s", blocks.Escape(strings.Join(words, " ")), babyhandoffHelp))
	}
}

// ask checks who asks and answers privately with the question and its
// red button.
func (t *teamData) ask(ctx context.Context, cmd slack.SlashCommand) {
	b := t.b
	if !t.may(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID) {
		return
	}
	value := strings.Join([]string{cmd.TeamID, cmd.UserID, strconv.FormatInt(b.cfg.Now().Unix(), 10)}, "|")
	msg := blocks.DeleteDataAsk(value, b.cfg.Teams != nil)
	if _, err := b.api.PostEphemeralContext(ctx, cmd.ChannelID, cmd.UserID, msg.Options()...); err != nil {
		// A conversation the bot is not in: the person's DM with it.
		if _, _, err := b.api.PostMessageContext(ctx, cmd.UserID, msg.Options()...); err != nil {
			b.log.ErrorContext(ctx, "bot: delete-my-data: ask", "user", cmd.UserID, "err", err)
		}
	}
}

// may reports whether userID may delete teamID's data, telling them
// privately why not: the installation's installer with installs by
// OAuth; on one token (no installation kept), a workspace admin or owner
// as Slack says.
func (t *teamData) may(ctx context.Context, teamID, channelID, userID string) bool {
	b := t.b
	if b.cfg.Teams != nil {
		in, err := t.store.Installation(ctx, teamID)
		switch {
		case err != nil && bh.ErrorCode(err) != bh.ENOTFOUND:
			b.log.ErrorContext(ctx, "bot: delete-my-data: the installation", "team", teamID, "err", err)
			b.tell(ctx, channelID, userID, "I could not check who installed BabyHandoff here just now; nothing was deleted. Try again in a moment.")
			return false
		case err == nil && in.InstallerID == userID:
			return true
		case err == nil && in.InstallerID != "":
			b.tell(ctx, channelID, userID, fmt.Sprintf("Only the person who installed BabyHandoff in this workspace, <@%s>, can delete its data. Nothing was deleted.", in.InstallerID))
			return false
		}
		b.tell(ctx, channelID, userID, "Only the person who installed BabyHandoff in this workspace can delete its data. Nothing was deleted.")
		return false
	}
	u, err := b.api.GetUserInfoContext(ctx, userID)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: delete-my-data: who asks", "user", userID, "err", err)
		b.tell(ctx, channelID, userID, "I could not check your role in this workspace just now; nothing was deleted. Try again in a moment.")
		return false
	}
	if u.IsAdmin || u.IsOwner || u.IsPrimaryOwner {
		return true
	}
	b.tell(ctx, channelID, userID, "Only a workspace admin or owner can delete BabyHandoff's data in this workspace. Nothing was deleted; ask one of them to type `/babyhandoff delete-my-data`.")
	return false
}

// confirm deletes the workspace's data: the button must be the one asked
// of this person in this workspace, not older than deleteAskFor, and they
// must still be allowed.
func (t *teamData) confirm(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := t.b
	team, user := cb.Team.ID, cb.User.ID
	parts := strings.Split(a.Value, "|")
	var at int64
	if len(parts) == 3 {
		at, _ = strconv.ParseInt(parts[2], 10, 64)
	}
	now := b.cfg.Now()
	asked := time.Unix(at, 0)
	if len(parts) != 3 || parts[0] != team || parts[1] != user || at == 0 || now.Sub(asked) > deleteAskFor || asked.Sub(now) > time.Minute {
		b.log.WarnContext(ctx, "bot: delete-my-data: a stale or forged button refused", "team", team, "user", user)
		t.respond(ctx, cb, "That button is out of date or not one I gave you, so nothing was deleted. Type `/babyhandoff delete-my-data` to ask again.")
		return
	}
	if !t.may(ctx, team, channelOf(cb), user) {
		return
	}
	d, err := t.store.DeleteTeam(ctx, team)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: delete-my-data", "team", team, "err", err)
		t.respond(ctx, cb, "Nothing was deleted: "+bh.ErrorText(ctx, err))
		return
	}
	b.log.InfoContext(ctx, "bot: a workspace's data deleted, as asked", "team", team, "user", user,
		"families", d.Families, "notes", d.Notes, "plans", d.Plans, "rows", d.Rows, "installation", d.Installations > 0)
	if b.cfg.Uninstalled != nil {
		// The token cached in memory goes too, before anyone hears it is
		// done: the next event is ignored as an uninstalled workspace's.
		if err := b.cfg.Uninstalled(ctx, team); err != nil {
			b.log.ErrorContext(ctx, "bot: delete-my-data: forget the tokens", "team", team, "err", err)
		}
	}
	// The answer goes by response_url, which needs no token: the tokens
	// are gone with the installation.
	t.respond(ctx, cb, blocks.DeleteDataDone(d, b.cfg.InstallURL))
}

func (t *teamData) cancel(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	t.respond(ctx, cb, "Nothing was deleted.")
}

// respond replaces the question with text, through the button's
// response_url; without one, a private message.
func (t *teamData) respond(ctx context.Context, cb slack.InteractionCallback, text string) {
	b := t.b
	if cb.ResponseURL != "" {
		msg := &slack.WebhookMessage{ResponseType: slack.ResponseTypeEphemeral, ReplaceOriginal: true, Text: text}
		err := slack.PostWebhookCustomHTTPContext(ctx, cb.ResponseURL, b.cfg.HTTPClient, msg)
		if err == nil {
			return
		}
		b.log.WarnContext(ctx, "bot: delete-my-data: answer by response_url", "err", err)
	}
	b.tell(ctx, channelOf(cb), cb.User.ID, text)
}
