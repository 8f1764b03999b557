package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// held opens a store whose writer is busy with a write that waits for
// release: writes made meanwhile wait together for the next commit.
func held(t *testing.T, cfg Config) (db *DB, release func()) {
	t.Helper()
	cfg.DataDir = t.TempDir()
	db, err := Open(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	hold, taken, busy := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		busy <- db.write(context.Background(), "hold", func(*Tx) error { close(taken); <-hold; return nil })
	}()
	<-taken
	return db, func() {
		close(hold)
		require.NoError(t, <-busy)
	}
}

// waitFor returns once n writes are queued for the writer (the held one
// is taken already): the next batch holds them all.
func waitFor(db *DB, n int) {
	for len(db.queue) < n {
		runtime.Gosched()
	}
}

func agents(t *testing.T, db *DB) []string {
	t.Helper()
	as, err := db.Agents(context.Background())
	require.NoError(t, err)
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names
}

func addAgent(ctx context.Context, tx *Tx, name string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO agents (name, doc) VALUES (?, ?)", name, fmt.Sprintf(`{"Name":%q}`, name))
	return err
}

// Writes that wait together share one commit, each in its own savepoint:
// one that fails is undone alone, after writing, and the others are kept.
func TestWritesWaitingTogetherShareACommitAndFailAlone(t *testing.T) {
	db, release := held(t, Config{})
	before := db.Commits()
	errs := make([]error, 5)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.write(context.Background(), "add agent", func(tx *Tx) error {
				if err := addAgent(context.Background(), tx, fmt.Sprint("a", i)); err != nil {
					return err
				}
				if i == 2 {
					return bh.Errorf(bh.EINVALID, "refused after writing")
				}
				if i == 3 { // a broken constraint after writing
					return addAgent(context.Background(), tx, "a3")
				}
				return nil
			})
		}()
	}
	waitFor(db, 5)
	release()
	wg.Wait()
	assert.Equal(t, before+2, db.Commits(), "the held write's commit, then one for the five")
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(errs[2]))
	assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(errs[3]))
	for _, i := range []int{0, 1, 4} {
		assert.NoError(t, errs[i])
	}
	assert.Equal(t, []string{"a0", "a1", "a4"}, agents(t, db), "what the failed writes wrote is undone, theirs alone")
}

// A caller's deadline is its own: a batch's statements never run on it,
// so a deadline passing during a write neither interrupts that write nor
// ends the batch. A write whose caller left before its turn never runs.
func TestABatchDoesNotDependOnOneCallersDeadline(t *testing.T) {
	db, release := held(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	errs := make([]error, 3)
	var wg sync.WaitGroup
	run := func(i int, ctx context.Context, fn func(*Tx) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.write(ctx, "add agent", fn)
		}()
	}
	run(0, ctx, func(tx *Tx) error {
		if err := addAgent(ctx, tx, "mine"); err != nil {
			return err
		}
		cancel() // the caller's deadline passes during its write
		return addAgent(ctx, tx, "mine-too")
	})
	for i := 1; i < 3; i++ {
		run(i, context.Background(), func(tx *Tx) error { return addAgent(context.Background(), tx, fmt.Sprint("other", i)) })
	}
	waitFor(db, 3)
	gone, leave := context.WithCancel(context.Background())
	leave()
	assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(db.write(gone, "add agent", func(tx *Tx) error { return addAgent(gone, tx, "never") })))
	release()
	wg.Wait()
	for _, err := range errs {
		assert.NoError(t, err)
	}
	assert.Equal(t, []string{"mine", "mine-too", "other1", "other2"}, agents(t, db))
}

// The writer never checkpoints; the background checkpoint keeps the log
// bounded however many notes come.
func TestTheLogStaysBounded(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir(), CheckpointAfter: 10})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprint("D", w), RawText: fmt.Sprintf("note %d with some words to take room", i),
					MessageTS: fmt.Sprint(i)})
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	fi, err := os.Stat(db.path + "-wal")
	require.NoError(t, err)
	assert.LessOrEqual(t, fi.Size(), int64(walLimit), "the log is reused, not grown")
	logPages, copied, err := db.Checkpoint(ctx)
	require.NoError(t, err)
	assert.Equal(t, logPages, copied)
}

