package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// TestBackupWhileWritingRestores: a copy taken while notes are being
// written holds every note acknowledged before it began, opens as a
// database of its own, and the newest copies are kept.
func TestBackupWhileWritingRestores(t *testing.T) {
	ctx := context.Background()
	clk := &clock{t: time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)}
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Config{DataDir: dir, Now: clk.Now})
	require.NoError(t, err)
	defer db.Close(ctx)

	var acked atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: fmt.Sprintf("%d.1", i)})
			require.NoError(t, err)
			acked.Add(1)
		}
	}()
	for acked.Load() < 50 {
		time.Sleep(time.Millisecond)
	}
	before := acked.Load()
	path, err := db.DailyBackup(2)
	require.NoError(t, err)
	close(stop)
	wg.Wait()
	assert.Equal(t, filepath.Join(dir, store.BackupDir, "babyhandoff-2027-01-04.bolt"), path)
	again, err := db.DailyBackup(2)
	require.NoError(t, err)
	assert.Empty(t, again, "one copy a day")

	// Restore: the copy as the database of a fresh folder.
	restored := t.TempDir()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(restored, store.FileName), raw, 0o600))
	r, err := store.Open(ctx, store.Config{DataDir: restored})
	require.NoError(t, err)
	sh, err := r.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	notes, err := r.Notes(ctx, "T1", sh.ID, false)
	require.NoError(t, err)
	require.NoError(t, r.Close(ctx))
	assert.GreaterOrEqual(t, int64(len(notes)), before)
	assert.LessOrEqual(t, int64(len(notes)), acked.Load())

	// The newest two copies are kept.
	for d := 0; d < 3; d++ {
		clk.Add(24 * time.Hour)
		_, err := db.DailyBackup(2)
		require.NoError(t, err)
	}
	kept, err := filepath.Glob(filepath.Join(dir, store.BackupDir, "*"))
	require.NoError(t, err)
	for i := range kept {
		kept[i] = filepath.Base(kept[i])
	}
	assert.Equal(t, []string{"babyhandoff-2027-01-06.bolt", "babyhandoff-2027-01-07.bolt"}, kept)
}

// clock is a settable clock for the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
