package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// holdApplies keeps the applier from writing records to the bbolt file on
// its own while the test runs (only a backup's settle, the bounds or Close
// apply them), so what is read comes from the log and memory.
func holdApplies(t *testing.T) {
	t.Helper()
	delay, idle := walApplyDelay, walApplyIdle
	walApplyDelay, walApplyIdle = time.Hour, time.Hour
	t.Cleanup(func() { walApplyDelay, walApplyIdle = delay, idle })
}

// snapshot copies the database and its log as they are on disk now: what
// a process killed at this moment leaves behind.
func snapshot(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	for _, n := range []string{FileName, FileName + WALSuffix} {
		raw, err := os.ReadFile(filepath.Join(from, n))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(to, n), raw, 0o600))
	}
	return to
}

// noteIn opens the database in dir, as the next start would, and returns
// the note stored from message ts in conversation C1 of team T1.
func noteIn(t *testing.T, dir, ts string) (bh.Note, error) {
	t.Helper()
	db, err := Open(context.Background(), Config{DataDir: dir})
	require.NoError(t, err)
	defer db.Close(context.Background())
	return db.NoteByMessage(context.Background(), "T1", "C1", ts)
}

func testPut(key, val string) walOp {
	return shelfOp(opPut, "c", []byte(key), []byte(val))
}

func TestLogRecordsReadBackUntilTheFirstBadOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.wal")
	w, recs, err := openWAL(path)
	require.NoError(t, err)
	require.Empty(t, recs)
	var ends []int64
	for seq := uint64(1); seq <= 5; seq++ {
		require.NoError(t, appendOK(w.append(seq, []walOp{testPut(fmt.Sprint("k", seq), "v"), {kind: opDrop, bucket: []byte("ns")}}, false)))
		ends = append(ends, w.off)
	}
	require.NoError(t, w.close())
	raw, err := os.ReadFile(path)
	require.NoError(t, err)

	read := func(raw []byte) []uint64 {
		recs, _ := readRecords(raw)
		var out []uint64
		for _, r := range recs {
			out = append(out, r.seq)
		}
		return out
	}
	assert.Equal(t, []uint64{1, 2, 3, 4, 5}, read(raw))
	recs, _ = readRecords(raw)
	assert.Equal(t, []walOp{testPut("k3", "v"), {kind: opDrop, bucket: []byte("ns"), sub: []byte{}, key: []byte{}, val: []byte{}}}, recs[2].ops)

	torn := bytes.Clone(raw[:ends[4]-3]) // the fifth record never finished
	assert.Equal(t, []uint64{1, 2, 3, 4}, read(torn), "a torn last record is the commit in flight")
	flipped := bytes.Clone(raw)
	flipped[ends[1]+walRecHdr+2] ^= 0xff // a byte of the third record's payload
	assert.Equal(t, []uint64{1, 2}, read(flipped), "a damaged record ends the log")
}

// After every record is applied the log is written from its start again;
// the older records left behind it must not read as new ones.
func TestARestartedLogDoesNotReadItsOldRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.wal")
	w, _, err := openWAL(path)
	require.NoError(t, err)
	for seq := uint64(1); seq <= 6; seq++ {
		require.NoError(t, appendOK(w.append(seq, []walOp{testPut("k", "old")}, false)))
	}
	// Records of the same length: the third old one starts right after
	// the new ones, whole, with a good checksum.
	require.NoError(t, appendOK(w.append(7, []walOp{testPut("k", "new")}, true)))
	require.NoError(t, appendOK(w.append(8, []walOp{testPut("k", "new")}, false)))
	require.NoError(t, w.close())
	_, recs, err := openWAL(path)
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Equal(t, uint64(7), recs[0].seq)
	assert.Equal(t, uint64(8), recs[1].seq)
}

// A log made but whose first bytes never reached the disk (power lost
// while it was made) held no record: it is made again, not refused.
func TestALogNeverWrittenIsMadeAgain(t *testing.T) {
	for name, raw := range map[string][]byte{"empty": nil, "zeros": make([]byte, 4096), "a few zeros": make([]byte, 5)} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.wal")
			require.NoError(t, os.WriteFile(path, raw, 0o600))
			w, recs, err := openWAL(path)
			require.NoError(t, err)
			defer w.close()
			assert.Empty(t, recs)
			require.NoError(t, appendOK(w.append(1, []walOp{testPut("k", "v")}, false)))
			_, recs, err = openWAL(path)
			require.NoError(t, err)
			assert.Len(t, recs, 1)
		})
	}
}

