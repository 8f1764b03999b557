package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// untrue are words whose truth depends on the hour they are read: the
// notes' own "tomorrow" and "tonight", and durations counted from when a
// message was written ("in 2 h 15 min").
var untrue = regexp.MustCompile(`(?i)\b(tomorrow|tonight|yesterday|today)\b|\bin \d+ (h|min)\b|\d+ h \d+ min|\(in `)

// dateToken is Slack's date formatting: Slack writes it for each reader at
// the moment they read it ("today", "tomorrow"), so only its fallback, an
// absolute time, is text of ours.
var dateToken = regexp.MustCompile(`<!date\^\d+\^[^|>]*\|([^>]*)>`)

var unJSON = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&",
	// A snooze's button: its words are true whenever it is pressed.
	`"Until tomorrow"`, `""`, `"radar_snooze_tomorrow"`, `""`, `"value":"tomorrow"`, `""`)

// falseAt lists the untrue words in a surface's text, Slack's date tokens
// read as their fallbacks.
func falseAt(text string) []string {
	return untrue.FindAllString(dateToken.ReplaceAllString(unJSON.Replace(text), "$1"), -1)
}

// surfaces are the bot's messages a person reads in channel: top-level
// messages and radar posts (threaded under a handoff or not), with their
// notification texts; not the replies to each note, which echo the note.
func (h *harness) surfaces(channel string) map[string]string {
	out := map[string]string{}
	for _, m := range h.fake.Messages(channel) {
		radarPost := strings.Contains(string(m.Metadata), "babyhandoff_radar_post") || strings.Contains(m.Text, "New: ")
		if m.Ephemeral || (m.ThreadTS != "" && !radarPost) {
			continue
		}
		out[channel+" "+m.TS+" · "+m.Text] = m.Text + "\n" + string(m.Blocks)
	}
	return out
}

// homeView is user's App Home as last published.
func (h *harness) homeView(user string) string {
	h.t.Helper()
	h.ack(h.homeOpened(user, ""))
	c, err := h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool { return c.JSON["user_id"] == user })
	require.NoError(h.t, err, "no App Home for %s; log:\n%s", user, h.stderr.String())
	raw, err := json.Marshal(c.JSON["view"])
	require.NoError(h.t, err)
	return string(raw)
}

// withoutEvidence is handoff.md but its Notes, where the notes are
// quoted as written, each with when it was written.
func withoutEvidence(t *testing.T, doc string) string {
	t.Helper()
	head, notes, ok := strings.Cut(doc, "## Notes")
	if !ok {
		return doc
	}
	notes, tail, _ := strings.Cut(notes, "\n\n*")
	for _, line := range strings.Split(notes, "\n") {
		if strings.HasPrefix(line, "- ") {
			assert.Regexp(t, `^- \w{3} [^·]+ · `, line, "a quoted note says when it was written")
		}
	}
	return head + "*" + tail
}

