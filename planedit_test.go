package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// editFixture is a plan of Mon 14:00 – Tue 08:00 in New York with quiet
// hours 22–6 (so across midnight), a fixed commitment, a deadline due at
// 17:00 and a health note (n9) that no block may do.
type editFixture struct {
	loc                          *time.Location
	rules                        bh.PlanRules
	wipes, ped, form, nap, essay bh.Block
	nap2, night, laundry         bh.Block
	blocks                       []bh.Block
	at                           func(day, h, m int) time.Time
	hm                           func(h, m int) time.Time
	tue                          func(h, m int) time.Time
	formDue                      time.Time
}

func newEditFixture(t testing.TB) editFixture {
	t.Helper()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	f := editFixture{loc: ny}
	f.at = func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, ny) }
	f.hm = func(h, m int) time.Time { return f.at(23, h, m) }
	f.tue = func(h, m int) time.Time { return f.at(24, h, m) }
	f.formDue = f.hm(17, 0)
	blk := func(from, to time.Time, title, kind string, ids ...string) bh.Block {
		return bh.Block{Start: from, End: to, Title: title, Kind: kind, NoteIDs: ids}
	}
	f.wipes = blk(f.hm(14, 0), f.hm(14, 30), "Errand run: wipes", "errand", "n1")
	f.ped = blk(f.hm(15, 0), f.hm(16, 0), "Pediatrician", "commitment", "n2")
	f.form = blk(f.hm(16, 30), f.hm(17, 0), "Daycare form — due Mon 17:00", "admin", "n3")
	f.nap = blk(f.hm(17, 0), f.hm(18, 0), "Rest / nap window", "rest")
	f.essay = blk(f.hm(19, 0), f.hm(19, 45), "Essay", "focus", "n4")
	f.nap2 = blk(f.hm(20, 0), f.hm(20, 45), "Rest / nap window", "rest")
	f.night = blk(f.hm(22, 0), f.tue(6, 0), "Night sleep (quiet hours)", "rest")
	f.laundry = blk(f.tue(6, 30), f.tue(7, 30), "Laundry", "home", "n5")
	f.blocks = []bh.Block{f.wipes, f.ped, f.form, f.nap, f.essay, f.nap2, f.night, f.laundry}
	f.rules = bh.PlanRules{
		Start: f.hm(14, 0), End: f.tue(8, 0), Loc: ny, Quiet: &bh.QuietHours{From: 22, To: 6},
		Dues:   map[string]time.Time{"n3": f.formDue, "n7": f.hm(14, 15), "n8": f.hm(9, 0)},
		Health: map[string]bool{"n9": true},
	}
	return f
}

func TestEditFixtureKeepsEveryRule(t *testing.T) {
	f := newEditFixture(t)
	require.NoError(t, bh.CheckPlan(f.blocks, f.rules))
}

// moved is f's blocks with old replaced by nu (nu zero: dropped), in the
// order Apply returns them.
func moved(f editFixture, changes ...[2]bh.Block) []bh.Block {
	var out []bh.Block
	for _, b := range f.blocks {
		keep := true
		for _, c := range changes {
			if b.Start.Equal(c[0].Start) && b.Title == c[0].Title {
				keep = false
				if !c[1].Start.IsZero() {
					out = append(out, c[1])
				}
			}
		}
		if keep {
			out = append(out, b)
		}
	}
	for _, c := range changes {
		if c[0].Start.IsZero() {
			out = append(out, c[1])
		}
	}
	sortByStart(out)
	return out
}

func sortByStart(bs []bh.Block) {
	for i := 1; i < len(bs); i++ {
		for j := i; j > 0 && (bs[j].Start.Before(bs[j-1].Start) || bs[j].Start.Equal(bs[j-1].Start) && bs[j].Title < bs[j-1].Title); j-- {
			bs[j], bs[j-1] = bs[j-1], bs[j]
		}
	}
}

