package mongo

import (
	"context"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// On a server, what keeps a write of a family from outliving a DeleteTeam
// running at the same time is that both write the family's hold counter
// (the second conflicts and runs again). lungo runs one transaction at a
// time, so no test here can race the two: this one checks that each held
// write does write its family's (or its run's) counter, that only the
// first writes the family's own document (which every note's capture
// writes too), that DeleteTeam removes the counters, and that a refused
// hold writes nothing.
func TestHeldWritesWriteTheirFamilysCounter(t *testing.T) {
	ctx := context.Background()
	client, engine, err := lungo.Open(ctx, lungo.Options{Store: lungo.NewMemoryStore()})
	require.NoError(t, err)
	t.Cleanup(engine.Close)
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	db, err := Open(ctx, Config{Client: client, Now: func() time.Time { return now }})
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "out of formula", MessageTS: "1.1"})
	require.NoError(t, err)
	holds := func(col, id string) int {
		t.Helper()
		var d struct{ Value int }
		require.NoError(t, db.c(colCounters).FindOne(ctx, bson.M{"_id": "holds:" + col + ":" + id}).Decode(&d))
		return d.Value
	}
	family := func() bson.M {
		t.Helper()
		var d bson.M
		require.NoError(t, db.c(colShifts).FindOne(ctx, bson.M{"_id": n.ShiftID}).Decode(&d))
		return d
	}

	run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: n.ShiftID, HorizonH: 12})
	require.NoError(t, err)
	held := family()
	require.NoError(t, db.SaveShiftState(ctx, bh.ShiftState{TeamID: "T1", ShiftID: n.ShiftID, NotesRev: 1}, "fp", nil, nil))
	_, err = db.ClaimPost(ctx, bh.PostRecord{Key: "k1", TeamID: "T1", ShiftID: n.ShiftID})
	require.NoError(t, err)
	_, _, err = db.UpdateRadarSettings(ctx, "T1", n.ShiftID, func(s *bh.RadarSettings) bool { s.OutlookOn = true; return true })
	require.NoError(t, err)
	require.NoError(t, db.SetDuty(ctx, bh.Duty{TeamID: "T1", ShiftID: n.ShiftID, UserID: "U1", Since: now}))
	_, err = db.CreateHandoff(ctx, bh.Handoff{TeamID: "T1", ShiftID: n.ShiftID, From: "U1", To: []string{"U2"}})
	require.NoError(t, err)
	_, err = db.CreateInvite(ctx, bh.Invite{TeamID: "T1", ShiftID: n.ShiftID, From: "U1", To: "U2"})
	require.NoError(t, err)
	assert.Equal(t, 7, holds(colShifts, n.ShiftID), "each write of the family wrote its counter")
	assert.Equal(t, held, family(), "only the first hold wrote the family's document")
	require.NoError(t, db.SaveArtifact(ctx, "T1", n.ShiftID, bh.Artifact{ID: "a", RunID: run.ID, Kind: bh.ArtifactDiff}))
	_, err = db.StartUpload(ctx, bh.Upload{TeamID: "T1", RunID: run.ID, Kind: bh.ArtifactDiff})
	require.NoError(t, err)
	assert.Equal(t, 2, holds(colRuns, run.ID), "each write of the run wrote its counter")

	_, err = db.DeleteTeam(ctx, "T1")
	require.NoError(t, err)
	k, err := db.c(colCounters).CountDocuments(ctx, bson.M{"teamid": "T1"})
	require.NoError(t, err)
	assert.Zero(t, k, "the counters went with their family")
	_, err = db.ClaimPost(ctx, bh.PostRecord{Key: "k2", TeamID: "T1", ShiftID: n.ShiftID})
	assert.ErrorIs(t, err, bh.ErrFamilyDeleted)
	for _, col := range []string{colShifts, colCounters} {
		k, err := db.c(col).CountDocuments(ctx, bson.M{})
		require.NoError(t, err)
		assert.Zero(t, k, "a refused hold writes nothing in %s", col)
	}
}
