// Package storetest gives tests a real store without ceremony: a temporary
// embedded database on the engine under test, closed when the test ends. It also holds the store's
// contract (contract.go): small repositories and the conformance cases
// that Run plays against an engine, the same for every engine.
//
// Tests of every package that needs a store (radar, cmd, the benchmarks,
// store's own) open it here, so a change to how a store is opened is made
// once. Only tests may import it.
package storetest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// EngineEnv names the engine New opens: "sqlite" (the default, as the
// bot's) or "bolt". The same variable chooses the engine of the bot's
// end-to-end tests.
const EngineEnv = "BABYHANDOFF_TEST_ENGINE"

// Option changes the store's Config before it is opened. On SQLite, New
// takes the Config's clock and zone (Now, Location) and nothing else.
type Option func(*store.Config)

// WithClock makes now the store's clock (when notes are stored, runs made).
func WithClock(now func() time.Time) Option {
	return func(c *store.Config) { c.Now = now }
}

// Unindexed takes the query paths a real MongoDB takes, on the bolt
// engine (store.Config.Unindexed); SQLite has no such paths.
func Unindexed() Option {
	return func(c *store.Config) { c.Unindexed = true }
}

// New opens the engine under test (EngineEnv, default SQLite) in a fresh
// temporary folder of t and closes it when t ends. It fails t if the
// store cannot be opened.
func New(t testing.TB, opts ...Option) DB {
	t.Helper()
	switch e := os.Getenv(EngineEnv); e {
	case "", "sqlite":
	case "bolt":
		return Bolt(t, opts...)
	default:
		t.Fatalf("storetest: %s=%q: use sqlite or bolt", EngineEnv, e)
	}
	var c store.Config
	for _, o := range opts {
		o(&c)
	}
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: c.Now, Location: c.Location, Read: normalize.Read})
	if err != nil {
		t.Fatalf("storetest: open a SQLite store: %v", err)
	}
	closeAtEnd(t, db)
	return db
}

// Bolt opens the bolt engine (the current store) in a fresh temporary
// folder of t, whatever EngineEnv says: for the store's own tests and
// those that read what only it tells.
func Bolt(t testing.TB, opts ...Option) *store.DB {
	t.Helper()
	cfg := store.Config{DataDir: t.TempDir()}
	for _, o := range opts {
		o(&cfg)
	}
	db, err := store.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("storetest: open an embedded store: %v", err)
	}
	closeAtEnd(t, db)
	return db
}

func closeAtEnd(t testing.TB, db interface{ Close(context.Context) error }) {
	t.Cleanup(func() {
		if err := db.Close(context.Background()); err != nil {
			t.Errorf("storetest: close the store: %v", err)
		}
	})
}
