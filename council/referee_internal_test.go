package council

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// Each rubric dimension on its own: the edges that decide a point.
func TestRubricScorers(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	at := func(h, m int) time.Time { return t0.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	ptr := func(t time.Time) *time.Time { return &t }
	block := func(kind, note string, from, to time.Time) bh.Block {
		return bh.Block{Kind: kind, Start: from, End: to, NoteIDs: []string{note}}
	}
	base := situation{start: t0, end: at(12, 0), energy: bh.EnergyMedium}
	with := func(change func(*situation)) *situation { s := base; change(&s); return &s }
	plan := func(bs ...bh.Block) bh.Proposal { return bh.Proposal{Blocks: bs} }
	class := bh.Block{Kind: "commitment", Start: at(3, 0), End: at(4, 0)}
	form := work{title: "form", due: ptr(at(6, 0)), noteIDs: []string{"n1"}}
	wipes := work{restock: []string{"wipes"}, critical: true, noteIDs: []string{"n2"}}

	for _, tc := range []struct {
		name string
		rate func(*situation, bh.Proposal) (int, reason)
		s    *situation
		p    bh.Proposal
		want int
		why  string
	}{
		{"no commitments", rateCommitments, &base, plan(), 5, "No fixed commitments"},
		{"a block over a commitment", rateCommitments, with(func(s *situation) { s.commitments = []bh.Block{class} }),
			plan(block("errand", "n9", at(3, 30), at(4, 30))), 1, "overlap"},
		{"a block ending right at a commitment", rateCommitments, with(func(s *situation) { s.commitments = []bh.Block{class} }),
			plan(block("errand", "n9", at(2, 0), at(3, 0))), 4, "no buffer"},
		{"no deadlines", rateDeadlines, &base, plan(), 5, "No deadlines"},
		{"a deadline in the window left out", rateDeadlines, with(func(s *situation) { s.deadlines = []work{form} }), plan(), 1, "not in the plan"},
		{"a deadline planned after it is due", rateDeadlines, with(func(s *situation) { s.deadlines = []work{form} }),
			plan(block("admin", "n1", at(6, 0), at(6, 30))), 1, "after it is due"},
		{"a deadline done with little time to spare", rateDeadlines, with(func(s *situation) { s.deadlines = []work{form} }),
			plan(block("admin", "n1", at(5, 0), at(5, 30))), 4, "less than an hour"},
		{"a deadline done early", rateDeadlines, with(func(s *situation) { s.deadlines = []work{form} }),
			plan(block("admin", "n1", at(1, 0), at(1, 30))), 5, "time to spare"},
		{"low energy, little rest", rateEnergy, with(func(s *situation) { s.energy = bh.EnergyLow }),
			plan(block("rest", "", at(1, 0), at(1, 30))), 2, "Energy is low"},
		{"low energy, long rest but too much work", rateEnergy, with(func(s *situation) { s.energy = bh.EnergyLow }),
			plan(block("rest", "", at(0, 0), at(3, 0)), block("admin", "n1", at(3, 0), at(5, 0))), 4, "2 h of work"},
		{"low energy: the night's sleep is not the day's rest", rateEnergy, with(func(s *situation) {
			s.energy, s.night = bh.EnergyLow, []bh.Block{{Kind: "rest", Start: at(0, 0), End: at(8, 0)}}
		}), plan(block("rest", "", at(0, 0), at(8, 0)), block("rest", "", at(8, 0), at(8, 30))), 2, "30 min of rest"},
		{"a deadline due after the window can wait", rateDeadlines, with(func(s *situation) {
			s.deadlines = []work{{title: "form", due: ptr(at(30, 0)), noteIDs: []string{"n1"}}}
		}), plan(), 4, "left for later"},
		{"rest fills no day", rateTimeWindow, &base, plan(block("rest", "", at(0, 0), at(11, 0)), block("errand", "n9", at(11, 0), at(12, 0))), 5, "1 h planned in 12 h of waking time"},
		{"the night is not waking time", rateTimeWindow, with(func(s *situation) { s.night = []bh.Block{{Kind: "rest", Start: at(0, 0), End: at(8, 0)}} }),
			plan(block("errand", "n9", at(8, 0), at(11, 0))), 4, "3 h planned in 4 h of waking time, one trip; little slack"},
		{"high energy, little rest", rateEnergy, with(func(s *situation) { s.energy = bh.EnergyHigh }), plan(), 5, "Energy is high"},
		{"one trip", rateTimeWindow, &base, plan(block("errand", "n9", at(1, 0), at(2, 0))), 5, "one trip"},
		{"three trips", rateTimeWindow, &base, plan(block("errand", "a", at(1, 0), at(2, 0)), block("errand", "b", at(3, 0), at(4, 0)),
			block("errand", "c", at(5, 0), at(6, 0))), 3, "3 separate trips"},
		{"nothing running low", rateInventory, &base, plan(), 5, "Nothing is running low"},
		{"a critical item not restocked", rateInventory, with(func(s *situation) { s.restock = []work{wipes} }), plan(), 1, "runs out within a day"},
		{"a critical item restocked", rateInventory, with(func(s *situation) { s.restock = []work{wipes} }),
			plan(block("errand", "n2", at(1, 0), at(2, 0))), 5, "restocked in time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, why := tc.rate(tc.s, tc.p)
			assert.Equal(t, tc.want, v, why.text)
			assert.Contains(t, why.text, tc.why)
		})
	}
}

