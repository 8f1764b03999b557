package council

import (
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
	id, text, raw string
	tag           bh.Tag
	src           bh.TagSource
	at            int64 // CreatedAt, ns
	loc           string
}

// maxKinds bounds the memo; past it, it starts again (a few MB at most).
const maxKinds = 100_000

// kinds is each open note's kind, read at now in loc.
func (k *kindMemo) kinds(notes []bh.Note, loc *time.Location, now time.Time) map[string]bh.Tag {
	out := make(map[string]bh.Tag, len(notes))
	if k == nil {
		for _, f := range normalize.Notes(notes, loc, now) {
			out[f.NoteID] = f.Kind
		}
		return out
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil || len(k.m) > maxKinds {
		k.m = map[kindKey]bh.Tag{}
	}
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		key := kindKey{id: n.ID, text: n.Text, raw: n.RawText, tag: n.Tag, src: n.TagSource, at: n.CreatedAt.UnixNano(), loc: loc.String()}
		if kind, ok := k.m[key]; ok {
			out[n.ID] = kind
			continue
		}
		kind := normalize.One(n, loc, now).Kind
		out[n.ID] = kind
		// A note from the future (a clock that moved back) is read from
		// now, not from when it was written: not remembered.
		if n.CreatedAt.Before(now) {
			k.m[key] = kind
		}
	}
	return out
}
