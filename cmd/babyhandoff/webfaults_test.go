package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// TestE2EWebAPIFaultsAreRetried: Slack answers 429 with Retry-After, 5xx,
// or slowly; the bot's replies, chip updates and App Home still land.
func TestE2EWebAPIFaultsAreRetried(t *testing.T) {
	h := start(t)
	cases := []struct {
		name, method string
		faults       []slacktest.Failure
	}{
		{"reply after a 429", "chat.postMessage", []slacktest.Failure{{Status: 429, RetryAfter: 1}}},
		{"reply after two 5xx", "chat.postMessage", []slacktest.Failure{{Status: 500}, {Status: 503}}},
		{"reply after a slow answer", "chat.postMessage", []slacktest.Failure{{Delay: 500 * time.Millisecond}}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, f := range tc.faults {
				h.fake.FailNext(tc.method, f)
			}
			ts := "1700004000.00010" + string(rune('0'+i))
			h.ack(h.message("DU1", "im", "U1", "slept 3h "+tc.name, ts, nil))
			// The fake lists failed calls too: wait for the message itself.
			_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.ThreadTS == ts && !m.Ephemeral })
			require.NoError(t, err, "log:\n%s", h.stderr.String())
		})
	}

	t.Run("chip update after a 429 and a 502", func(t *testing.T) {
		reply := h.replyMessage("DU1", "1700004000.000100")
		h.fake.FailNext("chat.update", slacktest.Failure{Status: 429, RetryAfter: 1})
		h.fake.FailNext("chat.update", slacktest.Failure{Status: 502})
		h.ack(h.click("DU1", reply.TS, "U1", "note_tag_task", noteIDOf(t, reply.Blocks)))
		_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.TS == reply.TS && m.Updated > 0 })
		require.NoError(t, err, "log:\n%s", h.stderr.String())
	})

	t.Run("App Home after a 429", func(t *testing.T) {
		calls := len(h.fake.Calls("views.publish"))
		h.fake.FailNext("views.publish", slacktest.Failure{Status: 429, RetryAfter: 1})
		h.ack(h.homeOpened("U1", ""))
		// The fake lists failed calls too: wait for the 429 and then the
		// publish that follows it.
		require.Eventually(t, func() bool { return len(h.fake.Calls("views.publish")) >= calls+2 }, 10*time.Second, 10*time.Millisecond,
			"published after the 429; log:\n%s", h.stderr.String())
		v, ok := h.fake.HomeView("U1")
		require.True(t, ok)
		assert.Contains(t, string(v.JSON), "Your notes")
	})

	t.Run("a card after chat.update keeps failing is reported", func(t *testing.T) {
		for i := 0; i < 40; i++ {
			h.fake.FailNext("chat.update", slacktest.Failure{Status: 500})
		}
		h.ack(h.slash("/plan", "", "DU1", "U1"))
		m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
			return m.Channel == "DU1" && (m.Ephemeral || m.ThreadTS != "") && strings.Contains(m.Text, "card")
		})
		h.fake.ClearFailures()
		require.NoError(t, err, "the person is told; log:\n%s", h.stderr.String())
		assert.NotEmpty(t, m.Text)
	})
}
