// Package httpmode is the bot's HTTP transport: Slack's Events API,
// interactivity and slash commands arrive as signed POSTs at Bolt's
// conventional paths, and each becomes the same envelope the Socket Mode
// loop hands the bot's router. The routes stay in package bot; this
// package only checks signatures, parses requests and turns an envelope's
// ack into the response.
//
//	POST /slack/events        Events API (and its url_verification challenge)
//	POST /slack/interactivity buttons, modals, shortcuts
//	POST /slack/commands      slash commands
//	GET  /healthz             liveness: the process answers
//	GET  /readyz              readiness: the bot is connected and the database answers
package httpmode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
)

// Envelopes routes one envelope the way the socket loop does (*bot.Bot).
// answer is called at most once, with the ack's payload; forget drops the
// wait; ok false means nothing was routed (not connected yet, or stopping).
type Envelopes interface {
	Deliver(evt socketmode.Event, answer func(payload any)) (forget func(), ok bool)
}

// EventLog is the store's processed-event ids, shared by every process on
// the database: an event acked over HTTP is marked, and a retry of a
// marked event is not routed again.
type EventLog interface {
	EventSeen(ctx context.Context, teamID, eventID string) (bool, error)
	MarkEvent(ctx context.Context, teamID, eventID string) (bool, error)
}

// Pinger reports whether the database answers (the store's Ping).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config configures New. Zero fields take the stated defaults.
type Config struct {
	// SigningSecret is the app's signing secret (Basic Information → App
	// Credentials). Required.
	SigningSecret string
	// Envelopes, Events and Database are required.
	Envelopes Envelopes
	Events    EventLog
	Database  Pinger
	// Ready, when set, is closed once the bot is connected; /readyz fails
	// until then. Default: ready at once.
	Ready <-chan struct{}
	// Logger: default discard.
	Logger *slog.Logger
	// AckTimeout bounds the wait for an envelope's ack; a request not acked
	// by then is answered 503 and Slack delivers it again. Default 2.8 s
	// (Slack expects an answer within 3 s).
	AckTimeout time.Duration
	// MaxBody bounds a request's body. Default 1 MiB.
	MaxBody int64
}

// Server serves the paths above. It is an http.Handler.
type Server struct {
	cfg Config
	log *slog.Logger
	mux *http.ServeMux
}

