package radar_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// These tests learn a family's zone after the radar posted: its posts
// were filed under the day of the zone known then (UTC, already tomorrow
// at 9:40 PM in New York), and what they mean is read by the local date
// they were sent on in the zone known now.

func newYork(t *testing.T) *time.Location {
	t.Helper()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	return ny
}

// At 00:30, in quiet hours, the night's message is last evening's: the
// formula it showed is not new, so nothing new is posted at night.
func TestRadarNightKnowsLastEveningsMessageAfterTheZoneIsLearnt(t *testing.T) {
	ny := newYork(t)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	n := note(t, db, "D1", "out of formula", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	news, _ := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "the evening's message")

	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "America/New_York"))
	rig.watcher.Recompute(ctx, "T1", n.ShiftID)
	clock.Set(time.Date(2026, 11, 25, 0, 30, 0, 0, ny))
	rig.nudger.Tick(ctx)
	rig.nudger.Look(ctx, "T1", n.ShiftID, false)
	news, _ = notify.sent(bh.PostNudge)
	assert.Len(t, news, 1, "no second message in the night for the formula the parent was told of")
}

// A nudge a stopped process claimed at 9:40 PM, filed under the UTC day
// (already the 25th), is still the evening's when it is picked up at
// 9:45 PM after the zone was learnt: it is sent, not dropped as a day
// that is over.
func TestRadarResumesTheEveningsNudgeAfterTheZoneIsLearnt(t *testing.T) {
	ny := newYork(t)
	evening := time.Date(2026, 11, 24, 21, 40, 0, 0, ny)
	clock := clocktest.New(evening)
	db := openTestStore(t, clock)
	ctx := context.Background()
	n := note(t, db, "D1", "out of formula", "1.01")
	rig := newRadarRig(t, db, clock, &recNotifier{}, "p0")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	rig.stop()
	rec := bh.PostRecord{Key: "nudge:T1/" + n.ShiftID + "/2026-11-25/1", Kind: bh.PostNudge, TeamID: "T1", ShiftID: n.ShiftID,
		Day: "2026-11-25", Seq: 1, Level: bh.RiskCritical, Owner: "killed", ClaimedAt: evening, MadeAt: evening}
	claimed, err := db.ClaimPost(ctx, rec)
	require.NoError(t, err)
	require.True(t, claimed)
	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "America/New_York"))

	clock.Advance(5 * time.Minute)
	notify := &recNotifier{}
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc, Exclusive: true, Owner: "p1"})
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = nudger.Run(rctx) }()
	var left bh.PostRecord
	require.Eventually(t, func() bool {
		posts, err := db.Posts(ctx, "T1", n.ShiftID)
		require.NoError(t, err)
		for _, p := range posts {
			if p.Key == rec.Key && (p.Failed != "" || p.TS != "") {
				left = p
				return true
			}
		}
		return false
	}, 10*time.Second, 5*time.Millisecond, "the left claim was not settled")
	cancel()
	<-done
	assert.Empty(t, left.Failed, "the evening's nudge is not a day that is over")
	assert.NotEmpty(t, left.TS)
	assert.Equal(t, evening.UTC(), left.MadeAt.UTC(), "a claim taken over keeps when it was made")
}

// The morning outlook went out at noon UTC, before the family's zone was
// known: in Auckland, where they live, that was 1 AM on the 28th. Their
// morning of the 28th has had its outlook: no second one at 7:30.
func TestRadarOutlookOnceADayAfterTheZoneIsLearnt(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	n := note(t, db, "D1", "slept 2h", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	_, _, err := db.UpdateRadarSettings(ctx, "T1", n.ShiftID, func(s *bh.RadarSettings) bool { s.OutlookOn, s.OutlookHour = true, 7; return true })
	require.NoError(t, err)
	rig.nudger.Tick(ctx)
	news, _ := notify.sent(bh.PostOutlook)
	require.Len(t, news, 1, "the outlook, at noon UTC")

	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "Pacific/Auckland"))
	rig.watcher.Recompute(ctx, "T1", n.ShiftID)
	clock.Set(time.Date(2026, 11, 27, 18, 30, 0, 0, time.UTC)) // 7:30 AM on the 28th in Auckland
	rig.nudger.Tick(ctx)
	news, _ = notify.sent(bh.PostOutlook)
	assert.Len(t, news, 1, "one outlook on the 28th in Auckland")

	clock.Set(time.Date(2026, 11, 28, 18, 30, 0, 0, time.UTC)) // 7:30 AM on the 29th
	rig.nudger.Tick(ctx)
	news, _ = notify.sent(bh.PostOutlook)
	assert.Len(t, news, 2, "the next morning's")
}
