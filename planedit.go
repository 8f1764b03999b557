package babyhandoff

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// A plan edit is a list of typed ops on a plan's time blocks, applied by
// Apply: pure, deterministic, all or nothing. It lives here, with the
// domain, because a run records its ops (Run.Edit) and every layer reads
// them; the rules an edit keeps are data (PlanRules), so the engine needs
// no notes and no council: council.EditRules reads them from a run.
//
// The rules, for every block an op adds or changes:
//   - it lies inside the plan's window and overlaps no other block;
//   - it keeps out of the quiet hours, which the plan keeps for sleep;
//   - it ends by the due time of every deadline it does;
//   - it does no health note (listed apart, never planned: that would be
//     triage).
//
// Fixed commitments and the night (a rest block inside quiet hours) are
// never moved, resized, dropped or swapped. Blocks an edit leaves alone
// stay as their planner made them, even where they break a rule (an out
// supply fetched at night): an edit answers for what it changes.

// OpKind is what a plan op does.
type OpKind string

// The plan ops.
const (
	// OpAdd puts an open item into the plan: at To, or with To zero at
	// the earliest step where it fits.
	OpAdd OpKind = "add"
	// OpDrop removes a block.
	OpDrop OpKind = "drop"
	// OpResize makes a block By longer (By < 0: shorter), from its start.
	OpResize OpKind = "resize"
	// OpMove moves a block By (earlier when negative), or to start at To.
	OpMove OpKind = "move"
	// OpSwap swaps a block with the next one: the next starts where it
	// started, and it ends where the next ended.
	OpSwap OpKind = "swap"
)

// EditStep is an edit's grain: Shorter and Longer change a block by it,
// and no block is shorter.
const EditStep = 15 * time.Minute

// MoveStep is how far Earlier and Later move a block.
const MoveStep = 30 * time.Minute

// Kinds of block an edit treats apart.
const (
	KindCommitment = "commitment"
	KindRest       = "rest"
	KindCare       = "care"
)

// PlanOp is one typed edit of a plan. Block names the block an op other
// than OpAdd works on.
type PlanOp struct {
	Kind  OpKind
	Block BlockRef
	// By is a move's shift or a resize's change.
	By time.Duration
	// To is where a move or an add starts (zero for an add: the earliest
	// step where it fits; for a move: use By).
	To time.Time
	// Title, BlockKind, NoteIDs and Len describe the block an add puts in
	// (Len zero: 30 min).
	Title     string
	BlockKind string
	NoteIDs   []string
	Len       time.Duration
}

// BlockRef finds a block in a version of a plan. Key is the block's item
// (RefOf); Start tells blocks of one item apart, and an op made on an
// older version still finds its block when that block is the item's only
// one, wherever it moved.
type BlockRef struct {
	Key   string
	Start time.Time
}

// RefOf is b's reference.
func RefOf(b Block) BlockRef { return BlockRef{Key: BlockKey(b), Start: b.Start} }

// BlockKey is what a block does, the same in every version of a plan:
// its kind and notes ("errand/n1+n2"), or its kind and title for a block
// without notes ("rest/Rest / nap window").
func BlockKey(b Block) string {
	if len(b.NoteIDs) > 0 {
		return b.Kind + "/" + strings.Join(b.NoteIDs, "+")
	}
	return b.Kind + "/" + b.Title
}

// Ops as the card's menu makes them.

// MoveBy moves b by d: MoveBy(b, -MoveStep) is Earlier.
func MoveBy(b Block, d time.Duration) PlanOp { return PlanOp{Kind: OpMove, Block: RefOf(b), By: d} }

// MoveTo moves b to start at t.
func MoveTo(b Block, t time.Time) PlanOp { return PlanOp{Kind: OpMove, Block: RefOf(b), To: t} }

// Resize makes b d longer (shorter when d < 0).
func Resize(b Block, d time.Duration) PlanOp { return PlanOp{Kind: OpResize, Block: RefOf(b), By: d} }

