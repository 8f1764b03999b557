package radar_test

import (
	"context"
	"errors"
	"fmt"
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

// startWatcher runs a Risk Radar on db; every changed state arrives on the
// returned channel.
func startWatcher(t *testing.T, db storetest.DB, now func() time.Time) (<-chan bh.ShiftState, func()) {
	t.Helper()
	states := make(chan bh.ShiftState, 100)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: now,
		Changed: func(_ context.Context, _, next bh.ShiftState, _ bool) { states <- next }})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = w.Run(ctx) }()
	return states, func() { cancel(); wg.Wait() }
}

func waitState(t *testing.T, states <-chan bh.ShiftState, match func(bh.ShiftState) bool) bh.ShiftState {
	t.Helper()
	// A bound for a hang, not a measure: on a loaded machine 2,000 notes
	// took half a minute.
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case st := <-states:
			if match(st) {
				return st
			}
		case <-timeout:
			t.Fatal("the radar did not produce the expected state")
		}
	}
}

// A look asked for by a person's work (a zone learnt while capturing)
// is part of that work's trace: the wake-up it saves carries it.
func TestRadarWakeUpCarriesTheTraceOfTheWorkThatAskedForIt(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	db := storetest.New(t, storetest.WithClock(now))
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: "1.1"})
	require.NoError(t, err)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: now})
	require.NoError(t, err)
	w.Recompute(bh.WithTrace(ctx, "7f3a00c0ffee0001"), "T1", n.ShiftID)
	evs, err := db.ShiftEvents(ctx, "T1", n.ShiftID, bh.EventWakeUp, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Equal(t, "7f3a00c0ffee0001", evs[0].Meta["trace_id"])
}

func TestRadarWakesOnNotesAndCatchesUpAfterRestart(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	db := storetest.New(t, storetest.WithClock(now))

	states, stop := startWatcher(t, db, now)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: "1.1"})
	require.NoError(t, err)
	st := waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID })
	assert.Equal(t, bh.RiskCritical, st.Level)
	saved, _, found, err := db.ShiftState(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, bh.RiskCritical, saved.Level)
	evs, err := db.ShiftEvents(ctx, "T1", n.ShiftID, "agent_woke_up", 10)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Contains(t, evs[0].Text, "Risk Radar woke up")
	assert.Contains(t, evs[0].Text, "critical")
	assert.NotEmpty(t, evs[0].Meta["trace_id"], "a wake-up is found in the logs by its trace")

	// A re-tag is a change too.
	_, err = db.RetagNote(ctx, "T1", n.ID, bh.TagNote)
	require.NoError(t, err)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID && s.Level == bh.RiskNone })
	stop()

	// While the radar is down: notes in two shifts, and a deletion.
	a, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "daycare form due in 2 hours", Inferred: bh.TagDeadline, MessageTS: "1.2"})
	require.NoError(t, err)
	b, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C2", RawText: "low: wipes < 1 day", MessageTS: "2.1"})
	require.NoError(t, err)
	_, err = db.DeleteNote(ctx, "T1", a.ID)
	require.NoError(t, err)

	states, stop = startWatcher(t, db, now)
	defer stop()
	seen := map[string]bh.ShiftState{}
	for len(seen) < 2 {
		st := waitState(t, states, func(bh.ShiftState) bool { return true })
		seen[st.ShiftID] = st
	}
	assert.Equal(t, bh.RiskNone, seen[a.ShiftID].Level, "the deletion was caught up: nothing missed")
	assert.Equal(t, bh.RiskHigh, seen[b.ShiftID].Level)

	// Nothing processed twice: one wake-up per distinct state, however
	// often the stream and the catch-up both rang.
	evs, err = db.ShiftEvents(ctx, "T1", n.ShiftID, "agent_woke_up", 0)
	require.NoError(t, err)
	assert.Len(t, evs, 3, "first look, the re-tag, the catch-up")
	select {
	case st := <-states:
		t.Fatalf("an unchanged shift was processed again: %+v", st.ShiftID)
	default:
	}
}