func at(b bh.Block, from, to time.Time) bh.Block { b.Start, b.End = from, to; return b }

func TestApply(t *testing.T) {
	f := newEditFixture(t)
	stale := bh.RefOf(f.wipes)
	stale.Start = f.hm(9, 0)
	gone := bh.PlanOp{Kind: bh.OpDrop, Block: bh.BlockRef{Key: "errand/n42", Start: f.hm(14, 0)}}
	napMoved := bh.PlanOp{Kind: bh.OpMove, Block: bh.BlockRef{Key: bh.BlockKey(f.nap), Start: f.hm(17, 30)}, By: bh.MoveStep}
	item := func(text string, ids ...string) bh.Item { return bh.Item{Text: text, NoteIDs: ids} }
	addAt := func(op bh.PlanOp, to time.Time) bh.PlanOp { op.To = to; return op }
	tests := []struct {
		name string
		ops  []bh.PlanOp
		want []bh.Block // nil: refused
		code string
		why  string // the reason, exactly
	}{
		// Move.
		{name: "later: ends as the commitment starts", ops: []bh.PlanOp{bh.MoveBy(f.wipes, bh.MoveStep)},
			want: moved(f, [2]bh.Block{f.wipes, at(f.wipes, f.hm(14, 30), f.hm(15, 0))})},
		{name: "earlier: before the window opens", ops: []bh.PlanOp{bh.MoveBy(f.wipes, -bh.MoveStep)},
			why: "Moving “Errand run: wipes” to 13:30 would start it at 13:30, before this plan's window opens at 14:00."},
		{name: "later into the commitment", ops: []bh.PlanOp{bh.MoveBy(f.wipes, time.Hour)},
			why: "Moving “Errand run: wipes” to 15:00 would overlap “Pediatrician” (15:00–16:00, a fixed commitment)."},
		{name: "earlier: starts as the commitment ends", ops: []bh.PlanOp{bh.MoveBy(f.form, -bh.MoveStep)},
			want: moved(f, [2]bh.Block{f.form, at(f.form, f.hm(16, 0), f.hm(16, 30))})},
		{name: "a deadline moved past its due time", ops: []bh.PlanOp{bh.MoveTo(f.form, f.hm(18, 0))},
			why: "Moving “Daycare form” to 18:00 would end it at 18:30, after it is due at 17:00."},
		{name: "past its due time and the window: late is said first", ops: []bh.PlanOp{bh.MoveTo(f.form, f.tue(7, 45))},
			why: "Moving “Daycare form” to Tue 07:45 would end it at Tue 08:15, after it is due at 17:00."},
		{name: "later by a step: past due before any overlap", ops: []bh.PlanOp{bh.MoveBy(f.form, bh.MoveStep)},
			why: "Moving “Daycare form” to 17:00 would end it at 17:30, after it is due at 17:00."},
		{name: "to the window's last minute", ops: []bh.PlanOp{bh.MoveBy(f.laundry, bh.MoveStep)},
			want: moved(f, [2]bh.Block{f.laundry, at(f.laundry, f.tue(7, 0), f.tue(8, 0))})},
		{name: "past the window's end", ops: []bh.PlanOp{bh.MoveBy(f.laundry, time.Hour)},
			why: "Moving “Laundry” to Tue 07:30 would end it at Tue 08:30, after this plan's window closes at Tue 08:00."},
		{name: "earlier: to the end of quiet hours", ops: []bh.PlanOp{bh.MoveBy(f.laundry, -bh.MoveStep)},
			want: moved(f, [2]bh.Block{f.laundry, at(f.laundry, f.tue(6, 0), f.tue(7, 0))})},
		{name: "earlier: into the morning's quiet hours", ops: []bh.PlanOp{bh.MoveBy(f.laundry, -time.Hour)},
			why: "Moving “Laundry” to Tue 05:30 would run into quiet hours (22:00–06:00) at Tue 05:30: they are kept for sleep."},
		{name: "past midnight, in quiet hours", ops: []bh.PlanOp{bh.MoveTo(f.essay, f.tue(0, 30))},
			why: "Moving “Essay” to Tue 00:30 would run into quiet hours (22:00–06:00) at Tue 00:30: they are kept for sleep."},
		{name: "running into the evening's quiet hours", ops: []bh.PlanOp{bh.MoveTo(f.essay, f.hm(21, 30))},
			why: "Moving “Essay” to 21:30 would run into quiet hours (22:00–06:00) at 22:00: they are kept for sleep."},
		{name: "a nap into quiet hours", ops: []bh.PlanOp{bh.MoveTo(f.nap2, f.hm(21, 30))},
			why: "Moving “Rest / nap window” to 21:30 would run into quiet hours (22:00–06:00) at 22:00: they are kept for sleep."},
		{name: "a nap wholly into the night's quiet hours, outside the window", ops: []bh.PlanOp{bh.MoveTo(f.nap, f.hm(4, 15))},
			why: "Moving “Rest / nap window” to 04:15 would start it at 04:15, before this plan's window opens at 14:00."},
		{name: "a nap wholly into quiet hours past the night", ops: []bh.PlanOp{bh.Drop(f.laundry), bh.MoveTo(f.nap, f.tue(6, 0)), bh.MoveTo(f.nap2, f.tue(5, 0))},
			why: "Moving “Rest / nap window” to Tue 05:00 would run into quiet hours (22:00–06:00) at Tue 05:00: they are kept for sleep."},
		{name: "onto another block", ops: []bh.PlanOp{bh.MoveTo(f.essay, f.hm(17, 30))},
			why: "Moving “Essay” to 17:30 would overlap “Rest / nap window” (17:00–18:00)."},
		{name: "a fixed commitment", ops: []bh.PlanOp{bh.MoveBy(f.ped, bh.MoveStep)},
			why: "“Pediatrician” is a fixed commitment (15:00–16:00): it stays as it is."},
		{name: "the night", ops: []bh.PlanOp{bh.MoveBy(f.night, -bh.MoveStep)},
			why: "“Night sleep (quiet hours)” is the night kept for sleep by quiet hours (22:00–06:00): change the quiet hours instead."},
		{name: "an old card's block, moved since: still its item's only block", ops: []bh.PlanOp{{Kind: bh.OpMove, Block: stale, By: bh.MoveStep}},
			want: moved(f, [2]bh.Block{f.wipes, at(f.wipes, f.hm(14, 30), f.hm(15, 0))})},
		{name: "one of two naps, by its start", ops: []bh.PlanOp{bh.MoveBy(f.nap2, bh.MoveStep)},
			want: moved(f, [2]bh.Block{f.nap2, at(f.nap2, f.hm(20, 30), f.hm(21, 15))})},
		{name: "one of two naps, neither where the card saw it", ops: []bh.PlanOp{napMoved}, code: bh.ECONFLICT,
			why: "That block no longer starts at 17:30: the plan changed since. Look at the latest card."},
		{name: "a block no longer in the plan", ops: []bh.PlanOp{gone}, code: bh.ECONFLICT,
			why: "That block is no longer in the plan: it was dropped or changed since. Look at the latest card."},
		{name: "nowhere to", ops: []bh.PlanOp{{Kind: bh.OpMove, Block: bh.RefOf(f.essay)}},
			why: "Say where “Essay” should move."},

		// Shorter / longer.
		{name: "longer", ops: []bh.PlanOp{bh.Resize(f.wipes, bh.EditStep)},
			want: moved(f, [2]bh.Block{f.wipes, at(f.wipes, f.hm(14, 0), f.hm(14, 45))})},
		{name: "longer into the commitment", ops: []bh.PlanOp{bh.Resize(f.wipes, time.Hour)},
			why: "Making “Errand run: wipes” 1 h 30 min long would overlap “Pediatrician” (15:00–16:00, a fixed commitment)."},
		{name: "shorter", ops: []bh.PlanOp{bh.Resize(f.wipes, -bh.EditStep)},
			want: moved(f, [2]bh.Block{f.wipes, at(f.wipes, f.hm(14, 0), f.hm(14, 15))})},
		{name: "shorter than a step", ops: []bh.PlanOp{bh.Resize(f.wipes, -bh.EditStep), bh.Resize(f.wipes, -bh.EditStep)},
			why: "“Errand run: wipes” is 15 min long: it cannot be shorter than 15 min."},
		{name: "a deadline longer past its due time", ops: []bh.PlanOp{bh.Resize(f.form, bh.EditStep)},
			why: "Making “Daycare form” 45 min long would end it at 17:15, after it is due at 17:00."},
		{name: "longer to the window's end", ops: []bh.PlanOp{bh.Resize(f.laundry, 2*bh.EditStep)},
			want: moved(f, [2]bh.Block{f.laundry, at(f.laundry, f.tue(6, 30), f.tue(8, 0))})},
		{name: "longer past the window's end", ops: []bh.PlanOp{bh.Resize(f.laundry, 3*bh.EditStep)},
			why: "Making “Laundry” 1 h 45 min long would end it at Tue 08:15, after this plan's window closes at Tue 08:00."},
		{name: "longer into quiet hours", ops: []bh.PlanOp{bh.Resize(f.essay, 150*time.Minute)},
			why: "Making “Essay” 3 h 15 min long would run into quiet hours (22:00–06:00) at 22:00: they are kept for sleep."},
		{name: "a commitment shorter", ops: []bh.PlanOp{bh.Resize(f.ped, -bh.EditStep)},
			why: "“Pediatrician” is a fixed commitment (15:00–16:00): it stays as it is."},
		{name: "by nothing", ops: []bh.PlanOp{bh.Resize(f.essay, 0)},
			why: "Say how much shorter or longer “Essay” should be."},

		// Drop.
		{name: "drop", ops: []bh.PlanOp{bh.Drop(f.essay)}, want: moved(f, [2]bh.Block{f.essay, {}})},
		{name: "drop a commitment", ops: []bh.PlanOp{bh.Drop(f.ped)},
			why: "“Pediatrician” is a fixed commitment (15:00–16:00): it stays as it is."},
		{name: "drop the night", ops: []bh.PlanOp{bh.Drop(f.night)},
			why: "“Night sleep (quiet hours)” is the night kept for sleep by quiet hours (22:00–06:00): change the quiet hours instead."},
		{name: "drop twice: all or nothing", ops: []bh.PlanOp{bh.Drop(f.essay), bh.Drop(f.essay)}, code: bh.ECONFLICT,
			why: "That block is no longer in the plan: it was dropped or changed since. Look at the latest card."},

		// Swap with next.
		{name: "swap: the gap kept", ops: []bh.PlanOp{bh.SwapNext(f.nap)},
			want: moved(f, [2]bh.Block{f.nap, at(f.nap, f.hm(18, 45), f.hm(19, 45))}, [2]bh.Block{f.essay, at(f.essay, f.hm(17, 0), f.hm(17, 45))})},
		{name: "swap a deadline past its due time", ops: []bh.PlanOp{bh.SwapNext(f.form)},
			why: "Swapping “Daycare form” with “Rest / nap window” would end it at 18:00, after it is due at 17:00."},
		{name: "swap with a commitment", ops: []bh.PlanOp{bh.SwapNext(f.wipes)},
			why: "“Errand run: wipes” cannot swap with “Pediatrician”, which is a fixed commitment (15:00–16:00): it stays as it is."},
		{name: "swap with the night", ops: []bh.PlanOp{bh.SwapNext(f.nap2)},
			why: "“Rest / nap window” cannot swap with “Night sleep (quiet hours)”, which is the night kept for sleep by quiet hours (22:00–06:00): change the quiet hours instead."},
		{name: "swap the last block", ops: []bh.PlanOp{bh.SwapNext(f.laundry)},
			why: "“Laundry” is the plan's last block: there is nothing after it to swap with."},

		// Add an item that waits for later.
		{name: "add: the earliest free step", ops: []bh.PlanOp{bh.AddItem(item("Call insurance", "n6"), "admin", 0)},
			want: moved(f, [2]bh.Block{{}, {Start: f.hm(14, 30), End: f.hm(15, 0), Title: "Call insurance", Kind: "admin", NoteIDs: []string{"n6"}}})},
		{name: "add a long one: after the evening's blocks", ops: []bh.PlanOp{bh.AddItem(item("Tax return", "n6"), "focus", 75*time.Minute)},
			want: moved(f, [2]bh.Block{{}, {Start: f.hm(20, 45), End: f.hm(22, 0), Title: "Tax return", Kind: "focus", NoteIDs: []string{"n6"}}})},
		{name: "add: no room that long", ops: []bh.PlanOp{bh.AddItem(item("Tax return", "n6"), "focus", 3*time.Hour)},
			why: "There is no free 3 h in this plan's window for “Tax return”, outside quiet hours (22:00–06:00); it waits for a later plan."},
		{name: "add: no room before it is due", ops: []bh.PlanOp{bh.AddItem(item("Pay bill", "n7"), "admin", 0)},
			why: "There is no free 30 min in this plan's window before “Pay bill” is due at 14:15, outside quiet hours (22:00–06:00); it waits for a later plan."},
		{name: "add: overdue binds nothing", ops: []bh.PlanOp{bh.AddItem(item("Return form", "n8"), "admin", 0)},
			want: moved(f, [2]bh.Block{{}, {Start: f.hm(14, 30), End: f.hm(15, 0), Title: "Return form", Kind: "admin", NoteIDs: []string{"n8"}}})},
		{name: "add at a time on a commitment", ops: []bh.PlanOp{addAt(bh.AddItem(item("Call insurance", "n6"), "admin", 0), f.hm(15, 30))},
			why: "Adding “Call insurance” at 15:30 would overlap “Pediatrician” (15:00–16:00, a fixed commitment)."},
		{name: "add at a time in quiet hours", ops: []bh.PlanOp{addAt(bh.AddItem(item("Call insurance", "n6"), "admin", 0), f.tue(5, 0))},
			why: "Adding “Call insurance” at Tue 05:00 would run into quiet hours (22:00–06:00) at Tue 05:00: they are kept for sleep."},
		{name: "add a health note", ops: []bh.PlanOp{bh.AddItem(item("Rash on arm", "n9"), "home", 0)},
			why: "Adding “Rash on arm” would plan a health note: health notes are listed apart for a licensed professional, never planned."},
		{name: "add a health note at a time", ops: []bh.PlanOp{addAt(bh.AddItem(item("Rash on arm", "n9"), "home", 0), f.hm(18, 0))},
			why: "Adding “Rash on arm” at 18:00 would plan a health note: health notes are listed apart for a licensed professional, never planned."},
		{name: "add what is planned already", ops: []bh.PlanOp{bh.AddItem(item("Wipes", "n1"), "errand", 0)},
			why: "“Wipes” is already in the plan at 14:00."},
		{name: "add as a commitment", ops: []bh.PlanOp{bh.AddItem(item("Dentist", "n6"), "commitment", 0)},
			why: "“Dentist” cannot be added as a commitment: commitments come from notes with a time, and health notes are never planned."},
		{name: "add without a title", ops: []bh.PlanOp{bh.AddItem(item(" ", "n6"), "home", 0)},
			why: "An item added to the plan needs a title."},

		// Lists.
		{name: "a list: the second op sees the first", ops: []bh.PlanOp{bh.Drop(f.wipes), bh.AddItem(item("Call insurance", "n6"), "admin", 0)},
			want: moved(f, [2]bh.Block{f.wipes, {Start: f.hm(14, 0), End: f.hm(14, 30), Title: "Call insurance", Kind: "admin", NoteIDs: []string{"n6"}}})},
		{name: "a list: one refused op refuses all", ops: []bh.PlanOp{bh.Drop(f.essay), bh.MoveBy(f.wipes, time.Hour)},
			why: "Moving “Errand run: wipes” to 15:00 would overlap “Pediatrician” (15:00–16:00, a fixed commitment)."},
		{name: "an unknown op", ops: []bh.PlanOp{{Kind: "explode", Block: bh.RefOf(f.essay)}},
			why: "That is not a change a plan knows (\"explode\")."},
		{name: "no ops: the plan as it was", ops: nil, want: moved(f)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := clone(f.blocks)
			got, err := bh.Apply(f.blocks, tt.ops, f.rules)
			assert.Equal(t, before, f.blocks, "the plan given is never changed")
			if tt.want == nil {
				require.Error(t, err)
				assert.Nil(t, got)
				code := tt.code
				if code == "" {
					code = bh.EINVALID
				}
				assert.Equal(t, code, bh.ErrorCode(err))
				assert.Equal(t, tt.why, bh.ErrorMessage(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.NoError(t, bh.CheckPlan(got, f.rules), "every rule still holds")
		})
	}
}

func clone(bs []bh.Block) []bh.Block {
	out := make([]bh.Block, len(bs))
	for i, b := range bs {
		b.NoteIDs = append([]string(nil), b.NoteIDs...)
		out[i] = b
	}
	return out
}

// A handoff's plan keeps no quiet hours (its person is on duty through
// the night): an edit may go there.
func TestApplyWithoutQuietHours(t *testing.T) {
	f := newEditFixture(t)
	f.rules.Quiet = nil
	blocks := []bh.Block{f.essay}
	got, err := bh.Apply(blocks, []bh.PlanOp{bh.MoveTo(f.essay, f.tue(0, 30))}, f.rules)
	require.NoError(t, err)
	assert.Equal(t, []bh.Block{at(f.essay, f.tue(0, 30), f.tue(1, 15))}, got)
}

func TestCheckPlan(t *testing.T) {
	f := newEditFixture(t)
	health := bh.Block{Start: f.hm(18, 0), End: f.hm(18, 30), Title: "Check the rash", Kind: "home", NoteIDs: []string{"n9"}}
	late := at(f.form, f.hm(17, 0), f.hm(17, 30))
	for _, tt := range []struct {
		name   string
		blocks []bh.Block
		why    string
	}{
		{"a health note planned", append(clone(f.blocks), health), "Keeping “Check the rash” would plan a health note"},
		{"a deadline late", []bh.Block{late}, "after it is due at 17:00"},
		{"two blocks at once", []bh.Block{f.wipes, at(f.essay, f.hm(14, 15), f.hm(15, 0))}, "would overlap"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := bh.CheckPlan(tt.blocks, f.rules)
			require.Error(t, err)
			assert.Contains(t, bh.ErrorMessage(err), tt.why)
		})
	}
}

func TestEditRun(t *testing.T) {
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	parent := bh.Run{ID: "r1", TeamID: "T1", ShiftID: "s1", Version: 2, Status: bh.StatusCompleted, Energy: bh.EnergyLow,
		HorizonH: 12, CardTS: "1.2", CardPosted: true, Quiet: &bh.QuietHours{From: 22, To: 6}, RequestedBy: "U1", CreatedAt: now.Add(-time.Hour), TraceID: "parenttrace"}
	ops := []bh.PlanOp{bh.Drop(bh.Block{Title: "Essay", Kind: "focus", NoteIDs: []string{"n4"}})}
	moved := bh.Change{Text: "moved “Essay” to 16:00", Stamps: []bh.Stamp{bh.StampOf(now.Add(time.Hour), "15:04")}}
	r := bh.EditRun(parent, bh.PlanEdit{Ops: ops, By: "U2", At: now}, moved)
	assert.Equal(t, "", r.ID, "the store names it")
	assert.Equal(t, 0, r.Version, "the store numbers it")
	assert.Equal(t, "r1", r.ParentRunID)
	assert.Equal(t, &bh.PlanEdit{Ops: ops, By: "U2", At: now}, r.Edit)
	assert.Equal(t, "U2", r.RequestedBy)
	assert.Equal(t, moved.Text, r.Change)
	assert.Equal(t, moved.Stamps, r.ChangeStamps)
	assert.Equal(t, bh.StatusQueued, r.Status)
	assert.Equal(t, bh.EnergyLow, r.Energy, "the parent's settings")
	assert.Equal(t, 12, r.HorizonH)
	assert.False(t, r.CardPosted, "its own card")
	assert.Equal(t, now, r.CreatedAt)
	assert.Empty(t, r.TraceID, "its own work's trace, not the parent's")
	r.Quiet.From = 23
	assert.Equal(t, 22, parent.Quiet.From, "the parent is not changed")
}

func TestBlockKey(t *testing.T) {
	assert.Equal(t, "errand/n1+n2", bh.BlockKey(bh.Block{Title: "Errand run: a; b", Kind: "errand", NoteIDs: []string{"n1", "n2"}}))
	assert.Equal(t, "rest/Rest / nap window", bh.BlockKey(bh.Block{Title: "Rest / nap window", Kind: "rest"}))
}

// A refusal is read by the person who edits: on their clock.
func TestApplyRefusesOnTheReadersClock(t *testing.T) {
	f := newEditFixture(t)
	f.rules.Clock = bh.Clock12
	for _, tt := range []struct {
		name string
		op   bh.PlanOp
		why  string
	}{
		{"late", bh.MoveTo(f.form, f.hm(18, 0)), "Moving “Daycare form” to 6 PM would end it at 6:30 PM, after it is due at 5 PM."},
		{"a commitment", bh.MoveTo(f.wipes, f.hm(15, 30)), "Moving “Errand run: wipes” to 3:30 PM would overlap “Pediatrician” (3–4 PM, a fixed commitment)."},
		{"the next day", bh.MoveBy(f.laundry, time.Hour), "Moving “Laundry” to Tue 7:30 AM would end it at Tue 8:30 AM, after this plan's window closes at Tue 8 AM."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := bh.Apply(f.blocks, []bh.PlanOp{tt.op}, f.rules)
			assert.Equal(t, tt.why, bh.ErrorMessage(err))
		})
	}
}