// Drop removes b.
func Drop(b Block) PlanOp { return PlanOp{Kind: OpDrop, Block: RefOf(b)} }

// SwapNext swaps b with the block after it.
func SwapNext(b Block) PlanOp { return PlanOp{Kind: OpSwap, Block: RefOf(b)} }

// AddItem puts an open item into the plan as a block of kind and length
// (zero: 30 min), at the earliest step where it fits.
func AddItem(it Item, kind string, length time.Duration) PlanOp {
	return PlanOp{Kind: OpAdd, Title: it.Text, BlockKind: kind, NoteIDs: append([]string(nil), it.NoteIDs...), Len: length}
}

// PlanRules are what every edit of a plan keeps.
type PlanRules struct {
	// Start and End are the plan's window.
	Start, End time.Time
	// Loc is the shift's clock: quiet hours and the times in reasons.
	Loc *time.Location
	// Quiet are the quiet hours the plan keeps for sleep; nil: none (a
	// handoff's plan: its person is on duty through the night).
	Quiet *QuietHours
	// Dues are the deadlines by note: a block doing one ends by it. A due
	// time at or before Start is overdue and binds nothing: the sooner the
	// better.
	Dues map[string]time.Time
	// Health are the health notes: never in a block.
	Health map[string]bool
	// Clock is the reader's (the person editing): a refusal writes its
	// times on it ("to 6 PM"). The change a run records is written on the
	// shift's 24-hour clock with its stamps, for every reader to restamp.
	Clock Clock
}

// PlanEdit is the change that made a run from its parent (Run.ParentRunID):
// the ops, who asked, when. Replaying it is Apply on the parent's plan.
type PlanEdit struct {
	Ops []PlanOp
	By  string // a user id
	At  time.Time
}

// EditRun is the run an edit of parent makes: pointing back, with the
// same settings, the edit and what it did (ApplyChange) as its change. The store gives it its id and
// its version (the shift's next).
func EditRun(parent Run, e PlanEdit, ch Change) Run {
	r := parent
	r.ID, r.Version, r.ParentRunID = "", 0, parent.ID
	r.Change, r.ChangeStamps = ch.Text, append([]Stamp(nil), ch.Stamps...)
	r.Edit = &PlanEdit{Ops: append([]PlanOp(nil), e.Ops...), By: e.By, At: e.At}
	r.RequestedBy = e.By
	// The edit is its own work: the caller sets its trace (a parent's
	// would send a ref of the edit to the parent's log lines).
	r.TraceID = ""
	r.Status, r.Error = StatusQueued, ""
	r.CardChannel, r.CardTS, r.CardPosted = "", "", false
	r.CreatedAt, r.StartedAt, r.FinishedAt = e.At, time.Time{}, time.Time{}
	r.Rest = append([]Rest(nil), parent.Rest...)
	if parent.Quiet != nil {
		q := *parent.Quiet
		r.Quiet = &q
	}
	return r
}

// Apply applies ops in order to a plan's blocks, and returns the new
// blocks in time order. It is all or nothing: when an op breaks a rule,
// the error (EINVALID, a sentence for a person naming the rule) is all it
// returns and blocks are as they were. An op whose block is no longer in
// the plan is refused with ECONFLICT. blocks is never changed.
func Apply(blocks []Block, ops []PlanOp, r PlanRules) ([]Block, error) {
	out, _, err := ApplyChange(blocks, ops, r)
	return out, err
}

// Change is what an edit did, in one line for the thread and the run's
// Change: "moved “Essay” to 15:30; dropped “Laundry”", its times written
// on the shift's 24-hour clock and kept as Stamps.
type Change struct {
	Text   string
	Stamps []Stamp
}

