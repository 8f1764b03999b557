package slacktest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slack-go/slack"
)

// Call is one Web API request as the server received it.
type Call struct {
	Method string
	Token  string         // from "Authorization: Bearer …" or the token field
	Form   url.Values     // form (or query) fields; nil for JSON bodies
	JSON   map[string]any // JSON body; nil for forms
	At     time.Time
}

// str returns a parameter from the form or, for JSON bodies, a string field.
func (c *Call) str(key string) string {
	if c.Form != nil {
		return c.Form.Get(key)
	}
	switch v := c.JSON[key].(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

// has reports whether a parameter was sent at all.
func (c *Call) has(key string) bool {
	if c.Form != nil {
		_, ok := c.Form[key]
		return ok
	}
	_, ok := c.JSON[key]
	return ok
}

// rawJSON returns a JSON-valued parameter: a JSON string in a form field (as
// slack-go sends blocks) or the value itself in a JSON body.
func (c *Call) rawJSON(key string) (json.RawMessage, bool) {
	if !c.has(key) {
		return nil, false
	}
	if c.Form != nil {
		return json.RawMessage(c.Form.Get(key)), true
	}
	if s, ok := c.JSON[key].(string); ok {
		return json.RawMessage(s), true
	}
	b, _ := json.Marshal(c.JSON[key])
	return b, true
}

// Failure is a fault to answer one call with instead of the normal response.
type Failure struct {
	Status     int           // HTTP status, e.g. 429 or 500; 0 = 200 with ok:false
	RetryAfter int           // seconds, for the Retry-After header of a 429
	Error      string        // Slack error code for ok:false, e.g. "channel_not_found"
	Delay      time.Duration // respond slowly; with Status 0 and no Error, only delay
	// Body, when set, is the whole answer (HTTP 200): an "ok" answer that
	// lacks a field the bot needs, say.
	Body map[string]any
	// Arrived, when set, hears the method's name as the call arrives
	// (before any Delay): a test can act while the call hangs.
	Arrived chan<- string
	// Hold, when set, keeps the call waiting (after any Delay) until it is
	// closed: a test decides when a hanging call ends, with no real time.
	Hold <-chan struct{}
}

// Message is the current state of a message the bot posted.
type Message struct {
	Channel, TS, ThreadTS, Text, User string
	Blocks                            json.RawMessage
	Ephemeral                         bool
	EphemeralUser                     string
	Updated                           int // number of chat.update calls applied
	Deleted                           bool
	BotID                             string
	Attachments                       json.RawMessage
	// Metadata is the message metadata the poster attached, if any.
	Metadata json.RawMessage
}

type msgKey struct{ channel, ts string }

// View is a modal or Home tab the bot opened, pushed, updated or published.
type View struct {
	ID, Type, UserID, Hash string
	JSON                   json.RawMessage // the view object as views.* returned it
	TriggerID              string
	ExternalID             string
}

// File is a file uploaded with files.getUploadURLExternal, the upload URL and
// files.completeUploadExternal.
type File struct {
	ID, Name, Title   string
	Content           []byte
	Length            int  // declared to files.getUploadURLExternal
	Uploaded          bool // bytes received on the upload URL
	Channel, ThreadTS string
	InitialComment    string
	Completed         bool
}

// User is a users.info answer.
type User struct {
	ID, Name, RealName, TZ string
	TZOffset               int
	// Locale is what users.info says with include_locale ("en-GB"); "" says none.
	Locale string
	IsBot  bool
	// Deleted is a deactivated account; TeamID, when set, another
	// workspace's person (the fake's own team otherwise).
	Deleted bool
	TeamID  string
	// IsAdmin and IsOwner are the person's role in the workspace.
	IsAdmin, IsOwner bool
}

// Channel is a conversations.info answer; Members is what
// conversations.members lists for it (people and bots alike, as Slack does).
type Channel struct {
	ID, Name                  string
	IsIM, IsPrivate, IsMember bool
	Members                   []string
}

type apiHandler struct {
	bot bool // needs the bot token
	fn  func(s *Server, c *Call) map[string]any
}

var apiMethods = map[string]apiHandler{
	"apps.connections.open":        {false, (*Server).openConnection},
	"auth.test":                    {true, (*Server).authTest},
	"chat.postMessage":             {true, (*Server).postMessage},
	"chat.postEphemeral":           {true, (*Server).postEphemeral},
	"chat.update":                  {true, (*Server).updateMessage},
	"chat.delete":                  {true, (*Server).deleteMessage},
	"chat.getPermalink":            {true, (*Server).permalink},
	"views.open":                   {true, (*Server).viewsOpen},
	"views.push":                   {true, (*Server).viewsOpen},
	"views.update":                 {true, (*Server).viewsUpdate},
	"views.publish":                {true, (*Server).viewsPublish},
	"users.info":                   {true, (*Server).usersInfo},
	"conversations.info":           {true, (*Server).conversationsInfo},
	"conversations.open":           {true, (*Server).conversationsOpen},
	"conversations.members":        {true, (*Server).conversationsMembers},
	"files.getUploadURLExternal":   {true, (*Server).uploadURL},
	"files.completeUploadExternal": {true, (*Server).completeUpload},
	"oauth.v2.access":              {false, (*Server).oauthAccess},
}

func apiError(code string) map[string]any { return map[string]any{"ok": false, "error": code} }

// answer is an ok Web API answer made from slack-go's own types (the ones
// its client decodes), so the fake's shapes cannot drift from the
// client's: body is one of them, or a struct of them with the method's
// field names. It comes back as a map so faults can still be injected.
func answer(body any) map[string]any {
	raw, err := json.Marshal(body)
	if err != nil {
		panic(fmt.Sprintf("slacktest: answer %T: %v", body, err)) // a bug in the fake
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		panic(fmt.Sprintf("slacktest: answer %T: %v", body, err))
	}
	out["ok"] = true
	delete(out, "error")
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) handleAPI(w http.ResponseWriter, r *http.Request) {
	method := strings.TrimPrefix(r.URL.Path, "/api/")
	c, err := parseCall(method, r)
	s.mu.Lock()
	f, faulty := s.takeFailureLocked(method)
	s.mu.Unlock()
	status, body := s.answer(r, c, err, f, faulty)
	// The call is recorded once its effects are in place, so that a test
	// that saw it with WaitCall also sees the message, view or file it made.
	s.mu.Lock()
	s.calls = append(s.calls, *c)
	s.notifyLocked()
	s.mu.Unlock()
	s.log.Debug("slacktest: web api call", "method", method, "status", status, "ok", body["ok"], "error", body["error"])
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", strconv.Itoa(f.RetryAfter))
	}
	writeJSON(w, status, body)
}

// answer computes the response to one call.
func (s *Server) answer(r *http.Request, c *Call, parseErr error, f Failure, faulty bool) (int, map[string]any) {
	if parseErr != nil {
		return http.StatusOK, apiError("invalid_form_data")
	}
	if faulty {
		if status, body, ok := s.fail(r, f); ok {
			return status, body
		}
	}
	h, ok := apiMethods[c.Method]
	if !ok {
		return http.StatusOK, apiError("unknown_method")
	}
	// Slack answers bad tokens with HTTP 200 and ok:false.
	if _, ok := s.tokenTeam(c.Token); h.bot && !ok {
		return http.StatusOK, apiError("invalid_auth")
	}
	return http.StatusOK, h.fn(s, c)
}

// parseCall reads form, query or JSON parameters and the token.
func parseCall(method string, r *http.Request) (*Call, error) {
	c := &Call{Method: method, At: time.Now()}
	if auth := r.Header.Get("Authorization"); strings.HasPrefix(auth, "Bearer ") {
		c.Token = strings.TrimPrefix(auth, "Bearer ")
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var err error
	switch ct {
	case "application/json":
		var body []byte
		if body, err = io.ReadAll(r.Body); err == nil && len(strings.TrimSpace(string(body))) > 0 {
			err = json.Unmarshal(body, &c.JSON)
		}
		if c.JSON == nil {
			c.JSON = map[string]any{}
		}
	case "multipart/form-data":
		err = r.ParseMultipartForm(32 << 20)
		c.Form = r.Form
	default:
		err = r.ParseForm()
		c.Form = r.Form
	}
	if c.Form == nil && c.JSON == nil {
		c.Form = url.Values{}
	}
	if c.Token == "" {
		c.Token = c.str("token")
	}
	return c, err
}

func (s *Server) takeFailureLocked(method string) (Failure, bool) {
	for _, key := range []string{method, "*"} {
		if q := s.failures[key]; len(q) > 0 {
			s.failures[key] = q[1:]
			return q[0], true
		}
	}
	return Failure{}, false
}

// fail delays and then returns the faulty answer, or ok false for a pure
// delay, after which the call is handled normally.
func (s *Server) fail(r *http.Request, f Failure) (int, map[string]any, bool) {
	if f.Arrived != nil {
		select {
		case f.Arrived <- strings.TrimPrefix(r.URL.Path, "/api/"):
		default:
		}
	}
	if f.Delay > 0 {
		t := time.NewTimer(f.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
		case <-s.ctx.Done():
		}
		t.Stop()
	}
	if f.Hold != nil {
		select {
		case <-f.Hold:
		case <-r.Context().Done():
		case <-s.ctx.Done():
		}
	}
	switch {
	case f.Body != nil:
		return http.StatusOK, f.Body, true
	case f.Status == http.StatusTooManyRequests:
		return f.Status, apiError(cmp(f.Error, "ratelimited")), true
	case f.Status != 0 && f.Status != http.StatusOK:
		return f.Status, apiError(cmp(f.Error, "internal_error")), true
	case f.Error != "":
		return http.StatusOK, apiError(f.Error), true
	}
	return 0, nil, false
}

func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// FailNext queues a fault for the next call of method ("*" = of any method).
// Faults for one method are used in the order queued.
func (s *Server) FailNext(method string, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures[method] = append(s.failures[method], f)
}

// ClearFailures drops every fault still queued.
func (s *Server) ClearFailures() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = map[string][]Failure{}
}

// Calls lists the Web API calls of method ("" = all) in the order they were
// answered. A call is listed once its effects (a message, a view, …) are
// visible.
func (s *Server) Calls(method string) []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if method == "" || c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

// Forget drops what the fake has recorded so far and the bot can no
// longer ask for, so that a long benchmark measures the bot, not the
// fake's growing record: the Web API calls, past message states, the
// content of messages (their text, blocks, attachments and metadata: each
// message stays, as Slack keeps it, so chat.update and chat.delete answer
// as before and set new content), the bytes of delivered files (their
// names and places stay), and the envelopes acked or redelivered with
// their acks (an envelope still owed stays, to be redelivered). Call it
// while nothing waits on calls, messages or acks: a wait under way may
// miss what came before.
func (s *Server) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls, s.history = nil, nil
	for k, m := range s.messages {
		if m.Text != "" || m.Blocks != nil || m.Attachments != nil || m.Metadata != nil {
			bare := *m
			bare.Text, bare.Blocks, bare.Attachments, bare.Metadata = "", nil, nil, nil
			s.messages[k] = &bare
		}
	}
	for _, f := range s.files {
		if f.Completed {
			f.Content = nil
		}
	}
	s.forgetDeliveriesLocked()
}

