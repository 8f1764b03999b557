package main

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// TestARunStaysLean: a run over thirty notes stores at most 20 KB in
// SQLite, and replaying it from the store is byte-identical (the details
// are stored zipped and read back as they were).
func TestARunStaysLean(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	db := storetest.SQLite(t, storetest.WithClock(func() time.Time { return now }))
	var notes []bh.Note
	for i, text := range familyNotes {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: fmt.Sprintf("%d.000100", 1763900000+i)})
		require.NoError(t, err)
		notes = append(notes, n)
	}
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	res, err := c.Execute(ctx, db, council.Input{Run: bh.Run{TeamID: "T1", ShiftID: notes[0].ShiftID, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now}, Notes: notes}, nil)
	require.NoError(t, err)

	sizes := runSize(t, db.Path(), res.Run.ID)
	total := 0
	for _, n := range sizes {
		total += n
	}
	t.Logf("bytes per run with %d notes: %d %v", len(notes), total, sizes)
	assert.LessOrEqual(t, total, 20<<10)

	rec, err := db.RunRecord(ctx, "T1", res.Run.ID)
	require.NoError(t, err)
	assert.ElementsMatch(t, res.Record().Artifacts, rec.Artifacts)
	_, diffs, err := c.Replay(ctx, rec)
	require.NoError(t, err)
	assert.Empty(t, diffs)
}

// runSize is what one run's rows take in the SQLite file at path, in
// bytes of their documents per table, read as the sqlite3 shell would.
func runSize(t *testing.T, path, runID string) map[string]int {
	t.Helper()
	sq, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	defer sq.Close()
	out := map[string]int{}
	for table, key := range map[string]string{"runs": "id", "run_details": "run_id", "artifacts": "run_id", "events": "run_id"} {
		var n int
		require.NoError(t, sq.QueryRow("SELECT coalesce(sum(length(doc)), 0) FROM "+table+" WHERE "+key+" = ?", runID).Scan(&n))
		out[table] = n
	}
	return out
}
