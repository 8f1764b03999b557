// Package radar is BabyHandoff's Risk Radar: it keeps a live view of each
// shift's risks (energy, deadlines, running-low supplies, fixed
// commitments) and suggests the next actions. It depends on the domain only;
// the normaliser and the store reach it through what its Config and
// interfaces name.
package radar

import (
	"fmt"
	"sort"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Risk thresholds. A deadline within DeadlineSoon of now, or a supply that
// runs out within SupplySoon, is high; overdue or already out is critical.
const (
	DeadlineCritical = 3 * time.Hour
	DeadlineSoon     = 12 * time.Hour
	DeadlineWatch    = 48 * time.Hour
	SupplyCritical   = 6 * time.Hour
	SupplySoon       = 24 * time.Hour
)

// Compute is the shift's state from its notes' facts (as the council's
// normaliser reads them) at now. energy is a person's explicit choice, or
// EnergyAuto to infer it from the notes. Deleted notes must already be gone
// from facts. loc is the shift's zone (its own, else the configured
// default): the texts' times are written on its clock.
func Compute(shift bh.Shift, facts []bh.Fact, now time.Time, energy bh.Energy, loc *time.Location) bh.ShiftState {
	st := bh.ShiftState{TeamID: shift.TeamID, ShiftID: shift.ID, ChannelID: shift.ChannelID, Notes: len(facts), ComputedAt: now.UTC()}
	st.Energy, st.EnergyNoteIDs, st.EnergyChosen = bh.EnergyOf(facts, energy, now)
	var written []time.Time // the health notes', for their order
	for _, f := range facts {
		ids := []string{f.NoteID}
		if f.Medical {
			written = append(written, f.CreatedAt)
			// A health note is listed apart, whatever else it names (a
			// date, a time, a supply): no level, no deadline, no slot.
			st.Health = append(st.Health, healthItem(f, now))
			continue
		}
		switch {
		case f.Kind == bh.TagDeadline && f.Due != nil:
			it := bh.RiskItem{Key: "deadline:" + f.NoteID, Kind: bh.TagDeadline, Text: f.Title, At: f.Due, NoteIDs: ids}
			left := f.Due.Sub(now)
			switch {
			case f.LifeAt(now, time.UTC) == bh.LifeDropped:
				// Days overdue with no answer: listed, no longer a risk.
				it.Overdue, it.Dropped, it.Level = true, true, bh.RiskNone
			case left < 0:
				it.Overdue, it.Level = true, bh.RiskCritical
			case left <= DeadlineCritical:
				it.Level = bh.RiskCritical
			case left <= DeadlineSoon:
				it.Level = bh.RiskHigh
			case left <= DeadlineWatch:
				it.Level = bh.RiskMedium
			default:
				it.Level = bh.RiskLow
			}
			st.Deadlines = append(st.Deadlines, it)
		case f.Kind == bh.TagInventory:
			if f.LifeAt(now, time.UTC) == bh.LifeStillOpen {
				continue // a week without news: the card asks about it; no nudges
			}
			it := bh.RiskItem{Key: "inventory:" + f.NoteID, Kind: bh.TagInventory, Text: strings.Join(itemsOr(f), ", "), NoteIDs: ids, Level: bh.RiskMedium}
			if f.Horizon > 0 {
				t := f.CreatedAt.Add(f.Horizon)
				it.At = &t
				switch left := t.Sub(now); {
				case left <= SupplyCritical:
					it.Level = bh.RiskCritical
				case left <= SupplySoon:
					it.Level = bh.RiskHigh
				}
			}
			if f.Out {
				it.Level = bh.RiskCritical
				since := f.CreatedAt
				it.Since = &since
			}
			st.Inventory = append(st.Inventory, it)
		}
		if f.Start != nil && (f.End == nil || f.End.After(now)) && f.Start.Sub(now) <= 24*time.Hour {
			st.Commitments = append(st.Commitments, bh.RiskItem{Key: "commitment:" + f.NoteID, Kind: f.Kind, Text: f.Title, At: f.Start, NoteIDs: ids, Level: bh.RiskLow})
		}
	}
	sort.Stable(oldestFirst{st.Health, written})
	byTime(st.Deadlines)
	byTime(st.Inventory)
	sort.SliceStable(st.Commitments, func(i, j int) bool { return st.Commitments[i].At.Before(*st.Commitments[j].At) })
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			st.Level = max(st.Level, it.Level)
		}
	}
	st.NextActions = nextActions(st, now, loc)
	return st
}

// byTime orders items by level, then by time, those without one last.
func byTime(items []bh.RiskItem) {
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].Level != items[j].Level {
			return items[i].Level > items[j].Level
		}
		if (items[i].At == nil) != (items[j].At == nil) {
			return items[i].At != nil
		}
		return items[i].At != nil && items[i].At.Before(*items[j].At)
	})
}

