package radar_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// recNotifier is a hand-written radar.Notifier that records every post.
type recNotifier struct {
	mu    sync.Mutex
	posts []bh.RadarPost
	calls int
	seq   int
	// fail, when set, decides an error for a post.
	fail func(bh.RadarPost) error
	// lost are messages Slack took whose answer never came back (their
	// ts is known only here, as only Slack would know it).
	lost []string
	// entered, when set, hears each post as it starts; release, when set,
	// holds it until closed (a slow Slack).
	entered chan bh.RadarPost
	release chan struct{}
}

func (r *recNotifier) PostRadar(ctx context.Context, p bh.RadarPost) (string, error) {
	if r.entered != nil {
		r.entered <- p
	}
	if r.release != nil {
		select {
		case <-r.release:
		case <-ctx.Done():
		}
	}
	if err := ctx.Err(); err != nil {
		return "", err // as the Slack client does with a cancelled call
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if r.fail != nil {
		if err := r.fail(p); err != nil {
			return "", err
		}
	}
	r.posts = append(r.posts, p)
	if p.UpdateTS != "" {
		return p.UpdateTS, nil
	}
	r.seq++
	return fmt.Sprintf("%d.000100", r.seq), nil
}

// sent lists posts of kind ("" = all); news are those that were not updates.
func (r *recNotifier) callCount() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls
}

func (r *recNotifier) sent(kind bh.PostKind) (news, updates []bh.RadarPost) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.posts {
		if kind != "" && p.Kind != kind {
			continue
		}
		if p.UpdateTS == "" {
			news = append(news, p)
		} else {
			updates = append(updates, p)
		}
	}
	return news, updates
}

// radarRig runs one radar (watcher and nudger) on a shared store, with a
// fake clock: a bot process's radar without the bot.
type radarRig struct {
	t       *testing.T
	watcher *radar.Watcher
	nudger  *radar.Nudger
	states  chan bh.ShiftState
	stop    func()
}

const testDebounce = 3 * time.Second

func newRadarRig(t *testing.T, db storetest.DB, clock *clocktest.Clock, notify radar.Notifier, owner string) *radarRig {
	t.Helper()
	return newRoutedRig(t, db, clock, notify, owner, nil)
}

// newRoutedRig is newRadarRig with a router deciding where posts go.
func newRoutedRig(t *testing.T, db storetest.DB, clock *clocktest.Clock, notify radar.Notifier, owner string, router radar.Router) *radarRig {
	t.Helper()
	r := &radarRig{t: t, states: make(chan bh.ShiftState, 1000)}
	var err error
	r.nudger, err = radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Router: router, Now: clock.Now, AfterFunc: clock.AfterFunc,
		Debounce: testDebounce, Owner: owner, StaleAfter: time.Minute})
	require.NoError(t, err)
	r.watcher, err = radar.New(radar.Config{Source: db, Store: db, Now: clock.Now,
		Changed: func(ctx context.Context, prev, next bh.ShiftState, found bool) {
			r.nudger.Changed(ctx, prev, next, found) // first, so the look is scheduled when the test hears of it
			r.states <- next
		}})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = r.watcher.Run(ctx) }()
	go func() { defer wg.Done(); _ = r.nudger.Run(ctx) }()
	// Run's first sweep is over before the test sweeps or looks itself:
	// otherwise the two may race for one post, and the test looks for it
	// while the other is still sending it.
	select {
	case <-r.nudger.Started():
	case <-time.After(30 * time.Second):
		t.Fatal("the nudger's first sweep did not end")
	}
	stopped := false
	r.stop = func() {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
		}
	}
	t.Cleanup(r.stop)
	return r
}

// settle waits until the watcher saved a state matching match.
func (r *radarRig) settle(match func(bh.ShiftState) bool) bh.ShiftState {
	r.t.Helper()
	return waitState(r.t, r.states, match)
}

func openTestStore(t *testing.T, clock *clocktest.Clock) storetest.DB {
	t.Helper()
	return storetest.New(t, storetest.WithClock(clock.Now))
}

var radarT0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func note(t *testing.T, db storetest.DB, channel, text, ts string) bh.Note {
	t.Helper()
	// As the bot does: an untagged note is tagged by the normaliser.
	parsed, _ := bh.ParseNoteText(text)
	body, fromPrefix := parsed.Text, parsed.FromPrefix
	var inferred bh.Tag
	if !fromPrefix {
		inferred = normalize.One(bh.Note{Text: body, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: radarT0}, time.UTC, radarT0).Kind
	}
	n, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: channel, UserID: "U1", RawText: text,
		Inferred: inferred, MessageTS: ts})
	require.NoError(t, err)
	return n
}

func TestRadarNudgesOnceForABurstThenOnlyWhenRiskRises(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	// A burst of ten running-low notes: one look, one nudge.
	var shift string
	for i := 0; i < 10; i++ {
		shift = note(t, db, "D1", fmt.Sprintf("low: item%d < 1 day", i), fmt.Sprintf("1.%02d", i)).ShiftID
	}
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 10 })
	clock.Advance(testDebounce)
	news, updates := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "a burst of 10 notes makes one nudge")
	assert.Empty(t, updates, "and one look: no update in place either")
	assert.Equal(t, bh.RiskHigh, news[0].State.Level)
	assert.Equal(t, "risk is high", news[0].Why)
	assert.Equal(t, "D1", news[0].Shift.ChannelID)

	// A medium deadline: the same level, so the message is updated in place.
	note(t, db, "D1", "deadline: daycare form due Wednesday 9am", "2.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 11 })
	clock.Advance(testDebounce)
	news, updates = notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "no new message without a rise")
	require.Len(t, updates, 1)
	assert.Equal(t, "1.000100", updates[0].UpdateTS, "updated in place")

	// Out of formula within the calm window: risk rises to critical, and
	// the standing message leads with it ("New: …"); an update does not
	// notify, so a reply in its thread does. No second message.
	formula := note(t, db, "D1", "out of formula", "2.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 12 })
	clock.Advance(testDebounce)
	news, updates = notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "within the calm window: one message, one state")
	up := updates[len(updates)-1]
	assert.Equal(t, "1.000100", up.UpdateTS)
	require.Len(t, up.New, 1)
	assert.Equal(t, "formula", up.New[0].Text)
	replies, _ := notify.sent(bh.PostNew)
	require.Len(t, replies, 1, "the new item is heard through a reply")
	assert.Equal(t, "1.000100", replies[0].To.ThreadTS, "in the standing message's thread")
	assert.Equal(t, "formula", replies[0].New[0].Text)

	// Another critical item after the calm window: a new message, and it
	// says which.
	clock.Advance(10 * time.Minute)
	diapers := note(t, db, "D1", "out of diapers", "2.03")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 13 })
	clock.Advance(testDebounce)
	news, _ = notify.sent(bh.PostNudge)
	require.Len(t, news, 2)
	assert.Contains(t, news[1].Why, "new critical: diapers")

	// Done on both: the day's message is updated, nothing new is posted.
	for _, n := range []bh.Note{formula, diapers} {
		_, err := db.MarkNoteDone(ctx, "T1", n.ID, true)
		require.NoError(t, err)
	}
	st := rig.settle(func(s bh.ShiftState) bool { return s.Notes == 11 })
	assert.Equal(t, bh.RiskHigh, st.Level, "done items leave the radar")
	clock.Advance(testDebounce)
	news, updates = notify.sent(bh.PostNudge)
	assert.Len(t, news, 2)
	require.NotEmpty(t, updates)
	last := updates[len(updates)-1]
	assert.Equal(t, "3.000100", last.UpdateTS)
	assert.Equal(t, bh.RiskHigh, last.State.Level)

	// The store holds one claim per message, with its ts.
	posts, err := db.Posts(ctx, "T1", shift)
	require.NoError(t, err)
	require.Len(t, posts, 2)
	for _, p := range posts {
		assert.NotEmpty(t, p.TS, p.Key)
	}

	// A new day starts a new message.
	clock.Advance(24 * time.Hour)
	rig.nudger.Look(ctx, "T1", shift, false)
	news, _ = notify.sent(bh.PostNudge)
	assert.Len(t, news, 3, "one radar message per shift per day")
}

