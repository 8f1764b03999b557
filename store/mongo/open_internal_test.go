package mongo

import (
	"context"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"
)

// Open makes every collection, so that no transaction has to (a server
// before MongoDB 4.4 refuses to make one inside a transaction), and a
// second Open, as the next start, changes nothing.
func TestOpenMakesEveryCollection(t *testing.T) {
	ctx := context.Background()
	client, engine, err := lungo.Open(ctx, lungo.Options{Store: lungo.NewMemoryStore()})
	require.NoError(t, err)
	t.Cleanup(engine.Close)
	for range 2 {
		db, err := Open(ctx, Config{Client: client})
		require.NoError(t, err)
		names, err := db.db.ListCollectionNames(ctx, bson.M{})
		require.NoError(t, err)
		assert.ElementsMatch(t, collections, names)
		require.NoError(t, db.Close(ctx))
	}
}

// What the operator wrote in MONGODB_URI wins over our defaults; the
// defaults hold where the URI says nothing.
func TestTheURIsTimeoutsWinOverTheDefaults(t *testing.T) {
	for _, tc := range []struct {
		uri              string
		selection, total time.Duration
	}{
		{"mongodb://127.0.0.1:1/", 10 * time.Second, 15 * time.Second},
		{"mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300&timeoutMS=2000", 300 * time.Millisecond, 2 * time.Second},
	} {
		opts := clientOptions(Config{URI: tc.uri, Timeout: 15 * time.Second})
		require.NotNil(t, opts.ServerSelectionTimeout, tc.uri)
		require.NotNil(t, opts.Timeout, tc.uri)
		assert.Equal(t, tc.selection, *opts.ServerSelectionTimeout, tc.uri)
		assert.Equal(t, tc.total, *opts.Timeout, tc.uri)
	}
}
