package council

import (
	"crypto/sha256"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// kindMemo remembers the kind each note was read as. The context pack
// ranks every open note by kind before it fits them to its budget; after
// months a shift has over a thousand open notes, and reading each again on
// every /plan was most of a plan's cost. A note's kind depends only on its
// words, its tag and when it was written, in the shift's zone — all in the
// key — so a remembered kind is the one a fresh reading would give.
type kindMemo struct {
	mu sync.Mutex
	m  map[kindKey]bh.Tag
}

type kindKey struct {
	id    string
	words [sha256.Size]byte // of the text and what was sent: notes run to 40,000 characters
	tag   bh.Tag
	src   bh.TagSource
	at    int64 // CreatedAt, ns
	loc   string
}

// maxKinds bounds the memo; past it, it starts again (about 10 MB at most).
const maxKinds = 100_000

// kinds is each open note's kind, read at now in loc. Notes not yet
// remembered are read outside the lock, so plans of other shifts do not
// wait on them.
func (k *kindMemo) kinds(notes []bh.Note, loc *time.Location, now time.Time) map[string]bh.Tag {
	out := make(map[string]bh.Tag, len(notes))
	if k == nil {
		for _, f := range normalize.Notes(notes, loc, now) {
			out[f.NoteID] = f.Kind
		}
		return out
	}
	type unread struct {
		key kindKey
		n   bh.Note
	}
	var todo []unread
	k.mu.Lock()
	if k.m == nil || len(k.m) > maxKinds {
		k.m = map[kindKey]bh.Tag{}
	}
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		key := kindKey{id: n.ID, words: sha256.Sum256([]byte(n.Text + "\x00" + n.RawText)), tag: n.Tag, src: n.TagSource,
			at: n.CreatedAt.UnixNano(), loc: loc.String()}
		if kind, ok := k.m[key]; ok {
			out[n.ID] = kind
			continue
		}
		todo = append(todo, unread{key, n})
	}
	k.mu.Unlock()
	if len(todo) == 0 {
		return out
	}
	read := make([]bh.Tag, len(todo))
	for i, u := range todo {
		read[i] = normalize.One(u.n, loc, now).Kind
		out[u.n.ID] = read[i]
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, u := range todo {
		// A note without a time, or from the future (a clock that moved
		// back), is read from now, as normalize does: not remembered.
		if !u.n.CreatedAt.IsZero() && u.n.CreatedAt.Before(now) {
			k.m[u.key] = read[i]
		}
	}
	return out
}
