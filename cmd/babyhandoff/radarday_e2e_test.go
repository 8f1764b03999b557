package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// The window of the evening in #family between Sam's Join and his Got it,
// made certain: the radar's first message went to Maya's DM while the
// family's zone was not known yet (Slack did not answer), so it was
// filed under the UTC day (already tomorrow at 9:40 PM in New York). The
// zone is learnt at her next note, after Sam joined: #family is where new
// posts go now, but the risk is the same, so Maya's message is updated in
// place and nothing new is posted anywhere. A new top-level message comes
// only with a rise in risk, never with a change of route or of zone.
func TestE2ERadarZoneLearntLateKeepsTheDaysMessage(t *testing.T) {
	h, m, clock := nyFamilyChannel(t, 21, 40, "")

	// Slack does not tell anyone's profile for a while: the family's zone
	// stays DEFAULT_TZ (UTC), and the first message is filed on its day.
	for range 40 {
		h.fake.FailNext("users.info", slacktest.Failure{Error: "fatal_error"})
	}
	h.channelNote("C1", "U1", "out of formula", tsAt(clock.Now(), 1))
	first := h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "the evening's message in Maya's DM")[0]
	h.fake.ClearFailures()
	ctx := context.Background()
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "C1")
	require.NoError(t, err)
	s, err := dbOf(m).ShiftByID(ctx, h.team, fam.ShiftID)
	require.NoError(t, err)
	require.Empty(t, s.TZ, "the zone is not known yet")
	_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
	require.NoError(t, err)

	// 9:41 PM: her next note; the zone is learnt (New York: still today).
	clock.Advance(time.Minute)
	h.channelNote("C1", "U1", "slept 2h", tsAt(clock.Now(), 1))
	require.Eventually(t, func() bool {
		s, err := dbOf(m).ShiftByID(ctx, h.team, fam.ShiftID)
		return err == nil && s.TZ == "America/New_York"
	}, 10*time.Second, 10*time.Millisecond, "the zone learnt; log:\n%s", h.stderr.String())
	h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool {
		return len(ms) == 1 && ms[0].Updated > first.Updated
	}, "Maya's message updated in place")
	// 9:47 PM, the window before Sam's Got it: still nothing new.
	for range 120 {
		clock.Advance(3 * time.Second)
	}
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Empty(t, h.radarPostsIn("C1"), "no new message in #family for the same risk")
	assert.Len(t, h.radarPostsIn("DU1"), 1, "Maya's message stands, updated")
}
