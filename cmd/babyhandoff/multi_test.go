package main

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/store"
)

// TestTwoBotsShareTheSocketModeLoad runs two bots on one store and one
// Slack app, as two processes on one MongoDB would: Slack spreads the
// envelopes over both connections and retries land on either, yet each
// note is stored and answered once.
func TestTwoBotsShareTheSocketModeLoad(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	db, err := store.Open(ctx, store.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(context.Background()) })

	var wg sync.WaitGroup
	runCtx, stop := context.WithCancel(ctx)
	for i := 0; i < 2; i++ {
		b, err := bot.New(bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(), Store: db})
		require.NoError(t, err)
		wg.Add(1)
		go func() { defer wg.Done(); _ = b.Run(runCtx) }()
	}
	t.Cleanup(func() { stop(); wg.Wait() })
	require.NoError(t, fake.WaitConnections(ctx, 2))

	const notes = 60
	var envs []string
	for i := 0; i < notes; i++ {
		ts := fmt.Sprintf("1700001000.%06d", i)
		env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "C1", "channel_type": "channel", "user": "U1", "text": fmt.Sprintf("task: thing %d", i), "ts": ts})
		require.NoError(t, err)
		envs = append(envs, env)
		if i%3 == 0 {
			// Slack retries some (a slow ack): the retry goes to the other
			// connection, perhaps while the first is still working.
			again, err := fake.Redeliver(ctx, env, "timeout")
			require.NoError(t, err)
			envs = append(envs, again)
		}
	}
	for _, env := range envs {
		_, err := fake.WaitAck(ctx, env)
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool {
		replies := map[string]int{}
		for _, m := range fake.Messages("C1") {
			if m.ThreadTS != "" && !m.Ephemeral {
				replies[m.ThreadTS]++
			}
		}
		return len(replies) == notes
	}, 20*time.Second, 10*time.Millisecond)
	replies := map[string]int{}
	for _, m := range fake.Messages("C1") {
		if m.ThreadTS != "" && !m.Ephemeral {
			replies[m.ThreadTS]++
		}
	}
	for ts, n := range replies {
		assert.Equal(t, 1, n, "one reply for %s", ts)
	}
	sh, err := db.Shift(ctx, fake.Config().TeamID, "C1")
	require.NoError(t, err)
	stored, err := db.Notes(ctx, sh.TeamID, sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, stored, notes, "each note once")
}