// WaitCall waits for the first call, past or future, of method ("" = any)
// for which match (nil = any) is true.
func (s *Server) WaitCall(ctx context.Context, method string, match func(Call) bool) (Call, error) {
	return scan(ctx, s, func(from int) []Call {
		return append([]Call(nil), s.calls[min(from, len(s.calls)):]...)
	}, func(c Call) bool {
		return (method == "" || c.Method == method) && (match == nil || match(c))
	})
}

// Messages lists a channel's messages in post order, in their current state.
// A user id stands for the bot's DM with that user.
func (s *Server) Messages(channel string) []Message {
	channel = imFor(channel)
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, ts := range s.msgOrder[channel] {
		out = append(out, *s.messages[msgKey{channel, ts}])
	}
	return out
}

// Message returns the current state of one message.
func (s *Server) Message(channel, ts string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[msgKey{imFor(channel), ts}]
	if !ok {
		return Message{}, false
	}
	return *m, true
}

// WaitMessage waits for the first message state, past or future (as posted,
// or after any update or delete), for which match is true.
func (s *Server) WaitMessage(ctx context.Context, match func(Message) bool) (Message, error) {
	return scan(ctx, s, func(from int) []Message {
		return append([]Message(nil), s.history[min(from, len(s.history)):]...)
	}, match)
}

