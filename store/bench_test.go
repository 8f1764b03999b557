package store_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// fill grows an embedded store to about mb megabytes of notes.
func fill(tb testing.TB, db *store.DB, mb int) {
	text := strings.Repeat("Pediatrician follow-up moved; bring the blue folder and the insurance card. ", 20)
	ctx := context.Background()
	for i := 0; ; i += 200 {
		fi, err := os.Stat(db.Path())
		if err == nil && fi.Size() >= int64(mb)<<20 {
			return
		}
		var wg sync.WaitGroup
		for k := 0; k < 200; k++ {
			wg.Add(1)
			go func(n int) {
				defer wg.Done()
				_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "TFILL", ChannelID: fmt.Sprintf("C%d", n%500), RawText: text, MessageTS: fmt.Sprintf("%d.0", n)})
				require.NoError(tb, err)
			}(i + k)
		}
		wg.Wait()
	}
}

// BenchmarkCaptureNote10MB is one note stored (one commit) in a 10 MB
// embedded database: go test ./store -run x -bench Capture.
func BenchmarkCaptureNote10MB(b *testing.B) {
	db, err := store.Open(context.Background(), store.Config{DataDir: b.TempDir()})
	require.NoError(b, err)
	defer db.Close(context.Background())
	fill(b, db, 10)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: fmt.Sprintf("%d.1", i)})
		require.NoError(b, err)
	}
}
