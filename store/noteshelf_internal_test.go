package store

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/256dpi/lungo/bsonkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// The units of one batch commit together, so a unit must see the notes
// the units before it staged: the same message twice is one note, and a
// note captured and changed in one batch is changed.
func TestABatchSeesTheNotesItStaged(t *testing.T) {
	ctx := context.Background()
	db := openShelved(t, Config{})
	require.True(t, db.notesShelved())
	_, err := db.Shift(ctx, "T1", "D1")
	require.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	now := db.now()
	doc := func(id, ts string) logDoc {
		return logDoc{ID: id, TeamID: "T1", ShiftID: "S1", ChannelID: "D1", Text: "buy wipes", Tag: string(bh.TagTask),
			MessageTS: ts, CreatedAt: now, UpdatedAt: now, Rev: 1}
	}
	var first, second logDoc
	var created [2]bool
	var retagged logDoc
	units := []*writeReq{
		{ctx: ctx, done: make(chan error, 1), fn: func(context.Context) (err error) {
			first, created[0], err = db.captureShelved(doc("n1", "1.1"))
			return err
		}},
		{ctx: ctx, done: make(chan error, 1), fn: func(context.Context) (err error) {
			second, created[1], err = db.captureShelved(doc("n2", "1.1"))
			return err
		}},
		{ctx: ctx, done: make(chan error, 1), fn: func(context.Context) (err error) {
			retagged, err = db.updateShelved(bson.D{{Key: "_id", Value: "n1"}, {Key: "team_id", Value: "T1"}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "tag", Value: string(bh.TagInventory)}}}, {Key: "$inc", Value: bson.D{{Key: "rev", Value: 1}}}})
			return err
		}},
	}
	require.NoError(t, db.runTxn(units))
	assert.Equal(t, [2]bool{true, false}, created)
	assert.Equal(t, "n1", second.ID, "the same message is the note staged before")
	assert.Equal(t, first.ID, retagged.ID)
	assert.Equal(t, 2, retagged.Rev)

	notes := db.mem.shiftNotes("T1", "S1")
	require.Len(t, notes, 1)
	assert.Equal(t, string(bh.TagInventory), notes[0].Tag)
	assert.Equal(t, 2, notes[0].Rev)
}

// An update's filter is the engine's: a note that does not match it (here
// a removed note, for a claim) is not changed, and says so as the engine
// would.
func TestAShelvedUpdateKeepsItsFilter(t *testing.T) {
	ctx := context.Background()
	db := openShelved(t, Config{})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: call the pediatrician", MessageTS: "1.1"})
	require.NoError(t, err)
	_, err = db.DeleteNote(ctx, "T1", n.ID)
	require.NoError(t, err)
	_, err = db.ClaimNote(ctx, "T1", n.ID, "U1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	_, err = db.RetagNote(ctx, "T2", n.ID, bh.TagTask)
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "another team's note")
	got, err := db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Empty(t, got.ClaimedBy)
	assert.Equal(t, 2, got.Rev)
}

// Notes an earlier version kept in the engine are moved onto the shelf
// once, at start-up, and keep working: listed, found by their message, not
// captured twice, changed, and kept over the next restart.
func TestNotesMoveOntoTheShelfOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old := openShelved(t, Config{DataDir: dir, Unindexed: true})
	require.False(t, old.notesShelved())
	var ids []string
	for _, ts := range []string{"1.1", "1.2", "1.3"} {
		n, _, err := old.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: item " + ts, MessageTS: ts})
		require.NoError(t, err)
		ids = append(ids, n.ID)
	}
	require.NoError(t, old.SetNoteReply(ctx, "T1", ids[2], "D1", "1.39"))
	_, err := old.MarkNoteDone(ctx, "T1", ids[0], true)
	require.NoError(t, err)
	_, err = old.DeleteNote(ctx, "T1", ids[1])
	require.NoError(t, err)
	sh, err := old.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	before, err := old.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	require.NoError(t, old.Close(ctx))

	var logs bytes.Buffer
	db := openShelved(t, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	assert.Contains(t, logs.String(), "collection=logs documents=3")
	assert.Contains(t, logs.String(), "collection=replies documents=1")
	names, err := db.db.ListCollectionNames(ctx, bson.D{})
	require.NoError(t, err)
	assert.NotContains(t, names, colLogs, "the engine no longer holds the notes")
	after, err := db.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	byMsg, err := db.NoteByMessage(ctx, "T1", "D1", "1.3")
	require.NoError(t, err)
	assert.Equal(t, ids[2], byMsg.ID)
	assert.Equal(t, "1.39", byMsg.ReplyTS)
	again, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: item 1.3", MessageTS: "1.3"})
	require.NoError(t, err)
	assert.False(t, created)
	assert.Equal(t, ids[2], again.ID)
	_, err = db.MarkNoteDone(ctx, "T1", ids[2], true)
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	logs.Reset()
	db = openShelved(t, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	assert.NotContains(t, logs.String(), "moved")
	got, err := db.Note(ctx, "T1", ids[2])
	require.NoError(t, err)
	assert.True(t, got.Done())
	all, err := db.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, all, 3)
}

