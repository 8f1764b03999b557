package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// whyForm opens Why this plan? on card and returns it once it shows
// version v.
func (h *harness) whyForm(channel string, card cardView, user, v string) openView {
	h.t.Helper()
	h.ack(h.click(channel, card.ts, user, blocks.ActionOthers, card.runID))
	return h.viewWith(blocks.CallbackWhatIf, "Plan "+v+" ")
}

// whatIfSelect chooses value in a What if… menu (hours, quiet hours).
func (h *harness) whatIfSelect(user string, v openView, actionID, value string) string {
	h.t.Helper()
	return h.viewAction(user, v, map[string]any{"type": "static_select", "action_id": actionID, "block_id": blocks.WhatIfBlock, "action_ts": "1.1",
		"selected_option": map[string]any{"value": value, "text": map[string]any{"type": "plain_text", "text": value}}})
}

// whatIfNote picks option (blocks.WhatIfLeaveOut, WhatIfMarkDone) of the
// note whose line in form v says text, and returns the note's id.
func (h *harness) whatIfNote(user string, v openView, text, option string) string {
	h.t.Helper()
	id := whatIfNoteID(v, text)
	require.NotEmpty(h.t, id, "no note %q in %s", text, v.raw)
	h.ack(h.viewAction(user, v, map[string]any{"type": "overflow", "action_id": blocks.ActionWhatIfNote, "block_id": "n", "action_ts": "1.1",
		"selected_option": map[string]any{"value": option + ":" + id, "text": map[string]any{"type": "plain_text", "text": option}}}))
	return id
}

// whatIfNoteID is the id of the note form v lists with text ("" none).
func whatIfNoteID(v openView, text string) string {
	var view struct {
		Blocks []struct {
			Text struct {
				Text string `json:"text"`
			} `json:"text"`
			Accessory struct {
				ActionID string `json:"action_id"`
				Options  []struct {
					Value string `json:"value"`
				} `json:"options"`
			} `json:"accessory"`
		} `json:"blocks"`
	}
	if json.Unmarshal([]byte(v.raw), &view) != nil {
		return ""
	}
	for _, b := range view.Blocks {
		if b.Accessory.ActionID == blocks.ActionWhatIfNote && strings.Contains(b.Text.Text, text) && len(b.Accessory.Options) > 0 {
			_, id, _ := blocks.ParseWhatIfNote(b.Accessory.Options[0].Value)
			return id
		}
	}
	return ""
}

// A what-if on the window and on a note left out, from What if… in Why
// this plan?: each a new version on the same card whose thread names the
// change; the left-out note is gone from that plan only (a later plain
// /plan has it again), and both forks replay from their parents.
func TestE2EWhatIfOnTheWindowAndANote(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.note("DU1", "U1", "daycare form due today 2pm", tsAt(clock.Now(), 2))
	h.note("DU1", "U1", "task: call the insurance company", tsAt(clock.Now(), 3))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")

	// The window: 8 hours instead of 12.
	form1 := h.whyForm("DU1", v1, "U1", "v1")
	h.ack(h.whatIfSelect("U1", form1, blocks.ActionWhatIfHours, "8"))
	v2 := h.cardAt("DU1", v1.ts, "v2 · next 8h")
	assert.Contains(t, string(v2.raw), "what-if of v1")
	h.inThread("DU1", v1.ts, "v1 → v2* (window next 12h → next 8h)")

	// The form shows v2; leave the wipes out of it.
	form2 := h.viewWith(blocks.CallbackWhatIf, "Plan v2 ")
	wipes := h.whatIfNote("U1", form2, "buy wipes", blocks.WhatIfLeaveOut)
	v3 := h.cardAt("DU1", v1.ts, "v3 · next 8h")
	said := h.inThread("DU1", v1.ts, "v2 → v3* (left out “")
	assert.Contains(t, string(said.Blocks), "left out “buy wipes”", "names the note")
	assert.NotContains(t, strings.ReplaceAll(string(v3.raw), "left out “buy wipes”", ""), "buy wipes", "left out of v3's plan; only its change names it")
	form3 := h.viewWith(blocks.CallbackWhatIf, "Plan v3 ")
	assert.Empty(t, whatIfNoteID(form3, "buy wipes"))
	assert.NotContains(t, form3.raw, "out:"+wipes)

	// A forged note and a note the plan does not use: refused.
	h.ack(h.viewAction("U1", form3, map[string]any{"type": "overflow", "action_id": blocks.ActionWhatIfNote, "block_id": "n", "action_ts": "1.1",
		"selected_option": map[string]any{"value": "out:" + wipes, "text": map[string]any{"type": "plain_text", "text": "x"}}}))
	h.ephemeral("DU1", "U1", "not a note this plan uses")

	// A later plain /plan has the note again: leaving out was v3's alone.
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v4 := h.waitCard("DU1", "v4 · next 12h")
	assert.NotEqual(t, v1.ts, v4.ts)
	assert.Contains(t, string(v4.raw), "buy wipes", "left out, not done: planned again")
	assert.NotContains(t, string(v4.raw), "what-if of", "no words: a plan of its own")

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	for id, from := range map[string]string{v2.runID: "is a what-if of v1 (window next 12h → next 8h): made again from it",
		v3.runID: "is a what-if of v2 (left out “buy wipes”): made again from it", v4.runID: ""} {
		var out, errOut syncBuffer
		require.Equal(t, 0, run(h.ctx(), []string{"replay", id}, &out, &errOut), "stderr:\n%s", errOut.String())
		assert.Contains(t, out.String(), "replay matches")
		assert.Contains(t, out.String(), from, "a what-if is made again from its parent")
	}
}

