package slacktest

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/require"
)

// waitTimeout bounds every wait in these tests.
const waitTimeout = 10 * time.Second

func ctxFor(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	t.Cleanup(cancel)
	return ctx
}

func newServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	if cfg.Logger == nil && os.Getenv("SLACKTEST_DEBUG") != "" {
		cfg.Logger = slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	s := New(cfg)
	t.Cleanup(s.Close)
	return s
}

// tWriter sends the server's log to the test's log.
type tWriter struct{ t *testing.T }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// fixturesDir is the repository's copy of the captured Slack payloads
// (testdata/slack-fixtures; their sources are in its README).
func fixturesDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "slack-fixtures")
	_, err := os.Stat(dir)
	require.NoError(t, err, "the Slack fixtures are part of the repository")
	return dir
}

// botClient is a real slack-go Socket Mode client, as the bot runs it, that
// records every event and acks requests unless skipAck says otherwise.
type botClient struct {
	api *slack.Client
	sm  *socketmode.Client

	mu      sync.Mutex
	events  []socketmode.Event
	changed chan struct{}
	skipAck func(req *socketmode.Request) bool
}

func startClient(t *testing.T, s *Server, skipAck func(*socketmode.Request) bool, opts ...socketmode.Option) *botClient {
	t.Helper()
	cfg := s.Config()
	api := slack.New(cfg.BotToken, slack.OptionAPIURL(s.APIURL()), slack.OptionAppLevelToken(cfg.AppToken))
	c := &botClient{api: api, sm: socketmode.New(api, opts...), changed: make(chan struct{}), skipAck: skipAck}
	connects := s.ConnectCount()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { _ = c.sm.RunContext(ctx) })
	wg.Go(func() { c.pump(ctx) })
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	require.NoError(t, s.WaitConnections(ctxFor(t), connects+1))
	c.waitEvent(t, func(e socketmode.Event) bool { return e.Type == socketmode.EventTypeHello })
	return c
}

func (c *botClient) pump(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case evt := <-c.sm.Events:
			if r := evt.Request; r != nil && acked[r.Type] && (c.skipAck == nil || !c.skipAck(r)) {
				_ = c.sm.AckCtx(ctx, r.EnvelopeID, nil)
			}
			c.mu.Lock()
			c.events = append(c.events, evt)
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
		}
	}
}

// waitEvent returns the first event, past or future, that match accepts.
func (c *botClient) waitEvent(t *testing.T, match func(socketmode.Event) bool) socketmode.Event {
	t.Helper()
	ctx := ctxFor(t)
	for {
		c.mu.Lock()
		events, ch := append([]socketmode.Event(nil), c.events...), c.changed
		c.mu.Unlock()
		for _, e := range events {
			if match(e) {
				return e
			}
		}
		select {
		case <-ch:
		case <-ctx.Done():
			t.Fatalf("no matching client event; got %d events", len(events))
		}
	}
}

func (c *botClient) eventsOf(typ socketmode.EventType) []socketmode.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []socketmode.Event
	for _, e := range c.events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// requestWith matches a Socket Mode request by envelope id.
func requestWith(id string) func(socketmode.Event) bool {
	return func(e socketmode.Event) bool { return e.Request != nil && e.Request.EnvelopeID == id }
}
