package store_test

import (
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// The current store keeps the contract that store/sqlite is held to, on
// the embedded engine from memory and on the query path a deployment
// takes.
func TestConformance(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
				return storetest.New(t, append(engine.opts, storetest.WithClock(now))...)
			})
		})
	}
}

var _ storetest.Store = (*store.DB)(nil)
