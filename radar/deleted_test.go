package radar_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// syncBuffer is a log written by the radar's goroutines and read by the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) lines(substr string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, l := range strings.Split(b.buf.String(), "\n") {
		if l != "" && strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return out
}

// deletingStore deletes the workspace's data right after the radar read
// a family's notes, once: as its installer's "Delete everything" landing
// in the middle of a look.
type deletingStore struct {
	storetest.DB
	armed atomic.Bool
}

func (s *deletingStore) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	live, err := s.DB.LiveNotes(ctx, teamID, shiftID, now)
	if err == nil && s.armed.CompareAndSwap(true, false) {
		_, err = s.DB.DeleteTeam(ctx, teamID)
	}
	return live, err
}

// The radar had read a family's notes when its workspace's data was
// deleted: the state it computed from them is not saved (the store
// refuses it), nothing is said of it, and one line tells why.
func TestRadarSavesNothingOfAFamilyDeletedWhileItLooked(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	n := note(t, db, "D1", "daycare form due in 2 hours", "1.1")
	logs := &syncBuffer{}
	st := &deletingStore{DB: db}
	st.armed.Store(true)
	changed := 0
	w, err := radar.New(radar.Config{Source: db, Store: st, Now: clock.Now, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		Changed: func(context.Context, bh.ShiftState, bh.ShiftState, bool) { changed++ }})
	require.NoError(t, err)

	w.Recompute(ctx, "T1", n.ShiftID)

	_, _, found, err := db.ShiftState(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.False(t, found, "no state of the deleted family")
	evs, err := db.ShiftEvents(ctx, "T1", n.ShiftID, "", 0)
	require.NoError(t, err)
	assert.Empty(t, evs, "no wake-up either")
	assert.Zero(t, changed, "nothing to say of it")
	assert.Len(t, logs.lines("the family is gone"), 1, "one line: %s", logs.lines(""))
	assert.Empty(t, logs.lines("level=ERROR"))
}

// A note's change read by the radar's stream just before its workspace's
// data was deleted: the look finds the family gone, says so once, and
// moves past the change: the stream goes on (no error, no reopening, no
// retry of a family that will never come back).
func TestRadarMovesOnPastAChangeOfAFamilyDeletedMeanwhile(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	logs := &syncBuffer{}
	var arm atomic.Bool
	deleted := make(chan struct{})
	states := make(chan bh.ShiftState, 10)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: clock.Now, Retry: time.Millisecond,
		Logger:  slog.New(slog.NewTextHandler(logs, nil)),
		Changed: func(_ context.Context, _, next bh.ShiftState, _ bool) { states <- next },
		// The changes are read: the deletion lands before the look. Only
		// once T1's note is stored: a look of T2 still under way may
		// yield after the test arms, and a deletion then would meet no
		// T1 change at all.
		Yield: func(ctx context.Context) {
			if !arm.Load() {
				return
			}
			if _, err := db.NoteByMessage(ctx, "T1", "D1", "1.1"); err != nil {
				return
			}
			if arm.CompareAndSwap(true, false) {
				_, err := db.DeleteTeam(ctx, "T1")
				assert.NoError(t, err)
				close(deleted)
			}
		}})
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = w.Run(rctx) }()
	stop := func() { cancel(); wg.Wait() }
	defer stop()

	// The stream is open once a first state is saved (it opens before the
	// catch-up); then the one change that meets the deletion.
	other, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T2", ChannelID: "D9", RawText: "slept 3h", MessageTS: "9.1"})
	require.NoError(t, err)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == other.ShiftID })
	arm.Store(true)
	n := note(t, db, "D1", "out of formula", "1.1")
	select {
	case <-deleted:
	case <-time.After(time.Minute): // a bound for a hang, not a measure
		t.Fatal("the radar never read the change")
	}
	// The stream goes on: the next change, of another workspace, is seen.
	next, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T2", ChannelID: "D9", RawText: "out of wipes", MessageTS: "9.2"})
	require.NoError(t, err)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == next.ShiftID && s.Notes == 2 })
	stop()

	_, _, found, err := db.ShiftState(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.False(t, found)
	assert.Len(t, logs.lines("the family is gone"), 1, "one line: %s", logs.lines(""))
	assert.Empty(t, logs.lines("level=ERROR"), "nothing failed")
	assert.Empty(t, logs.lines("change stream ended"), "the stream was not given up")
}

// deleteOnShift deletes the workspace's data right after the nudger read
// the family, once.
type deleteOnShift struct {
	storetest.DB
	armed atomic.Bool
}

func (s *deleteOnShift) ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error) {
	sh, err := s.DB.ShiftByID(ctx, teamID, shiftID)
	if err == nil && s.armed.CompareAndSwap(true, false) {
		_, err = s.DB.DeleteTeam(ctx, teamID)
	}
	return sh, err
}

// A nudge about to go out when its workspace's data was deleted: its claim
// is refused, so nothing is posted or recorded, and one line says why.
func TestRadarPostsNothingForAFamilyDeletedWhileItLooked(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	n := note(t, db, "D1", "out of formula", "1.01")
	states, stop := startWatcher(t, db, clock.Now)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID })
	stop()

	logs := &syncBuffer{}
	st := &deleteOnShift{DB: db}
	st.armed.Store(true)
	notify := &recNotifier{}
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: st, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc, Owner: "p1",
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	require.NoError(t, err)
	nudger.Look(ctx, "T1", n.ShiftID, false)

	assert.Zero(t, notify.callCount(), "nothing posted to Slack")
	posts, err := db.Posts(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.Empty(t, posts, "no post record")
	assert.Len(t, logs.lines("the family is gone"), 1, "one line: %s", logs.lines(""))
	assert.Empty(t, logs.lines("level=ERROR"))
}