func TestRadarSnoozeSilencesUntilItEnds(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	n := note(t, db, "D1", "low: wipes < 1 day", "1.01")
	snoozeUntil(t, db, n.ShiftID, radarT0.Add(time.Hour))
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	note(t, db, "D1", "out of formula", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	clock.Advance(testDebounce)
	news, _ := notify.sent("")
	assert.Empty(t, news, "snoozed: quiet")

	clock.Advance(time.Hour)
	rig.nudger.Tick(ctx)
	news, _ = notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "the snooze ended and risk is still critical")
	assert.Contains(t, news[0].Why, "snooze is over")
	set, err := db.RadarSettings(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.True(t, set.SnoozedUntil.IsZero())
	rig.nudger.Tick(ctx)
	news, _ = notify.sent(bh.PostNudge)
	assert.Len(t, news, 1, "a sweep does not repeat it")
}

func snoozeUntil(t *testing.T, db storetest.DB, shiftID string, until time.Time) {
	t.Helper()
	_, _, err := db.UpdateRadarSettings(context.Background(), "T1", shiftID, func(s *bh.RadarSettings) bool {
		s.SnoozedUntil = until
		return true
	})
	require.NoError(t, err)
}

// staleSweep is the store as a second process's sweep saw it: it listed the
// settings before the first process ended the snooze.
type staleSweep struct {
	storetest.DB
	all []bh.RadarSettings
}

func (s staleSweep) AllRadarSettings(context.Context) ([]bh.RadarSettings, error) { return s.all, nil }

// Two processes' sweeps both see a snooze that ended: only the one that
// ends it looks afresh, so "the snooze is over" is posted once.
func TestRadarSnoozeEndedInTwoProcessesIsPostedOnce(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	n := note(t, db, "D1", "out of formula", "1.01")
	snoozeUntil(t, db, n.ShiftID, radarT0.Add(time.Hour))
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	require.Zero(t, notify.callCount(), "snoozed: quiet")

	clock.Advance(time.Hour)
	seen, err := db.AllRadarSettings(ctx)
	require.NoError(t, err)
	require.Len(t, seen, 1)
	require.False(t, seen[0].SnoozedUntil.IsZero(), "the second process read it while still snoozed")
	rig.nudger.Tick(ctx)
	news, _ := notify.sent(bh.PostNudge)
	require.Len(t, news, 1)
	assert.Contains(t, news[0].Why, "snooze is over")

	other, err := radar.NewNudger(radar.NudgerConfig{Store: staleSweep{DB: db, all: seen}, Notify: notify, Now: clock.Now,
		AfterFunc: clock.AfterFunc, Debounce: testDebounce, Owner: "p2", StaleAfter: time.Minute})
	require.NoError(t, err)
	other.Tick(ctx)
	news, _ = notify.sent(bh.PostNudge)
	assert.Len(t, news, 1, "the second process finds the snooze ended and posts nothing")
}

func TestRadarReminderDueDuringDowntimeIsSentOnceAfterRestart(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	// Due tomorrow at noon: medium, so no nudge today.
	n := note(t, db, "D1", "deadline: daycare form due tomorrow at noon", "1.01")
	st := rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	require.Len(t, st.Deadlines, 1)
	require.NotNil(t, st.Deadlines[0].At)
	due := *st.Deadlines[0].At
	rig.nudger.Tick(ctx)
	news, _ := notify.sent("")
	assert.Empty(t, news)
	rig.stop()

	// Down through the reminder's time (2 h before); back 30 min later.
	clock.Set(due.Add(-90 * time.Minute))
	rig = newRadarRig(t, db, clock, notify, "p1-restarted")
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostReminder); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond,
		"the start-up sweep sends the reminder that came due while down")
	rig.nudger.Tick(ctx)
	rig.stop()
	rig = newRadarRig(t, db, clock, notify, "p1-again")
	rig.nudger.Tick(ctx)
	news, _ = notify.sent(bh.PostReminder)
	require.Len(t, news, 1, "sent once: not lost, not repeated")
	assert.Equal(t, "due Tue 12:00", news[0].Why)
	require.NotNil(t, news[0].Item)
	assert.Equal(t, "deadline:"+n.ID, news[0].Item.Key)
}

// A sweep that runs while a burst of notes is still coming in (the state is
// younger than the debounce) neither nudges nor reminds: the look waits for
// the debounce, and the reminder for the next sweep, which finds it covered
// by the nudge. Otherwise a parent would get a reminder, then a nudge.
func TestRadarSweepDoesNotCutABurstShort(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	note(t, db, "D1", "out of formula", "1.01")
	note(t, db, "D1", "deadline: form due in 1 hour", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })

	rig.nudger.Tick(ctx)
	news, _ := notify.sent("")
	assert.Empty(t, news, "nothing inside the debounce")

	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)
	clock.Advance(time.Minute)
	rig.nudger.Tick(ctx)
	news, _ = notify.sent("")
	require.Len(t, news, 1, "one message: the nudge, which shows the deadline")
	assert.Equal(t, bh.PostNudge, news[0].Kind)
	require.Len(t, news[0].State.Deadlines, 1)
}

// A nudge on its way to Slack when the process is told to stop finishes
// and is recorded (within the grace), rather than being cut off and left
// for the next start.
func TestRadarStopLetsAPostInFlightFinish(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{entered: make(chan bh.RadarPost, 1), release: make(chan struct{})}
	rig := newRadarRig(t, db, clock, notify, "p1")
	n := note(t, db, "D1", "out of formula", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	go clock.Advance(testDebounce) // the fake clock runs the look in Advance
	select {
	case <-notify.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("no nudge started")
	}
	stopped := make(chan struct{})
	go func() { rig.stop(); close(stopped) }()
	select {
	case <-stopped:
		t.Fatal("stop did not wait for the post in flight")
	case <-time.After(50 * time.Millisecond):
	}
	close(notify.release)
	<-stopped
	posts, err := db.Posts(context.Background(), "T1", n.ShiftID)
	require.NoError(t, err)
	require.Len(t, posts, 1)
	assert.NotEmpty(t, posts[0].TS, "the post was recorded")
}

// A post that fails for a passing reason is tried again by the sweep a
// minute later, as a new message. When Slack did take it (the error was a
// timeout after it did), its ts was never heard: nothing searches Slack
// for it, the retry supersedes it, and the new message is the one the
// store records and keeps up to date.
func TestRadarRetriesAPostThatFailedInPassing(t *testing.T) {
	for _, tc := range []struct {
		name      string
		slackTook bool
	}{
		{"Slack did not take it", false},
		{"Slack took it but the answer was lost", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(radarT0)
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			failed := false
			notify.fail = func(p bh.RadarPost) error {
				if failed {
					return nil
				}
				failed = true
				if tc.slackTook {
					notify.lost = append(notify.lost, "777.000100") // fail runs under notify.mu
				}
				return errors.New("slack: 503 service unavailable")
			}
			rig := newRadarRig(t, db, clock, notify, "p1")
			ctx := context.Background()
			n := note(t, db, "D1", "out of formula", "1.01")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { notify.mu.Lock(); defer notify.mu.Unlock(); return notify.calls == 1 }, 10*time.Second, 5*time.Millisecond)
			rig.nudger.Tick(ctx)
			news, updates := notify.sent(bh.PostNudge)
			require.Empty(t, news, "not at once: a minute later")
			require.Empty(t, updates)

			clock.Advance(2 * time.Minute)
			rig.nudger.Tick(ctx)
			rig.nudger.Tick(ctx)
			news, updates = notify.sent(bh.PostNudge)
			posts, err := db.Posts(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			require.Len(t, posts, 1)
			require.Len(t, news, 1, "posted once, by the retry")
			assert.Empty(t, updates, "a lost message is never guessed at")
			assert.NotEmpty(t, posts[0].TS)
			assert.NotEqual(t, "777.000100", posts[0].TS, "the new message is the recorded one")
			assert.Equal(t, 1, posts[0].Superseded, "the claim says it was taken over and posted anew")
		})
	}
}

