package storetest

import (
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

var handoffCases = []suiteCase{
	{"DutyIsOnePersonAFamilyAndEndsOnTime", func(h *H) {
		s1 := h.Family("D1")
		none, err := h.Duty(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.Duty{TeamID: Team, ShiftID: s1}, none, "nobody yet")
		at := h.Clock.Now().Add(12 * time.Hour)
		night := bh.Duty{TeamID: Team, ShiftID: s1, UserID: "U2", Since: at, Until: at.Add(10 * time.Hour), HandoffID: "h1"}
		require.NoError(h.T, h.SetDuty(h.Ctx, night))
		onAt := func() (next, on bool) {
			d, err := h.Duty(h.Ctx, Team, s1)
			require.NoError(h.T, err)
			assert.Equal(h.T, night, d)
			return d.Next(h.Clock.Now()), d.OnAt(h.Clock.Now())
		}
		for _, step := range []struct {
			by       time.Duration
			next, on bool
		}{{0, true, false}, {12 * time.Hour, false, true}, {10*time.Hour - time.Second, false, true}, {time.Second, false, false}, {24 * time.Hour, false, false}} {
			h.Clock.Advance(step.by)
			next, on := onAt()
			assert.Equal(h.T, []bool{step.next, step.on}, []bool{next, on}, "at %s", h.Clock.Now())
		}
		byHand := bh.Duty{TeamID: Team, ShiftID: s1, UserID: "U1", Since: h.Clock.Now()}
		require.NoError(h.T, h.SetDuty(h.Ctx, byHand))
		got, err := h.Duty(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		assert.Equal(h.T, byHand, got, "replaced, open-ended")
		h.Clock.Advance(30 * 24 * time.Hour)
		assert.True(h.T, got.OnAt(h.Clock.Now()), "on until someone else takes it, on day 30 too")
		other, err := h.Duty(h.Ctx, "T2", s1)
		require.NoError(h.T, err)
		assert.Empty(h.T, other.UserID, "scoped by team")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(h.SetDuty(h.Ctx, bh.Duty{TeamID: Team, ShiftID: s1})), "nobody is not a duty")
	}},
	{"AHandoffIsTakenOnceAndRemindedOnce", func(h *H) {
		s1 := h.Family("D1")
		start := h.Clock.Now().Add(12 * time.Hour)
		hf, err := h.CreateHandoff(h.Ctx, bh.Handoff{TeamID: Team, ShiftID: s1, ChannelID: "D1", From: "U1", To: []string{"U2", "U3"},
			Start: start, Hours: 10, Message: "bottle in the fridge", RunID: "r1"})
		require.NoError(h.T, err)
		require.NotEmpty(h.T, hf.ID)
		assert.Equal(h.T, h.Clock.Now(), hf.CreatedAt)
		sent := []bh.HandoffMessage{{UserID: "U2", ChannelID: "D2", TS: "200.1"}, {UserID: "U3", ChannelID: "D3", TS: "300.1"}}
		require.NoError(h.T, h.HandoffSent(h.Ctx, Team, hf.ID, "D1", "100.1", sent))

		waiting, err := h.WaitingHandoffs(h.Ctx, start.Add(-24*time.Hour))
		require.NoError(h.T, err)
		require.Len(h.T, waiting, 1)
		hf.ThreadChannel, hf.ThreadTS, hf.Sent = "D1", "100.1", sent
		assert.Equal(h.T, hf, waiting[0])
		byThread, err := h.HandoffByThread(h.Ctx, Team, "D1", "100.1")
		require.NoError(h.T, err)
		assert.Equal(h.T, hf.ID, byThread.ID)
		_, err = h.HandoffByThread(h.Ctx, Team, "D1", "100.2")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))

		first, err := h.ClaimHandoffReminder(h.Ctx, Team, hf.ID, start.Add(15*time.Minute))
		require.NoError(h.T, err)
		again, err := h.ClaimHandoffReminder(h.Ctx, Team, hf.ID, start.Add(30*time.Minute))
		require.NoError(h.T, err)
		assert.Equal(h.T, []bool{true, false}, []bool{first, again}, "one reminder, never more")
		waiting, err = h.WaitingHandoffs(h.Ctx, start.Add(-24*time.Hour))
		require.NoError(h.T, err)
		assert.Empty(h.T, waiting, "reminded: nothing left to schedule")

		got, took, err := h.TakeHandoff(h.Ctx, Team, hf.ID, "U3", start.Add(16*time.Minute))
		require.NoError(h.T, err)
		assert.True(h.T, took)
		assert.True(h.T, got.Taken())
		got, took, err = h.TakeHandoff(h.Ctx, Team, hf.ID, "U2", start.Add(17*time.Minute))
		require.NoError(h.T, err)
		assert.False(h.T, took, "the first Got it wins")
		assert.Equal(h.T, []any{"U3", start.Add(16 * time.Minute)}, []any{got.GotBy, got.GotAt})
		_, err = h.Handoff(h.Ctx, "T2", hf.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "scoped by team")

		taken, err := h.CreateHandoff(h.Ctx, bh.Handoff{TeamID: Team, ShiftID: s1, ChannelID: "D1", From: "U1", To: []string{"U2"}, Start: start, Hours: 8})
		require.NoError(h.T, err)
		_, took, err = h.TakeHandoff(h.Ctx, Team, taken.ID, "U2", start)
		require.NoError(h.T, err)
		require.True(h.T, took)
		claimed, err := h.ClaimHandoffReminder(h.Ctx, Team, taken.ID, start.Add(time.Hour))
		require.NoError(h.T, err)
		assert.False(h.T, claimed, "a taken handoff is not reminded")

		recent, err := h.RecentHandoffs(h.Ctx, Team, s1, hf.CreatedAt.Add(-24*time.Hour))
		require.NoError(h.T, err)
		require.Len(h.T, recent, 2)
		assert.Equal(h.T, []any{hf.ID, 2}, []any{recent[0].ID, len(recent[0].Sent)}, "oldest first, with where it was sent")
		for _, none := range []struct{ team, shift string }{{"T2", s1}, {Team, "s2"}} {
			other, err := h.RecentHandoffs(h.Ctx, none.team, none.shift, hf.CreatedAt.Add(-24*time.Hour))
			require.NoError(h.T, err)
			assert.Empty(h.T, other, "scoped by team and family")
		}
		later, err := h.RecentHandoffs(h.Ctx, Team, s1, hf.CreatedAt.Add(time.Second))
		require.NoError(h.T, err)
		assert.Empty(h.T, later, "made before since")
	}},
}
