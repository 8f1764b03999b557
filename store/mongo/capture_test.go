package mongo_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// Deliveries of one message at once (several processes, or Slack's
// retries) store one note: the unique index on the message decides, and
// the others are answered with the stored note.
func TestCapturesOfOneMessageAtOnceStoreOneNote(t *testing.T) {
	db := storetest.Mongo(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	created := make(chan bool, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, c, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
			assert.NoError(t, err)
			assert.Equal(t, "wipes < 1 day", n.Text)
			created <- c
		}()
	}
	wg.Wait()
	close(created)
	first := 0
	for c := range created {
		if c {
			first++
		}
	}
	assert.Equal(t, 1, first, "one delivery stored it")
	sh, err := db.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	notes, err := db.Notes(ctx, "T1", sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, notes, 1)
}
