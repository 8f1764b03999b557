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
)

// nightOf is the Night sleep block's hours on a card ("21:00–05:00").
func nightOf(t *testing.T, card cardView) string {
	t.Helper()
	m := regexp.MustCompile(`\|(\d\d:\d\d)\\u003e–\\u003c!date\^\d+\^\{time\}\|(\d\d:\d\d)\\u003e\* Night sleep`).FindStringSubmatch(string(card.raw))
	require.NotNil(t, m, "a night block: %s", card.raw)
	return m[1] + "–" + m[2]
}

// Quiet hours stay per person. Maya sets hers (21–5); Sam, in her family,
// keeps the default. Each App Home shows its viewer's own; a plan keeps the
// night of the person it is for: Maya's for her, Sam's default for him,
// even when Maya asks for it while he is on duty. On duty, Sam's App Home
// leads with it, then his plan's next blocks.
func TestE2EQuietHoursArePerPerson(t *testing.T) {
	at := time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(at, 1))
	h.note("DU1", "U1", "pay daycare invoice due tomorrow 10am", tsAt(at, 2))

	// Sam joins Maya's family.
	h.ack(h.homeOpened("U1", ""))
	h.homeOf("U1", "just you", blocks.ActionFamilyAdd)
	h.ack(h.addPartner("U1", "U2"))
	inv, id := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "You joined")

	h.ack(h.slash("/radar", "quiet 21-5", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "Your quiet hours: 21:00–05:00")
	h.homeOf("U1", "Your quiet hours* · 21:00–05:00 (UTC):")
	h.ack(h.homeOpened("U2", ""))
	sam := h.homeOf("U2", "you and \\u003c@U1\\u003e share this list")
	assert.Contains(t, sam, "Your quiet hours* · 22:00–07:00 (UTC), the family's default", "Sam keeps the default")
	assert.NotContains(t, sam, "21:00–05:00", "Maya's hours are hers")

	h.ack(h.slash("/plan", "", "DU1", "U1"))
	assert.Equal(t, "21:00–05:00", nightOf(t, h.waitCard("DU1", "v1 · ")), "Maya's plan keeps her night")
	h.ack(h.slash("/plan", "", "DU2", "U2"))
	assert.Equal(t, "22:00–06:00", nightOf(t, h.waitCard("DU2", "v2 · ")), "Sam's plan keeps the plans' default")

	// Sam is on duty; Maya asks for a plan: it is made for him, with his night.
	h.ack(h.homeClick("U2", "VHOME", "home_duty", blocks.ActionDutyTake, "me"))
	h.homeOf("U1", "*On duty* · \\u003c@U2\\u003e since")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	assert.Equal(t, "22:00–06:00", nightOf(t, h.waitCard("DU1", "v3 · ")), "a plan for Sam keeps his night, not the asker's")

	// Sam's App Home leads with his duty, then his plan's next blocks:
	// his night, not Maya's; a block from a note has its Done.
	h.ack(h.homeOpened("U2", ""))
	home := h.homeOf("U2", "You're on duty for the family", "Latest plan* · v3 · ")
	assert.NotContains(t, home, blocks.ActionDutyTake, "already on duty")
	next := regexp.MustCompile(`"block_id":"` + blocks.BlockHomeNext + `[^"]*"`).FindString(home)
	require.NotEmpty(t, next, "a next block with its Done: %s", home)
	assert.Less(t, strings.Index(home, "You're on duty for the family"), strings.Index(home, "*Next* · your plan"))
	assert.Regexp(t, `\|22:00\\u003e–\\u003c!date\^\d+\^\{time\}\|06:00\\u003e\* Night sleep`, home, "his night on his Next")
	assert.Less(t, strings.Index(home, "*Next* · your plan"), strings.Index(home, `"home_settings"`), "Settings come after")
}
