package storetest

import (
	"fmt"
	"sort"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

const day = 24 * time.Hour

var upkeepCases = []suiteCase{
	{"SweepKeepsWhatIsStillUsefulOverAYear", func(h *H) {
		note := func(ts, text string) bh.Note {
			n := h.Capture("D1", "U1", text, ts)
			require.NoError(h.T, h.SetNoteReply(h.Ctx, Team, n.ID, "D1", ts+"9"))
			return n
		}
		done, removed, open := note("1.1", "task: buy wipes"), note("1.2", "task: call grandma"), note("1.3", "deadline: daycare form friday")
		_, err := h.MarkNoteDone(h.Ctx, Team, done.ID, true)
		require.NoError(h.T, err)
		_, err = h.DeleteNote(h.Ctx, Team, removed.ID)
		require.NoError(h.T, err)
		run, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: open.ShiftID, ChannelID: "D1", Energy: bh.EnergyAuto})
		require.NoError(h.T, err)
		require.NoError(h.T, h.SaveRunRecord(h.Ctx, Record(run)))
		_, err = h.MarkEvent(h.Ctx, Team, "EvEdit")
		require.NoError(h.T, err)
		rev := h.Rev(open.ShiftID)

		// A day later: only the Slack event id (24 h) is gone.
		h.Clock.Advance(day + time.Minute)
		h.swept(bh.Swept{SlackIDs: 1})
		seen, err := h.EventSeen(h.Ctx, Team, "EvEdit")
		require.NoError(h.T, err)
		assert.False(h.T, seen)
		first, err := h.MarkEvent(h.Ctx, Team, "EvEdit")
		require.NoError(h.T, err)
		assert.True(h.T, first, "a delivery after the id's time is new")

		// At day 31 the reply places (30 days) go; at day 91 the run's
		// details, with its event; the run and every note stay.
		h.Clock.Advance(30 * day)
		h.swept(bh.Swept{Replies: 3, SlackIDs: 1})
		got, err := h.Note(h.Ctx, Team, open.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, []string{"", ""}, []string{got.ReplyChannel, got.ReplyTS})
		_, err = h.RunRecord(h.Ctx, Team, run.ID)
		require.NoError(h.T, err)
		h.Clock.Advance(60 * day)
		h.swept(bh.Swept{RunDetails: 1})
		_, err = h.RunRecord(h.Ctx, Team, run.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		assert.Contains(h.T, bh.ErrorMessage(err), "kept for 90 days")
		latest, err := h.LatestRun(h.Ctx, Team, open.ShiftID)
		require.NoError(h.T, err)
		assert.Equal(h.T, run.ID, latest.ID)
		evs, err := h.ShiftEvents(h.Ctx, Team, open.ShiftID, "", 0)
		require.NoError(h.T, err)
		assert.Empty(h.T, evs)
		all, err := h.Notes(h.Ctx, Team, open.ShiftID, true)
		require.NoError(h.T, err)
		assert.Len(h.T, all, 3)

		// A year after they were closed, the done and the removed notes go;
		// the open one stays however old it is, and the family's order of
		// states does not go back.
		h.Clock.Advance(365*day - 91*day)
		h.swept(bh.Swept{Notes: 2})
		assert.Equal(h.T, []string{open.Text}, h.Live(open.ShiftID))
		all, err = h.Notes(h.Ctx, Team, open.ShiftID, true)
		require.NoError(h.T, err)
		require.Len(h.T, all, 1)
		assert.GreaterOrEqual(h.T, h.Rev(open.ShiftID), rev)
		_, err = h.Note(h.Ctx, Team, done.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		// The same message again (a very late redelivery) is a new note.
		again, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", RawText: "task: buy wipes", MessageTS: "1.1"})
		require.NoError(h.T, err)
		assert.True(h.T, created)
		assert.NotEqual(h.T, done.ID, again.ID)
		h.swept(bh.Swept{})
	}},
	{"SweepKeepsTheLatestWakeUps", func(h *H) {
		s1 := h.Family("D1")
		s2 := h.Family("D2")
		wake := func(shift string, from, n int) {
			for i := from; i < from+n; i++ {
				h.Clock.Advance(time.Hour)
				st := bh.ShiftState{TeamID: Team, ShiftID: shift, ChannelID: "D" + shift, Notes: i + 1, NotesRev: i + 1, ComputedAt: h.Clock.Now()}
				id := fmt.Sprintf("%s-%d", shift, i)
				require.NoError(h.T, h.SaveShiftState(h.Ctx, st, id, &bh.Event{ID: id, TeamID: Team, ShiftID: shift, At: h.Clock.Now(), Agent: "RiskRadar", Type: bh.EventWakeUp}, nil))
			}
		}
		wake(s1, 0, 8) // hours 1–8
		wake(s2, 0, 2) // hours 9–10
		h.Clock.Advance(48 * time.Hour)
		wake(s1, 8, 2) // two within the last day
		h.swept(bh.Swept{Events: 7})
		ids := func(shift string) []string {
			evs, err := h.ShiftEvents(h.Ctx, Team, shift, bh.EventWakeUp, 0)
			require.NoError(h.T, err)
			var out []string
			for _, e := range evs {
				out = append(out, e.ID)
			}
			sort.Strings(out)
			return out
		}
		assert.Equal(h.T, []string{s1 + "-7", s1 + "-8", s1 + "-9"}, ids(s1), "the latest three: two of today, the newest before")
		assert.Equal(h.T, []string{s2 + "-0", s2 + "-1"}, ids(s2))
	}},
	{"TheSampleLivesApartAndComesBackOnce", func(h *H) {
		mine := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		sh, err := bh.LoadSample(h.Ctx, h, Team, "D1", "U1")
		require.NoError(h.T, err)
		assert.NotEqual(h.T, mine.ShiftID, sh.ID)
		assert.True(h.T, sh.Sample)
		n := len(bh.SampleNotes(Team, "D1", "U1"))
		assert.Len(h.T, h.Live(sh.ID), n)
		_, err = bh.LoadSample(h.Ctx, h, Team, "D1", "U1")
		require.NoError(h.T, err)
		all, err := h.Notes(h.Ctx, Team, sh.ID, true)
		require.NoError(h.T, err)
		assert.Len(h.T, all, n, "loaded twice, stored once")

		cleared, err := bh.ClearSample(h.Ctx, h, Team, "D1")
		require.NoError(h.T, err)
		assert.Equal(h.T, n, cleared)
		assert.Empty(h.T, h.Live(sh.ID))
		assert.Equal(h.T, []string{"wipes < 1 day"}, h.Live(mine.ShiftID), "the family's own notes stay")
		_, err = bh.LoadSample(h.Ctx, h, Team, "D1", "U1")
		require.NoError(h.T, err)
		assert.Len(h.T, h.Live(sh.ID), n, "cleared notes come back")
		none, err := bh.ClearSample(h.Ctx, h, Team, "D9")
		require.NoError(h.T, err)
		assert.Zero(h.T, none)
	}},
}

// swept runs a sweep and checks what it removed.
func (h *H) swept(want bh.Swept) {
	h.T.Helper()
	got, err := h.Sweep(h.Ctx)
	require.NoError(h.T, err)
	assert.Equal(h.T, want, got, "swept at %s", h.Clock.Now())
}
