package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot"
)

// Slack's app_rate_limited (a workspace's events dropped for a minute) is
// acked and raises an alert line with the team and the minute.
func TestE2EAppRateLimitedRaisesAnAlert(t *testing.T) {
	a := startHTTP(t)
	resp, err := a.fake.PostAppRateLimited(a.ctx(), a.team, 1518467820)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Regexp(t, `level=ERROR msg="ALERT slack: app_rate_limited[^\n]*alert=app_rate_limited team=`+a.team+` minute_rate_limited=1518467820`, a.stderr.String())
}

// The program's Slack calls go through its pacer: a parent's quick notes
// in one DM are answered one a second after Slack's short burst (the
// pacer here writes its waits down instead of sleeping).
func TestE2EQuickNotesInOneDMArePaced(t *testing.T) {
	var mu sync.Mutex
	var waits []time.Duration
	h := start(t, func(m *Main) {
		m.Pace = bot.NewPacer(bot.PaceConfig{Wait: func(_ context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			waits = append(waits, d)
			return nil
		}})
	})
	for i := range bot.ChannelBurst + 2 {
		h.note("D1", "U1", fmt.Sprintf("task: thing %d", i), fmt.Sprintf("1700001000.%06d", i))
	}
	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, waits, "the replies past the burst waited their turn")
	for _, d := range waits {
		assert.LessOrEqual(t, d, 2*time.Second)
	}
}
