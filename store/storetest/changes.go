package storetest

import (
	"context"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

var changeCases = []suiteCase{
	{"AStreamHearsEachChangeAfterItOpened", func(h *H) {
		before := h.Capture("D1", "U1", "before the stream", "1.1")
		next, stop, err := h.WatchNotes(h.Ctx, nil)
		require.NoError(h.T, err)
		defer func() { assert.NoError(h.T, stop()) }()
		n := h.Capture("D2", "U2", "wipes < 1 day", "2.1")
		// A deadline of real time only so that a broken stream fails the
		// test instead of hanging it; nothing waits on it when it works.
		ctx, cancel := context.WithTimeout(h.Ctx, 10*time.Second)
		defer cancel()
		got, err := next(ctx)
		require.NoError(h.T, err)
		require.NotEmpty(h.T, got)
		assert.Equal(h.T, bh.NoteChange{TeamID: Team, ShiftID: n.ShiftID}, bh.NoteChange{TeamID: got[0].TeamID, ShiftID: got[0].ShiftID},
			"from now: not the note before it (%s)", before.ShiftID)
		assert.NotEmpty(h.T, got[0].Token)
		_, err = h.DeleteNote(h.Ctx, Team, before.ID)
		require.NoError(h.T, err)
		got, err = next(ctx)
		require.NoError(h.T, err)
		require.NotEmpty(h.T, got)
		assert.Equal(h.T, before.ShiftID, got[len(got)-1].ShiftID, "a deletion is a change")
	}},
	{"ShiftsChangedSinceFollowsTheClock", func(h *H) {
		a := h.Capture("D1", "U1", "slept 3h", "1.1")
		h.Clock.Advance(time.Hour)
		b := h.Capture("D2", "U2", "slept 2h", "2.1")
		shiftsOf := func(since time.Time) []string {
			h.T.Helper()
			shs, err := h.ShiftsChangedSince(h.Ctx, since)
			require.NoError(h.T, err)
			out := []string{}
			for _, sh := range shs {
				out = append(out, sh.ID)
			}
			return out
		}
		assert.Equal(h.T, []string{b.ShiftID}, shiftsOf(Start.Add(time.Minute)))
		assert.ElementsMatch(h.T, []string{a.ShiftID, b.ShiftID}, shiftsOf(Start), "at or after")
		h.Clock.Advance(time.Hour)
		_, err := h.RetagNote(h.Ctx, Team, a.ID, bh.TagTask)
		require.NoError(h.T, err)
		assert.Equal(h.T, []string{a.ShiftID}, shiftsOf(h.Clock.Now()), "an edit is a change")
		assert.Empty(h.T, shiftsOf(h.Clock.Now().Add(time.Millisecond)))
	}},
}
