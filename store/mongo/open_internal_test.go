package mongo

import (
	"context"
	"testing"

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
