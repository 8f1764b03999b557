package council

import (
	"sort"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Scheduling grid and defaults. Plans are made of 15-minute steps: fine
// enough for errands, coarse enough to read on a phone.
const (
	step            = 15 * time.Minute
	defaultTaskTime = 30 * time.Minute
	tripOverhead    = 15 * time.Minute // getting out of the door with a baby
	commitmentLen   = time.Hour
)

// Daily windows (local clock, minutes after midnight) for kinds of work.
var windows = map[string][2]int{
	"errand": {8 * 60, 20 * 60},
	"admin":  {8 * 60, 21 * 60},
	"focus":  {7 * 60, 22*60 + 30},
	"home":   {7 * 60, 22 * 60},
	"rest":   {0, 24 * 60},
	"care":   {8 * 60, 18 * 60},
}

// work is one thing a plan may schedule.
type work struct {
	title string
	kind  string // errand, admin, focus, home, care
	dur   time.Duration
	due   *time.Time // should end by
	// hard is a deadline's due time (a deadline, a task with a date): a
	// block for it never ends after it. Otherwise it goes to Now.
	hard     *time.Time
	noteIDs  []string
	urgency  int // 0 overdue/due in the horizon, 1 due within 48 h, 2 later, 3 no date
	restock  []string
	use      string // "feed" or "change": a supply needed through the night (outUse)
	critical bool   // running-low item that runs out within a day
	out      bool   // a supply already out
	now      bool   // what the radar calls critical: out, running out within nowCritical, overdue
	medical  bool
	mood     bool // a medical note about the parent's own low mood
	ask      bool // a health note due its "Still a concern?" (Fact.HealthAsk)
}

// situation is everything the planners share: the facts of the pack, the
// window and the energy the plans are for.
type situation struct {
	facts       []bh.Fact
	loc         *time.Location
	now, start  time.Time
	end         time.Time
	energy      bh.Energy
	energyNotes []string
	chosen      bool
	commitments []bh.Block
	// night is the quiet hours inside the window, planned as sleep.
	night     []bh.Block
	deadlines []work
	tasks     []work
	restock   []work
	medical   []work
	supplies  []supply
	stillOpen []bh.Item
}

// supply is a running-low item and when it runs out.
type supply struct {
	items   []string
	runsOut *time.Time
	out     bool
	noteID  string
}

func ceilStep(t time.Time) time.Time {
	r := t.Truncate(step)
	if r.Before(t) {
		r = r.Add(step)
	}
	return r
}

var errandWords = []string{"pick up", "pickup", "buy", "groceries", "grocery", "store", "pharmacy", "shop", "drop off", "return", "post office", "errand", "diapers", "wipes", "formula"}
var focusWords = []string{"assignment", "study", "focus", "essay", "homework", "write", "report", "project", "class"}
var adminWords = []string{"form", "call", "email", "schedule", "book", "pay", "submit", "sign", "renew", "register", "insurance", "deposit", "bill", "appointment"}

func containsAny(s string, words []string) bool {
	s = strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// classify decides what kind of time a task needs.
func classify(f bh.Fact) string {
	switch {
	case f.Medical:
		return "care"
	case f.Kind == bh.TagDeadline:
		if containsAny(f.Title, focusWords) && f.DurationMin >= 45*time.Minute {
			return "focus"
		}
		return "admin"
	case containsAny(f.Title, focusWords) || f.DurationMin >= 45*time.Minute:
		return "focus"
	case containsAny(f.Title, errandWords):
		return "errand"
	case containsAny(f.Title, adminWords):
		return "admin"
	}
	return "home"
}

// newSituation reads the facts into the planners' shared view.
func newSituation(facts []bh.Fact, loc *time.Location, now, from time.Time, horizon time.Duration, energy bh.Energy, person string) situation {
	s := situation{facts: facts, loc: loc, now: now.In(loc)}
	// A later window ("/plan tomorrow 7am") starts at from; else now.
	s.start = ceilStep(s.now)
	if from.After(now) {
		s.start = ceilStep(from.In(loc))
	}
	s.end = s.start.Add(horizon)
	s.energy, s.energyNotes, s.chosen = bh.EnergyFor(facts, energy, s.now, person)
	for _, f := range facts {
		ids := []string{f.NoteID}
		if f.Medical {
			// Listed apart, never planned: a time slot for "breathing fast"
			// would be triage.
			s.medical = append(s.medical, work{title: f.Title, kind: "care", noteIDs: ids, medical: true, mood: f.Mood,
				ask: f.HealthAsk(s.now)})
			continue
		}
		switch f.LifeAt(s.now, loc) {
		case bh.LifePast:
			continue
		case bh.LifeStillOpen:
			// Its day is over, or a week went by: a question, not a block.
			if f.Due != nil {
				day := bh.StampOf(f.Due.In(loc), "Mon Jan 2")
				s.stillOpen = append(s.stillOpen, bh.Item{Text: planTitle(f.Title) + " — was for " + day.Text, NoteIDs: ids, Due: f.Due, Stamps: []bh.Stamp{day}})
			} else {
				noted := bh.StampOf(f.CreatedAt.In(loc), "Mon Jan 2")
				s.stillOpen = append(s.stillOpen, bh.Item{Text: planTitle(f.Title) + " — noted " + noted.Text + ", a week without news",
					NoteIDs: ids, Ask: true, Stamps: []bh.Stamp{noted}})
			}
			continue
		case bh.LifeDropped:
			since := bh.StampOf(f.Due.In(loc), "Mon 15:04")
			s.stillOpen = append(s.stillOpen, bh.Item{Text: planTitle(f.Title) + " — overdue since " + since.Text + ", left out of plans", NoteIDs: ids, Due: f.Due, Ask: true,
				Stamps: []bh.Stamp{since}})
			continue
		}
		if f.Start != nil {
			end := f.Start.Add(commitmentLen)
			if f.End != nil {
				end = *f.End
			}
			if end.After(s.start) && f.Start.Before(s.end) {
				s.commitments = append(s.commitments, bh.Block{Start: f.Start.In(loc), End: end.In(loc), Title: f.Title, Kind: "commitment", NoteIDs: ids})
			}
			if f.Kind != bh.TagTask && f.Kind != bh.TagDeadline {
				continue
			}
		}
		if len(f.Items) > 0 || f.Out || f.Kind == bh.TagInventory {
			sp := supply{items: f.Items, out: f.Out, noteID: f.NoteID}
			if f.Horizon > 0 {
				t := f.CreatedAt.Add(f.Horizon).In(loc)
				sp.runsOut = &t
			}
			if len(sp.items) == 0 {
				sp.items = []string{f.Title}
			}
			if f.Kind == bh.TagInventory {
				s.supplies = append(s.supplies, sp)
				critical := f.Out || (f.Horizon > 0 && f.Horizon <= 24*time.Hour)
				urg := 2
				if critical {
					urg = 0
				}
				now := f.Out || (sp.runsOut != nil && !sp.runsOut.After(s.now.Add(nowCritical)))
				s.restock = append(s.restock, work{title: "Restock " + strings.Join(sp.items, ", "), kind: "errand", dur: 10 * time.Minute,
					due: sp.runsOut, noteIDs: ids, urgency: urg, restock: sp.items, use: factUse(f), critical: critical, now: now, out: f.Out})
				continue
			}
		}
		// A note that names a due time or the time it needs is work, whatever
		// its tag ("class assignment due in 2 days; need 60–90 min").
		isWork := f.Kind == bh.TagTask || f.Kind == bh.TagDeadline || (f.Kind == bh.TagNote && (f.Due != nil || f.DurationMin > 0))
		if !isWork {
			continue
		}
		w := work{title: planTitle(f.Title), kind: classify(f), dur: f.DurationMax, noteIDs: ids, urgency: 3}
		if f.DurationMin > 0 && f.DurationMax > f.DurationMin {
			// Plan for the low end when tired, the high end otherwise.
			w.dur = f.DurationMax
			if s.energy == bh.EnergyLow {
				w.dur = f.DurationMin
			}
		}
		if w.dur <= 0 {
			w.dur = defaultTaskTime
		}
		w.dur = roundUp(w.dur)
		if f.Due != nil {
			d := f.Due.In(loc)
			w.due, w.hard = &d, &d
			w.now = f.Kind == bh.TagDeadline && d.Before(s.now)
			switch {
			case !d.After(s.end.Add(4 * time.Hour)):
				// Due within the window, or tonight after it ends ("today"):
				// nobody does errands at 2 a.m., so it is now or too late.
				w.urgency = 0
			case d.Sub(s.start) <= 48*time.Hour:
				w.urgency = 1
			default:
				w.urgency = 2
			}
		}
		if f.Kind == bh.TagDeadline {
			s.deadlines = append(s.deadlines, w)
		} else {
			s.tasks = append(s.tasks, w)
		}
	}
	sortWork(s.deadlines)
	sortWork(s.tasks)
	sortWork(s.restock)
	sort.SliceStable(s.commitments, func(i, j int) bool { return s.commitments[i].Start.Before(s.commitments[j].Start) })
	return s
}

// setNight marks the window's quiet hours as night sleep: a plan never
// puts errands or calls there, and shows the night as what it is.
func (s *situation) setNight(quiet *bh.QuietHours) {
	s.night = nil
	if quiet == nil || quiet.Off() {
		return
	}
	title := "Night sleep (quiet hours)"
	for _, f := range s.facts {
		if s.now.Sub(f.CreatedAt) <= bh.ObservationWindow && containsAny(f.Title, []string{"feed", "feeding", "bottle", "nurse", "nursing"}) {
			title = "Night: sleep between feeds (quiet hours)"
			break
		}
	}
	// Walk the window a step at a time: quiet hours may start and end in
	// it, on either side of midnight, and a DST night is not 24 h.
	var from0 time.Time
	for t := s.start; !t.After(s.end); t = t.Add(step) {
		in := t.Before(s.end) && quiet.Contains(t)
		switch {
		case in && from0.IsZero():
			from0 = t
		case !in && !from0.IsZero():
			if t.Sub(from0) >= time.Hour {
				s.night = append(s.night, bh.Block{Start: from0, End: t, Title: title, Kind: "rest"})
			}
			from0 = time.Time{}
		}
	}
}

// blockTitle is w as a time block. A note's title names the item, not when
// (normalize leaves out "tomorrow 5pm"), so a deadline's block says when
// it is due itself: "daycare form — due Tue 17:00".
func blockTitle(w work) (string, []bh.Stamp) {
	if w.hard != nil {
		due := bh.StampOf(*w.hard, "Mon 15:04")
		return w.title + " — due " + due.Text, []bh.Stamp{due}
	}
	return w.title, nil
}

// planTitle is a note's title as a plan line: without the sentence's
// closing punctuation, which reads oddly in a list.
func planTitle(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), ".;,!")
}

