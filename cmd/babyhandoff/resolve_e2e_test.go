package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// healthLineJSON is bh.HealthLine as it appears inside Slack's JSON.
func healthLineJSON(t *testing.T) string {
	raw, err := json.Marshal(bh.HealthLine)
	require.NoError(t, err)
	return strings.Trim(string(raw), `"`)
}

// A health note is seen, in full words, by whoever reads what is going on,
// and leaves only when someone taps Resolved: its capture reply carries the
// health line and Resolved; the card lists it with Resolved; a handoff made
// for the partner opens with it (in the notification too), even with no
// plan sent; Resolved from the partner's DM, once they joined, closes it, and the next card
// and App Home no longer list it.
func TestE2EHealthNoteIsSeenAndResolved(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	line := healthLineJSON(t)

	h.note("DU1", "U1", "baby 38.4 fever since 6pm", tsAt(clock.Now(), 1))
	reply := h.replyTo("DU1", tsAt(clock.Now(), 1))
	raw, _ := json.Marshal(reply.Form)
	assert.Contains(t, string(raw), line, "the capture reply carries the health line, not a grey tag")
	assert.Contains(t, string(raw), "Resolved")
	h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 2))

	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	assert.Contains(t, string(card.raw), line, "the card opens with the health line")
	assert.Contains(t, string(card.raw), `"action_id":"`+blocks.ActionHealthResolved+`"`, "Resolved on the card's health list")

	// Hand off without the plan: the health note goes all the same.
	h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHandoffOpen, card.runID))
	form := h.openedView(blocks.CallbackHandoff)
	meta := form["private_metadata"].(string)
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, meta, handoffValues([]string{"U2"}, "", "now", 10, "", false)))))
	got := h.topLevel("DU2", "handed off to you")
	assert.Contains(t, string(got.Blocks), line, "the partner's handoff opens with the health line")
	assert.Contains(t, string(got.Blocks), "baby 38.4 fever since 6pm")
	assert.Contains(t, got.Text, "Health: baby 38.4 fever", "the notification names it")
	assert.NotContains(t, string(got.Blocks), "archives/DU1", "no link into Maya's DM, which Sam cannot open: the words are quoted")
	var resolve string
	var bl []struct {
		BlockID   string `json:"block_id"`
		Accessory struct {
			ActionID string `json:"action_id"`
			Value    string `json:"value"`
		} `json:"accessory"`
	}
	require.NoError(t, json.Unmarshal(got.Blocks, &bl))
	for _, b := range bl {
		if strings.HasPrefix(b.BlockID, "handoff_health:") && b.Accessory.ActionID == blocks.ActionHandoffDone {
			resolve = b.Accessory.Value
		}
	}
	require.NotEmpty(t, resolve, "Resolved beside the health note; blocks: %s", got.Blocks)

	// Sam joins the family (only its members close its items).
	inv, id := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "You joined")
	clock.Advance(time.Hour)
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffDone, resolve))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), "~baby 38.4 fever since 6pm~ · resolved")
	})
	require.NoError(t, err, "struck through as resolved in the partner's message; log:\n%s", h.stderr.String())
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.TS == card.ts && m.Updated > 0 && strings.Contains(string(m.Blocks), "fever since 6pm\\u003e~ · resolved") &&
			!strings.Contains(string(m.Blocks), `"action_id":"`+blocks.ActionHealthResolved+`"`)
	})
	require.NoError(t, err, "the card says it is resolved, wherever it was resolved from")
	undo := h.ephemeral("DU2", "U2", "Resolved: baby 38.4 fever")
	assert.Contains(t, string(undo.Blocks), blocks.ActionHandoffUndone, "a private Undo, checked against the handoff")

	// Undo lists it again everywhere; Resolved again closes it.
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffUndone, resolve))
	h.ephemeral("DU2", "U2", "Listed again: baby 38.4 fever")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.TS == card.ts && strings.Contains(string(m.Blocks), `"action_id":"`+blocks.ActionHealthResolved+`"`)
	})
	require.NoError(t, err, "undone: the card offers Resolved again")
	h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHealthResolved, resolve[strings.Index(resolve, ":")+1:]))
	h.ephemeral("DU1", "U1", "Resolved: baby 38.4 fever")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), "~ · resolved") && m.Updated >= 3
	})
	require.NoError(t, err, "resolved from the card: the partner's handoff follows")

	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v2 := h.waitCard("DU1", "v2 · ")
	assert.NotContains(t, string(v2.raw), line, "a resolved note leaves the next card")
	h.ack(h.homeOpened("U1", ""))
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		b, _ := json.Marshal(c.JSON["view"])
		return c.JSON["user_id"] == "U1" && strings.Contains(string(b), "Your notes") && !strings.Contains(string(b), "fever")
	})
	require.NoError(t, err, "App Home no longer lists it")
	assert.Equal(t, 0, h.stop())
	for _, n := range h.notes("DU1", false) {
		if strings.Contains(n.Text, "fever") {
			require.True(t, n.Done(), "resolved")
			assert.Equal(t, "U1", n.DoneBy.User, "by who pressed it last")
		}
	}
}

// A health note a day without news is asked about, not dropped: App Home
// asks "Still a concern?"; Still a concern keeps it listed (recorded), and
// Resolved from App Home closes it.
func TestE2EHealthNoteIsAskedAboutAfterADay(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 14, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.note("DU1", "U1", "rash on her cheeks spreading", tsAt(clock.Now(), 1))
	reply := h.replyTo("DU1", tsAt(clock.Now(), 1))
	var noteID string
	for _, b := range buttons(t, json.RawMessage(reply.Form.Get("blocks"))) {
		if b.ActionID == blocks.ActionNoteDone {
			noteID = b.Value
		}
	}
	require.NotEmpty(t, noteID, "the reply's Resolved names the note")
	published := func(what string, ok func(string) bool) {
		t.Helper()
		h.ack(h.homeOpened("U1", ""))
		_, err := h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
			b, _ := json.Marshal(c.JSON["view"])
			return c.JSON["user_id"] == "U1" && ok(string(b))
		})
		require.NoError(t, err, "%s; log:\n%s", what, h.stderr.String())
	}
	published("App Home lists the note with Resolved, not yet asked", func(v string) bool {
		return strings.Contains(v, "rash on her cheeks") && strings.Contains(v, blocks.ActionHealthResolved) && !strings.Contains(v, "Still a concern?")
	})

	clock.Advance(25 * time.Hour)
	published("a day on, App Home asks", func(v string) bool {
		return strings.Contains(v, "Still a concern?") && strings.Contains(v, blocks.ActionHealthConcern)
	})
	h.ack(h.homeClick("U1", "VHOME", "home_health:"+noteID+":ask", blocks.ActionHealthConcern, noteID))
	h.ephemeral("DU1", "U1", "Still listed")
	published("answered: not asked again the same day", func(v string) bool {
		return strings.Contains(v, "rash on her cheeks") && !strings.Contains(v, "Still a concern?")
	})

	h.ack(h.homeClick("U1", "VHOME", "home_health:"+noteID+":ask", blocks.ActionHealthResolved, noteID))
	h.ephemeral("DU1", "U1", "Resolved: rash on her cheeks")
	published("resolved: gone from App Home", func(v string) bool {
		return strings.Contains(v, "Your notes") && !strings.Contains(v, "rash on her cheeks")
	})
	for _, n := range h.notes("DU1", false) {
		require.True(t, n.Done(), "resolved")
		require.NotNil(t, n.StillOnAt, "the answer is recorded")
		assert.Equal(t, "U1", n.DoneBy.User)
	}
}
