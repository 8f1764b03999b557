// Package bot is BabyHandoff's Slack front: it owns the Socket Mode event
// loop, turns messages into notes, and answers buttons, shortcuts and
// commands.
//
// Acks follow Slack's rules: slash commands and interactions are acked at
// once and worked on after (Slack never retries them); a note event is acked
// only once the note is durably stored, so a crash can never lose an acked
// note (Slack redelivers what was not acked). Work runs on a bounded, tracked
// set of workers that is drained on shutdown.
package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// Config configures New.
type Config struct {
	// BotToken (xoxb-…) and AppToken (xapp-…) are required.
	BotToken string
	AppToken string
	// APIURL is the Web API base, ending in "/". Default https://slack.com/api/.
	APIURL string
	// HTTPClient for the Web API and Socket Mode. Default: a client with a
	// 30 s timeout.
	HTTPClient *http.Client
	// Store is required.
	Store Store
	// API overrides the Web API client (tests). Default: slack-go's client.
	API Slack
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Workers is how many envelopes are worked on at once. Default 8.
	Workers int
	// Queue is how many envelopes may wait for a worker. Default 256. When it
	// is full, note events are left unacked (Slack redelivers them).
	Queue int
	// ShutdownTimeout bounds how long Run waits for in-flight work after its
	// context ends. Default 10 s.
	ShutdownTimeout time.Duration
	// StoreTimeout bounds how long a note may take to be stored before its
	// event is left unacked for Slack to redeliver. Default 2.5 s (Slack
	// expects an ack within 3 s).
	StoreTimeout time.Duration
	// Location reads times in notes ("tomorrow 5pm") when a shift has no
	// zone of its own. Default UTC.
	Location *time.Location
	// Council plans; default council.New with its default agents.
	Council *council.Council
	// TokenBudget is each run's context-pack budget. Default 4000.
	TokenBudget int
	// ExclusiveStore says no other process shares the store (the embedded
	// one is locked): what is left half-done at start-up is a dead
	// process's and is finished at once.
	ExclusiveStore bool
	// Interrupted are runs a stopped process left unfinished (the store's
	// FailInterruptedRuns): their messages are put right at start-up.
	Interrupted []bh.Run
	// PingInterval is how long the socket may go without a server ping
	// before it reconnects. Default 30 s (slack-go's).
	PingInterval time.Duration
	// RecoverEvery is how often, on a store shared with other processes
	// (not ExclusiveStore), the bot looks for plans and files a stopped
	// process left. Default 1 min.
	RecoverEvery time.Duration
	// ZoneLearnt, when set, hears that a shift's time zone was just learnt
	// from a Slack profile: what was read in Location until then (the
	// radar's state) can be read again. Default: nothing.
	ZoneLearnt func(ctx context.Context, teamID, shiftID string)
}

// Bot is a running Slack front.
type Bot struct {
	cfg     Config
	log     *slog.Logger
	api     Slack
	sm      *socketmode.Client
	store   Store
	jobs    chan job
	wg      sync.WaitGroup
	self    identity
	selfMu  sync.RWMutex
	loc     *time.Location
	council *council.Council
	homes   homeRefresh
	// spare bounds the messages sent outside the queue when it is full.
	spare chan struct{}
	// linkDisabled hears Slack's disconnect with reason link_disabled.
	linkDisabled chan struct{}
	// tzSeen holds the shifts whose time zone was looked up.
	tzSeen sync.Map
	// flights keeps one council run per shift at a time.
	flights flights
	// msgLocks serialise the capture of a message with its edits/deletion.
	msgLocks keylock.Locks
}

// identity is who the bot is in the workspace; URL is the workspace's
// address (https://team.slack.com/), the base of message permalinks.
type identity struct{ UserID, BotID, TeamID, URL string }

type job struct {
	name string
	fn   func(ctx context.Context)
}

