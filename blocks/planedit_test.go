package blocks_test

import (
	"encoding/json"
	"fmt"
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

// The edit form keeps Slack's limits however long the plan and its titles,
// and however much waits: a ⋯ holds at most five options, each an op the
// engine knows; a fixed commitment has no controls.
func TestEditModalKeepsSlackLimits(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 1, bh.EnergyAuto)
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}
	long := strings.Repeat("Errand with a very long name <@U1> & more ", 10)
	var bs []bh.Block
	for i := 0; i < 70; i++ {
		kind := "errand"
		if i == 3 {
			kind = bh.KindCommitment
		}
		at := monday.Add(time.Duration(i) * 15 * time.Minute)
		bs = append(bs, bh.Block{Start: at, End: at.Add(15 * time.Minute), Title: long, Kind: kind, NoteIDs: []string{fmt.Sprintf("n%d", i)}})
	}
	for i := range in.Proposals {
		if in.Proposals[i].Archetype == rec.Decision.Winner {
			in.Proposals[i].Blocks = bs
		}
	}
	var waiting []bh.Item
	for i := 0; i < 150; i++ {
		waiting = append(waiting, bh.Item{Text: long, NoteIDs: []string{strings.Repeat("x", 200) + fmt.Sprint(i)}})
	}
	view := blocks.EditModal(in, waiting)
	assert.Empty(t, slacktest.ValidateView(viewMap(t, view)))
	assert.Equal(t, rec.Run.ID, view.PrivateMetadata)

	var sawFixed bool
	for _, b := range view.Blocks.BlockSet {
		sec, ok := b.(*slack.SectionBlock)
		if !ok || !strings.HasPrefix(sec.BlockID, blocks.EditBlockPrefix) {
			continue
		}
		if sec.BlockID == blocks.EditBlockPrefix+"3" {
			sawFixed = true
			assert.Nil(t, sec.Accessory, "a commitment stays as it is")
			continue
		}
		o := sec.Accessory.OverflowElement
		require.NotNil(t, o, sec.BlockID)
		assert.LessOrEqual(t, len(o.Options), 5, "Slack's ⋯ holds five options")
		for _, opt := range o.Options {
			_, known := blocks.EditOp(opt.Value, bs[0])
			assert.True(t, known, opt.Value)
		}
	}
	assert.True(t, sawFixed)

	// A plan with nothing waiting says so.
	view = blocks.EditModal(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}, nil)
	assert.Empty(t, slacktest.ValidateView(viewMap(t, view)))
	raw, err := json.Marshal(view)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "Nothing waits for later")
	assert.NotContains(t, string(raw), blocks.ActionEditAdd)
}

func TestEditOpsOfTheMenu(t *testing.T) {
	b := bh.Block{Start: monday, End: monday.Add(time.Hour), Title: "Essay", Kind: "focus", NoteIDs: []string{"n1"}}
	tests := []struct {
		value string
		want  bh.PlanOp
	}{
		{blocks.EditEarlier, bh.MoveBy(b, -30*time.Minute)},
		{blocks.EditLater, bh.MoveBy(b, 30*time.Minute)},
		{blocks.EditShorter, bh.Resize(b, -15*time.Minute)},
		{blocks.EditLonger, bh.Resize(b, 15*time.Minute)},
		{blocks.EditSwap, bh.SwapNext(b)},
	}
	for _, tc := range tests {
		got, ok := blocks.EditOp(tc.value, b)
		assert.True(t, ok, tc.value)
		assert.Equal(t, tc.want, got, tc.value)
	}
	for _, forged := range []string{"", "drop", "EARLIER", "earlier ", "swap;drop"} {
		_, ok := blocks.EditOp(forged, b)
		assert.False(t, ok, "%q", forged)
	}
}

func TestEditIndexRefusesForgeries(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{blocks.EditBlockPrefix + "0", 0, true},
		{blocks.EditMorePrefix + "2", 2, true},
		{"2", 2, true},
		{blocks.EditBlockPrefix + "3", 0, false}, // past the plan's end
		{blocks.EditBlockPrefix + "-1", 0, false},
		{blocks.EditBlockPrefix + "01", 0, false},
		{blocks.EditBlockPrefix + "+1", 0, false},
		{blocks.EditBlockPrefix + "1x", 0, false},
		{blocks.EditBlockPrefix, 0, false},
		{strings.Repeat("9", 40), 0, false},
	}
	for _, tc := range tests {
		got, ok := blocks.EditIndex(tc.in, 3)
		assert.Equal(t, tc.ok, ok, tc.in)
		if tc.ok {
			assert.Equal(t, tc.want, got, tc.in)
		}
	}
}

func TestMoveToTime(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	eve := time.Date(2026, 11, 23, 21, 0, 0, 0, ny)
	b := bh.Block{Start: eve.Add(time.Hour), End: eve.Add(2 * time.Hour)}
	tests := []struct {
		name, hhmm string
		want       time.Time
		ok         bool
	}{
		{"on the block's day", "23:30", time.Date(2026, 11, 23, 23, 30, 0, 0, ny), true},
		{"before the window: the next morning", "06:15", time.Date(2026, 11, 24, 6, 15, 0, 0, ny), true},
		{"not a time", "25:00", time.Time{}, false},
		{"words", "7pm", time.Time{}, false},
		{"empty", "", time.Time{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := blocks.MoveToTime(tc.hhmm, b, eve, ny)
			assert.Equal(t, tc.ok, ok)
			assert.True(t, tc.want.Equal(got), "%v", got)
		})
	}
}