// ApplyChange is Apply, and says what changed.
func ApplyChange(blocks []Block, ops []PlanOp, r PlanRules) ([]Block, Change, error) {
	if r.Loc == nil {
		r.Loc = time.UTC
	}
	cur := cloneBlocks(blocks)
	var said []string
	var ch Change
	for _, op := range ops {
		next, c, err := applyOne(cur, op, r)
		if err != nil {
			return nil, Change{}, err
		}
		cur = next
		said = append(said, c.Text)
		ch.Stamps = append(ch.Stamps, c.Stamps...)
	}
	ch.Text = strings.Join(said, "; ")
	sortBlocks(cur)
	return cur, ch, nil
}

// CheckPlan reports the first rule that blocks break, as Apply would
// refuse it; nil when every block keeps every rule.
func CheckPlan(blocks []Block, r PlanRules) error {
	if r.Loc == nil {
		r.Loc = time.UTC
	}
	for i, b := range blocks {
		if err := r.check(blocks, i, b, "Keeping "+name(b), false); err != nil {
			return err
		}
	}
	return nil
}

func applyOne(bs []Block, op PlanOp, r PlanRules) ([]Block, Change, error) {
	if op.Kind == OpAdd {
		return r.add(bs, op)
	}
	i, err := find(bs, op.Block, r)
	if err != nil {
		return nil, Change{}, err
	}
	b := bs[i]
	if why := r.fixed(b); why != "" {
		return nil, Change{}, Errorf(EINVALID, "%s %s", name(b), why)
	}
	switch op.Kind {
	case OpDrop:
		return append(bs[:i:i], bs[i+1:]...), Change{Text: "dropped " + name(b)}, nil
	case OpResize:
		if op.By == 0 {
			return nil, Change{}, Errorf(EINVALID, "Say how much shorter or longer %s should be.", name(b))
		}
		nb := b
		nb.End = b.End.Add(op.By)
		if nb.End.Sub(nb.Start) < EditStep {
			return nil, Change{}, Errorf(EINVALID, "%s is %s long: it cannot be shorter than %s.", name(b), Span(b.End.Sub(b.Start)), Span(EditStep))
		}
		length := Span(nb.End.Sub(nb.Start))
		verb := fmt.Sprintf("Making %s %s long", name(b), length)
		how := "longer"
		if op.By < 0 {
			how = "shorter"
		}
		return r.replace(bs, i, nb, verb, Change{Text: fmt.Sprintf("made %s %s (%s)", name(b), how, length)})
	case OpMove:
		nb := b
		switch {
		case !op.To.IsZero():
			nb.Start = op.To
		case op.By != 0:
			nb.Start = b.Start.Add(op.By)
		default:
			return nil, Change{}, Errorf(EINVALID, "Say where %s should move.", name(b))
		}
		nb.End = nb.Start.Add(b.End.Sub(b.Start))
		verb := fmt.Sprintf("Moving %s to %s", name(b), r.clock(nb.Start))
		return r.replace(bs, i, nb, verb, r.stamped("moved "+name(b)+" to ", nb.Start))
	case OpSwap:
		j := nextBlock(bs, i)
		if j < 0 {
			return nil, Change{}, Errorf(EINVALID, "%s is the plan's last block: there is nothing after it to swap with.", name(b))
		}
		n := bs[j]
		if why := r.fixed(n); why != "" {
			return nil, Change{}, Errorf(EINVALID, "%s cannot swap with %s, which %s", name(b), name(n), why)
		}
		nn, nb := n, b
		nn.Start, nn.End = b.Start, b.Start.Add(n.End.Sub(n.Start))
		nb.Start, nb.End = n.End.Add(-b.End.Sub(b.Start)), n.End
		out := cloneBlocks(bs)
		out[i], out[j] = nb, nn
		verb := fmt.Sprintf("Swapping %s with %s", name(b), name(n))
		for _, k := range []int{j, i} {
			if err := r.fits(out, k, out[k], verb); err != nil {
				return nil, Change{}, err
			}
		}
		return out, Change{Text: "swapped " + name(b) + " with " + name(n)}, nil
	}
	return nil, Change{}, Errorf(EINVALID, "That is not a change a plan knows (%q).", string(op.Kind))
}

