package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// faultLoad is how many notes the connection-fault test sends, with a
// fault after every 20th: the minute of notes at 10 a second with
// a fault every 2 s (600 notes, 30 faults), fewer under -short and the
// race detector (raceEnabled). The schedule counts notes, not seconds, so a
// slow machine sends the same notes and faults as a fast one.
func faultLoad() int {
	switch {
	case testing.Short():
		return 60
	case raceEnabled:
		return 200
	}
	return 600
}

// faultWindow is how many notes the connection-fault test has in flight.
const faultWindow = 4

// TestE2ESocketFaultsUnderLoad sends a stream of notes and a /plan every
// 40th while Slack says disconnect (warning, refresh_requested) after
// every 20th note and, at every seventh fault, the socket drops without a
// close frame: no note is lost or answered twice, and every /plan gets its
// card. Notes go as fast as the bot answers them, faultWindow at a time
// (a note waits for the answer to the one faultWindow before it, so the
// bot's queue never fills and no note is left for a redelivery that only a
// later fault would bring), and a send waits for a live connection: each
// fault finds one, with notes in flight on it.
func TestE2ESocketFaultsUnderLoad(t *testing.T) {
	h := start(t)
	load := faultLoad()
	notesSent := 0
	var plans []string
	reasons := []string{"warning", "refresh_requested"}
	faults := 0
	for notesSent < load {
		if notesSent >= faultWindow {
			h.replyTo("DU1", fmt.Sprintf("1700002000.%06d", notesSent-faultWindow))
		}
		ts := fmt.Sprintf("1700002000.%06d", notesSent)
		h.message("DU1", "im", "U1", fmt.Sprintf("task: thing %d", notesSent), ts, nil)
		notesSent++
		if notesSent%40 == 0 {
			plans = append(plans, h.slash("/plan", "", "DU1", "U1"))
		}
		if notesSent%20 == 0 {
			if faults%7 == 3 {
				h.fake.DropConnections()
			} else {
				h.fake.Disconnect(reasons[faults%2])
			}
			faults++
		}
	}
	for i := 0; i < notesSent; i++ {
		h.replyTo("DU1", fmt.Sprintf("1700002000.%06d", i))
	}
	// Slack never retries a slash command: one sent as its socket dropped
	// is lost to Slack (the person sees Slack's timeout). Every /plan the
	// bot acked gets its card.
	acked := map[string]bool{}
	for _, a := range h.fake.Acks() {
		acked[a.EnvelopeID] = true
	}
	wantCards := 0
	for _, id := range plans {
		if acked[id] {
			wantCards++
		}
	}
	require.Eventually(t, func() bool {
		cards := 0
		for _, m := range h.fake.Messages("DU1") {
			if strings.Contains(titleOf(m), " · next 12h") {
				cards++
			}
		}
		return cards >= wantCards
	}, 30*time.Second, 20*time.Millisecond, "every acked /plan gets its card; log:\n%s", h.stderr.String())
	assert.GreaterOrEqual(t, h.fake.ConnectCount(), faults/2, "the bot reconnected after the faults")
	seen := map[string]int{}
	for _, c := range h.fake.Calls("chat.postMessage") {
		if tts := c.Form.Get("thread_ts"); strings.HasPrefix(tts, "1700002000.") {
			seen[tts]++
		}
	}
	for ts, k := range seen {
		assert.Equal(t, 1, k, "reply count for %s", ts)
	}
	notes := h.notes("DU1", false)
	assert.Len(t, notes, notesSent, "no note lost or doubled")
	t.Logf("%d notes, %d plans (%d acked), %d faults, %d connections", notesSent, len(plans), wantCards, faults, h.fake.ConnectCount())
}

// TestE2ELinkDisabledStopsWithAClearMessage: Slack disabled Socket Mode for
// the app; reconnecting is pointless, so the bot stops and says what to do.
func TestE2ELinkDisabledStopsWithAClearMessage(t *testing.T) {
	h := start(t)
	h.fake.Disconnect("link_disabled")
	select {
	case code := <-h.done:
		h.stopped = true
		assert.Equal(t, 1, code)
	case <-time.After(10 * time.Second):
		t.Fatalf("the bot did not stop; log:\n%s", h.stderr.String())
	}
	assert.Contains(t, h.stderr.String(), "link_disabled")
	assert.Contains(t, h.stderr.String(), "turn Socket Mode back on")
}

// TestE2ETooManyWebsocketsIsRetried: Slack closes a connection because the
// app has too many (a disconnect with reason too_many_websockets), then
// apps.connections.open refuses once; the bot says so, keeps trying and
// connects.
func TestE2ETooManyWebsocketsIsRetried(t *testing.T) {
	h := start(t)
	h.fake.Disconnect("too_many_websockets")
	require.Eventually(t, func() bool { return strings.Contains(h.stderr.String(), "too many Socket Mode connections") }, 10*time.Second, 10*time.Millisecond)
	before := h.fake.ConnectCount()
	h.fake.FailNext("apps.connections.open", slacktest.Failure{Error: "too_many_websockets"})
	h.fake.DropConnections()
	require.Eventually(t, func() bool { return h.fake.ConnectCount() > before }, 20*time.Second, 20*time.Millisecond,
		"no reconnect after too_many_websockets; log:\n%s", h.stderr.String())
	h.ack(h.message("DU1", "im", "U1", "slept 3h", "1700003000.000100", nil))
	h.replyTo("DU1", "1700003000.000100")
}