// New checks cfg and builds a Bot. It does not connect; Run does.
func New(cfg Config) (*Bot, error) {
	if cfg.BotToken == "" || cfg.AppToken == "" {
		return nil, bh.Errorf(bh.EINVALID, "bot: both SLACK_BOT_TOKEN and SLACK_APP_TOKEN are required")
	}
	if cfg.Store == nil {
		return nil, bh.Errorf(bh.EINVALID, "bot: a store is required")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = slack.APIURL
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RecoverEvery <= 0 {
		cfg.RecoverEvery = time.Minute
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 8
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 256
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = 10 * time.Second
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = 2500 * time.Millisecond
	}
	if cfg.TokenBudget <= 0 {
		cfg.TokenBudget = council.DefaultTokenBudget
	}
	if cfg.Council == nil {
		c, err := council.New(council.Config{})
		if err != nil {
			return nil, err
		}
		cfg.Council = c
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = 30 * time.Second
	}
	// Web API calls are retried when Slack says 429 (after its
	// Retry-After), answers 5xx or the connection fails: up to three
	// more times, with backoff, so a busy Slack delays a reply instead of
	// losing it.
	retry := slack.DefaultRetryConfig()
	retry.MaxRetries, retry.RetryAfterDuration, retry.BackoffInitial, retry.BackoffMax = 3, 5*time.Second, 500*time.Millisecond, 5*time.Second
	retry.Handlers = append(slack.AllBuiltinRetryHandlers(retry), slack.NewServerErrorRetryHandler(retry))
	client := slack.New(cfg.BotToken,
		slack.OptionAPIURL(cfg.APIURL),
		slack.OptionAppLevelToken(cfg.AppToken),
		slack.OptionHTTPClient(cfg.HTTPClient),
		slack.OptionRetryConfig(retry),
	)
	b := &Bot{cfg: cfg, log: cfg.Logger, store: cfg.Store, api: cfg.API, loc: cfg.Location, council: cfg.Council}
	if b.api == nil {
		b.api = client
	}
	b.linkDisabled = make(chan struct{}, 1)
	b.spare = make(chan struct{}, 4)
	b.jobs = make(chan job, cfg.Queue)
	b.sm = socketmode.New(client,
		socketmode.OptionPingInterval(cfg.PingInterval),
		// Debug output is the only place slack-go shows a disconnect's
		// reason (it reconnects on every one); the adapter watches it for
		// link_disabled and logs nothing of the frames themselves.
		socketmode.OptionDebug(true),
		socketmode.OptionLog(slogAdapter{l: cfg.Logger, linkDisabled: b.linkDisabled}),
	)
	return b, nil
}

// slogAdapter routes slack-go's own log lines (only printed in debug mode)
// to the one logger.
type slogAdapter struct {
	l            *slog.Logger
	linkDisabled chan<- struct{}
}

const receivedFrame = "Received WebSocket message: "

func (a slogAdapter) Output(_ int, s string) error {
	if frame, ok := strings.CutPrefix(s, receivedFrame); ok {
		// Frames carry people's notes: never logged. Only a disconnect's
		// reason is read.
		if strings.Contains(frame, `"disconnect"`) {
			var d struct{ Type, Reason string }
			if json.Unmarshal([]byte(frame), &d) == nil && d.Type == "disconnect" {
				switch d.Reason {
				case "link_disabled":
					select {
					case a.linkDisabled <- struct{}{}:
					default:
					}
				case "too_many_websockets":
					// slack-go reconnects; a person running many processes
					// must know Slack allows 10 connections an app.
					a.l.Warn("socket mode: Slack says this app has too many Socket Mode connections (at most 10 across all processes); reconnecting")
				}
			}
		}
		return nil
	}
	if strings.Contains(s, "WebSocket message") || strings.Contains(s, "payload") {
		return nil // outgoing frames and acks: people's data too
	}
	a.l.Debug("slack-go", "msg", s)
	return nil
}

// Run connects to Slack and handles envelopes until ctx ends, then stops
// reading, finishes in-flight work (bounded by ShutdownTimeout) and returns
// nil. It returns an error when Slack refuses the tokens.
func (b *Bot) Run(ctx context.Context) error {
	auth, err := b.api.AuthTestContext(ctx)
	if err != nil {
		return fmt.Errorf("bot: check SLACK_BOT_TOKEN with auth.test: %w", slackAuthError(err))
	}
	b.selfMu.Lock()
	b.self = identity{UserID: auth.UserID, BotID: auth.BotID, TeamID: auth.TeamID, URL: auth.URL}
	b.selfMu.Unlock()
	b.log.Info("connected to Slack as the bot", "team", auth.Team, "bot_user", auth.UserID)

	// The socket outlives ctx: in-flight note events still need their acks
	// while the workers drain.
	sockCtx, stopSocket := context.WithCancel(context.WithoutCancel(ctx))
	defer stopSocket()
	sockErr := make(chan error, 1)
	go func() { sockErr <- b.sm.RunContext(sockCtx) }()

	workCtx, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	defer stopWork()
	for i := 0; i < b.cfg.Workers; i++ {
		b.wg.Add(1)
		go b.worker(workCtx)
	}
	b.enqueue("recover runs", b.recoverRuns)
	var recoverTick <-chan time.Time
	if !b.cfg.ExclusiveStore {
		t := time.NewTicker(b.cfg.RecoverEvery)
		defer t.Stop()
		recoverTick = t.C
	}

	var runErr error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case err := <-sockErr:
			if !errors.Is(err, context.Canceled) {
				runErr = fmt.Errorf("bot: socket mode: %w", slackAuthError(err))
			}
			break loop
		case <-b.linkDisabled:
			runErr = errors.New("bot: Slack disabled this app's Socket Mode connections (link_disabled): turn Socket Mode back on under Settings → Socket Mode in the app's settings, then start the bot again")
			break loop
		case <-recoverTick:
			b.enqueue("recover", b.recoverShared)
		case evt := <-b.sm.Events:
			if err := b.dispatch(evt); err != nil {
				runErr = err
				break loop
			}
		}
	}

	// Stop taking work, then let the workers finish what they hold.
	close(b.jobs)
	done := make(chan struct{})
	go func() { b.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(b.cfg.ShutdownTimeout):
		b.log.Warn("shutdown: in-flight work did not finish in time; unacked events will be redelivered by Slack", "timeout", b.cfg.ShutdownTimeout)
		stopWork()
		<-done
	}
	stopSocket()
	return runErr
}

