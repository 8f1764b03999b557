package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// A backup is taken while notes keep coming, and restoring it is: stop,
// copy it into place, start. It holds every note stored before it began.
func TestABackupWhileWritingRestoresWhole(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(storetest.Start)
	db := open(t, clock.Now)
	capture := func(i int) error {
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprint(i)})
		return err
	}
	for i := range 20 {
		require.NoError(t, capture(i))
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() { // the bot keeps writing
		defer wg.Done()
		for i := 20; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			assert.NoError(t, capture(i))
		}
	}()
	out := filepath.Join(t.TempDir(), "copy.db")
	err := db.BackupTo(ctx, out)
	close(stop)
	wg.Wait()
	require.NoError(t, err)
	_, err = os.Stat(out + ".partial")
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing half-written is left")

	restored := t.TempDir()
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(restored, sqlite.FileName), b, 0o600))
	back, err := sqlite.Open(ctx, sqlite.Config{DataDir: restored, Now: clock.Now})
	require.NoError(t, err)
	defer func() { require.NoError(t, back.Close(ctx)) }()
	sh, err := back.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	notes, err := back.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(notes), 20)
	for i, n := range notes[:20] {
		assert.Equal(t, fmt.Sprintf("note %d", i), n.Text)
	}
	_, _, err = back.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "after the restore", MessageTS: "r1"})
	require.NoError(t, err, "a restored copy takes writes")
}

// One copy a day, the newest kept.
func TestDailyBackupsKeepTheNewest(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(storetest.Start)
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir, Now: clock.Now})
	require.NoError(t, err)
	defer func() { require.NoError(t, db.Close(ctx)) }()
	var made []string
	for range 4 {
		path, err := db.DailyBackup(ctx, 2)
		require.NoError(t, err)
		again, err := db.DailyBackup(ctx, 2)
		require.NoError(t, err)
		assert.Empty(t, again, "one a day")
		made = append(made, filepath.Base(path))
		clock.Advance(24 * time.Hour)
	}
	left, err := filepath.Glob(filepath.Join(dir, sqlite.BackupDir, "*"))
	require.NoError(t, err)
	require.Len(t, left, 2)
	assert.Equal(t, made[2:], []string{filepath.Base(left[0]), filepath.Base(left[1])})
}