// The evening of the issue, read at 9:40 PM, at 3 AM and at 3 PM the next
// day on the settable clock: Maya's notes, her plan, the radar's messages
// (the standing one, reminders, the morning outlook), a handoff to Sam
// until 7:45 AM, App Home and handoff.md. No surface shows, at the hour it
// is read, a relative word or a duration that is false then: titles name
// the item ("daycare form"), dates are Slack's tokens over absolute
// fallbacks, and the standing message is updated in place as the deposit
// turns overdue in the night.
func TestE2EWordsStayTrueAtAnyHour(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, ny) }
	clock := clocktest.New(at(24, 21, 40))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	var nudger *radar.Nudger
	select {
	case nudger = <-nudgers:
	case <-time.After(10 * time.Second):
		t.Fatal("no nudger")
	}
	ctx := context.Background()
	to := func(t time.Time) { clock.Advance(t.Sub(clock.Now())) }
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})

	read := func(when string) {
		t.Helper()
		for i := 0; i < 3; i++ {
			clock.Advance(3 * time.Second)
			nudger.Tick(ctx)
		}
		for _, ch := range []string{"DU1", "DU2"} {
			for name, text := range h.surfaces(ch) {
				assert.Empty(t, falseAt(text), "%s, read at %s:\n%s", name, when, text)
			}
		}
		for _, u := range []string{"U1", "U2"} {
			assert.Empty(t, falseAt(h.homeView(u)), "App Home of %s, read at %s", u, when)
		}
	}

	// 9:40 PM: Maya's notes, the outlook at 7, her plan and its file.
	for i, text := range []string{
		"out of formula", "baby 38.4 fever since 6pm", "daycare form due tomorrow 5pm",
		"pay daycare deposit online by 11:59pm tonight", "wipes < 1 day", "slept 2h",
		"pediatrician appt tomorrow 10:30am", "call grandma tomorrow",
	} {
		h.note("DU1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/radar", "outlook 7", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "every day at 7 AM") // on Maya's 12-hour clock
	evening := h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) >= 1 }, "Maya's evening message")
	assert.Contains(t, evening[0].Text, "🔴 Out of formula · +", "the lock screen leads with what is out now (after the count of health notes)")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	h.ack(h.click("DU1", card.ts, "U1", "card_download", card.runID))
	doc := string(waitFile(t, h, "handoff-v1.md").Content)
	assert.Contains(t, doc, "daycare form due tomorrow 5pm", "the note's words stay in the evidence")
	assert.Empty(t, falseAt(withoutEvidence(t, doc)), "handoff.md at 9:43 PM:\n%s", doc)

	// 9:45 PM: a handoff to Sam until 7:45 AM; he joins and takes it.
	to(at(24, 21, 45))
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	handed := h.topLevel("DU2", "handed off to you")
	inv, inviteID := h.invite("DU2")
	to(at(24, 21, 47))
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, inviteID))
	h.ephemeral("DU2", "U2", "You joined")
	h.ack(h.click("DU2", handed.TS, "U2", blocks.ActionHandoffGotIt, gotItOf(t, handed.Blocks)))
	read("9:47 PM")

	// The night, five minutes at a time, to 3 AM: the deposit turns
	// overdue at midnight, in quiet hours.
	for now := at(24, 21, 50); !now.After(at(25, 3, 0)); now = now.Add(5 * time.Minute) {
		to(now)
		nudger.Tick(ctx)
	}
	read("3 AM")
	// Maya's standing message, made at 9:40 PM, shows the deposit overdue.
	var overdue bool
	for _, m := range h.radarPostsIn("DU1") {
		if strings.Contains(string(m.Blocks), "pay daycare deposit online") && strings.Contains(string(m.Blocks), "*overdue*") && m.Updated > 0 {
			overdue = true
		}
	}
	assert.True(t, overdue, "the standing message was updated in place as the deposit turned overdue; log:\n%s", h.stderr.String())

	// 3 PM: the outlook and the form's reminder have gone out; Maya plans
	// again and downloads the file.
	for now := at(25, 3, 15); !now.After(at(25, 15, 0)); now = now.Add(15 * time.Minute) {
		to(now)
		nudger.Tick(ctx)
	}
	read("3 PM")
	var reminded bool
	for _, ch := range []string{"DU1", "DU2"} {
		for _, m := range h.radarPostsIn(ch) {
			if strings.Contains(m.Text, "⏰ Reminder: daycare form — due Wed 5 PM") {
				reminded = true
			}
		}
	}
	assert.True(t, reminded, "the form's reminder names the item and its time")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	later := h.waitCard("DU1", "v3 · ")
	for _, word := range falseAt(later.text + string(later.raw)) {
		t.Errorf("the 3 PM card says %q", word)
	}
	h.ack(h.click("DU1", later.ts, "U1", "card_download", later.runID))
	doc = string(waitFile(t, h, "handoff-v3.md").Content)
	assert.Empty(t, falseAt(withoutEvidence(t, doc)), "handoff.md at 3 PM:\n%s", doc)
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// "form due by fri", noted on a Tuesday morning, is "due Fri …" wherever
// the plan is shown in a message made that day: the card (its lines and
// what waits) and the handoff message; Slack's own date token alone would
// write "Nov 27, 2026".
func TestE2EADayThisWeekIsNamedByItsWeekday(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 10, 0, 0, 0, ny)) // a Tuesday
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	for i, text := range []string{"daycare form due by fri", "pay daycare invoice by fri 5pm", "slept 8h"} {
		h.note("DU1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	fri := regexp.MustCompile(`Fri <!date\^\d+\^\{time\}\|`)
	raw := unJSON.Replace(string(card.raw))
	assert.Regexp(t, fri, raw, "the card names Friday")
	assert.NotContains(t, raw, "{date_short_pretty} {time}|Fri", "no Friday is left to Slack's date")
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	handed := unJSON.Replace(string(h.topLevel("DU2", "handed off to you").Blocks))
	assert.Regexp(t, fri, handed, "the handoff message names Friday")
	assert.NotContains(t, handed, "{date_short_pretty} {time}|Fri")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