func (b *Bot) worker(ctx context.Context) {
	defer b.wg.Done()
	for j := range b.jobs {
		b.runJob(ctx, j)
	}
}

func (b *Bot) runJob(ctx context.Context, j job) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("bot: a handler panicked; the envelope was dropped", "job", j.name, "panic", fmt.Sprint(r))
		}
	}()
	j.fn(ctx)
}

// enqueue hands work to the pool without blocking the reader. It reports
// false when the queue is full.
// Busy reports whether the work queue is full (new note events are then
// left for Slack to deliver again).
func (b *Bot) Busy() bool { return len(b.jobs) == cap(b.jobs) }

func (b *Bot) enqueue(name string, fn func(ctx context.Context)) bool {
	select {
	case b.jobs <- job{name: name, fn: fn}:
		return true
	default:
		b.log.Warn("bot: work queue full; envelope not taken", "job", name)
		return false
	}
}

func (b *Bot) ack(req *socketmode.Request, payload any) {
	if req == nil || req.EnvelopeID == "" {
		return
	}
	var err error
	if payload != nil {
		err = b.sm.Ack(*req, payload)
	} else {
		err = b.sm.Ack(*req)
	}
	if err != nil {
		b.log.Error("bot: ack failed", "envelope_id", req.EnvelopeID, "err", err)
	}
}

