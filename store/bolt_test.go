package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/store"
)

// option changes the bolt store's Config before openBolt opens it.
type option func(*store.Config)

// withClock makes now the store's clock.
func withClock(now func() time.Time) option { return func(c *store.Config) { c.Now = now } }

// unindexed takes the query paths a real MongoDB takes (Config.Unindexed).
func unindexed() option { return func(c *store.Config) { c.Unindexed = true } }

// openBolt opens the bolt engine in a fresh temporary folder of t and
// closes it when t ends. It is this package's own: no other package's
// tests open the bolt engine.
func openBolt(t testing.TB, opts ...option) *store.DB {
	t.Helper()
	cfg := store.Config{DataDir: t.TempDir()}
	for _, o := range opts {
		o(&cfg)
	}
	db, err := store.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open an embedded store: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(context.Background()); err != nil {
			t.Errorf("close the store: %v", err)
		}
	})
	return db
}
