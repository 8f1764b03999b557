package store

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"io"
	"sync"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// noteFeed is WatchNotes on the embedded engine once the notes are on the
// shelf (noteshelf.go): the engine's change streams see only its own
// collections. Every commit's changed notes are handed to it by the file
// (after they are durable, as the engine's streams would be woken), and it
// passes them to each open stream.
//
// A token is this feed's run (random per open) and the change's number.
// A stream resumes only after a token of the same run with nothing missed
// since; otherwise WatchNotes fails and the radar catches up from the
// store, as it does when the engine's short oplog has moved on. A reader
// that falls more than feedBuffer changes behind loses its stream the same
// way, instead of holding up commits.
type noteFeed struct {
	mu     sync.Mutex
	run    [8]byte
	seq    uint64
	subs   map[*feedSub]struct{}
	closed chan struct{} // closed with the store: every stream ends
}

// feedBuffer is how many changes a stream may have unread.
const feedBuffer = 4096

type feedSub struct {
	ch   chan bh.NoteChange
	lost chan struct{} // closed when the reader fell behind
	dead bool          // lost is closed; f.mu guards it
}

func newNoteFeed() *noteFeed {
	f := &noteFeed{subs: map[*feedSub]struct{}{}, closed: make(chan struct{})}
	_, _ = rand.Read(f.run[:]) // never fails (crypto/rand)
	return f
}

func (f *noteFeed) token(seq uint64) []byte {
	return binary.BigEndian.AppendUint64(append([]byte(nil), f.run[:]...), seq)
}

// publish hands a commit's new and changed notes to every stream.
func (f *noteFeed) publish(puts []bson.Raw) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, raw := range puts {
		f.seq++
		for _, ch := range noteChanges(raw, f.token(f.seq)) {
			for s := range f.subs {
				if s.dead {
					continue
				}
				select {
				case s.ch <- ch:
				default:
					s.dead = true
					close(s.lost)
				}
			}
		}
	}
}

// close ends every stream, as the engine's end when it closes.
func (f *noteFeed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.closed:
	default:
		close(f.closed)
	}
}

// errCannotResume says a stream cannot start after the token it was given.
var errCannotResume = errors.New("the note feed cannot resume there (a restart, or changes it no longer has)")

// errFellBehind ends a stream whose reader fell behind.
var errFellBehind = errors.New("the note feed's reader fell behind")

// watch opens a stream after resume (nil: from now).
func (f *noteFeed) watch(resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error) {
	f.mu.Lock()
	select {
	case <-f.closed:
		f.mu.Unlock()
		return nil, nil, lungo.ErrEngineClosed
	default:
	}
	if len(resume) > 0 && string(resume) != string(f.token(f.seq)) {
		f.mu.Unlock()
		return nil, nil, errCannotResume
	}
	s := &feedSub{ch: make(chan bh.NoteChange, feedBuffer), lost: make(chan struct{})}
	f.subs[s] = struct{}{}
	f.mu.Unlock()
	var stopOnce sync.Once
	stopped := make(chan struct{})
	stop := func() error {
		stopOnce.Do(func() {
			f.mu.Lock()
			delete(f.subs, s)
			f.mu.Unlock()
			close(stopped)
		})
		return nil
	}
	next := func(ctx context.Context) ([]bh.NoteChange, error) {
		var out []bh.NoteChange
		select {
		case <-s.lost:
			// Whatever is still buffered is not all there was.
			return nil, errFellBehind
		default:
		}
		select {
		case ch := <-s.ch:
			out = append(out, ch)
		case <-s.lost:
			return nil, errFellBehind
		case <-stopped:
			return nil, io.EOF
		case <-f.closed:
			return nil, io.EOF
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		for len(out) < maxChangeBatch {
			select {
			case ch := <-s.ch:
				out = append(out, ch)
			default:
				return out, nil
			}
		}
		return out, nil
	}
	return next, stop, nil
}

// noteChanges are the changes a note's stored version makes: to its
// shift's list, and to the list it left when the version is its move.
// Read by lookups: publish runs on every commit.
func noteChanges(raw bson.Raw, token []byte) []bh.NoteChange {
	team, _ := raw.Lookup("team_id").StringValueOK()
	shift, _ := raw.Lookup("shift_id").StringValueOK()
	out := []bh.NoteChange{{TeamID: team, ShiftID: shift, Token: token}}
	if from, ok := raw.Lookup("moved_from").StringValueOK(); ok && from != "" {
		at, ok1 := raw.Lookup("moved_at").TimeOK()
		updated, ok2 := raw.Lookup("updated_at").TimeOK()
		if ok1 && ok2 && at.Equal(updated) {
			out = append(out, bh.NoteChange{TeamID: team, ShiftID: from, Token: token})
		}
	}
	return out
}
