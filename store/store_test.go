package store_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// backends returns the stores every contract test runs against: the embedded
// engine always, and a real MongoDB when MONGODB_TEST_URI is set.
func backends(t *testing.T) map[string]func(t *testing.T) *store.DB {
	t.Helper()
	b := map[string]func(t *testing.T) *store.DB{
		"embedded": func(t *testing.T) *store.DB { return openBolt(t) },
		// The query paths a real deployment takes, on the embedded engine
		// (which panics on query shapes it does not support).
		"embedded-unindexed": func(t *testing.T) *store.DB { return openBolt(t, unindexed()) },
	}
	if uri := os.Getenv("MONGODB_TEST_URI"); uri != "" {
		b["mongodb"] = func(t *testing.T) *store.DB {
			name := fmt.Sprintf("bh_test_%d", time.Now().UnixNano())
			db, err := store.Open(context.Background(), store.Config{URI: uri, Database: name})
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close(context.Background()) })
			return db
		}
	}
	return b
}

func openEmbedded(t *testing.T, dir string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Config{DataDir: dir})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(context.Background()) })
	return db
}

func TestCaptureNote(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			n, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "task: buy wipes", MessageTS: "1.1", EventID: "Ev1", Source: bh.SourceDM})
			require.NoError(t, err)
			assert.True(t, created)
			assert.Equal(t, bh.TagTask, n.Tag)
			assert.Equal(t, bh.TagByPrefix, n.TagSource)
			assert.Equal(t, "buy wipes", n.Text)
			assert.NotEmpty(t, n.ShiftID)

			// Same message again (a retry, or the app_mention twin): same note.
			again, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "task: buy wipes", MessageTS: "1.1", EventID: "Ev2"})
			require.NoError(t, err)
			assert.False(t, created)
			assert.Equal(t, n.ID, again.ID)

			// Another message in the same conversation shares the shift.
			n2, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "1.2"})
			require.NoError(t, err)
			assert.True(t, created)
			assert.Equal(t, n.ShiftID, n2.ShiftID)
			assert.Equal(t, bh.TagNote, n2.Tag)

			// Modal notes have no message and never collide.
			for i := 0; i < 2; i++ {
				_, created, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "same text", Tag: bh.TagDeadline})
				require.NoError(t, err)
				assert.True(t, created)
			}

			// Another team's channel with the same id is another shift.
			other, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T2", ChannelID: "D1", RawText: "x", MessageTS: "1.1"})
			require.NoError(t, err)
			assert.NotEqual(t, n.ShiftID, other.ShiftID)

			notes, err := db.Notes(ctx, "T1", n.ShiftID, false)
			require.NoError(t, err)
			assert.Len(t, notes, 4)

			_, err = db.Note(ctx, "T2", n.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "a note is invisible to another team")
		})
	}
}

func TestCaptureNoteRejectsEmpty(t *testing.T) {
	db := openBolt(t)
	for _, text := range []string{"", "   ", "\n\t", "task:", "\x00\x01"} {
		_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: text, MessageTS: "1"})
		assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), "%q", text)
	}
}

func TestNoteLifecycle(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "deadline: daycare form", MessageTS: "5.5"})
			require.NoError(t, err)

			require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "C1", "9.9"))
			r, err := db.RetagNote(ctx, "T1", n.ID, bh.TagTask)
			require.NoError(t, err)
			assert.Equal(t, bh.TagTask, r.Tag)
			assert.Equal(t, bh.TagByUser, r.TagSource)
			assert.Equal(t, "9.9", r.ReplyTS)
			assert.Greater(t, r.Rev, n.Rev)

			_, err = db.RetagNote(ctx, "T2", n.ID, bh.TagTask)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
			_, err = db.RetagNote(ctx, "T1", n.ID, bh.Tag("bogus"))
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))

			// An edit keeps the person's tag and takes the new text.
			e, err := db.EditNote(ctx, "T1", "C1", "5.5", "daycare form, signed", "")
			require.NoError(t, err)
			assert.Equal(t, "daycare form, signed", e.Text)
			assert.Equal(t, bh.TagTask, e.Tag)
			// A new prefix wins.
			e, err = db.EditNote(ctx, "T1", "C1", "5.5", "low: wipes", "")
			require.NoError(t, err)
			assert.Equal(t, bh.TagInventory, e.Tag)

			d, err := db.DeleteNote(ctx, "T1", n.ID)
			require.NoError(t, err)
			require.True(t, d.Deleted())
			d2, err := db.DeleteNote(ctx, "T1", n.ID)
			require.NoError(t, err)
			assert.Equal(t, d.DeletedAt, d2.DeletedAt, "deleting twice keeps the first time")

			notes, err := db.Notes(ctx, "T1", n.ShiftID, false)
			require.NoError(t, err)
			assert.Empty(t, notes)
			all, err := db.Notes(ctx, "T1", n.ShiftID, true)
			require.NoError(t, err)
			assert.Len(t, all, 1)

			rs, err := db.RestoreNote(ctx, "T1", n.ID)
			require.NoError(t, err)
			assert.False(t, rs.Deleted())

			// An edit that empties the message deletes the note.
			e, err = db.EditNote(ctx, "T1", "C1", "5.5", "   ", "")
			require.NoError(t, err)
			assert.True(t, e.Deleted())
		})
	}
}

