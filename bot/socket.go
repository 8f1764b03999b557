package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
)

type job struct {
	name string
	// team is the Slack team the work is for: its Slack calls use that
	// team's token (teams.go).
	team string
	fn   func(ctx context.Context)
	// trace names the work: made when the envelope arrived.
	trace string
}

// Run connects to Slack and handles envelopes until ctx ends, then stops
// reading, finishes in-flight work (bounded by ShutdownTimeout) and returns
// nil. It returns an error when Slack refuses the tokens.
func (b *Bot) Run(ctx context.Context) error {
	if b.cfg.BotToken != "" {
		auth, err := b.api.AuthTestContext(ctx)
		if err != nil {
			return fmt.Errorf("bot: check SLACK_BOT_TOKEN with auth.test: %w", slackAuthError(err))
		}
		b.selfMu.Lock()
		b.self = identity{UserID: auth.UserID, BotID: auth.BotID, TeamID: auth.TeamID, URL: auth.URL}
		b.selfMu.Unlock()
		b.log.Info("connected to Slack as the bot", "team", auth.Team, "bot_user", auth.UserID)
	} else {
		// Installs by OAuth: each team's token is checked as it is used.
		b.log.Info("serving the workspaces the app is installed in")
	}

	// The socket outlives ctx: in-flight note events still need their acks
	// while the workers drain.
	sockCtx, stopSocket := context.WithCancel(context.WithoutCancel(ctx))
	defer stopSocket()
	sockErr := make(chan error, 1)
	if !b.cfg.HTTP {
		go func() { sockErr <- b.sm.RunContext(sockCtx) }()
	}

	workCtx, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	defer stopWork()
	for i := 0; i < b.cfg.Workers; i++ {
		b.wg.Add(1)
		go b.worker(workCtx)
	}
	b.readyOnce.Do(func() { close(b.ready) })

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
		case evt := <-b.sm.Events:
			if err := b.dispatch(evt); err != nil {
				runErr = err
				break loop
			}
		}
	}

	// Stop taking work, then let the workers finish what they hold.
	b.answers.stop(b.jobs)
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
	lend := b.lendWorker(ctx)
	ctx = context.WithValue(bh.WithTeam(bh.WithTrace(ctx, j.trace), j.team), lendKey{}, lend)
	defer func() {
		if r := recover(); r != nil {
			b.log.ErrorContext(ctx, "bot: a handler panicked; the envelope was dropped", "job", j.name, "panic", fmt.Sprint(r))
		}
	}()
	b.log.DebugContext(ctx, "bot: work", "job", j.name)
	j.fn(ctx)
}

// enqueue hands team's work to the pool without blocking the reader. It
// reports false when the queue is full. The work gets a new trace id:
// every envelope's work is enqueued as it arrives.
func (b *Bot) enqueue(team, name string, fn func(ctx context.Context)) bool {
	trace := bh.NewTraceID()
	select {
	case b.jobs <- job{name: name, team: team, fn: fn, trace: trace}:
		return true
	default:
		b.log.Warn("bot: work queue full; envelope not taken", "job", name, "trace", trace)
		return false
	}
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
		if cmd, ok := evt.Data.(slack.SlashCommand); ok {
			b.enqueue(cmd.TeamID, "command "+cmd.Command, func(ctx context.Context) { b.routes.command(ctx, b, cmd) })
		}
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
	_ = json.Unmarshal(bad.Message, &env) // a frame without an id cannot be acked anyway
	b.log.Warn("socket mode: malformed envelope acked and dropped", "envelope_id", env.EnvelopeID, "type", env.Type, "err", bad.Cause)
	if env.EnvelopeID != "" {
		b.ack(&socketmode.Request{EnvelopeID: env.EnvelopeID}, nil)
	}
}

