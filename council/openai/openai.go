// Package openai is the council's model on OpenAI's Responses API (or any
// endpoint that speaks it): structured outputs with a strict JSON schema,
// each attempt bounded by a time limit. It never reads the environment: cmd
// passes the key.
//
// Retries are one layer, this package's: exponential backoff with full
// jitter on time-outs, 429 (waiting at least its Retry-After) and 5xx, none
// on other 4xx, up to MaxAttempts; the SDK's own retries are switched off.
// openai-go's retries (v3.96) were measured against the model-mode rules in
// docs/using.md and fall short on two: an attempt that hits its
// per-request timeout (option.WithRequestTimeout) ends the call instead of
// being retried, and the first backoff (0.5 s) cannot be set, so tests
// would wait on real time. Where they agree (429, 5xx, no 400/401,
// Retry-After) the behaviour is the same.
package openai

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// Config configures New.
type Config struct {
	// APIKey is required.
	APIKey string
	// Model is the model every question goes to. Required.
	Model string
	// BaseURL is the API's base. Default https://api.openai.com/v1/.
	BaseURL string
	// MaxAttempts is 1 + AGENT_MAX_RETRIES. Default 3.
	MaxAttempts int
	// Timeout bounds each attempt (AGENT_TIMEOUT_SECONDS). Default 20 s.
	Timeout time.Duration
	// Backoff is the first retry's base wait, doubled each retry (with full
	// jitter) up to MaxBackoff. Defaults 500 ms and 8 s.
	Backoff, MaxBackoff time.Duration
	// HTTPClient makes the calls. Default: http.DefaultClient's transport.
	HTTPClient *http.Client
	// Sleep waits between attempts (tests pass a fake). Default: a timer
	// that ends early with ctx.
	Sleep func(ctx context.Context, d time.Duration) error
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
}

// Client asks questions of one model.
type Client struct {
	cfg Config
	svc responses.ResponseService
}

var _ council.Model = (*Client)(nil)

// New checks cfg. A missing key or model is EINVALID, for a clear start-up
// message.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, bh.Errorf(bh.EINVALID, "OPENAI_API_KEY is missing: COUNCIL_MODE openai and multi need an API key (or use COUNCIL_MODE=heuristic)")
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, bh.Errorf(bh.EINVALID, "OPENAI_MODEL is empty")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://api.openai.com/v1/"
	}
	if !strings.HasSuffix(cfg.BaseURL, "/") {
		cfg.BaseURL += "/"
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 3
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 8 * time.Second
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleep
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	// The service alone, not sdk.NewClient: that one reads OPENAI_*
	// variables, and only cmd reads the environment. Retries are ours (see
	// the package comment), so the SDK's are off.
	svc := responses.NewResponseService(option.WithBaseURL(cfg.BaseURL), option.WithAPIKey(cfg.APIKey),
		option.WithHTTPClient(cfg.HTTPClient), option.WithMaxRetries(0))
	return &Client{cfg: cfg, svc: svc}, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// TraceHeader carries the trace id of the work a request is part of.
const TraceHeader = "X-Trace-Id"

// Ask sends q and returns the model's JSON text. A failure after all
// attempts is a *council.ModelError saying why in a few words (never the
// key, never the body).
func (c *Client) Ask(ctx context.Context, q council.Question) (council.Answer, error) {
	params := responses.ResponseNewParams{
		Model:        c.cfg.Model,
		Instructions: sdk.String(q.Instructions),
		Input:        responses.ResponseNewParamsInputUnion{OfString: sdk.String(q.Input)},
		Text: responses.ResponseTextConfigParam{Format: responses.ResponseFormatTextConfigUnionParam{
			OfJSONSchema: &responses.ResponseFormatTextJSONSchemaConfigParam{Name: q.SchemaName, Schema: q.Schema, Strict: sdk.Bool(true)},
		}},
		Store: sdk.Bool(false),
	}
	var opts []option.RequestOption
	if id := bh.TraceID(ctx); id != "" {
		// The run's trace rides along, so a request in the provider's
		// logs can be matched with ours.
		opts = append(opts, option.WithHeader(TraceHeader, id))
	}
	for attempt := 1; ; attempt++ {
		actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
		resp, err := c.svc.New(actx, params, opts...)
		timedOut := actx.Err() != nil && ctx.Err() == nil
		cancel()
		if err == nil {
			model := resp.Model
			if model == "" {
				model = c.cfg.Model
			}
			return council.Answer{Text: resp.OutputText(), Provider: "openai", Model: model,
				InputTokens: int(resp.Usage.InputTokens), OutputTokens: int(resp.Usage.OutputTokens), Attempts: attempt}, nil
		}
		if ctx.Err() != nil {
			return council.Answer{}, &council.ModelError{Attempts: attempt, Err: ctx.Err()}
		}
		why, retry, after := c.classify(err, timedOut)
		if !retry || attempt >= c.cfg.MaxAttempts {
			return council.Answer{}, &council.ModelError{Attempts: attempt, Err: errors.New(why)}
		}
		wait := c.backoff(attempt)
		if after > wait {
			wait = after
		}
		c.cfg.Logger.Debug("openai: retrying", "task", q.Task, "attempt", attempt, "why", why, "wait", wait)
		if err := c.cfg.Sleep(ctx, wait); err != nil {
			return council.Answer{}, &council.ModelError{Attempts: attempt, Err: err}
		}
	}
}

// classify says in a few words what went wrong, whether to try again, and
// how long the server asked to wait.
func (c *Client) classify(err error, timedOut bool) (why string, retry bool, after time.Duration) {
	var apiErr *sdk.Error
	switch {
	case timedOut:
		return fmt.Sprintf("no answer within %s", c.cfg.Timeout), true, 0
	case errors.As(err, &apiErr):
		code := apiErr.StatusCode
		switch {
		case code == http.StatusTooManyRequests:
			return "rate limited (429)", true, retryAfter(apiErr.Response)
		case code >= 500:
			return fmt.Sprintf("server error (%d)", code), true, 0
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			return fmt.Sprintf("the API key was refused (%d)", code), false, 0
		}
		return fmt.Sprintf("the request was refused (%d)", code), false, 0
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) {
		return "the model server could not be reached", true, 0
	}
	// Unreadable answers and the like: another attempt may do.
	return "unreadable answer from the model server", true, 0
}

// backoff is the wait before the next attempt: full jitter on an
// exponential ceiling.
func (c *Client) backoff(attempt int) time.Duration {
	ceil := c.cfg.Backoff << (attempt - 1)
	if ceil > c.cfg.MaxBackoff || ceil <= 0 {
		ceil = c.cfg.MaxBackoff
	}
	return time.Duration(rand.Int64N(int64(ceil)) + 1)
}

// retryAfter reads a Retry-After header in seconds (or an HTTP date).
func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}
