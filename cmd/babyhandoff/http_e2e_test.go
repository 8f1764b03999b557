package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

const signingSecret = "test-signing-secret-e2e-0123456789"

// httpApp is the program running in HTTP mode against a fake Slack.
type httpApp struct {
	*harness
	url  string
	main *Main
}

// startHTTP runs the real program in HTTP mode: a signing secret, no app
// token, any free port. It returns once the bot is connected and serving.
func startHTTP(t *testing.T) *httpApp {
	t.Helper()
	return startHTTPWith(t, nil)
}

// startHTTPWith is startHTTP with more settings (env) over the defaults;
// setup, when given, adjusts the program too (a test's clock).
func startHTTPWith(t *testing.T, env map[string]string, setup ...func(*Main)) *httpApp {
	t.Helper()
	fake := slacktest.New(slacktest.Config{PingInterval: -1})
	t.Cleanup(fake.Close)
	h := &harness{t: t, fake: fake, dir: t.TempDir(), done: make(chan int, 1), stderr: &syncBuffer{}, stdout: &syncBuffer{}, team: fake.Config().TeamID}
	app := &httpApp{harness: h}
	addr := make(chan net.Addr, 1)
	h.setup = func(m *Main) {
		app.main = m
		m.Listening = func(a net.Addr) { addr <- a }
		for _, f := range setup {
			f(m)
		}
	}
	t.Setenv("SLACK_APP_TOKEN", "")
	t.Setenv("SLACK_SIGNING_SECRET", signingSecret)
	t.Setenv("PORT", "0")
	t.Setenv("SLACK_BOT_TOKEN", fake.Config().BotToken)
	t.Setenv("SLACK_API_URL", fake.APIURL())
	t.Setenv("DATA_DIR", h.dir)
	t.Setenv("MONGODB_URI", "")
	t.Setenv("LOG_LEVEL", "debug")
	for k, v := range env {
		t.Setenv(k, v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- runBot(ctx, h.stderr, unpaced(h.setup)) }()
	t.Cleanup(func() { h.stop() })
	select {
	case a := <-addr:
		app.url = fmt.Sprintf("http://127.0.0.1:%d", a.(*net.TCPAddr).Port)
	case code := <-h.done:
		h.stopped = true
		t.Fatalf("the program stopped (%d); log:\n%s", code, h.stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatalf("not serving within 10 s; log:\n%s", h.stderr.String())
	}
	fake.SetHTTPApp(app.url, signingSecret)
	return app
}

func (a *httpApp) get(path string) int {
	a.t.Helper()
	resp, err := http.Get(a.url + path)
	require.NoError(a.t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// Over HTTP, the same handlers answer as over Socket Mode: a DM note is
// stored once and answered once though Slack retries it, /plan posts a
// card, and a button of the capture reply works.
func TestE2EHTTPModeNoteRetryPlanButton(t *testing.T) {
	a := startHTTP(t)
	assert.Equal(t, http.StatusOK, a.get("/healthz"))
	assert.Equal(t, http.StatusOK, a.get("/readyz"))

	const ts = "1700000000.000100"
	ev, resp, err := a.fake.PostEvent(a.ctx(), map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1",
		"text": "deadline: daycare form due tomorrow 5pm", "ts": ts, "event_ts": ts}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status, "acked once stored; log:\n%s", a.stderr.String())
	a.replyTo("D1", ts)

	// Slack did not hear the answer in time and retries: acked, not stored
	// or answered again.
	resp, err = a.fake.PostSigned(a.ctx(), "/slack/events", "application/json", ev.Body, slacktest.HTTPOptions{RetryNum: 1, RetryReason: "http_timeout"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Contains(t, a.stderr.String(), "retry_num=1")
	assert.Contains(t, a.stderr.String(), "retried event already handled")

	// The capture reply's Undo, pressed over /slack/interactivity.
	reply := a.replyMessage("D1", ts)
	noteID := noteIDOf(t, reply.Blocks)
	resp, err = a.fake.PostInteraction(a.ctx(), map[string]any{"type": "block_actions", "team": map[string]any{"id": a.team},
		"user": map[string]any{"id": "U1", "team_id": a.team}, "channel": map[string]any{"id": "D1"}, "trigger_id": "1.2.3",
		"container": map[string]any{"type": "message", "message_ts": reply.TS, "channel_id": "D1"},
		"message":   map[string]any{"ts": reply.TS, "type": "message"},
		"actions":   []any{map[string]any{"type": "button", "action_id": "note_undo", "block_id": "b", "value": noteID, "action_ts": "1.1"}}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	_, err = a.fake.WaitMessage(a.ctx(), func(m slacktest.Message) bool { return m.TS == reply.TS && strings.Contains(m.Text, "removed") })
	require.NoError(t, err, "Undo did not remove the note; log:\n%s", a.stderr.String())

	// /plan over /slack/commands: acked at once, the card follows.
	_, resp, err = a.fake.PostEvent(a.ctx(), map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1",
		"text": "pump at 3pm", "ts": "1700000000.000200", "event_ts": "1700000000.000200"}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	resp, err = a.fake.PostCommand(a.ctx(), url.Values{"command": {"/plan"}, "text": {""}, "channel_id": {"D1"}, "user_id": {"U1"}, "user_name": {"parent"}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Empty(t, resp.Body, "a command's ack says nothing: the card is posted")
	a.waitCard("D1", "v1 · ")

	replies := 0
	for _, m := range a.fake.Messages("D1") {
		if m.ThreadTS == ts && !m.Ephemeral {
			replies++
		}
	}
	assert.Equal(t, 1, replies, "one capture reply despite the retry")
	notes := a.notes("D1", true)
	require.Len(t, notes, 2, "stored once despite the retry")
	assert.True(t, notes[0].Deleted() || notes[1].Deleted(), "Undo removed the first")
}

// A forged request reaches nothing: 401, and nothing is stored.
func TestE2EHTTPModeRefusesForgedRequests(t *testing.T) {
	a := startHTTP(t)
	for _, o := range []slacktest.HTTPOptions{{Secret: "forged"}, {Unsigned: true}, {Timestamp: time.Now().Add(-10 * time.Minute)}} {
		_, resp, err := a.fake.PostEvent(a.ctx(), map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1",
			"text": "forged note", "ts": "1700000000.000300", "event_ts": "1700000000.000300"}, o)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, resp.Status)
	}
	assert.NotContains(t, a.stderr.String(), "forged note", "a refused body is never logged")
	assert.Empty(t, a.notes("D1", true), "nothing stored")
}

// /readyz says whether the database answers: it fails once it is closed,
// while /healthz (the process is alive) does not.
func TestE2EHTTPModeReadyzFollowsTheDatabase(t *testing.T) {
	a := startHTTP(t)
	require.Equal(t, http.StatusOK, a.get("/readyz"))
	require.NoError(t, a.main.Close())
	assert.Equal(t, http.StatusServiceUnavailable, a.get("/readyz"))
	assert.Equal(t, http.StatusOK, a.get("/healthz"))
}