func roundUp(d time.Duration) time.Duration {
	if r := d % step; r != 0 {
		d += step - r
	}
	return d
}

// sortWork orders by urgency, then due time, then title: deterministic.
func sortWork(ws []work) {
	sort.SliceStable(ws, func(i, j int) bool {
		a, b := ws[i], ws[j]
		if a.urgency != b.urgency {
			return a.urgency < b.urgency
		}
		if (a.due == nil) != (b.due == nil) {
			return a.due != nil
		}
		if a.due != nil && !a.due.Equal(*b.due) {
			return a.due.Before(*b.due)
		}
		return a.title < b.title
	})
}

func quote(s string) string { return "“" + bh.Truncate(s, 80) + "”" }

// schedule places blocks on a shared timeline without overlaps.
type schedule struct {
	s      *situation
	blocks []bh.Block
	gap    time.Duration // buffer kept after each placed block
	late   []string      // titles placed after their due time
	left   []work        // could not be placed
}

func newSchedule(s *situation, gap time.Duration) *schedule {
	sc := &schedule{s: s, gap: gap}
	sc.blocks = append(sc.blocks, s.commitments...)
	sc.blocks = append(sc.blocks, s.night...)
	return sc
}

func (sc *schedule) free(from, to time.Time) bool {
	for _, b := range sc.blocks {
		end := b.End
		if b.Kind != "commitment" {
			end = end.Add(sc.gap)
		}
		if from.Before(end) && b.Start.Before(to.Add(sc.gapBefore(b))) {
			return false
		}
	}
	return true
}