// Views lists the views in the order they were first opened or published,
// in their current state.
func (s *Server) Views() []View {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]View, 0, len(s.views))
	for _, v := range s.views {
		out = append(out, *v)
	}
	return out
}

// HomeView returns the Home tab published for a user.
func (s *Server) HomeView(userID string) (View, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.home[userID]
	if !ok {
		return View{}, false
	}
	return *v, true
}

// Files lists the files in the order their upload URLs were requested.
func (s *Server) Files() []File {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]File, 0, len(s.files))
	for _, f := range s.files {
		c := *f
		c.Content = append([]byte(nil), f.Content...)
		out = append(out, c)
	}
	return out
}

// SetUser sets what users.info answers for u.ID.
func (s *Server) SetUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = u
}

// SetChannel sets what conversations.info and conversations.members
// answer for c.ID.
func (s *Server) SetChannel(c Channel) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channels[c.ID] = c
}

// imFor maps a user id to the id of the bot's DM with that user, because
// Slack accepts a user id as the channel of chat.postMessage and answers with
// the DM's id. Other ids are returned unchanged.
func imFor(channel string) string {
	if len(channel) > 1 && (channel[0] == 'U' || channel[0] == 'W') {
		return "D" + channel
	}
	return channel
}

// nextTSLocked hands out unique, increasing, wall-clock message timestamps,
// so they never collide with the made-up ones tests put in events.
func (s *Server) nextTSLocked() string {
	now := time.Now().UnixMicro()
	if now <= s.lastTS {
		now = s.lastTS + 1
	}
	s.lastTS = now
	return fmt.Sprintf("%d.%06d", now/1e6, now%1e6)
}

