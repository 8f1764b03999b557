package main

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/install"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// useMongo runs the tests on store/mongo (BABYHANDOFF_TEST_ENGINE=mongo):
// one lungo engine in memory per DATA_DIR, kept for the test process, so
// that a bot stopped and started again on a DATA_DIR finds its data, as
// on a server. A child process (the crash tests) has its own memory.
func useMongo() {
	var mu sync.Mutex
	clients := map[string]lungo.IClient{}
	testMongoClient = func(dir string) (lungo.IClient, error) {
		mu.Lock()
		defer mu.Unlock()
		if c, ok := clients[dir]; ok {
			return c, nil
		}
		c, _, err := lungo.Open(context.Background(), lungo.Options{Store: lungo.NewMemoryStore()})
		if err == nil {
			clients[dir] = c
		}
		return c, err
	}
}

// Installs by OAuth run on MongoDB as on the embedded database: the
// settings are accepted with MONGODB_URI, and the installation store is
// MongoDB's, so a workspace installed there is served with its token.
func TestOAuthOnMongoDBKeepsInstallationsThere(t *testing.T) {
	clearEnv(t)
	for k, v := range oauthEnv(map[string]string{"MONGODB_URI": "mongodb://db.example.org/?replicaSet=rs0"}) {
		t.Setenv(k, v)
	}
	cfg, err := loadConfig("", true)
	require.NoError(t, err, "installs by OAuth with MONGODB_URI")

	db := mongoDB{storetest.Mongo(t)}
	ins, err := newInstalls(db, cfg, time.Now, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	require.NotNil(t, ins.teams(), "each team's token, from MongoDB")
	require.NotNil(t, ins.uninstall())

	key, _ := cfg.tokenKeys()
	sealer, err := install.NewSealer(key)
	require.NoError(t, err)
	sealed, err := sealer.Seal("xoxb-mongo-team", "TM/bot")
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, db.SaveInstallation(ctx, bh.Installation{TeamID: "TM", BotUserID: "UBOTM", BotToken: sealed, InstallerID: "UM1", InstalledAt: time.Now()}))
	tok, user, err := ins.teams().TeamBot(ctx, "TM")
	require.NoError(t, err)
	assert.Equal(t, "xoxb-mongo-team", tok)
	assert.Equal(t, "UBOTM", user)
	require.NoError(t, ins.uninstall()(ctx, "TM"))
	_, err = db.Installation(ctx, "TM")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "an uninstall deletes it from MongoDB")
}
