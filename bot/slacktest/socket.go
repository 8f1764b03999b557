package slacktest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
	"github.com/slack-go/slack"
)

// Envelope is one Socket Mode request from Slack to the app.
type Envelope struct {
	Type                   string // events_api, slash_commands, interactive, …
	Payload                json.RawMessage
	AcceptsResponsePayload bool
	RetryAttempt           int
	RetryReason            string
	EnvelopeID             string // generated if empty
}

// MarshalJSON writes the envelope as Slack does: the retry fields only on
// events_api envelopes, the only kind Slack retries.
func (e Envelope) MarshalJSON() ([]byte, error) {
	m := map[string]any{
		"envelope_id":              e.EnvelopeID,
		"type":                     e.Type,
		"accepts_response_payload": e.AcceptsResponsePayload,
	}
	if len(e.Payload) > 0 {
		m["payload"] = e.Payload
	}
	if e.Type == "events_api" {
		m["retry_attempt"] = e.RetryAttempt
		m["retry_reason"] = e.RetryReason
	}
	return json.Marshal(m)
}

// Ack is an acknowledgement the client sent for an envelope.
type Ack struct {
	EnvelopeID string
	Payload    json.RawMessage // nil when the ack had none
	Latency    time.Duration   // from the envelope's send to its ack, read; 0 if never sent by us
	// Arrived is from the envelope's send to the ack's arrival in this
	// fake's socket (the kernel's receive time), as Slack's servers would
	// see it: without the wait of this process's reader for a CPU, which
	// the bot's own work holds in a benchmark. Latency where the system
	// gives no receive time.
	Arrived time.Duration
	At      time.Time
}

// acked lists the envelope types Slack expects an ack for.
var acked = map[string]bool{"events_api": true, "slash_commands": true, "interactive": true}

// delivery is one envelope written (or about to be written) to a connection.
type delivery struct {
	env        Envelope
	frame      []byte
	conn       *wsConn
	sentAt     time.Time
	acked      bool
	superseded bool // redelivered under a new envelope id
	raw        bool // from SendRaw: tracked for latency only
}

// wsConn is one Socket Mode WebSocket. gorilla allows one writer at a time,
// hence wmu; draining and closed are guarded by Server.mu.
type wsConn struct {
	id       int
	ws       *websocket.Conn
	wmu      chanMutex
	draining bool
	closed   bool
	done     chan struct{}
}

// chanMutex is a mutex whose lock can be abandoned when a context ends, so a
// writer stuck behind a dead connection does not hang Send.
type chanMutex chan struct{}