// A claim a stopped process left is not posted when it has become noise by
// the restart: yesterday's nudge (today's comes on its own), a reminder
// more than ReminderGrace after its deadline. It is recorded as failed, why.
func TestRadarDropsLeftClaimsThatCameTooLate(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		kind       bh.PostKind
		key        func(n bh.Note) string
		restart    time.Duration // after the claim
		wantNudges int           // posted after the restart: today's, for a state still at risk
	}{
		{"yesterday's nudge", "out of formula", bh.PostNudge,
			func(n bh.Note) string { return "nudge:T1/" + n.ShiftID + "/2026-11-23/1" }, 14 * time.Hour, 1},
		{"a reminder long overdue", "deadline: form due in 1 hour", bh.PostReminder,
			func(n bh.Note) string {
				return fmt.Sprintf("reminder:T1/%s/deadline:%s/%d", n.ShiftID, n.ID, radarT0.Add(time.Hour).Unix())
			}, 14 * time.Hour, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(radarT0)
			db := openTestStore(t, clock)
			ctx := context.Background()
			n := note(t, db, "D1", tc.text, "1.01")
			rig := newRadarRig(t, db, clock, &recNotifier{}, "p0")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			rig.stop()
			rec := bh.PostRecord{Key: tc.key(n), Kind: tc.kind, TeamID: "T1", ShiftID: n.ShiftID, Day: "2026-11-23", Seq: 1,
				Level: bh.RiskCritical, Owner: "killed", ClaimedAt: radarT0}
			if tc.kind == bh.PostReminder {
				rec.Seq, rec.Items = 0, []string{"deadline:" + n.ID}
			}
			claimed, err := db.ClaimPost(ctx, rec)
			require.NoError(t, err)
			require.True(t, claimed)

			clock.Advance(tc.restart)
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
					if p.Key == rec.Key && p.Failed != "" {
						left = p
						return true
					}
				}
				return false
			}, 10*time.Second, 5*time.Millisecond, "the left claim was not settled")
			nudger.Tick(ctx) // and whatever is due today goes out
			cancel()
			<-done
			assert.Contains(t, left.Failed, "picked up again")
			assert.Empty(t, left.TS)
			for _, p := range notify.posts {
				assert.NotEqual(t, rec.Key, p.Key, "the left claim was not posted")
			}
			news, _ := notify.sent(bh.PostNudge)
			assert.Len(t, news, tc.wantNudges, "today's nudge, and only that")
		})
	}
}

// A rise is measured from what the message shows now: after Done calmed
// it down, a new running-low supply is a rise and notifies again (a silent
// edit would go unseen). An update that Slack refused in passing is done
// again at the next look.
func TestRadarRiseIsMeasuredFromTheMessageAsItIsNow(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	w := note(t, db, "D1", "low: wipes < 1 day", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)

	// Done, but Slack fails the update once: the record is put back, and
	// the sweep's look updates the message.
	failOnce := true
	notify.mu.Lock()
	notify.fail = func(p bh.RadarPost) error {
		if p.UpdateTS != "" && failOnce {
			failOnce = false
			return errors.New("slack: 500")
		}
		return nil
	}
	notify.mu.Unlock()
	_, err := db.MarkNoteDone(ctx, "T1", w.ID, true)
	require.NoError(t, err)
	calm := rig.settle(func(s bh.ShiftState) bool { return s.Notes == 0 })
	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { notify.mu.Lock(); defer notify.mu.Unlock(); return !failOnce }, 10*time.Second, 5*time.Millisecond)
	_, updates := notify.sent(bh.PostNudge)
	require.Empty(t, updates, "the failed update is not counted")
	rig.nudger.Look(ctx, "T1", calm.ShiftID, false)
	_, updates = notify.sent(bh.PostNudge)
	require.Len(t, updates, 1, "the next look updates the message")
	assert.Equal(t, calm.Level, updates[0].State.Level)

	// Ten minutes on (the radar stays calm within them): calm → high again
	// is a rise, and a new message.
	clock.Advance(10 * time.Minute)
	note(t, db, "D1", "low: diapers < 1 day", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	clock.Advance(testDebounce)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 2 }, 10*time.Second, 5*time.Millisecond,
		"calm → high again is a rise: a new message")
}

// The radar stays calm: within ten minutes of its last message, and in
// the quiet hours (22:00–07:00 in the shift's zone), a rise updates the
// standing message; only a new critical item makes a new one. At the
// day's turn in the night an unchanged state posts nothing.
func TestRadarStaysCalm(t *testing.T) {
	evening := time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC) // the shift has no zone: UTC
	clock := clocktest.New(evening)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	notes := 0
	add := func(text, ts string) bh.Note {
		t.Helper()
		n := note(t, db, "D1", text, ts)
		notes++
		want := notes
		rig.settle(func(s bh.ShiftState) bool { return s.Notes == want })
		clock.Advance(testDebounce)
		return n
	}
	done := func(n bh.Note) {
		t.Helper()
		_, err := db.MarkNoteDone(ctx, "T1", n.ID, true)
		require.NoError(t, err)
		notes--
		want := notes
		rig.settle(func(s bh.ShiftState) bool { return s.Notes == want })
		clock.Advance(testDebounce)
	}
	count := func() (int, int) {
		news, updates := notify.sent(bh.PostNudge)
		return len(news), len(updates)
	}

	// 21:00: running low on wipes, high: the evening's first message.
	wipes := add("low: wipes < 1 day", "1.01")
	require.Eventually(t, func() bool { n, _ := count(); return n == 1 }, 10*time.Second, 5*time.Millisecond)
	done(wipes) // calm again: the message is updated

	// 21:05: high again, nothing critical, five minutes after the last
	// message: it is updated, not repeated.
	clock.Advance(5 * time.Minute)
	formula := add("low: formula < 1 day", "1.02")
	n, u := count()
	assert.Equal(t, 1, n, "no second message within ten minutes")
	assert.GreaterOrEqual(t, u, 2, "the standing message shows the change")
	done(formula)

	// 23:00, quiet hours: high again, long after the last message, still an
	// update.
	clock.Set(time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC))
	add("deadline: daycare form due tomorrow 9am", "1.03")
	n, _ = count()
	assert.Equal(t, 1, n, "quiet hours: no new message without a new critical item")

	// 23:30: out of formula is newly critical: a new message, even at night.
	clock.Advance(30 * time.Minute)
	add("out of formula", "1.04")
	require.Eventually(t, func() bool { n, _ := count(); return n == 2 }, 10*time.Second, 5*time.Millisecond, "a new critical item wakes the parent")

	// 00:02: a new day, nothing newly critical: the night's message stands.
	clock.Set(time.Date(2026, 11, 24, 0, 2, 0, 0, time.UTC))
	last := add("slept 2h", "1.05")
	rig.nudger.Look(ctx, "T1", last.ShiftID, false)
	n, _ = count()
	assert.Equal(t, 2, n, "no new message at midnight for an unchanged state")
}

// Quiet hours are the shift's own once a person chooses them: with none,
// a rise at 23:00 long after the last message is a new message; with
// 20:00–06:00, the same rise at 21:00 only updates the standing one.
func TestQuietHoursAreTheShifts(t *testing.T) {
	tests := []struct {
		name  string
		quiet bh.QuietHours
		at    time.Time
		want  int // top-level messages after the second rise
	}{
		{"none chosen: a new message at 23:00", bh.QuietHours{}, time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC), 2},
		{"20–6 chosen: an update at 21:00", bh.QuietHours{From: 20, To: 6}, time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := clocktest.New(time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC))
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			rig := newRadarRig(t, db, clock, notify, "p1")
			ctx := context.Background()
			count := func() int { news, _ := notify.sent(bh.PostNudge); return len(news) }
			wipes := note(t, db, "D1", "low: wipes < 1 day", "1.01")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { return count() == 1 }, 10*time.Second, 5*time.Millisecond)
			q := tt.quiet
			_, _, err := db.UpdateRadarSettings(ctx, "T1", wipes.ShiftID, func(s *bh.RadarSettings) bool { s.Quiet = &q; return true })
			require.NoError(t, err)
			_, err = db.MarkNoteDone(ctx, "T1", wipes.ID, true)
			require.NoError(t, err)
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 0 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { _, ups := notify.sent(bh.PostNudge); return len(ups) == 1 }, 10*time.Second, 5*time.Millisecond, "calm again: updated")

			clock.Set(tt.at)
			note(t, db, "D1", "low: formula < 1 day", "1.02")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 && s.Level == bh.RiskHigh })
			rig.nudger.Look(ctx, "T1", wipes.ShiftID, false)
			assert.Equal(t, tt.want, count())
		})
	}
}

