package slacktest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClientConnectsAndGetsHello(t *testing.T) {
	s := newServer(t, Config{})
	c := startClient(t, s, nil)
	hello := c.waitEvent(t, func(e socketmode.Event) bool { return e.Type == socketmode.EventTypeHello })
	assert.Equal(t, "A0FAKE", hello.Request.ConnectionInfo.AppID)
	assert.Equal(t, 1, hello.Request.NumConnections)
	assert.Equal(t, "fake", hello.Request.DebugInfo.Host)
	assert.Equal(t, 1, s.Connections())
	assert.Equal(t, 1, s.ConnectCount())
	assert.Contains(t, s.Origins(), "https://api.slack.com")
	calls := s.Calls("apps.connections.open")
	require.Len(t, calls, 1)
	assert.Equal(t, s.Config().AppToken, calls[0].Token)
}

// openRaw performs apps.connections.open by hand and returns the socket URL.
func openRaw(t *testing.T, s *Server, token string) map[string]any {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.APIURL()+"apps.connections.open", nil)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var body map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	return body
}

func TestAppsConnectionsOpenNeedsTheAppToken(t *testing.T) {
	s := newServer(t, Config{})
	for name, token := range map[string]string{"missing": "", "bot token": s.Config().BotToken, "wrong": "xapp-wrong"} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, map[string]any{"ok": false, "error": "invalid_auth"}, openRaw(t, s, token))
		})
	}
	body := openRaw(t, s, s.Config().AppToken)
	assert.Equal(t, true, body["ok"])
	assert.Regexp(t, `^ws://127\.0\.0\.1:\d+/link/\?ticket=\d+$`, body["url"])
}

