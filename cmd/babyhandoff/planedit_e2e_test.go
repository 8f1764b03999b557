package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// cardMenu chooses option of a card's ⋯.
func (h *harness) cardMenu(channel string, card cardView, user, option string) string {
	h.t.Helper()
	return h.cardAction(channel, card.ts, user, map[string]any{"type": "overflow", "action_id": blocks.ActionCardMore, "block_id": blocks.CardActionsPrefix + card.runID,
		"action_ts": "1.1", "selected_option": map[string]any{"value": option, "text": map[string]any{"type": "plain_text", "text": option}}})
}

// openView is a modal the bot opened or showed again: its id and what it
// shows.
type openView struct {
	id, callback, metadata string
	raw                    string
}

// viewWith waits until a view with callback shows s, and returns it.
func (h *harness) viewWith(callback, s string) openView {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, v := range h.fake.Views() {
			var m struct {
				CallbackID      string `json:"callback_id"`
				PrivateMetadata string `json:"private_metadata"`
			}
			_ = json.Unmarshal(v.JSON, &m)
			if m.CallbackID == callback && strings.Contains(string(v.JSON), s) {
				return openView{id: v.ID, callback: callback, metadata: m.PrivateMetadata, raw: string(v.JSON)}
			}
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no %s view with %q; log:\n%s", callback, s, h.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// viewAction sends one action from a modal.
func (h *harness) viewAction(user string, v openView, action map[string]any) string {
	h.t.Helper()
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_interactive_block_actions_button_in_message.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team"] = map[string]any{"id": h.team}
		p["user"] = map[string]any{"id": user}
		delete(p, "channel")
		delete(p, "message")
		p["container"] = map[string]any{"type": "view", "view_id": v.id}
		p["view"] = map[string]any{"id": v.id, "type": "modal", "callback_id": v.callback, "private_metadata": v.metadata}
		p["actions"] = []any{action}
	})
	require.NoError(h.t, err)
	return id
}

// editorAt picks option of block i's ⋯ in the edit form v.
func (h *harness) editMenu(user string, v openView, i int, option string) string {
	h.t.Helper()
	return h.viewAction(user, v, map[string]any{"type": "overflow", "action_id": blocks.ActionEditBlock, "block_id": blocks.EditBlockPrefix + itoa(i), "action_ts": "1.1",
		"selected_option": map[string]any{"value": option, "text": map[string]any{"type": "plain_text", "text": option}}})
}

// editMoveTo picks a time for block i in the edit form v.
func (h *harness) editMoveTo(user string, v openView, i int, hhmm string) string {
	h.t.Helper()
	return h.viewAction(user, v, map[string]any{"type": "timepicker", "action_id": blocks.ActionEditMoveTo, "block_id": blocks.EditMorePrefix + itoa(i), "action_ts": "1.1",
		"selected_time": hhmm})
}

// editDrop presses Drop under block i in the edit form v.
func (h *harness) editDrop(user string, v openView, i int) string {
	h.t.Helper()
	return h.viewAction(user, v, map[string]any{"type": "button", "action_id": blocks.ActionEditDrop, "block_id": blocks.EditMorePrefix + itoa(i), "action_ts": "1.1",
		"value": itoa(i), "text": map[string]any{"type": "plain_text", "text": "Drop"}})
}

// blockIndex is the index of the block of form v whose line has title.
func (h *harness) blockIndex(v openView, title string) int {
	h.t.Helper()
	var view struct {
		Blocks []struct {
			BlockID string `json:"block_id"`
			Text    struct {
				Text string `json:"text"`
			} `json:"text"`
		} `json:"blocks"`
	}
	require.NoError(h.t, json.Unmarshal([]byte(v.raw), &view))
	for _, b := range view.Blocks {
		if i, ok := blocks.EditIndex(b.BlockID, 1000); ok && strings.HasPrefix(b.BlockID, blocks.EditBlockPrefix) && strings.Contains(b.Text.Text, title) {
			return i
		}
	}
	h.t.Fatalf("no block %q in %s", title, v.raw)
	return -1
}

// cardAt waits for the card at ts to show plan version prefix, and checks
// it is still one phone screen.
func (h *harness) cardAt(channel, ts, prefix string) cardView {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == channel && m.TS == ts && strings.HasPrefix(titleOf(m), prefix)
	})
	require.NoError(h.t, err, "the card at %s never showed %q; log:\n%s", ts, prefix, h.stderr.String())
	var bl slack.Blocks
	require.NoError(h.t, json.Unmarshal(m.Blocks, &bl))
	assert.LessOrEqual(h.t, blocks.Height(bl.BlockSet), blocks.MaxCard, "the card stays one screen")
	return cardView{ts: m.TS, title: titleOf(m), text: m.Text, raw: m.Blocks, runID: cardRunID(m.Blocks)}
}

