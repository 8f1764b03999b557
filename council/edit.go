package council

import (
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// EditRules are the rules an edit of run's plan keeps (bh.Apply), read
// from the run and its stored pack as the planners read them: the same
// window, the same night, the due times of its deadlines and dated tasks,
// its health notes. A handoff's plan (with Rest) keeps no quiet hours: its
// person is on duty through the night.
func EditRules(run bh.Run, pack bh.ContextPack) bh.PlanRules {
	loc := run.Location(time.UTC)
	facts := normalize.Notes(notesFromPack(pack), loc, run.Now)
	s := newSituation(facts, loc, run.Now, run.Start(), time.Duration(run.HorizonH)*time.Hour, run.Energy, run.For)
	r := bh.PlanRules{Start: s.start, End: s.end, Loc: loc, Dues: s.hardDues(), Health: s.healthIDs()}
	if len(run.Rest) == 0 && run.Quiet != nil && !run.Quiet.Off() {
		q := *run.Quiet
		r.Quiet = &q
	}
	return r
}
