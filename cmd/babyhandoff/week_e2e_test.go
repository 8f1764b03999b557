package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// A family's week through the fake Slack on the settable clock: notes every
// day, plans every day, an item ticked done, one restocked by a note, the
// sample loaded and cleared, a plan for tomorrow morning. Nothing stale or
// done is planned, energy follows the last 24 hours, the sample never
// nudges.
func TestE2EWeek(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 11, 23+d, h, 0, 0, 0, time.UTC) } // d=0: Monday
	clock := clocktest.New(day(0, 9))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	<-nudgers
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	n := 0
	write := func(text string) {
		t.Helper()
		n++
		h.note("DU1", "U1", text, tsAt(clock.Now(), n))
	}
	plan := func(args, want string) cardView {
		t.Helper()
		h.ack(h.slash("/plan", args, "DU1", "U1"))
		return h.waitCard("DU1", want)
	}

	// Monday: a bad night, wipes running low, a form due tomorrow, diapers.
	write("slept 2 hours")
	write("low: wipes < 1 day")
	write("deadline: daycare form due tomorrow 5pm")
	write("task: buy diapers today")
	v1 := plan("", "v1 · next 12h")
	assert.Contains(t, string(v1.raw), "Low — from your notes")
	items, _, _ := h.markDoneForm("DU1", v1.ts, "U1", v1.runID)
	require.Contains(t, items, "buy diapers — due Mon 23:59", "%v", items)
	h.ack(h.tick("DU1", v1.ts, "U1", v1.runID, items["buy diapers — due Mon 23:59"]))
	h.ephemeral("DU1", "U1", "Done: buy diapers")

	// Tuesday: a good night, wipes bought.
	clock.Set(day(1, 9))
	write("slept 8 hours straight")
	n++
	h.ack(h.message("DU1", "im", "U1", "got wipes", tsAt(clock.Now(), n), nil))
	h.replyTo("DU1", tsAt(clock.Now(), n))
	assert.Contains(t, h.replyMessage("DU1", tsAt(clock.Now(), n)).Text, "closes: running low — wipes &lt; 1 day")
	v2 := plan("", "v2 · next 12h")
	assert.Contains(t, string(v2.raw), "High — from your notes", "the last 24 hours decide")
	assert.NotContains(t, string(v2.raw), "buy diapers", "done: not planned")
	assert.NotContains(t, string(v2.raw), "Restock wipes", "restocked by a note: not planned")
	assert.Contains(t, string(v2.raw), "daycare form — due \\u003c!date^1795539600^{date_short_pretty} {time}|Tue 17:00\\u003e", "yesterday's tomorrow, said as a date")
	assert.NotContains(t, string(v2.raw), "tomorrow 5pm", "the note's words for when are not a title")

	// Wednesday, late morning: the form is overdue; Tuesday's sleep note is
	// more than a day old.
	clock.Set(day(2, 10))
	v3 := plan("", "v3 · next 12h")
	assert.Contains(t, string(v3.raw), "Medium — no recent sleep note")
	assert.Contains(t, string(v3.raw), `daycare form — overdue since \u003c!date^1795539600^{date_short_pretty} {time}|Tue 17:00\u003e`)
	assert.Contains(t, string(v3.raw), `"action_id":"`+blocks.ActionOverdue+`"`, "it asks: done, still on it, drop")
	assert.NotContains(t, string(v3.raw), "buy diapers")

	// The sample, apart, and never on the radar: no radar post of any kind
	// names its notes (its running-low wipes and diaper cream are high risk).
	sample := plan("sample", "Sample · v1 · ")
	assert.NotEmpty(t, sample.runID)
	for range 5 {
		clock.Advance(3 * time.Second)
		time.Sleep(20 * time.Millisecond)
	}
	for _, c := range h.fake.Calls("chat.postMessage") {
		if strings.Contains(c.Form.Get("metadata"), "babyhandoff_radar_post") {
			assert.NotContains(t, c.Form.Get("blocks"), "diaper cream", "the sample never nudges")
			assert.NotContains(t, c.Form.Get("channel"), "sample", "the sample never nudges")
		}
	}
	h.ack(h.homeClick("U1", "V1", "home_sample", blocks.ActionClearSample, "clear"))
	h.ephemeral("DU1", "U1", "Sample cleared (6 notes)")

	// Thursday's morning, planned the evening before.
	clock.Set(day(2, 20))
	v4 := plan("tomorrow 7am", "v4 · Thu 07:00–19:00")
	assert.Contains(t, string(v4.raw), `|07:00\u003e`, "blocks from 07:00")
	assert.NotContains(t, string(v4.raw), `|20:00\u003e–`, "nothing planned from now")

	notes := h.notes("DU1", false)
	done := map[string]bool{}
	for _, n := range notes {
		done[n.Text] = n.Done()
	}
	assert.True(t, done["buy diapers today"])
	assert.True(t, done["wipes < 1 day"], "closed by \"got wipes\"")
	assert.False(t, done["daycare form due tomorrow 5pm"])
	assert.Len(t, notes, 6, "the family's notes only: the sample is apart")
}
