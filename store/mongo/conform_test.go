package mongo_test

import (
	"context"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/mongo"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// store/mongo keeps the contract, on lungo's in-memory engine, or on the
// replica set MONGODB_TEST_URI names.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storetest.Store {
		return storetest.Mongo(t, storetest.WithClock(now))
	})
}

// It keeps the readings it is given, and reads notes again when asked.
func TestReadings(t *testing.T) {
	storetest.RunReadings(t, func(t *testing.T, now func() time.Time, read bh.Reader) storetest.ReadingStore {
		client, engine, err := lungo.Open(context.Background(), lungo.Options{Store: lungo.NewMemoryStore()})
		require.NoError(t, err)
		t.Cleanup(engine.Close)
		db, err := mongo.Open(context.Background(), mongo.Config{Client: client, Now: now, Read: read})
		require.NoError(t, err)
		return db
	})
}

var _ storetest.Store = (*mongo.DB)(nil)
