// Package slacktest is a fake Slack for tests and benchmarks of a Socket Mode
// bot built on slack-go. It speaks the real Socket Mode protocol on loopback
// (apps.connections.open, a WebSocket with hello, pings, envelopes, acks and
// disconnects) and serves the Web API methods the bot calls, recording every
// call, message, view and file so that a test can wait for what it expects
// instead of sleeping. Its answers are built from slack-go's own response
// types, so their shapes are the ones the client decodes.
//
// It deliberately does not import testing: a benchmark command drives it too.
package slacktest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Config sets up a Server. Zero values take the defaults listed per field.
type Config struct {
	// AppToken is the app-level token apps.connections.open accepts
	// (default "xapp-fake-app-token"); BotToken is the token every other
	// method accepts (default "xoxb-fake-bot-token"). Both are obviously fake
	// on purpose so that secret scanners never flag them.
	AppToken, BotToken string
	TeamID             string // default "T0FAKE"
	BotUserID          string // default "U0BOT"
	BotID              string // default "B0BOT"
	AppID              string // default "A0FAKE"
	// PingInterval is how often each connection gets a WebSocket PING; the
	// client reconnects when they stop. Default 5s; <0 disables pings.
	PingInterval time.Duration
	// RedeliverOnReconnect re-sends every unacked events_api envelope whose
	// connection went away (closed or told to disconnect) on a newly opened
	// connection, with retry_attempt+1 and retry_reason "timeout", as Slack
	// does after a lost delivery.
	RedeliverOnReconnect bool
	// DisconnectGrace is how long Disconnect waits for the client to close a
	// connection by itself before closing it (default 1s).
	DisconnectGrace time.Duration
	// Logger receives debug logs of the traffic; nil discards them.
	Logger *slog.Logger
}