func TestRadarFingerprintIgnoresRepeats(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	states, stop := startWatcher(t, db, time.Now)
	defer stop()
	var last bh.Note
	var err error
	for i := 0; i < 10; i++ {
		last, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: fmt.Sprintf("task: thing %d", i), MessageTS: fmt.Sprintf("3.%d", i)})
		require.NoError(t, err)
	}
	st := waitState(t, states, func(s bh.ShiftState) bool { return s.Notes == 10 })
	assert.Equal(t, last.ShiftID, st.ShiftID)
	evs, err := db.ShiftEvents(ctx, "T1", last.ShiftID, "agent_woke_up", 0)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(evs), 10, "at most one wake-up per distinct set of notes")
}

// flakyNotes is the store with LiveNotes failing once on demand: a database
// that hiccups in the middle of a recompute.
type flakyNotes struct {
	storetest.DB
	mu     sync.Mutex
	fail   bool
	except string      // a shift whose reads never fail (it may be read again at any time)
	failed chan string // hears the shift whose read failed
}

func (f *flakyNotes) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	f.mu.Lock()
	fail := f.fail && shiftID != f.except
	if fail {
		f.fail = false
	}
	f.mu.Unlock()
	if fail {
		f.failed <- shiftID
		return bh.LiveNotes{}, fmt.Errorf("store: list notes: %w", context.DeadlineExceeded)
	}
	return f.DB.LiveNotes(ctx, teamID, shiftID, now)
}

// A shift whose recompute failed (the store hiccuped) is recomputed later,
// even when other shifts' changes come after it: the cursor never moves
// past a change that was not handled.
func TestRadarRetriesAShiftWhoseRecomputeFailed(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	fs := &flakyNotes{DB: db, failed: make(chan string, 1)}
	states := make(chan bh.ShiftState, 100)
	w, err := radar.New(radar.Config{Source: db, Store: fs, Now: clock.Now, Retry: 10 * time.Millisecond,
		Changed: func(_ context.Context, _, next bh.ShiftState, _ bool) { states <- next }})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	n0 := note(t, db, "D0", "low: wipes < 1 day", "0.01")
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n0.ShiftID })
	fs.mu.Lock()
	// The first shift may be read again (the stream and the catch-up both
	// saw its note): only the next shift's read fails.
	fs.fail, fs.except = true, n0.ShiftID
	fs.mu.Unlock()
	n1 := note(t, db, "D1", "out of formula", "1.01")
	select {
	case id := <-fs.failed:
		require.Equal(t, n1.ShiftID, id)
	case <-time.After(10 * time.Second):
		t.Fatal("the recompute never ran")
	}
	clock.Advance(2 * time.Minute)
	n2 := note(t, db, "D2", "low: diapers < 1 day", "2.01")
	seen := map[string]bool{}
	deadline := time.After(10 * time.Second)
	for !seen[n1.ShiftID] || !seen[n2.ShiftID] {
		select {
		case st := <-states:
			seen[st.ShiftID] = true
		case <-deadline:
			t.Fatalf("states seen: %v; want %s (failed once) and %s", seen, n1.ShiftID, n2.ShiftID)
		}
	}
	_, _, found, err := db.ShiftState(context.Background(), "T1", n1.ShiftID)
	require.NoError(t, err)
	assert.True(t, found, "the failed shift has its state")
}

