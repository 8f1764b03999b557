package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

func (h *harness) homeOpened(user, hash string) string {
	h.t.Helper()
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_events_api_app_home_opened.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team_id"] = h.team
		ev := p["event"].(map[string]any)
		ev["user"], ev["channel"], ev["tab"] = user, "D"+user, "home"
		if hash != "" {
			ev["view"] = map[string]any{"id": "V1", "type": "home", "hash": hash}
		} else {
			delete(ev, "view")
		}
		p["event_id"] = "EvHOME" + hash
	})
	require.NoError(h.t, err)
	return id
}

func TestE2EAppHome(t *testing.T) {
	h := start(t)
	h.ack(h.homeOpened("U1", ""))
	pub, err := h.fake.WaitCall(h.ctx(), "views.publish", nil)
	require.NoError(t, err)
	assert.Equal(t, "U1", pub.JSON["user_id"])
	v, ok := h.fake.HomeView("U1")
	require.True(t, ok)
	assert.Contains(t, string(v.JSON), "Your notes* · none yet")

	// A stale hash: Slack answers hash_conflict and the bot publishes the
	// fresh state again.
	h.ack(h.homeOpened("U1", "stale-hash"))
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool { return c.JSON["hash"] == nil && len(h.fake.Calls("views.publish")) >= 3 })
	require.NoError(t, err, "log:\n%s", h.stderr.String())

	// A note in the DM changes the shift: Home follows.
	h.ack(h.message("DU1", "im", "U1", "call grandma about the weekend", "1700000100.000100", nil))
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		raw, _ := json.Marshal(c.JSON["view"])
		return strings.Contains(string(raw), "Your notes* · 1")
	})
	require.NoError(t, err, "Home shows the new note")

	// Load sample from Home plans in the person's own DM and updates Home.
	h.ack(h.homeClick("U1", v.ID, "home_sample_actions", "home_load_sample", "sample"))
	card := h.waitCard("DU1", "Sample · v1 · ")
	assert.NotEmpty(t, card.runID)
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		raw, _ := json.Marshal(c.JSON["view"])
		return strings.Contains(string(raw), "Latest: Sample · v1")
	})
	require.NoError(t, err, "Home shows the sample and its plan, apart")
	hv, _ := h.fake.HomeView("U1")
	assert.Contains(t, string(hv.JSON), "Your notes* · 1", "the sample is not among the person's notes")
	assert.Contains(t, string(hv.JSON), "Sample* · the PRD's 6 example notes")

	// Clear sample: gone from Home; the person's own note stays.
	h.ack(h.homeClick("U1", v.ID, "home_sample", "home_clear_sample", "clear"))
	h.ephemeral("DU1", "U1", "Sample cleared (6 notes)")
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		raw, _ := json.Marshal(c.JSON["view"])
		return !strings.Contains(string(raw), `"home_sample"`) && strings.Contains(string(raw), "Your notes* · 1")
	})
	require.NoError(t, err, "log:\n%s", h.stderr.String())
}

// homeClick presses a button on a person's App Home.
func (h *harness) homeClick(user, viewID, blockID, actionID, value string) string {
	h.t.Helper()
	return h.homeAction(user, viewID, map[string]any{"type": "button", "action_id": actionID, "block_id": blockID, "value": value, "action_ts": "1.1"})
}

// homeSelect chooses option value in App Home's select actionID.
func (h *harness) homeSelect(user, blockID, actionID, value string) string {
	h.t.Helper()
	return h.homeAction(user, "VHOME", map[string]any{"type": "static_select", "action_id": actionID, "block_id": blockID, "action_ts": "1.1",
		"selected_option": map[string]any{"value": value, "text": map[string]any{"type": "plain_text", "text": value}}})
}

// homeAction sends one action from a person's App Home view.
func (h *harness) homeAction(user, viewID string, action map[string]any) string {
	h.t.Helper()
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_interactive_block_actions_button_in_message.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team"] = map[string]any{"id": h.team}
		p["user"] = map[string]any{"id": user}
		delete(p, "channel")
		delete(p, "message")
		p["container"] = map[string]any{"type": "view", "view_id": viewID}
		p["view"] = map[string]any{"id": viewID, "type": "home"}
		p["actions"] = []any{action}
	})
	require.NoError(h.t, err)
	return id
}

// Slack answering conversations.open with ok but no channel is bad input:
// App Home is still published (without the DM's notes), a line is logged,
// nothing panics. It used to dereference the missing channel.
func TestE2EAppHomeWhenSlackNamesNoDM(t *testing.T) {
	h := start(t)
	h.fake.FailNext("conversations.open", slacktest.Failure{Body: map[string]any{"ok": true}})
	h.ack(h.homeOpened("U1", ""))
	_, err := h.fake.WaitCall(h.ctx(), "views.publish", nil)
	require.NoError(t, err, "log:\n%s", h.stderr.String())
	assert.Contains(t, h.stderr.String(), "answered ok without a channel")
	assert.NotContains(t, h.stderr.String(), "panicked")
}

// App Home lists the open items with their Done: pressed there, the item is
// done in the person's DM conversation and leaves Home.
func TestE2EDoneFromAppHome(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.note("DU1", "U1", "out of formula", tsAt(at, 1))
	h.ack(h.homeOpened("U1", ""))
	var noteID string
	_, err := h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		raw, _ := json.Marshal(c.JSON["view"])
		var v struct {
			Blocks []accessory `json:"blocks"`
		}
		_ = json.Unmarshal(raw, &v)
		for _, b := range v.Blocks {
			if strings.HasPrefix(b.BlockID, blocks.BlockHomeOpen) && b.Accessory.ActionID == blocks.ActionRadarDone {
				noteID = b.Accessory.Value
			}
		}
		return noteID != ""
	})
	require.NoError(t, err, "Home lists the open item with Done; log:\n%s", h.stderr.String())
	h.ack(h.homeClick("U1", "V1", blocks.BlockHomeOpen+noteID, blocks.ActionRadarDone, noteID))
	h.ephemeral("DU1", "U1", "Done: out of formula")
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		raw, _ := json.Marshal(c.JSON["view"])
		return !strings.Contains(string(raw), blocks.BlockHomeOpen)
	})
	require.NoError(t, err, "done items leave Home")
	notes := h.notes("DU1", false)
	require.Len(t, notes, 1)
	assert.True(t, notes[0].Done())
	assert.Equal(t, "U1", notes[0].DoneBy.User)
}
