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
)

// EngineEnv names the engine New opens: "sqlite" (the default, as the
// bot's) or "mongo" (Mongo). The same variable chooses the engine of the
// bot's end-to-end tests.
const EngineEnv = "BABYHANDOFF_TEST_ENGINE"

// Options are what the Options given to New set, on whichever engine it
// opens. The zero value is the engine's own defaults.
type Options struct {
	// Now is the store's clock (when notes are stored, runs made).
	Now func() time.Time
	// Location is the zone of families that have none of their own.
	Location *time.Location
}

// Option changes the Options before the store is opened.
type Option func(*Options)

// WithClock makes now the store's clock (when notes are stored, runs made).
func WithClock(now func() time.Time) Option {
	return func(o *Options) { o.Now = now }
}

// WithLocation makes loc the zone of families that have none of their own.
func WithLocation(loc *time.Location) Option {
	return func(o *Options) { o.Location = loc }
}

// New opens the engine under test (EngineEnv, default SQLite) in a fresh
// temporary folder of t and closes it when t ends. It fails t if the
// store cannot be opened.
func New(t testing.TB, opts ...Option) DB {
	t.Helper()
	switch e := os.Getenv(EngineEnv); e {
	case "", "sqlite":
	case "mongo":
		return Mongo(t, opts...)
	default:
		t.Fatalf("storetest: %s=%q: use sqlite or mongo", EngineEnv, e)
	}
	return SQLite(t, opts...)
}

func closeAtEnd(t testing.TB, db interface{ Close(context.Context) error }) {
	t.Cleanup(func() {
		if err := db.Close(context.Background()); err != nil {
			t.Errorf("storetest: close the store: %v", err)
		}
	})
}
