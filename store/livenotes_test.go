package store_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store"
)

// bothEngines are the embedded store's two read paths: from memory, and the
// queries a MongoDB deployment answers.
var bothEngines = []struct {
	name string
	opts []option
}{{"memory", nil}, {"query", []option{unindexed()}}}

// LiveNotes over a month of a shift's life, on the clock the test sets:
// a note leaves it when deleted, done more than a day ago, or past by its
// own words (an observation after a day, an appointment when it ends), and
// comes back when restored, undone or edited into something open. Rev
// counts every note, whatever left. The embedded store (from memory) and
// the query path a deployment takes must agree at every step.
func TestLiveNotesOverAMonth(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			ctx := context.Background()
			start := time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)
			clk := clocktest.New(start)
			db := openBolt(t, append(engine.opts, withClock(clk.Now))...)
			ids := map[string]string{}
			capture := func(name, text, ts string) {
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: text, MessageTS: ts})
				require.NoError(t, err)
				ids[n.ID] = name
			}
			capture("slept", "slept 3h", "1.1")
			capture("appt", "pediatrician appointment 10am", "1.2")
			capture("task", "call grandma about the weekend", "1.3")
			capture("fever", "fever 38.5 after the 6am feed", "1.4")
			capture("wipes", "wipes < 1 day", "1.5")
			capture("gone", "bottle brush broke", "1.6")
			capture("nap", "nap 45 min", "1.7")
			sh, err := db.Shift(ctx, "T1", "C1")
			require.NoError(t, err)
			id := func(name string) string {
				for k, v := range ids {
					if v == name {
						return k
					}
				}
				t.Fatalf("no note %s", name)
				return ""
			}
			live := func(at time.Time) []string {
				t.Helper()
				clk.Set(at)
				got, err := db.LiveNotes(ctx, "T1", sh.ID, at)
				require.NoError(t, err)
				all, err := db.Notes(ctx, "T1", sh.ID, true)
				require.NoError(t, err)
				shift, err := db.ShiftByID(ctx, "T1", sh.ID)
				require.NoError(t, err)
				rev := shift.SweptRev
				for _, n := range all {
					rev += n.Rev
				}
				assert.Equal(t, rev, got.Rev, "Rev counts every note")
				var names []string
				for _, n := range got.Notes {
					names = append(names, ids[n.ID])
				}
				sort.Strings(names)
				return names
			}

			assert.Equal(t, []string{"appt", "fever", "gone", "nap", "slept", "task", "wipes"}, live(start.Add(time.Hour)))
			// Read as an observation, then edited into a task before its day
			// is over: read again, so it stays.
			_, err = db.EditNote(ctx, "T1", "C1", "1.7", "task: buy a white noise machine", "")
			require.NoError(t, err)
			_, err = db.DeleteNote(ctx, "T1", id("gone"))
			require.NoError(t, err)
			_, err = db.MarkNoteDone(ctx, "T1", id("wipes"), true)
			require.NoError(t, err)
			assert.Equal(t, []string{"appt", "fever", "nap", "slept", "task", "wipes"}, live(start.Add(2*time.Hour)), "deleted: out; done: still listed for a day")
			assert.Equal(t, []string{"fever", "nap", "slept", "task", "wipes"}, live(start.Add(3*time.Hour)), "the appointment is over")
			assert.Equal(t, []string{"fever", "nap", "task"}, live(start.Add(27*time.Hour)), "a day on: the night's sleep and the day-old done are out; the edited nap is a task")

			_, err = db.RestoreNote(ctx, "T1", id("gone"))
			require.NoError(t, err)
			_, err = db.MarkNoteDone(ctx, "T1", id("wipes"), false)
			require.NoError(t, err)
			_, err = db.EditNote(ctx, "T1", "C1", "1.1", "task: book a sleep consultant", "")
			require.NoError(t, err)
			assert.Equal(t, []string{"fever", "gone", "nap", "slept", "task", "wipes"}, live(start.Add(28*time.Hour)), "restored, undone and edited: back")

			capture("fed", "fed 4oz at 3am", "2.1")
			assert.Equal(t, []string{"fed", "fever", "gone", "nap", "slept", "task", "wipes"}, live(start.Add(29*time.Hour)))
			assert.Equal(t, []string{"fever", "gone", "nap", "slept", "task", "wipes"}, live(start.Add(30*24*time.Hour)), "a month on: health notes and open work stay")
		})
	}
}

