package storetest_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

func TestNewIsAFreshEmbeddedStoreOnTheGivenClock(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	db := storetest.New(t, storetest.WithClock(func() time.Time { return at }))
	assert.True(t, db.Embedded())
	n, created, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	assert.True(t, created)
	assert.True(t, n.CreatedAt.Equal(at), "stored on the given clock: %v", n.CreatedAt)

	other := storetest.New(t, storetest.Unindexed())
	_, err = other.Shift(context.Background(), "T1", "D1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "each store is its own")
}
