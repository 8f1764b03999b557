package radar_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
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

// A health note open a day without news is asked about, not dropped: once
// per note per day, never in quiet hours (a note written at 23:30 is asked
// about at 07:00), on the thirtieth day as on the first; "still a concern"
// starts the day again, Resolved ends the asks. Nothing about it raises
// the radar.
func TestRadarAsksAboutHealthNotes(t *testing.T) {
	start := time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC) // quiet hours 22–07, the default
	clock := clocktest.New(start)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	n := note(t, db, "D1", "baby has a rash on her arm", "1.01")
	st := rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == 1 })
	assert.Equal(t, bh.RiskNone, st.Level)
	assert.False(t, st.Health[0].Ask)

	asks := func() []bh.RadarPost { news, _ := notify.sent(bh.PostHealthAsk); return news }
	day := func(d, h int) time.Time { return time.Date(2026, 11, 23+d, h, 0, 0, 0, time.UTC) }

	// Day 2, 23:30: a day without news, but quiet: no ask until 07:00.
	rig.stepTo(clock, day(2, 6), time.Hour)
	assert.Empty(t, asks(), "never in quiet hours")
	rig.stepTo(clock, day(2, 8), time.Hour)
	require.Len(t, asks(), 1, "asked when the quiet hours end")
	first := asks()[0]
	assert.Equal(t, day(2, 7), first.Now.Truncate(time.Hour))
	require.Len(t, first.State.Health, 1, "the note asked about")
	assert.Equal(t, "health:"+n.ID, first.State.Health[0].Key)
	assert.True(t, first.State.Health[0].Ask)

	// Asked once a day while nobody answers; day 9, 12:00: still a concern.
	rig.stepTo(clock, day(9, 12), time.Hour)
	_, err := db.MarkStillOn(ctx, "T1", n.ID)
	require.NoError(t, err)
	rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == 1 && !s.Health[0].Ask })
	before := len(asks())
	assert.Equal(t, 8, before, "days 2 to 9 at 07:00")

	// To day 30, 13:00: asked each day at 12:00, a day after the answer.
	rig.stepTo(clock, day(29, 13), time.Hour)
	got := asks()
	require.Len(t, got, before+20, "days 10 to 29 at 12:00")
	for i, p := range got {
		local := p.Now
		assert.False(t, bh.DefaultQuietHours.Contains(local), "ask %d at %s", i, local)
		if i > 0 {
			assert.GreaterOrEqual(t, p.Now.Sub(got[i-1].Now), 23*time.Hour, "at most one a day: ask %d at %s", i, local)
		}
	}
	assert.Equal(t, day(29, 12), got[len(got)-1].Now.Truncate(time.Hour), "day 30 as day 1")

	// Never raised the radar, never a nudge.
	nudges, _ := notify.sent(bh.PostNudge)
	assert.Empty(t, nudges)

	// Resolved: no more asks.
	_, err = db.MarkNoteDone(ctx, "T1", n.ID, true)
	require.NoError(t, err)
	rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == 0 })
	rig.stepTo(clock, day(32, 13), time.Hour)
	assert.Len(t, asks(), before+20)
}