// A reason keeps the times it writes, for Slack to show in each reader's
// zone; the text reads the same without them.
func TestReasonKeepsItsTimes(t *testing.T) {
	due := time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC)
	s := &situation{start: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC), end: time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC), energy: bh.EnergyMedium,
		deadlines: []work{{title: "form", due: &due, noteIDs: []string{"n1"}}}}
	v, why := rateDeadlines(s, bh.Proposal{})
	assert.Equal(t, 1, v)
	assert.Equal(t, "“form” is due Tue 17:00 and not in the plan.", why.text)
	assert.Equal(t, []bh.Stamp{bh.StampOf(due, "Mon 15:04")}, why.stamps)

	r := sayf("%s runs low; restocked %s.", "wipes", bh.StampOf(due, "15:04")).about([]string{"n2"})
	assert.Equal(t, bh.Reason{Text: "wipes runs low; restocked 17:00.", NoteIDs: []string{"n2"}, Stamps: []bh.Stamp{bh.StampOf(due, "15:04")}}, r)
}

// The scorecard lists the rubric in its order, clamped, with the total.
func TestScoreWalksTheRubric(t *testing.T) {
	s := &situation{start: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), energy: bh.EnergyMedium}
	s.end = s.start.Add(12 * time.Hour)
	sc := score(s, bh.Proposal{Archetype: "Sleep-first"})
	var dims []string
	total := 0
	for _, d := range sc.Scores {
		dims = append(dims, d.Dimension)
		assert.True(t, d.Value >= 1 && d.Value <= 5)
		total += d.Value
	}
	assert.Equal(t, []string{bh.DimCommitments, bh.DimDeadline, bh.DimEnergy, bh.DimTimeWindow, bh.DimInventory}, dims)
	assert.Equal(t, total, sc.Total)
	assert.Equal(t, bh.Archetype("Sleep-first"), sc.Archetype)
}

// The referee never picks a plan with a block after its deadline, even
// when it scores higher (a model judge's scores, say).
func TestALatePlanNeverWins(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	due := t0.Add(3 * time.Hour)
	s := &situation{start: t0, end: t0.Add(12 * time.Hour), loc: time.UTC, energy: bh.EnergyMedium,
		deadlines: []work{{title: "deposit", due: &due, hard: &due, noteIDs: []string{"d"}}}}
	late := bh.Proposal{Archetype: bh.SleepFirst, Blocks: []bh.Block{{Kind: "admin", Start: t0.Add(13 * time.Hour), End: t0.Add(14 * time.Hour), NoteIDs: []string{"d"}}}}
	ok := bh.Proposal{Archetype: bh.AdminFirst}
	card := func(a bh.Archetype, v int) bh.Scorecard {
		c := bh.Scorecard{Archetype: a}
		for _, d := range bh.Dimensions {
			c.Scores = append(c.Scores, bh.Score{Dimension: d, Value: v})
			c.Total += v
		}
		return c
	}
	d := decide(s, []bh.Proposal{late, ok}, []bh.Scorecard{card(bh.SleepFirst, 5), card(bh.AdminFirst, 2)})
	assert.Equal(t, bh.AdminFirst, d.Winner)
}

// A heuristic plan is checked by the notes its blocks cite, never by
// their titles: a trip's title joins the words of several notes, which
// together may read as a concern none of them is. A block that cites a
// health note (a bug) is left out and said, never silently.
func TestHeuristicBlocksAreCheckedByNote(t *testing.T) {
	s := &situation{medical: []work{{title: "fever", noteIDs: []string{"h"}, medical: true}}}
	// Words that read as a concern, in a block of no health note.
	trip := bh.Block{Title: "Errand run: restock wipes; baby 38.9 fever", Kind: "errand", NoteIDs: []string{"b", "d"}}
	require.True(t, normalize.IsHealth(trip.Title), "the title reads as a concern (else this test tests nothing)")
	in := []bh.Block{{Title: "Call grandma", Kind: "admin", NoteIDs: []string{"t"}}, trip, {Title: "Nap", Kind: "rest", NoteIDs: []string{"x", "h"}}}
	kept, left := s.checked(in)
	assert.Equal(t, in[:2], kept)
	assert.Equal(t, []string{"a block for note h was left out: it is a health note (health notes are listed apart, never planned)"}, left)
}