// A shift's zone learnt after its notes were read reaches the state: at
// once through Recompute (what the bot calls), and at the latest with the
// next timed refresh (the zone is part of the state's inputs).
func TestRadarStateFollowsTheShiftsZone(t *testing.T) {
	for _, tc := range []struct {
		name  string
		again func(ctx context.Context, w *radar.Watcher, teamID, shiftID string)
	}{
		{"Recompute", func(ctx context.Context, w *radar.Watcher, teamID, shiftID string) { w.Recompute(ctx, teamID, shiftID) }},
		{"Refresh", func(ctx context.Context, w *radar.Watcher, _, _ string) { w.Refresh(ctx) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(radarT0)
			db := openTestStore(t, clock)
			rig := newRadarRig(t, db, clock, &recNotifier{}, "p1")
			ctx := context.Background()
			n := note(t, db, "D1", "deadline: daycare form due tomorrow 5pm", "1.01")
			st := rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			require.Len(t, st.Deadlines, 1)
			require.Equal(t, 17, st.Deadlines[0].At.UTC().Hour(), "read in the default zone first")

			require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "America/New_York"))
			clock.Advance(time.Minute)
			tc.again(ctx, rig.watcher, "T1", n.ShiftID)
			got, _, found, err := db.ShiftState(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			require.True(t, found)
			require.Len(t, got.Deadlines, 1)
			ny, err := time.LoadLocation("America/New_York")
			require.NoError(t, err)
			assert.Equal(t, 17, got.Deadlines[0].At.In(ny).Hour(), "5pm where the parent lives")
		})
	}
}

// Time passing that only ages a note out (last night's sleep) is no news:
// the timed refresh saves no state and records no wake-up while no level
// moved.
func TestRefreshIsQuietWhenOnlyANoteAgedOut(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	ctx := context.Background()
	// The notes come before the radar starts, so its catch-up reads them
	// in one look and no change of theirs is still queued when the clock
	// moves (one handled after it would be a wake-up "a note changed").
	n := note(t, db, "D1", "deadline: passport renewal due in 30 days", "1.01")
	note(t, db, "D1", "slept 3h", "1.02")
	rig := newRadarRig(t, db, clock, &recNotifier{}, "p1")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })

	clock.Advance(25 * time.Hour)
	refreshed := clock.Now()
	rig.watcher.Refresh(ctx)
	after, err := db.ShiftEvents(ctx, "T1", n.ShiftID, bh.EventWakeUp, 0)
	require.NoError(t, err)
	for _, e := range after {
		assert.True(t, e.At.Before(refreshed), "no wake-up for a note that aged out: %s at %s", e.Text, e.At)
	}
	st, err := rig.watcher.State(ctx, mustShift(t, db, n.ShiftID))
	require.NoError(t, err)
	assert.Equal(t, 1, st.Notes, "the sleep note is past")
}

func mustShift(t *testing.T, db storetest.DB, id string) bh.Shift {
	t.Helper()
	sh, err := db.ShiftByID(context.Background(), "T1", id)
	require.NoError(t, err)
	return sh
}

// losingSource is the store whose first change stream loses its place at
// once, as the embedded engine's does when the watcher was busy longer than
// the oplog keeps entries.
type losingSource struct {
	storetest.DB
	mu    sync.Mutex
	opens int
	lost  chan struct{}
}

func (s *losingSource) WatchNotes(ctx context.Context, resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error) {
	s.mu.Lock()
	s.opens++
	first := s.opens == 1
	s.mu.Unlock()
	next, stop, err := s.DB.WatchNotes(ctx, resume)
	if err != nil || !first {
		return next, stop, err
	}
	return func(context.Context) ([]bh.NoteChange, error) {
		close(s.lost)
		return nil, errors.New("store: watch notes: lost oplog position")
	}, stop, nil
}

// A stream that worked and then lost its place is reopened at once (its
// gap caught up from the store), not after the retry wait meant for a
// failing server: notes keep reaching the state.
func TestRadarReopensALostStreamAtOnce(t *testing.T) {
	db := openTestStore(t, clocktest.New(radarT0))
	src := &losingSource{DB: db, lost: make(chan struct{})}
	states := make(chan bh.ShiftState, 100)
	w, err := radar.New(radar.Config{Source: src, Store: db, Now: func() time.Time { return radarT0 },
		Retry: time.Hour, Changed: func(_ context.Context, _, next bh.ShiftState, _ bool) { states <- next }})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	select {
	case <-src.lost:
	case <-time.After(10 * time.Second):
		t.Fatal("the first stream was never read")
	}
	n := note(t, db, "D1", "out of formula", "1.01")
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID })
	src.mu.Lock()
	defer src.mu.Unlock()
	assert.Equal(t, 2, src.opens)
}