// stamped is text with t written after it, on the shift's 24-hour clock,
// as a stamp.
func (r PlanRules) stamped(text string, t time.Time) Change {
	layout := "15:04"
	if !r.sameDay(t) {
		layout = "Mon 15:04"
	}
	st := StampOf(t.In(r.Loc), layout)
	return Change{Text: text + st.Text, Stamps: []Stamp{st}}
}

// sameDay reports whether t is on the window's first day.
func (r PlanRules) sameDay(t time.Time) bool {
	l, s := t.In(r.Loc), r.Start.In(r.Loc)
	y, m, d := l.Date()
	return y == s.Year() && m == s.Month() && d == s.Day()
}

// add puts op's item into the plan.
func (r PlanRules) add(bs []Block, op PlanOp) ([]Block, Change, error) {
	title := strings.TrimSpace(op.Title)
	if title == "" {
		return nil, Change{}, Errorf(EINVALID, "An item added to the plan needs a title.")
	}
	nb := Block{Title: title, Kind: op.BlockKind, NoteIDs: append([]string(nil), op.NoteIDs...)}
	if nb.Kind == "" {
		nb.Kind = "home"
	}
	if nb.Kind == KindCommitment || nb.Kind == KindCare {
		return nil, Change{}, Errorf(EINVALID, "%s cannot be added as a %s: commitments come from notes with a time, and health notes are never planned.", name(nb), nb.Kind)
	}
	for _, id := range nb.NoteIDs {
		for _, b := range bs {
			if b.Kind != KindCommitment && b.Kind != KindRest && slices.Contains(b.NoteIDs, id) {
				return nil, Change{}, Errorf(EINVALID, "%s is already in the plan at %s.", name(nb), r.clock(b.Start))
			}
		}
	}
	length := op.Len
	if length <= 0 {
		length = 2 * EditStep
	}
	if !op.To.IsZero() {
		nb.Start, nb.End = op.To, op.To.Add(length)
		return r.insert(bs, nb, fmt.Sprintf("Adding %s at %s", name(nb), r.clock(nb.Start)))
	}
	if r.health(nb) != "" {
		return nil, Change{}, Errorf(EINVALID, "Adding %s would plan a health note: health notes are listed apart for a licensed professional, never planned.", name(nb))
	}
	// The earliest step where it fits: the same plan and item always land
	// in the same place.
	for t := r.Start; !t.Add(length).After(r.End); t = t.Add(EditStep) {
		nb.Start, nb.End = t, t.Add(length)
		if out, ch, err := r.insert(bs, nb, "Adding "+name(nb)); err == nil {
			return out, ch, nil
		}
	}
	why := fmt.Sprintf("There is no free %s in this plan's window", Span(length))
	if due, ok := r.due(nb); ok {
		why += " before " + name(nb) + " is due at " + r.clock(due)
	} else {
		why += " for " + name(nb)
	}
	return nil, Change{}, Errorf(EINVALID, "%s%s; it waits for a later plan.", why, r.quietText(", outside quiet hours"))
}

func (r PlanRules) quietText(s string) string {
	if r.Quiet == nil || r.Quiet.Off() {
		return ""
	}
	return s + " (" + r.Quiet.String() + ")"
}

// insert adds nb to bs when it fits.
func (r PlanRules) insert(bs []Block, nb Block, verb string) ([]Block, Change, error) {
	out := append(cloneBlocks(bs), nb)
	if err := r.fits(out, len(out)-1, nb, verb); err != nil {
		return nil, Change{}, err
	}
	return out, r.stamped("added "+name(nb)+" at ", nb.Start), nil
}

