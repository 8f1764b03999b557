package storetest

import (
	"context"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// resumeCases are the radar's restart on the notes' changes: it keeps
// the position of the last change it handled (its cursor) and, started
// again, resumes after it: every change since comes, each once, and none
// from before.
var resumeCases = []suiteCase{
	{"AStreamResumedAfterItsCursorHearsWhatCameMeanwhileOnce", func(h *H) {
		// A deadline of real time only so that a broken stream fails the
		// test instead of hanging it; nothing waits on it when it works.
		ctx, cancel := context.WithTimeout(h.Ctx, 10*time.Second)
		defer cancel()
		next, stop, err := h.WatchNotes(h.Ctx, nil)
		require.NoError(h.T, err)
		a := h.Capture("D1", "U1", "slept 3h", "1.1")
		got, err := next(ctx)
		require.NoError(h.T, err)
		require.Equal(h.T, []string{a.ShiftID}, shiftsOf(got))
		require.NoError(h.T, h.SaveRadarCursor(h.Ctx, bh.RadarCursor{Token: got[len(got)-1].Token, At: h.Clock.Now()}))
		require.NoError(h.T, stop(), "the radar stops")

		// Written while no stream listens.
		b := h.Capture("D2", "U2", "wipes < 1 day", "2.1")
		_, err = h.RetagNote(h.Ctx, Team, b.ID, bh.TagTask)
		require.NoError(h.T, err)
		c := h.Capture("D3", "U3", "slept 2h", "3.1")

		cur, err := h.RadarCursor(h.Ctx)
		require.NoError(h.T, err)
		next, stop, err = h.WatchNotes(h.Ctx, cur.Token)
		require.NoError(h.T, err)
		var heard []bh.NoteChange
		for !containsAll(shiftsOf(heard), b.ShiftID, c.ShiftID) {
			got, err := next(ctx)
			require.NoError(h.T, err)
			heard = append(heard, got...)
		}
		assert.NotContains(h.T, shiftsOf(heard), a.ShiftID, "nothing from before the cursor comes again")
		assert.Equal(h.T, c.ShiftID, heard[len(heard)-1].ShiftID, "oldest first")
		require.NoError(h.T, stop())

		// Resumed after the last change heard: only what comes after it.
		next, stop, err = h.WatchNotes(h.Ctx, heard[len(heard)-1].Token)
		require.NoError(h.T, err)
		defer func() { assert.NoError(h.T, stop()) }()
		d := h.Capture("D4", "U4", "formula < 2 days", "4.1")
		got, err = next(ctx)
		require.NoError(h.T, err)
		assert.Equal(h.T, []string{d.ShiftID}, shiftsOf(got), "each change once")
	}},
}

func shiftsOf(chs []bh.NoteChange) []string {
	out := []string{}
	for _, c := range chs {
		out = append(out, c.ShiftID)
	}
	return out
}

func containsAll(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, v := range list {
			found = found || v == w
		}
		if !found {
			return false
		}
	}
	return true
}
