package main

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// The bot's start reads again, once, the notes whose reading is older than
// the normaliser's rules (here: stored without one), and says so; the next
// start finds none.
func TestStartReadsOldReadingsAgainOnce(t *testing.T) {
	sqliteOnly(t, "it writes old readings with store/sqlite directly")
	ctx := context.Background()
	dir := t.TempDir()
	old, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir})
	require.NoError(t, err)
	n, _, err := old.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "daycare form due friday", MessageTS: "1.1"})
	require.NoError(t, err)
	require.Zero(t, n.Reading.Version)
	require.NoError(t, old.Close(ctx))

	for start, want := range []string{"read notes again under the current rules", ""} {
		var logs bytes.Buffer
		db, err := openDatabase(ctx, Config{DataDir: dir, EmbeddedEngine: engineSQLite},
			dbOptions{Exclusive: true, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		require.NoError(t, err)
		got, err := db.Database.(sqliteDB).Note(ctx, "T1", n.ID)
		require.NoError(t, err)
		assert.Equal(t, normalize.Version, got.Reading.Version, "start %d", start+1)
		assert.Equal(t, bh.TagDeadline, got.Reading.Kind)
		if want != "" {
			assert.Contains(t, logs.String(), want)
			assert.Contains(t, logs.String(), "notes=1")
		} else {
			assert.NotContains(t, logs.String(), "read notes again", "once")
		}
		require.NoError(t, db.Close(ctx))
	}
}