func TestRawProtocolHelloPingsAndSingleUseTickets(t *testing.T) {
	s := newServer(t, Config{PingInterval: 20 * time.Millisecond})
	u := openRaw(t, s, s.Config().AppToken)["url"].(string)
	header := http.Header{"Origin": {"https://example.test"}}
	ws, _, err := websocket.DefaultDialer.Dial(u, header)
	require.NoError(t, err)
	defer ws.Close()

	_, data, err := ws.ReadMessage()
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"hello","num_connections":1,"debug_info":{"host":"fake","approximate_connection_time":18060},"connection_info":{"app_id":"A0FAKE"}}`, string(data))
	assert.Equal(t, []string{"https://example.test"}, s.Origins())

	pinged := make(chan struct{}, 1)
	ws.SetPingHandler(func(string) error {
		select {
		case pinged <- struct{}{}:
		default:
		}
		return nil
	})
	go func() {
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}()
	ctx := ctxFor(t)
	for i := 0; i < 3; i++ { // pings keep coming
		select {
		case <-pinged:
		case <-ctx.Done():
			t.Fatal("no ping")
		}
	}

	// A ticket works once, as Slack's do.
	_, resp, err := websocket.DefaultDialer.Dial(u, nil)
	require.Error(t, err)
	require.NotNil(t, resp)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

func TestRawAcksAreRecordedWithLatency(t *testing.T) {
	s := newServer(t, Config{})
	u := openRaw(t, s, s.Config().AppToken)["url"].(string)
	ws, _, err := websocket.DefaultDialer.Dial(u, nil)
	require.NoError(t, err)
	defer ws.Close()
	_, _, err = ws.ReadMessage() // hello
	require.NoError(t, err)

	id, err := s.Send(ctxFor(t), Envelope{Type: "slash_commands", Payload: json.RawMessage(`{"command":"/x"}`), AcceptsResponsePayload: true})
	require.NoError(t, err)
	_, data, err := ws.ReadMessage()
	require.NoError(t, err)
	var env map[string]any
	require.NoError(t, json.Unmarshal(data, &env))
	assert.Equal(t, id, env["envelope_id"])
	assert.Equal(t, true, env["accepts_response_payload"])
	assert.NotContains(t, env, "retry_attempt", "only events_api envelopes carry retry fields")
	assert.Equal(t, []string{id}, s.Unacked())

	require.NoError(t, ws.WriteMessage(websocket.TextMessage, []byte("garbage")))
	require.NoError(t, ws.WriteMessage(websocket.TextMessage, []byte(`{"envelope_id":"`+id+`","payload":{"text":"ok"}}`)))
	a, err := s.WaitAck(ctxFor(t), id)
	require.NoError(t, err)
	assert.JSONEq(t, `{"text":"ok"}`, string(a.Payload))
	assert.Positive(t, a.Latency)
	assert.Empty(t, s.Unacked())
	assert.Len(t, s.Acks(), 1)
}

func TestEveryFixtureEnvelopeParsesAndIsAcked(t *testing.T) {
	dir := fixturesDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "envelope_*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	s := newServer(t, Config{})
	c := startClient(t, s, nil)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			id, err := s.SendFixture(ctxFor(t), f, nil)
			require.NoError(t, err)
			a, err := s.WaitAck(ctxFor(t), id)
			require.NoError(t, err)
			assert.Empty(t, a.Payload)
			got := c.waitEvent(t, requestWith(id))
			var raw map[string]any
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(data, &raw))
			assert.Equal(t, raw["type"], string(got.Type))
		})
	}
	assert.Empty(t, c.eventsOf(socketmode.EventTypeErrorBadMessage))
}

func TestSendFixtureMutates(t *testing.T) {
	dir := fixturesDir(t)
	s := newServer(t, Config{})
	c := startClient(t, s, nil)
	id, err := s.SendFixture(ctxFor(t), filepath.Join(dir, "envelope_events_api_app_mention.json"), func(m map[string]any) {
		ev := m["payload"].(map[string]any)["event"].(map[string]any)
		ev["text"] = "<@U0BOT> hi"
		ev["channel"] = "C77"
	})
	require.NoError(t, err)
	assert.NotEqual(t, "c67a03d0-4094-4744-90ca-d286e00a3ab1", id, "a fresh envelope id")
	got := c.waitEvent(t, requestWith(id))
	api := got.Data.(slackevents.EventsAPIEvent)
	mention := api.InnerEvent.Data.(*slackevents.AppMentionEvent)
	assert.Equal(t, "C77", mention.Channel)
	assert.Equal(t, "<@U0BOT> hi", mention.Text)
}

func TestSendEventBuildsAFullCallback(t *testing.T) {
	s := newServer(t, Config{TeamID: "T1"})
	c := startClient(t, s, nil)
	event := map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "hi", "ts": "1.000100", "_event_id": "EvMINE"}
	id, err := s.SendEvent(ctxFor(t), event)
	require.NoError(t, err)
	assert.Contains(t, event, "_event_id", "the caller's map is left alone")
	_, err = s.WaitAck(ctxFor(t), id)
	require.NoError(t, err)

	got := c.waitEvent(t, requestWith(id))
	var p map[string]any
	require.NoError(t, json.Unmarshal(got.Request.Payload, &p))
	assert.Equal(t, "event_callback", p["type"])
	assert.Equal(t, "EvMINE", p["event_id"])
	assert.Equal(t, "T1", p["team_id"])
	assert.Equal(t, "A0FAKE", p["api_app_id"])
	assert.NotEmpty(t, p["token"])
	assert.NotZero(t, p["event_time"])
	assert.NotContains(t, p["event"], "_event_id")
	assert.Equal(t, []any{map[string]any{"enterprise_id": nil, "team_id": "T1", "user_id": "U0BOT", "is_bot": true, "is_enterprise_install": false}}, p["authorizations"])
	msg := got.Data.(slackevents.EventsAPIEvent).InnerEvent.Data.(*slackevents.MessageEvent)
	assert.Equal(t, "hi", msg.Text)

	// Without _event_id, every event gets its own id.
	id2, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "a"})
	require.NoError(t, err)
	id3, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "b"})
	require.NoError(t, err)
	e2, e3 := c.waitEvent(t, requestWith(id2)), c.waitEvent(t, requestWith(id3))
	eventID := func(e socketmode.Event) string {
		return e.Data.(slackevents.EventsAPIEvent).Data.(*slackevents.EventsAPICallbackEvent).EventID
	}
	assert.True(t, strings.HasPrefix(eventID(e2), "Ev"))
	assert.NotEqual(t, eventID(e2), eventID(e3))
}

func TestReconnects(t *testing.T) {
	for name, cut := range map[string]func(*Server){
		"disconnect warning": func(s *Server) { s.Disconnect("warning") },
		"dropped tcp":        (*Server).DropConnections,
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, Config{})
			c := startClient(t, s, nil)
			cut(s)
			require.NoError(t, s.WaitConnections(ctxFor(t), 2))
			assert.Equal(t, 2, s.ConnectCount())
			id, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "after"})
			require.NoError(t, err)
			_, err = s.WaitAck(ctxFor(t), id)
			require.NoError(t, err)
			c.waitEvent(t, requestWith(id))
			assert.Len(t, c.eventsOf(socketmode.EventTypeHello), 2)
		})
	}
}

func TestDisconnectFrameShape(t *testing.T) {
	s := newServer(t, Config{DisconnectGrace: 50 * time.Millisecond})
	u := openRaw(t, s, s.Config().AppToken)["url"].(string)
	ws, _, err := websocket.DefaultDialer.Dial(u, nil)
	require.NoError(t, err)
	defer ws.Close()
	_, _, err = ws.ReadMessage() // hello
	require.NoError(t, err)
	s.Disconnect("refresh_requested")
	_, data, err := ws.ReadMessage()
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"disconnect","reason":"refresh_requested","debug_info":{"host":"fake"}}`, string(data))
	assert.Equal(t, 0, s.Connections(), "a connection told to disconnect gets no more envelopes")
	// The client does not close it, so the server does after the grace period.
	_, _, err = ws.ReadMessage()
	require.Error(t, err)
}

