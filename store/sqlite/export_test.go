package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store/archive"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// An export in the current format moves a family whole: what SQLite
// exports, written in the export's format and read back, another SQLite
// imports and exports the same, with the same live notes. (The export's
// round trip between engines is the conformance suite's, against each.)
func TestExportRoundTripsThroughTheExportFormat(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(storetest.Start)
	from := open(t, clock.Now)
	sh := storetest.Fill(t, from, clock)
	r, err := from.ExportFamily(ctx, sh)
	require.NoError(t, err)
	sweptKeepsItsDecision(t, r)
	d, err := archive.DumpOf(r)
	require.NoError(t, err)
	want, err := archive.RecordOf(d)
	require.NoError(t, err)
	assert.Equal(t, r, want, "the export's format keeps the whole record")

	to := open(t, clock.Now)
	in, err := to.ImportFamily(ctx, want)
	require.NoError(t, err)
	assert.Zero(t, in.Kept)
	got, err := to.ExportFamily(ctx, sh)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	again, err := to.ImportFamily(ctx, want)
	require.NoError(t, err)
	assert.Equal(t, sqlite.Imported{Kept: in.New}, again, "importing twice changes nothing")
	for _, at := range []time.Time{clock.Now(), clock.Now().Add(25 * time.Hour)} {
		want, err := from.LiveNotes(ctx, sh.TeamID, sh.ID, at)
		require.NoError(t, err)
		got, err := to.LiveNotes(ctx, sh.TeamID, sh.ID, at)
		require.NoError(t, err)
		assert.Equal(t, texts(want.Notes), texts(got.Notes), "the same live notes at %s", at)
		assert.Equal(t, want.Rev, got.Rev)
	}
}

func texts(ns []bh.Note) []string {
	out := []string{}
	for _, n := range ns {
		out = append(out, n.Text)
	}
	return out
}

// sweptKeepsItsDecision checks that r has a run whose details were swept,
// with its decision: the sweep keeps a run and its decision.
func sweptKeepsItsDecision(t *testing.T, r bh.FamilyRecord) {
	t.Helper()
	require.Len(t, r.DetailsRemoved, 1)
	for _, rec := range r.Runs {
		if _, ok := r.DetailsRemoved[rec.Run.ID]; ok {
			assert.NotEmpty(t, rec.Decision.ID, "the decision stays")
			assert.Empty(t, rec.Tasks)
		}
	}
}
