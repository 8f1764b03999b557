package sqlite

import (
	"context"
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
