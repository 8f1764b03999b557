// Package bot is BabyHandoff's Slack front: it owns the Socket Mode event
// loop, turns messages into notes, and answers buttons, shortcuts and
// commands.
//
// Acks follow Slack's rules: slash commands and interactions are acked at
// once and worked on after (Slack never retries them); a note event is acked
// only once the note is durably stored, so a crash can never lose an acked
// note (Slack redelivers what was not acked). Work runs on a bounded, tracked
// set of workers that is drained on shutdown.
//
// The rooms, one reason per file:
//
//   - bot.go: Config, New, the Store the bot needs (the union of its
//     handlers' small interfaces).
//   - socket.go: the Socket Mode loop, the workers, dispatch of envelopes.
//   - deliver.go: envelopes from another transport (bot/httpmode, over
//     HTTP), routed the same way, their acks handed back to the request.
//   - routes.go: the one table from commands, action_ids and callback_ids
//     to handlers. A new button is one line here.
//   - respond.go: ack, tell, refuse, update, dm: how the bot answers.
//   - capture.go: messages, mentions, edits and deletions become notes.
//   - reply.go: the capture reply under a note (what was understood, chips).
//   - notes.go: the reply's buttons: Undo, Restore, tag chips.
//   - modals.go: the Add note shortcut and modal, Save as note.
//   - plan.go, progress.go: /plan and the council's live progress message.
//   - card.go: the Decision Card's controls (Energy what-if, Why this plan?,
//     Re-run).
//   - share.go: handoff.md and transcript uploads, the Share modal.
//   - handoff.go: Hand off (form, /handoff), the receiver's message with
//     Got it, Ask and Done, the sender's thread, the one reminder, who is
//     on duty.
//   - radar.go: /radar, the radar's buttons, and posting radar messages for
//     the nudger.
//   - home.go: App Home.
//   - links.go: links from plan items to the notes' Slack messages.
//   - recover.go: putting right what a stopped process left (cmd calls it).
//   - zone.go: a person's Slack time zone and clock (cmd learns shifts'
//     zones with it), a family's zone asked for by the path that needs it.
//   - teamdata.go: /babyhandoff delete-my-data, a workspace's data deleted.
//   - teams.go: many workspaces (installs by OAuth): each Slack call with
//     its team's token, envelopes of a team without an install dropped,
//     app_uninstalled and tokens_revoked.
//   - pace.go: Slack's rate limits per team, method and channel (every
//     Web API call waits its turn), and app_rate_limited's alert.
package bot

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// Config configures New. Zero fields take the stated defaults.
type Config struct {
	// BotToken (xoxb-…) is required, unless Teams; AppToken (xapp-…) too,
	// unless HTTP.
	BotToken string
	AppToken string
	// Teams, when set, gives each team's token (installs by OAuth, over
	// HTTP): every Slack call uses the token of the team it is for, and an
	// envelope of a team without one is dropped. Default: BotToken for all.
	Teams TeamBots
	// Uninstalled, when set, hears app_uninstalled and tokens_revoked: it
	// deletes the team's tokens.
	Uninstalled func(ctx context.Context, teamID string) error
	// InstallURL is where a workspace adds the app (/slack/install),
	// shown to a person whose workspace's install is gone. Default: none.
	InstallURL string
	// HTTP: envelopes come through Deliver (an HTTP transport) and Run
	// opens no Socket Mode connection. Default false (Socket Mode).
	HTTP bool
	// Store is required.
	Store Store
	// Council plans. Required.
	Council *council.Council
	// Radar computes a shift's Risk Radar state for /radar and App Home.
	// Required (cmd passes the radar's watcher).
	Radar RadarStates
	// Noted, when set, hears every note just captured, after its reply
	// (cmd learns the shift's time zone from it).
	Noted func(ctx context.Context, n bh.Note)
	// LearnZone, when set, learns the zone of a family that has none yet
	// from the Slack profile of userID, records it (once, whoever asks)
	// and says it, "" when there is none to learn. A path that shows or
	// plans a family's times calls it first, so a /plan made before the
	// zone was learnt from the first note is not on DEFAULT_TZ (cmd's
	// zoneLearner; unset: such a family stays on DEFAULT_TZ until Noted
	// learns it).
	LearnZone func(ctx context.Context, teamID, shiftID, userID string) string
	// ReadersChanged, when set, hears that who reads a family's channel
	// changed (someone came into it, or left): cmd has the radar show its
	// message there again, as its readers now may see it.
	ReadersChanged func(ctx context.Context, teamID, shiftID, channelID string)

	// APIURL is the Web API base, ending in "/". Default https://slack.com/api/.
	APIURL string
	// HTTPClient for the Web API and Socket Mode. Default: a client with a
	// 30 s timeout.
	HTTPClient *http.Client
	// API overrides the Web API client (tests). Default: slack-go's client.
	API Slack
	// Pace keeps Slack's limits per team, method and channel (pace.go):
	// every Web API call waits its turn in it. Default: a pacer on the
	// wall clock around slack-go's client; none around API, unless set.
	Pace *Pacer
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// AfterFunc runs f after d and returns its stop (a handoff's reminder).
	// Default: real timers.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Location reads times in notes ("tomorrow 5pm") when a shift has no
	// zone of its own. Default UTC.
	Location *time.Location
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
	// TokenBudget is each run's context-pack budget. Default 4000.
	TokenBudget int
	// PingInterval is how long the socket may go without a server ping
	// before it reconnects. Default 30 s (slack-go's).
	PingInterval time.Duration
}

