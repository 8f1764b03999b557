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
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// menuBlock is a time block's ⋯ in a message: its block id, its line and
// its options' values.
type menuBlock struct {
	id, text string
	options  []string
}

// blockMenus are a message's time blocks with their ⋯.
func blockMenus(t *testing.T, raw json.RawMessage) []menuBlock {
	t.Helper()
	var bl []struct {
		BlockID string `json:"block_id"`
		Text    struct {
			Text string `json:"text"`
		} `json:"text"`
		Accessory struct {
			Type     string `json:"type"`
			ActionID string `json:"action_id"`
			Options  []struct {
				Value string `json:"value"`
			} `json:"options"`
		} `json:"accessory"`
	}
	require.NoError(t, json.Unmarshal(raw, &bl))
	var out []menuBlock
	for _, b := range bl {
		if b.Accessory.ActionID != blocks.ActionBlockMenu {
			continue
		}
		m := menuBlock{id: b.BlockID, text: b.Text.Text}
		for _, o := range b.Accessory.Options {
			m.options = append(m.options, o.Value)
		}
		out = append(out, m)
	}
	return out
}

// menuOf is the ⋯ of the block whose line has title.
func menuOf(t *testing.T, raw json.RawMessage, title string) menuBlock {
	t.Helper()
	for _, m := range blockMenus(t, raw) {
		if strings.Contains(m.text, title) {
			return m
		}
	}
	t.Fatalf("no ⋯ beside %q in %s", title, raw)
	return menuBlock{}
}

// undoneOn reports whether the block whose line has title is struck
// through with Undo done in its ⋯.
func undoneOn(t *testing.T, raw json.RawMessage, title string) bool {
	t.Helper()
	for _, m := range blockMenus(t, raw) {
		if strings.Contains(m.text, title) {
			return strings.Contains(m.text, "✅ ~") && len(m.options) > 0 && m.options[0] == blocks.BlockUndone
		}
	}
	return false
}

// blockMenu chooses option of the ⋯ of block id in a message.
func (h *harness) blockMenu(channel, ts, user, blockID, option string) string {
	h.t.Helper()
	return h.cardAction(channel, ts, user, map[string]any{"type": "overflow", "action_id": blocks.ActionBlockMenu, "block_id": blockID, "action_ts": "1.1",
		"selected_option": map[string]any{"value": option, "text": map[string]any{"type": "plain_text", "text": option}}})
}

// moveButton presses a button of Move… (v) for its block i.
func (h *harness) moveButton(user string, v openView, i int, op string) string {
	h.t.Helper()
	return h.viewAction(user, v, map[string]any{"type": "button", "action_id": blocks.ActionMovePrefix + op, "block_id": blocks.EditMorePrefix + itoa(i), "action_ts": "1.1",
		"value": op, "text": map[string]any{"type": "plain_text", "text": op}})
}

// moveIndex is the block Move… (v) shows.
func (h *harness) moveIndex(v openView) int {
	h.t.Helper()
	var view struct {
		Blocks []struct {
			BlockID string `json:"block_id"`
		} `json:"blocks"`
	}
	require.NoError(h.t, json.Unmarshal([]byte(v.raw), &view))
	for _, b := range view.Blocks {
		if i, ok := blocks.EditIndex(b.BlockID, 1000); ok && strings.HasPrefix(b.BlockID, blocks.EditBlockPrefix) {
			return i
		}
	}
	h.t.Fatalf("Move… names no block: %s", v.raw)
	return -1
}

