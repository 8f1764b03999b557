package bot

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// deletions is a dataStore that records what it was asked to delete.
type deletions struct {
	installs map[string]bh.Installation
	deleted  []string
}

func (d *deletions) Installation(_ context.Context, key string) (bh.Installation, error) {
	if in, ok := d.installs[key]; ok {
		return in, nil
	}
	return bh.Installation{}, bh.Errorf(bh.ENOTFOUND, "The app is not installed in that workspace.")
}

func (d *deletions) DeleteTeam(_ context.Context, team string) (bh.Deleted, error) {
	d.deleted = append(d.deleted, team)
	return bh.Deleted{Families: 1, Notes: 3, Plans: 1, Settings: 1, Installations: len(d.installs), Rows: 9}, nil
}

// deleteWorld is a bot on the fake Slack with only /babyhandoff wired.
type deleteWorld struct {
	fake   *slacktest.Server
	clock  *clocktest.Clock
	store  *deletions
	td     *teamData
	forgot []string
}

func newDeleteWorld(t *testing.T, oauth bool) *deleteWorld {
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	w := &deleteWorld{fake: fake, clock: clocktest.New(time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)), store: &deletions{}}
	cfg := Config{Now: w.clock.Now, HTTPClient: http.DefaultClient, InstallURL: "https://bot.example.org/slack/install",
		Uninstalled: func(_ context.Context, team string) error { w.forgot = append(w.forgot, team); return nil }}
	if oauth {
		cfg.Teams = teamTokens{}
		w.store.installs = map[string]bh.Installation{"T1": {TeamID: "T1", InstallerID: "UINST"}}
	}
	b := &Bot{cfg: cfg, log: slog.New(slog.DiscardHandler), api: slack.New(fake.Config().BotToken, slack.OptionAPIURL(fake.APIURL()))}
	w.td = &teamData{b: b, store: w.store}
	fake.SetUser(slacktest.User{ID: "UADMIN", IsAdmin: true})
	fake.SetUser(slacktest.User{ID: "UOWNER", IsOwner: true})
	fake.SetUser(slacktest.User{ID: "UPARENT"})
	return w
}

// said is the last private message to user, with its buttons' values.
func (w *deleteWorld) said(t *testing.T, user string) (text string, values map[string]string) {
	t.Helper()
	var last *slack.Msg
	for _, c := range w.fake.Calls("chat.postEphemeral") {
		if c.Form.Get("user") == user {
			last = &slack.Msg{Text: c.Form.Get("text")}
			values = map[string]string{}
			var bl slack.Blocks
			require.NoError(t, bl.UnmarshalJSON([]byte(c.Form.Get("blocks"))))
			for _, b := range bl.BlockSet {
				if a, ok := b.(*slack.ActionBlock); ok {
					for _, e := range a.Elements.ElementSet {
						if btn, ok := e.(*slack.ButtonBlockElement); ok {
							values[btn.ActionID] = btn.Value
						}
					}
				}
			}
		}
	}
	require.NotNil(t, last, "nothing said to %s", user)
	return last.Text, values
}

func (w *deleteWorld) press(user, value string) {
	cb := slack.InteractionCallback{Team: slack.Team{ID: "T1"}, User: slack.User{ID: user}, Channel: slack.Channel{GroupConversation: slack.GroupConversation{Conversation: slack.Conversation{ID: "D1"}}},
		ResponseURL: w.fake.ResponseURL(user)}
	w.td.confirm(context.Background(), cb, &slack.BlockAction{ActionID: blocks.ActionDeleteDataConfirm, Value: value})
}

func (w *deleteWorld) answered(t *testing.T) string {
	t.Helper()
	calls := w.fake.Calls("response_url")
	require.NotEmpty(t, calls)
	last := calls[len(calls)-1]
	assert.Equal(t, true, last.JSON["replace_original"], "the question is replaced")
	return last.JSON["text"].(string)
}

