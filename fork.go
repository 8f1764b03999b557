package babyhandoff

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A what-if forks a run: the same notes and clock, with some inputs
// changed. The changes are typed and stored on the child (Run.WhatIf), so
// its replay makes it again from its parent, the diff reply names each one,
// and a model planner is told what changed. ForkRun is pure: it reads no
// store and no clock.

// ForkKind is the input a what-if changes.
type ForkKind string

// The inputs a what-if can change. From and To of an InputChange are
// written as the kind says.
const (
	// ForkEnergy: an Energy ("auto", "low", …).
	ForkEnergy ForkKind = "energy"
	// ForkWindow: WindowValue, "now/12h" or "2026-03-03T07:00:00Z/8h".
	ForkWindow ForkKind = "window"
	// ForkQuiet: QuietHours.Value, "22-6" or "off".
	ForkQuiet ForkKind = "quiet"
	// ForkLeaveOut: NoteID is planned as if it were not there; the note
	// itself is not touched (a later plain /plan has it again).
	ForkLeaveOut ForkKind = "leave_out"
	// ForkMarkDone: NoteID was marked done (in the store, for good), and
	// the fork plans without it.
	ForkMarkDone ForkKind = "mark_done"
	// ForkPlanners: "" (all three) or the one Archetype planned.
	ForkPlanners ForkKind = "planners"
)

// InputChange is one input a what-if changed from its parent run. Text is
// the note's text, for saying which note (ForkLeaveOut, ForkMarkDone).
type InputChange struct {
	Kind     ForkKind
	From, To string
	NoteID   string
	Text     string
}

// WindowValue writes a window as ForkWindow's From and To: its start (""
// when it starts at the run's clock: "now") and length in hours.
func WindowValue(from time.Time, hours int) string {
	at := "now"
	if !from.IsZero() {
		at = from.UTC().Format(time.RFC3339)
	}
	return at + "/" + strconv.Itoa(hours) + "h"
}

// ParseWindowValue reads WindowValue.
func ParseWindowValue(s string) (time.Time, int, error) {
	at, h, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(strings.TrimSuffix(h, "h"))
	if !ok || err != nil || n < 1 || n > 24 {
		return time.Time{}, 0, Errorf(EINVALID, "A plan's window is 1 to 24 hours (got %q).", Truncate(s, 40))
	}
	if at == "now" {
		return time.Time{}, n, nil
	}
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return time.Time{}, 0, Errorf(EINVALID, "A plan's window starts at a time (got %q).", Truncate(s, 40))
	}
	return t.UTC(), n, nil
}

// EnergyChange, WindowChange, QuietChange and PlannersChange are the
// change of that input from parent's; ok is false when it is the same.
func EnergyChange(parent Run, e Energy) (InputChange, bool) {
	return InputChange{Kind: ForkEnergy, From: string(parent.Energy), To: string(e)}, parent.Energy != e
}

// WindowChange: the window from (zero: at the run's clock) for hours.
func WindowChange(parent Run, from time.Time, hours int) (InputChange, bool) {
	was := WindowValue(windowStart(parent), parent.HorizonH)
	now := WindowValue(windowStart(Run{Now: parent.Now, From: from}), hours)
	return InputChange{Kind: ForkWindow, From: was, To: now}, was != now
}

// windowStart is r's From when the plan starts later than its clock, else
// zero (it starts at Now).
func windowStart(r Run) time.Time {
	if r.From.After(r.Now) {
		return r.From
	}
	return time.Time{}
}

// QuietChange: the plan's night kept as q.
func QuietChange(parent Run, q QuietHours) (InputChange, bool) {
	was := "off"
	if parent.Quiet != nil {
		was = parent.Quiet.Value()
	}
	return InputChange{Kind: ForkQuiet, From: was, To: q.Value()}, was != q.Value()
}

// PlannersChange: only a planned ("" all three).
func PlannersChange(parent Run, a Archetype) (InputChange, bool) {
	return InputChange{Kind: ForkPlanners, From: string(parent.Only), To: string(a)}, parent.Only != a
}

// NoteFork leaves a note out of the fork, or says it was marked done.
func NoteFork(kind ForkKind, noteID, text string) InputChange {
	return InputChange{Kind: kind, NoteID: noteID, Text: text}
}

