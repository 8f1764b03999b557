package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store/mongo"
	"github.com/babyhandoff/babyhandoff/store/storetest"
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
	db := storetest.New(t)

	var wg sync.WaitGroup
	runCtx, stop := context.WithCancel(ctx)
	for i := 0; i < 2; i++ {
		b := newTestBot(t, db, bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL()})
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

// TestTwoProcessesShareOneMongoDB starts the bot twice, as two operating
// system processes on one MongoDB (MONGODB_TEST_URI, a replica set so that
// change streams work) and one Slack app: each note is stored and answered
// once although Slack retries some on the other connection, and a risky
// note gets one radar message although both processes' radars see it.
// Without MONGODB_TEST_URI it is skipped: the embedded store cannot be
// shared between processes (TestTwoBotsShareTheSocketModeLoad covers the
// bot's side in one process).
func TestTwoProcessesShareOneMongoDB(t *testing.T) {
	uri := os.Getenv("MONGODB_TEST_URI")
	if uri == "" || testing.Short() {
		t.Skip("set MONGODB_TEST_URI to a MongoDB replica set to run two processes on it")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	name := fmt.Sprintf("bh_two_%d", time.Now().UnixNano())
	env := []string{"MONGODB_URI=" + uri, "MONGODB_DB=" + name, "RADAR_DEBOUNCE_SECONDS=1"}
	a := startChild(t, fake, t.TempDir(), env...)
	b := startChild(t, fake, t.TempDir(), env...)
	require.NoError(t, fake.WaitConnections(ctx, 2))

	const notes = 40
	var envs []string
	for i := 0; i < notes; i++ {
		e, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "C1", "channel_type": "channel", "user": "U1",
			"text": fmt.Sprintf("task: thing %d", i), "ts": fmt.Sprintf("1700001000.%06d", i)})
		require.NoError(t, err)
		envs = append(envs, e)
		if i%3 == 0 {
			again, err := fake.Redeliver(ctx, e, "timeout")
			require.NoError(t, err)
			envs = append(envs, again)
		}
	}
	e, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "DU1", "channel_type": "im", "user": "U1", "text": "out of formula", "ts": "1700002000.000100"})
	require.NoError(t, err)
	envs = append(envs, e)
	for _, e := range envs {
		_, err := fake.WaitAck(ctx, e)
		require.NoError(t, err, "logs:\n%s\n%s", a.stderr.String(), b.stderr.String())
	}
	isRadar := func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.ThreadTS == "" && !m.Ephemeral && strings.Contains(string(m.Metadata), "babyhandoff_radar_post")
	}
	_, err = fake.WaitMessage(ctx, isRadar)
	require.NoError(t, err, "no radar message; logs:\n%s\n%s", a.stderr.String(), b.stderr.String())
	replies := func() map[string]int {
		out := map[string]int{}
		for _, m := range fake.Messages("C1") {
			if m.ThreadTS != "" && !m.Ephemeral {
				out[m.ThreadTS]++
			}
		}
		return out
	}
	require.Eventually(t, func() bool { return len(replies()) == notes }, 30*time.Second, 10*time.Millisecond)
	// Both radars have had time to look (each is woken by the change
	// stream within the 1 s debounce).
	time.Sleep(3 * time.Second)
	for ts, n := range replies() {
		assert.Equal(t, 1, n, "one reply for %s", ts)
	}
	radar := 0
	for _, m := range fake.Messages("DU1") {
		if isRadar(m) {
			radar++
		}
	}
	assert.Equal(t, 1, radar, "one radar message from two processes")

	for _, c := range []*child{a, b} {
		require.NoError(t, c.cmd.Process.Signal(syscall.SIGTERM))
		require.NoError(t, c.cmd.Wait(), "log:\n%s", c.stderr.String())
	}
	db, err := mongo.Open(context.Background(), mongo.Config{URI: uri, Database: name})
	require.NoError(t, err)
	defer db.Close(context.Background())
	sh, err := db.Shift(context.Background(), fake.Config().TeamID, "C1")
	require.NoError(t, err)
	stored, err := db.Notes(context.Background(), sh.TeamID, sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, stored, notes, "each note once")
}

