package sqlite

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

func openTest(t *testing.T, dir string, now func() time.Time) *DB {
	t.Helper()
	db, err := Open(context.Background(), Config{DataDir: dir, Now: now})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	return db
}

func capture(t *testing.T, db *DB, channel, text, ts string) bh.Note {
	t.Helper()
	n, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: channel, UserID: "U1", RawText: text, MessageTS: ts})
	require.NoError(t, err)
	return n
}

// Reads go through the read pool: a write transaction held open (another
// request's, or another process's) never holds them up.
func TestReadsNeverWaitForAWrite(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	n := capture(t, db, "D1", "wipes < 1 day", "1.1")
	held, err := db.wr.BeginTx(ctx, nil)
	require.NoError(t, err)
	_, err = held.ExecContext(ctx, "UPDATE shifts SET tz = 'Europe/Paris'")
	require.NoError(t, err)
	// Ended below; this only ends it when the test stops early.
	t.Cleanup(func() { _ = held.Rollback() })
	// A deadline of real time only so that a read stuck behind the writer
	// fails the test instead of hanging it.
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	got, err := db.Note(rctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, n.ID, got.ID)
	live, err := db.LiveNotes(rctx, "T1", n.ShiftID, time.Now())
	require.NoError(t, err)
	assert.Len(t, live.Notes, 1)
	sh, err := db.Shift(rctx, "T1", "D1")
	require.NoError(t, err)
	assert.Empty(t, sh.TZ, "the snapshot before the uncommitted write")
	_, created, err := db.CaptureNote(rctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1", Redelivered: true})
	require.NoError(t, err)
	assert.False(t, created, "a redelivery is answered without the writer")
	require.NoError(t, held.Rollback())
}

// A change's number is never one a note had before, even when that note is
// gone (a retention sweep, or by hand): a stream that read up to it would
// otherwise skip the next change.
func TestChangesNeverReuseTheNumberOfARemovedNote(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	capture(t, db, "D1", "a", "1.1")
	b := capture(t, db, "D1", "b", "1.2")
	all, err := db.Changes(ctx, nil, 10)
	require.NoError(t, err)
	require.Len(t, all, 2)
	removed := seqOf(all[1].Token)
	_, err = db.wr.ExecContext(ctx, "DELETE FROM notes WHERE id = ?", b.ID)
	require.NoError(t, err)
	c := capture(t, db, "D1", "c", "1.3")
	after, err := db.Changes(ctx, all[1].Token, 10)
	require.NoError(t, err)
	require.Len(t, after, 1, "the reader that saw b's change hears of c")
	assert.Greater(t, seqOf(after[0].Token), removed)
	assert.Equal(t, c.ShiftID, after[0].ShiftID)
}

// A stream resumes after a restart from the position it had: each change
// after it once, the ones committed while it was down first.
func TestAStreamResumesAfterARestart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	clock := clocktest.New(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC))
	db, err := Open(ctx, Config{DataDir: dir, Now: clock.Now})
	require.NoError(t, err)
	a := capture(t, db, "D1", "a", "1.1")
	capture(t, db, "D2", "b", "2.1")
	first, err := db.Changes(ctx, nil, 1)
	require.NoError(t, err)
	require.Len(t, first, 1)
	assert.Equal(t, a.ShiftID, first[0].ShiftID)
	require.NoError(t, db.Close(ctx))

	db = openTest(t, dir, clock.Now)
	next, stop, err := db.WatchNotes(ctx, first[0].Token)
	require.NoError(t, err)
	defer func() { assert.NoError(t, stop(), "stopping twice is fine") }()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	got, err := next(wctx)
	require.NoError(t, err)
	require.Len(t, got, 1, "b, written before the restart, once")
	b, err := db.Shift(ctx, "T1", "D2")
	require.NoError(t, err)
	assert.Equal(t, b.ID, got[0].ShiftID)
	c := capture(t, db, "D3", "c", "3.1")
	got, err = next(wctx)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, c.ShiftID, got[0].ShiftID)
	_, _, err = db.WatchNotes(ctx, []byte("nope"))
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	require.NoError(t, stop())
	_, err = next(wctx)
	assert.Error(t, err, "a stopped stream ends")
}