// replace puts nb in place of bs[i] when it fits.
func (r PlanRules) replace(bs []Block, i int, nb Block, verb string, ch Change) ([]Block, Change, error) {
	out := cloneBlocks(bs)
	out[i] = nb
	if err := r.fits(out, i, nb, verb); err != nil {
		return nil, Change{}, err
	}
	return out, ch, nil
}

// fits checks b, at index i of bs, against every rule; verb starts the
// reason ("Moving “X” to 18:00"). A block an op changed is checked
// against all of them, even when it lands where only the night could be.
func (r PlanRules) fits(bs []Block, i int, b Block, verb string) error {
	return r.check(bs, i, b, verb, true)
}

func (r PlanRules) check(bs []Block, i int, b Block, verb string, changed bool) error {
	if id := r.health(b); id != "" {
		return Errorf(EINVALID, "%s would plan a health note: health notes are listed apart for a licensed professional, never planned.", verb)
	}
	if !b.End.After(b.Start) {
		return Errorf(EINVALID, "%s would leave it no time.", verb)
	}
	if !changed && r.fixed(b) != "" {
		// A commitment or the night stays as it came, wherever it lies.
		return r.overlap(bs, i, b, verb)
	}
	// Late is the worst of it: said first.
	if due, ok := r.due(b); ok && b.End.After(due) {
		return Errorf(EINVALID, "%s would end it at %s, after it is due at %s.", verb, r.clock(b.End), r.clock(due))
	}
	if b.Start.Before(r.Start) {
		return Errorf(EINVALID, "%s would start it at %s, before this plan's window opens at %s.", verb, r.clock(b.Start), r.clock(r.Start))
	}
	if b.End.After(r.End) {
		return Errorf(EINVALID, "%s would end it at %s, after this plan's window closes at %s.", verb, r.clock(b.End), r.clock(r.End))
	}
	if r.Quiet != nil && !r.Quiet.Off() {
		if at, ok := r.quietAt(b.Start, b.End); ok {
			return Errorf(EINVALID, "%s would run into quiet hours (%s) at %s: they are kept for sleep.", verb, r.Quiet.String(), r.clock(at))
		}
	}
	return r.overlap(bs, i, b, verb)
}

func (r PlanRules) overlap(bs []Block, i int, b Block, verb string) error {
	for j, o := range bs {
		if j != i && b.Start.Before(o.End) && o.Start.Before(b.End) {
			what := ""
			if o.Kind == KindCommitment {
				what = ", a fixed commitment"
			}
			return Errorf(EINVALID, "%s would overlap %s (%s%s).", verb, name(o), r.span(o.Start, o.End), what)
		}
	}
	return nil
}

// Fixed reports whether no edit changes b: a fixed commitment, or the
// night kept by quiet hours (Apply refuses either, saying why).
func (r PlanRules) Fixed(b Block) bool {
	if r.Loc == nil {
		r.Loc = time.UTC
	}
	return r.fixed(b) != ""
}

// fixed says why b never changes ("is a fixed commitment …"), or "".
func (r PlanRules) fixed(b Block) string {
	switch {
	case b.Kind == KindCommitment:
		return fmt.Sprintf("is a fixed commitment (%s): it stays as it is.", r.span(b.Start, b.End))
	case b.Kind == KindRest && r.night(b):
		return fmt.Sprintf("is the night kept for sleep by quiet hours (%s): change the quiet hours instead.", r.Quiet.String())
	}
	return ""
}

// night reports whether b lies wholly inside the quiet hours.
func (r PlanRules) night(b Block) bool {
	if r.Quiet == nil || r.Quiet.Off() || !b.End.After(b.Start) {
		return false
	}
	for t := b.Start; t.Before(b.End); t = nextHour(t, r.Loc) {
		if !r.Quiet.Contains(t.In(r.Loc)) {
			return false
		}
	}
	return true
}

