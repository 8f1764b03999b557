package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// storeID is an id as the store makes them: none may reach a person.
var storeID = regexp.MustCompile(`[0-9a-f]{24}`)

// A handoff hands over the receiver's night. Maya's evening notes at 9:40
// PM New York time, /plan, Hand off to Sam for 10 hours: Sam's message
// plans no "Night sleep" of Maya's for him; the handoff.md in his thread
// says Sam is on until 07:40 and Maya sleeps, as hers; his energy is his
// own (no note of his: medium, said so); it links nothing in Maya's DM
// and, like the .ics, writes no store id. At 7:45 AM Sam hands back, and
// Maya's handoff is made for her the same way.
func TestE2EHandoffPlanIsTheReceivers(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	for i, text := range []string{"out of formula", "slept 2h", "daycare form due tomorrow 5pm", "wipes < 1 day"} {
		h.note("DU1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	// Maya's own quiet hours are her sleep in Sam's plan, not the default.
	h.ack(h.slash("/radar", "quiet 23-5", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "Your quiet hours")

	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	raw := string(got.Blocks)
	assert.Contains(t, got.Text, "until Wed 7:40 AM", "on Sam's 12-hour clock (a US zone, no locale)")
	assert.Contains(t, raw, "Next", "the receiver's next hours")
	assert.NotContains(t, raw, "Night sleep", "Maya's night is not Sam's Next")

	md := waitFile(t, h, "handoff-v2.md")
	assert.Equal(t, got.TS, md.ThreadTS, "in Sam's thread")
	doc := string(md.Content)
	assert.Contains(t, doc, "## Who's on\n- Sam, until Wed 7:40 AM\n- 💤 Maya sleeps 11 PM–Wed 5 AM — wake them if you need a hand\n")
	assert.Contains(t, doc, "energy medium (no sleep or energy note from Sam in the last 24 h)", "Maya's 2 hours are not Sam's")
	assert.NotContains(t, doc, "Night sleep")
	assert.NotContains(t, doc, "archives/DU1", "Sam cannot open Maya's DM")
	assert.Contains(t, doc, "out of formula", "the note's words instead")
	assert.NotRegexp(t, storeID, doc)
	ics := waitFile(t, h, "plan-v2.ics")
	assert.Equal(t, got.TS, ics.ThreadTS)
	cal := strings.ReplaceAll(string(ics.Content), "\r\n ", "")
	assert.NotRegexp(t, storeID, cal, "no store id in the calendar")
	assert.NotContains(t, cal, "archives/DU1")
	assert.Contains(t, cal, "“out of formula”", "notes by their words")
	png := waitFile(t, h, "plan-v2.png")
	assert.Equal(t, got.TS, png.ThreadTS)

	var handoffID string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)
	clock.Advance(7 * time.Minute)
	h.joinAndTake("DU2", got.TS, "U2", handoffID)
	h.inThread("DU1", h.topLevel("DU1", "Handed off to <@U2>").TS, "has it from")
	clock.Advance(53 * time.Minute)
	h.note("DU2", "U2", "got formula", tsAt(clock.Now(), 1))

	// 7:45 AM: Sam hands back; the plan is Maya's.
	clock.Advance(time.Date(2026, 11, 25, 7, 45, 0, 0, ny).Sub(clock.Now()))
	assert.Nil(t, formErrors(t, h.ack(h.submitViewAs("U2", blocks.CallbackHandoff, blocks.HandoffMetadata("DU2", ""),
		handoffValues([]string{"U1"}, "", "now", 10, "", true)))))
	back := h.topLevel("DU1", "handed off to you")
	assert.Contains(t, back.Text, "<@U2> handed off to you, until Wed ")
	assert.NotContains(t, string(back.Blocks), "Night sleep")
	md = waitFile(t, h, "handoff-v3.md")
	assert.Equal(t, back.TS, md.ThreadTS, "in Maya's thread")
	doc = string(md.Content)
	// Sam's DM learns its zone from his first note, in the background:
	// the hours are not asserted here, only whose they are.
	assert.Contains(t, doc, "## Who's on\n- Maya, until Wed ")
	assert.NotContains(t, doc, "sleeps", "Sam's night was over: nobody's rest in Maya's day")
	// Sam joined to take it, so his hand back plans from the family's
	// list (v3), where Maya's own "slept 2h" sets her energy.
	assert.Contains(t, doc, "energy low (inferred)")
	assert.Contains(t, doc, "got formula", "Sam's note, in his DM, by its words")
	assert.NotContains(t, doc, "archives/DU2", "Maya cannot open Sam's DM")
	assert.NotRegexp(t, storeID, doc)
	ics = waitFile(t, h, "plan-v3.ics")
	assert.Equal(t, back.TS, ics.ThreadTS)
	assert.NotRegexp(t, storeID, strings.ReplaceAll(string(ics.Content), "\r\n ", ""))
	assert.Equal(t, 0, h.stop())
}
