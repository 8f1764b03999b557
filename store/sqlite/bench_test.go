package sqlite_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// The hot paths, as the bot takes them: a note's ack (its capture, then
// where its reply is) and a family's live notes (every plan and radar
// look). Run: go test ./store/sqlite -run '^$' -bench . -benchtime 2s

// benchNotes are a family's open notes of every kind, as read.
var benchNotes = []string{"wipes < 1 day", "daycare form due friday 5pm", "pediatrician appointment tomorrow 10am",
	"buy a bottle brush", "slept 3h, feeling low", "fever since noon, call the nurse line?", "work 9-5 tomorrow", "out of formula"}

func benchStore(b *testing.B, live int) (*sqlite.DB, *clocktest.Clock, string) {
	b.Helper()
	clock := clocktest.New(storetest.Start)
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: b.TempDir(), Now: clock.Now, Read: normalize.Read})
	require.NoError(b, err)
	b.Cleanup(func() { require.NoError(b, db.Close(context.Background())) })
	var shift string
	for i := range live {
		n, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1",
			RawText: benchNotes[i%len(benchNotes)], MessageTS: fmt.Sprintf("1.%06d", i)})
		require.NoError(b, err)
		shift = n.ShiftID
	}
	return db, clock, shift
}

func BenchmarkNoteAck(b *testing.B) {
	db, clock, _ := benchStore(b, 200)
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		clock.Advance(time.Second)
		n, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: benchNotes[i%len(benchNotes)],
			MessageTS: fmt.Sprintf("2.%06d", i), EventID: fmt.Sprintf("Ev%d", i)})
		if err != nil || !created {
			b.Fatal(err, created)
		}
		if err := db.SetNoteReply(ctx, "T1", n.ID, "D1", fmt.Sprintf("3.%06d", i)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLiveNotes(b *testing.B) {
	db, clock, shift := benchStore(b, 1000)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		live, err := db.LiveNotes(ctx, "T1", shift, clock.Now())
		if err != nil || len(live.Notes) < 500 {
			b.Fatal(err, len(live.Notes))
		}
	}
}

// BenchmarkLiveFacts is a cold look at a family (a plan or the radar after
// a start, or a note not yet in their memo): its live notes, then their
// facts.
func BenchmarkLiveFacts(b *testing.B) {
	db, clock, shift := benchStore(b, 1000)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		live, err := db.LiveNotes(ctx, "T1", shift, clock.Now())
		if err != nil {
			b.Fatal(err)
		}
		if facts := normalize.Notes(live.Notes, time.UTC, clock.Now()); len(facts) < 500 {
			b.Fatal(len(facts))
		}
	}
}

// BenchmarkRereadAtStart is what every start pays when no reading is old:
// Reread passes over the notes' ids and versions (no index keeps the old
// ones, so that a capture writes one page fewer).
func BenchmarkRereadAtStart(b *testing.B) {
	db, _, _ := benchStore(b, 5000)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		k, err := db.Reread(ctx, normalize.Version)
		if err != nil || k != 0 {
			b.Fatal(err, k)
		}
	}
}
