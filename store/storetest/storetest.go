// Package storetest gives tests a real store without ceremony: a temporary
// embedded database, closed when the test ends. It also holds the store's
// contract (contract.go): small repositories and the conformance cases
// that Run plays against an engine, the same for every engine.
//
// Tests of every package that needs a store (radar, cmd, the benchmarks,
// store's own) open it here, so a change to how a store is opened is made
// once. Only tests may import it.
package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/store"
)

// Option changes the store's Config before it is opened.
type Option func(*store.Config)

// WithClock makes now the store's clock (when notes are stored, runs made).
func WithClock(now func() time.Time) Option {
	return func(c *store.Config) { c.Now = now }
}

// Unindexed takes the query paths a real MongoDB takes, on the embedded
// engine (store.Config.Unindexed).
func Unindexed() Option {
	return func(c *store.Config) { c.Unindexed = true }
}

// New opens an embedded store in a fresh temporary folder of t and closes it
// when t ends. It fails t if the store cannot be opened.
func New(t testing.TB, opts ...Option) *store.DB {
	t.Helper()
	cfg := store.Config{DataDir: t.TempDir()}
	for _, o := range opts {
		o(&cfg)
	}
	db, err := store.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("storetest: open an embedded store: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(context.Background()); err != nil {
			t.Errorf("storetest: close the store: %v", err)
		}
	})
	return db
}
