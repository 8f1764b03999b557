package store_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// The current store keeps the contract that store/sqlite is held to, on
// the embedded engine from memory and on the query path a deployment
// takes, and on a MongoDB server when MONGODB_TEST_URI names one.
func TestConformance(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
				return openBolt(t, append(engine.opts, withClock(now))...)
			})
		})
	}
	uri := os.Getenv("MONGODB_TEST_URI")
	if uri == "" {
		return
	}
	t.Run("mongodb", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
			db, err := store.Open(context.Background(), store.Config{URI: uri, Database: fmt.Sprintf("bh_test_%d", time.Now().UnixNano()), Now: now})
			require.NoError(t, err)
			t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
			return db
		})
	})
}

var _ storetest.Store = (*store.DB)(nil)
