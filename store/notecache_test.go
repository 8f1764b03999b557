package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// TestListedNotesFollowEveryWrite: the embedded store keeps each shift's
// notes in memory once listed. Notes are listed while others are captured,
// re-tagged, removed, restored, done and edited; afterwards the list must be
// exactly what the file holds (read again after a reopen).
func TestListedNotesFollowEveryWrite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	first, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "0.1"})
	require.NoError(t, err)
	shift := first.ShiftID

	var wg sync.WaitGroup
	stop := make(chan struct{})
	go func() { // a reader listing all along, so the cache is filled mid-write
		for {
			select {
			case <-stop:
				return
			default:
				_, err := db.Notes(ctx, "T1", shift, true)
				assert.NoError(t, err)
				_, err = db.LiveNotes(ctx, "T1", shift, time.Now())
				assert.NoError(t, err)
			}
		}
	}()
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				ts := fmt.Sprintf("%d.%03d", g+1, i)
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day " + ts, MessageTS: ts})
				require.NoError(t, err)
				switch i % 5 {
				case 1:
					_, err = db.RetagNote(ctx, "T1", n.ID, bh.TagTask)
				case 2:
					_, err = db.DeleteNote(ctx, "T1", n.ID)
				case 3:
					if _, err = db.DeleteNote(ctx, "T1", n.ID); err == nil {
						_, err = db.RestoreNote(ctx, "T1", n.ID)
					}
				case 4:
					if _, err = db.MarkNoteDone(ctx, "T1", n.ID, true); err == nil {
						_, err = db.EditNote(ctx, "T1", "D1", ts, "deadline: form friday "+ts, "")
					}
				}
				require.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	close(stop)
	listed, err := db.Notes(ctx, "T1", shift, true)
	require.NoError(t, err)
	now := time.Now()
	live, err := db.LiveNotes(ctx, "T1", shift, now)
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	again, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	defer again.Close(ctx)
	stored, err := again.Notes(ctx, "T1", shift, true)
	require.NoError(t, err)
	assert.Len(t, stored, 101)
	assert.Equal(t, stored, listed)
	liveAgain, err := again.LiveNotes(ctx, "T1", shift, now)
	require.NoError(t, err)
	assert.Equal(t, liveAgain, live, "the live notes kept in memory through the writes are those read from the file")
	assert.Len(t, live.Notes, 81, "all but the 20 deleted")
}

// Done records who: a person, or the note that said the item was bought;
// taking it back forgets both. Notes written before read as nobody.
func TestDoneRecordsWho(t *testing.T) {
	ctx := context.Background()
	db := openBolt(t)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "diapers almost out", MessageTS: "1.1"})
	require.NoError(t, err)
	got, err := db.MarkNoteDoneBy(ctx, "T1", n.ID, bh.DoneBy{User: "U2", Note: "n9"})
	require.NoError(t, err)
	assert.True(t, got.Done())
	assert.Equal(t, bh.DoneBy{User: "U2", Note: "n9"}, got.DoneBy)
	listed, err := db.Notes(ctx, "T1", n.ShiftID, false)
	require.NoError(t, err)
	require.Len(t, listed, 1)
	assert.Equal(t, bh.DoneBy{User: "U2", Note: "n9"}, listed[0].DoneBy, "the listing (and its cache) has it too")

	got, err = db.MarkNoteDone(ctx, "T1", n.ID, false)
	require.NoError(t, err)
	assert.False(t, got.Done())
	assert.Equal(t, bh.DoneBy{}, got.DoneBy)
	got, err = db.MarkNoteDoneBy(ctx, "T1", n.ID, bh.DoneBy{User: "U1"})
	require.NoError(t, err)
	assert.Equal(t, bh.DoneBy{User: "U1"}, got.DoneBy, "a second Done by a person names no note")
}

// "I'll do it" is kept on the note, listed (and cached) with it, and can
// be given back; a removed note cannot be claimed.
func TestClaimNote(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "task: buy wipes", MessageTS: "1.1"})
			require.NoError(t, err)
			got, err := db.ClaimNote(ctx, "T1", n.ID, "U3")
			require.NoError(t, err)
			assert.Equal(t, "U3", got.ClaimedBy)
			require.NotNil(t, got.ClaimedAt)
			listed, err := db.Notes(ctx, "T1", n.ShiftID, false)
			require.NoError(t, err)
			require.Len(t, listed, 1)
			assert.Equal(t, "U3", listed[0].ClaimedBy, "the listing (and its cache) has it too")

			got, err = db.ClaimNote(ctx, "T1", n.ID, "")
			require.NoError(t, err)
			assert.Empty(t, got.ClaimedBy)
			assert.Nil(t, got.ClaimedAt)

			_, err = db.DeleteNote(ctx, "T1", n.ID)
			require.NoError(t, err)
			_, err = db.ClaimNote(ctx, "T1", n.ID, "U3")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
			_, err = db.ClaimNote(ctx, "T2", n.ID, "U3")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "scoped by team")
		})
	}
}

// The sample is its own shift: loading it leaves the conversation's own
// notes alone; Clear sample removes only it; loading it again brings it back.
func TestSampleIsItsOwnShift(t *testing.T) {
	ctx := context.Background()
	db := openBolt(t)
	own, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	sample, err := db.LoadSample(ctx, "T1", "D1", "U1")
	require.NoError(t, err)
	assert.True(t, sample.Sample)
	assert.NotEqual(t, own.ShiftID, sample.ID)
	count := func(shiftID string) int {
		ns, err := db.Notes(ctx, "T1", shiftID, false)
		require.NoError(t, err)
		return len(ns)
	}
	assert.Equal(t, 1, count(own.ShiftID), "the family's notes alone")
	assert.Equal(t, 6, count(sample.ID))

	n, err := db.ClearSample(ctx, "T1", "D1")
	require.NoError(t, err)
	assert.Equal(t, 6, n)
	assert.Equal(t, 0, count(sample.ID))
	assert.Equal(t, 1, count(own.ShiftID))
	_, err = db.LoadSample(ctx, "T1", "D1", "U1")
	require.NoError(t, err)
	assert.Equal(t, 6, count(sample.ID), "loaded again")
	n, err = db.ClearSample(ctx, "T1", "C-never")
	require.NoError(t, err)
	assert.Zero(t, n)
}