func (s *Server) authTest(c *Call) map[string]any {
	team, _ := s.tokenTeam(c.Token)
	user := s.cfg.BotUserID
	if team != s.cfg.TeamID {
		s.mu.Lock()
		user = s.oauth.tokens[c.Token].BotUserID
		s.mu.Unlock()
	}
	return answer(slack.AuthTestResponse{URL: "https://fake.slack.test/", Team: "Fake", User: "babyhandoff",
		TeamID: team, UserID: user, BotID: s.cfg.BotID})
}

// messageContent reads and checks text, blocks and attachments. For a post,
// some content is required; for an update, absent fields stay as they were.
func (s *Server) messageContent(c *Call, post bool) (blocks, attachments json.RawMessage, errResp map[string]any) {
	text := c.str("text")
	if utf8.RuneCountInString(text) > maxMessageText {
		return nil, nil, apiError("msg_too_long")
	}
	if raw, ok := c.rawJSON("blocks"); ok {
		var list []any
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, nil, apiError("invalid_blocks_format")
		}
		if probs := ValidateBlocks("message", list); len(probs) > 0 {
			return nil, nil, invalidBlocks("invalid_blocks", probs, true)
		}
		blocks = append(json.RawMessage(nil), raw...)
	}
	if raw, ok := c.rawJSON("attachments"); ok {
		var list []any
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, nil, apiError("invalid_attachments")
		}
		if len(list) > 0 {
			attachments = append(json.RawMessage(nil), raw...)
		}
	}
	if post && text == "" && !hasItems(blocks) && attachments == nil {
		return nil, nil, apiError("no_text")
	}
	if !post && !c.has("text") && blocks == nil && !c.has("attachments") {
		return nil, nil, apiError("no_text")
	}
	return blocks, attachments, nil
}

func hasItems(raw json.RawMessage) bool {
	var list []any
	return json.Unmarshal(raw, &list) == nil && len(list) > 0
}

// invalidBlocks is Slack's answer to Block Kit violations: each problem in
// response_metadata.messages as "[ERROR] … [json-pointer:…]", and for chat.*
// also in errors.
func invalidBlocks(code string, problems []string, withErrors bool) map[string]any {
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = "[ERROR] " + p
	}
	r := apiError(code)
	r["response_metadata"] = map[string]any{"messages": msgs}
	if withErrors {
		r["errors"] = problems
	}
	return r
}

// answerMessage is a message as chat.postMessage and chat.update answer
// with it: its blocks and attachments as posted (checked when they came
// in). Read into slack-go's types and written out again, they would cost
// as much of the CPU the fake shares with the bot as the bot's own work on
// the post.
func (s *Server) answerMessage(m *Message) map[string]any {
	o := map[string]any{"type": "message", "text": m.Text, "ts": m.TS, "team": s.cfg.TeamID}
	for k, v := range map[string]string{"user": m.User, "bot_id": m.BotID, "thread_ts": m.ThreadTS} {
		if v != "" {
			o[k] = v
		}
	}
	if m.Blocks != nil {
		o["blocks"] = m.Blocks
	}
	if m.Attachments != nil {
		o["attachments"] = m.Attachments
	}
	if m.Updated > 0 {
		o["edited"] = map[string]any{"user": m.BotID, "ts": m.TS}
	}
	return o
}

