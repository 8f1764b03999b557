package babyhandoff

import "time"

// Energy is how much a parent has to give, inferred from notes or chosen.
type Energy string

// Energy levels. EnergyAuto means "infer it from the notes".
const (
	EnergyAuto   Energy = "auto"
	EnergyHigh   Energy = "high"
	EnergyMedium Energy = "medium"
	EnergyLow    Energy = "low"
)

// Fact is what the normaliser understood from one note: the structured event
// the planners and the radar work from. It keeps the note's id so every plan
// item can point back to its evidence.
type Fact struct {
	NoteID string
	// Kind is the note's tag when a person chose it (chip, prefix, modal),
	// else the normaliser's inference.
	Kind     Tag
	Inferred bool
	// Title is the note's text, tidied for a plan line (no tag prefix, one
	// line, at most 120 runes).
	Title string
	// Due is when a deadline or timed task must be done, in the shift's
	// zone. AllDay means the note named a date without a time and Due is the
	// end of that day (23:59).
	Due    *time.Time
	AllDay bool
	// Start and End bound a fixed commitment ("pediatrician 2pm" → a 1 h
	// block; "work 9–5").
	Start *time.Time
	End   *time.Time
	// DurationMin/Max is the time a task needs ("60–90 min focus block").
	DurationMin time.Duration
	DurationMax time.Duration
	// Energy is a signal about the parent's energy ("" when none), with
	// SleepHours when the note says how long they slept.
	Energy     Energy
	SleepHours float64
	// Items and Horizon describe running-low supplies ("wipes < 1 day" →
	// ["wipes"], 24h). Horizon 0 means "soon, unspecified"; Out means gone.
	Items   []string
	Horizon time.Duration
	Out     bool
	// Restocked lists the supplies the note says were just bought or
	// restocked ("got diapers", "bought formula"): they close the matching
	// running-low items.
	Restocked []string
	// Medical marks a note that asks a health question or describes a
	// symptom: it is listed apart, for a licensed professional, never
	// planned into a time slot and never answered with advice.
	Medical bool
	// Mood marks a health note about the parent's own low mood or worry
	// (after a birth): it gets, besides the professional, a word that
	// support exists.
	Mood bool
	// CreatedAt is the note's creation time (recency decides ties).
	CreatedAt time.Time
	// UserID is who wrote the note ("" when unknown).
	UserID string
	// StillOnAt is when a person said an overdue deadline is still on.
	StillOnAt *time.Time
	// Observation marks a note that records how someone is doing — sleep,
	// a nap, a feed, an energy signal — and asks nothing: it counts for
	// ObservationWindow, then it is past.
	Observation bool
}

// ObservationWindow is how long an observation (sleep, feeds, mood, an
// energy signal) counts: "slept 2 hours" from five days ago says nothing
// about tonight.
const ObservationWindow = 24 * time.Hour

// EnergyOf is the energy a plan or the radar works with at now: a person's
// choice wins; otherwise the latest energy signal written within the last
// ObservationWindow (with the note it came from); otherwise medium, and
// recent is false.
func EnergyOf(facts []Fact, chosen Energy, now time.Time) (e Energy, noteIDs []string, byPerson bool) {
	return EnergyFor(facts, chosen, now, "")
}

// EnergyFor is EnergyOf for a plan made for one person (the one on duty):
// only their own observations count — another caregiver's night says
// nothing of theirs. person "" counts everyone's.
func EnergyFor(facts []Fact, chosen Energy, now time.Time, person string) (e Energy, noteIDs []string, byPerson bool) {
	switch chosen {
	case EnergyHigh, EnergyMedium, EnergyLow:
		return chosen, nil, true
	}
	var latest *Fact
	for i := range facts {
		f := &facts[i]
		if f.Energy == "" || f.Energy == EnergyAuto || now.Sub(f.CreatedAt) > ObservationWindow || (person != "" && f.UserID != person) {
			continue
		}
		if latest == nil || !f.CreatedAt.Before(latest.CreatedAt) {
			latest = f
		}
	}
	if latest == nil {
		return EnergyMedium, nil, false
	}
	return latest.Energy, []string{latest.NoteID}, false
}

// ClosedBy reports whether a note that restocked items closes the running-low
// item f: they name a supply in common.
func (f Fact) ClosedBy(restocked []string) bool {
	if f.Kind != TagInventory || len(restocked) == 0 {
		return false
	}
	for _, a := range f.Items {
		for _, b := range restocked {
			if a == b {
				return true
			}
		}
	}
	return false
}

// StaleAfter is how long an undated task or a running-low item stays in
// plans untouched; then it is asked about ("still open?"), once: a "still
// on it" answer keeps it StaleAfter more.
const StaleAfter = 7 * 24 * time.Hour