func (m chanMutex) lock(ctx context.Context) error {
	select {
	case m <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (m chanMutex) unlock() { <-m }

const writeTimeout = 5 * time.Second

// writeLocked writes one text frame; wmu must be held.
func (wc *wsConn) writeLocked(frame []byte) error {
	if err := wc.ws.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	return wc.ws.WriteMessage(websocket.TextMessage, frame)
}

func (wc *wsConn) write(ctx context.Context, frame []byte) error {
	if err := wc.wmu.lock(ctx); err != nil {
		return err
	}
	defer wc.wmu.unlock()
	return wc.writeLocked(frame)
}

// openConnection answers apps.connections.open with a single-use ticket.
func (s *Server) openConnection(c *Call) map[string]any {
	if c.Token != s.cfg.AppToken {
		return apiError("invalid_auth")
	}
	s.mu.Lock()
	ticket := strconv.FormatInt(s.nextSeqLocked(), 10)
	s.tickets[ticket] = true
	s.mu.Unlock()
	return answer(slack.SocketModeConnection{URL: "ws" + strings.TrimPrefix(s.base, "http") + "/link/?ticket=" + ticket})
}

var upgrader = websocket.Upgrader{
	// Slack accepts any origin; slack-go sends https://api.slack.com, which
	// Origins records.
	CheckOrigin: func(*http.Request) bool { return true },
}

// handleLink upgrades a ticketed request to a Socket Mode connection and
// then reads the client's acks until the connection ends.
func (s *Server) handleLink(w http.ResponseWriter, r *http.Request) {
	ticket := r.URL.Query().Get("ticket")
	s.mu.Lock()
	valid := s.tickets[ticket] && !s.closed
	delete(s.tickets, ticket)
	s.mu.Unlock()
	if !valid {
		s.log.Warn("slacktest: websocket dial without a valid ticket", "ticket", ticket)
		http.Error(w, "invalid ticket", http.StatusUnauthorized)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.log.Warn("slacktest: websocket upgrade failed", "err", err)
		return
	}
	wc := &wsConn{ws: ws, wmu: make(chanMutex, 1), done: make(chan struct{})}
	// Hold the write lock until hello (and any redelivery) is out, so that no
	// envelope overtakes the hello.
	_ = wc.wmu.lock(context.Background())

	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		_ = ws.Close()
		return
	}
	s.connectCount++
	wc.id = s.connectCount
	s.conns = append(s.conns, wc)
	s.origins = append(s.origins, r.Header.Get("Origin"))
	hello, _ := json.Marshal(map[string]any{
		"type":            "hello",
		"num_connections": len(s.conns),
		"debug_info":      map[string]any{"host": "fake", "approximate_connection_time": 18060},
		"connection_info": map[string]any{"app_id": s.cfg.AppID},
	})
	var redo []*delivery
	if s.cfg.RedeliverOnReconnect {
		for _, d := range s.sentOrder {
			if d.conn != nil && d.conn != wc && (d.conn.closed || d.conn.draining) && s.orphanLocked(d) {
				redo = append(redo, s.redeliverLocked(d, "timeout", wc))
			}
		}
	}
	s.wg.Add(2)
	s.notifyLocked()
	s.mu.Unlock()
	s.log.Debug("slacktest: socket mode connection opened", "conn", wc.id, "redelivered", len(redo))

	go func() {
		defer s.wg.Done()
		s.ping(wc)
	}()
	defer s.wg.Done()

	err = wc.writeLocked(hello)
	for _, d := range redo {
		if err != nil {
			break
		}
		err = wc.writeLocked(d.frame)
	}
	wc.wmu.unlock()
	if err != nil {
		s.closeConn(wc)
		return
	}
	s.read(wc)
}

// read records the client's acks until the connection fails.
func (s *Server) read(wc *wsConn) {
	defer s.closeConn(wc)
	for {
		kind, data, err := wc.ws.ReadMessage()
		if err != nil {
			s.log.Debug("slacktest: socket mode connection ended", "conn", wc.id, "err", err)
			return
		}
		if kind != websocket.TextMessage {
			s.log.Warn("slacktest: non-text frame from the client", "conn", wc.id, "kind", kind)
			continue
		}
		var a struct {
			EnvelopeID string          `json:"envelope_id"`
			Payload    json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(data, &a); err != nil || a.EnvelopeID == "" {
			s.log.Warn("slacktest: unreadable frame from the client", "conn", wc.id, "frame", string(data))
			continue
		}
		if string(a.Payload) == "null" {
			a.Payload = nil
		}
		at, stamped := received(wc.ws.UnderlyingConn())
		if !stamped {
			at = time.Now()
		}
		s.recordAck(a.EnvelopeID, a.Payload, at)
	}
}

func (s *Server) recordAck(id string, payload json.RawMessage, arrived time.Time) {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	a := Ack{EnvelopeID: id, Payload: payload, At: now}
	if d := s.sent[id]; d != nil {
		d.acked = true
		if !d.sentAt.IsZero() {
			a.Latency = now.Sub(d.sentAt)
			// Wall clocks both: the kernel's time has no monotonic
			// reading. Never after the read, nor before the send.
			a.Arrived = min(a.Latency, max(0, arrived.Sub(d.sentAt.Round(0))))
		}
	}
	if _, seen := s.firstAck[id]; !seen {
		s.firstAck[id] = len(s.acks)
	}
	s.acks = append(s.acks, a)
	s.notifyLocked()
	s.log.Debug("slacktest: ack", "envelope_id", id, "latency", a.Latency, "payload", len(payload) > 0)
}

// ping sends WebSocket PINGs, without which slack-go reconnects.
func (s *Server) ping(wc *wsConn) {
	if s.cfg.PingInterval < 0 {
		return
	}
	t := time.NewTicker(s.cfg.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-wc.done:
			return
		case <-s.ctx.Done():
			return
		case <-t.C:
			if !s.pings.Load() {
				continue
			}
			// WriteControl may run concurrently with the data writer.
			if err := wc.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeTimeout)); err != nil {
				s.log.Debug("slacktest: ping failed", "conn", wc.id, "err", err)
			}
		}
	}
}

