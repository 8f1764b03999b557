package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// notesIn lists the text of every live note in the embedded database in
// dir, the bot stopped.
func notesIn(t *testing.T, dir string) []string {
	t.Helper()
	ctx := context.Background()
	db := openTestDB(t, dir)
	defer db.Close(ctx)
	shifts, err := db.Conversations(ctx, "", "")
	require.NoError(t, err)
	var out []string
	for _, sh := range shifts {
		live, err := db.LiveNotes(ctx, sh.TeamID, sh.ID, time.Now())
		require.NoError(t, err)
		for _, n := range live.Notes {
			out = append(out, n.RawText)
		}
	}
	slices.Sort(out)
	return out
}

// `babyhandoff backup --out FILE` copies the database while the bot runs:
// the copy has every note acked before it and none after. Restoring is
// what the docs say: stop, copy the backup into place, start.
func TestE2EBackupWhileRunningThenRestore(t *testing.T) {
	sqliteOnly(t, "a backup copies the database file")
	h := start(t)
	h.ack(h.message("D100", "im", "U1", "wipes < 1 day", "1700000000.000100", nil))

	out := filepath.Join(t.TempDir(), "copy.db")
	var stdout, stderr strings.Builder
	require.Equal(t, 0, run(context.Background(), []string{"backup", "--out", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "wrote a copy of the database to")
	// A second backup to the same file is refused and leaves it alone.
	before, err := os.ReadFile(out)
	require.NoError(t, err)
	stderr.Reset()
	assert.Equal(t, 1, run(context.Background(), []string{"backup", "--out", out}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "exists; choose a new file")
	after, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	h.ack(h.message("D100", "im", "U1", "daycare form due friday", "1700000100.000100", nil))
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Equal(t, []string{"daycare form due friday", "wipes < 1 day"}, notesIn(t, h.dir))

	// Restore: stopped, the copy in place (the log moved aside), started.
	file := filepath.Join(h.dir, sqlite.FileName)
	for _, side := range []string{"-wal", "-shm"} {
		if err := os.Rename(file+side, file+side+".old"); err != nil {
			require.ErrorIs(t, err, os.ErrNotExist)
		}
	}
	require.NoError(t, os.WriteFile(file, before, 0o600))
	h.launch()
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Equal(t, []string{"wipes < 1 day"}, notesIn(t, h.dir), "the restored database is the copy's")
}
