package sqlite

import (
	"context"
	"database/sql"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every connection keeps a small page cache, not SQLite's 2,000 KiB: each
// read-only one, and the checkpoints' own, ReadCacheKB (in WAL mode a
// reader's cache is emptied after each commit by another connection, and
// what it holds meanwhile is memory outside Go's heap, once per
// connection); the writer WriteCacheKB (its cache fills up as the file
// grows, each page in a block twice its size).
func TestConnectionsKeepASmallCache(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), nil)
	cache := func(pool *sql.DB) int {
		var n int
		require.NoError(t, pool.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&n))
		return n
	}
	// Hold every reader at once, so that each connection of the pool is asked.
	var conns []*sql.Conn
	for i := 0; i < db.cfg.Readers; i++ {
		c, err := db.rd.Conn(ctx)
		require.NoError(t, err)
		conns = append(conns, c)
	}
	for i, c := range conns {
		var n int
		require.NoError(t, c.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&n))
		assert.Equal(t, -256, n, "reader %d", i)
		require.NoError(t, c.Close())
	}
	assert.Equal(t, -256, cache(db.ck), "the checkpoints' connection")
	assert.Equal(t, -512, cache(db.wr), "the writer")
	// Each can be set.
	db2, err := Open(ctx, Config{DataDir: t.TempDir(), ReadCacheKB: 100, WriteCacheKB: 300})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db2.Close(ctx)) })
	assert.Equal(t, -100, cache(db2.rd))
	assert.Equal(t, -300, cache(db2.wr))
}
