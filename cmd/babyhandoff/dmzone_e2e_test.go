package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// Pat, in London (24-hour clock), joined Maya's New York family. His "pay
// bill by 5pm" in his own DM is due at 5 PM New York time for the whole
// family: his reply says so, naming the zone, and so does its update when
// he edits the note; his /radar holds the same moment (10 PM his time).
// Maya, in the family's zone, sees no zone named.
func TestE2EAReplyInADMSaysTheTimeTheFamilyHolds(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 11, 0, 0, 0, ny)) // Tue, 16:00 in London
	setup, nudgers := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; setup(mm) })
	<-nudgers
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Pat", TZ: "Europe/London", Locale: "en-GB"})

	form := tsAt(clock.Now(), 1)
	h.note("DU1", "U1", "daycare form due tomorrow 5pm", form)
	mine := h.replyMessage("DU1", form)
	assert.Contains(t, mine.Text, "(due Wed 5 PM)")
	assert.NotContains(t, mine.Text, "New York", "the writer's own zone is not named")
	ctx := context.Background()
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		sh, err := dbOf(m).ShiftByID(ctx, h.team, fam.ShiftID)
		return err == nil && sh.TZ == "America/New_York"
	}, 10*time.Second, 10*time.Millisecond, "the family learns Maya's zone")
	h.joinFamily(m, "DU1", "U2")

	bill := tsAt(clock.Now(), 2)
	h.note("DU2", "U2", "pay bill by 5pm", bill)
	reply := h.replyMessage("DU2", bill)
	assert.Contains(t, reply.Text, "(due Tue 17:00 New York time)", "the family's 5 PM on Pat's clock, its zone named")
	assert.Contains(t, unJSON.Replace(string(reply.Blocks)), "due Tue 17:00 New York time")

	// The radar holds the same moment.
	due := time.Date(2026, 11, 24, 17, 0, 0, 0, ny)
	h.ack(h.slash("/radar", "", "DU2", "U2"))
	var radar slacktest.Message
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		radar = m
		return m.Channel == "DU2" && m.Ephemeral && strings.Contains(string(m.Blocks), "pay bill")
	})
	require.NoError(t, err, "Pat's /radar; log:\n%s", h.stderr.String())
	assert.Contains(t, unJSON.Replace(string(radar.Blocks)), fmt.Sprintf("<!date^%d^", due.Unix()), "the radar's due is the reply's")

	// His edit: the reply follows, by the same rule.
	edit := map[string]any{
		"subtype": "message_changed", "hidden": true,
		"message":          map[string]any{"type": "message", "user": "U2", "text": "pay bill by 6pm", "ts": bill},
		"previous_message": map[string]any{"type": "message", "user": "U2", "text": "pay bill by 5pm", "ts": bill},
	}
	h.ack(h.message("DU2", "im", "", "", tsAt(clock.Now(), 3), edit))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == reply.TS && strings.Contains(m.Text, "(due Tue 18:00 New York time)")
	})
	require.NoError(t, err, "the edited note's reply; log:\n%s", h.stderr.String())

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
