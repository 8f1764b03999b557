package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/256dpi/lungo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// sharedMongo makes the bots this test starts share one MongoDB: the
// server at MONGODB_TEST_URI (a database of the test's own), else one
// lungo engine in memory for the test's DATA_DIR, whatever engine the
// other tests run on.
func sharedMongo(t *testing.T) {
	t.Helper()
	if uri := os.Getenv("MONGODB_TEST_URI"); uri != "" {
		t.Setenv("MONGODB_URI", uri)
		t.Setenv("MONGODB_DB", fmt.Sprintf("bh_stateless_%d", time.Now().UnixNano()))
		return
	}
	if testMongoClient != nil {
		return // BABYHANDOFF_TEST_ENGINE=mongo: one engine per DATA_DIR already
	}
	var mu sync.Mutex
	var client lungo.IClient
	testMongoClient = func(string) (lungo.IClient, error) {
		mu.Lock()
		defer mu.Unlock()
		if client != nil {
			return client, nil
		}
		c, _, err := lungo.Open(context.Background(), lungo.Options{Store: lungo.NewMemoryStore()})
		client = c
		return c, err
	}
	t.Cleanup(func() { testMongoClient = nil })
}

// process is one bot process of a deployment: its Main, its address, its
// log and its radar.
type process struct {
	*httpApp
	nudger *radar.Nudger
}

// startProcesses runs n bots in HTTP mode with installs by OAuth, on one
// MongoDB (several processes), or on the engine under test (one), with one
// fake Slack and one clock, as n stateless processes behind a load
// balancer. The environment is the same for all (each listens on a port
// of its own).
func startProcesses(t *testing.T, n int, clock *clocktest.Clock) (*slacktest.Server, []*process) {
	t.Helper()
	fake := slacktest.New(slacktest.Config{PingInterval: -1})
	t.Cleanup(fake.Close)
	dir := t.TempDir()
	for k, v := range map[string]string{"SLACK_APP_TOKEN": "", "SLACK_SIGNING_SECRET": signingSecret, "PORT": "0", "SLACK_BOT_TOKEN": "",
		"SLACK_API_URL": fake.APIURL(), "DATA_DIR": dir, "MONGODB_URI": "", "LOG_LEVEL": "debug",
		"SLACK_CLIENT_ID": oauthClientID, "SLACK_CLIENT_SECRET": oauthClientSecret,
		"SLACK_REDIRECT_URL": "https://bot.example.org/slack/oauth_redirect", "TOKEN_ENCRYPTION_KEY": oauthKey} {
		t.Setenv(k, v)
	}
	if n > 1 {
		sharedMongo(t)
	}
	fake.SetOAuthApp(oauthClientID, oauthClientSecret)
	var out []*process
	for i := 0; i < n; i++ {
		h := &harness{t: t, fake: fake, dir: dir, done: make(chan int, 1), stderr: &syncBuffer{}, stdout: &syncBuffer{}, team: fake.Config().TeamID}
		p := &process{httpApp: &httpApp{harness: h}}
		addr := make(chan net.Addr, 1)
		nudgers := make(chan *radar.Nudger, 1)
		h.setup = func(m *Main) {
			p.main = m
			// A timer runs on a goroutine of its own, as time.AfterFunc's
			// do: the processes' radars look at a family at the same time.
			m.Now = clock.Now
			m.AfterFunc = func(d time.Duration, f func()) func() bool { return clock.AfterFunc(d, func() { go f() }) }
			m.NudgerReady = func(n *radar.Nudger) { nudgers <- n }
			m.Listening = func(a net.Addr) { addr <- a }
		}
		ctx, cancel := context.WithCancel(context.Background())
		h.cancel = cancel
		go func() { h.done <- runBot(ctx, h.stderr, h.setup) }()
		t.Cleanup(func() { h.stop() })
		select {
		case a := <-addr:
			p.url = fmt.Sprintf("http://127.0.0.1:%d", a.(*net.TCPAddr).Port)
		case code := <-h.done:
			h.stopped = true
			t.Fatalf("process %d stopped (%d); log:\n%s", i, code, h.stderr.String())
		case <-time.After(10 * time.Second):
			t.Fatalf("process %d not serving within 10 s; log:\n%s", i, h.stderr.String())
		}
		p.nudger = <-nudgers
		out = append(out, p)
	}
	return fake, out
}

// to points the fake Slack's requests at p, as a load balancer would.
func (p *process) to() *process {
	p.fake.SetHTTPApp(p.url, signingSecret)
	return p
}

// logs is every process's log, for a failure's message.
func logs(ps []*process) string {
	var b strings.Builder
	for i, p := range ps {
		fmt.Fprintf(&b, "--- process %d\n%s", i, p.stderr.String())
	}
	return b.String()
}

