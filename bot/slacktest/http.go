package slacktest

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// HTTP mode: Slack POSTs events, interactions and slash commands to the
// app's request URLs, signed with the app's signing secret. These methods
// play that side against an app served over HTTP (SetHTTPApp says where).

// HTTPOptions change how one request is sent. The zero value is a first
// delivery, signed now with the app's secret.
type HTTPOptions struct {
	// RetryNum and RetryReason set X-Slack-Retry-Num and
	// X-Slack-Retry-Reason (a retry of an event Slack saw no answer to).
	RetryNum    int
	RetryReason string
	// Timestamp signs the request as of this time. Default: the wall
	// clock, as Slack's own (apps check the window against theirs).
	Timestamp time.Time
	// Secret signs with this secret instead of the app's (a forgery).
	Secret string
	// Unsigned sends no signature headers.
	Unsigned bool
}

// HTTPResponse is the app's answer to one request.
type HTTPResponse struct {
	Status int
	Header http.Header
	Body   []byte
	// Latency is from the request's send to its answer read.
	Latency time.Duration
}

// SetHTTPApp sets the app's base URL ("http://127.0.0.1:3000") and its
// signing secret.
func (s *Server) SetHTTPApp(baseURL, signingSecret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.appURL, s.appSecret = strings.TrimSuffix(baseURL, "/"), signingSecret
}

// Sign returns Slack's request signature headers for body: the timestamp
// and v0=hex(HMAC-SHA256(secret, "v0:" + timestamp + ":" + body)).
func Sign(secret string, at time.Time, body []byte) (timestamp, signature string) {
	timestamp = strconv.FormatInt(at.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "v0:%s:", timestamp)
	mac.Write(body)
	return timestamp, "v0=" + hex.EncodeToString(mac.Sum(nil))
}

// PostSigned POSTs body to the app's path, signed as Slack signs it.
func (s *Server) PostSigned(ctx context.Context, path, contentType string, body []byte, o HTTPOptions) (HTTPResponse, error) {
	s.mu.Lock()
	base, secret, closed := s.appURL, s.appSecret, s.closed
	s.mu.Unlock()
	switch {
	case closed:
		return HTTPResponse{}, ErrClosed
	case base == "":
		return HTTPResponse{}, errors.New("slacktest: SetHTTPApp first")
	}
	if o.Secret != "" {
		secret = o.Secret
	}
	if o.Timestamp.IsZero() {
		o.Timestamp = time.Now()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return HTTPResponse{}, err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", "Slackbot 1.0 (+https://api.slack.com/robots)")
	if !o.Unsigned {
		ts, sig := Sign(secret, o.Timestamp, body)
		req.Header.Set("X-Slack-Request-Timestamp", ts)
		req.Header.Set("X-Slack-Signature", sig)
	}
	if o.RetryNum > 0 {
		req.Header.Set("X-Slack-Retry-Num", strconv.Itoa(o.RetryNum))
		req.Header.Set("X-Slack-Retry-Reason", o.RetryReason)
	}
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return HTTPResponse{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return HTTPResponse{}, err
	}
	s.log.Debug("slacktest: http request answered", "path", path, "status", resp.StatusCode)
	return HTTPResponse{Status: resp.StatusCode, Header: resp.Header, Body: data, Latency: time.Since(start)}, nil
}

// HTTPEvent is an event_callback sent over HTTP: its id and its exact
// body, which a retry sends again.
type HTTPEvent struct {
	ID   string
	Body []byte
}

// PostEvent wraps an inner event as SendEvent does and POSTs it to
// /slack/events. Retry it with PostSigned(ctx, "/slack/events",
// "application/json", ev.Body, HTTPOptions{RetryNum: 1}).
func (s *Server) PostEvent(ctx context.Context, event map[string]any, o HTTPOptions) (HTTPEvent, HTTPResponse, error) {
	payload, id, err := s.eventCallback(event)
	if err != nil {
		return HTTPEvent{}, HTTPResponse{}, err
	}
	resp, err := s.PostSigned(ctx, "/slack/events", "application/json", payload, o)
	return HTTPEvent{ID: id, Body: payload}, resp, err
}

// PostCommand POSTs a slash command to /slack/commands, form-encoded as
// Slack sends it. team_id, api_app_id, trigger_id and response_url are
// filled in when form lacks them.
func (s *Server) PostCommand(ctx context.Context, form url.Values, o HTTPOptions) (HTTPResponse, error) {
	f := url.Values{}
	for k, v := range form {
		f[k] = v
	}
	def := func(k, v string) {
		if f.Get(k) == "" {
			f.Set(k, v)
		}
	}
	def("team_id", s.cfg.TeamID)
	def("api_app_id", s.cfg.AppID)
	def("trigger_id", s.id("Tr"))
	def("response_url", s.base+"/commands/response")
	return s.PostSigned(ctx, "/slack/commands", "application/x-www-form-urlencoded", []byte(f.Encode()), o)
}

// PostInteraction POSTs an interaction payload (block_actions,
// view_submission, shortcut…) to /slack/interactivity as payload=….
func (s *Server) PostInteraction(ctx context.Context, payload any, o HTTPOptions) (HTTPResponse, error) {
	data, err := json.Marshal(payload)
	if err != nil {
		return HTTPResponse{}, err
	}
	body := url.Values{"payload": {string(data)}}.Encode()
	return s.PostSigned(ctx, "/slack/interactivity", "application/x-www-form-urlencoded", []byte(body), o)
}

// PostAppRateLimited POSTs Slack's app_rate_limited to /slack/events: the
// team's events passed Slack's limit in minute (a Unix time rounded to the
// minute) and are dropped until it ends.
func (s *Server) PostAppRateLimited(ctx context.Context, teamID string, minute int64) (HTTPResponse, error) {
	body, err := json.Marshal(map[string]any{"token": "fake-verification-token", "type": "app_rate_limited",
		"team_id": teamID, "minute_rate_limited": minute, "api_app_id": s.cfg.AppID})
	if err != nil {
		return HTTPResponse{}, err
	}
	return s.PostSigned(ctx, "/slack/events", "application/json", body, HTTPOptions{})
}