func TestRedeliverOnReconnect(t *testing.T) {
	s := newServer(t, Config{RedeliverOnReconnect: true})
	// The bot "crashes" before acking the first delivery.
	c := startClient(t, s, func(r *socketmode.Request) bool { return r.RetryAttempt == 0 })
	id, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "lost", "_event_id": "EvLOST"})
	require.NoError(t, err)
	c.waitEvent(t, requestWith(id))
	assert.Equal(t, []string{id}, s.Unacked())

	s.DropConnections()
	again := c.waitEvent(t, func(e socketmode.Event) bool {
		return e.Request != nil && e.Request.Type == "events_api" && e.Request.RetryAttempt == 1
	})
	assert.Equal(t, "timeout", again.Request.RetryReason)
	assert.NotEqual(t, id, again.Request.EnvelopeID)
	cb := again.Data.(slackevents.EventsAPIEvent).Data.(*slackevents.EventsAPICallbackEvent)
	assert.Equal(t, "EvLOST", cb.EventID)
	_, err = s.WaitAck(ctxFor(t), again.Request.EnvelopeID)
	require.NoError(t, err)
	assert.Empty(t, s.Unacked(), "the redelivery stands for the lost envelope")
	assert.Equal(t, 2, s.ConnectCount())
}

func TestRedeliverOnReconnectAfterDisconnect(t *testing.T) {
	s := newServer(t, Config{RedeliverOnReconnect: true})
	c := startClient(t, s, func(r *socketmode.Request) bool { return r.RetryAttempt == 0 })
	id, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "x", "_event_id": "EvD"})
	require.NoError(t, err)
	c.waitEvent(t, requestWith(id))
	s.Disconnect("warning")
	again := c.waitEvent(t, func(e socketmode.Event) bool { return e.Request != nil && e.Request.RetryAttempt == 1 })
	_, err = s.WaitAck(ctxFor(t), again.Request.EnvelopeID)
	require.NoError(t, err)
}

