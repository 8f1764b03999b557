package council

import (
	"crypto/sha256"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// factMemo remembers what each note was read as. A plan reads every open
// note twice — for its kind, when the context pack ranks them before it
// fits them to its budget, and for its facts, from the pack — and after
// months a shift has over a thousand open notes: reading each again on
// every /plan was most of a plan's cost, growing by the day. A note's
// reading depends only on its words, its tag and when it was written, in
// the shift's zone — all in the key — so a remembered fact is the one a
// fresh reading would give. (Who wrote it and its "still on it" answer are
// copied onto the fact, not read: they are set from the note each time.)
type factMemo struct {
	mu sync.Mutex
	m  map[factKey]bh.Fact
}

type factKey struct {
	id    string
	words [sha256.Size]byte // of the text and what was sent: notes run to 40,000 characters
	tag   bh.Tag
	src   bh.TagSource
	at    int64 // CreatedAt, ns
	loc   string
}

// maxFacts bounds the memo; past it, it starts again (some tens of MB at
// most).
const maxFacts = 100_000

func keyOf(n bh.Note, loc *time.Location) factKey {
	return factKey{id: n.ID, words: sha256.Sum256([]byte(n.Text + "\x00" + n.RawText)), tag: n.Tag, src: n.TagSource,
		at: n.CreatedAt.UnixNano(), loc: loc.String()}
}

// facts is normalize.Notes through the memo: the open notes' facts, in
// order. Notes not yet remembered are read outside the lock, so plans of
// other shifts do not wait on them.
func (k *factMemo) facts(notes []bh.Note, loc *time.Location, now time.Time) []bh.Fact {
	if k == nil {
		return normalize.Notes(notes, loc, now)
	}
	if loc == nil {
		loc = time.UTC
	}
	out := make([]bh.Fact, 0, len(notes))
	var todo []int // positions in out still to read
	var todoNotes []bh.Note
	k.mu.Lock()
	if k.m == nil || len(k.m) > maxFacts {
		k.m = map[factKey]bh.Fact{}
	}
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		if f, ok := k.m[keyOf(n, loc)]; ok {
			f.StillOnAt, f.UserID = n.StillOnAt, n.UserID
			out = append(out, f)
			continue
		}
		todo = append(todo, len(out))
		todoNotes = append(todoNotes, n)
		out = append(out, bh.Fact{})
	}
	k.mu.Unlock()
	if len(todo) == 0 {
		return out
	}
	for i, n := range todoNotes {
		out[todo[i]] = normalize.One(n, loc, now)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, n := range todoNotes {
		// A note without a time, or from the future (a clock that moved
		// back), is read from now, as normalize does: not remembered.
		if !n.CreatedAt.IsZero() && n.CreatedAt.Before(now) {
			k.m[keyOf(n, loc)] = out[todo[i]]
		}
	}
	return out
}

// kinds is each open note's kind, read at now in loc.
func (k *factMemo) kinds(notes []bh.Note, loc *time.Location, now time.Time) map[string]bh.Tag {
	out := make(map[string]bh.Tag, len(notes))
	for _, f := range k.facts(notes, loc, now) {
		out[f.NoteID] = f.Kind
	}
	return out
}
