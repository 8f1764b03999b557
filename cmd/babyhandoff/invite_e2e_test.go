package main

import (
	"context"
	"slices"
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

// Sam joins Maya's family with "Join Maya's family and take it" on the
// handoff: the invite she sent with it, in his DM, is answered in place
// ("You joined Maya's family"), without its Join and Not now, rather
// than offering a Join that would only say it was answered already.
func TestE2EFamilyJoinAndTakeAnswersTheInvite(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { setup(mm); m = mm })
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	inv, _ := h.invite("DU2")
	require.Contains(t, string(inv.Blocks), blocks.ActionFamilyJoin)
	var handoffID string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)
	// The invite's message is kept with the handoff just after it is
	// posted (a person's tap comes later than that).
	require.Eventually(t, func() bool {
		ho, err := dbOf(m).Handoff(context.Background(), h.team, handoffID)
		return err == nil && slices.ContainsFunc(ho.Sent, func(s bh.HandoffMessage) bool { return s.InviteTS == inv.TS })
	}, 10*time.Second, 10*time.Millisecond)

	clock.Advance(7 * time.Minute)
	h.joinAndTake("DU2", got.TS, "U2", handoffID)
	answered, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == inv.TS && m.Updated > 0
	})
	require.NoError(t, err, "the invite answered in place; log:\n%s", h.stderr.String())
	assert.Contains(t, string(answered.Blocks), "You joined Maya's family")
	assert.NotContains(t, string(answered.Blocks), blocks.ActionFamilyJoin, "no Join left")
	assert.NotContains(t, string(answered.Blocks), blocks.ActionFamilyNotNow, "no Not now left")
	assert.True(t, strings.HasPrefix(answered.Text, "Maya asked you"), "its words stay: %s", answered.Text)
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
