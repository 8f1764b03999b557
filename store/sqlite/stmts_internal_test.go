package sqlite

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A statement is prepared while every reader is busy: the preparation
// waits for a connection without holding up the readers, which look up
// their own statements meanwhile (it held the lock while it waited, and a
// reader's next lookup waited for it: a capture hung under load).
func TestPreparingWaitsForAConnectionWithoutHoldingUpReaders(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir(), Readers: 1})
	require.NoError(t, err)
	defer func() { assert.NoError(t, db.Close(ctx)) }()

	inTx, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 2)
	go func() {
		done <- db.read(ctx, "hold the only reader", func(q querier) error {
			close(inTx)
			<-release
			var n int
			return q.QueryRowContext(ctx, "SELECT 2 + 0").Scan(&n)
		})
	}()
	<-inTx
	waits := db.rd.Stats().WaitCount
	go func() {
		var n int
		done <- db.rq.QueryRowContext(ctx, "SELECT 1 + 0").Scan(&n)
	}()
	for db.rd.Stats().WaitCount == waits {
		runtime.Gosched() // until the preparation waits for the reader
	}
	close(release)
	for range 2 {
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(30 * time.Second):
			t.Fatal("a reader and a preparation wait for each other")
		}
	}
}