func (c Config) withDefaults() Config {
	def := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	def(&c.AppToken, "xapp-fake-app-token")
	def(&c.BotToken, "xoxb-fake-bot-token")
	def(&c.TeamID, "T0FAKE")
	def(&c.BotUserID, "U0BOT")
	def(&c.BotID, "B0BOT")
	def(&c.AppID, "A0FAKE")
	if c.PingInterval == 0 {
		c.PingInterval = 5 * time.Second
	}
	if c.DisconnectGrace <= 0 {
		c.DisconnectGrace = time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// ErrClosed is returned by the Wait and Send methods once the server is closed.
var ErrClosed = errors.New("slacktest: server closed")

// Server is a fake Slack. All its methods are safe for concurrent use.
type Server struct {
	cfg    Config
	log    *slog.Logger
	http   *httptest.Server
	base   string // http://127.0.0.1:PORT
	idBase string // random per server, so ids never collide across servers
	ctx    context.Context
	cancel context.CancelFunc
	pings  atomic.Bool
	once   sync.Once
	wg     sync.WaitGroup // background goroutines, so Close leaves none behind

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every state change
	closed  bool
	seq     int64 // for generated ids

	// Socket Mode
	tickets      map[string]bool
	conns        []*wsConn // open, in connect order
	rr           int
	connectCount int
	origins      []string
	sent         map[string]*delivery
	sentOrder    []*delivery
	acks         []Ack
	firstAck     map[string]int

	// Web API
	calls     []Call
	failures  map[string][]Failure
	messages  map[msgKey]*Message
	msgOrder  map[string][]string // channel → ts in post order
	history   []Message           // every message state, for WaitMessage
	lastTS    int64               // microseconds of the last ts handed out
	views     []*View
	viewByID  map[string]*View
	home      map[string]*View // user → home view
	files     []*File
	fileByID  map[string]*File
	users     map[string]User
	channels  map[string]Channel
	openedIMs map[string]bool

	// Installs by OAuth (oauth.go)
	oauth oauthState

	// HTTP mode (http.go)
	appURL, appSecret string
}

// New starts a fake Slack listening on 127.0.0.1 with a random port.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	s := &Server{
		cfg:       cfg,
		log:       cfg.Logger,
		idBase:    strings.ToUpper(hex.EncodeToString(rnd[:])),
		changed:   make(chan struct{}),
		tickets:   map[string]bool{},
		sent:      map[string]*delivery{},
		firstAck:  map[string]int{},
		failures:  map[string][]Failure{},
		messages:  map[msgKey]*Message{},
		msgOrder:  map[string][]string{},
		viewByID:  map[string]*View{},
		home:      map[string]*View{},
		fileByID:  map[string]*File{},
		users:     map[string]User{},
		channels:  map[string]Channel{},
		openedIMs: map[string]bool{},
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.pings.Store(true)
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", s.handleAPI)
	mux.HandleFunc("/link/", s.handleLink)
	mux.HandleFunc("/upload/", s.handleUpload)
	mux.HandleFunc("/response/", s.handleResponse)
	s.http = httptest.NewUnstartedServer(mux)
	s.http.Listener = stampListener{s.http.Listener}
	s.http.Start()
	s.base = s.http.URL
	return s
}

// Close closes every WebSocket connection and the listener. It is idempotent.
func (s *Server) Close() {
	s.once.Do(func() {
		s.mu.Lock()
		s.closed = true
		conns := append([]*wsConn(nil), s.conns...)
		s.notifyLocked()
		s.mu.Unlock()
		s.cancel()
		for _, wc := range conns {
			s.closeConn(wc)
		}
		s.http.Close()
		s.wg.Wait()
	})
}

// APIURL is the Web API base with a trailing slash, for slack.OptionAPIURL.
func (s *Server) APIURL() string { return s.base + "/api/" }

// ResponseURL is a response_url for an interaction or a command: what is
// posted to it is recorded as a call of the method "response_url", its
// JSON body as Slack reads it (text, replace_original, ...).
func (s *Server) ResponseURL(name string) string { return s.base + "/response/" + name }

func (s *Server) handleResponse(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "invalid_payload", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.calls = append(s.calls, Call{Method: "response_url", JSON: body, At: time.Now()})
	s.notifyLocked()
	s.mu.Unlock()
	_, _ = w.Write([]byte("ok"))
}

// Config returns the configuration with the defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// notifyLocked wakes every waiter; s.mu must be held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitFor blocks until check (called with s.mu held) is true.
func (s *Server) waitFor(ctx context.Context, check func() bool) error {
	for {
		s.mu.Lock()
		ok, closed, ch := check(), s.closed, s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		if closed {
			return ErrClosed
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// scan calls match outside the lock on every item that snapshot (called with
// s.mu held) yields from position from on, until one matches. Running match
// unlocked lets it call back into the server without deadlocking.
func scan[T any](ctx context.Context, s *Server, snapshot func(from int) []T, match func(T) bool) (T, error) {
	var zero T
	from := 0
	for {
		s.mu.Lock()
		items, closed, ch := snapshot(from), s.closed, s.changed
		s.mu.Unlock()
		for _, it := range items {
			if match == nil || match(it) {
				return it, nil
			}
		}
		from += len(items)
		if closed {
			return zero, ErrClosed
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return zero, ctx.Err()
		}
	}
}

// spawn runs f in a goroutine Close waits for, unless the server is closed.
func (s *Server) spawn(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

// nextSeqLocked returns a number unique within this server.
func (s *Server) nextSeqLocked() int64 {
	s.seq++
	return s.seq
}

func (s *Server) nextSeq() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextSeqLocked()
}

// newEnvelopeID makes a UUID-shaped id, as Slack's envelope ids are.
func newEnvelopeID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// id makes a Slack-looking id such as "V0FAKE…" that is unique per server and
// across servers.
func (s *Server) id(prefix string) string {
	return fmt.Sprintf("%s%s%06d", prefix, s.idBase, s.nextSeq())
}
