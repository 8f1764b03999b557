package babyhandoff_test

import (
	"testing"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// FuzzApply applies random op lists to a plan that keeps every rule. After
// every accepted op every rule still holds, checked here on its own terms
// (not by CheckPlan); a refused op changes nothing and says why; a list is
// all or nothing.
func FuzzApply(f *testing.F) {
	f.Add([]byte{3, 0, 2, 0})
	f.Add([]byte{5, 0, 1, 0, 3, 4, 0, 20})
	f.Add([]byte{2, 7, 1, 0, 4, 3, 0, 0, 1, 2, 0, 0})
	f.Add([]byte{5, 3, 7, 9, 3, 1, 255, 0, 4, 0, 0, 0})
	fx := newEditFixture(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		cur := clone(fx.blocks)
		var ops []bh.PlanOp
		allOK := true
		for len(data) >= 4 && len(ops) < 12 {
			op := decodeOp(fx, cur, data[:4])
			data = data[4:]
			ops = append(ops, op)
			before := clone(cur)
			got, ch, err := bh.ApplyChange(cur, []bh.PlanOp{op}, fx.rules)
			if !equalBlocks(before, cur) {
				t.Fatalf("Apply changed the plan it was given: %+v", op)
			}
			if err != nil {
				allOK = false
				if got != nil {
					t.Fatalf("a refused op returned a plan: %+v", op)
				}
				if c := bh.ErrorCode(err); c != bh.EINVALID && c != bh.ECONFLICT {
					t.Fatalf("refused with code %q: %v", c, err)
				}
				if bh.ErrorMessage(err) == bh.ErrorMessage(bh.Internal(errTest)) {
					t.Fatalf("refused without a reason: %v", err)
				}
				continue
			}
			if ch.Text == "" {
				t.Fatalf("an accepted op says nothing of what it did: %+v", op)
			}
			keepsRules(t, fx, got, op)
			cur = got
		}
		// The same list at once: the same plan when every op was
		// accepted, and nothing at all when one was refused.
		all, err := bh.Apply(fx.blocks, ops, fx.rules)
		switch {
		case allOK && err != nil:
			t.Fatalf("each op fits alone, the list is refused: %v", err)
		case allOK && !equalBlocks(all, cur):
			t.Fatalf("the list and its ops one by one differ:\n%+v\n%+v", all, cur)
		case !allOK && err == nil:
			t.Fatalf("a list with a refused op was accepted")
		}
	})
}

type testErr struct{}

func (testErr) Error() string { return "test" }

var errTest = testErr{}

// decodeOp reads one op from four bytes: its kind, its block (or item),
// an amount and a time.
func decodeOp(fx editFixture, cur []bh.Block, b []byte) bh.PlanOp {
	steps := time.Duration(int8(b[2])) * bh.EditStep
	to := time.Time{}
	if b[3]%2 == 1 {
		to = fx.rules.Start.Add(time.Duration(int(b[3])-40) * bh.EditStep)
	}
	if b[0]%6 == 5 || len(cur) == 0 {
		ids := []string{"n1", "n3", "n6", "n7", "n8", "n9", "n10"}
		kinds := []string{"admin", "errand", "focus", "home", "rest", "commitment", "care"}
		id := ids[int(b[1])%len(ids)]
		op := bh.AddItem(bh.Item{Text: "Item " + id, NoteIDs: []string{id}}, kinds[int(b[1]/8)%len(kinds)], time.Duration(b[2]%12)*bh.EditStep)
		op.To = to
		return op
	}
	blk := cur[int(b[1])%len(cur)]
	switch b[0] % 6 {
	case 0:
		return bh.Drop(blk)
	case 1:
		return bh.Resize(blk, steps)
	case 2:
		if !to.IsZero() {
			return bh.MoveTo(blk, to)
		}
		return bh.MoveBy(blk, steps)
	case 3:
		return bh.MoveBy(blk, bh.MoveStep*time.Duration(1-2*int(b[2]%2)))
	default:
		return bh.SwapNext(blk)
	}
}

// keepsRules checks every rule on bs directly: the fixed blocks as they
// were, the others inside the window and outside quiet hours (minute by
// minute on the shift's clock), by their deadlines, no health note, no
// overlap.
func keepsRules(t *testing.T, fx editFixture, bs []bh.Block, op bh.PlanOp) {
	t.Helper()
	fixed := 0
	for i, b := range bs {
		for j := i + 1; j < len(bs); j++ {
			if b.Start.Before(bs[j].End) && bs[j].Start.Before(b.End) {
				t.Fatalf("after %+v: %q overlaps %q", op, b.Title, bs[j].Title)
			}
		}
		if b.Start.Equal(fx.ped.Start) && b.Title == fx.ped.Title && b.End.Equal(fx.ped.End) ||
			b.Start.Equal(fx.night.Start) && b.Title == fx.night.Title && b.End.Equal(fx.night.End) {
			fixed++
			continue
		}
		if b.Kind == "commitment" || b.Kind == "care" {
			t.Fatalf("after %+v: a %s block %q", op, b.Kind, b.Title)
		}
		if b.End.Sub(b.Start) < bh.EditStep || b.Start.Before(fx.rules.Start) || b.End.After(fx.rules.End) {
			t.Fatalf("after %+v: %q at %v–%v, outside the window or too short", op, b.Title, b.Start, b.End)
		}
		for m := b.Start; m.Before(b.End); m = m.Add(time.Minute) {
			if h := m.In(fx.loc).Hour(); h >= 22 || h < 6 {
				t.Fatalf("after %+v: %q in quiet hours at %v", op, b.Title, m.In(fx.loc))
			}
		}
		for _, id := range b.NoteIDs {
			if due, ok := fx.rules.Dues[id]; ok && due.After(fx.rules.Start) && b.End.After(due) {
				t.Fatalf("after %+v: %q ends after its due time", op, b.Title)
			}
			if fx.rules.Health[id] {
				t.Fatalf("after %+v: %q plans a health note", op, b.Title)
			}
		}
	}
	if fixed != 2 {
		t.Fatalf("after %+v: the commitment or the night changed", op)
	}
	for i := 1; i < len(bs); i++ {
		if bs[i].Start.Before(bs[i-1].Start) {
			t.Fatalf("after %+v: not in time order", op)
		}
	}
}

func equalBlocks(a, b []bh.Block) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if !x.Start.Equal(y.Start) || !x.End.Equal(y.End) || x.Title != y.Title || x.Kind != y.Kind || len(x.NoteIDs) != len(y.NoteIDs) {
			return false
		}
		for k := range x.NoteIDs {
			if x.NoteIDs[k] != y.NoteIDs[k] {
				return false
			}
		}
	}
	return true
}