func TestMarkEvent(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			first, err := db.MarkEvent(context.Background(), "T1", "Ev9")
			require.NoError(t, err)
			assert.True(t, first)
			first, err = db.MarkEvent(context.Background(), "T1", "Ev9")
			require.NoError(t, err)
			assert.False(t, first)
			first, err = db.MarkEvent(context.Background(), "T2", "Ev9")
			require.NoError(t, err)
			assert.True(t, first, "event ids are per team")
			seen, err := db.EventSeen(context.Background(), "T1", "Ev9")
			require.NoError(t, err)
			assert.True(t, seen)
			seen, err = db.EventSeen(context.Background(), "T1", "Ev10")
			require.NoError(t, err)
			assert.False(t, seen)
			// CaptureNote de-duplicates by message, and records its event
			// id as handled too, in the same write (the contract's
			// ACapturedNotesEventIsSeen).
			_, _, err = db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "x", MessageTS: "9.9", EventID: "Ev11"})
			require.NoError(t, err)
			seen, err = db.EventSeen(context.Background(), "T1", "Ev11")
			require.NoError(t, err)
			assert.True(t, seen)
		})
	}
}

// Concurrent captures share commits and none is lost or doubled.
func TestConcurrentCaptureGroupCommit(t *testing.T) {
	db := openBolt(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	const n = 200
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// Every message is captured twice, as Slack's retries would.
			for k := 0; k < 2; k++ {
				_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprintf("C%d", i%5), RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprintf("%d.0", i)})
				assert.NoError(t, err)
			}
		}(i)
	}
	wg.Wait()
	total := 0
	for c := 0; c < 5; c++ {
		sh, err := db.Shift(ctx, "T1", fmt.Sprintf("C%d", c))
		require.NoError(t, err)
		notes, err := db.Notes(ctx, "T1", sh.ID, false)
		require.NoError(t, err)
		total += len(notes)
	}
	assert.Equal(t, n, total)
}

func TestEmbeddedSurvivesRestartAndIsLocked(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1"})
	require.NoError(t, err)

	_, err = store.Open(ctx, store.Config{DataDir: dir})
	require.Error(t, err, "a second process must not open the same file")
	assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "in use by process")

	// A reply location is written lazily; Close must still commit it.
	require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "C1", "42.0"))
	require.NoError(t, db.Close(ctx))
	db2, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	defer db2.Close(ctx)
	got, err := db2.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, "wipes < 1 day", got.Text)
	assert.Equal(t, "42.0", got.ReplyTS, "the lazily written reply location survived the restart")
	// The unique index survived the restart.
	_, created, err := db2.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1"})
	require.NoError(t, err)
	assert.False(t, created)
}

func TestTagPrecedence(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			cases := []struct {
				in     bh.NewNote
				tag    bh.Tag
				source bh.TagSource
			}{
				{bh.NewNote{RawText: "form due Fri", Inferred: bh.TagDeadline}, bh.TagDeadline, bh.TagByInferred},
				{bh.NewNote{RawText: "task: form due Fri", Inferred: bh.TagDeadline}, bh.TagTask, bh.TagByPrefix},
				{bh.NewNote{RawText: "form due Fri", Inferred: bh.TagDeadline, Tag: bh.TagNote}, bh.TagNote, bh.TagByUser},
				// Nothing given: the store infers (a Note), as the bot did.
				{bh.NewNote{RawText: "slept 3h"}, bh.TagNote, bh.TagByInferred},
			}
			for i, c := range cases {
				c.in.TeamID, c.in.ChannelID, c.in.MessageTS = "T1", "C1", fmt.Sprintf("%d.0", i)
				n, _, err := db.CaptureNote(ctx, c.in)
				require.NoError(t, err)
				assert.Equal(t, c.tag, n.Tag, c.in.RawText)
				assert.Equal(t, c.source, n.TagSource, c.in.RawText)
			}
			// An edit re-infers an inferred tag, and keeps a person's.
			e, err := db.EditNote(ctx, "T1", "C1", "0.0", "out of wipes", bh.TagInventory)
			require.NoError(t, err)
			assert.Equal(t, bh.TagInventory, e.Tag)
			e, err = db.EditNote(ctx, "T1", "C1", "2.0", "out of wipes", bh.TagInventory)
			require.NoError(t, err)
			assert.Equal(t, bh.TagNote, e.Tag, "a person's choice stays")
		})
	}
}

