package storetest

import (
	"context"
	"testing"

	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// SQLite opens a SQLite store in a fresh temporary folder of t, whatever
// EngineEnv says, and closes it when t ends: for tests that need what
// only it has (its file, its Config).
func SQLite(t testing.TB, opts ...Option) *sqlite.DB {
	t.Helper()
	var o Options
	for _, f := range opts {
		f(&o)
	}
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: o.Now, Location: o.Location})
	if err != nil {
		t.Fatalf("storetest: open a SQLite store: %v", err)
	}
	closeAtEnd(t, db)
	return db
}