// ForkRun is the run a what-if of parent with changes makes: pointing
// back, with parent's settings and clock, each change applied in order,
// the changes stored (WhatIf) and said in Change. The store gives it its id
// and version. A change that cannot apply (an unknown kind, a window past
// 24 hours) is EINVALID and nothing is made.
func ForkRun(parent Run, changes []InputChange, loc *time.Location) (Run, error) {
	if len(changes) == 0 {
		return Run{}, Errorf(EINVALID, "A what-if needs something to change; nothing was changed.")
	}
	r := parent
	r.ID, r.Version, r.ParentRunID = "", 0, parent.ID
	r.Edit, r.Status, r.Error = nil, StatusQueued, ""
	r.TraceID = ""      // its own work's, set where it runs
	r.ReadNotes = false // the caller says when it reads the notes afresh
	r.CardTS, r.CardChannel, r.CardPosted = "", "", false
	r.CreatedAt, r.StartedAt, r.FinishedAt = time.Time{}, time.Time{}, time.Time{}
	for _, c := range changes {
		if err := r.apply(c); err != nil {
			return Run{}, err
		}
	}
	r.WhatIf = append([]InputChange(nil), changes...)
	ch := ChangesStamped(parent, changes, loc)
	r.Change, r.ChangeStamps = ch.Text, ch.Stamps
	return r, nil
}

func (r *Run) apply(c InputChange) error {
	switch c.Kind {
	case ForkEnergy:
		switch e := Energy(c.To); e {
		case EnergyAuto, EnergyHigh, EnergyMedium, EnergyLow:
			r.Energy = e
		default:
			return Errorf(EINVALID, "That is not an energy level I know; nothing was changed.")
		}
	case ForkWindow:
		from, hours, err := ParseWindowValue(c.To)
		if err != nil {
			return err
		}
		r.From, r.HorizonH = from, hours
	case ForkQuiet:
		q, err := ParseQuietHours(c.To)
		if err != nil {
			return err
		}
		r.Quiet = &q
	case ForkPlanners:
		switch a := Archetype(c.To); a {
		case "", SleepFirst, ErrandsFirst, AdminFirst:
			r.Only = a
		default:
			return Errorf(EINVALID, "That is not a planner I know; nothing was changed.")
		}
	case ForkLeaveOut, ForkMarkDone:
		if c.NoteID == "" {
			return Errorf(EINVALID, "That control does not name a note; nothing was changed.")
		}
	default:
		return Errorf(EINVALID, "That is not something a what-if can change; nothing was changed.")
	}
	return nil
}

// LeftOut are the notes changes plan without (left out or marked done).
func LeftOut(changes []InputChange) map[string]bool {
	out := map[string]bool{}
	for _, c := range changes {
		if c.Kind == ForkLeaveOut || c.Kind == ForkMarkDone {
			out[c.NoteID] = true
		}
	}
	return out
}

// Say is the change as a person reads it; parent gives the clock a window
// is read on.
func (c InputChange) Say(parent Run, loc *time.Location) string {
	switch c.Kind {
	case ForkEnergy:
		return fmt.Sprintf("energy %s → %s", c.From, c.To)
	case ForkWindow:
		return "window " + windowSaid(parent, c.From, loc) + " → " + windowSaid(parent, c.To, loc)
	case ForkQuiet:
		return "quiet hours " + quietSaid(c.From, parent.Clock) + " → " + quietSaid(c.To, parent.Clock)
	case ForkLeaveOut:
		return "left out “" + Truncate(c.Text, 60) + "”"
	case ForkMarkDone:
		return "marked done “" + Truncate(c.Text, 60) + "”"
	case ForkPlanners:
		return "planners " + plannersSaid(c.From) + " → " + plannersSaid(c.To)
	}
	return string(c.Kind)
}