// The schema is applied once and recorded; the writer is durable (WAL,
// synchronous=FULL).
func TestOpenMigratesOnceInWALWithFullSync(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	openTest(t, dir, nil)
	db := openTest(t, dir, nil) // a second process on the same file
	var n int
	require.NoError(t, db.rd.QueryRowContext(ctx, "SELECT count(*) FROM migrations").Scan(&n))
	all, err := migrations()
	require.NoError(t, err)
	assert.Equal(t, len(all), n)
	var mode string
	var sync int
	require.NoError(t, db.wr.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
	require.NoError(t, db.wr.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync))
	assert.Equal(t, "wal", mode)
	assert.Equal(t, 2, sync, "FULL")
}

// A broken constraint is a conflict, named by the operation, wherever it
// happens.
func TestConstraintErrorsAreConflicts(t *testing.T) {
	db := openTest(t, t.TempDir(), nil)
	n := capture(t, db, "D1", "a", "1.1")
	err := db.write(context.Background(), "copy a note", func(tx *Tx) error {
		_, err := tx.ExecContext(context.Background(), "INSERT INTO notes SELECT * FROM notes WHERE id = ?", n.ID)
		return err
	})
	assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err))
	assert.Contains(t, err.Error(), "sqlite: copy a note:")
	assert.Equal(t, "That is already saved.", bh.ErrorMessage(err))
}

// The hot paths' queries go through their indexes, not a scan of the
// notes (a partial index is used only when the query names its
// condition, which a first version of the message lookup did not).
func TestHotPathsUseTheirIndexes(t *testing.T) {
	db := openTest(t, t.TempDir(), nil)
	for _, tt := range []struct{ query, index string }{
		{"SELECT " + noteCols + " FROM notes WHERE " + byMessage, "notes_message"},
		{"SELECT " + noteCols + " FROM notes WHERE team_id = ? AND shift_id = ? AND open_until > ? ORDER BY created_at, id", "notes_live"},
		{"SELECT team_id, shift_id, seq FROM notes WHERE seq > ? ORDER BY seq LIMIT ?", "(seq>?)"},
		{"SELECT " + noteCols + " FROM notes WHERE id = ? AND team_id = ?", "(id=?)"},
		{"SELECT 1 FROM notes WHERE " + strings.NewReplacer("?1", "?", "?2", "?").Replace(byEvent), "notes_event"},
		{nextSeq, "sqlite_autoindex_notes_2"},
		{"SELECT " + memberCols + " FROM members WHERE team_id = ? AND user_id = ? ORDER BY joined_at", "members_user"},
		{"SELECT " + convCols + " FROM conversations WHERE team_id = ? AND shift_id = ? ORDER BY channel_id", "conversations_shift"},
		{"SELECT " + inviteCols + " FROM invites WHERE team_id = ? AND to_user = ? ORDER BY created_at DESC", "invites_to"},
	} {
		rows, err := db.rd.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+tt.query, "T1", "a", "b", "c")
		require.NoError(t, err)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Close())
		assert.Contains(t, strings.Join(plan, "\n"), tt.index, "%s:\n%s", tt.query, plan)
		for _, step := range plan {
			if step != "SCAN CONSTANT ROW" { // a SELECT of subqueries
				assert.NotContains(t, step, "SCAN", tt.query)
			}
		}
	}
}

// A first start stopped half-way (here: a migration that fails) leaves no
// database file, so the next start makes one instead of refusing it.
func TestAFirstStartStoppedHalfWayLeavesNoFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	good := migrationFS
	t.Cleanup(func() { migrationFS = good })
	migrationFS = fstest.MapFS{
		"migrations/0001_a.sql":      {Data: []byte("CREATE TABLE a (x INTEGER);")},
		"migrations/0002_broken.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")},
	}
	_, err := Open(ctx, Config{DataDir: dir})
	require.Error(t, err)
	_, err = os.Stat(filepath.Join(dir, FileName))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	migrationFS = good
	db := openTest(t, dir, nil)
	capture(t, db, "D1", "wipes < 1 day", "1.1")
}
