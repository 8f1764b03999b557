package babyhandoff

import "time"

// Reading is what the normaliser read in a note's words, made once when the
// note is stored and again when its words, its tag or its family's zone
// change, and kept on the note: the store decides from it which notes are
// live, and plans and the radar turn it into a Fact without reading the
// words again. It is the note's Fact but for what the note itself holds
// (its id, writer, time and "still on it").
type Reading struct {
	// Version is the rules that made it (normalize.Version); 0 means the
	// note was never read. A reading of older rules is made again once, at
	// start.
	Version int
	// Zone is the zone it was read in (time.Location.String()): "5pm"
	// names a moment there.
	Zone string

	Kind        Tag
	Inferred    bool
	Title       string
	Due         *time.Time
	AllDay      bool
	Start       *time.Time
	End         *time.Time
	DurationMin time.Duration
	DurationMax time.Duration
	Energy      Energy
	SleepHours  float64
	// Items are the supplies it names; Restocked those it says were bought.
	Items       []string
	Horizon     time.Duration
	Out         bool
	Restocked   []string
	Medical     bool
	Mood        bool
	Observation bool
	// LiveUntil is when the note's own words end it (Fact.PastFrom): a
	// store leaves it out of LiveNotes from then. nil: they never do.
	LiveUntil *time.Time
}

// A Reader reads a note's words in its family's zone loc. The store calls
// the one it is given when a note is stored and when its words, tag or
// zone change; it never reads words itself.
type Reader func(n Note, loc *time.Location) Reading

// ReadingOf keeps what f says of a note's words, read under rules version
// in loc.
func ReadingOf(f Fact, version int, loc *time.Location) Reading {
	r := Reading{Version: version, Zone: loc.String(), Kind: f.Kind, Inferred: f.Inferred, Title: f.Title, Due: f.Due, AllDay: f.AllDay,
		Start: f.Start, End: f.End, DurationMin: f.DurationMin, DurationMax: f.DurationMax, Energy: f.Energy, SleepHours: f.SleepHours,
		Items: f.Items, Horizon: f.Horizon, Out: f.Out, Restocked: f.Restocked, Medical: f.Medical, Mood: f.Mood, Observation: f.Observation}
	if until, ok := f.PastFrom(); ok {
		r.LiveUntil = &until
	}
	return r
}

// Fact is the note's stored reading as plans and the radar use it, its
// times in loc (the zone it was read in).
func (n Note) Fact(loc *time.Location) Fact {
	r := n.Reading
	in := func(t *time.Time) *time.Time {
		if t == nil {
			return nil
		}
		u := t.In(loc)
		return &u
	}
	return Fact{NoteID: n.ID, Kind: r.Kind, Inferred: r.Inferred, Title: r.Title, Due: in(r.Due), AllDay: r.AllDay, Start: in(r.Start), End: in(r.End),
		DurationMin: r.DurationMin, DurationMax: r.DurationMax, Energy: r.Energy, SleepHours: r.SleepHours, Items: r.Items, Horizon: r.Horizon,
		Out: r.Out, Restocked: r.Restocked, Medical: r.Medical, Mood: r.Mood, CreatedAt: n.CreatedAt, UserID: n.UserID, StillOnAt: n.StillOnAt,
		Observation: r.Observation}
}

// LiveAt reports whether n is live at now: what LiveNotes at now holds of
// the family's notes (before OpenUntil, when something ends it).
func (n Note) LiveAt(now time.Time) bool {
	until, ok := n.OpenUntil()
	return !ok || now.Before(until)
}

// OpenUntil is when n stops being live (LiveNotes: live while the time is
// before until), as its life and stored reading say: a removed note never
// is (zero time); a done one is DoneWindow after it was done; else its
// words decide (Reading.LiveUntil). ok is false when nothing ends it.
func (n Note) OpenUntil() (until time.Time, ok bool) {
	switch {
	case n.DeletedAt != nil:
		return time.Time{}, true
	case n.DoneAt != nil:
		return n.DoneAt.Add(DoneWindow + time.Nanosecond), true
	case n.Reading.LiveUntil != nil:
		return *n.Reading.LiveUntil, true
	}
	return time.Time{}, false
}