// /plan with other words than the latest card's, the same day for the
// same duty, is a what-if of it and says so; the next day it is a plan of
// its own.
func TestE2EPlanWordsForkTheLatestCard(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.note("DU1", "U1", "daycare form due tomorrow 2pm", tsAt(clock.Now(), 2))
	h.ack(h.slash("/plan", "medium", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	assert.NotContains(t, string(v1.raw), "what-if of")

	clock.Advance(time.Hour)
	h.ack(h.slash("/plan", "low 8h", "DU1", "U1"))
	v2 := h.waitCard("DU1", "v2 · next 8h")
	assert.Contains(t, string(v2.raw), "what-if of v1")
	h.inThread("DU1", v2.ts, "a what-if of v1: energy medium → low; window next 12h → next 8h")

	// Versions… lists it as a what-if.
	h.ack(h.cardMenu("DU1", v2, "U1", blocks.ActionVersions))
	vers := h.viewWith(blocks.CallbackVersions, "*v2*")
	assert.Contains(t, vers.raw, "*v2* · what-if")

	// The same words again change nothing from v2: a plan of its own.
	h.ack(h.slash("/plan", "low 8h", "DU1", "U1"))
	v3 := h.waitCard("DU1", "v3 · next 8h")
	assert.NotContains(t, string(v3.raw), "what-if of")

	// The next day is another duty's plan.
	clock.Advance(24 * time.Hour)
	h.ack(h.slash("/plan", "high 6h", "DU1", "U1"))
	v4 := h.waitCard("DU1", "v4 · next 6h")
	assert.NotContains(t, string(v4.raw), "what-if of")

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	var out, errOut syncBuffer
	require.Equal(t, 0, run(h.ctx(), []string{"replay", v2.runID}, &out, &errOut), "stderr:\n%s", errOut.String())
	assert.Contains(t, out.String(), "replay matches")
}

// In model mode a what-if's planners are told what changed; the request
// the local model server received says it, so does the transcript, and
// the fork replays without a call.
func TestE2EModelWhatIfSaysWhatChanged(t *testing.T) {
	srv := openaitest.New()
	t.Cleanup(srv.Close)
	t.Setenv("COUNCIL_MODE", "openai")
	t.Setenv("OPENAI_API_KEY", "e2e-model-key")
	t.Setenv("OPENAI_MODEL", "test-model")
	t.Setenv("OPENAI_BASE_URL", srv.URL())
	t.Setenv("AGENT_MAX_RETRIES", "1")
	t.Setenv("AGENT_TIMEOUT_SECONDS", "5")
	h := start(t)
	h.ack(h.slash("/plan", "sample medium", "DU1", "U1"))
	v1 := h.waitCard("DU1", "Sample · v1 · next 12h")
	before := len(srv.Calls())
	for _, c := range srv.Calls() {
		assert.NotContains(t, c.Instructions, "previous plan")
	}

	h.ack(h.selectEnergy("DU1", v1.ts, "U1", v1.runID, "low"))
	v2 := h.cardAt("DU1", v1.ts, "Sample · v2 · ")
	const said = "The previous plan assumed medium energy; now low energy."
	calls := srv.Calls()[before:]
	require.NotEmpty(t, calls)
	for _, c := range calls {
		assert.Contains(t, c.Instructions, said)
	}
	h.ack(h.click("DU1", v2.ts, "U1", "card_transcript", v2.runID))
	tr := waitFile(t, h, "council-v2.md")
	assert.Contains(t, string(tr.Content), said)

	asked := len(srv.Calls())
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	var out, errOut syncBuffer
	require.Equal(t, 0, run(h.ctx(), []string{"replay", v2.runID}, &out, &errOut), "stderr:\n%s", errOut.String())
	assert.Contains(t, out.String(), "replay matches")
	assert.Len(t, srv.Calls(), asked, "the replay asked no model")
}

// What if… on the night, the planners and a note marked done: each a
// version of its own whose thread names the change; done is for good.
func TestE2EWhatIfQuietPlannersAndDone(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.note("DU1", "U1", "task: call the insurance company", tsAt(clock.Now(), 2))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")

	form1 := h.whyForm("DU1", v1, "U1", "v1")
	h.ack(h.whatIfSelect("U1", form1, blocks.ActionWhatIfQuiet, "23-7"))
	h.cardAt("DU1", v1.ts, "v2 · ")
	h.inThread("DU1", v1.ts, "v1 → v2* (quiet hours 22:00–06:00 → 23:00–07:00)")

	form2 := h.viewWith(blocks.CallbackWhatIf, "Plan v2 ")
	var winner string
	for _, a := range []string{"Sleep-first", "Errands-first", "Admin-first"} {
		if strings.Contains(form2.raw, "Only "+a) {
			winner = a
		}
	}
	require.NotEmpty(t, winner, form2.raw)
	// A forged planner: refused, nothing made.
	h.ack(h.viewAction("U1", form2, map[string]any{"type": "button", "action_id": blocks.ActionWhatIfOnly, "block_id": blocks.WhatIfBlock, "action_ts": "1.1",
		"value": "nap_first", "text": map[string]any{"type": "plain_text", "text": "x"}}))
	h.ephemeral("DU1", "U1", "nothing was changed")
	value := map[string]string{"Sleep-first": "sleep_first", "Errands-first": "errands_first", "Admin-first": "admin_first"}[winner]
	h.ack(h.viewAction("U1", form2, map[string]any{"type": "button", "action_id": blocks.ActionWhatIfOnly, "block_id": blocks.WhatIfBlock, "action_ts": "1.1",
		"value": value, "text": map[string]any{"type": "plain_text", "text": "Only"}}))
	h.cardAt("DU1", v1.ts, "v3 · ")
	h.inThread("DU1", v1.ts, "v2 → v3* (planners all three → only "+winner+")")
	form3 := h.viewWith(blocks.CallbackWhatIf, "Plan v3 ")
	assert.Contains(t, form3.raw, "All three planners")

	h.whatIfNote("U1", form3, "buy wipes", blocks.WhatIfMarkDone)
	h.cardAt("DU1", v1.ts, "v4 · ")
	h.inThread("DU1", v1.ts, "v3 → v4* (marked done “")
	// Done for good: the next plain plan leaves it out too.
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v5 := h.waitCard("DU1", "v5 · ")
	assert.NotContains(t, string(v5.raw), "buy wipes")
}

// A what-if of the window names its times as Slack date tokens, as an
// edit does: each reader sees them in their own zone and clock.
func TestE2EWhatIfWindowTimesAreStamped(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.ack(h.slash("/plan", "medium", "DU1", "U1"))
	h.waitCard("DU1", "v1 · next 12h")
	h.ack(h.slash("/plan", "medium from 7pm 10h", "DU1", "U1"))
	v2 := h.waitCard("DU1", "v2 · ")
	seven := time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC).Unix()
	five := time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC).Unix()
	h.inThread("DU1", v2.ts, "window next 12h → \\u003c!date^"+itoa(int(seven)))
	h.inThread("DU1", v2.ts, "–\\u003c!date^"+itoa(int(five)))
	assert.Contains(t, string(v2.raw), "\\u003c!date^"+itoa(int(seven)), "the card's what-if line too")
	assert.Contains(t, string(v2.raw), "what-if of v1: window next 12h → ", "said once")
	assert.NotContains(t, string(v2.raw), "what-if of v1: a what-if of v1")
}
