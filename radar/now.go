package radar

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// State is a shift's radar state as of now, computed as the watcher computes
// it but saved nowhere: /radar and App Home show it without waiting for the
// watcher, and without a second way of reading notes that could disagree.
func (w *Watcher) State(ctx context.Context, shift bh.Shift) (bh.ShiftState, error) {
	now := w.cfg.Now()
	live, err := w.cfg.Store.LiveNotes(ctx, shift.TeamID, shift.ID, now)
	if err != nil {
		return bh.ShiftState{}, err
	}
	energy, err := w.energy(ctx, shift.TeamID, shift.ID)
	if err != nil {
		return bh.ShiftState{}, err
	}
	return w.compute(shift, live, energy, now), nil
}

// energy is the energy a person chose on the shift's latest plan (it wins
// over the one read from notes), else auto.
func (w *Watcher) energy(ctx context.Context, teamID, shiftID string) (bh.Energy, error) {
	run, err := w.cfg.Store.LatestRun(ctx, teamID, shiftID)
	switch {
	case err == nil:
		return run.Energy, nil
	case bh.ErrorCode(err) == bh.ENOTFOUND:
		return bh.EnergyAuto, nil
	default:
		return "", err
	}
}

// compute reads the shift's open notes (live, not done) into facts,
// through the memo, which leaves the others out, and scores them.
func (w *Watcher) compute(shift bh.Shift, live bh.LiveNotes, energy bh.Energy, now time.Time) bh.ShiftState {
	loc := shift.Location(w.cfg.Location)
	st := Compute(shift, w.memo.facts(shift.TeamID+"/"+shift.ID, live.Notes, loc, now, normalize.Notes), now, energy, loc)
	st.NotesRev = live.Rev
	return st
}

// leftOut says a note is not the radar's to read: deleted, done, or a
// stray sample note.
func leftOut(n bh.Note) bool { return n.Deleted() || n.Done() || n.StraySample() }