// metadata checks a message's metadata parameter as Slack does: an object
// with an event_type and an event_payload object.
func metadata(c *Call) (json.RawMessage, map[string]any) {
	raw, ok := c.rawJSON("metadata")
	if !ok || len(raw) == 0 {
		return nil, nil
	}
	var md struct {
		EventType    string         `json:"event_type"`
		EventPayload map[string]any `json:"event_payload"`
	}
	if err := json.Unmarshal(raw, &md); err != nil || md.EventType == "" || md.EventPayload == nil {
		return nil, apiError("invalid_metadata_format")
	}
	return append(json.RawMessage(nil), raw...), nil
}

// storeLocked records a new message state for Messages and WaitMessage.
func (s *Server) storeLocked(m *Message) {
	// A value parsed from a request is a piece of the request's whole body
	// (blocks and all): what stays of the message after Forget must not
	// hold the body.
	m.Channel, m.ThreadTS, m.User, m.EphemeralUser = strings.Clone(m.Channel), strings.Clone(m.ThreadTS), strings.Clone(m.User), strings.Clone(m.EphemeralUser)
	k := msgKey{m.Channel, m.TS}
	if _, ok := s.messages[k]; !ok {
		s.msgOrder[m.Channel] = append(s.msgOrder[m.Channel], m.TS)
	}
	s.messages[k] = m
	s.history = append(s.history, *m)
	s.notifyLocked()
}

func (s *Server) postMessage(c *Call) map[string]any {
	channel := c.str("channel")
	if channel == "" {
		return apiError("channel_not_found")
	}
	blocks, attachments, errResp := s.messageContent(c, true)
	if errResp != nil {
		return errResp
	}
	md, errResp := metadata(c)
	if errResp != nil {
		return errResp
	}
	m := &Message{
		Channel: imFor(channel), ThreadTS: c.str("thread_ts"), Text: c.str("text"),
		User: s.cfg.BotUserID, BotID: s.cfg.BotID, Blocks: blocks, Attachments: attachments, Metadata: md,
	}
	if u := c.str("user"); u != "" {
		m.User, m.BotID = u, ""
	}
	s.mu.Lock()
	m.TS = s.nextTSLocked()
	s.storeLocked(m)
	msg := s.answerMessage(m)
	s.mu.Unlock()
	return map[string]any{"ok": true, "channel": m.Channel, "ts": m.TS, "message": msg}
}

func (s *Server) postEphemeral(c *Call) map[string]any {
	channel, user := c.str("channel"), c.str("user")
	if channel == "" {
		return apiError("channel_not_found")
	}
	if user == "" {
		return apiError("user_not_found")
	}
	blocks, attachments, errResp := s.messageContent(c, true)
	if errResp != nil {
		return errResp
	}
	m := &Message{
		Channel: imFor(channel), ThreadTS: c.str("thread_ts"), Text: c.str("text"),
		User: s.cfg.BotUserID, BotID: s.cfg.BotID, Blocks: blocks, Attachments: attachments,
		Ephemeral: true, EphemeralUser: user,
	}
	s.mu.Lock()
	m.TS = s.nextTSLocked()
	s.storeLocked(m)
	s.mu.Unlock()
	return answer(struct {
		TS string `json:"message_ts"`
	}{m.TS})
}

// lookupLocked finds a live, non-ephemeral message. Like Slack, chat.update
// and chat.delete need the conversation id, not a user id.
func (s *Server) lookupLocked(c *Call) (*Message, map[string]any) {
	channel, ts := c.str("channel"), c.str("ts")
	if channel == "" {
		return nil, apiError("channel_not_found")
	}
	m, ok := s.messages[msgKey{channel, ts}]
	if !ok || m.Deleted {
		return nil, apiError("message_not_found")
	}
	if m.Ephemeral {
		return nil, apiError("cant_update_message")
	}
	return m, nil
}

