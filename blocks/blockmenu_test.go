package blocks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// kindsPlan is a plan with a time block of every kind: a fixed
// commitment, the night its quiet hours keep, a block of one note (done,
// or not), a trip of two notes, a nap.
func kindsPlan(t *testing.T) (bh.Run, bh.Proposal) {
	t.Helper()
	at := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, time.UTC) }
	night := bh.DefaultNightHours
	run := bh.Run{ID: "0123456789abcdef01234567", TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Version: 3, HorizonH: 12, TZ: "UTC",
		Now: at(23, 16, 0), Quiet: &night}
	p := bh.Proposal{Archetype: bh.SleepFirst, Blocks: []bh.Block{
		{Start: at(23, 16, 0), End: at(23, 16, 30), Title: "Call the insurance company", Kind: "admin", NoteIDs: []string{"call"}},
		{Start: at(23, 16, 30), End: at(23, 17, 0), Title: "Pediatrician visit", Kind: bh.KindCommitment, NoteIDs: []string{"visit"}},
		{Start: at(23, 17, 0), End: at(23, 17, 30), Title: "Daycare form", Kind: "admin", NoteIDs: []string{"form"}},
		{Start: at(23, 17, 30), End: at(23, 18, 15), Title: "Errand run: wipes; formula", Kind: "errand", NoteIDs: []string{"wipes", "formula"}},
		{Start: at(23, 18, 15), End: at(23, 19, 0), Title: "Rest / nap window (protect it)", Kind: bh.KindRest},
		{Start: at(23, 22, 0), End: at(24, 4, 0), Title: "Night: sleep between feeds", Kind: bh.KindRest},
	}}
	return run, p
}

// Each time block an edit may change has its ⋯ beside it on the card:
// Done (Undo done once done) for a block of one note, then Move…,
// Shorter, Longer, Drop; a fixed commitment and the night have none.
// Every id stays within Slack's limits and none repeats.
func TestCardBlockMenuPerKind(t *testing.T) {
	run, p := kindsPlan(t)
	in := blocks.CardInput{Run: run, Proposals: []bh.Proposal{p}, Decision: bh.Decision{Winner: bh.SleepFirst},
		Done: map[string]bool{"form": true}}
	card := blocks.Card(in)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, card.Blocks)))
	assert.LessOrEqual(t, blocks.Height(card.Blocks), blocks.MaxCard)
	edits := []string{blocks.BlockMove, blocks.EditShorter, blocks.EditLonger, blocks.BlockDrop}
	id := func(i int) string { return blocks.CardBlockID(run.ID, i) }
	assert.Equal(t, map[string][]string{
		id(0): append([]string{blocks.BlockDone}, edits...),   // one note
		id(2): append([]string{blocks.BlockUndone}, edits...), // one note, done
		id(3): edits,                                          // two notes: no one Done
		id(4): edits,                                          // a nap
	}, blockMenus(card.Blocks), "the commitment (1) and the night (5) keep no ⋯")

	seen := map[string]bool{}
	for _, b := range card.Blocks {
		s, ok := b.(*slack.SectionBlock)
		if !ok {
			continue
		}
		if s.BlockID != "" {
			assert.False(t, seen[s.BlockID], "block id %s repeats", s.BlockID)
			seen[s.BlockID] = true
		}
		assert.LessOrEqual(t, len(s.BlockID), 255)
		if s.Accessory == nil || s.Accessory.OverflowElement == nil {
			continue
		}
		o := s.Accessory.OverflowElement
		assert.Equal(t, blocks.ActionBlockMenu, o.ActionID)
		assert.LessOrEqual(t, len(o.Options), 5, "Slack's ⋯ holds five")
		for _, opt := range o.Options {
			assert.LessOrEqual(t, len(opt.Value), 150)
		}
		runID, i, ok := blocks.ParseCardBlock(s.BlockID)
		require.True(t, ok, s.BlockID)
		assert.Equal(t, run.ID, runID)
		assert.Equal(t, run.ID, blocks.CardRunOf(s.BlockID), "a Done there updates its card")
		assert.Contains(t, s.Text.Text, p.Blocks[i].Title, "the ⋯ is beside its own block")
	}
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	doc := shown(string(raw))
	assert.Contains(t, doc, "*16:30–17:00* Pediatrician visit 📌", "the commitment is a plain line")
	assert.Contains(t, doc, "✅ ~*17:00–17:30* Daycare form 📝~")
	assert.NotContains(t, doc, `"radar_done"`, "the blocks' Done is in their ⋯")
}