// A post that Slack holds gives up before its claim can go stale, so a
// process taking the claim over is never posting alongside a live one; the
// claim stays for the taker (who posts it anew).
func TestRadarPostGivesUpBeforeItsClaimGoesStale(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{entered: make(chan bh.RadarPost, 4), release: make(chan struct{})} // never released
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc,
		Owner: "slow", StaleAfter: 200 * time.Millisecond})
	require.NoError(t, err)
	ctx := context.Background()
	n := note(t, db, "D1", "out of formula", "1.01")
	states, stop := startWatcher(t, db, clock.Now)
	waitState(t, states, func(s bh.ShiftState) bool { return s.ShiftID == n.ShiftID })
	stop()

	looked := make(chan struct{})
	go func() { nudger.Look(ctx, "T1", n.ShiftID, false); close(looked) }()
	<-notify.entered
	select {
	case <-looked:
	case <-time.After(10 * time.Second):
		t.Fatal("the post did not give up")
	}
	posts, err := db.Posts(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	require.Len(t, posts, 1)
	assert.Empty(t, posts[0].TS, "not posted")
	assert.Empty(t, posts[0].Failed, "the claim stays for the sweep to take over")
}

func TestRadarTwoInstancesPostEachNudgeOnce(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	a := newRadarRig(t, db, clock, notify, "proc-a")
	b := newRadarRig(t, db, clock, notify, "proc-b")
	ctx := context.Background()

	for i := 0; i < 5; i++ {
		note(t, db, fmt.Sprintf("D%d", i), "out of formula", "1.01")
		note(t, db, fmt.Sprintf("D%d", i), "deadline: form due in 1 hour", "1.02")
	}
	// Each state is saved by one watcher or the other (the fingerprint in
	// the store makes the second a no-op).
	seen := map[string]bool{}
	timeout := time.After(10 * time.Second)
	for len(seen) < 5 {
		select {
		case st := <-a.states:
			seen[st.ShiftID] = st.Notes == 2 || seen[st.ShiftID]
		case st := <-b.states:
			seen[st.ShiftID] = st.Notes == 2 || seen[st.ShiftID]
		case <-timeout:
			t.Fatal("the radars did not see every shift")
		}
		for id, ok := range seen {
			if !ok {
				delete(seen, id)
			}
		}
	}
	// Both processes look at every shift at once, as after a burst both
	// heard of, and both sweep.
	clock.Advance(testDebounce)
	var wg sync.WaitGroup
	for id := range seen {
		for _, rig := range []*radarRig{a, b} {
			wg.Add(1)
			go func() { defer wg.Done(); rig.nudger.Look(ctx, "T1", id, false) }()
		}
	}
	wg.Wait()
	a.nudger.Tick(ctx)
	b.nudger.Tick(ctx)
	nudges, _ := notify.sent(bh.PostNudge)
	reminders, _ := notify.sent(bh.PostReminder)
	assert.Len(t, nudges, 5, "each shift's nudge once, though both instances looked")
	assert.Empty(t, reminders, "the nudge already showed the deadline inside the reminder's lead")
	perShift := map[string]int{}
	for _, p := range nudges {
		perShift[p.Shift.ID]++
	}
	for id, n := range perShift {
		assert.Equal(t, 1, n, id)
	}
}

func TestRadarStopsPostingWhereTheBotWasRemoved(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{fail: func(p bh.RadarPost) error {
		if p.Shift.ChannelID == "C9" {
			return bh.Errorf(bh.EFORBIDDEN, "Slack said not_in_channel for this conversation")
		}
		return nil
	}}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	n := note(t, db, "C9", "out of formula", "1.01")
	note(t, db, "C9", "daycare form due today 5pm", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	clock.Advance(testDebounce)
	set, err := db.RadarSettings(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.Contains(t, set.Off, "not_in_channel", "why is recorded")
	posts, err := db.Posts(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	require.Len(t, posts, 1)
	assert.NotEmpty(t, posts[0].Failed)

	// No retry storm: sweeps and looks leave it alone.
	for i := 0; i < 5; i++ {
		clock.Advance(time.Minute)
		rig.nudger.Tick(ctx)
		rig.nudger.Look(ctx, "T1", n.ShiftID, false)
	}
	assert.Equal(t, 1, notify.callCount())

	// Time passing raises the risk (the form is now overdue) and the state
	// is saved anew, but that does not switch the radar back on: nobody is
	// there yet.
	clock.Advance(8 * time.Hour)
	rig.watcher.Refresh(ctx)
	rig.settle(func(s bh.ShiftState) bool { return s.ComputedAt.Equal(clock.Now()) })
	clock.Advance(testDebounce)
	rig.nudger.Tick(ctx)
	assert.Equal(t, 1, notify.callCount(), "a timed recompute is not a person acting again")
	set, err = db.RadarSettings(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	assert.NotEmpty(t, set.Off)

	// A new note in that conversation is: the radar tries once more.
	note(t, db, "C9", "wipes < 1 day", "1.03")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 3 })
	clock.Advance(testDebounce)
	assert.Equal(t, 2, notify.callCount(), "a note switches the radar back on")
}

// A process died between claiming a nudge and recording its message: the
// sweep takes the claim over and posts it. Whether or not Slack took the
// dead process's post, the taker cannot know its ts, and Slack's history
// is never read to find it: a new message supersedes it, the claim
// records the new ts and counts the take-over, and only the new message
// is updated after.
func TestRadarFinishesAPostACrashLeftClaimed(t *testing.T) {
	for _, tc := range []struct {
		name      string
		slackTook bool
	}{
		{"Slack never got it", false},
		{"Slack took it", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(radarT0)
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			rig := newRadarRig(t, db, clock, notify, "p2")
			ctx := context.Background()

			n := note(t, db, "D1", "out of formula", "1.01")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			// Another process claimed today's nudge, then died.
			key := "nudge:T1/" + n.ShiftID + "/2026-11-23/1"
			claimed, err := db.ClaimPost(ctx, bh.PostRecord{Key: key, Kind: bh.PostNudge, TeamID: "T1", ShiftID: n.ShiftID,
				Day: "2026-11-23", Seq: 1, Level: bh.RiskCritical, Owner: "dead", ClaimedAt: radarT0})
			require.NoError(t, err)
			require.True(t, claimed)
			const deadTS = "999.000100"
			if tc.slackTook {
				notify.mu.Lock()
				notify.lost = append(notify.lost, deadTS)
				notify.mu.Unlock()
			}
			clock.Advance(testDebounce)
			news, _ := notify.sent("")
			assert.Empty(t, news, "a fresh claim is left to its owner")

			clock.Advance(2 * time.Minute)
			rig.nudger.Tick(ctx)
			rig.nudger.Tick(ctx)
			news, updates := notify.sent(bh.PostNudge)
			posts, err := db.Posts(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			require.Len(t, posts, 1)
			assert.Equal(t, "p2", posts[0].Owner)
			require.Len(t, news, 1, "the sweep takes the stale claim over and posts once")
			assert.Empty(t, updates, "the dead process's message, if any, is not guessed at")
			assert.Equal(t, key, news[0].Key, "the message carries its claim")
			assert.NotEmpty(t, posts[0].TS)
			assert.NotEqual(t, deadTS, posts[0].TS)
			assert.Equal(t, 1, posts[0].Superseded)

			// The next change updates the recorded message, and only it.
			note(t, db, "D1", "wipes < 1 day", "1.02")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
			clock.Advance(testDebounce)
			_, updates = notify.sent(bh.PostNudge)
			require.NotEmpty(t, updates)
			for _, u := range updates {
				assert.Equal(t, posts[0].TS, u.UpdateTS)
			}
		})
	}
}

func TestRadarTimePassingRaisesRisk(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	note(t, db, "D1", "deadline: form due in 14 hours", "1.01")
	st := rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	require.Equal(t, bh.RiskMedium, st.Level)
	clock.Advance(testDebounce)
	rig.watcher.Refresh(ctx)
	news, _ := notify.sent("")
	assert.Empty(t, news)

	clock.Advance(3 * time.Hour)
	rig.watcher.Refresh(ctx)
	st = rig.settle(func(s bh.ShiftState) bool { return s.Level == bh.RiskHigh })
	clock.Advance(testDebounce)
	news, _ = notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "due within 12 h now: high")
	evs, err := db.ShiftEvents(ctx, "T1", st.ShiftID, "agent_woke_up", 0)
	require.NoError(t, err)
	assert.Len(t, evs, 2, "first look, and time passing")
	assert.Contains(t, evs[0].Text, "time passed")
}

func TestRadarThousandsOfNotesAndImpossibleDates(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")

	odd := []string{"deadline: form due Feb 30", "deadline: pay by 25:99", "deadline: due yesterday at 99pm", "low: wipes < -3 days",
		"deadline: due in 99999999999 hours", "out of formula"}
	var wg sync.WaitGroup
	const n = 2000
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text := odd[i%len(odd)]
			if i%len(odd) == len(odd)-1 {
				text = fmt.Sprintf("task: thing %d", i)
			}
			_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: fmt.Sprintf("5.%05d", i)})
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	note(t, db, "D1", "out of formula", "6.00001")
	st := rig.settle(func(s bh.ShiftState) bool { return s.Notes == n+1 })
	assert.Equal(t, bh.RiskCritical, st.Level)
	clock.Advance(testDebounce)
	news, _ := notify.sent(bh.PostNudge)
	require.NotEmpty(t, news)
	msg := blocks.RadarPost(news[len(news)-1], nil, nil)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAnyBlocks(t, msg.Blocks)), "a huge shift still makes a valid, short message")
	assert.LessOrEqual(t, len(msg.Blocks), 12)
}