// gapBefore keeps a buffer before commitments too: arriving somewhere with a
// baby takes time.
func (sc *schedule) gapBefore(b bh.Block) time.Duration {
	if b.Kind == "commitment" {
		return sc.gap
	}
	return 0
}

func inWindow(kind string, from, to time.Time) bool {
	w, ok := windows[kind]
	if !ok {
		return true
	}
	startMin := from.Hour()*60 + from.Minute()
	day := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, from.Location())
	endMin := int(to.Sub(day).Minutes())
	return startMin >= w[0] && endMin <= w[1]
}

// place puts w at the earliest free slot in its window, ending by its due
// time when possible. It reports whether it placed it.
// placeWork places w under its block title.
func (sc *schedule) placeWork(w work) bool {
	title, stamps := blockTitle(w)
	return sc.place(w, title, stamps, w.kind)
}

func (sc *schedule) place(w work, title string, stamps []bh.Stamp, kind string) bool {
	var fallback *time.Time
	for t := sc.s.start; !t.Add(w.dur).After(sc.s.end); t = t.Add(step) {
		to := t.Add(w.dur)
		if w.hard != nil && w.hard.After(sc.s.start) && to.After(*w.hard) {
			// Every later slot ends later still: too late here, so it is
			// for Now ("before you sleep"), never after its deadline.
			break
		}
		if !inWindow(kind, t, to) || !sc.free(t, to) {
			continue
		}
		if w.due != nil && to.After(*w.due) && w.due.After(sc.s.start) {
			if fallback == nil {
				tt := t
				fallback = &tt
			}
			continue
		}
		sc.add(t, to, title, stamps, kind, w.noteIDs)
		return true
	}
	if fallback != nil {
		sc.add(*fallback, fallback.Add(w.dur), title, stamps, kind, w.noteIDs)
		sc.late = append(sc.late, title)
		return true
	}
	sc.left = append(sc.left, w)
	return false
}

