package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// open is a new store in a temporary folder of t, on the clock now,
// reading notes as the bot's does, closed when t ends.
func open(t *testing.T, now func() time.Time) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: now, Read: normalize.Read})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	return db
}

// SQLite keeps the contract the current store keeps.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store { return open(t, now) })
}

// SQLite keeps the readings it is given, and lives by them.
func TestConformanceReadings(t *testing.T) {
	storetest.RunReadings(t, func(t *testing.T, now func() time.Time, read bh.Reader) storetest.ReadingStore {
		db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: now, Read: read})
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
		return db
	})
}
