package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// An export in the current format moves a family between the two engines
// whole, either way: what one exports, the other imports and exports the same.
func TestExportRoundTripsBetweenTheEngines(t *testing.T) {
	ctx := context.Background()
	viaDump := func(t *testing.T, d store.Dump) bh.FamilyRecord {
		t.Helper()
		r, err := store.RecordOf(d)
		require.NoError(t, err)
		return r
	}

	t.Run("current store to SQLite", func(t *testing.T) {
		clock := clocktest.New(storetest.Start)
		from := storetest.Bolt(t, storetest.WithClock(clock.Now))
		sh := storetest.Fill(t, from, clock)
		d, err := from.Export(ctx, sh)
		require.NoError(t, err)
		want := viaDump(t, d)
		sweptKeepsItsDecision(t, want)

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
	})

	t.Run("SQLite to the current store", func(t *testing.T) {
		clock := clocktest.New(storetest.Start)
		from := open(t, clock.Now)
		sh := storetest.Fill(t, from, clock)
		want, err := from.ExportFamily(ctx, sh)
		require.NoError(t, err)
		sweptKeepsItsDecision(t, want)
		d, err := store.DumpOf(want)
		require.NoError(t, err)
		to := storetest.Bolt(t, storetest.WithClock(clock.Now))
		_, err = to.Import(ctx, d)
		require.NoError(t, err)
		back, err := to.Export(ctx, sh)
		require.NoError(t, err)
		assert.Equal(t, want, viaDump(t, back))
	})
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