func TestNoteFeed(t *testing.T) {
	ctx := context.Background()
	note := func(team, shift string) bson.Raw {
		raw, err := bson.Marshal(logDoc{ID: "n", TeamID: team, ShiftID: shift})
		require.NoError(t, err)
		return raw
	}
	t.Run("a stream reads what was published after it opened, a burst at once", func(t *testing.T) {
		f := newNoteFeed()
		f.publish([]bson.Raw{note("T1", "before")})
		next, stop, err := f.watch(nil)
		require.NoError(t, err)
		defer stop()
		f.publish([]bson.Raw{note("T1", "S1"), note("T2", "S2")})
		got, err := next(ctx)
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Equal(t, bh.NoteChange{TeamID: "T1", ShiftID: "S1", Token: f.token(2)}, got[0])
		assert.Equal(t, "S2", got[1].ShiftID)
	})
	t.Run("it resumes only where nothing was missed", func(t *testing.T) {
		f := newNoteFeed()
		f.publish([]bson.Raw{note("T1", "S1")})
		_, stop, err := f.watch(f.token(1))
		require.NoError(t, err)
		require.NoError(t, stop())
		f.publish([]bson.Raw{note("T1", "S1")})
		_, _, err = f.watch(f.token(1))
		assert.ErrorIs(t, err, errCannotResume, "a change since")
		_, _, err = newNoteFeed().watch(f.token(2))
		assert.ErrorIs(t, err, errCannotResume, "another run's token")
	})
	t.Run("a reader that falls behind loses its stream", func(t *testing.T) {
		f := newNoteFeed()
		next, stop, err := f.watch(nil)
		require.NoError(t, err)
		defer stop()
		other, stopOther, err := f.watch(nil)
		require.NoError(t, err)
		for i := 0; i < feedBuffer+1; i++ {
			f.publish([]bson.Raw{note("T1", "S1")})
		}
		_, err = next(ctx)
		assert.ErrorIs(t, err, errFellBehind)
		require.NoError(t, stopOther())
		_, err = other(ctx)
		assert.Error(t, err, "stopped (or behind)")
	})
	t.Run("stop ends the stream", func(t *testing.T) {
		next, stop, err := newNoteFeed().watch(nil)
		require.NoError(t, err)
		require.NoError(t, stop())
		_, err = next(ctx)
		assert.ErrorIs(t, err, io.EOF)
	})
}

// openClocked opens the shelved store in dir on a clock the test sets.
func openClocked(t *testing.T, dir string, now *time.Time) *DB {
	t.Helper()
	return openShelved(t, Config{DataDir: dir, Now: func() time.Time { return *now }})
}

// A swept note leaves the file, not only memory: after a restart it is
// not back, and its message makes a new note.
func TestASweptNoteLeavesTheFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	now := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	db := openClocked(t, dir, &now)
	done, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	kept, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: call grandma", MessageTS: "1.2"})
	require.NoError(t, err)
	_, err = db.MarkNoteDone(ctx, "T1", done.ID, true)
	require.NoError(t, err)
	now = now.Add(366 * 24 * time.Hour)
	swept, err := db.Sweep(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, swept.Notes)
	have, err := db.shelf.get(colLogs, idDoc(done.ID))
	require.NoError(t, err)
	assert.Nil(t, have)
	require.NoError(t, db.Close(ctx))

	db = openClocked(t, dir, &now)
	all, err := db.Notes(ctx, "T1", kept.ShiftID, true)
	require.NoError(t, err)
	require.Len(t, all, 1)
	assert.Equal(t, kept.ID, all[0].ID)
	again, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	assert.True(t, created)
	assert.NotEqual(t, done.ID, again.ID)
}

// Closing the store ends its note streams, as the engine's end.
func TestClosingTheStoreEndsNoteStreams(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety net, not a measure
	defer cancel()
	db := openShelved(t, Config{})
	next, stop, err := db.WatchNotes(ctx, nil)
	require.NoError(t, err)
	defer stop()
	require.NoError(t, db.Close(ctx))
	_, err = next(ctx)
	assert.ErrorIs(t, err, io.EOF)
	_, _, err = db.WatchNotes(ctx, nil)
	assert.Error(t, err)
}

