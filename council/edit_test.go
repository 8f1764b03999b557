package council_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// The rules of an edit are the plan's own: every block the council placed
// keeps them, and an edit that moves the deadline's block past its due
// time is refused, naming it.
func TestEditRulesOfAPlan(t *testing.T) {
	notes := sampleNotes(monday10)
	fever := bh.Note{ID: "fever", TeamID: "T1", ShiftID: "s1", Text: "baby 38.4 fever since 6am", RawText: "baby 38.4 fever since 6am", Tag: bh.TagNote,
		TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-time.Hour), Rev: 1}
	notes = append(notes, fever)
	run := runOf(1, bh.EnergyAuto)
	run.Quiet = &bh.QuietHours{From: 22, To: 6}
	out := runCouncil(t, notes, run)

	rules := council.EditRules(out.Run, out.Pack)
	loc := out.Run.Location(time.UTC)
	assert.Equal(t, monday10, rules.Start)
	assert.Equal(t, monday10.Add(12*time.Hour), rules.End)
	assert.Equal(t, &bh.QuietHours{From: 22, To: 6}, rules.Quiet)
	assert.True(t, rules.Health["fever"], "the health note")
	due, ok := rules.Dues["n2"]
	require.True(t, ok, "the deposit form's deadline")
	assert.Equal(t, time.Date(2026, 11, 24, 17, 0, 0, 0, loc), due.In(loc))

	for _, p := range out.Proposals {
		assert.NoError(t, bh.CheckPlan(p.Blocks, rules), "%s keeps every rule", p.Archetype)
	}

	// The form's block moved past its due time.
	var form bh.Block
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			if len(b.NoteIDs) == 1 && b.NoteIDs[0] == "n2" {
				form = b
			}
		}
	}
	require.NotZero(t, form.Start, "a plan does the form")
	_, err := bh.Apply([]bh.Block{form}, []bh.PlanOp{bh.MoveTo(form, due)}, rules)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "after it is due at Tue 17:00")

	// A handoff's plan keeps no quiet hours.
	out.Run.Rest = []bh.Rest{{UserID: "U2", Start: monday10, End: monday10.Add(time.Hour)}}
	assert.Nil(t, council.EditRules(out.Run, out.Pack).Quiet)
}