func TestALogThatIsNotOursIsRefusedUntouched(t *testing.T) {
	for name, raw := range map[string][]byte{
		"another program's file": bytes.Repeat([]byte("not a log\n"), 100),
		"a newer format":         append([]byte("BHWAL\x00\x00\x09"), make([]byte, 100)...),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			db, err := Open(context.Background(), Config{DataDir: dir})
			require.NoError(t, err)
			require.NoError(t, db.Close(context.Background()))
			log := filepath.Join(dir, FileName+WALSuffix)
			require.NoError(t, os.WriteFile(log, raw, 0o600))
			_, err = Open(context.Background(), Config{DataDir: dir})
			require.Error(t, err)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			assert.Contains(t, bh.ErrorMessage(err), filepath.Join(dir, FileName))
			after, rerr := os.ReadFile(log)
			require.NoError(t, rerr)
			assert.Equal(t, raw, after, "nothing overwritten")
		})
	}
}

// A note acknowledged but not yet in the bbolt file is in the log: a
// process killed then has it back at the next open, the shelf's reads see
// it meanwhile, and a backup holds it.
func TestCommittedButNotAppliedIsReadAndRecovered(t *testing.T) {
	holdApplies(t)
	ctx := context.Background()
	dir := t.TempDir()
	db := openShelved(t, Config{DataDir: dir})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.shelf.put(map[string][]bson.Raw{colMessages: {msg(t, "T1", "r1", 1), msg(t, "T1", "r1", 2)}}, true))
	db.file.w.mu.Lock()
	appended, applied := db.file.w.appended, db.file.w.applied
	db.file.w.mu.Unlock()
	require.Greater(t, appended, applied, "the records are still only in the log")

	// Read from memory over the file.
	raw, err := db.shelf.get(colLogs, idDoc(n.ID))
	require.NoError(t, err)
	assert.Equal(t, n.ID, str(raw, "_id"))
	got, err := db.shelf.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2}, seqs(t, got))
	assert.ErrorIs(t, db.shelf.put(map[string][]bson.Raw{colMessages: {msg(t, "T1", "r1", 2)}}, true), errShelfTaken, "a fresh put sees what is pending")
	require.NoError(t, db.shelf.removeRuns([]string{colMessages}, []string{"r1"}))
	got, err = db.shelf.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Empty(t, got, "a removal of pending documents")

	// Killed now: the next open applies the log.
	killed := snapshot(t, dir)
	back, err := noteIn(t, killed, "1.1")
	require.NoError(t, err)
	assert.Equal(t, n.ID, back.ID)
	assert.NoFileExists(t, filepath.Join(killed, FileName+WALSuffix), "a clean close leaves nothing in the log, and removes it")

	// A backup is the bbolt file alone: it waits for the log to be applied.
	var buf bytes.Buffer
	_, err = db.Backup(&buf)
	require.NoError(t, err)
	restored := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(restored, FileName), buf.Bytes(), 0o600))
	_, err = noteIn(t, restored, "1.1")
	assert.NoError(t, err)
}

// A commit with nothing to write (a collection touched but not changed)
// writes no record: an empty one would read as the end of the log, and
// every record after it would be lost with a kill (it was, once).
func TestAnEmptyCommitWritesNoRecord(t *testing.T) {
	holdApplies(t)
	ctx := context.Background()
	dir := t.TempDir()
	db := openShelved(t, Config{DataDir: dir})
	require.NoError(t, db.file.commit(nil))
	_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "after an empty commit", MessageTS: "2.1"})
	require.NoError(t, err)
	_, err = noteIn(t, snapshot(t, dir), "2.1")
	assert.NoError(t, err)
}

