package store_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// clock is a settable clock for the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// clockedBackends are the contract backends with the store on clk.
func clockedBackends(t *testing.T, clk *clock) map[string]func(t *testing.T) *store.DB {
	open := func(t *testing.T, cfg store.Config) *store.DB {
		cfg.Now = clk.Now
		db, err := store.Open(context.Background(), cfg)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close(context.Background()) })
		return db
	}
	b := map[string]func(t *testing.T) *store.DB{
		"embedded":           func(t *testing.T) *store.DB { return open(t, store.Config{DataDir: t.TempDir()}) },
		"embedded-unindexed": func(t *testing.T) *store.DB { return open(t, store.Config{DataDir: t.TempDir(), Unindexed: true}) },
	}
	if uri := os.Getenv("MONGODB_TEST_URI"); uri != "" {
		b["mongodb"] = func(t *testing.T) *store.DB {
			return open(t, store.Config{URI: uri, Database: fmt.Sprintf("bh_test_%d", time.Now().UnixNano())})
		}
	}
	return b
}

// TestSweepKeepsWhatIsStillUseful plays a year: what is kept, and for how
// long, by the store's clock.
func TestSweepKeepsWhatIsStillUseful(t *testing.T) {
	day := 24 * time.Hour
	start := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	clk := &clock{t: start}
	for name, open := range clockedBackends(t, clk) {
		t.Run(name, func(t *testing.T) {
			clk.t = start
			ctx := context.Background()
			db := open(t)
			note := func(ts, text string) bh.Note {
				n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: text, MessageTS: ts, EventID: "Ev" + ts})
				require.NoError(t, err)
				require.NoError(t, db.SetNoteReply(ctx, "T1", n.ID, "D1", ts+"9"))
				return n
			}
			done := note("1.1", "task: buy wipes")
			removed := note("1.2", "task: call grandma")
			open := note("1.3", "deadline: daycare form friday")
			_, err := db.MarkNoteDone(ctx, "T1", done.ID, true)
			require.NoError(t, err)
			_, err = db.DeleteNote(ctx, "T1", removed.ID)
			require.NoError(t, err)
			run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: open.ShiftID, ChannelID: "D1", Energy: bh.EnergyAuto, Now: clk.Now()})
			require.NoError(t, err)
			require.NoError(t, db.SaveRunRecord(ctx, sampleRecord(run)))

			_, err = db.MarkEvent(ctx, "T1", "EvEdit")
			require.NoError(t, err)

			// A day later: only the Slack event id (24 h) is gone.
			clk.Add(day + time.Minute)
			swept, err := db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, store.Swept{SlackIDs: 1}, swept)
			seen, err := db.EventSeen(ctx, "T1", "EvEdit")
			require.NoError(t, err)
			assert.False(t, seen)
			_, err = db.RunRecord(ctx, "T1", run.ID)
			require.NoError(t, err)

			// 89 days on, nothing more; at 91 days the run's details and
			// the reply locations (30 days) are gone; the run, its decision
			// and every note stay.
			clk.Add(88 * day)
			swept, err = db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, store.Swept{Replies: 3}, swept)
			clk.Add(2 * day)
			swept, err = db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, store.Swept{RunDetails: 1, Events: 0}, swept, "the run's event went with its details")
			_, err = db.RunRecord(ctx, "T1", run.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
			assert.Contains(t, bh.ErrorMessage(err), "kept for 90 days")
			latest, err := db.LatestRun(ctx, "T1", open.ShiftID)
			require.NoError(t, err)
			assert.Equal(t, run.ID, latest.ID)
			sizes, err := db.RunSize(ctx, "T1", run.ID)
			require.NoError(t, err)
			assert.Equal(t, []string{"decisions", "runs"}, keys(sizes))
			all, err := db.Notes(ctx, "T1", open.ShiftID, true)
			require.NoError(t, err)
			assert.Len(t, all, 3)

			// A year after they were closed, the done and the removed notes
			// go; the open one stays however old it is.
			clk.Add(365*day - 91*day)
			swept, err = db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, store.Swept{Notes: 2}, swept)
			all, err = db.Notes(ctx, "T1", open.ShiftID, true)
			require.NoError(t, err)
			require.Len(t, all, 1)
			assert.Equal(t, open.ID, all[0].ID)
			_, err = db.Note(ctx, "T1", done.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))

			// The same message again (a very late redelivery) is a new note,
			// not a ghost of the swept one.
			again, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
			require.NoError(t, err)
			assert.True(t, created)
			assert.NotEqual(t, done.ID, again.ID)

			swept, err = db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, store.Swept{}, swept, "a second sweep finds nothing")
		})
	}
}

func keys(m map[string]int) []string {
	var out []string
	for k, v := range m {
		if v > 0 {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestSweepKeepsTheLatestWakeUps: the radar writes a wake-up per look; a
// shift keeps its latest three (App Home shows them) and the last day's.
func TestSweepKeepsTheLatestWakeUps(t *testing.T) {
	start := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	clk := &clock{t: start}
	for name, open := range clockedBackends(t, clk) {
		t.Run(name, func(t *testing.T) {
			clk.t = start
			ctx := context.Background()
			db := open(t)
			wake := func(shift string, from, n int) {
				for i := from; i < from+n; i++ {
					clk.Add(time.Hour)
					st := bh.ShiftState{TeamID: "T1", ShiftID: shift, ChannelID: "D" + shift, Notes: i + 1, NotesRev: i + 1, ComputedAt: clk.Now()}
					id := fmt.Sprintf("%s-%d", shift, i)
					require.NoError(t, db.SaveShiftState(ctx, st, id, &bh.Event{ID: id, TeamID: "T1", ShiftID: shift, At: clk.Now(), Agent: "RiskRadar", Type: bh.EventWakeUp}, nil))
				}
			}
			wake("S1", 0, 8) // hours 1–8
			wake("S2", 0, 2) // hours 9–10
			clk.Add(48 * time.Hour)
			wake("S1", 8, 2) // two within the last day
			swept, err := db.Sweep(ctx)
			require.NoError(t, err)
			assert.Equal(t, 7, swept.Events)
			ids := func(shift string) []string {
				evs, err := db.ShiftEvents(ctx, "T1", shift, bh.EventWakeUp, 0)
				require.NoError(t, err)
				var out []string
				for _, e := range evs {
					out = append(out, e.ID)
				}
				sort.Strings(out)
				return out
			}
			assert.Equal(t, []string{"S1-7", "S1-8", "S1-9"}, ids("S1"), "the latest three: two of today, the newest before")
			assert.Equal(t, []string{"S2-0", "S2-1"}, ids("S2"))
		})
	}
}
