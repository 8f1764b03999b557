package radar_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// stepTo moves the clock to t in steps, the radar looking at each as the
// running bot does: the watcher's refresh, then the nudger's sweep.
func (r *radarRig) stepTo(clock *clocktest.Clock, t time.Time, step time.Duration) {
	ctx := context.Background()
	for clock.Now().Before(t) {
		clock.Advance(min(step, t.Sub(clock.Now())))
		r.watcher.Refresh(ctx)
		clock.Advance(testDebounce) // the look a refresh scheduled
		r.nudger.Tick(ctx)
	}
}

// newsBetween are the new messages (no updates in place) posted in
// [from, to), of any kind.
func (r *recNotifier) newsBetween(from, to time.Time) []bh.RadarPost {
	news, _ := r.sent("")
	var out []bh.RadarPost
	for _, p := range news {
		if !p.Now.Before(from) && p.Now.Before(to) {
			out = append(out, p)
		}
	}
	return out
}

// A 07:00 deadline with quiet hours 22–07 (the default): its reminder,
// whose time (05:00) is in them, goes out before they begin, saying when
// it is due; then nothing new is posted until 07:00, though the deadline
// turns critical at 04:00 — on the thirtieth day as on the first.
func TestRemindersKeepQuietHours(t *testing.T) {
	day1 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) // the shift has no zone: UTC
	clock := clocktest.New(day1)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	for d := 0; d < 30; d++ {
		noon := day1.AddDate(0, 0, d)
		clock.Set(noon)
		n := note(t, db, "D1", "deadline: daycare form due tomorrow 7am", fmt.Sprintf("%d.01", d+1))
		rig.settle(func(s bh.ShiftState) bool { return len(s.Deadlines) == 1 && s.Deadlines[0].NoteIDs[0] == n.ID })
		quietFrom, quietTo := noon.Add(10*time.Hour), noon.Add(19*time.Hour)
		step := 30 * time.Minute
		if d == 0 || d == 29 {
			step = 10 * time.Minute // the first and the thirtieth, finely
		}
		rig.stepTo(clock, quietTo.Add(time.Hour), step) // to 08:00

		t.Run(fmt.Sprintf("day %d", d+1), func(t *testing.T) {
			var reminders []bh.RadarPost
			for _, p := range notify.newsBetween(noon, quietTo.Add(time.Hour)) {
				if p.Kind == bh.PostReminder {
					reminders = append(reminders, p)
				}
			}
			require.Len(t, reminders, 1, "one reminder")
			assert.True(t, reminders[0].Now.Before(quietFrom), "before the quiet hours: %s", reminders[0].Now)
			assert.False(t, reminders[0].Now.Before(quietFrom.Add(-2*time.Hour)), "within the lead before them: %s", reminders[0].Now)
			assert.Equal(t, "it is due "+quietTo.Format("Mon 15:04")+", in your quiet hours", reminders[0].Why)
			for _, p := range notify.newsBetween(quietFrom, quietTo) {
				t.Errorf("a new %s message at %s in quiet hours: %s", p.Kind, p.Now.Format("Mon 15:04"), p.Why)
			}
		})
		_, err := db.MarkNoteDone(ctx, "T1", n.ID, true)
		require.NoError(t, err)
		rig.settle(func(s bh.ShiftState) bool { return len(s.Deadlines) == 0 })
	}
}