// Once the log has reached its cycle, its file is written in place: it
// is never cut back below the cycle (a commit that grows the file syncs its
// size too), nor grows past its bound.
func TestTheLogIsWrittenInPlace(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir(), CheckpointAfter: 10})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	size := func() int64 {
		fi, err := os.Stat(db.path + "-wal")
		require.NoError(t, err)
		return fi.Size()
	}
	note := func(i int) {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprint("D", i%7), RawText: fmt.Sprintf("note %d with some words to take room", i),
			MessageTS: fmt.Sprint(i)})
		require.NoError(t, err)
	}
	i := 0
	for ; size() <= logCycle; i++ {
		note(i)
	}
	// Three cycles more: a note is some ten pages of log.
	for end := i + 3*logCycle/(10*4096); i < end; i++ {
		note(i)
		require.NoError(t, db.settle(ctx)) // the writer's housekeeping is done
		s := size()
		require.GreaterOrEqual(t, s, int64(logCycle), "note %d: the file was cut back", i)
		require.LessOrEqual(t, s, int64(walLimit), "note %d", i)
	}
}

// The log's new cycle begins with the writer's housekeeping, not with the
// next note: the commit that writes a cycle's header syncs it apart, twice
// in all.
func TestTheLogsCycleBeginsBetweenTwoNotes(t *testing.T) {
	ctx := context.Background()
	// No background checkpoint: SQLite would start the log over by itself
	// at a write after one that copied it all.
	db, err := Open(ctx, Config{DataDir: t.TempDir(), CheckpointAfter: 1 << 30})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	salt := func() []byte {
		b, err := os.ReadFile(db.path + "-wal")
		require.NoError(t, err)
		return b[16:24]
	}
	note := func(i int) {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprint(i)})
		require.NoError(t, err)
		require.NoError(t, db.settle(ctx))
	}
	note(0) // a new file's log begins with its first write
	was, cycles := salt(), 0
	for i := 1; cycles < 2; i++ {
		require.Less(t, i, 10*logCycle/4096, "the log never started over")
		note(i)
		if now := salt(); !bytes.Equal(now, was) {
			cycles++
			was = now
			assert.LessOrEqual(t, len(logPages(t, db.path)), 2, "note %d: the new cycle began with a note's pages", i)
		}
	}
}

// Writes still queued when the database closes are answered, never left
// waiting: each either committed before the writer stopped or is refused
// as unavailable.
func TestQueuedWritesAreAnsweredAtClose(t *testing.T) {
	db, release := held(t, Config{})
	errs := make(chan error, 3)
	for i := range 3 {
		go func() {
			errs <- db.write(context.Background(), "add agent", func(tx *Tx) error {
				return addAgent(context.Background(), tx, fmt.Sprint("late", i))
			})
		}()
	}
	waitFor(db, 3)
	closed := make(chan error, 1)
	go func() { closed <- db.Close(context.Background()) }()
	<-db.closed
	release()
	require.NoError(t, <-closed)
	for range 3 {
		if err := <-errs; err != nil {
			assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err), "%v", err)
		}
	}
}