func (b *Bot) identity() identity {
	b.selfMu.RLock()
	defer b.selfMu.RUnlock()
	return b.self
}

// dispatch routes one Socket Mode event. It never blocks on I/O other than
// the ack itself; everything else goes to the workers. A returned error ends
// Run.
func (b *Bot) dispatch(evt socketmode.Event) error {
	switch evt.Type {
	case socketmode.EventTypeConnecting, socketmode.EventTypeConnected, socketmode.EventTypeHello:
		b.log.Debug("socket mode", "state", string(evt.Type))
	case socketmode.EventTypeConnectionError:
		b.log.Warn("socket mode: connection failed; retrying", "err", fmt.Sprint(evt.Data))
	case socketmode.EventTypeInvalidAuth:
		return errors.New("bot: Slack refused SLACK_APP_TOKEN (invalid_auth); create an app-level token with connections:write under Basic Information → App-Level Tokens")
	case socketmode.EventTypeIncomingError:
		b.log.Warn("socket mode: unreadable frame", "err", fmt.Sprint(evt.Data))
	case socketmode.EventTypeErrorBadMessage:
		b.badMessage(evt)
	case socketmode.EventTypeEventsAPI:
		b.eventsAPI(evt)
	case socketmode.EventTypeSlashCommand:
		b.ack(evt.Request, nil)
		cmd, ok := evt.Data.(slack.SlashCommand)
		if !ok {
			return nil
		}
		b.enqueue("command "+cmd.Command, func(ctx context.Context) { b.command(ctx, cmd) })
	case socketmode.EventTypeInteractive:
		b.interactive(evt)
	default:
		if evt.Request != nil {
			b.ack(evt.Request, nil)
		}
		b.log.Debug("socket mode: ignored event", "type", string(evt.Type))
	}
	return nil
}

// badMessage acks an envelope slack-go could not parse: Slack would only
// redeliver the same bytes.
func (b *Bot) badMessage(evt socketmode.Event) {
	bad, ok := evt.Data.(*socketmode.ErrorBadMessage)
	if !ok {
		return
	}
	var env struct {
		EnvelopeID string `json:"envelope_id"`
		Type       string `json:"type"`
	}
	_ = json.Unmarshal(bad.Message, &env)
	b.log.Warn("socket mode: malformed envelope acked and dropped", "envelope_id", env.EnvelopeID, "type", env.Type, "err", bad.Cause)
	if env.EnvelopeID != "" {
		b.ack(&socketmode.Request{EnvelopeID: env.EnvelopeID}, nil)
	}
}

func (b *Bot) eventsAPI(evt socketmode.Event) {
	ev, ok := evt.Data.(slackevents.EventsAPIEvent)
	if !ok || ev.Type != slackevents.CallbackEvent {
		b.ack(evt.Request, nil)
		return
	}
	cb, _ := ev.Data.(*slackevents.EventsAPICallbackEvent)
	eventID := ""
	if cb != nil {
		eventID = cb.EventID
	}
	teamID := ev.TeamID
	switch inner := ev.InnerEvent.Data.(type) {
	case *slackevents.MessageEvent:
		b.onMessage(evt.Request, teamID, eventID, inner)
	case *slackevents.AppMentionEvent:
		b.onMention(evt.Request, teamID, eventID, inner)
	case *slackevents.AppHomeOpenedEvent:
		b.onHomeOpened(evt.Request, teamID, inner)
	default:
		b.ack(evt.Request, nil)
	}
}

// slackAuthError turns slack-go's auth failures into a line a person can act on.
func slackAuthError(err error) error {
	switch err.Error() {
	case "invalid_auth", "not_authed", "account_inactive", "token_revoked":
		return fmt.Errorf("Slack refused the token (%s); copy a fresh one from your app's settings: %w", err.Error(), err)
	}
	return err
}
