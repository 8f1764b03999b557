package sqlite

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// zoneReader reads a note as "read in loc" and tells each reading on read.
func zoneReader(read chan<- string) bh.Reader {
	return func(n bh.Note, loc *time.Location) bh.Reading {
		if read != nil {
			read <- n.RawText
		}
		return bh.Reading{Version: 1, Zone: loc.String(), Kind: bh.TagTask, Inferred: true}
	}
}

// A note is read before the writer takes it: a write held open (another
// request's, or another process's) does not hold up its reading, so the
// writer's share of a capture is the family, the rows and the commit.
func TestANoteIsReadBeforeTheWriterTakesIt(t *testing.T) {
	ctx := context.Background()
	read := make(chan string, 4)
	db, err := Open(ctx, Config{DataDir: t.TempDir(), Read: zoneReader(read)})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	held, err := db.wr.BeginTx(ctx, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = held.Rollback() }) // when the test stops early
	done := make(chan error, 1)
	go func() {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "buy wipes", MessageTS: "1.1"})
		done <- err
	}()
	// Real time only bounds a failure: the reading is waited for.
	select {
	case text := <-read:
		assert.Equal(t, "buy wipes", text)
	case <-time.After(5 * time.Second):
		t.Fatal("the note was not read while the writer was held")
	}
	require.NoError(t, held.Rollback())
	require.NoError(t, <-done)
}

// The zone a note is read in before the writer takes it is a guess (the
// one its conversation's last note was read in): when the family's zone
// changed since, the writer reads it again in the family's, and remembers
// it for the next note.
func TestANoteIsReadInItsFamilysZoneWhenTheGuessIsStale(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC))
	read := make(chan string, 8)
	db, err := Open(ctx, Config{DataDir: t.TempDir(), Now: clock.Now, Read: zoneReader(read)})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	capture := func(text, ts string) bh.Note {
		t.Helper()
		n, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: ts})
		require.NoError(t, err)
		require.True(t, created)
		return n
	}
	readings := func() int {
		k := len(read)
		for range k {
			<-read
		}
		return k
	}
	first := capture("buy wipes", "1.1")
	assert.Equal(t, "UTC", first.Reading.Zone)
	assert.Equal(t, 1, readings())
	assert.Empty(t, db.zones.m, "the guess was right: nothing to remember")
	require.NoError(t, db.SetShiftTZ(ctx, "T1", first.ShiftID, "Europe/Paris"))
	readings() // the open note, again in Paris

	second := capture("call the nurse", "1.2")
	assert.Equal(t, "Europe/Paris", second.Reading.Zone, "read again in the family's zone")
	assert.Equal(t, 2, readings(), "the guess (UTC), then Paris")
	stored, err := db.Note(ctx, "T1", second.ID)
	require.NoError(t, err)
	assert.Equal(t, "Europe/Paris", stored.Reading.Zone)

	third := capture("fed at 3", "1.3")
	assert.Equal(t, "Europe/Paris", third.Reading.Zone)
	assert.Equal(t, 1, readings(), "the zone is remembered: read once")
}

// A family's zone is remembered once its note's write has committed: a
// capture whose commit fails leaves the guess as it was.
func TestAZoneIsRememberedOnlyOnceTheWriteCommits(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir(), Read: zoneReader(nil)})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	first := capture(t, db, "D1", "buy wipes", "1.1")
	require.NoError(t, db.SetShiftTZ(ctx, "T1", first.ShiftID, "Europe/Paris"))
	// The commit of a note "boom" fails: it breaks a deferred constraint,
	// which SQLite checks only as the transaction commits.
	for _, q := range []string{"PRAGMA foreign_keys = ON", "CREATE TABLE parent (id INTEGER PRIMARY KEY)",
		"CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)",
		"CREATE TRIGGER boom AFTER INSERT ON notes WHEN NEW.raw_text = 'boom' BEGIN INSERT INTO child VALUES (1); END"} {
		_, err := db.wr.ExecContext(ctx, q)
		require.NoError(t, err, q)
	}
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "boom", MessageTS: "1.2"})
	require.Error(t, err)
	_, ok := db.zones.get("T1/D1")
	assert.False(t, ok, "a write that did not commit taught nothing")

	capture(t, db, "D1", "call the nurse", "1.3")
	zone, ok := db.zones.get("T1/D1")
	require.True(t, ok)
	assert.Equal(t, "Europe/Paris", zone.String())
}

// logPages are the database pages the log's frames hold, in their order
// (the WAL format: a 32-byte header, then each frame a 24-byte header,
// its page number first, and the page; frames of an older cycle have
// another salt).
func logPages(t *testing.T, path string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(path + "-wal")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(b), 32)
	size := int(binary.BigEndian.Uint32(b[8:12]))
	var pages []uint32
	for off := 32; off+24+size <= len(b); off += 24 + size {
		frame := b[off : off+24]
		if !bytes.Equal(frame[8:16], b[16:24]) {
			break
		}
		pages = append(pages, binary.BigEndian.Uint32(frame[0:4]))
	}
	return pages
}