// Aged is st as it stands at now when only time has passed since it was
// computed: a deadline whose time has gone by is overdue, and critical.
// The watcher computes states again as time passes, on a schedule of its
// own; a message made in between must not call due what is overdue.
func Aged(st bh.ShiftState, now time.Time) bh.ShiftState {
	var ds []bh.RiskItem
	for i, d := range st.Deadlines {
		if d.At == nil || d.Overdue || d.Dropped || !now.After(*d.At) {
			continue
		}
		if ds == nil {
			ds = append([]bh.RiskItem(nil), st.Deadlines...)
		}
		ds[i].Overdue, ds[i].Level = true, bh.RiskCritical
	}
	if ds == nil {
		return st
	}
	byTime(ds)
	st.Deadlines = ds
	st.Level = bh.RiskCritical
	return st
}

// healthItem is an open health note as the radar lists it: its words and
// whether it is due its "Still a concern?"; Since is when that clock
// started (written, or last said still a concern).
func healthItem(f bh.Fact, now time.Time) bh.RiskItem {
	since := f.CreatedAt
	if f.StillOnAt != nil && f.StillOnAt.After(since) {
		since = *f.StillOnAt
	}
	since = since.UTC()
	return bh.RiskItem{Key: "health:" + f.NoteID, Kind: f.Kind, Text: f.Title, NoteIDs: []string{f.NoteID}, Level: bh.RiskNone,
		Ask: f.HealthAsk(now), Mood: f.Mood, Since: &since}
}

// oldestFirst orders health items by when their notes were written.
type oldestFirst struct {
	items   []bh.RiskItem
	written []time.Time
}

func (o oldestFirst) Len() int           { return len(o.items) }
func (o oldestFirst) Less(i, j int) bool { return o.written[i].Before(o.written[j]) }
func (o oldestFirst) Swap(i, j int) {
	o.items[i], o.items[j] = o.items[j], o.items[i]
	o.written[i], o.written[j] = o.written[j], o.written[i]
}

func itemsOr(f bh.Fact) []string {
	if len(f.Items) > 0 {
		return f.Items
	}
	return []string{f.Title}
}

// nextActions suggests up to three things to do now, most urgent first,
// each with the notes it answers. Planning items only, never advice.
func nextActions(st bh.ShiftState, now time.Time, loc *time.Location) []bh.Item {
	type cand struct {
		level bh.RiskLevel
		at    time.Time
		item  bh.Item
	}
	var cs []cand
	for _, d := range st.Deadlines {
		if d.Level < bh.RiskMedium {
			continue
		}
		text := "Finish: " + d.Text
		if d.Overdue {
			text = "Overdue: " + d.Text + " (send it, or ask for more time)"
		}
		cs = append(cs, cand{d.Level, *d.At, bh.Item{Text: text, NoteIDs: d.NoteIDs, Due: d.At}})
	}
	for _, s := range st.Inventory {
		if s.Level < bh.RiskHigh {
			continue
		}
		at := now
		if s.At != nil {
			at = *s.At
		}
		cs = append(cs, cand{s.Level, at, bh.Item{Text: "Restock " + s.Text, NoteIDs: s.NoteIDs, Due: s.At}})
	}
	for _, c := range st.Commitments {
		if c.At.Sub(now) <= 3*time.Hour && c.At.After(now) {
			at := bh.StampOf(c.At.In(loc), "15:04")
			cs = append(cs, cand{bh.RiskMedium, *c.At, bh.Item{Text: fmt.Sprintf("Get ready: %s at %s", c.Text, at.Text), NoteIDs: c.NoteIDs, Due: c.At,
				Stamps: []bh.Stamp{at}}})
		}
	}
	if st.Energy == bh.EnergyLow {
		cs = append(cs, cand{bh.RiskMedium, now.Add(time.Hour), bh.Item{Text: "Rest when the baby sleeps: energy is low", NoteIDs: st.EnergyNoteIDs}})
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].level != cs[j].level {
			return cs[i].level > cs[j].level
		}
		return cs[i].at.Before(cs[j].at)
	})
	var out []bh.Item
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		out = append(out, c.item)
	}
	return out
}

// Summary is the state in one line, most urgent first, with the times it
// writes.
func Summary(st bh.ShiftState, loc *time.Location) (string, []bh.Stamp) {
	var parts []string
	var stamps []bh.Stamp
	stamp := func(t time.Time) string {
		st := bh.StampOf(t.In(loc), "Mon 15:04")
		stamps = append(stamps, st)
		return st.Text
	}
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			if it.Level < bh.RiskMedium || len(parts) == 2 {
				continue
			}
			switch {
			case it.Overdue:
				parts = append(parts, bh.Truncate(it.Text, 60)+" is overdue")
			case it.At != nil && it.Kind == bh.TagInventory:
				parts = append(parts, bh.Truncate(it.Text, 60)+" run out by "+stamp(*it.At))
			case it.At != nil:
				parts = append(parts, bh.Truncate(it.Text, 60)+" due "+stamp(*it.At))
			default:
				parts = append(parts, bh.Truncate(it.Text, 60)+" running low")
			}
		}
	}
	head := "Risk " + st.Level.String() + " · energy " + string(st.Energy)
	if len(parts) == 0 {
		return head + " · nothing urgent", nil
	}
	return head + " · " + strings.Join(parts, " · "), stamps
}