// A write alone in its transaction runs without a savepoint: its failure,
// after writing, undoes what it wrote and commits nothing.
func TestAWriteAloneThatFailsLeavesNothing(t *testing.T) {
	db, err := Open(context.Background(), Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	before := db.commits.Load()
	err = db.write(context.Background(), "add agent", func(tx *Tx) error {
		if err := addAgent(context.Background(), tx, "half"); err != nil {
			return err
		}
		return bh.Errorf(bh.EINVALID, "refused after writing")
	})
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Equal(t, before, db.commits.Load(), "nothing committed")
	assert.Empty(t, agents(t, db))
	require.NoError(t, db.write(context.Background(), "add agent", func(tx *Tx) error { return addAgent(context.Background(), tx, "whole") }))
	assert.Equal(t, []string{"whole"}, agents(t, db))
}

// A write is answered as soon as its commit is durable: the writer's
// housekeeping after it (starting the log over, which copies and syncs the
// database file) never holds a note's ack.
func TestAWriteIsAnsweredBeforeTheWritersHousekeeping(t *testing.T) {
	// The hook is set before Open starts the writer and cleared after
	// Close stops it, and holds only this test's write: the store's own
	// writes at open pass through it too.
	const op = "add the first agent"
	hold, held := make(chan struct{}), make(chan struct{})
	var once sync.Once
	afterAnswer = func(batch []*request) {
		if batch[0].op == op {
			once.Do(func() { close(held); <-hold })
		}
	}
	t.Cleanup(func() { afterAnswer = nil })
	db, err := Open(context.Background(), Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	done := make(chan error, 1)
	go func() {
		done <- db.write(context.Background(), op, func(tx *Tx) error { return addAgent(context.Background(), tx, "first") })
	}()
	<-held
	// The writer is still in its housekeeping; the write has its answer.
	require.NoError(t, <-done)
	close(hold)
	assert.Equal(t, []string{"first"}, agents(t, db))
}

// A note's writer hears before the change streams are woken, and wakes
// them itself: the radar's work they start queues behind the note's ack
// on the writer's CPU, and never waits for the commit's goroutine (held
// here after its answers).
func TestANotesWriterWakesTheStreams(t *testing.T) {
	// Set before Open starts the writer, cleared after Close stops it;
	// only the note's own write is held.
	var watching atomic.Bool
	hold := make(chan struct{})
	afterAnswer = func(batch []*request) {
		if watching.Load() && batch[0].op == "capture note" {
			<-hold
		}
	}
	t.Cleanup(func() { afterAnswer = nil })
	db, err := Open(context.Background(), Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	defer close(hold)
	rung := db.bellNow()
	watching.Store(true)
	_, _, err = db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "out of formula", MessageTS: "1.1"})
	require.NoError(t, err)
	// The commit's goroutine is still held after its answer: the note's
	// writer woke them, having heard.
	select {
	case <-rung:
	default:
		t.Fatal("the streams were not woken when the note's writer returned")
	}
}

// A commit that stores a note does not start the background checkpoint,
// even when one is due: its writer is about to ack. The next commit that
// changes no note asks for it; notes alone ask a period late.
func TestACheckpointIsNotAskedByANotesCommit(t *testing.T) {
	ctx := context.Background()
	const every = 4
	// Set before Open starts the writer, cleared after Close stops it.
	var asks atomic.Int64
	checkpointAsked = func() { asks.Add(1) }
	t.Cleanup(func() { checkpointAsked = nil })
	db, err := Open(ctx, Config{DataDir: t.TempDir(), CheckpointAfter: every})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	i := 0
	note := func() {
		i++
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprint(i)})
		require.NoError(t, err)
		require.NoError(t, db.settle(ctx)) // the writer's housekeeping is done
	}
	other := func() {
		i++
		require.NoError(t, db.write(ctx, "add agent", func(tx *Tx) error { return addAgent(ctx, tx, fmt.Sprint("agent", i)) }))
		require.NoError(t, db.settle(ctx))
	}
	// Up to the commit before one falls due, with nothing owed.
	for db.Commits()%every != every-1 || db.ckptOwed != 0 {
		other()
	}
	asked := asks.Load()
	note()
	assert.Equal(t, asked, asks.Load(), "the note's commit fell due but asked for nothing")
	other()
	assert.Equal(t, asked+1, asks.Load(), "the next commit without a note asked")

	for db.Commits()%every != every-1 {
		other()
	}
	asked = asks.Load()
	for range every {
		note()
		assert.Equal(t, asked, asks.Load(), "commit %d", db.Commits())
	}
	note()
	assert.Equal(t, asked+1, asks.Load(), "notes alone ask a period late")
}

// A batch that stores several notes wakes the change streams once, by its
// last writer of notes: each more ring woke the streams to find nothing.
func TestABatchOfNotesRingsOnce(t *testing.T) {
	// Set before Open starts the writer, cleared after Close stops it.
	var notes, rings atomic.Int64
	afterAnswer = func(batch []*request) {
		for _, req := range batch {
			if req.op == "capture note" {
				notes.Add(1)
			}
			if req.rings {
				rings.Add(1)
			}
		}
	}
	t.Cleanup(func() { afterAnswer = nil })
	db, release := held(t, Config{})
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprint("D", i), RawText: "out of wipes", MessageTS: "1.1"})
			assert.NoError(t, err)
		}()
	}
	waitFor(db, 5)
	rung := db.bellNow()
	release()
	wg.Wait()
	// The hook runs after the writers have their answers: it may not have
	// run yet when they return (a red CI under the race detector read 0).
	assert.Eventually(t, func() bool { return notes.Load() >= 5 }, 10*time.Second, time.Millisecond, "the batch's hook")
	assert.Equal(t, int64(5), notes.Load(), "one batch of five notes")
	assert.Equal(t, int64(1), rings.Load(), "rung once")
	select {
	case <-rung:
	default:
		t.Fatal("the streams were not woken")
	}
}