func toAnyBlocks(t *testing.T, v any) []any {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	var out []any
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}

// On the embedded store no other process can hold a claim: one left
// unposted at start-up is finished at once, not a minute later.
func TestRadarExclusiveStoreFinishesLeftClaimsAtStart(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	ctx := context.Background()
	n := note(t, db, "D1", "out of formula", "1.01")
	rig := newRadarRig(t, db, clock, &recNotifier{}, "p0")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	rig.stop()
	claimed, err := db.ClaimPost(ctx, bh.PostRecord{Key: "nudge:T1/" + n.ShiftID + "/2026-11-23/1", Kind: bh.PostNudge, TeamID: "T1", ShiftID: n.ShiftID,
		Day: "2026-11-23", Seq: 1, Level: bh.RiskCritical, Owner: "killed", ClaimedAt: radarT0})
	require.NoError(t, err)
	require.True(t, claimed)

	notify := &recNotifier{}
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc, Exclusive: true, Owner: "p1"})
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = nudger.Run(rctx) }()
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)
	cancel()
	<-done
	posts, err := db.Posts(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	require.Len(t, posts, 1)
	assert.Equal(t, "p1", posts[0].Owner)
}

// The sample is made-up notes in its own shift: its running-low wipes are
// high risk, yet the radar never nudges, reminds or outlooks for it.
func TestRadarNeverSpeaksForTheSample(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	ctx := context.Background()
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	shift, err := bh.LoadSample(ctx, db, "T1", "D1", "U1")
	require.NoError(t, err)
	require.True(t, shift.Sample)
	st := rig.settle(func(s bh.ShiftState) bool { return s.ShiftID == shift.ID && s.Notes == 6 })
	require.GreaterOrEqual(t, st.Level, bh.RiskHigh, "risky enough to nudge, were it real")
	_, _, err = db.UpdateRadarSettings(ctx, "T1", shift.ID, func(s *bh.RadarSettings) bool { s.OutlookOn, s.OutlookHour = true, 10; return true })
	require.NoError(t, err)
	clock.Advance(testDebounce)
	rig.nudger.Look(ctx, "T1", shift.ID, true)
	rig.nudger.Tick(ctx)
	assert.Zero(t, notify.callCount())
}

// countingStore is a radar.PostStore that serves fixed states and counts
// every call by name.
type countingStore struct {
	mu     sync.Mutex
	states []bh.ShiftState
	calls  map[string]int
}

func (c *countingStore) count(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls == nil {
		c.calls = map[string]int{}
	}
	c.calls[name]++
}

func (c *countingStore) ShiftByID(_ context.Context, teamID, shiftID string) (bh.Shift, error) {
	c.count("ShiftByID")
	return bh.Shift{ID: shiftID, TeamID: teamID, ChannelID: "D1"}, nil
}

func (c *countingStore) ShiftState(_ context.Context, _, shiftID string) (bh.ShiftState, string, bool, error) {
	c.count("ShiftState")
	for _, st := range c.states {
		if st.ShiftID == shiftID {
			return st, "fp", true, nil
		}
	}
	return bh.ShiftState{}, "", false, nil
}

func (c *countingStore) StatesAtRisk(context.Context, bh.RiskLevel) ([]bh.ShiftState, error) {
	c.count("StatesAtRisk")
	return c.states, nil
}

func (c *countingStore) RadarSettings(context.Context, string, string) (bh.RadarSettings, error) {
	c.count("RadarSettings")
	return bh.RadarSettings{}, nil
}

func (c *countingStore) UpdateRadarSettings(context.Context, string, string, func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error) {
	c.count("UpdateRadarSettings")
	return bh.RadarSettings{}, false, nil
}

func (c *countingStore) AllRadarSettings(context.Context) ([]bh.RadarSettings, error) {
	c.count("AllRadarSettings")
	return nil, nil
}

func (c *countingStore) ClaimPost(context.Context, bh.PostRecord) (bool, error) {
	c.count("ClaimPost")
	return true, nil
}

func (c *countingStore) PostSent(context.Context, bh.PostRecord, string) error {
	c.count("PostSent")
	return nil
}

func (c *countingStore) PostFailed(context.Context, string, string) error {
	c.count("PostFailed")
	return nil
}

func (c *countingStore) RefreshPost(context.Context, string, string, bh.PostRecord) (bool, error) {
	c.count("RefreshPost")
	return false, nil
}

func (c *countingStore) LastNudge(context.Context, string, string, string) (bh.PostRecord, bool, error) {
	c.count("LastNudge")
	return bh.PostRecord{}, false, nil
}

func (c *countingStore) NudgesOfDay(context.Context, string, string, string) ([]bh.PostRecord, error) {
	c.count("NudgesOfDay")
	return nil, nil
}

func (c *countingStore) FamilyConversations(context.Context, string, string) ([]bh.Conversation, error) {
	c.count("FamilyConversations")
	return nil, nil
}

func (c *countingStore) Duty(_ context.Context, teamID, shiftID string) (bh.Duty, error) {
	c.count("Duty")
	return bh.Duty{TeamID: teamID, ShiftID: shiftID}, nil
}

func (c *countingStore) TakeStalePosts(context.Context, time.Time, string) ([]bh.PostRecord, error) {
	c.count("TakeStalePosts")
	return nil, nil
}