// State is the watcher's reading of a shift as of now — done notes left
// out, the latest plan's energy — and saves nothing: /radar and App Home
// show it without waiting for the watcher.
func TestStateReadsAsTheWatcherAndSavesNothing(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	db := storetest.New(t, storetest.WithClock(now))
	formula, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: "1.1"})
	require.NoError(t, err)
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "low: wipes < 1 day", MessageTS: "1.2"})
	require.NoError(t, err)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: now})
	require.NoError(t, err)
	shift, err := db.ShiftByID(ctx, "T1", formula.ShiftID)
	require.NoError(t, err)

	st, err := w.State(ctx, shift)
	require.NoError(t, err)
	assert.Equal(t, 2, st.Notes)
	assert.Equal(t, bh.RiskCritical, st.Level, "out of formula")

	_, err = db.MarkNoteDone(ctx, "T1", formula.ID, true)
	require.NoError(t, err)
	st, err = w.State(ctx, shift)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Notes, "a done note leaves the radar")
	assert.Equal(t, bh.RiskHigh, st.Level)

	_, _, found, err := db.ShiftState(ctx, "T1", shift.ID)
	require.NoError(t, err)
	assert.False(t, found, "State saves nothing")
}

// A night's "slept 3h" sets the radar's energy for a day, then is past:
// no longer read or counted (the note count; the energy already followed
// the 24 hours before the note became past).
func TestStateLeavesPastNotesOut(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC))
	db := storetest.New(t, storetest.WithClock(clock.Now))
	slept, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "low: wipes 5 days", MessageTS: "1.2"})
	require.NoError(t, err)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: clock.Now})
	require.NoError(t, err)
	shift := mustShift(t, db, slept.ShiftID)
	for _, tt := range []struct {
		after  time.Duration
		notes  int
		energy bh.Energy
	}{{time.Hour, 2, bh.EnergyLow}, {24 * time.Hour, 2, bh.EnergyLow}, {25 * time.Hour, 1, bh.EnergyMedium}, {30 * 24 * time.Hour, 1, bh.EnergyMedium}} {
		clock.Set(slept.CreatedAt.Add(tt.after))
		st, err := w.State(ctx, shift)
		require.NoError(t, err)
		assert.Equal(t, tt.notes, st.Notes, tt.after)
		assert.Equal(t, tt.energy, st.Energy, tt.after)
	}
}

// A year on, the retention sweep removes notes closed long ago; the radar's
// states must go on being saved after it. Their order (NotesRev) summed
// the revisions of the notes still there, so it fell at the sweep, and the
// store refused every later state as older than the one it had.
func TestRadarKeepsSavingStatesAfterTheSweep(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	db := storetest.New(t, storetest.WithClock(clock.Now))
	states, stop := startWatcher(t, db, clock.Now)
	defer stop()

	var shiftID string
	for i := range 5 {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: fmt.Sprintf("task: call the bank %d", i), MessageTS: fmt.Sprintf("1.%d", i)})
		require.NoError(t, err)
		_, err = db.RetagNote(ctx, "T1", n.ID, bh.TagTask)
		require.NoError(t, err)
		_, err = db.MarkNoteDone(ctx, "T1", n.ID, true)
		require.NoError(t, err)
		shiftID = n.ShiftID
	}
	notes, err := db.Notes(ctx, "T1", shiftID, true)
	require.NoError(t, err)
	revs := 0
	for _, n := range notes {
		revs += n.Rev
	}
	before := waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == shiftID && s.NotesRev == revs })

	clock.Advance(400 * 24 * time.Hour)
	swept, err := db.Sweep(ctx)
	require.NoError(t, err)
	require.Equal(t, 5, swept.Notes, "the closed notes are older than a year")

	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: "2.1"})
	require.NoError(t, err)
	after := waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == shiftID && s.Level == bh.RiskCritical })
	assert.Greater(t, after.NotesRev, before.NotesRev, "a later state is later in order too")
	saved, _, found, err := db.ShiftState(ctx, "T1", shiftID)
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, bh.RiskCritical, saved.Level, "the state after the sweep is saved")
}