func (s *Server) updateMessage(c *Call) map[string]any {
	blocks, attachments, errResp := s.messageContent(c, false)
	if errResp != nil {
		return errResp
	}
	md, errResp := metadata(c)
	if errResp != nil {
		return errResp
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old, errResp := s.lookupLocked(c)
	if errResp != nil {
		return errResp
	}
	m := *old
	if md != nil {
		m.Metadata = md
	}
	if c.has("text") {
		m.Text = c.str("text")
	}
	if blocks != nil {
		m.Blocks = blocks
	}
	if c.has("attachments") {
		m.Attachments = attachments
	}
	m.Updated++
	s.storeLocked(&m)
	return map[string]any{"ok": true, "channel": m.Channel, "ts": m.TS, "text": m.Text, "message": s.answerMessage(&m)}
}

func (s *Server) deleteMessage(c *Call) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, errResp := s.lookupLocked(c)
	if errResp != nil {
		return errResp
	}
	m := *old
	m.Deleted = true
	s.storeLocked(&m)
	return answer(struct {
		Channel string `json:"channel"`
		TS      string `json:"ts"`
	}{m.Channel, m.TS})
}

func (s *Server) permalink(c *Call) map[string]any {
	channel, ts := c.str("channel"), c.str("message_ts")
	if channel == "" {
		return apiError("channel_not_found")
	}
	if ts == "" {
		return apiError("message_not_found")
	}
	return answer(struct {
		Channel   string `json:"channel"`
		Permalink string `json:"permalink"`
	}{channel, "https://fake.slack.test/archives/" + channel + "/p" + strings.ReplaceAll(ts, ".", "")})
}

func (s *Server) usersInfo(c *Call) map[string]any {
	id := c.str("user")
	if id == "" {
		return apiError("user_not_found")
	}
	s.mu.Lock()
	u, ok := s.users[id]
	s.mu.Unlock()
	if !ok {
		u = User{ID: id, Name: "user-" + strings.ToLower(id), RealName: "Fake User " + id, TZ: "America/New_York", TZOffset: -18000}
	}
	team := u.TeamID
	if team == "" {
		team = s.cfg.TeamID
	}
	return answer(struct {
		User slack.User `json:"user"`
	}{slack.User{ID: u.ID, TeamID: team, Name: u.Name, RealName: u.RealName, TZ: u.TZ, TZLabel: u.TZ, TZOffset: u.TZOffset, IsBot: u.IsBot,
		Locale: u.Locale, Deleted: u.Deleted, IsAdmin: u.IsAdmin, IsOwner: u.IsOwner, Profile: slack.UserProfile{RealName: u.RealName, DisplayName: u.Name}}})
}

func (s *Server) conversationsInfo(c *Call) map[string]any {
	id := c.str("channel")
	if id == "" {
		return apiError("channel_not_found")
	}
	s.mu.Lock()
	ch, ok := s.channels[id]
	s.mu.Unlock()
	if !ok {
		ch = Channel{ID: id, Name: "general", IsMember: true, IsIM: strings.HasPrefix(id, "D")}
	}
	var o slack.Channel
	o.ID, o.Name, o.IsChannel, o.IsIM = ch.ID, ch.Name, !ch.IsIM && !ch.IsPrivate, ch.IsIM
	o.IsPrivate, o.IsMember, o.ContextTeamID = ch.IsPrivate || ch.IsIM, ch.IsMember, s.cfg.TeamID
	if ch.IsIM && (strings.HasPrefix(ch.ID, "DU") || strings.HasPrefix(ch.ID, "DW")) {
		o.User = ch.ID[1:]
	}
	return answer(struct {
		Channel slack.Channel `json:"channel"`
	}{o})
}

// conversationsMembers lists a channel's members, a page at a time (the
// cursor is an offset). A channel no test set up is channel_not_found.
func (s *Server) conversationsMembers(c *Call) map[string]any {
	id := c.str("channel")
	s.mu.Lock()
	ch, ok := s.channels[id]
	s.mu.Unlock()
	if id == "" || !ok {
		return apiError("channel_not_found")
	}
	limit := 100
	if n, err := strconv.Atoi(c.str("limit")); err == nil && n > 0 && n <= 1000 {
		limit = n
	}
	skip := 0
	if cur := c.str("cursor"); cur != "" {
		n, err := strconv.Atoi(cur)
		if err != nil || n < 0 {
			return apiError("invalid_cursor")
		}
		skip = n
	}
	page := []string{}
	for i := skip; i < len(ch.Members) && i < skip+limit; i++ {
		page = append(page, ch.Members[i])
	}
	next := ""
	if skip+limit < len(ch.Members) {
		next = strconv.Itoa(skip + limit)
	}
	return answer(map[string]any{"members": page, "response_metadata": map[string]any{"next_cursor": next}})
}