// Block ids name the plan and the block, and nothing else reads as one.
func TestBlockIDsRefuseForgeries(t *testing.T) {
	runID, i, ok := blocks.ParseCardBlock(blocks.CardBlockID("r1", 12))
	assert.True(t, ok)
	assert.Equal(t, "r1", runID)
	assert.Equal(t, 12, i)
	ho, run, j, ok := blocks.ParseHandoffBlock(blocks.HandoffBlockID("h1", "r2", 3))
	assert.True(t, ok)
	assert.Equal(t, []any{"h1", "r2", 3}, []any{ho, run, j})
	for _, bad := range []string{"card_item:r1:formula", "card_item:r1:block-", "card_item:r1:block--1", "card_item:r1:block-01",
		"card_item::block-1", "card_item:r1:block-1x", "plan_block:1", "card_item:r1:block-" + strings.Repeat("9", 30)} {
		_, _, ok := blocks.ParseCardBlock(bad)
		assert.False(t, ok, bad)
	}
	for _, bad := range []string{"handoff_block:h1:r2", "handoff_block:h1:r2:3:4", "handoff_block::r2:3", "handoff_block:h1::3",
		"handoff_block:h1:r2:-3", "handoff_actions:h1", "card_item:r1:block-1"} {
		_, _, _, ok := blocks.ParseHandoffBlock(bad)
		assert.False(t, ok, bad)
	}
}

// A ⋯'s options stand for the edit form's ops; Done and Move… are not
// edits; anything else is refused.
func TestBlockMenuOps(t *testing.T) {
	_, p := kindsPlan(t)
	b := p.Blocks[0]
	tests := []struct {
		value string
		want  bh.PlanOp
		ok    bool
	}{
		{blocks.EditShorter, bh.Resize(b, -bh.EditStep), true},
		{blocks.EditLonger, bh.Resize(b, bh.EditStep), true},
		{blocks.BlockDrop, bh.Drop(b), true},
		{blocks.EditEarlier, bh.MoveBy(b, -bh.MoveStep), true},
		{blocks.EditLater, bh.MoveBy(b, bh.MoveStep), true},
		{blocks.EditSwap, bh.SwapNext(b), true},
		{blocks.BlockDone, bh.PlanOp{}, false},
		{blocks.BlockUndone, bh.PlanOp{}, false},
		{blocks.BlockMove, bh.PlanOp{}, false},
		{"explode", bh.PlanOp{}, false},
		{"", bh.PlanOp{}, false},
	}
	for _, tc := range tests {
		got, ok := blocks.BlockMenuOp(tc.value, b)
		assert.Equal(t, tc.ok, ok, tc.value)
		assert.Equal(t, tc.want, got, tc.value)
	}
}