func TestRedeliverByHand(t *testing.T) {
	s := newServer(t, Config{})
	c := startClient(t, s, nil)
	id, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "x", "_event_id": "EvTWICE"})
	require.NoError(t, err)
	first, err := s.WaitAck(ctxFor(t), id)
	require.NoError(t, err)
	assert.Positive(t, first.Latency)

	id2, err := s.Redeliver(ctxFor(t), id, "timeout")
	require.NoError(t, err)
	assert.NotEqual(t, id, id2)
	_, err = s.WaitAck(ctxFor(t), id2)
	require.NoError(t, err)
	e := c.waitEvent(t, requestWith(id2))
	assert.Equal(t, 1, e.Request.RetryAttempt)
	assert.Equal(t, "timeout", e.Request.RetryReason)
	assert.Equal(t, "EvTWICE", e.Data.(slackevents.EventsAPIEvent).Data.(*slackevents.EventsAPICallbackEvent).EventID)

	_, err = s.Redeliver(ctxFor(t), "nope", "timeout")
	assert.Error(t, err)
}

func TestUnackedListsOnlyAckableEnvelopes(t *testing.T) {
	s := newServer(t, Config{})
	c := startClient(t, s, func(r *socketmode.Request) bool { return r.Type == "slash_commands" })
	cmd, err := s.Send(ctxFor(t), Envelope{Type: "slash_commands", Payload: json.RawMessage(`{"command":"/plan","user_id":"U1"}`), AcceptsResponsePayload: true})
	require.NoError(t, err)
	ev, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "x"})
	require.NoError(t, err)
	_, err = s.WaitAck(ctxFor(t), ev)
	require.NoError(t, err)
	c.waitEvent(t, requestWith(cmd))
	assert.Equal(t, []string{cmd}, s.Unacked())
}

func TestSendRawReachesTheClient(t *testing.T) {
	s := newServer(t, Config{})
	c := startClient(t, s, nil)
	require.NoError(t, s.SendRaw(ctxFor(t), []byte(`{"envelope_id":"bad-2","type":"something_new","payload":{}}`)))
	bad := c.waitEvent(t, func(e socketmode.Event) bool { return e.Type == socketmode.EventTypeErrorBadMessage })
	assert.Contains(t, string(bad.Data.(*socketmode.ErrorBadMessage).Message), "bad-2")
	assert.Empty(t, s.Unacked(), "raw frames are not tracked as owed")
	// The connection survives malformed input.
	id, err := s.SendEvent(ctxFor(t), map[string]any{"type": "message", "text": "x"})
	require.NoError(t, err)
	_, err = s.WaitAck(ctxFor(t), id)
	require.NoError(t, err)
}

func TestWithoutPingsTheClientReconnects(t *testing.T) {
	for name, cfg := range map[string]Config{
		"disabled":     {PingInterval: -1},
		"switched off": {PingInterval: 20 * time.Millisecond},
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, cfg)
			s.SetPings(false)
			startClient(t, s, nil, socketmode.OptionPingInterval(200*time.Millisecond))
			require.NoError(t, s.WaitConnections(ctxFor(t), 2))
		})
	}
}

func TestSendWaitsForAConnection(t *testing.T) {
	s := newServer(t, Config{})
	done := make(chan error, 1)
	var id string
	ctx := ctxFor(t)
	go func() {
		var err error
		id, err = s.SendEvent(ctx, map[string]any{"type": "message", "text": "early"})
		done <- err
	}()
	c := startClient(t, s, nil)
	require.NoError(t, <-done)
	c.waitEvent(t, requestWith(id))
}

func TestCloseIsIdempotentAndEndsWaits(t *testing.T) {
	s := New(Config{})
	s.Close()
	s.Close()
	_, err := s.WaitAck(ctxFor(t), "x")
	assert.ErrorIs(t, err, ErrClosed)
	_, err = s.SendEvent(ctxFor(t), map[string]any{"type": "message"})
	assert.ErrorIs(t, err, ErrClosed)
	_, err = url.Parse(s.APIURL())
	assert.NoError(t, err)
}
