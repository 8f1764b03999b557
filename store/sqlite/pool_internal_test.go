package sqlite

import (
	"context"
	"database/sql"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every read-only connection, and the checkpoints' own, keeps a small page
// cache (ReadCacheKB), not SQLite's 2,000 KiB: in WAL mode a reader's cache
// is emptied after each commit by another connection, and what it holds
// meanwhile is memory outside Go's heap, once per connection. The writer
// keeps SQLite's default.
func TestReadConnectionsKeepASmallCache(t *testing.T) {
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
	assert.Equal(t, -2000, cache(db.wr), "the writer keeps SQLite's default")
}