// A shift's zone decides when its appointment ends: its own, else the
// store's default; read again when the zone changes, both ways.
func TestLiveNotesReadInTheShiftsZone(t *testing.T) {
	ctx := context.Background()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	written := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC) // 07:00 in New York
	// 17:00 UTC: in New York it was 10:00–11:00 (15:00–16:00 UTC), over;
	// in UTC, 10 a.m. had gone by when it was written: tomorrow's.
	at := written.Add(5 * time.Hour)
	clock := withClock(func() time.Time { return written })
	db := openBolt(t, clock)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "pediatrician appointment 10am", MessageTS: "1.1"})
	require.NoError(t, err)
	count := func() int {
		t.Helper()
		live, err := db.LiveNotes(ctx, "T1", n.ShiftID, at)
		require.NoError(t, err)
		return len(live.Notes)
	}
	assert.Equal(t, 1, count(), "tomorrow, read in UTC")
	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "America/New_York"))
	assert.Equal(t, 0, count(), "over, read in New York")
	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, ""))
	assert.Equal(t, 1, count(), "back in UTC: tomorrow's again")

	nyStore := openBolt(t, clock, func(c *store.Config) { c.Location = ny })
	n, _, err = nyStore.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "pediatrician appointment 10am", MessageTS: "1.1"})
	require.NoError(t, err)
	live, err := nyStore.LiveNotes(ctx, "T1", n.ShiftID, at)
	require.NoError(t, err)
	assert.Empty(t, live.Notes, "a shift without a zone is read in the store's")
}

// NotesByID finds a team's notes by id, deleted ones too, in the order
// asked, on both engines; another team's and unknown ids are not found.
func TestNotesByID(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			ctx := context.Background()
			db := openBolt(t, engine.opts...)
			a, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "wipes < 1 day", MessageTS: "1.1"})
			require.NoError(t, err)
			b, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", RawText: "slept 3h", MessageTS: "1.2"})
			require.NoError(t, err)
			other, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T2", ChannelID: "C1", RawText: "out of formula", MessageTS: "1.1"})
			require.NoError(t, err)
			_, err = db.DeleteNote(ctx, "T1", a.ID)
			require.NoError(t, err)
			got, err := db.NotesByID(ctx, "T1", []string{b.ID, "nope", other.ID, a.ID})
			require.NoError(t, err)
			require.Len(t, got, 2)
			assert.Equal(t, b.ID, got[0].ID)
			assert.Equal(t, a.ID, got[1].ID)
			assert.True(t, got[1].Deleted())
		})
	}
}

// The live notes kept in memory stay right while notes are written,
// edited, done, removed and restored, readers read them, and time moves on
// under them (so readings race with writes, and notes go past): at the end
// they are the ones a fresh start reads from the file.
func TestLiveNotesUnderWritesAndTime(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	clk := clocktest.New(time.Date(2026, 11, 2, 7, 0, 0, 0, time.UTC))
	db, err := store.Open(ctx, store.Config{DataDir: dir, Now: clk.Now})
	require.NoError(t, err)
	first, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "0.1"})
	require.NoError(t, err)
	shift := first.ShiftID

	stop := make(chan struct{})
	var readers sync.WaitGroup
	for r := 0; r < 2; r++ {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
					_, err := db.LiveNotes(ctx, "T1", shift, clk.Now())
					assert.NoError(t, err)
				}
			}
		}()
	}
	var writers sync.WaitGroup
	for g := 0; g < 3; g++ {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for i := 0; i < 20; i++ {
				ts := fmt.Sprintf("%d.%03d", g+1, i)
				text := []string{"slept 4h " + ts, "pediatrician appointment 9am " + ts, "fed 4oz " + ts, "wipes < 1 day " + ts}[i%4]
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: text, MessageTS: ts})
				require.NoError(t, err)
				switch i % 5 {
				case 1:
					_, err = db.EditNote(ctx, "T1", "D1", ts, "task: call the clinic "+ts, "")
				case 2:
					if _, err = db.DeleteNote(ctx, "T1", n.ID); err == nil {
						_, err = db.RestoreNote(ctx, "T1", n.ID)
					}
				case 3:
					_, err = db.MarkNoteDone(ctx, "T1", n.ID, true)
				case 4:
					_, err = db.DeleteNote(ctx, "T1", n.ID)
				}
				require.NoError(t, err)
				if g == 0 {
					clk.Advance(90 * time.Minute) // a day and a half over the run
				}
			}
		}()
	}
	writers.Wait()
	close(stop)
	readers.Wait()
	now := clk.Now()
	live, err := db.LiveNotes(ctx, "T1", shift, now)
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	again, err := store.Open(ctx, store.Config{DataDir: dir, Now: clk.Now})
	require.NoError(t, err)
	defer again.Close(ctx)
	fresh, err := again.LiveNotes(ctx, "T1", shift, now)
	require.NoError(t, err)
	assert.Equal(t, fresh, live)
	all, err := again.Notes(ctx, "T1", shift, true)
	require.NoError(t, err)
	assert.Less(t, len(live.Notes), len(all)-12, "removed and past notes are out")
	assert.NotEmpty(t, live.Notes)
}
