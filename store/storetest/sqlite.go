package storetest

import (
	"context"
	"testing"

	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// SQLite opens a SQLite store in a fresh temporary folder of t, whatever
// EngineEnv says, reading notes as the bot's does (normalize.Read), and
// closes it when t ends: for tests that need what only it has (its file,
// its Config).
func SQLite(t testing.TB, opts ...Option) *sqlite.DB {
	t.Helper()
	var o Options
	for _, f := range opts {
		f(&o)
	}
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: o.Now, Location: o.Location, Read: normalize.Read})
	if err != nil {
		t.Fatalf("storetest: open a SQLite store: %v", err)
	}
	closeAtEnd(t, db)
	return db
}
