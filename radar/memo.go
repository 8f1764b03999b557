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
	byShift map[string]*shiftMemo
}

// shiftMemo is one shift's facts by note version, each marked with the
// look that last used it; a look drops the ones it did not use. It is
// kept and changed in place: building a new map of every open note on
// each look was most of the memo's cost on a shift of months.
type shiftMemo struct {
	mu    sync.Mutex // a look at one shift; others do not wait on it
	look  uint64
	facts map[memoKey]memoFact
}

type memoFact struct {
	fact bh.Fact
	look uint64
}

type memoKey struct {
	id  string
	rev int
	loc string
}

// facts normalises the notes of live that are the radar's to read (not
// leftOut: done, removed or a stray sample) with normalize, reusing the
// facts of notes unchanged since the shift's last look. The others are
// passed over here, not copied out first: a family's live notes hold the
// ones done within DoneWindow, so a copy was made on almost every look.
func (m *factMemo) facts(shift string, live []bh.Note, loc *time.Location, now time.Time,
	normalize func([]bh.Note, *time.Location, time.Time) []bh.Fact) []bh.Fact {
	m.mu.Lock()
	if m.byShift == nil {
		m.byShift = map[string]*shiftMemo{}
	}
	s := m.byShift[shift]
	if s == nil {
		s = &shiftMemo{facts: make(map[memoKey]memoFact, len(live))}
		m.byShift[shift] = s
	}
	m.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.look++
	zone := loc.String()
	out := make([]bh.Fact, 0, len(live))
	for _, n := range live {
		if leftOut(n) {
			continue
		}
		k := memoKey{n.ID, n.Rev, zone}
		e, ok := s.facts[k]
		if !ok {
			fs := normalize([]bh.Note{n}, loc, now)
			if len(fs) != 1 {
				continue
			}
			e.fact = fs[0]
		}
		out = append(out, e.fact)
		// A note dated after now is read from now: not kept.
		if n.CreatedAt.Before(now) {
			e.look = s.look
			s.facts[k] = e
		}
	}
	for k, e := range s.facts {
		if e.look != s.look {
			delete(s.facts, k)
		}
	}
	return out
}
