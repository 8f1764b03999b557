package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// newTestBot is bot.New on db with the default council and a radar watcher
// that is not run (it answers /radar and App Home); cfg's other fields are
// kept.
func newTestBot(t *testing.T, db storetest.DB, cfg bot.Config) *bot.Bot {
	t.Helper()
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: cfg.Now})
	require.NoError(t, err)
	cfg.Store, cfg.Council, cfg.Radar = db, c, w
	if cfg.Pace == nil {
		cfg.Pace = noWaitPacer()
	}
	b, err := bot.New(cfg)
	require.NoError(t, err)
	return b
}