func (sc *schedule) add(from, to time.Time, title string, stamps []bh.Stamp, kind string, ids []string) {
	sc.blocks = append(sc.blocks, bh.Block{Start: from, End: to, Title: title, Kind: kind, NoteIDs: append([]string(nil), ids...), Stamps: stamps})
}

// rest places a rest block of d (shorter if need be, never under 30 min).
func (sc *schedule) rest(d time.Duration, title string) bool {
	for ; d >= 30*time.Minute; d -= step {
		if sc.place(work{title: title, dur: d}, title, nil, "rest") {
			return true
		}
		sc.left = sc.left[:len(sc.left)-1]
	}
	return false
}

// trip batches errands into one outing (the errands-first idea, and kind to
// anyone carrying a baby): one block, summed time plus the overhead.
func (sc *schedule) trip(ws []work) bool {
	if len(ws) == 0 {
		return false
	}
	var names, ids []string
	var stamps []bh.Stamp
	var dur time.Duration
	var due, hard *time.Time
	var soft []work
	for _, w := range ws {
		name, st := blockTitle(w)
		names = append(names, name)
		stamps = append(stamps, st...)
		ids = append(ids, w.noteIDs...)
		dur += w.dur
		if w.due != nil && (due == nil || w.due.Before(*due)) {
			d := *w.due
			due = &d
		}
		if w.hard != nil && w.hard.After(sc.s.start) {
			if hard == nil || w.hard.Before(*hard) {
				h := *w.hard
				hard = &h
			}
			continue
		}
		soft = append(soft, w)
	}
	dur = roundUp(dur + tripOverhead)
	title := "Errand run: " + strings.Join(names, "; ")
	if sc.place(work{title: title, dur: dur, due: due, hard: hard, noteIDs: dedupe(ids)}, title, stamps, "errand") {
		return true
	}
	if len(soft) == len(ws) || len(soft) == 0 {
		return false
	}
	// Too late for a deadline among them: the rest still go, and the
	// deadline is for Now.
	sc.left = sc.left[:len(sc.left)-1]
	return sc.trip(soft)
}