// A change's recompute waits for Yield (the bot lets a note's ack go
// first): nothing is saved until Yield returns.
func TestRadarYieldsBeforeARecompute(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	db := storetest.New(t, storetest.WithClock(now))
	var hold atomic.Bool
	entered, release := make(chan struct{}, 10), make(chan struct{})
	states := make(chan bh.ShiftState, 10)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: now,
		Changed: func(_ context.Context, _, next bh.ShiftState, _ bool) { states <- next },
		Yield: func(ctx context.Context) {
			if !hold.Load() {
				return
			}
			entered <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
			}
		}})
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = w.Run(rctx) }()
	defer func() { cancel(); wg.Wait() }()

	// A first note's state, by the catch-up or the stream: either way the
	// stream is open once it is saved (it opens before the catch-up).
	first, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == first.ShiftID })

	hold.Store(true)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D2", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: "2.1"})
	require.NoError(t, err)
	select {
	case <-entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the radar did not yield before its recompute")
	}
	// An observation window, not a measure: a recompute that did not wait
	// would save within it.
	select {
	case st := <-states:
		t.Fatalf("a state was saved while the radar yielded: %+v", st)
	case <-time.After(200 * time.Millisecond):
	}
	_, _, found, err := db.ShiftState(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.False(t, found, "nothing saved while the radar yields")
	close(release)
	st := waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID })
	assert.Equal(t, bh.RiskCritical, st.Level)
}

// Sam joins Maya's family and his open item moves to her list: the radar
// recomputes both lists, so the one he left does not keep a state (and
// its posts) with an item that is no longer on it.
func TestRadarRecomputesTheListAJoinerLeft(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	db := storetest.New(t, storetest.WithClock(now))
	states, stop := startWatcher(t, db, now)
	defer stop()
	maya, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "slept 2h", MessageTS: "1.1"})
	require.NoError(t, err)
	wipes, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D2", UserID: "U2", RawText: "low: wipes < 1 day", MessageTS: "2.1"})
	require.NoError(t, err)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == wipes.ShiftID && s.Level == bh.RiskHigh })

	from, err := db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: maya.ShiftID, UserID: "U2", InvitedBy: "U1"}, "D2")
	require.NoError(t, err)
	require.Equal(t, wipes.ShiftID, from)
	moved, err := db.MoveOpenNotes(ctx, "T1", from, maya.ShiftID, "U2")
	require.NoError(t, err)
	require.Equal(t, 1, moved)

	// In either order: both lists changed.
	seen := map[string]bh.ShiftState{}
	for seen[maya.ShiftID].Level != bh.RiskHigh || seen[from].ShiftID == "" {
		st := waitState(t, states, func(bh.ShiftState) bool { return true })
		seen[st.ShiftID] = st
	}
	left := seen[from]
	assert.Equal(t, bh.RiskNone, left.Level, "the list he left no longer holds the wipes")
	assert.Zero(t, left.Notes)
	saved, _, found, err := db.ShiftState(ctx, "T1", from)
	require.NoError(t, err)
	require.True(t, found)
	assert.Empty(t, saved.Inventory)
}

// A refresh yields before each family it looks at, not once for all: a
// note's ack goes between two families' recomputes.
func TestRefreshYieldsBeforeEachFamily(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	db := storetest.New(t, storetest.WithClock(now))
	var yields atomic.Int64
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: now, Yield: func(context.Context) { yields.Add(1) }})
	require.NoError(t, err)
	for i, text := range []string{"out of formula", "low: wipes 2 days", "deadline: form due friday 5pm"} {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprint("D", i), RawText: text, MessageTS: "1.1"})
		require.NoError(t, err)
		w.Recompute(ctx, "T1", n.ShiftID)
	}
	require.Zero(t, yields.Load())
	w.Refresh(ctx)
	assert.Equal(t, int64(3), yields.Load(), "once before each family")
}