// Store is everything the bot needs from the database: the union of its
// handlers' own small interfaces, each defined beside the handler that uses
// it.
type Store interface {
	captureStore
	replyStore
	noteStore
	restockStore
	modalStore
	planStore
	cardStore
	shareStore
	radarStore
	routeStore
	homeStore
	linkStore
	recoverStore
	handoffStore
	familyStore
	dataStore
}

// RadarStates computes a shift's radar state as of now (radar.Watcher).
type RadarStates interface {
	State(ctx context.Context, shift bh.Shift) (bh.ShiftState, error)
}

// Slack is the part of the Web API the bot calls. *slack.Client satisfies it;
// tests may pass a hand-written fake.
type Slack interface {
	AuthTestContext(ctx context.Context) (*slack.AuthTestResponse, error)
	PostMessageContext(ctx context.Context, channelID string, options ...slack.MsgOption) (string, string, error)
	UpdateMessageContext(ctx context.Context, channelID, timestamp string, options ...slack.MsgOption) (string, string, string, error)
	PostEphemeralContext(ctx context.Context, channelID, userID string, options ...slack.MsgOption) (string, error)
	OpenViewContext(ctx context.Context, triggerID string, view slack.ModalViewRequest) (*slack.ViewResponse, error)
	UpdateViewContext(ctx context.Context, view slack.ModalViewRequest, externalID, hash, viewID string) (*slack.ViewResponse, error)
	GetPermalinkContext(ctx context.Context, params *slack.PermalinkParameters) (string, error)
	UploadFileContext(ctx context.Context, params slack.UploadFileParameters) (*slack.FileSummary, error)
	PublishViewContext(ctx context.Context, req slack.PublishViewContextRequest) (*slack.ViewResponse, error)
	OpenConversationContext(ctx context.Context, params *slack.OpenConversationParameters) (*slack.Channel, bool, bool, error)
	GetUserInfoContext(ctx context.Context, user string, options ...slack.GetUserInfoOption) (*slack.User, error)
	GetConversationInfoContext(ctx context.Context, input *slack.GetConversationInfoInput) (*slack.Channel, error)
	GetUsersInConversationContext(ctx context.Context, params *slack.GetUsersInConversationParameters) ([]string, string, error)
}

var _ Slack = (*slack.Client)(nil)

// Bot is a running Slack front: the socket loop, the workers and the
// handlers it routes to.
type Bot struct {
	cfg    Config
	log    *slog.Logger
	api    Slack
	sm     *socketmode.Client
	routes routes

	jobs chan job
	wg   sync.WaitGroup
	// spare bounds the messages sent outside the queue when it is full.
	spare chan struct{}
	// linkDisabled hears Slack's disconnect with reason link_disabled.
	linkDisabled chan struct{}
	// sent hears when slack-go has written an ack.
	sent *ackSent
	// acks counts the notes whose ack is on its way (ackfirst.go).
	acks acksFirst
	// answers are the acks HTTP requests wait for (deliver.go).
	answers answers
	// ready is closed once Slack accepted the tokens.
	ready     chan struct{}
	readyOnce sync.Once

	selfMu sync.RWMutex
	self   identity
	// zones caches people's Slack time zones (zone.go).
	zones zones
	// chans caches channels' members (channel.go).
	chans channels
	// ignored: when a team without an installation was last logged.
	ignored ignoredTeams
	// urls: each team's address, with many teams (team ID → URL).
	urls sync.Map
	// dms keeps each person's DM channel with the bot (user ID → channel
	// ID): it never changes, and conversations.open is rate limited.
	dms sync.Map

	// The handlers that need to be reached from outside their route.
	planner  *planner
	radar    *radarHandler
	recov    *recoverer
	handoffs *handoffs
	families *families
}

// identity is who the bot is in the workspace; URL is the workspace's
// address (https://team.slack.com/), the base of message permalinks.
type identity struct{ UserID, BotID, TeamID, URL string }

