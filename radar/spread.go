package radar

import (
	"hash/fnv"
	"time"
)

// Sweeps that look at every family at once make a burst: with many
// families on one deployment, every family's Slack calls would go out in
// the same second of each period. Instead each family has its own phase in
// the period, the same every time (a hash of its id, so a test knows it),
// and is swept when a tick passes it.

// SpreadTicks is how many ticks a spread period is cut into: each tick
// sweeps the families whose phase it passed.
const SpreadTicks = 30

// Phase is the family's place in period: in [0, period), fixed by its id,
// about evenly spread over families.
func Phase(teamID, shiftID string, period time.Duration) time.Duration {
	if period <= 0 {
		return 0
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(teamID + "/" + shiftID)) // a hash never fails
	return time.Duration(h.Sum64() % uint64(period))
}

// window is the part of a period from one tick (after it) to the next (up
// to it, inclusive). A window of a whole period or more holds every phase.
type window struct {
	from, to time.Time
	period   time.Duration
}

// holds reports whether the family's phase falls in w.
func (w window) holds(teamID, shiftID string) bool {
	if w.period <= 0 || w.to.Sub(w.from) >= w.period {
		return true
	}
	if !w.to.After(w.from) {
		return false
	}
	p := Phase(teamID, shiftID, w.period)
	a := time.Duration(w.from.UnixNano() % int64(w.period))
	b := time.Duration(w.to.UnixNano() % int64(w.period))
	if a < b {
		return a < p && p <= b
	}
	return p > a || p <= b // the window wraps past the period's start
}