// closeConn closes a connection abruptly (no close frame) and forgets it.
// With RedeliverOnReconnect, its unacked events go to another usable
// connection if there is one; otherwise the next connection picks them up.
func (s *Server) closeConn(wc *wsConn) {
	s.mu.Lock()
	if wc.closed {
		s.mu.Unlock()
		return
	}
	wc.closed = true
	for i, c := range s.conns {
		if c == wc {
			s.conns = append(s.conns[:i:i], s.conns[i+1:]...)
			break
		}
	}
	var redo []*delivery
	if s.cfg.RedeliverOnReconnect && !s.closed && s.usableLocked() > 0 {
		for _, d := range s.sentOrder {
			if d.conn == wc && s.orphanLocked(d) {
				redo = append(redo, s.redeliverLocked(d, "timeout", nil))
			}
		}
	}
	s.notifyLocked()
	s.mu.Unlock()
	_ = wc.ws.Close()
	close(wc.done)
	for _, d := range redo {
		s.spawn(func() {
			if err := s.deliver(s.ctx, d); err != nil && !errors.Is(err, context.Canceled) {
				s.log.Warn("slacktest: redelivery failed", "envelope_id", d.env.EnvelopeID, "err", err)
			}
		})
	}
}

// orphanLocked reports whether d is an events_api envelope still owed to the app.
func (s *Server) orphanLocked(d *delivery) bool {
	return !d.raw && !d.acked && !d.superseded && d.env.Type == "events_api"
}

// redeliverLocked supersedes d with a new delivery of the same payload, as
// Slack's retries have a new envelope id but the same event_id.
func (s *Server) redeliverLocked(d *delivery, reason string, conn *wsConn) *delivery {
	env := d.env
	env.EnvelopeID = newEnvelopeID()
	env.RetryAttempt++
	env.RetryReason = reason
	frame, _ := json.Marshal(env)
	d.superseded = true
	nd := &delivery{env: env, frame: frame, conn: conn}
	if conn != nil {
		nd.sentAt = time.Now()
	}
	s.sent[env.EnvelopeID] = nd
	s.sentOrder = append(s.sentOrder, nd)
	return nd
}

func (s *Server) usableLocked() int {
	n := 0
	for _, c := range s.conns {
		if !c.draining {
			n++
		}
	}
	return n
}