// Each time block on the card has its ⋯: Move… (30 min later, a time),
// Drop, Done and Undo done, each edit a new version on the same card with
// Undo and one line in the thread, made as the edit form makes it. A ⋯ of
// an older version acts on the current one when it still fits, and is
// refused with what changed when not; a forged value changes nothing.
func TestE2EEditFromTheCardsBlockMenu(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.note("DU1", "U1", "daycare form due today 2pm", tsAt(clock.Now(), 2))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	wipes1 := menuOf(t, v1.raw, "buy wipes")
	assert.Equal(t, []string{blocks.BlockDone, blocks.BlockMove, blocks.EditShorter, blocks.EditLonger, blocks.BlockDrop}, wipes1.options)
	nap := menuOf(t, v1.raw, "Rest / nap")
	assert.Equal(t, []string{blocks.BlockMove, blocks.EditShorter, blocks.EditLonger, blocks.BlockDrop}, nap.options, "rest: no Done")

	// Move… of the errand, 30 min later: it would overlap the form, so
	// it is refused privately and nothing changes.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", wipes1.id, blocks.BlockMove))
	move0 := h.viewWith(blocks.CallbackMoveBlock, "buy wipes")
	h.ack(h.moveButton("U1", move0, h.moveIndex(move0), blocks.EditLater))
	h.ephemeral("DU1", "U1", "would overlap “daycare form”")

	// Move… of the nap → 30 min later: v2 on the same card, with Undo;
	// the thread says what changed; Move… shows the nap where it went.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", nap.id, blocks.BlockMove))
	move1 := h.viewWith(blocks.CallbackMoveBlock, "Rest / nap")
	assert.Contains(t, move1.raw, "Move · plan v1")
	assert.Contains(t, move1.raw, `"initial_time":"11:15"`)
	h.ack(h.moveButton("U1", move1, h.moveIndex(move1), blocks.EditLater))
	v2 := h.cardAt("DU1", v1.ts, "v2 · ")
	assert.Contains(t, string(v2.raw), "edit of v1 by \\u003c@U1\\u003e: moved “Rest / nap window")
	assert.Contains(t, string(v2.raw), blocks.ActionEditUndo)
	h.inThread("DU1", v1.ts, "v1 → v2")
	move2 := h.viewWith(blocks.CallbackMoveBlock, `"initial_time":"11:45"`)
	assert.Contains(t, move2.raw, "Move · plan v2")

	// Its time picker moves it to a time: back to 11:15, v3.
	h.ack(h.editMoveTo("U1", move2, h.moveIndex(move2), "11:15"))
	v3 := h.cardAt("DU1", v1.ts, "v3 · ")
	h.inThread("DU1", v1.ts, "v2 → v3")
	h.viewWith(blocks.CallbackMoveBlock, "Move · plan v3")

	// Drop from the card's ⋯: v4.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", menuOf(t, v3.raw, "buy wipes").id, blocks.BlockDrop))
	v4 := h.cardAt("DU1", v1.ts, "v4 · ")
	assert.Contains(t, string(v4.raw), "dropped “Errand run: buy wipes”")
	h.inThread("DU1", v1.ts, "v3 → v4")
	// v3's ⋯ of the errand, gone from v4: refused with what changed.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", menuOf(t, v3.raw, "buy wipes").id, blocks.EditLonger))
	h.ephemeral("DU1", "U1", "it is v4 now (dropped “Errand run: buy wipes”)")

	// Undo (within the minute): v3's plan again, as v5.
	clock.Advance(20 * time.Second)
	h.ack(h.click("DU1", v1.ts, "U1", blocks.ActionEditUndo, v4.runID))
	v5 := h.cardAt("DU1", v1.ts, "v5 · ")
	assert.Contains(t, string(v5.raw), "back to v3's plan (undo of v4)")
	h.inThread("DU1", v1.ts, "v4 → v5")

	// v1's ⋯ of the nap, which still fits v5: applied to v5, as v6.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", nap.id, blocks.EditShorter))
	v6 := h.cardAt("DU1", v1.ts, "v6 · ")
	assert.Contains(t, string(v6.raw), "edit of v5 by \\u003c@U1\\u003e: made “Rest / nap window")

	// Done from the ⋯: the note is done, the block struck through with
	// Undo done; Undo done opens it again. No new version.
	form := menuOf(t, v6.raw, "daycare form")
	require.Equal(t, blocks.BlockDone, form.options[0])
	h.ack(h.blockMenu("DU1", v1.ts, "U1", form.id, blocks.BlockDone))
	h.ephemeral("DU1", "U1", "Done: daycare form")
	struck, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == v1.ts && strings.HasPrefix(titleOf(m), "v6 · ") && strings.Contains(string(m.Blocks), "✅ ~")
	})
	require.NoError(t, err, "the card shows it done; log:\n%s", h.stderr.String())
	assert.Equal(t, blocks.BlockUndone, menuOf(t, struck.Blocks, "daycare form").options[0])
	h.ack(h.blockMenu("DU1", v1.ts, "U1", form.id, blocks.BlockUndone))
	h.ephemeral("DU1", "U1", "Back on the radar")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == v1.ts && m.Updated > struck.Updated && !strings.Contains(string(m.Blocks), "✅ ~")
	})
	require.NoError(t, err, "Undo done brings it back")

	// Forged: a block the plan does not have, a value the menu never
	// sends, a block id of no plan. Nothing changes.
	h.ack(h.blockMenu("DU1", v1.ts, "U1", blocks.CardBlockID(v6.runID, 99), blocks.BlockDrop))
	h.ephemeral("DU1", "U1", "does not name a block of this plan")
	h.ack(h.blockMenu("DU1", v1.ts, "U1", form.id, "explode"))
	h.ephemeral("DU1", "U1", "not one I know")
	h.ack(h.blockMenu("DU1", v1.ts, "U1", "card_item:"+v6.runID+":nonsense", blocks.BlockDrop))
	h.ephemeral("DU1", "U1", "does not name a block of a plan")
	h.cardAt("DU1", v1.ts, "v6 · ")
	for _, m := range h.fake.Messages("DU1") {
		assert.NotContains(t, m.Text, "v7", "nothing changed")
	}
}