// eventsAPI routes Events API callbacks. Note events are acked by their
// handler once the note is stored; the others at once.
func (b *Bot) eventsAPI(evt socketmode.Event) {
	ev, ok := evt.Data.(slackevents.EventsAPIEvent)
	if rl, limited := ev.Data.(*slackevents.EventsAPIAppRateLimited); ok && limited {
		b.appRateLimited(ev.TeamID, rl)
		b.ack(evt.Request, nil)
		return
	}
	if !ok || ev.Type != slackevents.CallbackEvent {
		b.ack(evt.Request, nil)
		return
	}
	eventID := ""
	if cb, _ := ev.Data.(*slackevents.EventsAPICallbackEvent); cb != nil {
		eventID = cb.EventID
	}
	r := b.routes
	switch inner := ev.InnerEvent.Data.(type) {
	case *slackevents.MessageEvent:
		r.capture.onMessage(evt.Request, ev.TeamID, eventID, inner)
	case *slackevents.AppMentionEvent:
		r.capture.onMention(evt.Request, ev.TeamID, eventID, inner)
	case *slackevents.AppHomeOpenedEvent:
		r.home.onOpened(evt.Request, ev.TeamID, inner)
	case *slackevents.MemberJoinedChannelEvent:
		// Whether a channel is the family's place is asked again.
		b.chans.forget(inner.Channel)
		b.ack(evt.Request, nil)
		b.readersChanged(ev.TeamID, inner.Channel)
	case *slackevents.MemberLeftChannelEvent:
		b.chans.forget(inner.Channel)
		b.ack(evt.Request, nil)
		b.readersChanged(ev.TeamID, inner.Channel)
	case *slackevents.AppUninstalledEvent:
		b.ack(evt.Request, nil)
		b.uninstalled(ev.TeamID, "app_uninstalled")
	case *slackevents.TokensRevokedEvent:
		b.ack(evt.Request, nil)
		if len(inner.Tokens.Bot) > 0 { // user tokens: none are kept
			b.uninstalled(ev.TeamID, "tokens_revoked")
		}
	default:
		b.ack(evt.Request, nil)
	}
}

// interactive acks at once (with validation errors for a modal submission,
// which Slack only accepts in the ack) and works after.
func (b *Bot) interactive(evt socketmode.Event) {
	cb, ok := evt.Data.(slack.InteractionCallback)
	if !ok {
		b.ack(evt.Request, nil)
		return
	}
	r := b.routes
	switch cb.Type {
	case slack.InteractionTypeViewSubmission:
		r.submission(b, evt.Request, cb)
	case slack.InteractionTypeBlockActions:
		b.ack(evt.Request, nil)
		b.enqueue(cb.Team.ID, "block actions", func(ctx context.Context) { r.blockActions(ctx, b, cb) })
	case slack.InteractionTypeShortcut:
		b.ack(evt.Request, nil)
		if h, ok := r.shortcuts[cb.CallbackID]; ok {
			b.enqueue(cb.Team.ID, "shortcut "+cb.CallbackID, func(ctx context.Context) { h(ctx, cb) })
		}
	case slack.InteractionTypeMessageAction:
		b.ack(evt.Request, nil)
		if h, ok := r.messageShortcuts[cb.CallbackID]; ok {
			b.enqueue(cb.Team.ID, "message shortcut "+cb.CallbackID, func(ctx context.Context) { h(ctx, cb) })
		}
	default:
		b.ack(evt.Request, nil)
	}
}

// slogAdapter routes slack-go's own log lines (only printed in debug mode)
// to the one logger.
type slogAdapter struct {
	l            *slog.Logger
	linkDisabled chan<- struct{}
	sent         *ackSent
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
	if a.sent != nil && a.sent.heard(s) {
		return nil
	}
	if strings.Contains(s, "WebSocket message") || strings.Contains(s, "payload") {
		return nil // outgoing frames and acks: people's data too
	}
	a.l.Debug("slack-go", "msg", s)
	return nil
}

// slackAuthError turns slack-go's auth failures into a line a person can act on.
func slackAuthError(err error) error {
	switch err.Error() {
	case "invalid_auth", "not_authed", "account_inactive", "token_revoked":
		return fmt.Errorf("Slack refused the token (%s); copy a fresh one from your app's settings: %w", err.Error(), err)
	}
	return err
}
