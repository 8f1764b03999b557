package mongo_test

import (
	"context"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store/mongo"
)

// A MongoDB that goes away mid-run: saving the run, failing it and
// capturing a note are each a clear "unavailable" error (the council
// returns them; the bot tells the sender), and once the server is back
// the next start records the run as failed, with its reason.
func TestAMongoDBThatGoesAwayMidRun(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC))
	server := lungo.NewMemoryStore() // what outlives the engine: the server's data
	open := func() (*mongo.DB, *lungo.Engine) {
		client, engine, err := lungo.Open(ctx, lungo.Options{Store: server})
		require.NoError(t, err)
		db, err := mongo.Open(ctx, mongo.Config{Client: client, Now: clock.Now})
		require.NoError(t, err)
		return db, engine
	}
	db, engine := open()
	_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	sh, err := db.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: sh.ID})
	require.NoError(t, err)

	engine.Close() // the server goes away while the council works
	for what, err := range map[string]error{
		"save": db.SaveRunRecord(ctx, bh.RunRecord{Run: run}),
		"fail": db.FailRun(ctx, "T1", run.ID, "the council could not finish"),
		"capture": func() error {
			_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "slept 3h", MessageTS: "2.1"})
			return err
		}(),
	} {
		assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err), "%s: %v", what, err)
		assert.Equal(t, "The database (MongoDB) did not answer. Try again in a moment.", bh.ErrorMessage(err), what)
	}
	assert.Error(t, db.Ping(ctx))

	db, engine = open() // back: the next start
	defer engine.Close()
	clock.Advance(time.Minute)
	failed, err := db.FailInterruptedRuns(ctx, 0)
	require.NoError(t, err)
	require.Len(t, failed, 1)
	got, err := db.Run(ctx, "T1", run.ID)
	require.NoError(t, err)
	assert.Equal(t, bh.StatusFailed, got.Status)
	assert.Equal(t, "interrupted: the bot stopped during this run", got.Error)
	notes, err := db.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, notes, 1, "the note the server never took is not there: it was never acked")
}
