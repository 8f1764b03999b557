package store

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"
)

// A caller whose context ends while its write waits either walks away
// before the write runs, or waits for the write it can no longer stop: the
// write's function fills the caller's variables, so walking away from a
// running one was a data race (seen under -race in the retention sweep at
// shutdown). Run with -race, as CI does, this fails without the claim.
func TestACancelledWriteNeverRunsBehindItsCaller(t *testing.T) {
	db, err := Open(context.Background(), Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(context.Background()) })
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithCancel(context.Background())
			go cancel() // ends at some point while the write queues or runs
			n := 0
			err := db.write(ctx, func(ctx context.Context) error {
				_, err := db.db.Collection(colEvents).InsertOne(ctx, bson.D{{Key: "i", Value: i}})
				n = 1
				return err
			})
			if err == nil && n != 1 {
				t.Errorf("write %d said it committed, but its function did not run", i)
			}
			_ = n // read after return: the race detector's witness
		}()
	}
	wg.Wait()
}
