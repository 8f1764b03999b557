package sqlite

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A file written before a note's fields were columns (migrations up to
// 0006: the rest of a note a JSON doc) keeps every field through 0007 and
// 0008, and its notes are read at the next start.
func TestNotesOfADocMoveIntoColumns(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old := fstest.MapFS{}
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	require.NoError(t, err)
	for _, name := range names {
		if strings.Compare(name, "migrations/0007") < 0 {
			b, err := fs.ReadFile(migrationFiles, name)
			require.NoError(t, err)
			old[name] = &fstest.MapFile{Data: b}
		}
	}
	require.Len(t, old, 5)
	migrationFS = old
	t.Cleanup(func() { migrationFS = migrationFiles })
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	db, err := Open(ctx, Config{DataDir: dir, Now: func() time.Time { return at }})
	require.NoError(t, err)
	_, err = db.wr.ExecContext(ctx, `INSERT INTO shifts (id, team_id, channel_id, notes_rev, created_at, updated_at) VALUES ('S1', 'T1', 'D1', 0, 1, 1)`)
	require.NoError(t, err)
	_, err = db.wr.ExecContext(ctx, `INSERT INTO notes (id, team_id, shift_id, channel_id, user_id, message_ts, seq, rev, created_at, updated_at,
		done_at, open_until, doc) VALUES ('N1', 'T1', 'S1', 'D1', 'U1', '1.1', 1, 3, ?, ?, ?, 9223372036854775807, ?)`,
		at.UnixMilli(), at.UnixMilli(), at.Add(time.Hour).UnixMilli(),
		`{"text":"slept 3h","raw_text":"note: slept 3h","tag":"note","tag_source":"prefix","source":"dm","permalink":"https://x/p1",
		"event_id":"Ev1","done_by":"U2","done_by_note":"N0","dropped":true,"still_on_at":"2026-11-24T09:30:00.123Z",
		"claimed_by":"U3","claimed_at":"2026-11-24T09:45:00Z","reply_channel":"D1","reply_ts":"2.2"}`)
	require.NoError(t, err)
	_, err = db.wr.ExecContext(ctx, `INSERT INTO notes (id, team_id, shift_id, channel_id, user_id, message_ts, seq, rev, created_at, updated_at,
		open_until, doc) VALUES ('N2', 'T1', 'S1', 'D1', 'U1', '', 2, 1, ?, ?, 9223372036854775807, '{"text":"x","raw_text":"x","tag":"task","tag_source":"user"}')`,
		at.UnixMilli(), at.UnixMilli())
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	migrationFS = migrationFiles
	db, err = Open(ctx, Config{DataDir: dir, Now: func() time.Time { return at }, Read: normalize.Read})
	require.NoError(t, err)
	defer func() { require.NoError(t, db.Close(ctx)) }()
	n, err := db.Note(ctx, "T1", "N1")
	require.NoError(t, err)
	stillOn, claimed, done := time.Date(2026, 11, 24, 9, 30, 0, 123e6, time.UTC), time.Date(2026, 11, 24, 9, 45, 0, 0, time.UTC), at.Add(time.Hour)
	assert.Equal(t, bh.Note{ID: "N1", TeamID: "T1", ShiftID: "S1", ChannelID: "D1", UserID: "U1", Text: "slept 3h", RawText: "note: slept 3h",
		Tag: bh.TagNote, TagSource: bh.TagByPrefix, Source: bh.SourceDM, MessageTS: "1.1", Permalink: "https://x/p1", ReplyChannel: "D1", ReplyTS: "2.2",
		EventID: "Ev1", CreatedAt: at, UpdatedAt: at, DoneAt: &done, DoneBy: bh.DoneBy{User: "U2", Note: "N0", Dropped: true}, StillOnAt: &stillOn,
		ClaimedBy: "U3", ClaimedAt: &claimed, Rev: 3}, n)
	k, err := db.Reread(ctx, normalize.Version)
	require.NoError(t, err)
	assert.Equal(t, 2, k)
	n, err = db.Note(ctx, "T1", "N2")
	require.NoError(t, err)
	assert.Equal(t, bh.TagTask, n.Reading.Kind, "read at start, a person's tag kept")
	var swept, rev int
	require.NoError(t, db.rd.QueryRowContext(ctx, "SELECT swept_rev, notes_rev FROM shifts WHERE id = 'S1'").Scan(&swept, &rev))
	assert.Equal(t, 3+1, swept+rev, "the order of states as before: the sum of its notes' revisions; reading them again is no change")
}

// A file of 0008 keeps what it knew through 0009: a note's event is seen
// (through the note, as slack_events no longer holds it), an edit's event
// too, and the next change is numbered above the counter, which ran ahead
// of the notes (the note numbered 9 was removed).
func TestAFileOf0008KeepsItsEventsAndNumbers(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old := fstest.MapFS{}
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	require.NoError(t, err)
	for _, name := range names {
		if strings.Compare(name, "migrations/0009") < 0 {
			b, err := fs.ReadFile(migrationFiles, name)
			require.NoError(t, err)
			old[name] = &fstest.MapFile{Data: b}
		}
	}
	migrationFS = old
	t.Cleanup(func() { migrationFS = migrationFiles })
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	db, err := Open(ctx, Config{DataDir: dir, Now: func() time.Time { return at }})
	require.NoError(t, err)
	for _, q := range []string{
		`INSERT INTO shifts (id, team_id, channel_id, notes_rev, created_at, updated_at) VALUES ('S1', 'T1', 'D1', 1, 1, 1)`,
		`INSERT INTO conversations (team_id, channel_id, shift_id, kind, user_id, since) VALUES ('T1', 'D1', 'S1', 'dm', 'U1', 1)`,
		`INSERT INTO notes (id, team_id, shift_id, channel_id, user_id, message_ts, seq, rev, created_at, updated_at, open_until, text, raw_text, event_id)
			VALUES ('N1', 'T1', 'S1', 'D1', 'U1', '1.1', 5, 1, 1, 1, 9223372036854775807, 'fed', 'fed', 'EvNote')`,
		`INSERT INTO slack_events (team_id, event_id, received_at) VALUES ('T1', 'EvNote', 1), ('T1', 'EvEdit', 1)`,
		`UPDATE counters SET value = 9 WHERE name = 'notes'`,
	} {
		_, err = db.wr.ExecContext(ctx, q)
		require.NoError(t, err, q)
	}
	require.NoError(t, db.Close(ctx))

	migrationFS = migrationFiles
	db, err = Open(ctx, Config{DataDir: dir, Now: func() time.Time { return at }})
	require.NoError(t, err)
	defer func() { require.NoError(t, db.Close(ctx)) }()
	var indexes int
	require.NoError(t, db.rd.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE name IN ('notes_read_version', 'notes_event')").Scan(&indexes))
	assert.Equal(t, 1, indexes, "notes_event only")
	// A day on, the event ids are swept: the note's event is still seen.
	at = at.Add(48 * time.Hour)
	swept, err := db.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, swept.SlackIDs)
	for _, ev := range []string{"EvNote", "EvEdit"} {
		seen, err := db.EventSeen(ctx, "T1", ev)
		require.NoError(t, err)
		assert.Equal(t, ev == "EvNote", seen, ev)
	}
	first, err := db.MarkEvent(ctx, "T1", "EvNote")
	require.NoError(t, err)
	assert.False(t, first, "a note was stored from it")

	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "slept 3h", MessageTS: "1.2"})
	require.NoError(t, err)
	got, err := db.Changes(ctx, Position(9), 10)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, int64(10), seqOf(got[0].Token), "above the counter")
}
