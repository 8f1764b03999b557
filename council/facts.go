package council

import (
	"crypto/sha256"
	"strings"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// factMemo remembers what each note was read as. A plan reads every open
// note twice — for its kind, when the context pack ranks them before it
// fits them to its budget, and for its facts, from the pack (whose texts
// may be cut) — and after months a shift has over a thousand open notes:
// reading each again on every /plan was most of a plan's cost, growing by
// the day. A note's reading depends only on its words, its tag and when it
// was written, in the shift's zone — all in the key — so a remembered fact
// is the one a fresh reading would give. (Who wrote it and its "still on
// it" answer are copied onto the fact, not read.) As the radar's memo, it
// holds per shift and reading only the notes of the latest plan: done and
// removed notes leave it.
type factMemo struct {
	mu   sync.Mutex
	sets map[string]map[factKey]bh.Fact // by shift and which reading
}

type factKey struct {
	id    string
	words [sha256.Size]byte // of the text read: notes run to 40,000 characters
	tag   bh.Tag
	src   bh.TagSource
	at    int64 // CreatedAt, ns
	loc   string
}

// keyOf keys n by the text normalize reads: its text, else what was sent.
func keyOf(n bh.Note, loc *time.Location) factKey {
	text := n.Text
	if strings.TrimSpace(text) == "" {
		text = "\x00" + n.RawText
	}
	return factKey{id: n.ID, words: sha256.Sum256([]byte(text)), tag: n.Tag, src: n.TagSource,
		at: n.CreatedAt.UnixNano(), loc: loc.String()}
}

// facts is normalize.Notes through the memo set named set (a shift and a
// reading): the open notes' facts, in order. Notes not yet remembered are
// read outside the lock, so plans of other shifts do not wait on them.
func (k *factMemo) facts(set string, notes []bh.Note, loc *time.Location, now time.Time) []bh.Fact {
	if k == nil {
		return normalize.Notes(notes, loc, now)
	}
	if loc == nil {
		loc = time.UTC
	}
	k.mu.Lock()
	prev := k.sets[set]
	k.mu.Unlock()
	next := make(map[factKey]bh.Fact, len(notes))
	out := make([]bh.Fact, 0, len(notes))
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		key := keyOf(n, loc)
		f, ok := prev[key]
		if ok {
			f.StillOnAt, f.UserID = n.StillOnAt, n.UserID
		} else {
			f = normalize.Fact(n, loc, now) // its stored reading, if current
		}
		out = append(out, f)
		// A note without a time, or from the future (a clock that moved
		// back), is read from now, as normalize does: not remembered.
		if !n.CreatedAt.IsZero() && n.CreatedAt.Before(now) {
			next[key] = f
		}
	}
	k.mu.Lock()
	if k.sets == nil {
		k.sets = map[string]map[factKey]bh.Fact{}
	}
	k.sets[set] = next
	k.mu.Unlock()
	return out
}

// current is the notes a plan still reads at now — done ones too (the
// card lists them), past ones not: yesterday's "slept 3h" must not steer
// today's plan — and each open note's kind, read in loc through set, and
// which open notes are health notes (the pack keeps those whatever its
// budget).
func (k *factMemo) current(set string, notes []bh.Note, loc *time.Location, now time.Time) ([]bh.Note, map[string]bh.Tag, map[string]bool) {
	kinds := make(map[string]bh.Tag, len(notes))
	health := map[string]bool{}
	past := map[string]bool{}
	for _, f := range k.facts(set, notes, loc, now) {
		if f.LifeAt(now, loc) == bh.LifePast && !f.Medical {
			past[f.NoteID] = true
			continue
		}
		kinds[f.NoteID] = f.Kind
		if f.Medical {
			health[f.NoteID] = true
		}
	}
	if len(past) == 0 {
		return notes, kinds, health
	}
	live := make([]bh.Note, 0, len(notes)-len(past))
	for _, n := range notes {
		if !past[n.ID] {
			live = append(live, n)
		}
	}
	return live, kinds, health
}