// A log that does not follow the database (the database file replaced by
// an older copy, the newer one's log left beside it) is refused, not
// applied over the wrong data, and nothing is changed.
func TestALogAheadOfItsDatabaseIsRefused(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	var older bytes.Buffer
	_, err = db.Backup(&older)
	require.NoError(t, err)
	holdApplies(t)
	require.NoError(t, db.Close(ctx))
	db, err = Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	for i := range 3 {
		_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "a note", MessageTS: fmt.Sprint(i, ".1")})
		require.NoError(t, err)
	}
	// A backup applies the log; the notes after it stay in the log only.
	var mid bytes.Buffer
	_, err = db.Backup(&mid)
	require.NoError(t, err)
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "the last note", MessageTS: "9.1"})
	require.NoError(t, err)
	killed := snapshot(t, dir)
	require.NoError(t, db.Close(ctx))

	require.NoError(t, os.WriteFile(filepath.Join(killed, FileName), older.Bytes(), 0o600))
	log, err := os.ReadFile(filepath.Join(killed, FileName+WALSuffix))
	require.NoError(t, err)
	_, err = Open(ctx, Config{DataDir: killed})
	require.Error(t, err)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "do not belong together")
	after, err := os.ReadFile(filepath.Join(killed, FileName+WALSuffix))
	require.NoError(t, err)
	assert.Equal(t, log, after)

	// With the database file that was there, the log applies.
	require.NoError(t, os.WriteFile(filepath.Join(killed, FileName), mid.Bytes(), 0o600))
	_, err = noteIn(t, killed, "9.1")
	assert.NoError(t, err)
}

// A migration stopped half-way leaves its new file's log beside it; the
// next migration starts a new file and must not apply that log to it.
func TestAMigrationDoesNotApplyALogLeftByTheOneBefore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	legacy, err := os.ReadFile(filepath.Join("testdata", "legacy", LegacyFileName))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, LegacyFileName), legacy, 0o600))
	left, _, err := openWAL(filepath.Join(dir, FileName+".migrating"+WALSuffix))
	require.NoError(t, err)
	ghost, err := bson.Marshal(bson.D{{Key: "_id", Value: "ghost"}})
	require.NoError(t, err)
	require.NoError(t, appendOK(left.append(1, []walOp{{kind: opPut, bucket: []byte("babyhandoff.ghosts"), key: []byte{0, 0, 0, 0, 0, 0, 0, 1}, val: ghost}}, false)))
	require.NoError(t, left.close())

	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	defer db.Close(ctx)
	names, err := db.db.ListCollectionNames(ctx, bson.D{})
	require.NoError(t, err)
	assert.NotContains(t, names, "ghosts")
	assert.Contains(t, names, colShifts)
}

// Under a steady load the applier never finds the log empty; past its
// bound a commit waits for every record to be applied, and the log starts
// over instead of growing.
func TestTheLogStartsOverPastItsBound(t *testing.T) {
	holdApplies(t)
	old := walMaxLength
	walMaxLength = 64 << 10
	t.Cleanup(func() { walMaxLength = old })
	db := openShelved(t, Config{})
	doc := func(i int) bson.Raw {
		return rawDoc(t, bson.D{{Key: "_id", Value: fmt.Sprint("r", i)}, {Key: "team_id", Value: "T1"}, {Key: "run_id", Value: fmt.Sprint("run", i)}, {Key: "pad", Value: strings.Repeat("x", 1000)}})
	}
	for i := range 300 {
		require.NoError(t, db.shelf.put(map[string][]bson.Raw{colDecisions: {doc(i)}}, true))
		assert.LessOrEqual(t, db.file.w.log.off, walMaxLength+2048, "record %d", i)
	}
	db.file.w.mu.Lock()
	applied := db.file.w.applied
	db.file.w.mu.Unlock()
	assert.Positive(t, applied, "the bound applied the records")
	got, err := db.shelf.all(colDecisions)
	require.NoError(t, err)
	assert.Len(t, got, 300)
}

// A key bbolt would refuse is refused when committed, before it is
// acknowledged: refused only when applied, it would stop every apply
// after it.
func TestAKeyTheFileWouldRefuseIsRefusedAtCommit(t *testing.T) {
	db := openShelved(t, Config{})
	long := strings.Repeat("k", 40<<10)
	err := db.shelf.put(map[string][]bson.Raw{colReplies: {rawDoc(t, bson.D{{Key: "_id", Value: long}})}}, false)
	require.Error(t, err)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	require.NoError(t, db.shelf.put(map[string][]bson.Raw{colReplies: {rawDoc(t, bson.D{{Key: "_id", Value: "fine"}})}}, false))
	require.NoError(t, db.file.settle(), "what came after is applied")
}