func dedupe(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func (sc *schedule) sorted() []bh.Block {
	out := append([]bh.Block(nil), sc.blocks...)
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Start.Equal(out[j].Start) {
			return out[i].Start.Before(out[j].Start)
		}
		return out[i].Title < out[j].Title
	})
	return out
}

// restPlan is how much rest each archetype protects at each energy level.
var restPlan = map[bh.Archetype]map[bh.Energy][]time.Duration{
	bh.SleepFirst:   {bh.EnergyLow: {90 * time.Minute, 90 * time.Minute}, bh.EnergyMedium: {90 * time.Minute, 45 * time.Minute}, bh.EnergyHigh: {45 * time.Minute}},
	bh.ErrandsFirst: {bh.EnergyLow: {45 * time.Minute}, bh.EnergyMedium: {30 * time.Minute}, bh.EnergyHigh: nil},
	bh.AdminFirst:   {bh.EnergyLow: {30 * time.Minute}, bh.EnergyMedium: nil, bh.EnergyHigh: nil},
}

// Plan makes one archetype's proposal from the situation.
func plan(s *situation, a bh.Archetype) bh.Proposal {
	gap := map[bh.Archetype]time.Duration{bh.SleepFirst: step, bh.ErrandsFirst: 0, bh.AdminFirst: 0}[a]
	sc := newSchedule(s, gap)
	rests := restPlan[a][s.energy]
	restTitle := "Rest / nap window"
	if s.energy == bh.EnergyLow {
		restTitle += " (protect it)"
	}
	var errands []work
	for _, w := range s.tasks {
		if w.kind == "errand" {
			errands = append(errands, w)
		}
	}
	// At night an out feeding or diapering supply comes first, in every
	// plan: it cannot wait for the morning's errand hours.
	gotten := sc.nightOut()
	var restock []work
	for _, w := range s.restock {
		if !gotten[w.noteIDs[0]] {
			restock = append(restock, w)
		}
	}
	critical := func() []work {
		var out []work
		for _, w := range restock {
			if w.critical {
				out = append(out, w)
			}
		}
		for _, w := range errands {
			if w.urgency == 0 {
				out = append(out, w)
			}
		}
		return out
	}
	var summary string
	switch a {
	case bh.SleepFirst:
		summary = "Protect rest first; only what cannot wait, in short trips, with buffers."
		// What the radar calls critical goes before any rest, so the card
		// and the radar tell one story: not a nap while the formula is out.
		urgent := s.hasNow()
		if urgent {
			for _, w := range s.deadlines {
				if w.now {
					sc.placeWork(w)
				}
			}
			sc.trip(critical())
		}
		if len(rests) > 0 {
			sc.rest(rests[0], restTitle)
		}
		for _, w := range s.deadlines {
			if w.urgency == 0 && !(urgent && w.now) {
				sc.placeWork(w)
			}
		}
		if !urgent {
			sc.trip(critical())
		}
		for _, r := range rests[min(1, len(rests)):] {
			sc.rest(r, restTitle)
		}
		for _, w := range s.tasks {
			if w.kind != "errand" && w.urgency == 0 {
				sc.placeWork(w)
			}
		}
	case bh.ErrandsFirst:
		summary = "Batch everything outside into one trip early, then deadlines, then rest."
		all := append([]work(nil), restock...)
		all = append(all, errands...)
		sc.trip(all)
		for _, w := range s.deadlines {
			if w.urgency <= 1 {
				sc.placeWork(w)
			}
		}
		for _, r := range rests {
			sc.rest(r, restTitle)
		}
		for _, w := range s.tasks {
			if w.kind != "errand" && w.urgency <= 1 {
				sc.placeWork(w)
			}
		}
	case bh.AdminFirst:
		summary = "Clear deadlines and paperwork first; keep errands to the essentials."
		for _, w := range s.deadlines {
			sc.placeWork(w)
		}
		for _, w := range s.tasks {
			if w.kind == "admin" || w.kind == "focus" {
				sc.placeWork(w)
			}
		}
		sc.trip(critical())
		for _, r := range rests {
			sc.rest(r, restTitle)
		}
	}
	blocks, left := s.checked(sc.sorted())
	for _, l := range left {
		summary += " " + strings.ToUpper(l[:1]) + l[1:] + "."
	}
	p := bh.Proposal{Archetype: a, Agent: AgentFor(a), Summary: summary, Blocks: blocks, Source: "heuristic"}
	p.Top = topFive(s, p.Blocks, unplaced(s, p.Blocks))
	p.Admin = adminChecklist(s)
	p.RunningLow = runningLow(s)
	p.Health, p.MoodSupport = healthList(s)
	p.Now = nowList(s, p.Blocks)
	p.StillOpen = s.stillOpen
	return p
}