// Edit the plan from its card: move a block to a time, drop one, Undo,
// a refused edit (past a deadline) said privately and changing nothing,
// an edit made on an older version (applied when it still fits, refused
// with what changed when not), and Versions… → use v1. Each change is a
// new version on the same card, with one line in the thread.
func TestE2EEditThePlanFromTheCard(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.note("DU1", "U1", "daycare form due today 2pm", tsAt(clock.Now(), 2))
	h.note("DU1", "U1", "task: call the insurance company", tsAt(clock.Now(), 3))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")

	// Edit plan… (the card's ⋯): the blocks, each with its ⋯.
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form1 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	require.Contains(t, form1.raw, "10:45\\u003e–")
	require.Contains(t, form1.raw, "daycare form")

	// Move the form to noon (block 1): v2 on the same card, with Undo;
	// the thread says what changed; the form shows v2.
	h.ack(h.editMoveTo("U1", form1, h.blockIndex(form1, "daycare form"), "12:00"))
	v2 := h.cardAt("DU1", v1.ts, "v2 · ")
	assert.Contains(t, string(v2.raw), "edit of v1 by \\u003c@U1\\u003e: moved “daycare form” to")
	assert.Contains(t, string(v2.raw), blocks.ActionEditUndo)
	h.inThread("DU1", v1.ts, "v1 → v2")
	// A what-if of it would plan again from the notes: the Energy menu
	// asks first.
	assert.Contains(t, string(v2.raw), "v2 has edits made by hand. A what-if plans again from your notes: the edits are not kept")
	form2 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v2")
	// Its files follow: handoff.md has the form at noon.
	h.ack(h.click("DU1", v2.ts, "U1", "card_download", v2.runID))
	f := waitFile(t, h, "handoff-v2.md")
	assert.Contains(t, string(f.Content), "12:00")
	waitFile(t, h, "plan-v2.ics")
	// The edit's diff is in the thread, as a what-if's is.
	diff := waitFile(t, h, "handoff-v1-to-v2.diff.md")
	assert.Contains(t, string(diff.Content), "daycare form")

	// Drop the errand (block 0): v3; it waits for later now.
	h.ack(h.editDrop("U1", form2, h.blockIndex(form2, "buy wipes")))
	v3 := h.cardAt("DU1", v1.ts, "v3 · ")
	assert.Contains(t, string(v3.raw), "dropped “Errand run: buy wipes”")
	assert.Contains(t, string(v3.raw), "*Later*")
	h.inThread("DU1", v1.ts, "v2 → v3")

	// Undo (within the minute): v2's plan again, as v4.
	clock.Advance(30 * time.Second)
	h.ack(h.click("DU1", v1.ts, "U1", blocks.ActionEditUndo, v3.runID))
	v4 := h.cardAt("DU1", v1.ts, "v4 · ")
	assert.Contains(t, string(v4.raw), "back to v2's plan (undo of v3)")
	assert.NotContains(t, string(v4.raw), blocks.ActionEditUndo)
	h.inThread("DU1", v1.ts, "v3 → v4")
	// Undo once more, too late: said privately.
	clock.Advance(2 * time.Minute)
	h.ack(h.click("DU1", v1.ts, "U1", blocks.ActionEditUndo, v3.runID))
	h.ephemeral("DU1", "U1", "Undo lasts a minute")

	// A refused edit: the form past its 2 PM deadline. Private, and
	// nothing changes.
	h.ack(h.cardMenu("DU1", v4, "U1", blocks.ActionEditPlan))
	form4 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v4")
	h.ack(h.editMoveTo("U1", form4, h.blockIndex(form4, "daycare form"), "14:00"))
	h.ephemeral("DU1", "U1", "after it is due at 14:00")
	still := h.cardAt("DU1", v1.ts, "v4 · ")
	assert.Equal(t, v4.raw, still.raw, "the refused edit changed nothing")

	// Drop the errand again (v5), then an edit on v4's form of that
	// errand: it is gone, so it is refused with what changed.
	h.ack(h.editDrop("U1", form4, h.blockIndex(form4, "buy wipes")))
	v5 := h.cardAt("DU1", v1.ts, "v5 · ")
	// The card says when the edit was made (v1's plan was made at 10:00,
	// and the plan keeps its window).
	assert.Contains(t, string(v5.raw), "\"edited \\u003c!date^"+itoa(int(clock.Now().Unix()))+"^")
	assert.Equal(t, "v5 · next 12h", v5.title[:len("v5 · next 12h")], "the window stays v1's")
	h.ack(h.editMenu("U1", form4, h.blockIndex(form4, "buy wipes"), blocks.EditLater))
	h.ephemeral("DU1", "U1", "The plan changed since you opened it: it is v5 now (dropped “Errand run: buy wipes”)")
	// One made on v1's form that still fits is applied to v5: v6.
	h.ack(h.editMenu("U1", form1, h.blockIndex(form1, "Rest / nap"), blocks.EditEarlier))
	v6 := h.cardAt("DU1", v1.ts, "v6 · ")
	assert.Contains(t, string(v6.raw), "edit of v5")

	// Add to plan…: the call that waits goes where it first fits (v7).
	form6 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v6")
	var add struct {
		Blocks []struct {
			BlockID   string `json:"block_id"`
			Accessory struct {
				Options []struct {
					Value string `json:"value"`
					Text  struct {
						Text string `json:"text"`
					} `json:"text"`
				} `json:"options"`
			} `json:"accessory"`
		} `json:"blocks"`
	}
	require.NoError(t, json.Unmarshal([]byte(form6.raw), &add))
	callID := ""
	for _, b := range add.Blocks {
		for _, o := range b.Accessory.Options {
			if b.BlockID == "plan_add" && strings.Contains(o.Text.Text, "insurance") {
				callID = o.Value
			}
		}
	}
	require.NotEmpty(t, callID, "the call waits: %s", form6.raw)
	h.ack(h.viewAction("U1", form6, map[string]any{"type": "static_select", "action_id": blocks.ActionEditAdd, "block_id": "plan_add", "action_ts": "1.1",
		"selected_option": map[string]any{"value": callID, "text": map[string]any{"type": "plain_text", "text": "call"}}}))
	v7 := h.cardAt("DU1", v1.ts, "v7 · ")
	assert.Contains(t, string(v7.raw), "added “call the insurance company” at")

	// Versions…: who made each and why; Use this version on v1 makes it
	// current as v7, pointing back.
	h.ack(h.cardMenu("DU1", v7, "U1", blocks.ActionVersions))
	vers := h.viewWith(blocks.CallbackVersions, "*v7*")
	assert.Contains(t, vers.raw, "*v1* · plan by \\u003c@U1\\u003e")
	assert.Contains(t, vers.raw, "*v4* · version brought back")
	h.ack(h.viewAction("U1", vers, map[string]any{"type": "button", "action_id": blocks.ActionUseVersion, "block_id": "plan_version:1", "value": v1.runID, "action_ts": "1.1",
		"text": map[string]any{"type": "plain_text", "text": "Use this version"}}))
	v8 := h.cardAt("DU1", v1.ts, "v8 · ")
	assert.Contains(t, string(v8.raw), "back to v1's plan")
	assert.Contains(t, string(v8.raw), "buy wipes")
	h.inThread("DU1", v1.ts, "v7 → v8")
	h.viewWith(blocks.CallbackVersions, "*v8*")

	// A forged block index and someone outside the family: refused.
	form7 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v7")
	h.ack(h.editMenu("U1", form7, 99, blocks.EditLater))
	h.ephemeral("DU1", "U1", "does not name a block of this plan")
	h.ack(h.editMenu("U9", form7, 0, blocks.EditLater))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Ephemeral && strings.Contains(m.Text, "not in its family") || m.Channel != "DU1" && strings.Contains(m.Text, "not in its family")
	})
	require.NoError(t, err, "refused to someone outside; log:\n%s", h.stderr.String())
	last := h.cardAt("DU1", v1.ts, "v8 · ")
	assert.Equal(t, v8.raw, last.raw, "nothing changed")

	// Replay makes an edit, an undo and a version brought back again from
	// their parents, byte for byte.
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	for _, id := range []string{v2.runID, v4.runID, v6.runID, v7.runID, v8.runID} {
		var out, errOut syncBuffer
		require.Equal(t, 0, run(h.ctx(), []string{"replay", id}, &out, &errOut), "stderr:\n%s", errOut.String())
		assert.Contains(t, out.String(), "replay matches")
	}
}

