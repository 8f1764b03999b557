package main

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// command sends user's slash command as Slack does over Socket Mode.
func (h *harness) command(user, command, text string) {
	h.t.Helper()
	env, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_slash_commands_python_sdk_mock.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team_id"], p["channel_id"], p["user_id"], p["command"], p["text"] = h.team, "D1", user, command, text
		p["response_url"] = h.fake.ResponseURL("command-" + user)
	})
	require.NoError(h.t, err)
	h.ack(env)
}

// privately waits for the bot's private message to user that says what.
func (h *harness) privately(user, what string) slacktest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Ephemeral && m.EphemeralUser == user && strings.Contains(m.Text, what)
	})
	require.NoError(h.t, err, "nothing said to %s with %q; log:\n%s", user, what, h.stderr.String())
	return m
}

// deleteMyData has user (an admin, on one token) ask /babyhandoff
// delete-my-data and press the red button; check, when set, sees the
// question and its button first. It returns the answer, once the data is
// deleted.
func (h *harness) deleteMyData(user string, check func(ask slacktest.Message, del button)) slacktest.Call {
	h.t.Helper()
	h.command(user, "/babyhandoff", "delete-my-data")
	ask := h.privately(user, "Delete all of BabyHandoff's data for this workspace?")
	var del button
	for _, b := range buttons(h.t, ask.Blocks) {
		if b.ActionID == blocks.ActionDeleteDataConfirm {
			del = b
		}
	}
	require.NotEmpty(h.t, del.Value, "the red button")
	if check != nil {
		check(ask, del)
	}
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_interactive_block_actions_button_in_message.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team"] = map[string]any{"id": h.team, "domain": "fake"}
		p["user"] = map[string]any{"id": user, "username": "admin", "team_id": h.team}
		p["channel"] = map[string]any{"id": "D1", "name": "x"}
		p["container"] = map[string]any{"type": "message", "message_ts": ask.TS, "channel_id": "D1", "is_ephemeral": true}
		p["response_url"] = h.fake.ResponseURL("delete")
		p["actions"] = []any{map[string]any{"type": "button", "action_id": del.ActionID, "block_id": "delete_data", "value": del.Value, "action_ts": "1.1"}}
	})
	require.NoError(h.t, err)
	h.ack(id)
	done, err := h.fake.WaitCall(h.ctx(), "response_url", func(c slacktest.Call) bool {
		return strings.HasPrefix(c.JSON["text"].(string), "Deleted:")
	})
	require.NoError(h.t, err, "log:\n%s", h.stderr.String())
	return done
}

// A self-hosted bot on one token: a parent who is not a workspace admin
// is refused; an admin asks, confirms the red button, and every note,
// family and radar record of the workspace is gone, said with the counts;
// a note after that starts a family afresh.
func TestE2EDeleteMyDataByAWorkspaceAdmin(t *testing.T) {
	h := start(t)
	h.fake.SetUser(slacktest.User{ID: "UADMIN", IsAdmin: true})
	h.fake.SetUser(slacktest.User{ID: "UPARENT"})
	h.note("D1", "UADMIN", "deadline: daycare form due tomorrow 5pm", "1700000000.000100")
	h.note("D1", "UADMIN", "out of formula", "1700000000.000200")

	h.command("UPARENT", "/babyhandoff", "delete-my-data")
	refused := h.privately("UPARENT", "Only a workspace admin or owner can delete")
	assert.Contains(t, refused.Text, "Nothing was deleted")

	done := h.deleteMyData("UADMIN", func(ask slacktest.Message, del button) {
		assert.Equal(t, "danger", del.Style)
		assert.Contains(t, string(ask.Blocks), `"confirm"`, "Slack asks once more")
	})
	assert.Contains(t, done.JSON["text"], "Deleted: 1 family, 2 notes, 0 plans, 0 handoffs")
	assert.Contains(t, done.JSON["text"], "The messages I posted stay in Slack")
	assert.Equal(t, true, done.JSON["replace_original"])

	// A note after it starts afresh.
	h.note("D1", "UADMIN", "pump at 3pm", "1700000100.000100")
	notes := h.notes("D1", true)
	require.Len(t, notes, 1, "only the note written after")
	assert.Equal(t, "pump at 3pm", notes[0].RawText)

	db := openTestDB(t, h.dir)
	defer db.Close(context.Background())
	rows, err := db.(interface {
		TeamRows(ctx context.Context, teamID string) (map[string]int, error)
	}).TeamRows(context.Background(), h.team)
	require.NoError(t, err)
	for table, n := range rows {
		switch table {
		case "shifts", "notes", "conversations", "members":
			assert.LessOrEqual(t, n, 1, "%s: the new note's", table)
		case "shift_states", "events", "slack_events", "radar_settings", "people":
			// The radar's look at the new note, and its event ids.
		default:
			assert.Zero(t, n, "%s", table)
		}
	}
	assert.NotContains(t, h.stderr.String(), "bot: delete-my-data", "nothing of it failed")
}

