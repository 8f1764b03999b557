package storetest_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/mongo"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

func TestNewIsAFreshEmbeddedStoreOnTheGivenClock(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	db := storetest.New(t, storetest.WithClock(func() time.Time { return at }))
	n, created, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	assert.True(t, created)
	assert.True(t, n.CreatedAt.Equal(at), "stored on the given clock: %v", n.CreatedAt)

	// Another store of the same engine under test does not see it (a
	// store of the other engine could not have, whatever New did).
	other := storetest.New(t)
	_, err = other.Shift(context.Background(), "T1", "D1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "each store is its own")
}

// New opens the engine BABYHANDOFF_TEST_ENGINE names, SQLite by default
// (the bot's); SQLite opens SQLite whatever it says.
func TestNewOpensTheEngineUnderTest(t *testing.T) {
	for _, env := range []string{"", "sqlite"} {
		t.Run("engine="+env, func(t *testing.T) {
			t.Setenv(storetest.EngineEnv, env)
			assert.IsType(t, (*sqlite.DB)(nil), storetest.New(t))
		})
	}
	assert.IsType(t, (*sqlite.DB)(nil), storetest.SQLite(t))
	t.Setenv(storetest.EngineEnv, "mongo")
	assert.IsType(t, (*mongo.DB)(nil), storetest.New(t), "store/mongo on lungo's memory engine")
}
