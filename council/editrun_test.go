package council_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// An edit's run is the parent's plan with the edited blocks: the winner's
// lists that follow from its blocks are made again (a dropped block's item
// waits for later, and Add to plan offers it), the other plans and the
// decision stay, and handoff.md is written for the new version.
func TestEditedRunFollowsItsBlocks(t *testing.T) {
	out := runCouncil(t, sampleNotes(monday10), runOf(1, bh.EnergyAuto))
	parent := out.Record()
	w := out.Winner()
	var drop bh.Block
	for _, b := range w.Blocks {
		if len(b.NoteIDs) > 0 && b.Kind != bh.KindCommitment && b.Kind != bh.KindRest {
			drop = b
			break
		}
	}
	require.NotEmpty(t, drop.NoteIDs, "a block from a note")
	rules := council.EditRules(out.Run, out.Pack)
	blocks, ch, err := bh.ApplyChange(w.Blocks, []bh.PlanOp{bh.Drop(drop)}, rules)
	require.NoError(t, err)
	before := council.Waiting(out.Run, out.Pack, w.Blocks)

	run := bh.EditRun(out.Run, bh.PlanEdit{Ops: []bh.PlanOp{bh.Drop(drop)}, By: "U1", At: monday10}, ch)
	run.ID, run.Version = "r2", 2
	got := council.Edited(parent, run, blocks)

	gw := got.Winner()
	assert.Equal(t, blocks, gw.Blocks)
	assert.Equal(t, w.Archetype, gw.Archetype)
	for _, it := range gw.Top {
		assert.False(t, strings.HasSuffix(it.Text, " "+drop.Title), "the dropped block is not among the top items: %q", it.Text)
	}
	later := false
	for _, it := range gw.Top {
		later = later || strings.HasPrefix(it.Text, "Later: ") && len(it.NoteIDs) > 0 && slices.Contains(drop.NoteIDs, it.NoteIDs[0])
	}
	assert.True(t, later, "the dropped items wait for later: %+v", gw.Top)
	waiting := council.Waiting(got.Run, got.Pack, gw.Blocks)
	require.Len(t, waiting, len(before)+len(drop.NoteIDs))
	var add *council.WaitingItem
	for i, it := range waiting {
		if it.Item.NoteIDs[0] == drop.NoteIDs[0] {
			add = &waiting[i]
		}
	}
	require.NotNil(t, add, "Add to plan offers the dropped item: %+v", waiting)
	back, err := bh.Apply(gw.Blocks, []bh.PlanOp{add.Op}, rules)
	require.NoError(t, err, "the item goes back in")
	assert.Len(t, back, len(w.Blocks))
	// An added deadline's block writes its due time as the planner does,
	// stamped.
	var dated *council.WaitingItem
	for i, it := range waiting {
		if len(it.Item.Stamps) > 0 {
			dated = &waiting[i]
		}
	}
	require.NotNil(t, dated, "a deadline waits: %+v", waiting)
	withDue, err := bh.Apply(gw.Blocks, []bh.PlanOp{dated.Op}, rules)
	require.NoError(t, err)
	found := 0
	for _, b := range council.Edited(parent, run, withDue).Winner().Blocks {
		if slices.Equal(b.NoteIDs, dated.Item.NoteIDs) {
			found++
			assert.Contains(t, b.Title, " — due ")
			assert.NotEmpty(t, b.Stamps, "%q", b.Title)
		}
	}
	assert.Equal(t, 1, found)
	assert.Equal(t, add.Item.Text, add.Op.Title)

	assert.Equal(t, "handoff-v2.md", got.Handoff.Name)
	assert.NotContains(t, got.Handoff.Content, "| "+drop.Title)
	assert.Equal(t, out.Decision.Winner, got.Decision.Winner)
	assert.Equal(t, "r2:decision", got.Decision.ID)
	assert.Equal(t, "edit", council.RunKind(got.Run))
	assert.Equal(t, "plan", council.RunKind(out.Run))

	// Replay makes it again from its parent; a stored edit that says
	// otherwise is noticed.
	_, diffs, err := council.ReplayEdit(parent, got.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs)
	tampered := got.Record()
	tampered.Run.Edit = &bh.PlanEdit{Ops: []bh.PlanOp{bh.Drop(w.Blocks[0])}, By: "U1", At: monday10}
	_, diffs, err = council.ReplayEdit(parent, tampered)
	require.NoError(t, err)
	assert.Equal(t, []string{"change", "proposals", "handoff.md"}, diffs)
	_, _, err = council.ReplayEdit(got.Record(), got.Record())
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), "not its parent")
}
