package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// open is a new store in a temporary folder of t, on the clock now,
// closed when t ends.
func open(t *testing.T, now func() time.Time) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: now})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	return db
}

// SQLite keeps the contract the current store keeps.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store { return open(t, now) })
}