// What an edit did, in one line for the thread and the run's Change: its
// times on the shift's 24-hour clock, kept as stamps for each reader's.
func TestApplyChange(t *testing.T) {
	f := newEditFixture(t)
	f.rules.Clock = bh.Clock12
	ops := []bh.PlanOp{bh.MoveBy(f.laundry, -bh.MoveStep), bh.Resize(f.wipes, -bh.EditStep), bh.Resize(f.essay, bh.EditStep),
		bh.Drop(f.nap2), bh.SwapNext(f.nap), bh.AddItem(bh.Item{Text: "Call insurance", NoteIDs: []string{"n6"}}, "admin", 0)}
	got, ch, err := bh.ApplyChange(f.blocks, ops, f.rules)
	require.NoError(t, err)
	want, err := bh.Apply(f.blocks, ops, f.rules)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, "moved “Laundry” to Tue 06:00; made “Errand run: wipes” shorter (15 min); made “Essay” longer (1 h); "+
		"dropped “Rest / nap window”; swapped “Rest / nap window” with “Essay”; added “Call insurance” at 14:15", ch.Text)
	assert.Equal(t, []bh.Stamp{bh.StampOf(f.tue(6, 0), "Mon 15:04"), bh.StampOf(f.hm(14, 15), "15:04")}, ch.Stamps)
	assert.Equal(t, "moved “Laundry” to Tue 6 AM; made “Errand run: wipes” shorter (15 min); made “Essay” longer (1 h); "+
		"dropped “Rest / nap window”; swapped “Rest / nap window” with “Essay”; added “Call insurance” at 2:15 PM",
		bh.Clock12.Restamp(ch.Text, ch.Stamps, f.loc), "a reader's clock")
}

