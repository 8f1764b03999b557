package storetest

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/256dpi/lungo"

	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/mongo"
)

// MongoURIEnv names a MongoDB replica set that Mongo opens a fresh
// database on, instead of lungo's in-memory engine.
const MongoURIEnv = "MONGODB_TEST_URI"

var mongoDBs atomic.Int64

// Mongo opens store/mongo on a fresh lungo in-memory engine (or, with
// MONGODB_TEST_URI set, a fresh database of that server), whatever
// EngineEnv says, and closes it when t ends.
func Mongo(t testing.TB, opts ...Option) *mongo.DB {
	t.Helper()
	var o Options
	for _, f := range opts {
		f(&o)
	}
	cfg := mongo.Config{Now: o.Now, Location: o.Location, Read: normalize.Read}
	if uri := os.Getenv(MongoURIEnv); uri != "" {
		cfg.URI, cfg.Database = uri, fmt.Sprintf("bh_test_%d_%d", time.Now().UnixNano(), mongoDBs.Add(1))
	} else {
		client, engine, err := lungo.Open(context.Background(), lungo.Options{Store: lungo.NewMemoryStore()})
		if err != nil {
			t.Fatalf("storetest: open lungo's memory engine: %v", err)
		}
		t.Cleanup(engine.Close)
		cfg.Client = client
	}
	db, err := mongo.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("storetest: open a MongoDB store: %v", err)
	}
	closeAtEnd(t, db)
	return db
}
