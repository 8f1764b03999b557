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