// The sample's plan is its asker's to try edits on: nobody's family.
func TestE2EEditTheSamplePlan(t *testing.T) {
	h := start(t, atPlanTime)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.ack(h.slash("/plan", "sample", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	h.ack(h.editDrop("U1", form, h.blockIndex(form, "Rest / nap")))
	v2 := h.cardAt("DU1", v1.ts, "Sample · v2 · ")
	assert.Contains(t, string(v2.raw), "dropped “Rest / nap window")
	h.ack(h.editDrop("U9", form, 0))
	h.ephemeral("DU1", "U9", "not in its family")
}

// Two edits at once from the same form: one is made; the other, made on
// the version before it, no longer fits (its block is gone) and is
// refused, naming the version it would have changed; one new version.
func TestE2ETwoEditsAtOnce(t *testing.T) {
	h := start(t, clockAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	i := h.blockIndex(form, "buy wipes")
	a, b := h.editDrop("U1", form, i), h.editDrop("U1", form, i)
	h.ack(a)
	h.ack(b)
	h.ephemeral("DU1", "U1", "The plan changed since you opened it: it is v2 now (dropped “Errand run: buy wipes”)")
	h.cardAt("DU1", v1.ts, "v2 · ")
	h.viewWith(blocks.CallbackEditPlan, "Edit plan v2")
	for _, m := range h.fake.Messages("DU1") {
		assert.NotContains(t, m.Text, "v3", "one new version only")
	}
}

// An edit holds the plan only while it is saved: while Slack is slow to
// take the edited card, a /plan is made, not told a plan is being made.
func TestE2EAnEditHoldsNothingWhileSlackIsSlow(t *testing.T) {
	h := start(t, clockAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")

	arrived, release := make(chan string, 1), make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free)
	h.fake.FailNext("chat.update", slacktest.Failure{Arrived: arrived, Hold: release})
	h.ack(h.editDrop("U1", form, h.blockIndex(form, "buy wipes")))
	select {
	case <-arrived:
	case <-h.ctx().Done():
		t.Fatalf("the edited card was never sent; log:\n%s", h.stderr.String())
	}
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v3 := h.waitCard("DU1", "v3 · ")
	free()
	h.cardAt("DU1", v1.ts, "v2 · ")
	for _, m := range h.fake.Messages("DU1") {
		assert.NotContains(t, m.Text, "already planning", "the /plan was made")
	}
	assert.NotEqual(t, v1.ts, v3.ts)
}

// What goes wrong around an edit is told with a ref that finds its log
// lines: the form Slack would not open, and an edit saved whose card
// Slack would not update (the version stands, and the person is told).
func TestE2EEditFailuresCarryTheirRef(t *testing.T) {
	h := start(t, clockAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	story := func(m slacktest.Message, line string) {
		t.Helper()
		ref := refRE.FindStringSubmatch(m.Text)
		require.Len(t, ref, 2, "the message names its ref: %s", m.Text)
		assert.Contains(t, strings.Join(linesWith(h.stderr.String(), ref[1]), "\n"), line, "the log line of what failed has the ref")
	}

	h.fake.FailNext("views.open", slacktest.Failure{Error: "internal_error"})
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	story(h.ephemeral("DU1", "U1", "I could not open the plan to edit"), "bot: open a plan form")

	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	h.fake.FailNext("chat.update", slacktest.Failure{Error: "internal_error"})
	h.ack(h.editDrop("U1", form, h.blockIndex(form, "buy wipes")))
	story(h.ephemeral("DU1", "U1", "v2 is saved"), "bot: show edited card")
	h.viewWith(blocks.CallbackEditPlan, "Edit plan v2")
}

// An Undo of a version no longer current is refused privately, quoting
// what the current one changed on the reader's clock (a New York parent
// with no locale: 6 PM, not 18:00).
func TestE2EAnUndoRefusedSaysTheChangeOnItsReadersClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 10, 0, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	<-nudgers
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "America/New_York"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · ")
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form1 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	h.ack(h.editMoveTo("U1", form1, h.blockIndex(form1, "buy wipes"), "17:00"))
	v2 := h.cardAt("DU1", v1.ts, "v2 · ")
	form2 := h.viewWith(blocks.CallbackEditPlan, "Edit plan v2")
	h.ack(h.editMoveTo("U1", form2, h.blockIndex(form2, "Rest / nap"), "18:00"))
	h.cardAt("DU1", v1.ts, "v3 · ")

	h.ack(h.click("DU1", v1.ts, "U1", blocks.ActionEditUndo, v2.runID))
	told := h.ephemeral("DU1", "U1", "The plan changed since")
	assert.Contains(t, told.Text, "to 6 PM", "on the reader's clock")
	assert.NotContains(t, told.Text, "18:00")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