// Many families on one deployment of two stateless processes on one
// MongoDB: 20 workspaces add the app, and each one's risky note arrives
// at either process (and Slack's retry at the other). Each note is stored
// once and answered once with its team's token; each family's radar
// message is sent once, by one process, with its team's token, although
// both processes' radars hear every change and both sweep.
func TestE2ETwoProcessesServeTwentyTeamsOnOneMongoDB(t *testing.T) {
	serveTwentyTeams(t, 2)
}

// One process serves the same 20 workspaces on the embedded database (or
// the engine under test), each note and nudge once, each with its team's
// token.
func TestE2EOneProcessServesTwentyTeams(t *testing.T) {
	serveTwentyTeams(t, 1)
}

// serveTwentyTeams is the story of the two tests above on n processes:
// installs, notes and retries go to the processes in turn.
func serveTwentyTeams(t *testing.T, n int) {
	t.Helper()
	clock := clocktest.New(radarT0)
	fake, ps := startProcesses(t, n, clock)
	const teams = 20
	team := func(i int) string { return fmt.Sprintf("T%02d", i) }
	token := func(i int) string { return fmt.Sprintf("xoxb-%s-secret-token", team(i)) }
	for i := 0; i < teams; i++ {
		g := slacktest.Grant{Code: "code-" + team(i), TeamID: team(i), TeamName: "Family " + team(i), BotUserID: "UBOT" + team(i),
			InstallerID: "U" + team(i), Scope: "chat:write,im:history", BotToken: token(i), RefreshToken: "xoxe-1-" + team(i), ExpiresIn: 43200}
		status, page := ps[i%n].to().addToSlack(g)
		require.Equal(t, http.StatusOK, status, page)
	}

	ctx := ps[0].ctx()
	t0 := clock.Now()
	tsOf := func(i int) string { return tsAt(t0, 100+i) }
	for i := 0; i < teams; i++ {
		p, other := ps[i%n], ps[(i+1)%n]
		ev, resp, err := p.to().fake.PostEvent(ctx, map[string]any{"_team_id": team(i), "type": "message", "channel": "D" + team(i), "channel_type": "im",
			"user": "U" + team(i), "text": "out of formula", "ts": tsOf(i), "event_ts": tsOf(i)}, slacktest.HTTPOptions{})
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.Status, "log:\n%s", logs(ps))
		// Slack heard no answer in time and retries, here at the other process.
		resp, err = other.to().fake.PostSigned(ctx, "/slack/events", "application/json", ev.Body, slacktest.HTTPOptions{RetryNum: 1, RetryReason: "http_timeout"})
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.Status)
	}
	for i := 0; i < teams; i++ {
		reply := ps[0].replyTo("D"+team(i), tsOf(i))
		assert.Equal(t, token(i), reply.Token, "team %s's reply", team(i))
	}

	isRadar := func(m slacktest.Message) bool {
		return m.ThreadTS == "" && !m.Ephemeral && strings.Contains(string(m.Metadata), "babyhandoff_radar_post")
	}
	radarIn := func(channel string) int {
		n := 0
		for _, m := range fake.Messages(channel) {
			if isRadar(m) {
				n++
			}
		}
		return n
	}
	// Every family's state is saved before the clock moves: the look a
	// change schedules waits on the clock, and one scheduled after the
	// clock stopped moving would wait for the sweep, a real minute away
	// (so it failed on a loaded machine).
	db := dbOf(ps[0].main)
	require.Eventually(t, func() bool {
		shifts, err := db.Conversations(ctx, "", "")
		if err != nil || len(shifts) < teams {
			return false
		}
		for _, sh := range shifts {
			if _, _, found, err := db.ShiftState(ctx, sh.TeamID, sh.ID); err != nil || !found {
				return false
			}
		}
		return true
	}, 20*time.Second, 10*time.Millisecond, "not every family's state was saved; log:\n%s", logs(ps))
	// The clock moves past each radar's debounce, but not near a claim's
	// staleness (a minute): a post still on its way (slow under the race
	// detector) would be taken over as a dead process's.
	var moved time.Duration
	require.Eventually(t, func() bool {
		if moved < 15*time.Second {
			clock.Advance(3 * time.Second)
			moved += 3 * time.Second
		}
		for i := 0; i < teams; i++ {
			if radarIn("D"+team(i)) == 0 {
				return false
			}
		}
		return true
	}, 20*time.Second, 10*time.Millisecond, "not every family heard of its risk; log:\n%s", logs(ps))
	// Every post is recorded as sent (its ts stored) before the clock
	// moves past a claim's staleness.
	require.Eventually(t, func() bool {
		shifts, err := db.Conversations(ctx, "", "")
		if err != nil {
			return false
		}
		for _, sh := range shifts {
			posts, err := db.Posts(ctx, sh.TeamID, sh.ID)
			if err != nil {
				return false
			}
			for _, p := range posts {
				if p.TS == "" && p.Failed == "" {
					return false
				}
			}
		}
		return true
	}, 20*time.Second, 10*time.Millisecond, "posts not recorded; log:\n%s", logs(ps))
	// Both sweep at once, a minute on, and the debounces run out: the
	// nudges stand, nothing is sent again.
	clock.Advance(time.Minute)
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() { defer wg.Done(); p.nudger.Tick(ctx) }()
	}
	wg.Wait()
	clock.Advance(time.Minute)

	for i := 0; i < teams; i++ {
		ch := "D" + team(i)
		assert.Equal(t, 1, radarIn(ch), "one radar message for %s", team(i))
		replies := 0
		for _, m := range fake.Messages(ch) {
			if m.ThreadTS == tsOf(i) && !m.Ephemeral {
				replies++
			}
		}
		assert.Equal(t, 1, replies, "one capture reply for %s despite the retry", team(i))
	}
	for _, c := range fake.Calls("chat.postMessage") {
		ch := c.Form.Get("channel")
		i := 0
		_, err := fmt.Sscanf(ch, "DT%02d", &i)
		require.NoError(t, err, "a post in %s", ch)
		assert.Equal(t, token(i), c.Token, "every post in %s goes out with its team's token", ch)
	}
	for i := 0; i < teams; i++ {
		sh, err := db.Shift(ctx, team(i), "D"+team(i))
		require.NoError(t, err)
		notes, err := db.Notes(ctx, team(i), sh.ID, true)
		require.NoError(t, err)
		assert.Len(t, notes, 1, "%s's note stored once", team(i))
		posts, err := db.Posts(ctx, team(i), sh.ID)
		require.NoError(t, err)
		assert.Len(t, posts, 1, "%s: one claim", team(i))
	}
	for _, p := range ps {
		require.Equal(t, 0, p.stop(), "log:\n%s", logs(ps))
	}
}