// OverdueDrop is how long a deadline stays in plans once overdue: after it,
// with no answer, it leaves them (kept in history, listed as dropped).
const OverdueDrop = 48 * time.Hour

// Life is where a note's item stands at a moment.
type Life int

// The stages of an item's life.
const (
	// LifeOpen: plan it.
	LifeOpen Life = iota
	// LifeStillOpen: a dated task whose day has ended ("buy wipes today",
	// yesterday), or an undated task or running-low item untouched for
	// StaleAfter: not a block any more, a question: still open?
	LifeStillOpen
	// LifeDropped: a deadline overdue for more than OverdueDrop.
	LifeDropped
	// LifePast: a fixed commitment that is over, or an observation older
	// than ObservationWindow. Nothing brings it back but an edit.
	LifePast
)

// LifeAt says where f stands at now; loc is the shift's zone, where a
// dated task's day ends.
func (f Fact) LifeAt(now time.Time, loc *time.Location) Life {
	if from, ok := f.pastFrom(); ok && !now.Before(from) {
		return LifePast
	}
	switch {
	case f.Kind == TagTask && f.Due != nil:
		d := f.Due.In(loc)
		dayEnds := time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, loc)
		if !now.Before(dayEnds) {
			return LifeStillOpen
		}
	case f.Kind == TagInventory || (f.Kind == TagTask && f.Due == nil):
		since := f.CreatedAt
		if f.StillOnAt != nil && f.StillOnAt.After(since) {
			since = *f.StillOnAt
		}
		if !since.IsZero() && now.Sub(since) > StaleAfter {
			return LifeStillOpen
		}
	case f.Kind == TagDeadline && f.Due != nil:
		since := *f.Due
		if f.StillOnAt != nil && f.StillOnAt.After(since) {
			since = *f.StillOnAt // "still on it": the 48 hours count from the answer
		}
		if now.Sub(since) > OverdueDrop {
			return LifeDropped
		}
	}
	return LifeOpen
}

// ContextWindow is how long a plain note counts (Fact.Plain: "baby's nails
// are so long", "got diapers"): plans, their context pack and handoff.md
// read it for a week, then it is past. It is never an item with a Done —
// no card or radar message offers one — so nothing else ends it: a
// family's plans carried every such note it ever wrote, hundreds after
// months.
const ContextWindow = 7 * 24 * time.Hour

// Plain reports whether f asks nothing and names no time, supply or
// health concern: a Note that is not an observation, with no due time,
// fixed time, duration, supply running low or energy in it.
func (f Fact) Plain() bool {
	return f.Kind == TagNote && !f.Medical && !f.Observation && f.Due == nil && f.Start == nil && f.DurationMin == 0 && f.DurationMax == 0 &&
		len(f.Items) == 0 && !f.Out && f.Energy == "" && f.SleepHours == 0
}

// PastFrom is the moment from which f is LifePast for good, when its own
// words decide one: an observation ObservationWindow after it was written,
// a plain note ContextWindow after, a fixed commitment when it ends. Nothing said later (done, "still on")
// changes it, so a store may leave the note out of what plans and the radar
// read once that moment has come. ok is false for items that live until
// someone acts on them, and for health notes, which stay listed until a
// person closes them.
func (f Fact) PastFrom() (from time.Time, ok bool) {
	if f.Medical {
		return time.Time{}, false
	}
	return f.pastFrom()
}

// pastFrom is PastFrom for LifeAt: a health note's appointment is over
// when it ends too, though the note stays listed apart.
func (f Fact) pastFrom() (time.Time, bool) {
	switch {
	case f.Observation && !f.CreatedAt.IsZero():
		// "Counts for 24 h": past once more than that has gone by.
		return f.CreatedAt.Add(ObservationWindow + time.Nanosecond), true
	case f.Plain() && !f.CreatedAt.IsZero():
		return f.CreatedAt.Add(ContextWindow + time.Nanosecond), true
	case f.Start != nil && f.Kind != TagTask && f.Kind != TagDeadline && f.Kind != TagInventory:
		end := f.Start.Add(time.Hour)
		if f.End != nil {
			end = *f.End
		}
		return end, true
	}
	return time.Time{}, false
}

// HealthAskAfter is how long a health note stays listed without news before
// it is asked about ("Still a concern?"): it is never dropped, only asked.
const HealthAskAfter = 24 * time.Hour

// HealthAsk reports whether the health note f is due its "Still a
// concern?" at now: HealthAskAfter since it was written, or since someone
// last answered "still a concern" (StillOnAt).
func (f Fact) HealthAsk(now time.Time) bool {
	if !f.Medical {
		return false
	}
	since := f.CreatedAt
	if f.StillOnAt != nil && f.StillOnAt.After(since) {
		since = *f.StillOnAt
	}
	return !since.IsZero() && now.Sub(since) >= HealthAskAfter
}
