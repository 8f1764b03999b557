package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// radarPostsIn lists the radar's own messages in channel (they carry its
// claim as metadata), threaded or not.
func (h *harness) radarPostsIn(channel string) []slacktest.Message {
	var out []slacktest.Message
	for _, m := range h.fake.Messages(channel) {
		if !m.Ephemeral && strings.Contains(string(m.Metadata), "babyhandoff_radar_post") {
			out = append(out, m)
		}
	}
	return out
}

// waitRadar moves the clock past each debounce until match holds for the
// radar's messages in channel.
func (h *harness) waitRadar(clock *clocktest.Clock, channel string, match func([]slacktest.Message) bool, why string) []slacktest.Message {
	h.t.Helper()
	var got []slacktest.Message
	require.Eventually(h.t, func() bool {
		clock.Advance(3 * time.Second)
		got = h.radarPostsIn(channel)
		return match(got)
	}, 10*time.Second, 10*time.Millisecond, "%s; log:\n%s", why, h.stderr.String())
	return got
}

// The one on duty hears it; the one asleep does not. Maya's notes at 9:40
// PM New York time, the outlook at 7, a handoff to Sam (who joined the
// family) until 7:40 AM, his Got it at 9:47: a critical item at 11 PM is
// posted in Sam's DM only, under his handoff message, and Maya's message
// is only ever updated in place; the 7 AM outlook and the new day's
// message go to Sam; once his duty is over, the radar speaks to whoever
// wrote the note again.
func TestE2ERadarFollowsTheOneOnDuty(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; setup(mm) })
	var nudger *radar.Nudger
	select {
	case nudger = <-nudgers: // after this, m.db is set
	case <-time.After(10 * time.Second):
		t.Fatal("no nudger")
	}
	ctx := context.Background()
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	for i, text := range []string{"out of formula", "slept 2h", "daycare form due tomorrow 5pm", "wipes < 1 day"} {
		h.note("DU1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/radar", "outlook 7", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "every day at 7 AM")
	mayas := h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "Maya's evening message")

	// Sam joins the family (through the store: Join is another step's),
	// and takes the handoff.
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
	require.NoError(t, err)
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	var handoffID string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)
	clock.Advance(7 * time.Minute)
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffGotIt, handoffID))
	h.inThread("DU1", h.topLevel("DU1", "Handed off to <@U2>").TS, "has it from")

	// 11 PM: out of diapers, noted by Maya. The rise reaches Sam only,
	// under his handoff message (broadcast, so it notifies), and says
	// he is on duty without a mention.
	clock.Advance(time.Date(2026, 11, 24, 23, 0, 0, 0, ny).Sub(clock.Now()))
	h.note("DU1", "U1", "out of diapers", tsAt(clock.Now(), 1))
	sams := h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "the 11 PM rise in Sam's DM")
	assert.Equal(t, got.TS, sams[0].ThreadTS, "under his handoff message")
	assert.Contains(t, string(sams[0].Blocks), "diapers")
	assert.Contains(t, string(sams[0].Blocks), "You're on duty until")
	assert.NotContains(t, string(sams[0].Blocks), `\u003c@U2\u003e`, "no mention of Sam to himself")
	broadcast, err := h.fake.WaitCall(h.ctx(), "chat.postMessage", func(c slacktest.Call) bool {
		return c.Form.Get("channel") == "DU2" && c.Form.Get("thread_ts") == got.TS && c.Form.Get("metadata") != ""
	})
	require.NoError(t, err)
	assert.Equal(t, "true", broadcast.Form.Get("reply_broadcast"), "a thread reply alone would notify nobody")
	assert.Len(t, h.radarPostsIn("DU1"), 1, "nothing new for Maya")

	// 11:30 PM: diapers done (no rise): both standing messages are updated
	// in place; Maya's names Sam rather than mentioning him.
	diapers := noteByText(t, m, h.team, fam.ShiftID, "out of diapers")
	_, err = dbOf(m).MarkNoteDone(ctx, h.team, diapers.ID, true)
	require.NoError(t, err)
	h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 && ms[0].Updated > 0 }, "Maya's message updated")
	h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool { return len(ms) == 1 && ms[0].Updated > 0 }, "Sam's message updated")
	maya := h.radarPostsIn("DU1")[0]
	assert.Equal(t, mayas[0].TS, maya.TS)
	assert.Contains(t, string(maya.Blocks), "On duty: Sam until")
	assert.NotContains(t, string(maya.Blocks), `\u003c@U2\u003e`, "a mention in Maya's DM reaches nobody")

	// 7 AM, a new day: the outlook, and the day's message, are Sam's.
	clock.Advance(time.Date(2026, 11, 25, 7, 0, 0, 0, ny).Sub(clock.Now()))
	nudger.Tick(ctx)
	h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool {
		for _, m := range ms {
			if strings.Contains(m.Text, "Morning outlook") {
				return true
			}
		}
		return false
	}, "the outlook in Sam's DM")
	for _, p := range h.radarPostsIn("DU1") {
		assert.NotContains(t, p.Text, "Morning outlook")
	}
	assert.Len(t, h.radarPostsIn("DU1"), 1, "Maya slept through: still one message of hers, from last night")

	// 9 AM: Sam's duty ended at 7:40; out of diapers again, noted by
	// Maya: her DM.
	clock.Advance(time.Date(2026, 11, 25, 9, 0, 0, 0, ny).Sub(clock.Now()))
	samsBefore := len(h.radarPostsIn("DU2"))
	h.note("DU1", "U1", "out of diapers again", tsAt(clock.Now(), 1))
	h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 2 }, "the day's rise in Maya's DM")
	assert.Len(t, h.radarPostsIn("DU2"), samsBefore, "nothing new for Sam once off duty")
	assert.Equal(t, 0, h.stop())
}

// noteByText finds an open note of the family by its words.
func noteByText(t *testing.T, m *Main, team, shiftID, text string) bh.Note {
	t.Helper()
	live, err := dbOf(m).LiveNotes(context.Background(), team, shiftID, time.Now().Add(24*time.Hour))
	require.NoError(t, err)
	for _, n := range live.Notes {
		if strings.Contains(n.Text, text) || strings.Contains(n.RawText, text) {
			return n
		}
	}
	t.Fatalf("no note %q", text)
	return bh.Note{}
}