// Move… is one block's form: where it is, a time to move it to, 30 min
// earlier or later, a swap with the next; its ids are the edit form's, so
// the edit form's controls read them.
func TestMoveModal(t *testing.T) {
	run, p := kindsPlan(t)
	in := blocks.CardInput{Run: run, Proposals: []bh.Proposal{p}, Decision: bh.Decision{Winner: bh.SleepFirst}}
	m := blocks.MoveModal(in, 3, "h1")
	assert.Empty(t, slacktest.ValidateView(viewMap(t, m)))
	assert.Equal(t, blocks.CallbackMoveBlock, m.CallbackID)
	runID, ho := blocks.ParseMoveMetadata(m.PrivateMetadata)
	assert.Equal(t, []string{run.ID, "h1"}, []string{runID, ho})
	runID, ho = blocks.ParseMoveMetadata(blocks.MoveModal(in, 3, "").PrivateMetadata)
	assert.Equal(t, []string{run.ID, ""}, []string{runID, ho}, "from a card")
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	doc := shown(string(raw))
	assert.Contains(t, doc, "*17:30–18:15* Errand run: wipes; formula")
	assert.Contains(t, doc, `"initial_time":"17:30"`)
	var ids, actions []string
	for _, b := range m.Blocks.BlockSet {
		switch x := b.(type) {
		case *slack.SectionBlock:
			ids = append(ids, x.BlockID)
		case *slack.ActionBlock:
			ids = append(ids, x.BlockID)
			for _, e := range x.Elements.ElementSet {
				switch el := e.(type) {
				case *slack.TimePickerBlockElement:
					actions = append(actions, el.ActionID)
				case *slack.ButtonBlockElement:
					actions = append(actions, el.ActionID)
				}
			}
		}
	}
	assert.Equal(t, []string{"", blocks.EditBlockPrefix + "3", blocks.EditMorePrefix + "3"}, ids)
	assert.Equal(t, []string{blocks.ActionEditMoveTo, blocks.ActionMovePrefix + blocks.EditEarlier, blocks.ActionMovePrefix + blocks.EditLater,
		blocks.ActionMovePrefix + blocks.EditSwap}, actions)
	for _, id := range ids[1:] {
		i, ok := blocks.EditIndex(id, len(p.Blocks))
		assert.True(t, ok)
		assert.Equal(t, 3, i)
	}
}

// A handoff message's Next has the card's ⋯ on each block an edit may
// change, named by the handoff, its plan and the block; a note Do now
// lists with its Done gets no second one; the commitment and the night
// stay plain. Undo follows an edit, as on the card. Without its run the
// plan's lines are plain.
func TestHandoffBlockMenuPerKind(t *testing.T) {
	run, p := kindsPlan(t)
	p.Now = []bh.Item{{Text: "Call the insurance company — before 5pm", NoteIDs: []string{"call"}}}
	ho := bh.Handoff{ID: "0123456789abcdef0123ffff", From: "U1", To: []string{"U2"}, Start: run.Now, Hours: 12, CreatedAt: run.Now}
	v := blocks.HandoffView{Handoff: ho, Receiver: "U2", Plan: &p, Run: run, Now: run.Now, Location: time.UTC, Done: map[string]bool{"form": true}}
	m := blocks.HandoffMessage(v)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)))
	assert.LessOrEqual(t, blocks.Height(m.Blocks), blocks.FirstScreen)
	edits := []string{blocks.BlockMove, blocks.EditShorter, blocks.EditLonger, blocks.BlockDrop}
	id := func(i int) string { return blocks.HandoffBlockID(ho.ID, run.ID, i) }
	menus := blockMenus(m.Blocks)
	assert.Equal(t, edits, menus[id(0)], "Do now has its Done")
	assert.Equal(t, append([]string{blocks.BlockUndone}, edits...), menus[id(2)])
	assert.NotContains(t, menus, id(1), "the commitment")
	for k := range menus {
		assert.LessOrEqual(t, len(k), 255)
	}
	raw, err := json.Marshal(m.Blocks)
	require.NoError(t, err)
	assert.Contains(t, shown(string(raw)), `*Next*\n`)
	assert.NotContains(t, string(raw), blocks.ActionEditUndo)

	v.Run.Edit, v.Undo = &bh.PlanEdit{Ops: []bh.PlanOp{bh.Drop(p.Blocks[3])}, By: "U2", At: run.Now}, true
	raw, err = json.Marshal(blocks.HandoffMessage(v).Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"action_id":"`+blocks.ActionEditUndo+`","value":"`+run.ID+`"`)
	assert.Contains(t, string(raw), blocks.HandoffActionsPrefix+ho.ID)

	v.Run, v.Undo = bh.Run{}, false
	assert.Empty(t, blockMenus(blocks.HandoffMessage(v).Blocks), "no run: plain lines")
}