// hasNow reports whether anything is what the radar calls critical.
func (s *situation) hasNow() bool {
	for _, ws := range [][]work{s.restock, s.deadlines} {
		for _, w := range ws {
			if w.now {
				return true
			}
		}
	}
	return false
}

// nowCritical is how soon a supply running out is the radar's critical.
const nowCritical = 6 * time.Hour

// nowList is what the radar calls critical, as actions: a supply out or
// running out within nowCritical, a deadline already past. Each says when
// this plan gets to it; one left past the night, or out of the plan, says
// so instead of hiding behind a nap.
func nowList(s *situation, blocks []bh.Block) []bh.Item {
	var out []bh.Item
	night := s.nightSoon()
	for _, f := range s.facts {
		if f.Medical || f.LifeAt(s.now, s.loc) != bh.LifeOpen {
			continue
		}
		var text string
		var stamps []bh.Stamp
		stamp := func(t time.Time, layout string) string {
			st := bh.StampOf(t.In(s.loc), layout)
			stamps = append(stamps, st)
			return st.Text
		}
		soon := false // a deadline due before the plan's first rest ends
		switch {
		case f.Kind == bh.TagInventory && f.Out && night && factUse(f) != "":
			// At night, plainly: the baby feeds (or needs changing) before
			// the morning.
			text = "Out of " + strings.Join(supplyItems(f), ", ") + " — needed before the next " + factUse(f)
		case f.Kind == bh.TagInventory && f.Out:
			text = "Get " + strings.Join(supplyItems(f), ", ") + " — out since " + stamp(f.CreatedAt, "Mon 15:04")
		case f.Kind == bh.TagInventory && f.Horizon > 0 && !f.CreatedAt.Add(f.Horizon).After(s.now.Add(nowCritical)):
			text = "Get " + strings.Join(supplyItems(f), ", ") + " — runs out by " + stamp(f.CreatedAt.Add(f.Horizon), "Mon 15:04")
		case f.Kind == bh.TagDeadline && f.Due != nil && f.Due.Before(s.now):
			text = planTitle(f.Title) + " — overdue since " + stamp(*f.Due, "Mon 15:04")
		case f.Kind == bh.TagDeadline && f.Due != nil && beforeRestEnds(s, blocks, *f.Due):
			soon = true
			text = planTitle(f.Title) + " — due " + stamp(*f.Due, dayLayout(s.now, *f.Due, s.loc))
		default:
			continue
		}
		switch b := blockFor(blocks, f.NoteID); {
		case b == nil && soon:
			text = "Before you sleep: " + text
		case b == nil:
			text += " · not in this plan: do it when you can"
		case b.Start.Sub(s.now) > 8*time.Hour:
			text += " · planned " + stamp(b.Start, "Mon 15:04") + ": sooner if you can"
		default:
			text += " · planned " + stamp(b.Start, "15:04")
		}
		out = append(out, bh.Item{Text: text, NoteIDs: []string{f.NoteID}, Ask: f.Kind == bh.TagDeadline && !soon, Stamps: stamps})
	}
	return out
}