// A call made with a cancelled context says so through the store's error:
// the council records such a run as interrupted, the radar does not log it
// as a failure.
func TestACancelledCallIsRecognisedAsCancelled(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "first", MessageTS: "1.1"})
			require.NoError(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			for what, call := range map[string]func() error{
				"a note": func() error {
					_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "second", MessageTS: "1.2"})
					return err
				},
				"a run": func() error {
					sh, err := db.Shift(context.Background(), "T1", "D1")
					require.NoError(t, err)
					_, err = db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: sh.ID, ChannelID: "D1", Energy: bh.EnergyAuto, HorizonH: 12})
					return err
				},
			} {
				err := call()
				require.Error(t, err, what)
				assert.ErrorIs(t, err, context.Canceled, what)
				assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err), what)
			}
		})
	}
}

// Notes lists a shift's notes oldest first, each with where its
// confirmation is, and the removed ones only when asked.
func TestNotesListsRepliesAndRemovedOnlyWhenAsked(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			var ids []string
			for _, ts := range []string{"1.1", "1.2", "1.3"} {
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: item " + ts, MessageTS: ts})
				require.NoError(t, err)
				require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "D1", ts+"9"))
				ids = append(ids, n.ID)
			}
			_, err := db.DeleteNote(ctx, "T1", ids[1])
			require.NoError(t, err)
			sh, err := db.Shift(ctx, "T1", "D1")
			require.NoError(t, err)
			for _, tc := range []struct {
				withDeleted bool
				want        []string
			}{{false, []string{ids[0], ids[2]}}, {true, ids}} {
				notes, err := db.Notes(ctx, "T1", sh.ID, tc.withDeleted)
				require.NoError(t, err)
				var got []string
				for _, n := range notes {
					got = append(got, n.ID)
					assert.Equal(t, "D1", n.ReplyChannel)
					assert.Equal(t, n.MessageTS+"9", n.ReplyTS)
				}
				assert.Equal(t, tc.want, got, "withDeleted %v", tc.withDeleted)
			}
		})
	}
}

// A message is one note on every engine, imports included: a note of the
// export under another id for a message that has its note is left out
// (counted kept), whether the note is in the database or earlier in the
// export.
func TestImportKeepsOneNotePerMessage(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
			require.NoError(t, err)
			sh, err := db.Shift(ctx, "T1", "D1")
			require.NoError(t, err)
			dump, err := db.Export(ctx, sh)
			require.NoError(t, err)
			require.Len(t, dump.Collections["logs"], 1)
			copyAs := func(id, ts string) bson.Raw {
				var d bson.D
				require.NoError(t, bson.Unmarshal(dump.Collections["logs"][0], &d))
				for i := range d {
					switch d[i].Key {
					case "_id":
						d[i].Value = id
					case "message_ts":
						d[i].Value = ts
					}
				}
				raw, err := bson.Marshal(d)
				require.NoError(t, err)
				return raw
			}
			dump.Collections["logs"] = append(dump.Collections["logs"],
				copyAs("copy-of-stored", "1.1"), copyAs("new-1", "2.1"), copyAs("copy-of-new", "2.1"))
			got, err := db.Import(ctx, dump)
			require.NoError(t, err)
			assert.Equal(t, 1, got.New, "only the note of the new message")
			assert.Equal(t, 2, got.Kept)
			notes, err := db.Notes(ctx, "T1", sh.ID, true)
			require.NoError(t, err)
			assert.Len(t, notes, 2)
			byMsg, err := db.NoteByMessage(ctx, "T1", "D1", "1.1")
			require.NoError(t, err)
			assert.Equal(t, n.ID, byMsg.ID)
			byMsg, err = db.NoteByMessage(ctx, "T1", "D1", "2.1")
			require.NoError(t, err)
			assert.Equal(t, "new-1", byMsg.ID)
		})
	}
}