// Three health notes written in the night come due their asks in the next
// night's quiet hours: at 07:00 one message asks about all three, each
// with its buttons, not three messages; once a day, on the thirtieth day
// as on the first.
func TestRadarAsksAboutHealthNotesInOneMessage(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 22, 30, 0, 0, time.UTC)) // quiet hours 22–07, the default
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	texts := []string{"baby has a rash on her arm", "baby 38.4 fever since 6pm", "baby threw up twice after feeding"}
	var keys []string
	for i, text := range texts {
		n := note(t, db, "D1", text, fmt.Sprintf("1.0%d", i+1))
		keys = append(keys, "health:"+n.ID)
		rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == i+1 })
		clock.Advance(2 * time.Hour) // written 22:30, 00:30 and 02:30
	}
	asks := func() []bh.RadarPost { news, _ := notify.sent(bh.PostHealthAsk); return news }

	for d := 1; d <= 30; d++ {
		morning := time.Date(2026, 11, 24+d, 7, 0, 0, 0, time.UTC)
		rig.stepTo(clock, morning.Add(90*time.Minute), time.Hour)
		if d != 1 && d != 30 {
			continue
		}
		t.Run(fmt.Sprintf("day %d", d), func(t *testing.T) {
			got := asks()
			require.Equal(t, d, len(got), "one message a morning, not one a note")
			p := got[d-1]
			assert.Equal(t, morning, p.Now.Truncate(time.Hour), "when the quiet hours end")
			var asked []string
			for _, h := range p.State.Health {
				assert.True(t, h.Ask)
				asked = append(asked, h.Key)
			}
			assert.Equal(t, keys, asked, "all three, oldest first")
			m := blocks.RadarPost(p, nil, nil)
			var concerns int
			for _, b := range m.Blocks {
				if a, ok := b.(*slack.ActionBlock); ok {
					for _, e := range a.Elements.ElementSet {
						if btn, ok := e.(*slack.ButtonBlockElement); ok && btn.ActionID == blocks.ActionHealthConcern {
							concerns++
						}
					}
				}
			}
			assert.Equal(t, 3, concerns, "each note with Resolved and Still a concern")
		})
	}
	for i, p := range asks() {
		assert.False(t, bh.DefaultQuietHours.Contains(p.Now), "ask %d at %s", i, p.Now)
	}
}

// A health ask that failed in passing is taken over by the sweep and sent
// as it was claimed: one message for all its notes, none asked again.
func TestRadarRetriesAHealthAskForAllItsNotes(t *testing.T) {
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clock := clocktest.New(start)
	db := openTestStore(t, clock)
	failed := 0
	notify := &recNotifier{fail: func(p bh.RadarPost) error {
		if p.Kind == bh.PostHealthAsk && failed == 0 {
			failed++
			return errors.New("slack: timeout")
		}
		return nil
	}}
	rig := newRadarRig(t, db, clock, notify, "p1")
	for i, text := range []string{"baby has a rash on her arm", "baby 38.4 fever since 6pm", "baby threw up twice after feeding"} {
		note(t, db, "D1", text, fmt.Sprintf("1.0%d", i+1))
		rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == i+1 })
	}
	rig.stepTo(clock, start.Add(24*time.Hour+5*time.Minute), time.Minute)
	require.Equal(t, 1, failed, "the first try failed")
	rig.stepTo(clock, start.Add(30*time.Hour), 10*time.Minute)
	news, _ := notify.sent(bh.PostHealthAsk)
	require.Len(t, news, 1, "one message, after the retry")
	assert.Len(t, news[0].State.Health, 3, "all the notes it was claimed for")
	assert.Equal(t, "after a restart", news[0].Why)
}

// A deadline written in the night, its reminder's time in the quiet hours
// and too late to go out before them: the standing message shows it,
// updated in place, and no new message is posted until they end.
func TestReminderInTheNightIsFoldedIntoTheStandingMessage(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	n := note(t, db, "D1", "low: wipes < 1 day", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	rig.stepTo(clock, time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC), 10*time.Minute)
	news, _ := notify.sent("")
	require.Len(t, news, 1, "the evening's message")

	note(t, db, "D1", "deadline: insurance form due tomorrow 4am", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	rig.stepTo(clock, time.Date(2026, 11, 24, 7, 0, 0, 0, time.UTC), 10*time.Minute)
	news, updates := notify.sent("")
	assert.Len(t, news, 1, "nothing new in the quiet hours, though the form turned critical and overdue")
	require.NotEmpty(t, updates)
	assert.Len(t, updates[len(updates)-1].State.Deadlines, 1, "the standing message shows it")
	posts, err := db.Posts(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	folded := false
	for _, p := range posts {
		if p.Kind == bh.PostReminder {
			folded = strings.HasPrefix(p.TS, "folded into nudge:")
		}
	}
	assert.True(t, folded, "the reminder is recorded as folded into the standing message")
}