// Where a note's confirmation is survives a restart (it is written with a
// later commit, not at once), and goes from the file when the sweep takes
// it.
func TestReplyLocationsOnTheShelf(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	now := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	db := openClocked(t, dir, &now)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "D1", "1.19"))
	require.NoError(t, db.Close(ctx))

	db = openClocked(t, dir, &now)
	got, err := db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, "1.19", got.ReplyTS)
	// Exactly ReplyAge old: not yet swept, in memory as in the file.
	now = now.Add(ReplyAge)
	swept, err := db.Sweep(ctx)
	require.NoError(t, err)
	assert.Zero(t, swept.Replies)
	got, err = db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, "1.19", got.ReplyTS, "memory agrees with the file")
	now = now.Add(time.Hour)
	swept, err = db.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, swept.Replies)
	require.NoError(t, db.Close(ctx))

	db = openClocked(t, dir, &now)
	got, err = db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Empty(t, got.ReplyTS)
}

// A commit of an older reply location (or its removal) does not undo a
// newer one set in memory since.
func TestAnOlderReplyCommitKeepsTheNewerLocation(t *testing.T) {
	m := &memIndex{replies: map[string]replyDoc{}}
	at := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	older := replyDoc{ID: "n1", TeamID: "T1", Channel: "D1", TS: "1.1", At: at}
	newer := older
	newer.TS, newer.At = "1.2", at.Add(time.Second)
	m.setReply(newer)
	raw, err := bson.Marshal(older)
	require.NoError(t, err)
	require.NoError(t, m.repliesCommitted([]bson.Raw{raw}, nil))
	r, _ := m.reply("n1")
	assert.Equal(t, "1.2", r.TS)
	var gone bson.D
	require.NoError(t, bson.Unmarshal(raw, &gone))
	require.NoError(t, m.repliesCommitted(nil, bsonkit.List{&gone}))
	r, ok := m.reply("n1")
	assert.True(t, ok)
	assert.Equal(t, "1.2", r.TS)
	raw, err = bson.Marshal(newer)
	require.NoError(t, err)
	require.NoError(t, bson.Unmarshal(raw, &gone))
	require.NoError(t, m.repliesCommitted(nil, bsonkit.List{&gone}))
	_, ok = m.reply("n1")
	assert.False(t, ok, "its own removal takes it")
}

// An import's reply location for a note whose newer location is still
// waiting to be written is kept out, as the engine would have found the
// newer one: after a restart the note points at its latest reply.
func TestAnImportDoesNotUndoAWaitingReply(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openShelved(t, Config{DataDir: dir, LazyDelay: time.Hour})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "D1", "1.19")) // waits for the next commit
	older := rawDoc(t, bson.D{{Key: "_id", Value: n.ID}, {Key: "team_id", Value: "T1"}, {Key: "channel", Value: "D1"},
		{Key: "ts", Value: "0.5"}, {Key: "at", Value: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}})
	got, err := db.Import(ctx, Dump{Collections: map[string][]bson.Raw{colReplies: {older}}})
	require.NoError(t, err)
	assert.Equal(t, Imported{Kept: 1}, got)
	require.NoError(t, db.Close(ctx))

	db = openShelved(t, Config{DataDir: dir})
	note, err := db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, "1.19", note.ReplyTS)
}

// A batch that stores a note and then removes it leaves it neither in the
// file nor in memory: the commit tells memory in the order it wrote.
func TestABatchThatAddsThenRemovesANote(t *testing.T) {
	ctx := context.Background()
	db := openShelved(t, Config{})
	now := db.now()
	doc := logDoc{ID: "n1", TeamID: "T1", ShiftID: "S1", ChannelID: "D1", Text: "buy wipes", MessageTS: "1.1", CreatedAt: now, UpdatedAt: now, Rev: 1}
	raw, err := bson.Marshal(doc)
	require.NoError(t, err)
	units := []*writeReq{
		{ctx: ctx, done: make(chan error, 1), fn: func(context.Context) error { db.stage(colLogs, raw); return nil }},
		{ctx: ctx, done: make(chan error, 1), fn: func(context.Context) error { db.stageDelete(colLogs, raw); return nil }},
	}
	require.NoError(t, db.runTxn(units))
	have, err := db.shelf.get(colLogs, idDoc("n1"))
	require.NoError(t, err)
	assert.Nil(t, have)
	_, ok := db.mem.noteByID("n1")
	assert.False(t, ok)
	_, ok = db.mem.note("T1", "D1", "1.1")
	assert.False(t, ok)
}
