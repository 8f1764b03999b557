package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// A note stored before notes kept a reading (its row from before
// migration 0007, or a store without a reader) is read at the next start,
// once: then it lives by its words, as a new note does.
func TestUnreadNotesAreReadAtStartOnce(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(storetest.Start)
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir, Now: clock.Now})
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	assert.Zero(t, n.Reading.Version, "not read")
	require.NoError(t, db.Close(ctx))

	db, err = sqlite.Open(ctx, sqlite.Config{DataDir: dir, Now: clock.Now, Read: normalize.Read})
	require.NoError(t, err)
	defer func() { require.NoError(t, db.Close(ctx)) }()
	clock.Advance(25 * time.Hour)
	live, err := db.LiveNotes(ctx, "T1", n.ShiftID, clock.Now())
	require.NoError(t, err)
	assert.Len(t, live.Notes, 1, "unread: live until done")

	k, err := db.Reread(ctx, normalize.Version)
	require.NoError(t, err)
	assert.Equal(t, 1, k)
	got, err := db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, normalize.Version, got.Reading.Version)
	assert.Equal(t, normalize.One(got, time.UTC, got.CreatedAt), got.Fact(time.UTC), "the stored reading is the normaliser's")
	live, err = db.LiveNotes(ctx, "T1", n.ShiftID, clock.Now())
	require.NoError(t, err)
	assert.Empty(t, live.Notes, "read: an observation is past a day after")

	k, err = db.Reread(ctx, normalize.Version)
	require.NoError(t, err)
	assert.Zero(t, k, "once")
}

// What a stored reading gives plans and the radar (Note.Fact) is what the
// normaliser reads in the note, for every kind of note, in a family's own
// zone, after the round trip through the file.
func TestAStoredReadingIsTheNormalisersFact(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2026, 11, 24, 22, 30, 0, 0, time.UTC))
	db := open(t, clock.Now)
	first, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "first", MessageTS: "0.1"})
	require.NoError(t, err)
	require.NoError(t, db.SetShiftTZ(ctx, "T1", first.ShiftID, "America/New_York"))
	loc, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	var texts []string
	for _, f := range []string{"everyday-heldout.txt", "health-heldout.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "normalize", "testdata", "health", f))
		require.NoError(t, err)
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				texts = append(texts, l)
			}
		}
	}
	if raceDetector {
		// Under the race detector the point is the eight writers at once,
		// not every reading: every tenth note keeps both (the plain run
		// compares them all).
		sample := texts[:0]
		for i := 0; i < len(texts); i += 10 {
			sample = append(sample, texts[i])
		}
		texts = sample
	}
	texts = append(texts, "task: call daycare at 5pm", "pediatrician appointment tomorrow 10am", "work 9-5", "slept 3h", "wipes < 1 day", "got diapers")
	// Captured eight at a time, as Slack's deliveries arrive: the writer
	// commits what waits in one transaction, so the thousands of notes
	// cost tens of disk syncs, not one each (the round trip is the same).
	later := clock.Now().Add(36 * time.Hour)
	var wg sync.WaitGroup
	const writers = 8
	for w := range writers {
		wg.Go(func() {
			for i := w; i < len(texts); i += writers {
				text := texts[i]
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: fmt.Sprintf("%d.1", i+1)})
				if !assert.NoError(t, err, "%q", text) {
					return
				}
				got, err := db.Note(ctx, "T1", n.ID)
				if !assert.NoError(t, err, "%q", text) ||
					!assert.Equal(t, normalize.One(got, loc, later), got.Fact(loc), "%q", text) {
					return
				}
			}
		})
	}
	wg.Wait()
}