// On a store shared with other processes a bot cannot tell at start-up a
// dead process's plan from a live one's, so it looks again every minute:
// a plan still "running" after 2 minutes gets its interrupted notice even
// when the bot that was running it restarted within seconds.
func TestSharedStoreRecoversALeftPlanWhileRunning(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	clock := clocktest.New(radarT0)
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	db := storetest.New(t, storetest.WithClock(clock.Now))

	// What a stopped process left a moment ago: a progress message, a run.
	api := slack.New(fake.Config().BotToken, slack.OptionAPIURL(fake.APIURL()))
	_, ts, err := api.PostMessage("DU1", slack.MsgOptionText("The village council is working…", false))
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: fake.Config().TeamID, ChannelID: "DU1", UserID: "U1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	_, err = db.CreateRun(ctx, bh.Run{TeamID: n.TeamID, ShiftID: n.ShiftID, ChannelID: "DU1", Energy: bh.EnergyLow, HorizonH: 8, CardChannel: "DU1", CardTS: ts})
	require.NoError(t, err)

	b := newTestBot(t, db, bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(), Now: clock.Now})
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{}, 2)
	go func() { defer func() { done <- struct{}{} }(); _ = b.Run(runCtx) }()
	// A store shared with other processes: left work is looked for again
	// every tick.
	go func() {
		defer func() { done <- struct{}{} }()
		_ = recoverLeftWork(runCtx, b, nil, nil, false, 10*time.Millisecond)
	}()
	t.Cleanup(func() { stop(); <-done; <-done })
	require.NoError(t, fake.WaitConnections(ctx, 1))

	clock.Advance(3 * time.Minute)
	m, err := fake.WaitMessage(ctx, func(m slacktest.Message) bool { return m.TS == ts && strings.Contains(m.Text, "interrupted") })
	require.NoError(t, err)
	assert.Contains(t, m.Text, "Plan v1 was interrupted")
}

// A handoff's reminder is a timer in the process that sent it. On a store
// shared with other processes, a handoff whose process stopped before its
// reminder came due is reminded by the others' sweep (RecoverShared), once
// although both sweep at the same time; no start-up is needed.
func TestSharedStoreRemindsAHandoffItsProcessLeft(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	clock := clocktest.New(radarT0)
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	db := storetest.New(t, storetest.WithClock(clock.Now))

	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var bots []*bot.Bot
	for i := 0; i < 2; i++ {
		b := newTestBot(t, db, bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(),
			Now: clock.Now, AfterFunc: clock.AfterFunc})
		bots = append(bots, b)
		wg.Add(1)
		go func() { defer wg.Done(); _ = b.Run(runCtx) }()
	}
	stopped := false
	stopAll := func() {
		if !stopped {
			stopped = true
			stop()
			wg.Wait() // each bot finishes its queued work
		}
	}
	t.Cleanup(stopAll)
	for _, b := range bots {
		select {
		case <-b.Ready():
		case <-ctx.Done():
			t.Fatal("a bot did not connect")
		}
	}

	// What a third process did before it stopped: a handoff from U1 to U2,
	// sent, with its reminder's timer in that process alone.
	team := fake.Config().TeamID
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: team, ChannelID: "DU1", UserID: "U1", RawText: "out of formula", MessageTS: "1.1"})
	require.NoError(t, err)
	api := slack.New(fake.Config().BotToken, slack.OptionAPIURL(fake.APIURL()))
	_, thread, err := api.PostMessage("DU1", slack.MsgOptionText("Handed off to Sam", false))
	require.NoError(t, err)
	_, sent, err := api.PostMessage("DU2", slack.MsgOptionText("Maya handed off to you", false))
	require.NoError(t, err)
	ho, err := db.CreateHandoff(ctx, bh.Handoff{TeamID: team, ShiftID: n.ShiftID, ChannelID: "DU1", From: "U1", To: []string{"U2"}, Start: clock.Now(), Hours: 8})
	require.NoError(t, err)
	require.NoError(t, db.HandoffSent(ctx, team, ho.ID, "DU1", thread, []bh.HandoffMessage{{UserID: "U2", ChannelID: "DU2", TS: sent}}))

	isReminder := func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.ThreadTS == "" && strings.Contains(m.Text, "tap Got it")
	}
	clock.Advance(10 * time.Minute)
	for _, b := range bots {
		b.RecoverShared(ctx)
	}
	clock.Advance(6 * time.Minute) // past the 15 minutes
	var sweeps sync.WaitGroup
	for _, b := range bots {
		for k := 0; k < 2; k++ {
			sweeps.Add(1)
			go func() { defer sweeps.Done(); b.RecoverShared(ctx) }()
		}
	}
	sweeps.Wait()
	_, err = fake.WaitMessage(ctx, isReminder)
	require.NoError(t, err, "the reminder its process left is sent")
	stopAll()
	reminders := 0
	for _, m := range fake.Messages("DU2") {
		if isReminder(m) {
			reminders++
		}
	}
	assert.Equal(t, 1, reminders, "reminded once, though both processes swept twice")
	got, err := db.Handoff(ctx, team, ho.ID)
	require.NoError(t, err)
	assert.False(t, got.RemindedAt.IsZero())
}
