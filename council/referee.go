package council

import (
	"fmt"
	"sort"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

func minutes(bs []bh.Block, kinds ...string) time.Duration {
	var d time.Duration
	for _, b := range bs {
		for _, k := range kinds {
			if b.Kind == k {
				d += b.End.Sub(b.Start)
			}
		}
	}
	return d
}

// blockFor is the block that does noteID's item: not a commitment, nor a
// rest block that merely cites it (resting does not pay a deposit).
func blockFor(bs []bh.Block, noteID string) *bh.Block {
	for i := range bs {
		if bs[i].Kind == "commitment" || bs[i].Kind == "rest" {
			continue
		}
		for _, id := range bs[i].NoteIDs {
			if id == noteID {
				return &bs[i]
			}
		}
	}
	return nil
}

// scorer rates a proposal on one rubric dimension: a value (clamped to
// 1–5) and a one-line reason.
type scorer struct {
	dim  string
	rate func(s *situation, p bh.Proposal) (int, reason)
}

// reason is a scorer's one line with the times written in it.
type reason struct {
	text   string
	stamps []bh.Stamp
}

func said(text string) reason { return reason{text: text} }

// about is r as a rationale line linked to the notes it is about.
func (r reason) about(noteIDs []string) bh.Reason {
	return bh.Reason{Text: r.text, NoteIDs: noteIDs, Stamps: r.stamps}
}

// sayf is fmt.Sprintf whose bh.Stamp arguments are written as their text
// and kept as the reason's stamps.
func sayf(format string, args ...any) reason {
	var r reason
	for i, a := range args {
		if st, ok := a.(bh.Stamp); ok {
			args[i] = st.Text
			r.stamps = append(r.stamps, st)
		}
	}
	r.text = fmt.Sprintf(format, args...)
	return r
}

// rubric is the referee's five dimensions, in the order a scorecard lists
// them. A new dimension is a Dim constant, a rate function and a line here.
var rubric = []scorer{
	{bh.DimCommitments, rateCommitments},
	{bh.DimDeadline, rateDeadlines},
	{bh.DimEnergy, rateEnergy},
	{bh.DimTimeWindow, rateTimeWindow},
	{bh.DimInventory, rateInventory},
}

// score rates one proposal on the rubric, 1–5 each, with a one-line reason.
func score(s *situation, p bh.Proposal) bh.Scorecard {
	sc := bh.Scorecard{Archetype: p.Archetype}
	for _, r := range rubric {
		v, why := r.rate(s, p)
		v = clamp(v, 1, 5)
		sc.Scores = append(sc.Scores, bh.Score{Dimension: r.dim, Value: v, Why: why.text, Stamps: why.stamps})
		sc.Total += v
	}
	return sc
}

// worst rates n items and keeps the lowest value with its reason; ties keep
// the first. With every item at 5, it is 5 and allGood.
func worst(n int, allGood string, rate func(i int) (int, reason)) (int, reason) {
	v, why := 5, said(allGood)
	for i := 0; i < n; i++ {
		if iv, iw := rate(i); iv < v {
			v, why = iv, iw
		}
	}
	return v, why
}

// rateCommitments: nothing may overlap a fixed commitment; a block ending
// right before one leaves no time to get there.
func rateCommitments(s *situation, p bh.Proposal) (int, reason) {
	if len(s.commitments) == 0 {
		return 5, said("No fixed commitments in this window.")
	}
	tight, clash := 0, 0
	for _, c := range s.commitments {
		for _, b := range p.Blocks {
			if b.Kind == "commitment" {
				continue
			}
			if b.Start.Before(c.End) && c.Start.Before(b.End) {
				clash++
			} else if !b.End.After(c.Start) && c.Start.Sub(b.End) < step {
				tight++
			}
		}
	}
	switch {
	case clash > 0:
		return 1, sayf("%d block(s) overlap a fixed commitment.", clash)
	case tight > 0:
		return 4, said("Respects every commitment, but with no buffer before one.")
	default:
		return 5, sayf("Keeps all %d commitment(s) with room to get there.", len(s.commitments))
	}
}

// rateDeadlines: the worst-handled deadline decides.
func rateDeadlines(s *situation, p bh.Proposal) (int, reason) {
	if len(s.deadlines) == 0 {
		return 5, said("No deadlines in the notes.")
	}
	return worst(len(s.deadlines), "Every deadline is handled with time to spare.", func(i int) (int, reason) {
		d := s.deadlines[i]
		b := blockFor(p.Blocks, d.noteIDs[0])
		switch {
		case d.due == nil:
			if b == nil {
				return 4, sayf("%s has no date and waits.", quote(d.title))
			}
		case !d.due.After(s.start):
			if b == nil {
				return 1, sayf("%s is overdue and not in the plan.", quote(d.title))
			}
			return 3, sayf("%s is overdue; done at %s.", quote(d.title), bh.StampOf(b.Start, "15:04"))
		case !d.due.After(s.end):
			switch {
			case b == nil:
				return 1, sayf("%s is due %s and not in the plan.", quote(d.title), bh.StampOf(*d.due, "Mon 15:04"))
			case b.End.After(*d.due):
				// Against the rule every plan keeps: it belongs in Now.
				return 1, sayf("%s is planned after it is due.", quote(d.title))
			case d.due.Sub(b.End) < time.Hour:
				return 4, sayf("%s is done less than an hour before it is due.", quote(d.title))
			}
		case d.due.Sub(s.start) <= 48*time.Hour:
			// Due after the window: it can wait for the next plan.
			if b == nil {
				return 4, sayf("%s (due %s) is left for later.", quote(d.title), bh.StampOf(*d.due, "Mon 15:04"))
			}
		default:
			if b == nil {
				return 4, sayf("%s is due %s; it can wait.", quote(d.title), bh.StampOf(*d.due, "Mon Jan 2"))
			}
		}
		return 5, said("")
	})
}

// workload is a proposal's rest in waking time (the night's sleep in the
// quiet hours every plan keeps alike is not counted) and its work.
func workload(s *situation, p bh.Proposal) (rest, load time.Duration) {
	for _, b := range p.Blocks {
		if b.Kind == "rest" {
			rest += s.awake(b.Start, b.End)
		}
	}
	return rest, minutes(p.Blocks, "errand", "admin", "focus", "home", "care")
}

// rateEnergy: rest and work as the parent's energy allows.
func rateEnergy(s *situation, p bh.Proposal) (int, reason) {
	rest, load := workload(s, p)
	var v int
	switch s.energy {
	case bh.EnergyLow:
		switch {
		case rest >= 150*time.Minute:
			v = 5
		case rest >= 90*time.Minute:
			v = 4
		case rest >= 45*time.Minute:
			v = 3
		default:
			v = 2
		}
		// A parent on little sleep has about an hour and a half of work in
		// them; more costs a point.
		if load > 90*time.Minute {
			v--
		}
		return v, sayf("Energy is low: %s of rest, %s of work.", bh.Span(rest), bh.Span(load))
	case bh.EnergyHigh:
		switch {
		case rest <= time.Hour:
			v = 5
		case rest <= 2*time.Hour:
			v = 4
		default:
			v = 3
		}
		return v, sayf("Energy is high: %s of work gets done, %s of rest.", bh.Span(load), bh.Span(rest))
	default:
		switch {
		case rest > 2*time.Hour:
			v = 3
		case rest >= 30*time.Minute && load <= 4*time.Hour:
			v = 5
		case load <= 4*time.Hour:
			v = 4
		default:
			v = 3
		}
		return v, sayf("Energy is medium: %s of rest, %s of work.", bh.Span(rest), bh.Span(load))
	}
}

// rateTimeWindow: does its work fit the waking day, with few trips and
// nothing landing after its due time? Rest fills no day: it is what gives.
func rateTimeWindow(s *situation, p bh.Proposal) (int, reason) {
	_, planned := workload(s, p)
	awake := s.awake(s.start, s.end)
	trips := 0
	for _, b := range p.Blocks {
		if b.Kind == "errand" {
			trips++
		}
	}
	v := 5
	var notes []string
	if awake > 0 {
		switch fill := float64(planned) / float64(awake); {
		case fill >= 0.85:
			v -= 2
			notes = append(notes, "the day is packed")
		case fill >= 0.7:
			v--
			notes = append(notes, "little slack")
		}
	}
	if trips > 1 {
		v -= trips - 1
		notes = append(notes, fmt.Sprintf("%d separate trips", trips))
	}
	late := 0
	for _, d := range append(append([]work(nil), s.deadlines...), s.tasks...) {
		if b := blockFor(p.Blocks, d.noteIDs[0]); b != nil && d.due != nil && b.End.After(*d.due) && d.due.After(s.start) {
			late++
		}
	}
	if late > 0 {
		v--
		notes = append(notes, fmt.Sprintf("%d item(s) land after their due time", late))
	}
	why := fmt.Sprintf("%s planned in %s of waking time", bh.Span(planned), bh.Span(awake))
	if trips == 1 {
		why += ", one trip"
	}
	if len(notes) > 0 {
		why += "; " + strings.Join(notes, ", ")
	}
	return v, said(why + ".")
}

// rateInventory: the item closest to running out decides.
func rateInventory(s *situation, p bh.Proposal) (int, reason) {
	if len(s.restock) == 0 {
		return 5, said("Nothing is running low.")
	}
	return worst(len(s.restock), "Every running-low item is restocked in time.", func(i int) (int, reason) {
		r := s.restock[i]
		b := blockFor(p.Blocks, r.noteIDs[0])
		switch {
		case b == nil && r.critical:
			return 1, sayf("%s runs out within a day and is not restocked.", strings.Join(r.restock, ", "))
		case b == nil:
			return 4, sayf("%s can wait.", strings.Join(r.restock, ", "))
		case r.due != nil && b.End.After(*r.due):
			return 3, sayf("%s is restocked after it runs out.", strings.Join(r.restock, ", "))
		}
		return 5, said("")
	})
}

// awake is the part of [from, to) outside the night the plans keep (the
// quiet hours in the window); a run without quiet hours sleeps
// 23:00–06:00.
func (s *situation) awake(from, to time.Time) time.Duration {
	var d time.Duration
	for t := from; t.Before(to); t = t.Add(step) {
		if s.asleep(t) {
			continue
		}
		d += min(step, to.Sub(t))
	}
	return d
}

func (s *situation) asleep(t time.Time) bool {
	if s.night == nil {
		if s.loc != nil {
			t = t.In(s.loc)
		}
		h := t.Hour()
		return h < 6 || h >= 23
	}
	for _, n := range s.night {
		if !t.Before(n.Start) && t.Before(n.End) {
			return true
		}
	}
	return false
}

// tieOrder is the PRD's tie-break order after the total.
var tieOrder = []string{bh.DimDeadline, bh.DimInventory, bh.DimEnergy}

func value(sc bh.Scorecard, dim string) int {
	for _, s := range sc.Scores {
		if s.Dimension == dim {
			return s.Value
		}
	}
	return 0
}

// decide picks the winner: a plan that keeps every deadline (no block
// ends after the deadline it is for) before one that does not, whatever a
// model judge scored; then the highest total; ties broken by
// deadline_risk, then inventory_risk, then energy_match; a full tie keeps
// the archetype order (Sleep-first, Errands-first, Admin-first) so the
// result is deterministic.
func decide(s *situation, props []bh.Proposal, cards []bh.Scorecard) bh.Decision {
	idx := make([]int, len(cards))
	for i := range idx {
		idx[i] = i
	}
	late := map[bh.Archetype]bool{}
	for _, p := range props {
		late[p.Archetype] = len(lateBlocks(s, p.Blocks)) > 0
	}
	tieBreak := ""
	sort.SliceStable(idx, func(a, b int) bool {
		ca, cb := cards[idx[a]], cards[idx[b]]
		if la, lb := late[ca.Archetype], late[cb.Archetype]; la != lb {
			return lb
		}
		if ca.Total != cb.Total {
			return ca.Total > cb.Total
		}
		for _, d := range tieOrder {
			if va, vb := value(ca, d), value(cb, d); va != vb {
				return va > vb
			}
		}
		return false
	})
	win, second := cards[idx[0]], bh.Scorecard{}
	if len(idx) > 1 {
		second = cards[idx[1]]
		if second.Total == win.Total {
			tieBreak = "archetype order"
			for _, d := range tieOrder {
				if value(win, d) != value(second, d) {
					tieBreak = d
					break
				}
			}
		}
	}
	margin := win.Total - second.Total
	conf := 0.55 + 0.08*float64(margin) + 0.02*float64(win.Total-15)
	conf = float64(int(max(0.35, min(0.95, conf))*100+0.5)) / 100
	d := bh.Decision{Winner: win.Archetype, Confidence: conf, Scorecards: cards, TieBreak: tieBreak,
		Energy: s.energy, EnergyChosen: s.chosen, EnergyNoteIDs: s.energyNotes}
	var winner bh.Proposal
	for _, p := range props {
		if p.Archetype == win.Archetype {
			winner = p
		}
	}
	d.Rationale = rationale(s, winner, win, second)
	return d
}

// rationale explains the decision with "because" lines that point at notes.
func rationale(s *situation, p bh.Proposal, win, second bh.Scorecard) []bh.Reason {
	var out []bh.Reason
	switch {
	case s.chosen:
		out = append(out, bh.Reason{Text: fmt.Sprintf("You set energy to %s.", s.energy)})
	case len(s.energyNotes) > 0:
		out = append(out, bh.Reason{Text: fmt.Sprintf("Energy looks %s from your notes.", s.energy), NoteIDs: s.energyNotes})
	default:
		out = append(out, bh.Reason{Text: fmt.Sprintf("No sleep or energy note in the last 24 h: planned for %s energy.", s.energy)})
	}
	if len(s.medical) > 0 {
		var ids []string
		for _, m := range s.medical {
			ids = append(ids, m.noteIDs...)
		}
		out = append(out, bh.Reason{Text: "Health notes are listed first, for a licensed professional; they are not planned into the day.", NoteIDs: ids})
	}
	for _, d := range s.deadlines {
		if d.due == nil {
			continue
		}
		if b := blockFor(p.Blocks, d.noteIDs[0]); b != nil {
			out = append(out, sayf("%s is due %s; done %s.", quote(d.title), bh.StampOf(*d.due, "Mon 15:04"), bh.StampOf(b.Start, "Mon 15:04")).about(d.noteIDs))
		} else {
			out = append(out, sayf("%s is due %s; not in this window.", quote(d.title), bh.StampOf(*d.due, "Mon 15:04")).about(d.noteIDs))
		}
	}
	for _, r := range s.restock {
		if !r.critical {
			continue
		}
		if b := blockFor(p.Blocks, r.noteIDs[0]); b != nil {
			out = append(out, sayf("%s runs low; restocked %s.", strings.Join(r.restock, ", "), bh.StampOf(b.Start, "15:04")).about(r.noteIDs))
		}
	}
	if second.Archetype != "" {
		out = append(out, bh.Reason{Text: fmt.Sprintf("%s scores %d/25 against %s's %d/25.", win.Archetype.Label(), win.Total, second.Archetype.Label(), second.Total)})
	}
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}