// quietAt is the first moment of [from, to) in quiet hours. Quiet hours
// change on the hour of the shift's clock, so the start and each local
// hour after it are all there is to look at (across midnight and a DST
// change alike).
func (r PlanRules) quietAt(from, to time.Time) (time.Time, bool) {
	for t := from; t.Before(to); t = nextHour(t, r.Loc) {
		if r.Quiet.Contains(t.In(r.Loc)) {
			return t, true
		}
	}
	return time.Time{}, false
}

// nextHour is the next full hour after t on loc's clock.
func nextHour(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	into := time.Duration(l.Minute())*time.Minute + time.Duration(l.Second())*time.Second + time.Duration(l.Nanosecond())
	return t.Add(time.Hour - into)
}

// due is the earliest deadline b does that binds (after the window opens).
func (r PlanRules) due(b Block) (time.Time, bool) {
	var out time.Time
	for _, id := range b.NoteIDs {
		if d, ok := r.Dues[id]; ok && d.After(r.Start) && (out.IsZero() || d.Before(out)) {
			out = d
		}
	}
	return out, !out.IsZero()
}

// health is the first health note b does, "" if none.
func (r PlanRules) health(b Block) string {
	for _, id := range b.NoteIDs {
		if r.Health[id] {
			return id
		}
	}
	return ""
}

// clock writes t for the reader of a refusal: on the shift's zone and
// the reader's clock, "17:00" or "5 PM", with its day when it is not the
// window's first day ("Wed 09:00").
func (r PlanRules) clock(t time.Time) string {
	if r.sameDay(t) {
		return r.Clock.Format(t.In(r.Loc), "15:04")
	}
	return r.Clock.Format(t.In(r.Loc), "Mon 15:04")
}

// span is from–to as clock writes them, the day written once.
func (r PlanRules) span(from, to time.Time) string {
	if r.sameDay(from) && r.sameDay(to) {
		return r.Clock.Span(from.In(r.Loc), to.In(r.Loc))
	}
	return r.clock(from) + "–" + r.clock(to)
}

// find is the block ref names: the one block of its item, else the one
// of its item that starts at ref.Start.
func find(bs []Block, ref BlockRef, r PlanRules) (int, error) {
	var at []int
	for i, b := range bs {
		if BlockKey(b) == ref.Key {
			at = append(at, i)
		}
	}
	if len(at) == 1 {
		return at[0], nil
	}
	for _, i := range at {
		if bs[i].Start.Equal(ref.Start) {
			return i, nil
		}
	}
	if len(at) == 0 {
		return -1, Errorf(ECONFLICT, "That block is no longer in the plan: it was dropped or changed since. Look at the latest card.")
	}
	return -1, Errorf(ECONFLICT, "That block no longer starts at %s: the plan changed since. Look at the latest card.", r.clock(ref.Start))
}

// nextBlock is the index of the block that starts next after bs[i], -1
// when none does.
func nextBlock(bs []Block, i int) int {
	j := -1
	for k, b := range bs {
		if k == i || b.Start.Before(bs[i].Start) || b.Start.Equal(bs[i].Start) && k < i {
			continue
		}
		if j < 0 || b.Start.Before(bs[j].Start) {
			j = k
		}
	}
	return j
}

// name is a block as a reason quotes it: its title without the due time
// it carries ("“Daycare form”").
func name(b Block) string {
	t, _, _ := strings.Cut(b.Title, " — ")
	return "“" + Truncate(strings.TrimSpace(t), 60) + "”"
}

func cloneBlocks(bs []Block) []Block {
	out := make([]Block, len(bs))
	for i, b := range bs {
		b.NoteIDs = append([]string(nil), b.NoteIDs...)
		b.Stamps = append([]Stamp(nil), b.Stamps...)
		out[i] = b
	}
	return out
}

// sortBlocks orders blocks as plans show them: by start, then title.
func sortBlocks(bs []Block) {
	sort.SliceStable(bs, func(i, j int) bool {
		if !bs[i].Start.Equal(bs[j].Start) {
			return bs[i].Start.Before(bs[j].Start)
		}
		return bs[i].Title < bs[j].Title
	})
}
