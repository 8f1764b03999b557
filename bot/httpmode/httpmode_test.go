package httpmode_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/httpmode"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

const secret = "8f742231b10e8888abcd99yyyzzz85a5"

// fakeBot records what it is handed and acks with ack (never when hold).
type fakeBot struct {
	mu    sync.Mutex
	got   []socketmode.Event
	seen  map[string]bool
	asked int
	ping  error
	ack   any
	hold  bool
}

func (f *fakeBot) Deliver(evt socketmode.Event, answer func(any)) (func(), bool) {
	f.mu.Lock()
	f.got = append(f.got, evt)
	hold, ack := f.hold, f.ack
	f.mu.Unlock()
	if !hold {
		answer(ack)
	}
	return func() {}, true
}

func (f *fakeBot) EventSeen(_ context.Context, _, eventID string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	return f.seen[eventID], nil
}

func (f *fakeBot) MarkEvent(_ context.Context, _, eventID string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	first := !f.seen[eventID]
	f.seen[eventID] = true
	return first, nil
}

func (f *fakeBot) Ping(context.Context) error { return f.ping }

func (f *fakeBot) events() []socketmode.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]socketmode.Event(nil), f.got...)
}

type rig struct {
	fake *slacktest.Server
	bot  *fakeBot
	log  *bytes.Buffer
	url  string
}

func newRig(t *testing.T, mutate ...func(*httpmode.Config)) *rig {
	t.Helper()
	r := &rig{fake: slacktest.New(slacktest.Config{PingInterval: -1}), bot: &fakeBot{seen: map[string]bool{}}, log: &bytes.Buffer{}}
	t.Cleanup(r.fake.Close)
	cfg := httpmode.Config{SigningSecret: secret, Envelopes: r.bot, Events: r.bot, Database: r.bot,
		Logger: slog.New(slog.NewTextHandler(&lockedWriter{w: r.log}, nil))}
	for _, m := range mutate {
		m(&cfg)
	}
	srv, err := httpmode.New(cfg)
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	r.url = ts.URL
	r.fake.SetHTTPApp(ts.URL, secret)
	return r
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func dm(text string) map[string]any {
	return map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": text, "ts": "1.000001"}
}

// A request is routed only with a good signature: a wrong secret, none, or
// one outside the 5-minute window (a replay) gets 401, a log line without
// the body, and nothing reaches the bot or the store.
func TestSignatures(t *testing.T) {
	for name, tc := range map[string]struct {
		o    slacktest.HTTPOptions
		want int
	}{
		"good":                   {slacktest.HTTPOptions{}, http.StatusOK},
		"good, 4 minutes old":    {slacktest.HTTPOptions{Timestamp: time.Now().Add(-4 * time.Minute)}, http.StatusOK},
		"wrong secret":           {slacktest.HTTPOptions{Secret: "not-the-secret"}, http.StatusUnauthorized},
		"missing":                {slacktest.HTTPOptions{Unsigned: true}, http.StatusUnauthorized},
		"replayed (6 min old)":   {slacktest.HTTPOptions{Timestamp: time.Now().Add(-6 * time.Minute)}, http.StatusUnauthorized},
		"from the future (+6 m)": {slacktest.HTTPOptions{Timestamp: time.Now().Add(6 * time.Minute)}, http.StatusUnauthorized},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRig(t)
			_, resp, err := r.fake.PostEvent(ctx(t), dm("secret family note"), tc.o)
			require.NoError(t, err)
			assert.Equal(t, tc.want, resp.Status)
			c, err := r.fake.PostCommand(ctx(t), url.Values{"command": {"/plan"}, "text": {"secret family note"}}, tc.o)
			require.NoError(t, err)
			assert.Equal(t, tc.want, c.Status)
			i, err := r.fake.PostInteraction(ctx(t), map[string]any{"type": "block_actions", "user": map[string]any{"id": "U1"}}, tc.o)
			require.NoError(t, err)
			assert.Equal(t, tc.want, i.Status)
			if tc.want == http.StatusOK {
				assert.Len(t, r.bot.events(), 3)
				return
			}
			assert.Empty(t, r.bot.events(), "nothing of a refused request is routed")
			assert.Zero(t, r.bot.asked, "nor looked up")
			assert.Empty(t, r.bot.seen, "nor marked")
			assert.Contains(t, r.log.String(), "bad signature")
			assert.NotContains(t, r.log.String(), "secret family note", "the body is never logged")
		})
	}
}

// A body changed after signing is refused.
func TestTamperedBodyIsRefused(t *testing.T) {
	r := newRig(t)
	body := []byte(`{"type":"event_callback","event":{"type":"message"}}`)
	ts, sig := slacktest.Sign(secret, time.Now(), body)
	req, err := http.NewRequest(http.MethodPost, r.url+"/slack/events", bytes.NewReader(append(body, ' ')))
	require.NoError(t, err)
	req.Header.Set("X-Slack-Request-Timestamp", ts)
	req.Header.Set("X-Slack-Signature", sig)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	assert.Empty(t, r.bot.events())
}