// Quiet hours are on the shift's clock, hour by hour: through a night the
// clocks go back, and in a zone half an hour off UTC.
func TestApplyQuietHoursOnTheShiftsClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	require.NoError(t, err)
	quiet := &bh.QuietHours{From: 22, To: 6}
	// 2026-11-01: New York's 02:00 EDT is 01:00 EST, so 01:00–02:00 comes twice.
	fallBack := time.Date(2026, 11, 1, 5, 30, 0, 0, time.UTC) // 01:30 EDT, the first
	for _, tt := range []struct {
		name     string
		loc      *time.Location
		from, to time.Time // the window
		block    bh.Block
		to2      time.Time // where it moves
		want     string    // "" when it fits
	}{
		{"the second 01:30 of a DST night", ny, time.Date(2026, 10, 31, 12, 0, 0, 0, ny), time.Date(2026, 11, 1, 12, 0, 0, 0, ny),
			bh.Block{Title: "Laundry", Kind: "home", Start: time.Date(2026, 11, 1, 7, 0, 0, 0, ny), End: time.Date(2026, 11, 1, 8, 0, 0, 0, ny)},
			fallBack.Add(time.Hour), "Moving “Laundry” to Sun 01:30 would run into quiet hours (22:00–06:00) at Sun 01:30: they are kept for sleep."},
		{"06:00 after a DST night", ny, time.Date(2026, 10, 31, 12, 0, 0, 0, ny), time.Date(2026, 11, 1, 12, 0, 0, 0, ny),
			bh.Block{Title: "Laundry", Kind: "home", Start: time.Date(2026, 11, 1, 7, 0, 0, 0, ny), End: time.Date(2026, 11, 1, 8, 0, 0, 0, ny)},
			time.Date(2026, 11, 1, 6, 0, 0, 0, ny), ""},
		{"half an hour off UTC: into 22:00", kolkata, time.Date(2026, 11, 23, 12, 0, 0, 0, kolkata), time.Date(2026, 11, 24, 0, 0, 0, 0, kolkata),
			bh.Block{Title: "Laundry", Kind: "home", Start: time.Date(2026, 11, 23, 13, 0, 0, 0, kolkata), End: time.Date(2026, 11, 23, 14, 0, 0, 0, kolkata)},
			time.Date(2026, 11, 23, 21, 30, 0, 0, kolkata), "Moving “Laundry” to 21:30 would run into quiet hours (22:00–06:00) at 22:00: they are kept for sleep."},
		{"half an hour off UTC: up to 22:00", kolkata, time.Date(2026, 11, 23, 12, 0, 0, 0, kolkata), time.Date(2026, 11, 24, 0, 0, 0, 0, kolkata),
			bh.Block{Title: "Laundry", Kind: "home", Start: time.Date(2026, 11, 23, 13, 0, 0, 0, kolkata), End: time.Date(2026, 11, 23, 14, 0, 0, 0, kolkata)},
			time.Date(2026, 11, 23, 21, 0, 0, 0, kolkata), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := bh.PlanRules{Start: tt.from, End: tt.to, Loc: tt.loc, Quiet: quiet}
			_, err := bh.Apply([]bh.Block{tt.block}, []bh.PlanOp{bh.MoveTo(tt.block, tt.to2)}, r)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tt.want, bh.ErrorMessage(err))
		})
	}
}