// A note's capture writes to the log the pages of its row, its indexes
// and its family's row (the revisions' trigger), and no other: not a
// counter for its change's number, not an index that only a start-up pass
// reads, not a row for its Slack event beside it.
func TestACaptureWritesOnlyItsRowsPages(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	note := func(i int) {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: fmt.Sprintf("note %d", i),
			MessageTS: fmt.Sprintf("1.%03d", i), EventID: fmt.Sprintf("Ev%03d", i)})
		require.NoError(t, err)
	}
	for i := range 20 {
		note(i)
	}
	require.NoError(t, db.settle(ctx))
	var busy, logged, copied int
	require.NoError(t, db.wr.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &copied))
	require.Zero(t, busy)
	note(20)
	require.NoError(t, db.settle(ctx))

	of := map[uint32]string{}
	rows, err := db.rd.QueryContext(ctx, "SELECT name, pageno FROM dbstat")
	require.NoError(t, err)
	for rows.Next() {
		var name string
		var page uint32
		require.NoError(t, rows.Scan(&name, &page))
		of[page] = name
	}
	require.NoError(t, rows.Close())
	wrote := map[string]bool{}
	for _, p := range logPages(t, db.path) {
		wrote[of[p]] = true
	}
	for _, name := range []string{"notes", "sqlite_autoindex_notes_1", "notes_message", "notes_live", "notes_shift", "shifts"} {
		assert.True(t, wrote[name], "the capture wrote %s (it wrote %v)", name, wrote)
	}
	for _, name := range []string{"counters", "notes_read_version", "slack_events", "sqlite_autoindex_slack_events_1", "slack_events_received"} {
		assert.False(t, wrote[name], "the capture wrote %s", name)
	}
	seen, err := db.EventSeen(ctx, "T1", "Ev020")
	require.NoError(t, err)
	assert.True(t, seen, "its event is seen through the note")
}

// A change's number is above every number a note has or had, in a file
// whose counter ran ahead of its notes (a note removed before 0009).
func TestAChangeIsNumberedAboveTheCounter(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	capture(t, db, "D1", "a", "1.1")
	_, err := db.wr.ExecContext(ctx, "UPDATE counters SET value = 41 WHERE name = 'notes'")
	require.NoError(t, err)
	capture(t, db, "D1", "b", "1.2")
	got, err := db.Changes(ctx, Position(41), 10)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, int64(42), seqOf(got[0].Token))
}

// Reread finds the notes read under older rules in one pass over the
// notes, batch after batch, however they lie.
func TestRereadPassesOverEveryBatch(t *testing.T) {
	ctx := context.Background()
	was := rereadBatch
	rereadBatch = 3
	t.Cleanup(func() { rereadBatch = was })
	db, err := Open(ctx, Config{DataDir: t.TempDir(), Read: zoneReader(nil)})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	var ids []string
	for i := range 10 {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprint(i)})
		require.NoError(t, err)
		ids = append(ids, n.ID)
	}
	old := []string{ids[0], ids[4], ids[5], ids[9]}
	for _, id := range old {
		_, err := db.wr.ExecContext(ctx, "UPDATE notes SET read_version = 0 WHERE id = ?", id)
		require.NoError(t, err)
	}
	k, err := db.Reread(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, len(old), k)
	var left int
	require.NoError(t, db.rd.QueryRowContext(ctx, "SELECT count(*) FROM notes WHERE read_version < 1").Scan(&left))
	assert.Zero(t, left)
	k, err = db.Reread(ctx, 1)
	require.NoError(t, err)
	assert.Zero(t, k, "and not again")
}

// A message's note is looked for by the writer's insert, not on a reader
// first: a new note's capture reads nothing outside the writer's turn (a
// read's own snapshot of the log cost every note). Delivered twice, the
// stored note is answered and nothing is written.
func TestANoteIsLookedForByTheWriter(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir(), CheckpointAfter: 1 << 30})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(ctx)) })
	first, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	require.True(t, created)
	require.NoError(t, db.settle(ctx))
	logPages, _, err := db.Checkpoint(ctx)
	require.NoError(t, err)

	// The same message again (as a mention, say): the stored note.
	again, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	assert.False(t, created)
	assert.Equal(t, first.ID, again.ID)
	require.NoError(t, db.settle(ctx))
	now, _, err := db.Checkpoint(ctx)
	require.NoError(t, err)
	assert.Equal(t, logPages, now, "nothing was written")

	// With the read pool gone, a new note is still stored: it needed none.
	require.NoError(t, db.rd.Close())
	_, created, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "buy milk", MessageTS: "1.2"})
	require.NoError(t, err)
	assert.True(t, created)
}