func TestURLVerification(t *testing.T) {
	r := newRig(t)
	body := []byte(`{"token":"x","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}`)
	resp, err := r.fake.PostSigned(ctx(t), "/slack/events", "application/json", body, slacktest.HTTPOptions{})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Equal(t, "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", string(resp.Body))
	assert.Empty(t, r.bot.events())

	resp, err = r.fake.PostSigned(ctx(t), "/slack/events", "application/json", body, slacktest.HTTPOptions{Secret: "forged"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, resp.Status, "the challenge is signed too")
	assert.NotContains(t, string(resp.Body), "3eZbrw")
}

// Each kind of request becomes the envelope the socket loop would make.
func TestRequestsBecomeSocketEnvelopes(t *testing.T) {
	r := newRig(t)
	ev, resp, err := r.fake.PostEvent(ctx(t), dm("milk at 5"), slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	c, err := r.fake.PostCommand(ctx(t), url.Values{"command": {"/plan"}, "text": {"tonight"}, "user_id": {"U1"}, "channel_id": {"D1"}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, c.Status)
	i, err := r.fake.PostInteraction(ctx(t), map[string]any{"type": "block_actions", "user": map[string]any{"id": "U1"},
		"actions": []any{map[string]any{"action_id": "note_undo", "block_id": "b", "value": "n1"}}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, i.Status)

	got := r.bot.events()
	require.Len(t, got, 3)
	assert.Equal(t, socketmode.EventTypeEventsAPI, got[0].Type)
	api := got[0].Data.(slackevents.EventsAPIEvent)
	assert.Equal(t, ev.ID, api.Data.(*slackevents.EventsAPICallbackEvent).EventID)
	assert.Equal(t, "milk at 5", api.InnerEvent.Data.(*slackevents.MessageEvent).Text)
	assert.Zero(t, got[0].Request.RetryAttempt)

	assert.Equal(t, socketmode.EventTypeSlashCommand, got[1].Type)
	cmd := got[1].Data.(slack.SlashCommand)
	assert.Equal(t, "/plan", cmd.Command)
	assert.Equal(t, "tonight", cmd.Text)
	assert.Equal(t, "U1", cmd.UserID)

	assert.Equal(t, socketmode.EventTypeInteractive, got[2].Type)
	cb := got[2].Data.(slack.InteractionCallback)
	assert.Equal(t, slack.InteractionTypeBlockActions, cb.Type)
	require.Len(t, cb.ActionCallback.BlockActions, 1)
	assert.Equal(t, "note_undo", cb.ActionCallback.BlockActions[0].ActionID)
}

// An acked event is marked in the store's event ids; a retry is logged
// with its number, and one of a marked event (acked here or by another
// process, its answer lost) is acked without being routed again. An event
// not acked (503) is not marked: its retry is routed, with its number (the
// last one is told apart, as in Socket Mode).
func TestRetries(t *testing.T) {
	r := newRig(t, func(c *httpmode.Config) { c.AckTimeout = time.Millisecond })
	r.bot.hold = true
	ev, resp, err := r.fake.PostEvent(ctx(t), dm("milk at 5"), slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusServiceUnavailable, resp.Status, "not stored in time")
	r.bot.mu.Lock()
	assert.False(t, r.bot.seen[ev.ID], "not acked, not marked")
	r.bot.hold = false
	r.bot.mu.Unlock()

	resp, err = r.fake.PostSigned(ctx(t), "/slack/events", "application/json", ev.Body, slacktest.HTTPOptions{RetryNum: 1, RetryReason: "http_timeout"})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	require.Len(t, r.bot.events(), 2, "not handled yet: routed again")
	assert.Equal(t, 1, r.bot.events()[1].Request.RetryAttempt)
	assert.Equal(t, "http_timeout", r.bot.events()[1].Request.RetryReason)
	r.bot.mu.Lock()
	assert.True(t, r.bot.seen[ev.ID], "acked: marked")
	r.bot.mu.Unlock()

	resp, err = r.fake.PostSigned(ctx(t), "/slack/events", "application/json", ev.Body, slacktest.HTTPOptions{RetryNum: 2, RetryReason: "http_error"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Len(t, r.bot.events(), 2, "handled: acked, not routed")
	assert.Contains(t, r.log.String(), "retry_num=2")
	assert.Contains(t, r.log.String(), "retried event already handled")
}

// A modal's validation errors travel in the ack: they are the response.
func TestAckPayloadIsTheResponse(t *testing.T) {
	r := newRig(t)
	r.bot.ack = map[string]any{"response_action": "errors", "errors": map[string]string{"note": "Write something"}}
	resp, err := r.fake.PostInteraction(ctx(t), map[string]any{"type": "view_submission", "user": map[string]any{"id": "U1"}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.JSONEq(t, `{"response_action":"errors","errors":{"note":"Write something"}}`, string(resp.Body))
}

// A note not stored is not acked: the request is answered 503 so that
// Slack delivers it again.
func TestNotAckedAsksForRedelivery(t *testing.T) {
	r := newRig(t, func(c *httpmode.Config) { c.AckTimeout = time.Millisecond })
	r.bot.hold = true
	_, resp, err := r.fake.PostEvent(ctx(t), dm("milk at 5"), slacktest.HTTPOptions{})
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, resp.Status)
}

func TestHealthAndReadiness(t *testing.T) {
	ready := make(chan struct{})
	r := newRig(t, func(c *httpmode.Config) { c.Ready = ready })
	get := func(path string) int {
		resp, err := http.Get(r.url + path)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, get("/healthz"))
	assert.Equal(t, http.StatusServiceUnavailable, get("/readyz"), "not connected yet")
	close(ready)
	assert.Equal(t, http.StatusOK, get("/readyz"))
	r.bot.ping = errors.New("closed")
	assert.Equal(t, http.StatusServiceUnavailable, get("/readyz"))
	assert.Equal(t, http.StatusOK, get("/healthz"), "alive all the same")
}
