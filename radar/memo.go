package radar

import (
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// factMemo keeps each note's facts between looks at a shift. What a note
// says does not depend on when it is read (relative words count from when
// it was written), so a look normalises only the notes that are new or
// changed, and its cost follows the notes that changed, not all the open
// ones. A shift's memo holds only the notes of its latest look, so done and
// removed notes leave it.
type factMemo struct {
	mu      sync.Mutex
	byShift map[string]map[memoKey]bh.Fact
}

type memoKey struct {
	id  string
	rev int
	loc string
}

// facts normalises live (notes neither done nor removed) with normalize,
// reusing the facts of notes unchanged since the shift's last look.
func (m *factMemo) facts(shift string, live []bh.Note, loc *time.Location, now time.Time,
	normalize func([]bh.Note, *time.Location, time.Time) []bh.Fact) []bh.Fact {
	m.mu.Lock()
	prev := m.byShift[shift]
	m.mu.Unlock()
	next := make(map[memoKey]bh.Fact, len(live))
	out := make([]bh.Fact, 0, len(live))
	for _, n := range live {
		k := memoKey{n.ID, n.Rev, loc.String()}
		f, ok := prev[k]
		if !ok {
			fs := normalize([]bh.Note{n}, loc, now)
			if len(fs) != 1 {
				continue
			}
			f = fs[0]
		}
		out = append(out, f)
		// A note dated after now is read from now: not kept.
		if n.CreatedAt.Before(now) {
			next[k] = f
		}
	}
	m.mu.Lock()
	if m.byShift == nil {
		m.byShift = map[string]map[memoKey]bh.Fact{}
	}
	m.byShift[shift] = next
	m.mu.Unlock()
	return out
}
