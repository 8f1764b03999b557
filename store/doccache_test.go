package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// The embedded store answers shifts and radar states from memory; each
// write must reach those answers at once, and they must be what a fresh
// open reads from the file.
func TestShiftsAndStatesFollowEveryWrite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)

	a, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	b, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C2", RawText: "slept 3h", MessageTS: "1.2"})
	require.NoError(t, err)
	require.NotEqual(t, a.ShiftID, b.ShiftID)

	// A shift changed after it was made.
	require.NoError(t, db.SetShiftTZ(ctx, "T1", a.ShiftID, "Europe/Berlin"))
	sh, err := db.ShiftByID(ctx, "T1", a.ShiftID)
	require.NoError(t, err)
	assert.Equal(t, "Europe/Berlin", sh.TZ)
	sh, err = db.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	assert.Equal(t, "Europe/Berlin", sh.TZ)

	// Lookups that must miss.
	_, err = db.ShiftByID(ctx, "T2", a.ShiftID)
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "another team's shift")
	_, err = db.Shift(ctx, "T1", "D9")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	_, _, found, err := db.ShiftState(ctx, "T1", a.ShiftID)
	require.NoError(t, err)
	assert.False(t, found, "no state saved yet")

	// A state saved, replaced by a newer one, and an older one refused.
	at := time.Date(2027, 1, 4, 7, 0, 0, 0, time.UTC)
	st := bh.ShiftState{TeamID: "T1", ShiftID: a.ShiftID, ChannelID: "D1", Energy: bh.EnergyLow, Level: bh.RiskLevel(1), Notes: 1, NotesRev: 1, ComputedAt: at}
	require.NoError(t, db.SaveShiftState(ctx, st, "fp1", nil, nil))
	newer := st
	newer.Level, newer.NotesRev, newer.ComputedAt = bh.RiskLevel(2), 3, at.Add(time.Minute)
	require.NoError(t, db.SaveShiftState(ctx, newer, "fp3", nil, nil))
	older := st
	older.NotesRev = 2
	require.NoError(t, db.SaveShiftState(ctx, older, "fp2", nil, nil))
	got, fp, found, err := db.ShiftState(ctx, "T1", a.ShiftID)
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, "fp3", fp)
	assert.Equal(t, newer, got)

	shifts := func(db *store.DB) []bh.Shift {
		var out []bh.Shift
		for _, id := range []string{a.ShiftID, b.ShiftID} {
			s, err := db.ShiftByID(ctx, "T1", id)
			require.NoError(t, err)
			out = append(out, s)
		}
		return out
	}
	inMemory := shifts(db)
	require.NoError(t, db.Close(ctx))

	again, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	defer again.Close(ctx)
	assert.Equal(t, inMemory, shifts(again))
	got, fp, found, err = again.ShiftState(ctx, "T1", a.ShiftID)
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, "fp3", fp)
	assert.Equal(t, newer, got)
}

// The latest completed run, known from memory on the embedded store, is
// the one a fresh open finds, and follows each save.
func TestLatestRunFollowsEveryRun(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	now := time.Date(2027, 1, 4, 7, 0, 0, 0, time.UTC)
	latest := func(db *store.DB, shift string) string {
		r, err := db.LatestRun(ctx, "T1", shift)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			return ""
		}
		require.NoError(t, err)
		return r.ID
	}
	assert.Empty(t, latest(db, "s1"), "no run yet")
	r1, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now})
	require.NoError(t, err)
	assert.Empty(t, latest(db, "s1"), "a run still running is not a plan yet")
	require.NoError(t, db.SaveRunRecord(ctx, storetest.Record(r1)))
	assert.Equal(t, r1.ID, latest(db, "s1"))
	r2, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", ParentRunID: r1.ID, Energy: bh.EnergyLow, HorizonH: 12, TZ: "UTC", Now: now})
	require.NoError(t, err)
	other, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s2", Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now})
	require.NoError(t, err)
	require.NoError(t, db.SaveRunRecord(ctx, storetest.Record(other)))
	assert.Equal(t, r1.ID, latest(db, "s1"))
	require.NoError(t, db.SaveRunRecord(ctx, storetest.Record(r2)))
	assert.Equal(t, r2.ID, latest(db, "s1"))
	assert.Equal(t, other.ID, latest(db, "s2"))
	require.NoError(t, db.SetRunCard(ctx, "T1", r2.ID, "D1", "1.2"))
	got, err := db.LatestRun(ctx, "T1", "s1")
	require.NoError(t, err)
	assert.Equal(t, "1.2", got.CardTS, "the plan as changed since, not as first saved")
	_, err = db.LatestRun(ctx, "T2", "s1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "runs are scoped by team")
	require.NoError(t, db.Close(ctx))

	again, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	defer again.Close(ctx)
	assert.Equal(t, r2.ID, latest(again, "s1"))
	assert.Equal(t, other.ID, latest(again, "s2"))
	fresh, err := again.LatestRun(ctx, "T1", "s1")
	require.NoError(t, err)
	assert.Equal(t, got, fresh, "memory answered what the file holds")
}