// New checks cfg and builds a Server.
func New(cfg Config) (*Server, error) {
	switch {
	case cfg.SigningSecret == "":
		return nil, errors.New("httpmode: a signing secret is required")
	case cfg.Envelopes == nil || cfg.Events == nil || cfg.Database == nil:
		return nil, errors.New("httpmode: the bot, the event log and the database are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.AckTimeout <= 0 {
		cfg.AckTimeout = 2800 * time.Millisecond
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	s := &Server{cfg: cfg, log: cfg.Logger, mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /slack/events", s.signed(s.events))
	s.mux.HandleFunc("POST /slack/interactivity", s.signed(s.interactivity))
	s.mux.HandleFunc("POST /slack/commands", s.signed(s.commands))
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok\n") })
	s.mux.HandleFunc("GET /readyz", s.readyz)
	return s, nil
}

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// signed reads the body and checks its signature with slack-go's verifier
// (v0 HMAC-SHA256 over the raw body, a 5-minute window, a constant-time
// compare) before anything else reads it. A refused request is logged
// without its body and answered 401; nothing of it is routed or stored.
func (s *Server) signed(next func(w http.ResponseWriter, r *http.Request, body []byte)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
		if err != nil {
			s.log.Warn("http: request body not read; refused", "path", r.URL.Path, "err", err)
			http.Error(w, "request too large or unreadable", http.StatusRequestEntityTooLarge)
			return
		}
		if err := s.verify(r.Header, body); err != nil {
			s.log.Warn("http: request refused: bad signature", "path", r.URL.Path, "remote", r.RemoteAddr, "err", err)
			http.Error(w, "invalid signature", http.StatusUnauthorized)
			return
		}
		next(w, r, body)
	}
}

func (s *Server) verify(h http.Header, body []byte) error {
	v, err := slack.NewSecretsVerifier(h, s.cfg.SigningSecret)
	if err != nil {
		return err
	}
	if _, err := v.Write(body); err != nil {
		return err
	}
	return v.Ensure()
}

// events answers the url_verification challenge and routes event callbacks.
// A retry (X-Slack-Retry-Num) of an event already handled, here or by
// another process, is acked without being routed again.
func (s *Server) events(w http.ResponseWriter, r *http.Request, body []byte) {
	ev, err := slackevents.ParseEvent(json.RawMessage(body), slackevents.OptionNoVerifyToken())
	if err != nil {
		s.log.Warn("http: unreadable event; acked and dropped", "err", err)
		w.WriteHeader(http.StatusOK) // Slack would only send the same bytes again
		return
	}
	if ev.Type == slackevents.URLVerification {
		ch, ok := ev.Data.(*slackevents.EventsAPIURLVerificationEvent)
		if !ok {
			http.Error(w, "bad challenge", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, ch.Challenge)
		return
	}
	req := &socketmode.Request{Type: socketmode.RequestTypeEventsAPI}
	if n := r.Header.Get("X-Slack-Retry-Num"); n != "" {
		req.RetryAttempt, _ = strconv.Atoi(n) // a malformed number is a first delivery
		req.RetryReason = r.Header.Get("X-Slack-Retry-Reason")
	}
	eventID := ""
	if cb, _ := ev.Data.(*slackevents.EventsAPICallbackEvent); cb != nil {
		eventID = cb.EventID
	}
	if req.RetryAttempt > 0 {
		s.log.Info("http: Slack retried an event", "event_id", eventID, "retry_num", req.RetryAttempt, "retry_reason", req.RetryReason)
		if eventID != "" {
			seen, err := s.cfg.Events.EventSeen(r.Context(), ev.TeamID, eventID)
			if err != nil {
				// Routed again all the same: the store keeps one note per message.
				s.log.Warn("http: could not check a retried event", "event_id", eventID, "err", err)
			}
			if seen {
				s.log.Info("http: retried event already handled; acked", "event_id", eventID, "retry_num", req.RetryAttempt)
				w.WriteHeader(http.StatusOK)
				return
			}
		}
	}
	if !s.deliver(w, r, socketmode.Event{Type: socketmode.EventTypeEventsAPI, Data: ev, Request: req}) || eventID == "" {
		return
	}
	// Acked: Slack retries it only if the answer is lost on the way, and
	// then it must not be handled again, here or by another process. Marked
	// after the answer is out, so the mark never delays an ack.
	_ = http.NewResponseController(w).Flush() // a writer that cannot flush answers when the handler returns
	if _, err := s.cfg.Events.MarkEvent(context.WithoutCancel(r.Context()), ev.TeamID, eventID); err != nil {
		s.log.Warn("http: event handled but not marked; a retry would be routed again", "event_id", eventID, "err", err)
	}
}

// interactivity routes a form-encoded payload=… interaction.
func (s *Server) interactivity(w http.ResponseWriter, r *http.Request, body []byte) {
	form, err := url.ParseQuery(string(body))
	var cb slack.InteractionCallback
	if err == nil {
		err = json.Unmarshal([]byte(form.Get("payload")), &cb)
	}
	if err != nil {
		s.log.Warn("http: unreadable interaction; refused", "err", err)
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	s.deliver(w, r, socketmode.Event{Type: socketmode.EventTypeInteractive, Data: cb,
		Request: &socketmode.Request{Type: socketmode.RequestTypeInteractive}})
}

// commands routes a form-encoded slash command. Slack's ssl_check is
// answered at once.
func (s *Server) commands(w http.ResponseWriter, r *http.Request, body []byte) {
	r.Body = io.NopCloser(bytes.NewReader(body))
	cmd, err := slack.SlashCommandParse(r)
	if err != nil {
		s.log.Warn("http: unreadable slash command; refused", "err", err)
		http.Error(w, "bad command", http.StatusBadRequest)
		return
	}
	if r.PostForm.Get("ssl_check") == "1" {
		w.WriteHeader(http.StatusOK)
		return
	}
	s.deliver(w, r, socketmode.Event{Type: socketmode.EventTypeSlashCommand, Data: cmd,
		Request: &socketmode.Request{Type: socketmode.RequestTypeSlashCommands}})
}

// deliver routes evt and turns its ack into the response: 200 with the
// ack's payload as JSON, or 503 when it is not acked in time (a note not
// stored) so that Slack delivers it again. It reports whether it acked.
func (s *Server) deliver(w http.ResponseWriter, r *http.Request, evt socketmode.Event) bool {
	acked := make(chan any, 1)
	forget, ok := s.cfg.Envelopes.Deliver(evt, func(payload any) { acked <- payload })
	if !ok {
		http.Error(w, "not ready; try again", http.StatusServiceUnavailable)
		return false
	}
	t := time.NewTimer(s.cfg.AckTimeout)
	defer t.Stop()
	select {
	case payload := <-acked:
		s.respond(w, payload)
		return true
	case <-t.C:
		forget()
		select {
		case payload := <-acked: // acked as it was forgotten
			s.respond(w, payload)
			return true
		default:
			s.log.Warn("http: not acked in time; Slack will deliver it again", "type", string(evt.Type), "timeout", s.cfg.AckTimeout)
			http.Error(w, "not handled in time", http.StatusServiceUnavailable)
			return false
		}
	case <-r.Context().Done():
		forget()
		return false
	}
}

func (s *Server) respond(w http.ResponseWriter, payload any) {
	if payload == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	data, err := json.Marshal(payload)
	if err != nil {
		s.log.Error("http: ack payload not encoded; acked empty", "err", err)
		w.WriteHeader(http.StatusOK)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}

// readyz answers 200 once the bot is connected and while the database
// answers a ping within 2 s; 503 otherwise.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Ready != nil {
		select {
		case <-s.cfg.Ready:
		default:
			http.Error(w, "not connected to Slack yet", http.StatusServiceUnavailable)
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.cfg.Database.Ping(ctx); err != nil {
		s.log.Warn("http: not ready: the database does not answer", "err", err)
		http.Error(w, "the database does not answer", http.StatusServiceUnavailable)
		return
	}
	_, _ = io.WriteString(w, "ok\n")
}
