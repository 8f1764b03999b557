package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// TestE2EDailyCopyOfTheDatabase: the running bot keeps a copy of its
// embedded database in DATA_DIR/backups, and a copy opens as a database.
func TestE2EDailyCopyOfTheDatabase(t *testing.T) {
	sqliteOnly(t, "the daily copies are of the database file")
	h := start(t)
	h.ack(h.message("D100", "im", "U1", "wipes < 1 day", "1700000000.000100", nil))
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	file, ext := dbFileName()
	copies, err := filepath.Glob(filepath.Join(h.dir, sqlite.BackupDir, "babyhandoff-*"+ext))
	require.NoError(t, err)
	require.Len(t, copies, 1, "log:\n%s", h.stderr.String())
	assert.Contains(t, h.stderr.String(), "daily copy of the database")

	restored := t.TempDir()
	raw, err := os.ReadFile(copies[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(restored, file), raw, 0o600))
	db := openTestDB(t, restored)
	require.NoError(t, db.Close(context.Background()))
}