// Only the installer (installs by OAuth), or on one token a workspace
// admin or owner, is asked to confirm; anyone else is told who can.
func TestDeleteMyDataIsForTheInstallerOrAnAdmin(t *testing.T) {
	for _, c := range []struct {
		name   string
		oauth  bool
		user   string
		asked  bool
		refusd string
	}{
		{"one token: an admin", false, "UADMIN", true, ""},
		{"one token: an owner", false, "UOWNER", true, ""},
		{"one token: a parent who is neither", false, "UPARENT", false, "Only a workspace admin or owner can delete"},
		{"OAuth: the installer", true, "UINST", true, ""},
		{"OAuth: an admin who did not install it", true, "UADMIN", false, "Only the person who installed BabyHandoff in this workspace, <@UINST>, can"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newDeleteWorld(t, c.oauth)
			w.td.command(context.Background(), slack.SlashCommand{TeamID: "T1", ChannelID: "D1", UserID: c.user, Command: "/babyhandoff", Text: "delete-my-data"})
			text, values := w.said(t, c.user)
			if !c.asked {
				assert.Contains(t, text, c.refusd)
				assert.Contains(t, text, "Nothing was deleted")
				assert.Empty(t, values, "no button")
				// A button made for them anyway does nothing.
				w.press(c.user, "T1|"+c.user+"|"+strconv.FormatInt(w.clock.Now().Unix(), 10))
				assert.Empty(t, w.store.deleted)
				return
			}
			assert.Contains(t, text, "Delete all of BabyHandoff's data for this workspace?")
			require.Contains(t, values, blocks.ActionDeleteDataConfirm)
			require.Contains(t, values, blocks.ActionDeleteDataCancel)
			w.clock.Advance(time.Minute)
			w.press(c.user, values[blocks.ActionDeleteDataConfirm])
			assert.Equal(t, []string{"T1"}, w.store.deleted)
			assert.Contains(t, w.answered(t), "Deleted: 1 family, 3 notes, 1 plan, 0 handoffs")
			assert.Equal(t, []string{"T1"}, w.forgot, "the cached token is forgotten")
		})
	}
}

// A button whose value names another team or person, is garbled, or is
// older than a quarter of an hour deletes nothing and says so.
func TestDeleteMyDataRefusesAForgedOrStaleButton(t *testing.T) {
	w := newDeleteWorld(t, false)
	w.td.command(context.Background(), slack.SlashCommand{TeamID: "T1", ChannelID: "D1", UserID: "UADMIN", Command: "/babyhandoff", Text: "delete-my-data"})
	_, values := w.said(t, "UADMIN")
	good := values[blocks.ActionDeleteDataConfirm]
	now := strconv.FormatInt(w.clock.Now().Unix(), 10)
	for _, v := range []string{"T2|UADMIN|" + now, "T1|UOWNER|" + now, "garbage", "T1|UADMIN|", "T1|UADMIN|" + strconv.FormatInt(w.clock.Now().Add(time.Hour).Unix(), 10)} {
		w.press("UADMIN", v)
		assert.Contains(t, w.answered(t), "nothing was deleted", v)
	}
	w.clock.Advance(deleteAskFor + time.Second)
	w.press("UADMIN", good)
	assert.Contains(t, w.answered(t), "out of date", "stale")
	assert.Empty(t, w.store.deleted)
}

// /babyhandoff alone, or with words it does not know, answers with what
// it does.
func TestBabyhandoffCommandHelps(t *testing.T) {
	w := newDeleteWorld(t, false)
	for _, text := range []string{"", "help", "erase everything"} {
		w.td.command(context.Background(), slack.SlashCommand{TeamID: "T1", ChannelID: "D1", UserID: "UPARENT", Command: "/babyhandoff", Text: text})
		said, _ := w.said(t, "UPARENT")
		assert.Contains(t, said, "`/babyhandoff delete-my-data` deletes all", text)
		assert.Equal(t, strings.HasPrefix(text, "erase"), strings.Contains(said, "I don't know `/babyhandoff erase everything`"), text)
	}
	assert.Empty(t, w.store.deleted)
}