// Versions… lists the newest first within a view's hundred blocks; the
// current version and one that cannot be brought back have no button.
func TestVersionsModal(t *testing.T) {
	var lines []blocks.VersionLine
	for v := 1; v <= 150; v++ {
		lines = append(lines, blocks.VersionLine{RunID: fmt.Sprintf("r%d", v), Version: v, Kind: "edit", By: "U1",
			Change: strings.Repeat("moved “Essay” to 15:30; ", 30), At: monday, Usable: v != 149, Current: v == 150})
	}
	view := blocks.VersionsModal(lines, time.UTC, bh.Clock24)
	assert.Empty(t, slacktest.ValidateView(viewMap(t, view)))
	secs := view.Blocks.BlockSet
	first := secs[1].(*slack.SectionBlock)
	assert.Contains(t, first.Text.Text, "*v150*")
	assert.Contains(t, first.Text.Text, "Current version")
	assert.Nil(t, first.Accessory)
	assert.Nil(t, secs[2].(*slack.SectionBlock).Accessory, "v149 cannot be brought back")
	third := secs[3].(*slack.SectionBlock)
	require.NotNil(t, third.Accessory)
	assert.Equal(t, blocks.ActionUseVersion, third.Accessory.ButtonElement.ActionID)
	assert.Equal(t, "r148", third.Accessory.ButtonElement.Value)
}

// A card made by an edit says so, with who, and has Undo while it lasts;
// it stays one screen.
func TestCardAfterAnEdit(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 2, bh.EnergyAuto)
	rec.Run.Edit = &bh.PlanEdit{Ops: []bh.PlanOp{{Kind: bh.OpDrop}}, By: "U2", At: monday}
	rec.Run.Change = "dropped “Laundry”"
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, ForkedFrom: 1, Undo: true}
	card := blocks.Card(in)
	// A what-if plans again from the notes: asked before the Energy menu
	// makes one, and said in What if….
	energy := card.Blocks[1].(*slack.SectionBlock).Accessory.SelectElement
	require.NotNil(t, energy.Confirm, "the edits are not kept: asked first")
	assert.Contains(t, energy.Confirm.Text.Text, "v2 has edits made by hand. A what-if plans again from your notes: the edits are not kept")
	others, err := json.Marshal(blocks.OthersModal(in))
	require.NoError(t, err)
	assert.Contains(t, string(others), "v2 has edits made by hand")
	plan := in
	plan.Run.Edit = nil
	assert.Nil(t, blocks.Card(plan).Blocks[1].(*slack.SectionBlock).Accessory.SelectElement.Confirm, "a plan's what-if keeps all it has")
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, card.Blocks)))
	assert.LessOrEqual(t, blocks.Height(card.Blocks), blocks.MaxCard)
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "edit of v1 by \\u003c@U2\\u003e: dropped “Laundry”")
	assert.Contains(t, string(raw), blocks.ActionEditUndo)
	// When the edit was made, not when its parent's plan was.
	edited := rec.Run.Now.Add(47 * time.Minute)
	in.Run.Edit.At = edited
	meta, ok := blocks.Card(in).Blocks[1].(*slack.SectionBlock)
	require.True(t, ok)
	assert.True(t, strings.HasPrefix(meta.Text.Text, fmt.Sprintf("edited <!date^%d^", edited.Unix())), meta.Text.Text)
	// A version brought back was made then too.
	back := in
	back.Run.Edit = &bh.PlanEdit{By: "U2", At: edited}
	meta, ok = blocks.Card(back).Blocks[1].(*slack.SectionBlock)
	require.True(t, ok)
	assert.True(t, strings.HasPrefix(meta.Text.Text, fmt.Sprintf("made <!date^%d^", edited.Unix())), meta.Text.Text)

	in.Undo = false
	raw, err = json.Marshal(blocks.Card(in).Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), blocks.ActionEditUndo)

	reply := blocks.EditReply(bh.Run{Version: 1}, rec.Run, bh.Clock24)
	assert.Equal(t, "v1 → v2: dropped “Laundry”", reply.Text)
	// Its times are on its readers' clock, in the notification too.
	moved := rec.Run
	at := bh.StampOf(time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC), blocks.Clock)
	moved.TZ, moved.Change, moved.ChangeStamps = "UTC", "moved “Essay” to "+at.Text, []bh.Stamp{at}
	for c, want := range map[bh.Clock]string{bh.Clock12: "5 PM", bh.Clock24: "17:00"} {
		reply := blocks.EditReply(bh.Run{Version: 1}, moved, c)
		assert.Equal(t, "v1 → v2: moved “Essay” to "+want, reply.Text, "the notification")
		assert.Contains(t, unescaped(t, reply.Blocks), "|"+want+">", "the date token's text")
	}
}