func supplyItems(f bh.Fact) []string {
	if len(f.Items) > 0 {
		return f.Items
	}
	return []string{f.Title}
}

// healthList is the shift's health notes, as written, for the top of the
// card and of handoff.md; mood says one is about the parent's own mood.
// One a day without news is asked about ("Still a concern?"), never
// dropped.
func healthList(s *situation) (items []bh.Item, mood bool) {
	for _, m := range s.medical {
		items = append(items, bh.Item{Text: m.title, NoteIDs: m.noteIDs, Ask: m.ask})
		mood = mood || m.mood
	}
	return items, mood
}

// unplaced lists the work a plan leaves for later, most urgent first.
func unplaced(s *situation, blocks []bh.Block) []work {
	placed := map[string]bool{}
	for _, b := range blocks {
		for _, id := range b.NoteIDs {
			placed[id] = true
		}
	}
	var all []work
	all = append(all, s.deadlines...)
	all = append(all, s.restock...)
	all = append(all, s.tasks...)
	sortWork(all)
	var out []work
	for _, w := range all {
		if !placed[w.noteIDs[0]] {
			out = append(out, w)
		}
	}
	return out
}

// topFive lists what matters most in this plan: the plan's blocks in time
// order, then what it leaves for later. Health notes are not among them:
// they are listed apart (healthList).
func topFive(s *situation, blocks []bh.Block, left []work) []bh.Item {
	var out []bh.Item
	seen := map[string]bool{}
	addItem := func(it bh.Item) {
		if len(out) < 5 && !seen[it.Text] {
			seen[it.Text] = true
			out = append(out, it)
		}
	}
	for _, b := range blocks {
		if b.Kind == "commitment" || b.Kind == "care" {
			continue
		}
		// The time first: a long title is cut at its end, never the time.
		start := bh.StampOf(b.Start, "15:04")
		addItem(bh.Item{Text: start.Text + " " + b.Title, NoteIDs: b.NoteIDs, Stamps: append([]bh.Stamp{start}, b.Stamps...)})
	}
	for _, w := range left {
		if w.title == "" || strings.HasPrefix(w.title, "Rest") || w.due != nil && w.due.Before(s.now) {
			// Overdue is Now (it says when the plan gets to it), never later.
			continue
		}
		text := "Later: " + w.title
		if w.hard != nil && !w.hard.Before(s.now) && beforeRestEnds(s, blocks, *w.hard) {
			// Due before the first rest ends: not for later (Now says so).
			text = "Before you sleep: " + w.title
		}
		var stamps []bh.Stamp
		if w.due != nil {
			due := bh.StampOf(*w.due, "Mon 15:04")
			text += " (due " + due.Text + ")"
			stamps = []bh.Stamp{due}
		}
		addItem(bh.Item{Text: text, NoteIDs: w.noteIDs, Due: w.due, Stamps: stamps})
	}
	if len(out) == 0 {
		out = append(out, bh.Item{Text: "Nothing urgent: rest when the baby rests, and send me notes as things come up."})
	}
	return out
}

func adminChecklist(s *situation) []bh.Item {
	var out []bh.Item
	for _, w := range s.deadlines {
		out = append(out, bh.Item{Text: w.title, NoteIDs: w.noteIDs, Due: w.due})
	}
	for _, w := range s.tasks {
		if w.kind == "admin" {
			out = append(out, bh.Item{Text: w.title, NoteIDs: w.noteIDs, Due: w.due})
		}
	}
	return out
}