func (s *Server) conversationsOpen(c *Call) map[string]any {
	type opened struct {
		NoOp        bool          `json:"no_op"`
		AlreadyOpen bool          `json:"already_open"`
		Channel     slack.Channel `json:"channel"`
	}
	if id := c.str("channel"); id != "" {
		var ch slack.Channel
		ch.ID = id
		return answer(opened{true, true, ch})
	}
	users := strings.Split(c.str("users"), ",")
	if users[0] == "" {
		return apiError("users_list_not_supplied")
	}
	if len(users) > 1 {
		var ch slack.Channel
		ch.ID, ch.IsMpIM = "G"+strings.Join(users, ""), true
		return answer(opened{Channel: ch})
	}
	id := imFor(users[0])
	s.mu.Lock()
	already := s.openedIMs[id]
	s.openedIMs[id] = true
	s.mu.Unlock()
	var ch slack.Channel
	ch.ID, ch.IsIM, ch.User, ch.IsOpen = id, true, users[0], true
	return answer(opened{already, already, ch})
}

// uploadURL answers files.getUploadURLExternal with an upload URL on this
// server: slack-go sends the token only to the API's own scheme, host and port.
func (s *Server) uploadURL(c *Call) map[string]any {
	name := c.str("filename")
	n, err := strconv.Atoi(c.str("length"))
	if name == "" || err != nil || n <= 0 {
		return apiError("invalid_arguments")
	}
	f := &File{ID: s.id("F"), Name: name, Title: name, Length: n}
	s.mu.Lock()
	s.files = append(s.files, f)
	s.fileByID[f.ID] = f
	s.notifyLocked()
	s.mu.Unlock()
	return answer(slack.GetUploadURLExternalResponse{UploadURL: s.base + "/upload/" + f.ID, FileID: f.ID})
}

// handleUpload stores the bytes posted to an upload URL, as a multipart
// field "file" or as the raw body.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	id := strings.TrimPrefix(r.URL.Path, "/upload/")
	s.mu.Lock()
	_, ok := s.fileByID[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "no such upload", http.StatusNotFound)
		return
	}
	var data []byte
	var err error
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "multipart/form-data" {
		f, _, ferr := r.FormFile("file")
		if ferr != nil {
			http.Error(w, "no file field", http.StatusBadRequest)
			return
		}
		data, err = io.ReadAll(f)
		_ = f.Close()
	} else {
		data, err = io.ReadAll(r.Body)
	}
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	f := s.fileByID[id]
	f.Content, f.Uploaded = data, true
	if len(data) != f.Length {
		s.log.Warn("slacktest: upload size differs from the declared length", "file", id, "length", f.Length, "got", len(data))
	}
	s.notifyLocked()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = fmt.Fprintf(w, "OK - %d", len(data))
}

func (s *Server) completeUpload(c *Call) map[string]any {
	raw, ok := c.rawJSON("files")
	var list []struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	}
	if !ok || json.Unmarshal(raw, &list) != nil || len(list) == 0 {
		return apiError("invalid_arguments")
	}
	channel := c.str("channel_id")
	if channel == "" {
		channel, _, _ = strings.Cut(c.str("channels"), ",")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, it := range list {
		if f := s.fileByID[it.ID]; f == nil || !f.Uploaded {
			return apiError("file_not_found")
		}
	}
	out := slack.CompleteUploadExternalResponse{Files: make([]slack.FileSummary, 0, len(list))}
	for _, it := range list {
		f := s.fileByID[it.ID]
		if it.Title != "" {
			f.Title = it.Title
		}
		f.Completed, f.Channel, f.ThreadTS, f.InitialComment = true, channel, c.str("thread_ts"), c.str("initial_comment")
		out.Files = append(out.Files, slack.FileSummary{ID: f.ID, Title: f.Title})
	}
	s.notifyLocked()
	return answer(out)
}

// viewRequest reads and validates the view parameter of a views.* call.
func viewRequest(c *Call, wantType string) (map[string]any, map[string]any) {
	raw, ok := c.rawJSON("view")
	var view map[string]any
	if !ok || json.Unmarshal(raw, &view) != nil || view == nil {
		return nil, invalidBlocks("invalid_arguments", []string{"must provide an object [json-pointer:/view]"}, false)
	}
	probs := ValidateView(view)
	if t, _ := view["type"].(string); wantType != "" && t != wantType && len(probs) == 0 {
		probs = append(probs, fmt.Sprintf("must be %q [json-pointer:/view/type]", wantType))
	}
	if len(probs) > 0 {
		return nil, invalidBlocks("invalid_arguments", probs, false)
	}
	return view, nil
}