// deliver writes d to one usable connection, round-robin, waiting for one to
// open. A failed write moves on to another connection unless the envelope
// has meanwhile been redelivered.
func (s *Server) deliver(ctx context.Context, d *delivery) error {
	for {
		var wc *wsConn
		err := s.waitFor(ctx, func() bool {
			var usable []*wsConn
			for _, c := range s.conns {
				if !c.draining {
					usable = append(usable, c)
				}
			}
			if len(usable) == 0 {
				return false
			}
			wc = usable[s.rr%len(usable)]
			s.rr++
			d.conn, d.sentAt = wc, time.Now()
			if d.env.EnvelopeID != "" {
				if _, known := s.sent[d.env.EnvelopeID]; !known {
					s.sentOrder = append(s.sentOrder, d)
				}
				s.sent[d.env.EnvelopeID] = d
			}
			return true
		})
		if err != nil {
			return err
		}
		if err = wc.write(ctx, d.frame); err == nil {
			s.log.Debug("slacktest: sent", "conn", wc.id, "type", d.env.Type, "envelope_id", d.env.EnvelopeID, "retry_attempt", d.env.RetryAttempt)
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s.log.Debug("slacktest: write failed, trying another connection", "conn", wc.id, "err", err)
		s.closeConn(wc)
		s.mu.Lock()
		superseded := d.superseded
		s.mu.Unlock()
		if superseded {
			return nil
		}
	}
}

// Send writes env to one open connection (round-robin), waiting until one is
// open, and records its send time for Ack.Latency.
func (s *Server) Send(ctx context.Context, env Envelope) (string, error) {
	if env.EnvelopeID == "" {
		env.EnvelopeID = newEnvelopeID()
	}
	frame, err := json.Marshal(env)
	if err != nil {
		return "", err
	}
	return env.EnvelopeID, s.deliver(ctx, &delivery{env: env, frame: frame})
}

// SendRaw writes any bytes as a text frame, for malformed-input tests. If the
// frame has an envelope_id, its send time is kept for Ack.Latency, but it is
// never listed by Unacked nor redelivered.
func (s *Server) SendRaw(ctx context.Context, frame []byte) error {
	var head struct {
		EnvelopeID string `json:"envelope_id"`
		Type       string `json:"type"`
	}
	_ = json.Unmarshal(frame, &head)
	d := &delivery{env: Envelope{EnvelopeID: head.EnvelopeID, Type: head.Type}, frame: frame, raw: true}
	return s.deliver(ctx, d)
}

// SendEvent wraps an Events API inner event into an events_api envelope with
// a complete event_callback payload. The event_id is unique, or taken from
// event["_event_id"] (which is then removed from the event sent).
func (s *Server) SendEvent(ctx context.Context, event map[string]any) (string, error) {
	payload, _, err := s.eventCallback(event)
	if err != nil {
		return "", err
	}
	return s.Send(ctx, Envelope{Type: "events_api", Payload: payload})
}

// eventCallback wraps an inner event into an event_callback payload and
// returns it with its event_id.
func (s *Server) eventCallback(event map[string]any) (json.RawMessage, string, error) {
	ev := make(map[string]any, len(event))
	for k, v := range event {
		ev[k] = v
	}
	eventID, _ := ev["_event_id"].(string)
	delete(ev, "_event_id")
	// "_team_id" sends it from another workspace than the fake's own.
	team, _ := ev["_team_id"].(string)
	delete(ev, "_team_id")
	if team == "" {
		team = s.cfg.TeamID
	}
	if eventID == "" {
		eventID = s.id("Ev")
	}
	payload, err := json.Marshal(map[string]any{
		"token":      "fake-verification-token",
		"team_id":    team,
		"api_app_id": s.cfg.AppID,
		"event":      ev,
		"type":       "event_callback",
		"event_id":   eventID,
		"event_time": time.Now().Unix(),
		"authorizations": []any{map[string]any{
			"enterprise_id": nil, "team_id": team, "user_id": s.cfg.BotUserID,
			"is_bot": true, "is_enterprise_install": false,
		}},
		"is_ext_shared_channel": false,
		"event_context":         "4-fake",
	})
	return payload, eventID, err
}

// SendFixture reads an envelope JSON file, gives it a fresh envelope_id, lets
// mutate (if not nil) change the decoded map, and sends it.
func (s *Server) SendFixture(ctx context.Context, path string, mutate func(m map[string]any)) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return "", fmt.Errorf("slacktest: fixture %s: %w", path, err)
	}
	m["envelope_id"] = newEnvelopeID()
	if mutate != nil {
		mutate(m)
	}
	env := Envelope{}
	env.EnvelopeID, _ = m["envelope_id"].(string)
	env.Type, _ = m["type"].(string)
	env.AcceptsResponsePayload, _ = m["accepts_response_payload"].(bool)
	if n, ok := m["retry_attempt"].(float64); ok {
		env.RetryAttempt = int(n)
	}
	env.RetryReason, _ = m["retry_reason"].(string)
	if p, ok := m["payload"]; ok {
		if env.Payload, err = json.Marshal(p); err != nil {
			return "", err
		}
	}
	return s.Send(ctx, env)
}

// WaitAck waits for the first ack of envelopeID, past or future.
func (s *Server) WaitAck(ctx context.Context, envelopeID string) (Ack, error) {
	var a Ack
	err := s.waitFor(ctx, func() bool {
		i, ok := s.firstAck[envelopeID]
		if ok {
			a = s.acks[i]
		}
		return ok
	})
	return a, err
}

