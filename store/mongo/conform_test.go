package mongo_test

import (
	"testing"
	"time"

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

var _ storetest.Store = (*mongo.DB)(nil)