// A sweep every minute sees each deadline of the coming day: one whose
// reminder cannot be due yet costs no store read, and the deadlines and
// health notes of one shift share one read of it when some may be due.
func TestRadarSweepReadsTheStoreOnlyForWhatMayBeDue(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) // quiet hours 22–07, the default
	at := func(d time.Duration) *time.Time { t := now.Add(d); return &t }
	deadlines := func(ds ...time.Duration) []bh.RiskItem {
		var out []bh.RiskItem
		for i, d := range ds {
			out = append(out, bh.RiskItem{Key: fmt.Sprintf("deadline:n%d", i), Kind: bh.TagDeadline, Text: "form", At: at(d), Level: bh.RiskLow, NoteIDs: []string{fmt.Sprintf("n%d", i)}})
		}
		return out
	}
	since := now.Add(-time.Hour)
	waiting := []bh.RiskItem{{Key: "health:h1", Text: "rash", NoteIDs: []string{"h1"}, Since: &since}}
	for _, tc := range []struct {
		name      string
		deadlines []bh.RiskItem
		shiftByID int
	}{
		// 08:00 tomorrow (reminded at 20:00, before the quiet hours),
		// 13:00 and 14:00 tomorrow (reminded at 11:00 and 12:00).
		{"far ahead", deadlines(20*time.Hour, 25*time.Hour, 26*time.Hour), 0},
		{"this afternoon, none due yet", deadlines(3*time.Hour, 3*time.Hour+10*time.Minute, 3*time.Hour+20*time.Minute), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := bh.ShiftState{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Level: bh.RiskLow, Deadlines: tc.deadlines, Health: waiting, ComputedAt: now.Add(-time.Hour)}
			db := &countingStore{states: []bh.ShiftState{st}}
			notify := &recNotifier{}
			n, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: func() time.Time { return now }})
			require.NoError(t, err)
			n.Tick(context.Background())
			assert.Equal(t, map[string]int{"TakeStalePosts": 1, "AllRadarSettings": 1, "StatesAtRisk": 1, "ShiftByID": tc.shiftByID}, withoutZero(db.calls))
			assert.Zero(t, notify.callCount(), "nothing due")
		})
	}
}

func withoutZero(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		if v != 0 {
			out[k] = v
		}
	}
	if _, ok := out["ShiftByID"]; !ok {
		out["ShiftByID"] = 0
	}
	return out
}

// A health note's ask comes with time alone, no note changing: the day's
// standing message is updated in place to show "Still a concern?".
func TestRadarStandingMessageShowsAHealthAsk(t *testing.T) {
	start := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	clock := clocktest.New(start)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	note(t, db, "D1", "baby has a rash on her arm", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return len(s.Health) == 1 })

	clock.Set(start.Add(13 * time.Hour)) // 09:00: the day's message
	note(t, db, "D1", "low: wipes < 1 day", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	rig.stepTo(clock, start.Add(14*time.Hour), 10*time.Minute)
	news, _ := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "the day's message stands")
	require.False(t, news[0].State.Health[0].Ask)

	rig.stepTo(clock, start.Add(24*time.Hour+30*time.Minute), 10*time.Minute)
	news, updates := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "no new message for an ask")
	var shown bool
	for _, u := range updates {
		shown = shown || (u.UpdateTS != "" && u.Now.After(start.Add(24*time.Hour)) && len(u.State.Health) == 1 && u.State.Health[0].Ask)
	}
	assert.True(t, shown, "the standing message, updated in place, asks \"Still a concern?\"")
}

// The foot of the day's standing message says who is on duty until when;
// when the duty ends, with no note changing, the message is redrawn in
// place, so it never says "On duty: Sam until 7:45 AM" at noon.
func TestRadarStandingMessageIsRedrawnWhenTheDutyEnds(t *testing.T) {
	start := time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)
	clock := clocktest.New(start)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	n := note(t, db, "D1", "low: wipes < 1 day", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
	until := start.Add(2 * time.Hour)
	require.NoError(t, db.SetDuty(context.Background(), bh.Duty{TeamID: "T1", ShiftID: n.ShiftID, UserID: "U2", Since: start, Until: until}))
	rig.stepTo(clock, start.Add(time.Hour), 10*time.Minute)
	news, _ := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "the day's message stands")

	rig.stepTo(clock, until.Add(30*time.Minute), 10*time.Minute)
	news, updates := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "no new message for a duty's end")
	var redrawn bool
	for _, u := range updates {
		redrawn = redrawn || (u.UpdateTS == "1.000100" && !u.Now.Before(until))
	}
	assert.True(t, redrawn, "the standing message is updated in place once the duty is over")
}

// fakeRouter routes every post to one place, with its quiet hours, as a
// test sets them (the bot's Route decides from duty and the family).
type fakeRouter struct {
	mu    sync.Mutex
	to    bh.Route
	quiet bh.QuietHours
	kinds []bh.PostKind
}

func (f *fakeRouter) Route(_ context.Context, _ bh.Shift, kind bh.PostKind, _ []bh.RiskItem, _ time.Time) (bh.Route, bh.QuietHours, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.kinds = append(f.kinds, kind)
	return f.to, f.quiet, nil
}

func (f *fakeRouter) set(to bh.Route, quiet bh.QuietHours) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.to, f.quiet = to, quiet
}

var (
	toMaya = bh.Route{ChannelID: "DU1", UserID: "U1", Why: "writer"}
	toSam  = bh.Route{ChannelID: "DU2", UserID: "U2", ThreadTS: "9.000100", Duty: true, Why: "on duty"}
)

// places lists where posts went, in order.
func places(ps []bh.RadarPost) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.To.ChannelID)
	}
	return out
}

// The nudger posts where the router says: the DM of the one on duty (with
// their handoff's thread), else the writer's DM; the claim records it.
func TestRadarPostsWhereTheRouterSays(t *testing.T) {
	for _, tc := range []struct {
		name string
		to   bh.Route
	}{
		{"someone on duty: their DM", toSam},
		{"nobody on duty: the writer's DM", toMaya},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(radarT0)
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			router := &fakeRouter{to: tc.to, quiet: bh.DefaultQuietHours}
			rig := newRoutedRig(t, db, clock, notify, "p1", router)
			shift := note(t, db, "DU1", "out of formula", "1.01").ShiftID
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)
			news, _ := notify.sent(bh.PostNudge)
			assert.Equal(t, tc.to, news[0].To, "the route, thread and all")
			posts, err := db.Posts(context.Background(), "T1", shift)
			require.NoError(t, err)
			require.Len(t, posts, 1)
			assert.Equal(t, tc.to.ChannelID, posts[0].ChannelID, "the claim says where it went")
		})
	}
}

// Once Sam is on duty, the message already posted to Maya is only updated
// in place; a rise is posted to Sam only, and Maya's message shows it in
// place; a change with no rise updates both standing messages of the day.
// Reminders go to Sam too.
func TestRadarAPostMadeToMayaIsOnlyUpdatedAfterSamTakesDuty(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	router := &fakeRouter{to: toMaya, quiet: bh.DefaultQuietHours}
	rig := newRoutedRig(t, db, clock, notify, "p1", router)
	ctx := context.Background()
	look := func(notes int) {
		t.Helper()
		rig.settle(func(s bh.ShiftState) bool { return s.Notes == notes })
		clock.Advance(testDebounce)
	}

	wipes := note(t, db, "DU1", "low: wipes < 1 day", "1.01")
	look(1)
	require.Eventually(t, func() bool { news, _ := notify.sent(bh.PostNudge); return len(news) == 1 }, 10*time.Second, 5*time.Millisecond)

	// Sam takes duty. A change with no rise: Maya's message is updated
	// where it is, and nothing new is posted anywhere.
	router.set(toSam, bh.DefaultQuietHours)
	note(t, db, "DU1", "deadline: daycare form due Wednesday 9am", "1.02")
	look(2)
	require.Eventually(t, func() bool { _, ups := notify.sent(bh.PostNudge); return len(ups) == 1 }, 10*time.Second, 5*time.Millisecond)
	news, ups := notify.sent(bh.PostNudge)
	assert.Equal(t, []string{"DU1"}, places(news))
	assert.Equal(t, []string{"DU1"}, places(ups), "updated in Maya's DM, not posted to Sam")
	assert.Equal(t, "1.000100", ups[0].UpdateTS)

	// A rise: new, in Sam's DM only; Maya's message shows it in place, so
	// it does not go on saying what it said before.
	formula := note(t, db, "DU1", "out of formula", "1.03")
	look(3)
	require.Eventually(t, func() bool { _, ups := notify.sent(bh.PostNudge); return len(ups) == 2 }, 10*time.Second, 5*time.Millisecond)
	news, ups = notify.sent(bh.PostNudge)
	assert.Equal(t, []string{"DU1", "DU2"}, places(news), "the rise reaches the one on duty")
	assert.Equal(t, "9.000100", news[1].To.ThreadTS, "under his handoff message")
	assert.Equal(t, []string{"DU1"}, places(ups[1:]), "Maya's message, in place")
	assert.Equal(t, "1.000100", ups[1].UpdateTS)
	assert.Equal(t, news[1].State.Critical(), ups[1].State.Critical(), "the rise's state, out of formula and all")

	// Formula done, no rise: both standing messages are updated in place.
	_, err := db.MarkNoteDone(ctx, "T1", formula.ID, true)
	require.NoError(t, err)
	look(2)
	require.Eventually(t, func() bool { _, ups := notify.sent(bh.PostNudge); return len(ups) == 4 }, 10*time.Second, 5*time.Millisecond)
	news, ups = notify.sent(bh.PostNudge)
	assert.Len(t, news, 2, "nothing new")
	assert.ElementsMatch(t, []string{"DU1", "DU2"}, places(ups[2:]))
	for _, u := range ups[2:] {
		assert.Empty(t, u.To.ThreadTS, "an update has no thread")
		want := map[string]string{"DU1": "1.000100", "DU2": "2.000100"}[u.To.ChannelID]
		assert.Equal(t, want, u.UpdateTS, "each in its own conversation")
	}
	assert.Equal(t, "U2", ups[2+slices.IndexFunc(ups[2:], func(p bh.RadarPost) bool { return p.To.ChannelID == "DU2" })].To.UserID,
		"Sam's own DM is known as his (the footer says \"You're on duty\")")

	// A reminder goes where the router says now.
	_, err = db.MarkNoteDone(ctx, "T1", wipes.ID, true)
	require.NoError(t, err)
	note(t, db, "DU1", "deadline: pharmacy closes at 4pm", "1.04")
	look(2)
	clock.Set(time.Date(2026, 11, 23, 14, 30, 0, 0, time.UTC))
	rig.nudger.Tick(ctx)
	rems, _ := notify.sent(bh.PostReminder)
	require.Len(t, rems, 1)
	assert.Equal(t, "DU2", rems[0].To.ChannelID)
}

