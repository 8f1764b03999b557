package radar_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// Reshow redraws the day's message in one conversation, in place, with the
// state as it is now, and posts nothing; it records nothing either, so a
// new critical item it happened to show first is still a rise for the look
// that follows, posted where the route says.
func TestRadarReshowRedrawsAndLeavesTheRiseToTheLook(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	router := &fakeRouter{to: toMaya, quiet: bh.DefaultQuietHours}
	rig := newRoutedRig(t, db, clock, notify, "p1", router)
	ctx := context.Background()

	wipes := note(t, db, "DU1", "low: wipes < 1 day", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)

	// Unchanged: redrawn all the same.
	rig.nudger.Reshow(ctx, "T1", wipes.ShiftID, "DU1")
	news, ups := notify.sent(bh.PostNudge)
	require.Len(t, ups, 1, "redrawn")
	assert.Equal(t, "DU1", ups[0].To.ChannelID)
	assert.Len(t, news, 1, "nothing new")
	rig.nudger.Reshow(ctx, "T1", wipes.ShiftID, "DU9")
	_, ups = notify.sent(bh.PostNudge)
	assert.Len(t, ups, 1, "no message of the day in DU9: nothing")

	// A new critical item, redrawn before its look.
	router.set(toSam, bh.DefaultQuietHours)
	note(t, db, "DU1", "out of formula", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	rig.nudger.Reshow(ctx, "T1", wipes.ShiftID, "DU1")
	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 2 }, 10*time.Second, 5*time.Millisecond,
		"the rise still posted")
	news, _ = notify.sent(bh.PostNudge)
	assert.Equal(t, "DU2", news[1].To.ChannelID, "where the route says")
}