// handedOff is Maya's (U1) note at, her /plan in her DM, and its handoff
// to Sam (U2) from now for 8 hours: her card, Sam's handoff message, hers
// (the threads' roots) and the handoff's id.
func (h *harness) handedOff(at time.Time) (card cardView, got, root slacktest.Message, id string) {
	h.t.Helper()
	h.note("DU1", "U1", "task: buy wipes", tsAt(at, 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card = h.waitCard("DU1", "v1 · ")
	h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHandoffOpen, card.runID))
	meta := h.openedView(blocks.CallbackHandoff)["private_metadata"].(string)
	require.Nil(h.t, formErrors(h.t, h.ack(h.submitView(blocks.CallbackHandoff, meta, handoffValues([]string{"U2"}, "", "now", 8, "", true)))))
	got = h.topLevel("DU2", "handed off to you")
	root = h.topLevel("DU1", "Handed off to <@U2>")
	for _, b := range buttons(h.t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			id = b.Value
		}
	}
	require.NotEmpty(h.t, id)
	return card, got, root, id
}

// The handoff message's blocks have the card's ⋯: the receiver's Move…
// (30 min later refused, privately; a swap with the next made: a new
// version their messages show, with Undo, and a line in its threads and
// in the sender's), Done from it, and Undo.
func TestE2EEditFromTheHandoffsBlockMenu(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	card, got, root, handoffID := h.handedOff(clock.Now())
	wipes := menuOf(t, got.Blocks, "buy wipes")
	ho, run, _, ok := blocks.ParseHandoffBlock(wipes.id)
	require.True(t, ok, wipes.id)
	assert.Equal(t, handoffID, ho)
	assert.NotEqual(t, card.runID, run, "the plan made for Sam")

	// Sam joins the family as he takes it (once he is asked, before the
	// files come); then his ⋯ changes the plan.
	waitFile(t, h, "plan-v2.png")
	clock.Advance(time.Minute)
	h.joinAndTake("DU2", got.TS, "U2", handoffID)
	h.ack(h.blockMenu("DU2", got.TS, "U2", wipes.id, blocks.BlockMove))
	move := h.viewWith(blocks.CallbackMoveBlock, "buy wipes")
	// 30 min later would run into the nap: refused, in Sam's DM.
	h.ack(h.moveButton("U2", move, h.moveIndex(move), blocks.EditLater))
	h.ephemeral("DU2", "U2", "would overlap “Rest / nap window”")
	h.ack(h.moveButton("U2", move, h.moveIndex(move), blocks.EditSwap))
	moved, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), blocks.ActionEditUndo)
	})
	require.NoError(t, err, "Sam's message shows the new version, with Undo; log:\n%s", h.stderr.String())
	after := menuOf(t, moved.Blocks, "buy wipes")
	_, run3, _, _ := blocks.ParseHandoffBlock(after.id)
	assert.NotEqual(t, run, run3, "its ⋯ names the new version")
	assert.Contains(t, string(moved.Blocks), "|12:30\\u003e–")
	h.inThread("DU2", got.TS, "swapped “Errand run: buy wipes” with “Rest / nap window")
	h.inThread("DU1", root.TS, "swapped “Errand run: buy wipes” with “Rest / nap window")

	// Done from the handoff's ⋯.
	require.Equal(t, blocks.BlockDone, after.options[0])
	h.ack(h.blockMenu("DU2", got.TS, "U2", after.id, blocks.BlockDone))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), "✅ ~")
	})
	require.NoError(t, err, "the call is struck through; log:\n%s", h.stderr.String())

	// Undo in the handoff message: the plan before the edit, again.
	var undo string
	for _, b := range buttons(t, moved.Blocks) {
		if b.ActionID == blocks.ActionEditUndo {
			undo = b.Value
		}
	}
	require.Equal(t, run3, undo)
	h.ack(h.clickIn("DU2", got.TS, "U2", blocks.HandoffActionsPrefix+handoffID, blocks.ActionEditUndo, undo))
	h.inThread("DU2", got.TS, "(undo of v")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		if m.Channel != "DU2" || m.TS != got.TS || strings.Contains(string(m.Blocks), run3) {
			return false
		}
		_, r, _, ok := blocks.ParseHandoffBlock(menuOf(t, m.Blocks, "buy wipes").id)
		return ok && r != run && r != run3
	})
	require.NoError(t, err, "the undo is a version of its own; log:\n%s", h.stderr.String())

	// Someone who is not the handoff's: refused, nothing changed.
	h.ack(h.blockMenu("DU2", got.TS, "U9", wipes.id, blocks.BlockDrop))
	h.ephemeral("DU2", "U9", "not yours")
}