// New checks cfg and builds a Bot. It does not connect; Run does.
func New(cfg Config) (*Bot, error) {
	switch {
	case (cfg.BotToken == "" && cfg.Teams == nil) || (cfg.AppToken == "" && !cfg.HTTP):
		return nil, bh.Errorf(bh.EINVALID, "bot: both SLACK_BOT_TOKEN and SLACK_APP_TOKEN are required")
	case cfg.Store == nil:
		return nil, bh.Errorf(bh.EINVALID, "bot: a store is required")
	case cfg.Council == nil:
		return nil, bh.Errorf(bh.EINVALID, "bot: a council is required")
	case cfg.Radar == nil:
		return nil, bh.Errorf(bh.EINVALID, "bot: the radar is required")
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
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.AfterFunc == nil {
		cfg.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
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
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = 30 * time.Second
	}
	// The one retry layer for Slack: Web API calls are retried when Slack
	// says 429 (after its Retry-After), answers 5xx or the connection
	// fails, up to three more times with backoff, so a busy Slack delays a
	// reply instead of losing it.
	retry := slack.DefaultRetryConfig()
	retry.MaxRetries, retry.RetryAfterDuration, retry.BackoffInitial, retry.BackoffMax = 3, 5*time.Second, 500*time.Millisecond, 5*time.Second
	retry.Handlers = append(slack.AllBuiltinRetryHandlers(retry), slack.NewServerErrorRetryHandler(retry))
	opts := []slack.Option{slack.OptionAPIURL(cfg.APIURL), slack.OptionHTTPClient(cfg.HTTPClient), slack.OptionRetryConfig(retry)}
	client := slack.New(cfg.BotToken, append(opts, slack.OptionAppLevelToken(cfg.AppToken))...)
	b := &Bot{cfg: cfg, log: cfg.Logger, api: cfg.API,
		jobs: make(chan job, cfg.Queue), spare: make(chan struct{}, 4), linkDisabled: make(chan struct{}, 1), ready: make(chan struct{}), sent: &ackSent{}}
	switch {
	case b.api != nil:
	case cfg.Teams != nil:
		b.api = teamSlack{teams: cfg.Teams, opts: opts}
	default:
		b.api = client
	}
	switch {
	case cfg.Pace != nil:
		b.api = paced{next: b.api, p: cfg.Pace}
	case cfg.API == nil:
		b.api = paced{next: b.api, p: NewPacer(PaceConfig{Logger: cfg.Logger})}
	}
	b.sm = socketmode.New(client,
		socketmode.OptionPingInterval(cfg.PingInterval),
		// Debug output is the only place slack-go shows a disconnect's
		// reason (it reconnects on every one); the adapter watches it for
		// link_disabled and logs nothing of the frames themselves.
		socketmode.OptionDebug(true),
		socketmode.OptionLog(slogAdapter{l: cfg.Logger, linkDisabled: b.linkDisabled, sent: b.sent}),
	)
	b.wire()
	return b, nil
}

// wire builds the handlers and the routing table.
func (b *Bot) wire() {
	st := b.cfg.Store
	links := &links{b: b, store: st}
	home := &home{b: b, store: st, links: links}
	restock := &restocks{b: b, store: st}
	replies := &replies{b: b, store: st, restocks: restock}
	share := &sharer{b: b, store: st, links: links}
	b.planner = &planner{b: b, store: st, links: links, home: home}
	cards := &cards{b: b, store: st, planner: b.planner, share: share}
	b.planner.cards = cards
	capture := &capture{b: b, store: st, replies: replies, home: home, restocks: restock}
	notes := &noteButtons{b: b, store: st, replies: replies, home: home, restocks: restock}
	modals := &modals{b: b, store: st, replies: replies, restocks: restock}
	b.radar = &radarHandler{b: b, store: st, links: links, planner: b.planner, home: home}
	home.planner, home.modals = b.planner, modals
	b.recov = &recoverer{b: b, store: st, planner: b.planner, share: share}
	b.handoffs = &handoffs{b: b, store: st, share: share, home: home, links: links, cards: cards}
	cards.radar, cards.handoffs = b.radar, b.handoffs
	capture.handoffs = b.handoffs
	b.families = &families{b: b, store: st, home: home}
	b.handoffs.families = b.families
	b.routes = newRoutes(capture, notes, modals, b.planner, cards, share, b.radar, home, b.handoffs, b.families, &teamData{b: b, store: st})
}

// Ready is closed once Run has connected and Slack accepted the bot token.
func (b *Bot) Ready() <-chan struct{} { return b.ready }

// Busy reports whether the work queue is full (new note events are then
// left for Slack to deliver again).
func (b *Bot) Busy() bool { return len(b.jobs) == cap(b.jobs) }

func (b *Bot) identity() identity {
	b.selfMu.RLock()
	defer b.selfMu.RUnlock()
	return b.self
}