// ChangesStamped names every change, for the diff reply and the run's
// Change: "energy medium → low; window next 12h → next 8h". A window's
// times are written on the shift's 24-hour clock and kept as Stamps, so a
// Slack reader sees them in their own zone and clock (as an edit's are),
// not the family's.
func ChangesStamped(parent Run, changes []InputChange, loc *time.Location) Change {
	var out []string
	var stamps []Stamp
	for _, c := range changes {
		if c.Kind != ForkWindow {
			out = append(out, c.Say(parent, loc))
			continue
		}
		from, fs := windowStamped(parent, c.From, loc)
		to, ts := windowStamped(parent, c.To, loc)
		out = append(out, "window "+from+" → "+to)
		stamps = append(append(stamps, fs...), ts...)
	}
	return Change{Text: strings.Join(out, "; "), Stamps: stamps}
}

// windowStamped is a window value as WindowText writes it on the 24-hour
// clock, with its start and end as stamps ("Tue 19:00–07:00").
func windowStamped(parent Run, v string, loc *time.Location) (string, []Stamp) {
	from, hours, err := ParseWindowValue(v)
	if err != nil {
		return v, nil
	}
	r := Run{Now: parent.Now, From: from, HorizonH: hours, Clock: Clock24}
	if loc == nil {
		loc = time.UTC
	}
	if !r.Later() {
		return r.WindowText(loc), nil
	}
	f := from.In(loc)
	t := f.Add(time.Duration(hours) * time.Hour)
	toLayout := "15:04"
	if t.YearDay() != f.YearDay() && hours >= 24 {
		toLayout = "Mon 15:04"
	}
	fs, ts := StampOf(f, "Mon 15:04"), StampOf(t, toLayout)
	return fs.Text + "–" + ts.Text, []Stamp{fs, ts}
}

func windowSaid(parent Run, v string, loc *time.Location) string {
	from, hours, err := ParseWindowValue(v)
	if err != nil {
		return v
	}
	return Run{Now: parent.Now, From: from, HorizonH: hours, Clock: parent.Clock}.WindowText(loc)
}

func quietSaid(v string, c Clock) string {
	q, err := ParseQuietHours(v)
	if err != nil {
		return v
	}
	if q.Off() {
		return "off"
	}
	return q.Say(c)
}

func plannersSaid(v string) string {
	if v == "" {
		return "all three"
	}
	return "only " + Archetype(v).Label()
}

// Assumed is what changes altered, as a model planner is told: "The
// previous plan assumed medium energy and 12 h; now low energy and 8 h."
// with a sentence per note. "" when changes is empty.
func Assumed(parent Run, changes []InputChange, loc *time.Location) string {
	var was, now, notes []string
	for _, c := range changes {
		switch c.Kind {
		case ForkEnergy:
			was, now = append(was, energyAssumed(c.From)), append(now, energyAssumed(c.To))
		case ForkWindow:
			was, now = append(was, windowAssumed(parent, c.From, loc)), append(now, windowAssumed(parent, c.To, loc))
		case ForkQuiet:
			was, now = append(was, "quiet hours "+quietSaid(c.From, parent.Clock)), append(now, "quiet hours "+quietSaid(c.To, parent.Clock))
		case ForkPlanners:
			was, now = append(was, "planners "+plannersSaid(c.From)), append(now, "planners "+plannersSaid(c.To))
		case ForkLeaveOut:
			notes = append(notes, "The note “"+Truncate(c.Text, 60)+"” is left out of this plan.")
		case ForkMarkDone:
			notes = append(notes, "The note “"+Truncate(c.Text, 60)+"” is now done.")
		}
	}
	var s []string
	if len(was) > 0 {
		s = append(s, "The previous plan assumed "+andList(was)+"; now "+andList(now)+".")
	}
	return strings.Join(append(s, notes...), " ")
}

// energyAssumed is "low energy", or for auto where it comes from.
func energyAssumed(e string) string {
	if Energy(e) == EnergyAuto {
		return "the energy the notes show"
	}
	return e + " energy"
}

// windowAssumed is "12 h", or "8 h from Tue 07:00" for a later window.
func windowAssumed(parent Run, v string, loc *time.Location) string {
	from, hours, err := ParseWindowValue(v)
	if err != nil {
		return v
	}
	s := strconv.Itoa(hours) + " h"
	if r := (Run{Now: parent.Now, From: from}); r.Later() {
		s += " from " + parent.Clock.Format(from.In(loc), "Mon 15:04")
	}
	return s
}

func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
