package sqlite_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// A file that is not ours, cut short, empty or from a newer version is
// refused: the message names the file, says what is wrong and what to do,
// and the file (and its folder) is left byte for byte as it was.
func TestBadFilesAreRefusedUnchanged(t *testing.T) {
	ctx := context.Background()
	ours := func(t *testing.T, dir string, notes int) string {
		db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir})
		require.NoError(t, err)
		for i := range notes {
			_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: strings.Repeat("a long note ", 100), MessageTS: time.Unix(int64(i), 0).String()})
			require.NoError(t, err)
		}
		require.NoError(t, db.Close(ctx))
		return filepath.Join(dir, sqlite.FileName)
	}
	raw := func(t *testing.T, path string, stmts ...string) {
		db, err := sql.Open("sqlite", path)
		require.NoError(t, err)
		for _, s := range stmts {
			_, err := db.Exec(s)
			require.NoError(t, err)
		}
		require.NoError(t, db.Close())
	}
	tests := []struct {
		name string
		make func(t *testing.T, dir string)
		says string
	}{
		{"zero bytes", func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, sqlite.FileName), nil, 0o600))
		}, "is empty (0 bytes)"},
		{"text", func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, sqlite.FileName), []byte("my notes, not a database\n"), 0o600))
		}, "is not a SQLite database"},
		{"another program", func(t *testing.T, dir string) {
			raw(t, filepath.Join(dir, sqlite.FileName), "CREATE TABLE songs (title TEXT)", "INSERT INTO songs VALUES ('lullaby')")
		}, "is another program's SQLite database"},
		{"cut", func(t *testing.T, dir string) {
			path := ours(t, dir, 40)
			st, err := os.Stat(path)
			require.NoError(t, err)
			require.Greater(t, st.Size(), int64(8*4096), "enough pages to cut")
			require.NoError(t, os.Truncate(path, 4*4096))
		}, "is cut short"},
		{"newer", func(t *testing.T, dir string) {
			raw(t, ours(t, dir, 1), "INSERT INTO migrations (version, name, applied_at) VALUES (9999, '9999_future.sql', 0)")
		}, "was written by a newer version"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.make(t, dir)
			path := filepath.Join(dir, sqlite.FileName)
			before := folder(t, dir)
			_, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir})
			require.Error(t, err)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			msg := bh.ErrorMessage(err)
			assert.Equal(t, 1, strings.Count(err.Error(), path), "names the file once: %s", err)
			// The folder's name holds the case's; the message is read
			// without it, so the path cannot make the case pass.
			why := strings.ReplaceAll(msg, path, "FILE")
			assert.Contains(t, why, "FILE "+tt.says)
			assert.Regexp(t, `Move it away|Run the newer version`, why, "says what to do")
			assert.Equal(t, before, folder(t, dir), "the file and its folder are unchanged")
		})
	}
}

// folder is each file of dir with the checksum of its bytes.
func folder(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string][32]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = sha256.Sum256(b)
	}
	return out
}

// A file of ours opens again, with its notes, and migrates nothing twice.
func TestAFileOfOursOpensAgain(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir})
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))
	require.NoError(t, db.Close(ctx), "twice is fine")
	db, err = sqlite.Open(ctx, sqlite.Config{DataDir: dir})
	require.NoError(t, err)
	defer func() { assert.NoError(t, db.Close(ctx)) }()
	got, err := db.Note(ctx, "T1", n.ID)
	require.NoError(t, err)
	assert.Equal(t, n, got)
}