// A rise shows in the family's other conversations in place, whichever
// way it is told: a new critical item within the calm window (added to
// Sam's message, with a reply in its thread) and a new message after it
// both update Maya's message; Sam's earlier message of the day, no longer
// the one standing in his DM, is left as it is.
func TestRadarARiseShowsInEveryConversationInPlace(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	router := &fakeRouter{to: toMaya, quiet: bh.DefaultQuietHours}
	rig := newRoutedRig(t, db, clock, notify, "p1", router)
	look := func(notes int) {
		t.Helper()
		rig.settle(func(s bh.ShiftState) bool { return s.Notes == notes })
		clock.Advance(testDebounce)
	}
	count := func() (int, int) { news, ups := notify.sent(bh.PostNudge); return len(news), len(ups) }
	critical := func(p bh.RadarPost) []string { return p.State.Critical() }

	note(t, db, "DU1", "low: wipes < 1 day", "1.01")
	look(1)
	require.Eventually(t, func() bool { n, _ := count(); return n == 1 }, 10*time.Second, 5*time.Millisecond)
	router.set(toSam, bh.DefaultQuietHours)
	note(t, db, "DU1", "out of formula", "1.02")
	look(2)
	require.Eventually(t, func() bool { n, u := count(); return n == 2 && u == 1 }, 10*time.Second, 5*time.Millisecond)

	// Within the calm window: Sam's message is updated and replied under;
	// Maya's is updated too.
	note(t, db, "DU1", "out of diapers", "1.03")
	look(3)
	require.Eventually(t, func() bool { _, u := count(); return u == 3 }, 10*time.Second, 5*time.Millisecond)
	news, ups := notify.sent(bh.PostNudge)
	assert.Len(t, news, 2, "no new message within the calm window")
	assert.ElementsMatch(t, []string{"DU1", "DU2"}, places(ups[1:]))
	for _, u := range ups[1:] {
		assert.Len(t, critical(u), 2, "%s shows formula and diapers", u.To.ChannelID)
	}
	replies, _ := notify.sent(bh.PostNew)
	require.Len(t, replies, 1, "the reply that notifies")
	assert.Equal(t, "DU2", replies[0].To.ChannelID)

	// After it: a new message in Sam's DM; Maya's message is updated, and
	// Sam's earlier one is not (his new message is the one standing).
	clock.Advance(11 * time.Minute)
	note(t, db, "DU1", "deadline: pay the daycare deposit by 1pm", "1.04")
	look(4)
	require.Eventually(t, func() bool { n, u := count(); return n == 3 && u == 4 }, 10*time.Second, 5*time.Millisecond)
	news, ups = notify.sent(bh.PostNudge)
	assert.Equal(t, "DU2", news[2].To.ChannelID)
	assert.Equal(t, []string{"DU1"}, places(ups[3:]), "Maya's message only")
	assert.Equal(t, "1.000100", ups[3].UpdateTS)
	assert.Equal(t, critical(news[2]), critical(ups[3]), "the new message's state")
	rig.nudger.Tick(context.Background())
	_, ups = notify.sent(bh.PostNudge)
	assert.Len(t, ups, 4, "nothing more to update")
}

// Quiet hours are the route person's, not the family's settings.
func TestRadarQuietHoursAreTheRoutePersons(t *testing.T) {
	at := time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		quiet bh.QuietHours // the route person's
		want  int           // top-level messages after the second rise
	}{
		{"Sam's 20–6: an update at 21:00", bh.QuietHours{From: 20, To: 6}, 1},
		{"Sam's none: a new message at 21:00", bh.QuietHours{}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC))
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			router := &fakeRouter{to: toSam, quiet: tc.quiet}
			rig := newRoutedRig(t, db, clock, notify, "p1", router)
			ctx := context.Background()
			count := func() int { news, _ := notify.sent(bh.PostNudge); return len(news) }
			wipes := note(t, db, "DU1", "low: wipes < 1 day", "1.01")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { return count() == 1 }, 10*time.Second, 5*time.Millisecond)
			// The family's settings say otherwise: they do not count.
			_, _, err := db.UpdateRadarSettings(ctx, "T1", wipes.ShiftID, func(s *bh.RadarSettings) bool {
				q := bh.QuietHours{From: 23, To: 5}
				if tc.quiet.Off() {
					q = bh.QuietHours{From: 20, To: 6}
				}
				s.Quiet = &q
				return true
			})
			require.NoError(t, err)
			_, err = db.MarkNoteDone(ctx, "T1", wipes.ID, true)
			require.NoError(t, err)
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 0 })
			clock.Advance(testDebounce)
			require.Eventually(t, func() bool { _, ups := notify.sent(bh.PostNudge); return len(ups) == 1 }, 10*time.Second, 5*time.Millisecond)

			clock.Set(at)
			note(t, db, "DU1", "low: formula < 1 day", "1.02")
			rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 && s.Level == bh.RiskHigh })
			rig.nudger.Look(ctx, "T1", wipes.ShiftID, false)
			assert.Equal(t, tc.want, count())
		})
	}
}

// reachRouter is a fakeRouter that says which conversations outside the
// family are still a member's (radar.Reacher).
type reachRouter struct {
	*fakeRouter
	reaches map[string]bool
}

func (r reachRouter) Reaches(_ context.Context, _ bh.Shift, ch string) (bool, error) {
	return r.reaches[ch], nil
}

