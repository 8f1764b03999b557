package babyhandoff

import (
	"fmt"
	"time"
)

// Rest is another caregiver's sleep inside a plan's window: the sender of a
// handoff, asleep in their quiet hours while the plan's person (Run.For) is
// on duty. A plan states it as theirs ("Maya sleeps until Wed 06:00") and
// never plans it as its own person's night.
type Rest struct {
	UserID string
	Name   string
	Start  time.Time
	End    time.Time
}

// restStep is the grid RestIn walks: a plan's step.
const restStep = 15 * time.Minute

// RestIn is the first stretch of q inside [from, to), at least an hour
// long, on loc's clock; ok is false when there is none. Quiet hours may
// start and end on either side of midnight, and a DST night is not 24 h,
// so the window is walked a step at a time.
func (q QuietHours) RestIn(from, to time.Time, loc *time.Location) (start, end time.Time, ok bool) {
	if q.Off() || !to.After(from) {
		return time.Time{}, time.Time{}, false
	}
	// On the step grid (quiet hours start on the hour), clipped to the
	// window at both ends.
	var s time.Time
	for t := from.Truncate(restStep); ; t = t.Add(restStep) {
		at := t
		if at.Before(from) {
			at = from
		}
		if at.After(to) {
			at = to
		}
		in := at.Before(to) && q.Contains(at.In(loc))
		switch {
		case in && s.IsZero():
			s = at
		case !in && !s.IsZero():
			if at.Sub(s) >= time.Hour {
				return s, at, true
			}
			s = time.Time{}
		}
		if !at.Before(to) {
			return time.Time{}, time.Time{}, false
		}
	}
}

// Text says the rest as the sleeper's, calmly and without advice: "Maya
// sleeps until Wed 06:00 — wake them if you need a hand", or "Maya sleeps
// 22:00–Wed 06:00 — …" when it starts after from (the plan's start),
// written on c ("until Wed 6 AM").
func (r Rest) Text(from time.Time, loc *time.Location, c Clock) string {
	name := r.Name
	if name == "" {
		name = "The one who handed off"
	}
	end := c.Format(r.End.In(loc), "Mon 15:04")
	if r.Start.After(from) {
		return fmt.Sprintf("%s sleeps %s–%s — wake them if you need a hand", name, c.Format(r.Start.In(loc), "15:04"), end)
	}
	return fmt.Sprintf("%s sleeps until %s — wake them if you need a hand", name, end)
}