// A /plan under way when the workspace's data is deleted: it had read the
// family's notes, its progress message hung in Slack, and the admin
// deleted everything meanwhile. Its run is refused by the store, so
// nothing of it (the run, its details with the notes' words, its files)
// comes back, and the person reads that the plan was not saved.
func TestE2EAPlanUnderWayWhenTheDataIsDeletedKeepsNothing(t *testing.T) {
	h := start(t)
	h.fake.SetUser(slacktest.User{ID: "UADMIN", IsAdmin: true})
	// Notes the radar says nothing of: the one message the test holds is
	// the plan's.
	h.note("D1", "UADMIN", "nap 45 min", "1700000000.000100")
	h.note("D1", "UADMIN", "task: call the pediatrician", "1700000000.000200")

	arrived, hold := make(chan string, 1), make(chan struct{})
	h.fake.FailNext("chat.postMessage", slacktest.Failure{Arrived: arrived, Hold: hold})
	h.ack(h.slash("/plan", "", "D1", "UADMIN"))
	select {
	case <-arrived: // the notes are read; the plan's message hangs
	case <-h.ctx().Done():
		t.Fatalf("the plan never posted its progress; log:\n%s", h.stderr.String())
	}
	done := h.deleteMyData("UADMIN", nil)
	assert.Contains(t, done.JSON["text"], "Deleted: 1 family, 2 notes, 0 plans")
	close(hold)

	told, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "D1" && strings.Contains(m.Text, "This plan was not saved")
	})
	require.NoError(t, err, "log:\n%s", h.stderr.String())
	assert.Contains(t, told.Text, "deleted while it was being made")
	assert.Empty(t, h.fake.Files(), "no file of the deleted notes")

	db := openTestDB(t, h.dir)
	defer db.Close(context.Background())
	rows, err := db.(interface {
		TeamRows(ctx context.Context, teamID string) (map[string]int, error)
	}).TeamRows(context.Background(), h.team)
	require.NoError(t, err)
	for table, n := range rows {
		assert.Zero(t, n, "a row of the deleted workspace came back in %s", table)
	}
	assert.Contains(t, h.stderr.String(), "nothing saved", "one line says why")
	assert.NotContains(t, h.stderr.String(), "level=ERROR", "nothing failed")
}

// Installs by OAuth: only the workspace's installer may delete its data;
// once they confirm, its tokens are gone with it, and the next event from
// the workspace is ignored as an uninstalled one's.
func TestE2EDeleteMyDataByTheInstallerDropsTheTokens(t *testing.T) {
	a := startOAuth(t)
	g := slacktest.Grant{Code: "code-d", TeamID: "TD", TeamName: "The Diazes", BotUserID: "UBOTD", InstallerID: "UD1", Scope: "chat:write,im:history",
		BotToken: "xoxb-team-d-secret-token", RefreshToken: "xoxe-1-team-d-refresh", ExpiresIn: 43200}
	status, page := a.addToSlack(g)
	require.Equal(t, http.StatusOK, status, page)
	require.Equal(t, http.StatusOK, a.dmNote("TD", "DTD", "UD1", "out of formula", "1700000000.000100").Status)
	a.replyTo("DTD", "1700000000.000100")

	slash := func(user string) {
		resp, err := a.fake.PostCommand(a.ctx(), url.Values{"team_id": {"TD"}, "command": {"/babyhandoff"}, "text": {"delete-my-data"},
			"channel_id": {"DTD"}, "user_id": {user}, "user_name": {"parent"}}, slacktest.HTTPOptions{})
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.Status)
	}
	slash("UD2")
	a.privately("UD2", "Only the person who installed BabyHandoff in this workspace, <@UD1>, can delete its data")
	slash("UD1")
	ask := a.privately("UD1", "Delete all of BabyHandoff's data for this workspace?")
	assert.Contains(t, string(ask.Blocks), "installation (its tokens)")
	var value string
	for _, b := range buttons(t, ask.Blocks) {
		if b.ActionID == blocks.ActionDeleteDataConfirm {
			value = b.Value
		}
	}
	resp, err := a.fake.PostInteraction(a.ctx(), map[string]any{"type": "block_actions", "team": map[string]any{"id": "TD"}, "user": map[string]any{"id": "UD1"},
		"channel": map[string]any{"id": "DTD"}, "container": map[string]any{"type": "message", "message_ts": ask.TS, "channel_id": "DTD", "is_ephemeral": true},
		"response_url": a.fake.ResponseURL("delete-td"), "trigger_id": "1.2",
		"actions": []any{map[string]any{"type": "button", "action_id": blocks.ActionDeleteDataConfirm, "block_id": "delete_data", "value": value, "action_ts": "1.1"}}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	done, err := a.fake.WaitCall(a.ctx(), "response_url", func(c slacktest.Call) bool { return strings.HasPrefix(c.JSON["text"].(string), "Deleted:") })
	require.NoError(t, err, "log:\n%s", a.stderr.String())
	assert.Contains(t, done.JSON["text"], "1 note")
	assert.Contains(t, done.JSON["text"], "the installation and its tokens")
	assert.Contains(t, done.JSON["text"], "https://bot.example.org/slack/install")

	_, err = dbOf(a.main).(installStore).Installation(a.ctx(), "TD")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "its tokens are gone")
	posts := len(a.fake.Calls("chat.postMessage"))
	assert.Equal(t, http.StatusOK, a.dmNote("TD", "DTD", "UD1", "pump at 3pm", "1700000200.000100").Status)
	assert.Contains(t, a.stderr.String(), "not installed in; ignored", "the next event is an uninstalled workspace's")
	assert.Equal(t, posts, len(a.fake.Calls("chat.postMessage")), "nothing answered")
	assert.NotContains(t, a.stderr.String(), g.BotToken)
}