// forgetDeliveriesLocked drops the envelopes acked or redelivered under
// a new id, and every ack (see Forget). One not acked yet stays: its ack
// is still timed, and it may be redelivered.
func (s *Server) forgetDeliveriesLocked() {
	var waiting []*delivery
	for _, d := range s.sentOrder {
		if d.acked || d.superseded {
			delete(s.sent, d.env.EnvelopeID)
			continue
		}
		waiting = append(waiting, d)
	}
	s.sentOrder = waiting
	s.acks, s.firstAck = nil, map[string]int{}
}

// Acks lists every ack received, in arrival order.
func (s *Server) Acks() []Ack {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Ack(nil), s.acks...)
}

// Unacked lists, in send order, the ids of the events_api, slash_commands and
// interactive envelopes sent and not acked. An envelope that was redelivered
// is represented by its latest delivery only.
func (s *Server) Unacked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for _, d := range s.sentOrder {
		if !d.raw && !d.acked && !d.superseded && acked[d.env.Type] {
			ids = append(ids, d.env.EnvelopeID)
		}
	}
	return ids
}

// Redeliver re-sends the payload of a sent envelope with retry_attempt+1 and
// retry_reason reason under a new envelope id, as Slack's retries do, and
// returns that id.
func (s *Server) Redeliver(ctx context.Context, envelopeID, reason string) (string, error) {
	s.mu.Lock()
	d := s.sent[envelopeID]
	if d == nil || d.raw {
		s.mu.Unlock()
		return "", fmt.Errorf("slacktest: no envelope %q was sent", envelopeID)
	}
	nd := s.redeliverLocked(d, reason, nil)
	s.mu.Unlock()
	return nd.env.EnvelopeID, s.deliver(ctx, nd)
}

// Disconnect sends Slack's disconnect message with reason ("warning",
// "refresh_requested", "link_disabled", …) to every open connection, stops
// routing envelopes to them, and closes each after Config.DisconnectGrace
// unless the client closed it first. slack-go reconnects by itself.
func (s *Server) Disconnect(reason string) {
	frame, _ := json.Marshal(map[string]any{"type": "disconnect", "reason": reason, "debug_info": map[string]any{"host": "fake"}})
	s.mu.Lock()
	var targets []*wsConn
	for _, c := range s.conns {
		if !c.draining {
			c.draining = true
			targets = append(targets, c)
		}
	}
	s.notifyLocked()
	s.mu.Unlock()
	for _, wc := range targets {
		s.spawn(func() {
			if err := wc.write(s.ctx, frame); err != nil {
				s.closeConn(wc)
				return
			}
			t := time.NewTimer(s.cfg.DisconnectGrace)
			defer t.Stop()
			select {
			case <-t.C:
			case <-wc.done:
			case <-s.ctx.Done():
			}
			s.closeConn(wc)
		})
	}
}

// DropConnections closes every connection's TCP socket without a close frame,
// like a network failure.
func (s *Server) DropConnections() {
	s.mu.Lock()
	conns := append([]*wsConn(nil), s.conns...)
	s.mu.Unlock()
	for _, wc := range conns {
		s.closeConn(wc)
	}
}

// SetPings turns the WebSocket PINGs on or off (they are on by default unless
// Config.PingInterval < 0, which disables them for good).
func (s *Server) SetPings(on bool) { s.pings.Store(on) }

// Connections is the number of connections currently open and not told to
// disconnect.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usableLocked()
}

// ConnectCount is the number of successful WebSocket upgrades so far.
func (s *Server) ConnectCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connectCount
}

// WaitConnections waits until at least n upgrades happened in total and a
// connection is open.
func (s *Server) WaitConnections(ctx context.Context, n int) error {
	return s.waitFor(ctx, func() bool { return s.connectCount >= n && s.usableLocked() > 0 })
}

// WaitConnectionsBelow waits until fewer than n connections are usable: an
// app that stopped has its socket closed on this side too, so an envelope
// sent next cannot go (round-robin) to its dead socket and be lost.
func (s *Server) WaitConnectionsBelow(ctx context.Context, n int) error {
	return s.waitFor(ctx, func() bool { return s.usableLocked() < n })
}

// Origins lists the Origin header of each upgrade, in order.
func (s *Server) Origins() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.origins...)
}