// cursorStore is what the test reads of the radar's place in the notes'
// change stream.
type cursorStore interface {
	RadarCursor(ctx context.Context) (bh.RadarCursor, error)
}

// A process dies; a note is written while no radar listens. The next
// process's radar resumes the notes' change stream at the token the
// first one saved, and hears the note (once), even where its time would
// put it before the catch-up's reach: the note below, in a family of its
// own, carries a clock an hour behind, as a write that committed late.
func TestE2ERadarResumesTheChangeStreamAfterARestartOnMongoDB(t *testing.T) {
	sharedMongo(t)
	clock := clocktest.New(radarT0)
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	<-nudgers
	db := openTestDB(t, h.dir) // the same MongoDB
	// The radar's session opens the notes' change stream, then catches up
	// and saves its place (no token yet). A note written before the stream
	// opened is caught up, not streamed, and no token is ever saved; the
	// bot connects to Slack before its radar opens the stream, so on a
	// busy machine the note below came first and the wait for the token
	// ran out. Write it once the stream is open.
	require.Eventually(t, func() bool {
		cur, err := db.(cursorStore).RadarCursor(h.ctx())
		return err == nil && !cur.At.IsZero()
	}, 10*time.Second, 10*time.Millisecond, "the radar opens the stream and catches up")
	h.note("DU1", "U1", "pump at 3pm", tsAt(clock.Now(), 1))
	var token []byte
	require.Eventually(t, func() bool {
		cur, err := db.(cursorStore).RadarCursor(h.ctx())
		token = cur.Token
		return err == nil && len(token) > 0
	}, 10*time.Second, 10*time.Millisecond, "the radar keeps its place in the stream")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())

	late := openTestDB(t, h.dir, func() time.Time { return clock.Now().Add(-time.Hour) })
	_, _, err := late.CaptureNote(h.ctx(), bh.NewNote{TeamID: h.team, ChannelID: "DU2", UserID: "U2", RawText: "out of formula", MessageTS: tsAt(clock.Now(), 2)})
	require.NoError(t, err)

	h.launch()
	<-nudgers
	h.radarMessage(clock, "DU2", func(m slacktest.Message) bool { return strings.Contains(m.Text, "formula") })
	clock.Advance(time.Minute)
	radar := 0
	for _, m := range h.fake.Messages("DU2") {
		if m.ThreadTS == "" && !m.Ephemeral && strings.Contains(string(m.Metadata), "babyhandoff_radar_post") {
			radar++
		}
	}
	assert.Equal(t, 1, radar)
	assert.NotContains(t, h.stderr.String(), "cannot resume", "resumed at the saved token")
}