// Close waits for a commit in flight: one acknowledged while the log was
// being closed would be removed with it.
func TestCloseKeepsEveryAcknowledgedCommit(t *testing.T) {
	holdApplies(t)
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	var mu sync.Mutex
	var acked []string
	started := make(chan struct{}, 64)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				id := fmt.Sprintf("g%d-%d", g, i)
				if err := db.shelf.put(map[string][]bson.Raw{colReplies: {rawDoc(t, bson.D{{Key: "_id", Value: id}})}}, false); err != nil {
					return
				}
				mu.Lock()
				acked = append(acked, id)
				mu.Unlock()
				select {
				case started <- struct{}{}:
				default:
				}
			}
		}()
	}
	for range 20 {
		<-started
	}
	require.NoError(t, db.Close(ctx))
	wg.Wait()
	db2, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	defer db2.Close(ctx)
	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, acked)
	for _, id := range acked {
		raw, err := db2.shelf.get(colReplies, idDoc(id))
		require.NoError(t, err)
		require.NotNil(t, raw, "%s was acknowledged before the close", id)
	}
}

// appendOK is append's error alone.
func appendOK(_ int, err error) error { return err }

// Config.LogSynced hears each commit's sync of the log once, and nothing
// for a retried note, which writes nothing: the soak reads a note's own
// sync from it.
func TestEachCommitsLogSyncIsHeardOnce(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	var syncs []time.Duration
	db, err := Open(ctx, Config{DataDir: t.TempDir(), LogSynced: func(took time.Duration) {
		mu.Lock()
		syncs = append(syncs, took)
		mu.Unlock()
	}})
	require.NoError(t, err)
	defer db.Close(ctx)
	heard := func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(syncs)
	}
	before := len(heard())
	note := bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1.1"}
	_, created, err := db.CaptureNote(ctx, note)
	require.NoError(t, err)
	require.True(t, created)
	after := heard()
	require.Len(t, after, before+1, "one note, one commit, one sync")
	assert.Positive(t, after[before])

	_, created, err = db.CaptureNote(ctx, note)
	require.NoError(t, err)
	require.False(t, created)
	assert.Len(t, heard(), before+1, "a retried note writes nothing")
}

// A log whose database is not beside it (moved away, or a backup restored
// without it) is refused, naming both files: its changes are neither
// applied to a new, empty database nor dropped, and nothing is created.
func TestALogWithoutItsDatabaseIsRefused(t *testing.T) {
	holdApplies(t)
	ctx := context.Background()
	dir := t.TempDir()
	db := openShelved(t, Config{DataDir: dir})
	_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	left := snapshot(t, dir)
	require.NoError(t, os.Remove(filepath.Join(left, FileName)))
	logBefore, err := os.ReadFile(filepath.Join(left, FileName+WALSuffix))
	require.NoError(t, err)

	_, err = Open(ctx, Config{DataDir: left})
	require.Error(t, err)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), filepath.Join(left, FileName+WALSuffix))
	assert.NoFileExists(t, filepath.Join(left, FileName), "no new database made")
	logAfter, err := os.ReadFile(filepath.Join(left, FileName+WALSuffix))
	require.NoError(t, err)
	assert.Equal(t, logBefore, logAfter, "the log untouched")
}

// Past its first megabyte the log grows a megabyte at a time, its new size
// synced once, so the records after pay a data-only sync, not a full one
// each; the records across the growth read back.
func TestTheLogGrowsAMegabyteAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.wal")
	w, _, err := openWAL(path)
	require.NoError(t, err)
	pad := strings.Repeat("x", 30<<10)
	seq := uint64(0)
	for w.off <= walPrealloc+64<<10 {
		seq++
		require.NoError(t, appendOK(w.append(seq, []walOp{testPut(fmt.Sprint("k", seq), pad)}, false)))
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Zero(t, fi.Size()%walPrealloc, "record %d: the file is %d bytes", seq, fi.Size())
	}
	assert.Equal(t, int64(2*walPrealloc), w.size)
	require.NoError(t, w.close())
	again, recs, err := openWAL(path)
	require.NoError(t, err)
	defer again.close()
	assert.Len(t, recs, int(seq))
}