// A conversation that left the family (Maya left: her DM feeds it no
// more) keeps the message it was sent, but it is no longer updated: the
// family's items are not hers to see. The route's standing message is,
// and so is one in a DM the router says is still a member's.
func TestRadarDoesNotUpdateAConversationThatLeftTheFamily(t *testing.T) {
	for _, tc := range []struct {
		name    string
		reaches bool // the router says DU1 is still a member's DM
	}{
		{"Maya left: her DM is not updated", false},
		{"the router says DU1 is a member's DM: updated", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
			db := openTestStore(t, clock)
			notify := &recNotifier{}
			router := &fakeRouter{to: toMaya, quiet: bh.DefaultQuietHours}
			rig := newRoutedRig(t, db, clock, notify, "p1", reachRouter{fakeRouter: router, reaches: map[string]bool{"DU1": tc.reaches}})
			ctx := context.Background()
			look := func(notes int) {
				t.Helper()
				rig.settle(func(s bh.ShiftState) bool { return s.Notes == notes })
				clock.Advance(testDebounce)
			}
			count := func() (int, int) { news, ups := notify.sent(bh.PostNudge); return len(news), len(ups) }

			wipes := note(t, db, "DU1", "low: wipes < 1 day", "1.01")
			look(1)
			require.Eventually(t, func() bool { n, _ := count(); return n == 1 }, 10*time.Second, 5*time.Millisecond)
			router.set(toSam, bh.DefaultQuietHours)
			_, err := db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: wipes.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
			require.NoError(t, err)
			formula := note(t, db, "DU1", "out of formula", "1.02")
			look(2)
			// The rise is new in Sam's DM, and shown in Maya's in place:
			// she is still in the family.
			require.Eventually(t, func() bool { n, u := count(); return n == 2 && u == 1 }, 10*time.Second, 5*time.Millisecond)
			_, ups := notify.sent(bh.PostNudge)
			assert.Equal(t, []string{"DU1"}, places(ups))
			mark := len(ups)

			require.NoError(t, db.Leave(ctx, "T1", wipes.ShiftID, "U1"))
			_, err = db.MarkNoteDone(ctx, "T1", formula.ID, true)
			require.NoError(t, err)
			look(1)
			require.Eventually(t, func() bool { _, u := count(); return u >= mark+1 }, 10*time.Second, 5*time.Millisecond)
			// A second change: its look runs after the first one has finished.
			_, err = db.MarkNoteDone(ctx, "T1", wipes.ID, true)
			require.NoError(t, err)
			look(0)
			require.Eventually(t, func() bool {
				_, ups := notify.sent(bh.PostNudge)
				return slices.ContainsFunc(ups, func(p bh.RadarPost) bool { return p.UpdateTS == "2.000100" && p.State.Notes == 0 })
			}, 10*time.Second, 5*time.Millisecond)
			news, ups := notify.sent(bh.PostNudge)
			assert.Len(t, news, 2, "nothing new")
			ups = ups[mark:]
			if tc.reaches {
				assert.Contains(t, places(ups), "DU1")
			} else {
				assert.NotContains(t, places(ups), "DU1", "Maya left: her DM is not updated")
			}
			assert.Contains(t, places(ups), "DU2")
		})
	}
}

// The sweep's early skip must not hold back a routed reminder: Sam's
// quiet hours are 00:00–23:00, so the reminder of a deadline due Tuesday
// 9 PM goes out Monday before they begin, and a sweep at 23:30 Monday
// sends it (the family's own 22–7 would have skipped it as too early).
func TestRadarRoutedReminderDueAt2330IsSent(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	router := &fakeRouter{to: toSam, quiet: bh.QuietHours{From: 0, To: 23}}
	rig := newRoutedRig(t, db, clock, notify, "p1", router)
	ctx := context.Background()
	note(t, db, "DU1", "deadline: daycare form due Tuesday 9pm", "1.01")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 1 && len(s.Deadlines) == 1 })
	clock.Set(time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC))
	rig.nudger.Tick(ctx)
	rems, _ := notify.sent(bh.PostReminder)
	require.Len(t, rems, 1)
	assert.Equal(t, "DU2", rems[0].To.ChannelID)
}

// The standing message stays true through the night without a word: a
// deadline that turns overdue at midnight, in quiet hours, is shown by an
// update in place (no new message, no notification), and the day's turn
// alone brings the night's message up to date once.
func TestTheStandingMessageStaysTrueThroughTheNight(t *testing.T) {
	evening := time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC) // the shift has no zone: UTC
	clock := clocktest.New(evening)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()
	note(t, db, "D1", "deadline: pay daycare deposit by 11:59pm", "1.01")
	n := note(t, db, "D1", "low: wipes < 1 day", "1.02")
	rig.settle(func(s bh.ShiftState) bool { return s.Notes == 2 })
	clock.Advance(testDebounce)
	news, _ := notify.sent(bh.PostNudge)
	require.Len(t, news, 1, "the evening's message")
	before := len(notify.posts)

	// 00:05, quiet hours: the deposit is overdue.
	clock.Set(time.Date(2026, 11, 25, 0, 5, 0, 0, time.UTC))
	rig.nudger.Tick(ctx)
	news, updates := notify.sent(bh.PostNudge)
	assert.Len(t, news, 1, "no new message in the night for what the parent was told")
	require.NotEmpty(t, updates, "the standing message shows it overdue")
	up := updates[len(updates)-1]
	assert.Equal(t, "1.000100", up.UpdateTS)
	require.NotEmpty(t, up.State.Deadlines)
	assert.True(t, up.State.Deadlines[0].Overdue, "updated to overdue: %+v", up.State.Deadlines[0])

	// 03:00: nothing moved since: no churn.
	shown := len(notify.posts)
	clock.Set(time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC))
	rig.nudger.Tick(ctx)
	rig.nudger.Look(ctx, "T1", n.ShiftID, false)
	assert.Equal(t, shown, len(notify.posts), "one update per change")
	assert.Greater(t, shown, before)
}

func (c *countingStore) Posts(context.Context, string, string) ([]bh.PostRecord, error) {
	c.count("Posts")
	return nil, nil
}

// Every post the sweep sends is claimed in the store per family: of two
// processes sweeping at the same moment, again and again, one sends each
// nudge, each deadline's reminder, each health note's "Still a concern?",
// and each morning's outlook.
func TestRadarTwoInstancesSweepEachPostOnce(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	notify := &recNotifier{}
	rig := newRadarRig(t, db, clock, notify, "p1")
	ctx := context.Background()

	deadline := note(t, db, "D1", "deadline: daycare form due tomorrow at noon", "1.01")
	note(t, db, "D2", "baby has a rash on her arm", "1.02")
	out := note(t, db, "D3", "pump at 3pm", "1.03")
	_, _, err := db.UpdateRadarSettings(ctx, "T1", out.ShiftID, func(s *bh.RadarSettings) bool {
		s.OutlookOn, s.OutlookHour = true, 6
		return true
	})
	require.NoError(t, err)
	computed := map[string]bool{}
	rig.settle(func(s bh.ShiftState) bool { computed[s.ShiftID] = true; return len(computed) == 3 })
	rig.stop() // its process stopped: the two below sweep

	// The next morning: the reminder (2 h before noon), the ask (a day
	// without news) and the outlook (from 06:00) are all due.
	morning := radarT0.Add(24*time.Hour + 30*time.Minute)
	clock.Set(morning)
	w, err := radar.New(radar.Config{Source: db, Store: db, Now: clock.Now})
	require.NoError(t, err)
	w.Refresh(ctx)
	clock.Advance(testDebounce) // the states time moved are not a burst still coming in
	var sweepers []*radar.Nudger
	for _, owner := range []string{"p2", "p3"} {
		n, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Now: clock.Now, AfterFunc: clock.AfterFunc,
			Debounce: testDebounce, Owner: owner, StaleAfter: time.Minute})
		require.NoError(t, err)
		sweepers = append(sweepers, n)
	}
	var wg sync.WaitGroup
	for round := 0; round < 3; round++ {
		for _, n := range sweepers {
			wg.Add(1)
			go func() { defer wg.Done(); n.Tick(ctx) }()
		}
		wg.Wait()
	}
	// What the stopped process sent the day before is not counted.
	sent := func(kind bh.PostKind) int {
		news, _ := notify.sent(kind)
		n := 0
		for _, p := range news {
			if !p.Now.Before(morning) {
				n++
			}
		}
		return n
	}
	for _, kind := range []bh.PostKind{bh.PostNudge, bh.PostHealthAsk, bh.PostOutlook} {
		assert.Equal(t, 1, sent(kind), "one %s from two processes", kind)
	}
	// The deadline's reminder is claimed once: sent, or covered by the
	// nudge that showed the deadline (which of the two came first is the
	// sweeps' race).
	assert.LessOrEqual(t, sent(bh.PostReminder), 1, "at most one reminder")
	posts, err := db.Posts(ctx, "T1", deadline.ShiftID)
	require.NoError(t, err)
	claims := 0
	for _, p := range posts {
		if p.Kind == bh.PostReminder {
			claims++
		}
	}
	assert.Equal(t, 1, claims, "one claim on the reminder")
}