// Sam (en-GB: 24-hour) moves a block of the plan Maya (New York, 12-hour)
// handed him: each thread that says so is on its reader's clock, his
// "to 19:00", hers "to 7 PM", in the notification too.
func TestE2EAnEditOfAHandoffIsSaidOnEachThreadsClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 12, 0, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	<-nudgers
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York", Locale: "en-GB"})
	_, got, root, handoffID := h.handedOff(clock.Now())
	waitFile(t, h, "plan-v2.png")
	clock.Advance(time.Minute)
	h.joinAndTake("DU2", got.TS, "U2", handoffID)

	h.ack(h.blockMenu("DU2", got.TS, "U2", menuOf(t, got.Blocks, "buy wipes").id, blocks.BlockMove))
	move := h.viewWith(blocks.CallbackMoveBlock, "buy wipes")
	h.ack(h.editMoveTo("U2", move, h.moveIndex(move), "19:00"))
	for _, c := range []struct {
		channel, ts, want, not string
	}{
		{"DU2", got.TS, "19:00", " PM"},
		{"DU1", root.TS, "7 PM", "19:00"},
	} {
		line := h.inThread(c.channel, c.ts, "moved “Errand run: buy wipes” to")
		said := line.Text + unJSON.Replace(string(line.Blocks))
		assert.Contains(t, line.Text, "to "+c.want, "%s: the notification on its reader's clock", c.channel)
		assert.Contains(t, said, "|"+c.want+">", "%s: the date token's text on its reader's clock", c.channel)
		assert.NotContains(t, said, c.not, c.channel)
	}
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