func runningLow(s *situation) []bh.Item {
	var out []bh.Item
	for _, sp := range s.supplies {
		text := strings.Join(sp.items, ", ")
		var stamps []bh.Stamp
		switch {
		case sp.out:
			text += " — out"
		case sp.runsOut != nil:
			by := bh.StampOf(*sp.runsOut, "Mon 15:04")
			text += " — runs out by " + by.Text
			stamps = []bh.Stamp{by}
		}
		out = append(out, bh.Item{Text: text, NoteIDs: []string{sp.noteID}, Due: sp.runsOut, Stamps: stamps})
	}
	return out
}

// nightSoon reports whether the plan starts at night: its quiet hours begin
// within 4 hours, or, with none, it is late evening or night.
func (s *situation) nightSoon() bool {
	if len(s.night) > 0 {
		return s.night[0].Start.Sub(s.start) <= 4*time.Hour
	}
	h := s.start.Hour()
	return h >= 20 || h < 6
}

// nightOut places, at night, what each out feeding or diapering supply
// needs, first and outside the errand hours (a 24-hour store, a neighbour):
// a plan never opens with sleep while the formula is out. The night's
// sleep starts after it. It returns the notes it placed.
func (sc *schedule) nightOut() map[string]bool {
	got := map[string]bool{}
	if !sc.s.nightSoon() {
		return got
	}
	for _, w := range sc.s.restock {
		use := w.use
		if !w.out || use == "" {
			continue
		}
		dur := roundUp(w.dur + tripOverhead)
		for t := sc.s.start; !t.Add(dur).After(sc.s.end); t = t.Add(step) {
			to := t.Add(dur)
			if !sc.freeButRest(t, to) {
				continue
			}
			sc.carveRest(t, to)
			sc.add(t, to, "Get "+strings.Join(w.restock, ", ")+" — out, needed before the next "+use, nil, "errand", w.noteIDs)
			got[w.noteIDs[0]] = true
			break
		}
	}
	return got
}

// freeButRest is free, with rest blocks (the night) taken as movable.
func (sc *schedule) freeButRest(from, to time.Time) bool {
	for _, b := range sc.blocks {
		if b.Kind != "rest" && from.Before(b.End) && b.Start.Before(to) {
			return false
		}
	}
	return true
}

// carveRest moves rest out of [from, to): what was before stays, what was
// after starts at to.
func (sc *schedule) carveRest(from, to time.Time) {
	var out []bh.Block
	for _, b := range sc.blocks {
		if b.Kind != "rest" || !from.Before(b.End) || !b.Start.Before(to) {
			out = append(out, b)
			continue
		}
		if b.Start.Before(from) {
			before := b
			before.End = from
			out = append(out, before)
		}
		if b.End.After(to) {
			b.Start = to
			out = append(out, b)
		}
	}
	sc.blocks = out
}

// beforeRestEnds reports whether due comes before the plan's first rest
// ends — what the radar calls critical, for Now. The first rest is the
// earliest of the plan's rest blocks and the night's quiet hours, with
// what overlaps or follows it within a step: a nap that runs into the
// night is one sleep.
func beforeRestEnds(s *situation, blocks []bh.Block, due time.Time) bool {
	var rests []bh.Block
	for _, b := range blocks {
		if b.Kind == "rest" {
			rests = append(rests, b)
		}
	}
	rests = append(rests, s.night...)
	if len(rests) == 0 {
		return false
	}
	sort.SliceStable(rests, func(i, j int) bool { return rests[i].Start.Before(rests[j].Start) })
	end := rests[0].End
	for _, r := range rests[1:] {
		if r.Start.After(end.Add(step)) {
			break
		}
		if r.End.After(end) {
			end = r.End
		}
	}
	return due.Before(end)
}

// dayLayout writes a time on now's day as "15:04", else with its day.
func dayLayout(now, t time.Time, loc *time.Location) string {
	y1, m1, d1 := now.In(loc).Date()
	if y2, m2, d2 := t.In(loc).Date(); y1 == y2 && m1 == m2 && d1 == d2 {
		return "15:04"
	}
	return "Mon 15:04"
}
