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

// The nudger remembers which posts went out, so that its sweep does not
// ask the store again each minute; a post's key names its day, and a week
// on it is asked no more. Over three months of mornings the memo holds
// about a week of them, and each morning still has its one outlook.
func TestNudgerRemembersAWeekOfPostsNotEveryOne(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	ctx := context.Background()
	notify := &recNotifier{}
	n0 := note(t, db, "D1", "pump at 3pm", "1.01")
	_, _, err := db.UpdateRadarSettings(ctx, "T1", n0.ShiftID, func(s *bh.RadarSettings) bool {
		s.OutlookOn, s.OutlookHour = true, 6
		return true
	})
	require.NoError(t, err)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: clock.Now})
	require.NoError(t, err)
	w.Recompute(ctx, "T1", n0.ShiftID)
	n, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc,
		Debounce: testDebounce, Owner: "p1", StaleAfter: time.Minute})
	require.NoError(t, err)

	const days = 90
	for day := 1; day <= days; day++ {
		clock.Set(time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC).AddDate(0, 0, day))
		n.Tick(ctx)
		n.Tick(ctx) // the next minute's sweep finds it sent
	}
	outlooks, _ := notify.sent(bh.PostOutlook)
	assert.Len(t, outlooks, days, "one outlook each morning")
	assert.LessOrEqual(t, n.SentKeys(), 2*8, "an outlook's two keys a day, for about a week")
}
