package openai_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/council/openai"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

const key = "test-model-key-SECRET"

// sleeps records the waits between attempts instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.d = append(s.d, d)
	return nil
}

func TestAsk(t *testing.T) {
	q := council.Question{Task: "plan_sleep_first", Instructions: "plan", Input: `{"window_start":"2026-11-23T10:00:00Z","window_end":"2026-11-23T22:00:00Z"}`,
		SchemaName: "plan", Schema: map[string]any{"type": "object"}}
	cases := []struct {
		name     string
		script   map[int]openaitest.Reply
		attempts int
		calls    int
		wantErr  string
		minSleep time.Duration
	}{
		{name: "happy path", calls: 1, attempts: 1},
		{name: "429 with Retry-After, then an answer", script: map[int]openaitest.Reply{1: {Status: 429, RetryAfter: "7"}}, calls: 2, attempts: 2, minSleep: 7 * time.Second},
		{name: "500s, then an answer", script: map[int]openaitest.Reply{1: {Status: 500}, 2: {Status: 503}}, calls: 3, attempts: 3},
		{name: "every attempt fails", script: map[int]openaitest.Reply{1: {Status: 500}, 2: {Status: 500}, 3: {Status: 500}}, calls: 3, wantErr: "server error (500)"},
		{name: "a hang past the time limit", script: map[int]openaitest.Reply{1: {Delay: 5 * time.Second}, 2: {Delay: 5 * time.Second}, 3: {Delay: 5 * time.Second}}, calls: 3, wantErr: "no answer within 100ms"},
		{name: "401 is not retried", script: map[int]openaitest.Reply{1: {Status: 401}}, calls: 1, wantErr: "the API key was refused (401)"},
		{name: "400 is not retried", script: map[int]openaitest.Reply{1: {Status: 400}}, calls: 1, wantErr: "the request was refused (400)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := openaitest.New()
			defer srv.Close()
			srv.Script(func(n int, _ openaitest.Request) (openaitest.Reply, bool) {
				r, ok := tc.script[n]
				return r, ok
			})
			var sl sleeps
			c, err := openai.New(openai.Config{APIKey: key, Model: "test-model", BaseURL: srv.URL(), MaxAttempts: 3, Timeout: 100 * time.Millisecond, Sleep: sl.sleep})
			require.NoError(t, err)
			ans, err := c.Ask(context.Background(), q)
			assert.Len(t, srv.Calls(), tc.calls)
			if tc.wantErr != "" {
				var me *council.ModelError
				require.True(t, errors.As(err, &me), "a ModelError, got %v", err)
				assert.Contains(t, err.Error(), tc.wantErr)
				assert.Equal(t, tc.calls, me.Attempts)
				assert.NotContains(t, err.Error(), key, "the key never shows")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.attempts, ans.Attempts)
			assert.Equal(t, "openai", ans.Provider)
			assert.Equal(t, "test-model", ans.Model)
			assert.Contains(t, ans.Text, `"blocks"`)
			assert.Positive(t, ans.InputTokens)
			if tc.minSleep > 0 {
				require.NotEmpty(t, sl.d)
				assert.GreaterOrEqual(t, sl.d[0], tc.minSleep, "Retry-After is honoured")
			}
			calls := srv.Calls()
			assert.Equal(t, "Bearer "+key, calls[0].Auth)
			assert.Equal(t, "plan", calls[0].SchemaName, "structured outputs with the schema")
		})
	}
}

func TestNewNeedsAKey(t *testing.T) {
	_, err := openai.New(openai.Config{Model: "m"})
	require.Error(t, err)
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "OPENAI_API_KEY")
}

func TestBackoffGrowsWithJitter(t *testing.T) {
	srv := openaitest.New()
	defer srv.Close()
	srv.Script(func(int, openaitest.Request) (openaitest.Reply, bool) {
		return openaitest.Reply{Status: http.StatusBadGateway}, true
	})
	var sl sleeps
	c, err := openai.New(openai.Config{APIKey: key, Model: "m", BaseURL: srv.URL(), MaxAttempts: 5, Backoff: time.Second, MaxBackoff: 3 * time.Second, Sleep: sl.sleep})
	require.NoError(t, err)
	_, err = c.Ask(context.Background(), council.Question{Task: "t", SchemaName: "plan", Schema: map[string]any{"type": "object"}})
	require.Error(t, err)
	require.Len(t, sl.d, 4)
	for i, d := range sl.d {
		ceil := time.Second << i
		if ceil > 3*time.Second {
			ceil = 3 * time.Second
		}
		assert.LessOrEqual(t, d, ceil, "wait %d within its ceiling", i+1)
		assert.Positive(t, d)
	}
}
