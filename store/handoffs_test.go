package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestDutyIsOnePersonAConversation(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			none, err := db.Duty(ctx, "T1", "s1")
			require.NoError(t, err)
			assert.Empty(t, none.UserID, "nobody yet")

			at := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
			night := bh.Duty{TeamID: "T1", ShiftID: "s1", UserID: "U2", Since: at, Until: at.Add(10 * time.Hour), HandoffID: "h1"}
			require.NoError(t, db.SetDuty(ctx, night))
			got, err := db.Duty(ctx, "T1", "s1")
			require.NoError(t, err)
			assert.Equal(t, night, got)

			byHand := bh.Duty{TeamID: "T1", ShiftID: "s1", UserID: "U1", Since: at.Add(time.Hour)}
			require.NoError(t, db.SetDuty(ctx, byHand))
			got, err = db.Duty(ctx, "T1", "s1")
			require.NoError(t, err)
			assert.Equal(t, byHand, got, "replaced, open-ended")
			other, err := db.Duty(ctx, "T2", "s1")
			require.NoError(t, err)
			assert.Empty(t, other.UserID, "scoped by team")

			assert.Equal(t, bh.EINVALID, bh.ErrorCode(db.SetDuty(ctx, bh.Duty{TeamID: "T1", ShiftID: "s1"})), "nobody is not a duty")
		})
	}
}

func TestHandoffIsTakenOnceAndRemindedOnce(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			start := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
			h, err := db.CreateHandoff(ctx, bh.Handoff{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", From: "U1", To: []string{"U2", "U3"},
				Start: start, Hours: 10, Message: "bottle in the fridge", RunID: "r1"})
			require.NoError(t, err)
			require.NotEmpty(t, h.ID)
			require.NoError(t, db.HandoffSent(ctx, "T1", h.ID, "D1", "100.1", []bh.HandoffMessage{{UserID: "U2", ChannelID: "D2", TS: "200.1"}, {UserID: "U3", ChannelID: "D3", TS: "300.1"}}))

			waiting, err := db.WaitingHandoffs(ctx, start.Add(-24*time.Hour))
			require.NoError(t, err)
			require.Len(t, waiting, 1)
			assert.Equal(t, "bottle in the fridge", waiting[0].Message)
			assert.Equal(t, []bh.HandoffMessage{{UserID: "U2", ChannelID: "D2", TS: "200.1"}, {UserID: "U3", ChannelID: "D3", TS: "300.1"}}, waiting[0].Sent)

			byThread, err := db.HandoffByThread(ctx, "T1", "D1", "100.1")
			require.NoError(t, err)
			assert.Equal(t, h.ID, byThread.ID)
			_, err = db.HandoffByThread(ctx, "T1", "D1", "100.2")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))

			first, err := db.ClaimHandoffReminder(ctx, "T1", h.ID, start.Add(15*time.Minute))
			require.NoError(t, err)
			assert.True(t, first)
			again, err := db.ClaimHandoffReminder(ctx, "T1", h.ID, start.Add(30*time.Minute))
			require.NoError(t, err)
			assert.False(t, again, "one reminder, never more")
			waiting, err = db.WaitingHandoffs(ctx, start.Add(-24*time.Hour))
			require.NoError(t, err)
			assert.Empty(t, waiting, "reminded: nothing left to schedule")

			got, took, err := db.TakeHandoff(ctx, "T1", h.ID, "U3", start.Add(16*time.Minute))
			require.NoError(t, err)
			assert.True(t, took)
			assert.Equal(t, "U3", got.GotBy)
			assert.True(t, got.Taken())
			got, took, err = db.TakeHandoff(ctx, "T1", h.ID, "U2", start.Add(17*time.Minute))
			require.NoError(t, err)
			assert.False(t, took, "the first Got it wins")
			assert.Equal(t, "U3", got.GotBy)
			assert.Equal(t, start.Add(16*time.Minute), got.GotAt)

			_, err = db.Handoff(ctx, "T2", h.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "scoped by team")

			recent, err := db.RecentHandoffs(ctx, "T1", "s1", h.CreatedAt.Add(-24*time.Hour))
			require.NoError(t, err)
			require.Len(t, recent, 1, "taken and reminded, still recent")
			assert.Equal(t, h.ID, recent[0].ID)
			assert.Len(t, recent[0].Sent, 2, "with where it was sent")
			for _, none := range []struct{ team, shift string }{{"T2", "s1"}, {"T1", "s2"}} {
				other, err := db.RecentHandoffs(ctx, none.team, none.shift, h.CreatedAt.Add(-24*time.Hour))
				require.NoError(t, err)
				assert.Empty(t, other, "scoped by team and shift")
			}
			later, err := db.RecentHandoffs(ctx, "T1", "s1", h.CreatedAt.Add(time.Second))
			require.NoError(t, err)
			assert.Empty(t, later, "made before since")
		})
	}
}

func TestATakenHandoffIsNotReminded(t *testing.T) {
	ctx := context.Background()
	db := backends(t)["embedded"](t)
	h, err := db.CreateHandoff(ctx, bh.Handoff{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", From: "U1", To: []string{"U2"}, Hours: 8})
	require.NoError(t, err)
	_, took, err := db.TakeHandoff(ctx, "T1", h.ID, "U2", time.Now())
	require.NoError(t, err)
	require.True(t, took)
	claimed, err := db.ClaimHandoffReminder(ctx, "T1", h.ID, time.Now())
	require.NoError(t, err)
	assert.False(t, claimed)
}