func (s *Server) hashLocked() string {
	return fmt.Sprintf("%d.%s%06d", time.Now().Unix(), s.idBase, s.nextSeqLocked())
}

// viewObject is the view as views.* return it: the request plus Slack's fields.
func (s *Server) viewObject(v *View, req map[string]any) json.RawMessage {
	o := map[string]any{
		"team_id": s.cfg.TeamID, "private_metadata": "", "callback_id": "", "external_id": "",
		"state": map[string]any{"values": map[string]any{}}, "clear_on_close": false, "notify_on_close": false,
		"close": nil, "submit": nil, "previous_view_id": nil, "root_view_id": v.ID,
		"app_id": s.cfg.AppID, "bot_id": s.cfg.BotID, "app_installed_team_id": s.cfg.TeamID,
	}
	for k, val := range req {
		o[k] = val
	}
	o["id"], o["hash"], o["type"] = v.ID, v.Hash, v.Type
	b, _ := json.Marshal(o)
	return b
}

// viewAnswer is a views.* answer: the view object as stored, as Slack
// answers with the whole view. It is validated when it comes in; read
// back into slack-go's types and written out again here, it took a
// quarter of the capture benchmark's CPU (the fake shares the bot's),
// with an App Home published after every note.
func viewAnswer(v *View) map[string]any {
	return map[string]any{"ok": true, "view": v.JSON}
}

func (s *Server) viewsOpen(c *Call) map[string]any {
	trigger := c.str("trigger_id")
	if trigger == "" {
		return invalidBlocks("invalid_arguments", []string{"missing required field: trigger_id [json-pointer:/trigger_id]"}, false)
	}
	req, errResp := viewRequest(c, "modal")
	if errResp != nil {
		return errResp
	}
	v := &View{ID: s.id("V"), Type: "modal", TriggerID: trigger}
	v.ExternalID, _ = req["external_id"].(string)
	s.mu.Lock()
	defer s.mu.Unlock()
	v.Hash = s.hashLocked()
	v.JSON = s.viewObject(v, req)
	s.views = append(s.views, v)
	s.viewByID[v.ID] = v
	s.notifyLocked()
	return viewAnswer(v)
}

func (s *Server) viewsUpdate(c *Call) map[string]any {
	req, errResp := viewRequest(c, "")
	if errResp != nil {
		return errResp
	}
	id, ext, hash := c.str("view_id"), c.str("external_id"), c.str("hash")
	s.mu.Lock()
	defer s.mu.Unlock()
	var v *View
	if id != "" {
		v = s.viewByID[id]
	} else if ext != "" {
		for _, cand := range s.views {
			if cand.ExternalID == ext {
				v = cand
			}
		}
	} else {
		return apiError("invalid_arguments")
	}
	if v == nil {
		return apiError("not_found")
	}
	if hash != "" && hash != v.Hash {
		return apiError("hash_conflict")
	}
	return s.replaceViewLocked(v, req)
}

func (s *Server) replaceViewLocked(v *View, req map[string]any) map[string]any {
	nv := *v
	nv.Type, _ = req["type"].(string)
	if e, ok := req["external_id"].(string); ok {
		nv.ExternalID = e
	}
	nv.Hash = s.hashLocked()
	nv.JSON = s.viewObject(&nv, req)
	*v = nv
	s.notifyLocked()
	return viewAnswer(v)
}

func (s *Server) viewsPublish(c *Call) map[string]any {
	user := c.str("user_id")
	if user == "" {
		return invalidBlocks("invalid_arguments", []string{"missing required field: user_id [json-pointer:/user_id]"}, false)
	}
	req, errResp := viewRequest(c, "home")
	if errResp != nil {
		return errResp
	}
	hash := c.str("hash")
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.home[user]; ok {
		if hash != "" && hash != v.Hash {
			return apiError("hash_conflict")
		}
		return s.replaceViewLocked(v, req)
	}
	v := &View{ID: fmt.Sprintf("V%s%06d", s.idBase, s.nextSeqLocked()), Type: "home", UserID: user}
	v.ExternalID, _ = req["external_id"].(string)
	v.Hash = s.hashLocked()
	v.JSON = s.viewObject(v, req)
	s.views = append(s.views, v)
	s.viewByID[v.ID] = v
	s.home[user] = v
	s.notifyLocked()
	return viewAnswer(v)
}
