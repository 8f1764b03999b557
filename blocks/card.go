package blocks

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Decision Card action ids; every value is the run id.
const (
	ActionEnergy     = "card_energy"
	ActionDownload   = "card_download"
	ActionTranscript = "card_transcript"
	ActionOthers     = "card_others"
	ActionShare      = "card_share"
	// ActionCardCheck is the "Mark done" checkboxes (in Mark done…, and
	// on cards posted before it); on a card its block id is
	// CardCheckPrefix + run id. Each option's value is a note id.
	ActionCardCheck   = "card_check"
	CardCheckPrefix   = "card_check:"
	ActionPlanNow     = "plan_now"
	ActionAddNote     = "home_add_note"
	ActionLoadSample  = "home_load_sample"
	ActionClearSample = "home_clear_sample"
	CallbackShare     = "share_plan"
	InputSharePerson  = "share_person"
	InputShareChannel = "share_channel"
	ActionShareTo     = "target"
	// CardActionsPrefix + run id is the card's actions block id.
	CardActionsPrefix = "card_actions:"
)

// Links maps note ids to their Slack permalinks (for "because" lines).
type Links map[string]string

// CardInput is what a Decision Card shows.
type CardInput struct {
	Run       bh.Run
	Decision  bh.Decision
	Proposals []bh.Proposal
	Links     Links
	// Labels name notes by a few of their words ("daycare form"), for the
	// links under "Because"; a note without one is "note 1".
	Labels map[string]string
	// ForkedFrom is set on a what-if card: the version it was forked from.
	ForkedFrom int
	// ModelNote says which agents used a model or fell back (OpenAI mode).
	ModelNote string
	// Done are the notes marked done since: their items show struck
	// through, with Undo.
	Done map[string]bool
	// Duty is who is on duty in the conversation (zero: nobody yet).
	Duty bh.Duty
	// Claims are who said "I'll do it", by note id.
	Claims map[string]string
	// Undo shows Undo on a card made by an edit a moment ago.
	Undo bool
}

func (in CardInput) winner() bh.Proposal { return bh.WinnerOf(in.Proposals, in.Decision) }

func mrkdwn(s string) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.MarkdownType, Fit(s, MaxSectionText), false, false)
}

func plain(s string, n int) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.PlainTextType, bh.Truncate(s, n), false, false)
}

func section(s string) *slack.SectionBlock { return slack.NewSectionBlock(mrkdwn(s), nil, nil) }

func loc(r bh.Run) *time.Location { return r.Location(time.UTC) }

// CardTitle is "v1 · next 12h · Sleep-first", or for a later window
// "v1 · Tue 07:00–19:00 · Sleep-first".
func CardTitle(r bh.Run, winner bh.Archetype) string {
	t := fmt.Sprintf("v%d · %s · %s", r.Version, r.WindowText(loc(r)), winner.Label())
	if r.Sample {
		t = "Sample · " + t
	}
	return t
}

// blockLines lists a plan's time blocks, one per line, for a message
// made at now (a day in the coming week is named by its weekday) and read
// on the clock c.
func blockLines(p bh.Proposal, l *time.Location, max int, now time.Time, c bh.Clock) string {
	lines := blockLineList(p, l, max, now, c)
	if len(lines) == 0 {
		return "Nothing scheduled: rest when you can."
	}
	return strings.Join(lines, "\n")
}

// blockLineList is a plan's blocks as lines, at most max of them, the last
// saying how many more handoff.md has.
func blockLineList(p bh.Proposal, l *time.Location, max int, now time.Time, c bh.Clock) []string {
	return claimedLines(p, l, max, nil, now, c)
}

// claimedLines is blockLineList naming who said "I'll do it" for a
// block's notes ("· 🙋 @Sam"), its times' fallbacks on the reader's clock c.
func claimedLines(p bh.Proposal, l *time.Location, max int, claims map[string]string, now time.Time, c bh.Clock) []string {
	var out []string
	for i, bl := range p.Blocks {
		if i == max {
			out = append(out, fmt.Sprintf("…and %d more in handoff.md", len(p.Blocks)-max))
			break
		}
		out = append(out, blockLine(bl, l, claims, now, c))
	}
	return out
}

// blockLine is one time block as a plan's lines show it: "*10:00–10:30*
// Errand run: wipes 🛒 · 🙋 @Sam" (claims nil: nobody named; a zero now:
// days as Slack writes them), for the forms and App Home as for the card.
func blockLine(b bh.Block, l *time.Location, claims map[string]string, now time.Time, c bh.Clock) string {
	return fmt.Sprintf("*%s–%s* %s%s%s", WhenOn(b.Start, l, Clock, c), WhenOn(b.End, l, Clock, c), StampedOn(b.Title, b.Stamps, 90, now, l, c), blockTag(b.Kind), claimedBy(claims, b.NoteIDs))
}

// claimedBy is " · 🙋 <@U…>" for the people who claimed any of noteIDs.
func claimedBy(claims map[string]string, noteIDs []string) string {
	var who []string
	for _, id := range noteIDs {
		if u := claims[id]; u != "" && !slices.Contains(who, u) {
			who = append(who, u)
		}
	}
	if len(who) == 0 {
		return ""
	}
	return " · 🙋 " + mentions(who)
}

func blockTag(kind string) string {
	switch kind {
	case "rest":
		return " 💤"
	case "commitment":
		return " 📌"
	case "errand":
		return " 🛒"
	case "admin":
		return " 📝"
	case "focus":
		return " 🎯"
	case "care":
		return " 📞"
	}
	return ""
}

// RubricTable is the 3 plans × 5 dimensions table in a code block: narrow
// enough for a phone held upright.
func RubricTable(d bh.Decision) string {
	var b strings.Builder
	b.WriteString("```\n")
	fmt.Fprintf(&b, "%-11s", "")
	for _, c := range d.Scorecards {
		mark := " "
		if c.Archetype == d.Winner {
			mark = "*"
		}
		fmt.Fprintf(&b, "%5s", shortLabel(c.Archetype)+mark)
	}
	b.WriteString("\n")
	for _, dim := range bh.Dimensions {
		fmt.Fprintf(&b, "%-11s", bh.DimensionLabel(dim))
		for _, c := range d.Scorecards {
			v := 0
			for _, s := range c.Scores {
				if s.Dimension == dim {
					v = s.Value
				}
			}
			fmt.Fprintf(&b, "%4d ", v)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-11s", "Total /25")
	for _, c := range d.Scorecards {
		fmt.Fprintf(&b, "%4d ", c.Total)
	}
	b.WriteString("\n```")
	return b.String()
}

func shortLabel(a bh.Archetype) string {
	switch a {
	case bh.SleepFirst:
		return "Slp"
	case bh.ErrandsFirst:
		return "Err"
	case bh.AdminFirst:
		return "Adm"
	}
	return string(a)
}

// because renders the rationale with links to the notes' messages, each
// labelled by its note ("daycare form"), else by its place.
func because(d bh.Decision, links Links, labels map[string]string, max int, l *time.Location, c bh.Clock) string {
	var b strings.Builder
	for i, r := range d.Rationale {
		if i == max {
			break
		}
		b.WriteString("• " + StampedOn(r.Text, r.Stamps, 200, time.Time{}, l, c))
		var refs []string
		for k, id := range r.NoteIDs {
			if url, ok := links[id]; ok && url != "" {
				label := fmt.Sprintf("note %d", k+1)
				if l := labels[id]; l != "" {
					label = Echo(bh.Truncate(l, 30), 40)
				}
				refs = append(refs, fmt.Sprintf("<%s|%s>", url, label))
			}
		}
		if len(refs) > 0 {
			b.WriteString(" (" + strings.Join(refs, ", ") + ")")
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// maxHead keeps the card's head to two lines on a phone.
const maxHead = 48

// NextAction is the card's head: the first thing to do. What the radar
// calls critical comes first ("Now: Get formula"), then the plan's first
// block ("Next at 10:00: Errand run: wipes"), on the reader's clock c: a
// header and a notification are plain text, where Slack's tokens do not
// reach.
func NextAction(p bh.Proposal, now time.Time, l *time.Location, c bh.Clock) string {
	if len(p.Now) > 0 {
		action, _, _ := strings.Cut(p.Now[0].Text, " — ")
		return "Now: " + bh.Truncate(action, maxHead)
	}
	if len(p.Blocks) > 0 {
		b := p.Blocks[0]
		return fmt.Sprintf("Next at %s: %s", clock(b.Start, now, l, c), bh.Truncate(c.Restamp(b.Title, b.Stamps, l), maxHead))
	}
	return "Nothing pressing: rest when you can"
}

// clock is t as "15:04", or "Tue 15:04" when it is not on now's day, on c.
func clock(t, now time.Time, l *time.Location, c bh.Clock) string {
	t, now = t.In(l), now.In(l)
	if t.YearDay() != now.YearDay() || t.Year() != now.Year() {
		return c.Format(t, "Mon 15:04")
	}
	return c.Format(t, "15:04")
}

// CardText is the notification text: all a locked phone shows, so it
// leads with the next action, then names the plan.
func CardText(in CardInput) string {
	w := in.winner()
	return Escape(bh.Truncate(NextAction(w, in.Run.Now, loc(in.Run), in.Run.Clock)+" · plan "+CardTitle(in.Run, w.Archetype), 300))
}

// MaxCard is the most a Decision Card may take on the phone (Height): one
// screen and a little, so nothing needs a second look.
const MaxCard = 700

// Card is the Decision Card, one phone screen (MaxCard). Its head is the
// next action, under it one line of when, what energy and which plan won;
// then the health notes, Now (each with its Done, the first one green),
// the next hours (a Done on each line from a note), the controls, and
// what waits. What does not fit is counted ("…and 3 more in handoff.md"):
// the full plan is in handoff.md and behind Why this plan? and Mark done….
func Card(in CardInput) Message {
	w := in.winner()
	l := loc(in.Run)
	// The Energy menu sits beside the line that names the energy.
	meta := section(cardMeta(in, l))
	meta.BlockID, meta.Accessory = CardMetaPrefix+in.Run.ID, slack.NewAccessory(energyMenu(in))
	head := []slack.Block{slack.NewHeaderBlock(plain(NextAction(w, in.Run.Now, l, in.Run.Clock), MaxHeaderText)), meta}
	health := cardHealth(in, w)
	resolve := healthControl(health, ActionHealthResolved, func(id string) string { return id })
	healthBlock := CardItemPrefix + in.Run.ID + ":health"
	later := laterList(w, in.Run.Now, l, in.Run.Clock)
	f := cardFit{next: len(w.Blocks), health: min(len(health), maxHealth), now: min(len(w.Now), maxNow),
		later: min(len(later), maxLater), stillOpen: min(len(w.StillOpen), maxStillOpen)}
	// render lays the card out as f says; controls is the index of the
	// controls, which must be on the first screen.
	render := func() (bl []slack.Block, controls int) {
		bl = append(bl, head...)
		more := "…%d more below"
		if f.health == maxHealth {
			more = "…and %d more in handoff.md"
		}
		if h := healthList(health, w.MoodSupport, f.health, more); h != "" {
			sec := section(h)
			if resolve != nil && !f.resolveBelow {
				sec.BlockID, sec.Accessory = healthBlock, slack.NewAccessory(resolve)
			}
			bl = append(bl, sec)
		}
		used := map[string]bool{}
		now, green := itemBlocks(in, w.Now, f.now, "🔴 *Now*\n", "…and %d more: `/radar`", used, true)
		bl = append(bl, now...)
		bl = append(bl, nextBlocks(in, w, f.next, used)...)
		controls = len(bl)
		bl = append(bl, cardControls(in, !green))
		if resolve != nil && f.resolveBelow {
			bl = append(bl, slack.NewActionBlock(healthBlock, resolve))
		}
		if f.health < min(len(health), maxHealth) {
			var b strings.Builder
			b.WriteString(HealthMark + " *More health notes*")
			for i, e := range health[f.health:] {
				if f.health+i == maxHealth {
					fmt.Fprintf(&b, "\n…and %d more in handoff.md", len(health)-maxHealth)
					break
				}
				b.WriteString("\n" + healthLine(e))
			}
			bl = append(bl, section(b.String()))
		}
		if len(later) > 0 {
			lines := later[:f.later]
			if n := len(later) - f.later; n > 0 {
				lines = append(lines[:len(lines):len(lines)], fmt.Sprintf("…and %d more in handoff.md", n))
			}
			sec := section("*Later*\n" + strings.Join(lines, "\n"))
			if add := cardAdd(w, in.Run.Clock, in); add != nil {
				sec.BlockID, sec.Accessory = CardAddPrefix+in.Run.ID, slack.NewAccessory(add)
			}
			bl = append(bl, sec)
		}
		open, _ := itemBlocks(in, w.StillOpen, f.stillOpen, "*Still open?* Not planned any more.\n", "…and %d more: Mark done…", used, false)
		bl = append(bl, open...)
		if claim := claimBlock(in, w); claim != nil {
			bl = append(bl, claim)
		}
		note := in.ModelNote
		if note == "" {
			note = ModelNote(in.Proposals, in.Decision)
		}
		if note != "" {
			bl = append(bl, slack.NewContextBlock("card_model", mrkdwn(Fit(Escape(note), 2000))))
		}
		bl = append(bl, slack.NewContextBlock("card_disclaimer", mrkdwn("_"+bh.Disclaimer+"_")))
		return bl, controls
	}
	// Resolved beside the health notes or below the controls, whichever
	// is shorter: beside them, the narrower text wraps into more lines.
	if resolve != nil {
		beside, _ := render()
		f.resolveBelow = true
		if below, _ := render(); Height(below) >= Height(beside) {
			f.resolveBelow = false
		}
	}
	fits := func() bool {
		bl, controls := render()
		return Height(bl) <= MaxCard && Height(bl[:controls+1]) <= FirstScreen
	}
	for !fits() && f.shrink() {
	}
	bl, _ := render()
	return Message{Text: CardText(in), Blocks: bl}
}

// MadeAt is when r's version was made: an edit's (or a version brought
// back) when it was, though it keeps its parent's clock for the plan's
// window; a plan's, when it was planned.
func MadeAt(r bh.Run) time.Time {
	if r.Edit != nil && !r.Edit.At.IsZero() {
		return r.Edit.At
	}
	return r.Now
}

// cardMeta is the line under the card's head: when the plan was made, for
// what energy, and which plan won with every plan's points ("made 9:43 PM ·
// energy low · Sleep-first won (20 · 17 · 16)"). Why it won, and the plans
// themselves, are behind Why this plan?.
func cardMeta(in CardInput, l *time.Location) string {
	// An edit keeps its parent's clock (the plan keeps its window): the
	// card says when the version was made, not when its plan was.
	made := "made "
	if e := in.Run.Edit; e != nil && len(e.Ops) > 0 && !e.At.IsZero() {
		made = "edited "
	}
	parts := []string{made + WhenOn(MadeAt(in.Run), l, Clock, in.Run.Clock)}
	if e := EnergyInUse(in.Run, in.Decision); e != "" && e != bh.EnergyAuto {
		parts = append(parts, "energy "+string(e))
	}
	parts = append(parts, WonLine(in.Decision))
	if in.Run.Sample {
		parts = append(parts, "🧪 *sample notes*")
	}
	if in.Run.Edit != nil {
		parts = append(parts, editMeta(in))
	} else if in.ForkedFrom > 0 {
		// A /plan whose words fork the latest card says "a what-if of v1:"
		// in its Change already (its thread shows it): said once here.
		prefix := fmt.Sprintf("what-if of v%d: ", in.ForkedFrom)
		change := strings.TrimPrefix(in.Run.Change, "a "+prefix)
		parts = append(parts, prefix+StampedOn(change, in.Run.ChangeStamps, 300, in.Run.Now, l, in.Run.Clock))
	}
	if d := DutyLine(in.Duty, in.Run.Now, l, in.Run.Clock); d != "" {
		parts = append(parts, d)
	}
	return strings.Join(parts, " · ")
}

// WonLine names the winner and every plan's points, the winner's first,
// then the others from the most: "Sleep-first won (20 · 17 · 16)".
func WonLine(d bh.Decision) string {
	var win, others []int
	for _, c := range d.Scorecards {
		if c.Archetype == d.Winner && len(win) == 0 {
			win = append(win, c.Total)
		} else {
			others = append(others, c.Total)
		}
	}
	slices.Sort(others)
	slices.Reverse(others)
	points := append(win, others...)
	if len(points) == 0 {
		return d.Winner.Label() + " won"
	}
	words := make([]string, len(points))
	for i, p := range points {
		words[i] = fmt.Sprint(p)
	}
	return fmt.Sprintf("%s won (%s)", d.Winner.Label(), strings.Join(words, " · "))
}

// maxLater bounds the Later lines on a card; handoff.md has all.
const maxLater = 3

// maxHealth bounds the health notes listed on a card; handoff.md has all.
const maxHealth = 8

// cardHealth is the plan's health notes as the card lists them: each
// linked; those resolved since the plan, struck through (their Undo is in
// the private confirmation of Resolved).
func cardHealth(in CardInput, p bh.Proposal) []HealthEntry {
	out := make([]HealthEntry, 0, len(p.Health))
	for _, it := range p.Health {
		e := HealthEntry{Text: it.Text, Ask: it.Ask}
		if len(it.NoteIDs) > 0 {
			e.NoteID, e.Link, e.Resolved = it.NoteIDs[0], in.Links[it.NoteIDs[0]], in.Done[it.NoteIDs[0]]
		}
		out = append(out, e)
	}
	return out
}

// cardFit is how much of each list the card shows.
type cardFit struct {
	next, health, now, later, stillOpen int
	// resolveBelow moves the health notes' Resolved from beside them to
	// just below the controls.
	resolveBelow bool
}

// shrink gives up a line, the least needed first: the next hours beyond
// three, what waits beyond one, the next hours beyond one, Now items
// beyond the first (the radar lists them), health notes beyond two on the
// first screen (they go on after the controls, never off the card). It
// reports false when nothing is left to give.
func (f *cardFit) shrink() bool {
	switch {
	case f.next > 3:
		f.next--
	case f.later > 1:
		f.later--
	case f.stillOpen > 1:
		f.stillOpen--
	case f.next > 1:
		f.next--
	case f.now > 1:
		f.now--
	case f.health > 2:
		f.health--
	case f.health > 1:
		f.health--
	default:
		return false
	}
	return true
}

// laterList is what the plan leaves for later (the items the next hours
// do not show already), a line each, for a message made at now and read
// on the clock c.
func laterList(p bh.Proposal, now time.Time, l *time.Location, c bh.Clock) []string {
	var out []string
	for _, it := range p.Top {
		if rest, ok := strings.CutPrefix(it.Text, "Later: "); ok {
			out = append(out, "• "+StampedOn(rest, it.Stamps, 120, now, l, c))
		}
	}
	return out
}

// laterLines is laterList as one text; "" when nothing waits.
func laterLines(p bh.Proposal, now time.Time, l *time.Location, c bh.Clock) string {
	return strings.Join(laterList(p, now, l, c), "\n")
}

// TaskView is one task's state on the progress message.
type TaskView struct {
	Agent  string
	Status bh.Status
}

// Progress is the message that shows the council working; it becomes the
// Decision Card when the run completes.
//
// Its steps are named in a parent's words, not by the agents inside.
func Progress(sample bool, tasks []TaskView) Message {
	var lines []string
	done := 0
	for _, t := range tasks {
		mark := "⏳"
		switch t.Status {
		case bh.StatusRunning:
			mark = "🔄"
		case bh.StatusCompleted:
			mark = "✅"
			done++
		case bh.StatusFailed:
			mark = "⚠️"
		}
		lines = append(lines, mark+" "+Escape(stepName(t.Agent)))
	}
	head := "🏡 Planning your next hours…"
	if sample {
		head += " (sample notes)"
	}
	return Message{
		Text: fmt.Sprintf("Planning… %d of %d steps done", done, len(tasks)),
		Blocks: []slack.Block{
			section("*" + head + "*"),
			slack.NewContextBlock("progress", mrkdwn(strings.Join(lines, "   "))),
		},
	}
}

// DiffReply is the threaded summary of a what-if: did the winner change,
// which blocks moved; its times on the clock c of the card's readers.
func DiffReply(d bh.RunDiff, l *time.Location, c bh.Clock) Message {
	var lines []string
	head := fmt.Sprintf("*v%d → v%d*", d.FromVersion, d.ToVersion)
	if d.Change != "" {
		head += " (" + StampedOn(d.Change, d.ChangeStamps, 300, time.Time{}, l, c) + ")"
	}
	if d.WinnerChanged() {
		head += fmt.Sprintf(": winner changed, %s → *%s*", d.WinnerBefore.Label(), d.WinnerAfter.Label())
	} else {
		head += fmt.Sprintf(": still *%s*", d.WinnerAfter.Label())
	}
	lines = append(lines, head)
	for _, x := range d.BlocksAdded {
		lines = append(lines, fmt.Sprintf("➕ %s %s", WhenOn(x.Start, l, Clock, c), StampedOn(x.Title, x.Stamps, 90, time.Time{}, l, c)))
	}
	for _, x := range d.BlocksRemoved {
		lines = append(lines, fmt.Sprintf("➖ %s %s", WhenOn(x.Start, l, Clock, c), StampedOn(x.Title, x.Stamps, 90, time.Time{}, l, c)))
	}
	for _, m := range d.BlocksMoved {
		lines = append(lines, fmt.Sprintf("↔️ %s %s → %s", StampedOn(m.Title, m.Stamps, 80, time.Time{}, l, c), WhenOn(m.From, l, Clock, c), WhenOn(m.To, l, Clock, c)))
	}
	if d.ScheduleUnchanged() {
		lines = append(lines, "The schedule did not change.")
	}
	text := fmt.Sprintf("v%d → v%d: %s", d.FromVersion, d.ToVersion, d.WinnerAfter.Label())
	if d.WinnerChanged() {
		text = fmt.Sprintf("v%d → v%d: winner changed to %s", d.FromVersion, d.ToVersion, d.WinnerAfter.Label())
	}
	return Message{Text: text, Blocks: []slack.Block{section(strings.Join(lines, "\n"))}}
}

// OthersModal is "Why this plan?": the reasons (each linked to its note),
// then the rubric and all three proposals with their scores.
func OthersModal(in CardInput) slack.ModalViewRequest {
	l := loc(in.Run)
	bl := []slack.Block{section(fmt.Sprintf("Plan v%d · the referee picked *%s*: %s.", in.Run.Version, in.Decision.Winner.Label(), in.Decision.Verdict()))}
	if r := because(in.Decision, in.Links, in.Labels, 8, l, in.Run.Clock); r != "" {
		bl = append(bl, section("*Because*\n"+r))
	}
	bl = append(bl, whatIfBlocks(in)...)
	bl = append(bl, section("*How the plans scored*\n"+RubricTable(in.Decision)))
	for _, p := range in.Proposals {
		var card bh.Scorecard
		for _, c := range in.Decision.Scorecards {
			if c.Archetype == p.Archetype {
				card = c
			}
		}
		bl = append(bl, slack.NewDividerBlock(), slack.NewHeaderBlock(plain(fmt.Sprintf("%s · %d/25", p.Archetype.Label(), card.Total), MaxHeaderText)))
		bl = append(bl, section(Escape(p.Summary)+"\n"+blockLines(p, l, 10, in.Run.Now, in.Run.Clock)))
		var why []string
		for _, s := range card.Scores {
			why = append(why, fmt.Sprintf("*%s %d* %s", bh.DimensionLabel(s.Dimension), s.Value, StampedOn(s.Why, s.Stamps, 160, time.Time{}, l, in.Run.Clock)))
		}
		bl = append(bl, slack.NewContextBlock("", mrkdwn(strings.Join(why, "\n"))))
	}
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackWhatIf, PrivateMetadata: in.Run.ID,
		Title: plain("Why this plan?", MaxModalTitle), Close: plain("Close", 24), Blocks: slack.Blocks{BlockSet: bl}}
}

// ShareModal asks where to share a plan: a person (who gets it in their DM
// with the bot) or a channel. PrivateMetadata carries the run id.
func ShareModal(runID string, version int) slack.ModalViewRequest {
	person := slack.NewOptionsSelectBlockElement(slack.OptTypeUser, plain("Your partner, a helper…", 150), ActionShareTo)
	channel := slack.NewOptionsSelectBlockElement(slack.OptTypeConversations, plain("A channel", 150), ActionShareTo)
	channel.Filter = &slack.SelectBlockElementFilter{Include: []string{"public", "private"}}
	personIn := slack.NewInputBlock(InputSharePerson, plain("A person", 2000), nil, person)
	personIn.Optional = true
	channelIn := slack.NewInputBlock(InputShareChannel, plain("Or a channel", 2000), plain("For a private channel, invite me there first.", 2000), channel)
	channelIn.Optional = true
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackShare, PrivateMetadata: runID,
		Title: plain(fmt.Sprintf("Share plan v%d", version), MaxModalTitle), Submit: plain("Share", 24), Close: plain("Cancel", 24),
		Blocks: slack.Blocks{BlockSet: []slack.Block{
			section("Sends the plan (the next action, the time blocks, what waits) and handoff.md. They do not need to have used BabyHandoff."),
			personIn, channelIn,
		}}}
}

// SharedCard is the compact plan a partner receives.
func SharedCard(in CardInput, sharedBy string) Message {
	w := in.winner()
	l := loc(in.Run)
	m := Message{
		// The mention is ours and meant to work; the rest is our own text.
		Text: fmt.Sprintf("<@%s> shared a plan: %s for the next %dh", Escape(sharedBy), w.Archetype.Label(), in.Run.HorizonH),
		Blocks: []slack.Block{
			slack.NewHeaderBlock(plain(CardTitle(in.Run, w.Archetype), MaxHeaderText)),
			slack.NewContextBlock("shared_by", mrkdwn(fmt.Sprintf("Shared by <@%s> · %s", Escape(sharedBy), WhenOn(in.Run.Now, l, DayTime, in.Run.Clock)))),
		},
	}
	if h := healthList(cardHealth(in, w), w.MoodSupport, maxHealth, "…and %d more in handoff.md"); h != "" {
		m.Blocks = append(m.Blocks, section(h))
	}
	m.Blocks = append(m.Blocks, section("*Next hours*\n"+blockLines(w, l, 12, in.Run.Now, in.Run.Clock)))
	if later := laterLines(w, in.Run.Now, l, in.Run.Clock); later != "" {
		m.Blocks = append(m.Blocks, section("*Later*\n"+later))
	}
	m.Blocks = append(m.Blocks, slack.NewContextBlock("card_disclaimer", mrkdwn("_"+bh.Disclaimer+"_")))
	return m
}

// maxNow bounds the card's Now items; the rest are in the radar.
const maxNow = 3

// CardItemPrefix + run id + ":" + n is the block id of an item on a card
// with its Done: a Done pressed there updates that card in place.
const CardItemPrefix = "card_item:"

// CardRunOf is the run id in a card item's block id ("" when the block is
// not a card item).
func CardRunOf(blockID string) string {
	rest, ok := strings.CutPrefix(blockID, CardItemPrefix)
	if !ok {
		return ""
	}
	run, _, _ := strings.Cut(rest, ":")
	return run
}

// itemBlocks renders items with their Done (or, done, struck through with
// Undo), under head; at most n, then a line saying where the rest are.
// used are the notes already given a button on the card (a block id is
// made from its note and may not repeat); green makes the first Done the
// card's primary button, and the result says whether one was.
func itemBlocks(in CardInput, items []bh.Item, n int, head, more string, used map[string]bool, green bool) ([]slack.Block, bool) {
	var bl []slack.Block
	greened := false
	for i, it := range items {
		if i == n {
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf(more, len(items)-i))))
			break
		}
		h := ""
		if i == 0 {
			h = head
		}
		text := StampedOn(it.Text, it.Stamps, 200, in.Run.Now, loc(in.Run), in.Run.Clock) + claimedBy(in.Claims, it.NoteIDs)
		done := len(it.NoteIDs) > 0 && in.Done[it.NoteIDs[0]]
		if done {
			text = "✅ ~" + text + "~"
		}
		sec := section(h + text)
		if len(it.NoteIDs) > 0 && !used[it.NoteIDs[0]] {
			id := it.NoteIDs[0]
			used[id] = true
			sec.BlockID = fmt.Sprintf("%s%s:%s", CardItemPrefix, in.Run.ID, id)
			switch {
			case done:
				sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionRadarUndone, id, plain("Undo", MaxButtonText)))
			case it.Ask:
				sec.Accessory = slack.NewAccessory(OverdueMenu(id))
			default:
				btn := slack.NewButtonBlockElement(ActionRadarDone, id, plain("Done", MaxButtonText))
				if green && !greened {
					btn, greened = btn.WithStyle(slack.StylePrimary), true
				}
				sec.Accessory = slack.NewAccessory(btn)
			}
		}
		bl = append(bl, sec)
	}
	return bl, greened
}

// nextBlocks are the plan's first n time blocks under "Next hours" (or the
// window's name when it starts later). Each block an edit may change has
// its ⋯ (blockMenu): Done for a block from one note (struck through with
// Undo done once done), Move…, Shorter, Longer, Drop. Fixed commitments
// and the night run together, without one. A block whose notes Now
// already shows with their Done is left out: Now says when it is planned.
func nextBlocks(in CardInput, p bh.Proposal, n int, used map[string]bool) []slack.Block {
	l := loc(in.Run)
	heading := "*Next hours*\n"
	if in.Run.Later() {
		heading = "*" + Escape(in.Run.WindowText(l)) + "*\n"
	}
	var bl []slack.Block
	var run []string // lines without a ⋯, waiting for their section
	flush := func() {
		if len(run) > 0 {
			bl = append(bl, section(strings.Join(run, "\n")))
			run = nil
		}
	}
	left := uncovered(p.Blocks, used)
	for k, i := range left {
		b := p.Blocks[i]
		if k == n {
			flush()
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more in handoff.md", len(left)-n))))
			break
		}
		line := blockLine(b, l, in.Claims, in.Run.Now, in.Run.Clock)
		head := ""
		if k == 0 {
			head = heading
		}
		if !EditableBlock(in.Run, b) {
			run = append(run, head+line)
			continue
		}
		// Done once per note: a block id may not repeat, nor may two
		// Dones of one note disagree.
		id, withDone := BlockNote(b)
		withDone = withDone && !used[id]
		done := withDone && in.Done[id]
		if withDone {
			used[id] = true
		}
		if done {
			line = "✅ ~" + line + "~"
		}
		flush()
		sec := section(head + line)
		sec.BlockID = CardBlockID(in.Run.ID, i)
		sec.Accessory = slack.NewAccessory(blockMenu(withDone, done))
		bl = append(bl, sec)
	}
	if len(left) == 0 {
		run = append(run, heading+"Nothing scheduled: rest when you can.")
	}
	flush()
	return bl
}

// uncovered are the indexes of the blocks whose notes do not all have
// their Done on the card already (a block of no note, such as rest,
// always counts).
func uncovered(bs []bh.Block, used map[string]bool) []int {
	var out []int
	for i, b := range bs {
		all := len(b.NoteIDs) > 0
		for _, id := range b.NoteIDs {
			all = all && used[id]
		}
		if !all {
			out = append(out, i)
		}
	}
	return out
}

// maxChecks is Slack's limit of options in a checkboxes element.
const maxChecks = 10

// CheckItem is one item of a card's "Mark done": a note and its words,
// with the times written in them.
type CheckItem struct {
	NoteID, Text string
	Stamps       []bh.Stamp
}

// CheckItems are the items of a plan that come from a note, as the card's
// "Mark done" listed them before Mark done… (cards posted then still send
// it) and "I'll do it" lists them: its blocks (a trip's errands one by
// one), then what waits; at most Slack's ten.
func CheckItems(p bh.Proposal) []CheckItem {
	var c checkList
	c.plan(p)
	return c.out
}

// checkList collects items from notes, each once, at most Slack's ten.
type checkList struct {
	seen map[string]bool
	out  []CheckItem
}

func (c *checkList) add(id, text string, stamps []bh.Stamp) {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if id != "" && !c.seen[id] && len(c.out) < maxChecks {
		c.seen[id] = true
		c.out = append(c.out, CheckItem{NoteID: id, Text: text, Stamps: stamps})
	}
}

// items adds radar items (Now, Still open?) by their action's words.
func (c *checkList) items(its []bh.Item) {
	for _, it := range its {
		if len(it.NoteIDs) > 0 {
			action, _, _ := strings.Cut(it.Text, " — ")
			c.add(it.NoteIDs[0], action, it.Stamps)
		}
	}
}

// plan adds a plan's blocks from notes, then what waits.
func (c *checkList) plan(p bh.Proposal) {
	for _, b := range p.Blocks {
		if b.Kind == "rest" || b.Kind == "commitment" {
			continue
		}
		// A trip names its errands in the order of its notes.
		parts := strings.Split(strings.TrimPrefix(b.Title, "Errand run: "), "; ")
		for i, id := range b.NoteIDs {
			text := b.Title
			if len(parts) == len(b.NoteIDs) {
				text = parts[i]
			}
			c.add(id, text, b.Stamps)
		}
	}
	for _, it := range p.Top {
		if rest, ok := strings.CutPrefix(it.Text, "Later: "); ok && len(it.NoteIDs) > 0 {
			c.add(it.NoteIDs[0], rest, it.Stamps)
		}
	}
}

// ActionCardClaim is the card's "I'll do it" menu; CardClaimPrefix + the
// run id is its block, as a select carries no value of its own.
const (
	ActionCardClaim = "card_claim"
	CardClaimPrefix = "card_claim:"
)

// claimBlock is "I'll do it" in a family channel: the plan's open items
// from notes, one to take on (again: to give it back), and who has taken
// what. nil in a DM, where there is nobody else to share with.
func claimBlock(in CardInput, p bh.Proposal) slack.Block {
	if !strings.HasPrefix(in.Run.ChannelID, "C") && !strings.HasPrefix(in.Run.ChannelID, "G") {
		return nil
	}
	var opts []*slack.OptionBlockObject
	var taken []string
	for _, it := range CheckItems(p) {
		if in.Done[it.NoteID] {
			continue
		}
		opts = append(opts, slack.NewOptionBlockObject(it.NoteID, plain(it.Text, MaxOptionText), nil))
		if u := in.Claims[it.NoteID]; u != "" {
			taken = append(taken, fmt.Sprintf("🙋 <@%s>: %s", Escape(u), Echo(it.Text, 80)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	text := "*Who does what* · say what you will do: the card, the next handoff and the radar name you."
	if len(taken) > 0 {
		text += "\n" + strings.Join(taken, "\n")
	}
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("🙋 I'll do it…", 150), ActionCardClaim, opts...)
	sec := section(text)
	sec.BlockID = CardClaimPrefix + in.Run.ID
	sec.Accessory = slack.NewAccessory(sel)
	return sec
}

// maxStillOpen bounds the "Still open?" items on a card; handoff.md has all.
const maxStillOpen = 3

// HomeInput is what App Home shows for one person.
type HomeInput struct {
	// Notes counts the open notes the radar reads; Written says notes were
	// written here before (0 open then is "nothing open", not "none yet").
	Notes   int
	Written bool
	Latest  *bh.RunRecord // nil before the first plan
	// Radar is the Risk Radar's one-line state, when the radar runs.
	Radar       string
	RadarStamps []bh.Stamp // the times written in Radar
	// WakeUps are the radar's last few wake-ups, newest first.
	WakeUps []bh.Event
	// Outlook is the shift's morning outlook setting; Location shows times.
	Outlook  bh.RadarSettings
	Location *time.Location
	// Clock is how the viewer reads times where Slack's tokens do not
	// reach (plain text, the quiet hours' menu).
	Clock bh.Clock
	// Sample is the person's sample shift, shown apart; nil when none.
	Sample *HomeSample
	// Open are the radar's open items (deadlines, supplies), most urgent
	// first, each shown with its Done.
	Open []bh.RiskItem
	// Health are the open health notes (the radar's state): App Home opens
	// with them, each with Resolved; Links link them to their notes.
	Health []bh.RiskItem
	Mood   bool
	Links  Links
	// Duty is who is on duty in the person's DM conversation; Viewer is
	// the person; Now places both in time.
	Duty   bh.Duty
	Viewer string
	Now    time.Time
	// Family is who shares the viewer's list; nil shows no family section.
	Family *HomeFamily
	// Handoffs are the family's handoffs of the last day, oldest first: who
	// handed to whom, for when, and who has it.
	Handoffs []bh.Handoff
	// Quiet are the viewer's own quiet hours; nil: they chose none, and
	// the family's (Outlook.Quiet, else the default) hold for them.
	Quiet *bh.QuietHours
	// Plan is the plan whose next blocks the one on duty sees under Next:
	// one made for them, or for nobody in particular; nil: none. Done are
	// its notes done since, struck through.
	Plan *bh.RunRecord
	Done map[string]bool
}

// onDuty reports whether the viewer is on duty at Now.
func (in HomeInput) onDuty() bool {
	return in.Viewer != "" && in.Duty.UserID == in.Viewer && in.Duty.OnAt(in.Now)
}

// HomeSample is what App Home shows of the sample shift.
type HomeSample struct {
	Notes  int
	Latest *bh.Run
}

// Home is the App Home tab, a status page first: for the one on duty, that
// they are and until when; then the health notes, Now, Running low, their
// plan's next blocks and the other open items, each with its Done; then
// the notes, who shares them, the latest plan and the buttons; Settings
// (the radar's wake-ups, outlook and quiet hours, the sample) last.
func Home(in HomeInput) slack.HomeTabViewRequest {
	bl := []slack.Block{slack.NewHeaderBlock(plain("BabyHandoff", MaxHeaderText))}
	onDuty := in.onDuty()
	if onDuty {
		bl = append(bl, homeOnDuty(in))
	}
	bl = append(bl, homeHealth(in)...)
	var next []slack.Block
	if onDuty {
		next = homeNext(in)
	}
	if status := homeOpen(in, next); len(status) > 0 || len(bl) > 1 {
		bl = append(append(bl, status...), slack.NewDividerBlock())
	}
	bl = append(bl,
		section("Send me quick notes in *Messages* (\"wipes < 1 day\", \"form due Fri 5pm\", \"slept 3h\"). `/plan` when you need a plan."),
		slack.NewDividerBlock(),
	)
	shift := fmt.Sprintf("*Your notes* · %d", in.Notes)
	switch in.Notes {
	case 0:
		shift = "*Your notes* · none yet"
		if in.Written {
			shift = "*Your notes* · nothing open"
		}
	case 1:
		shift = "*Your notes* · 1"
	}
	bl = append(bl, section(shift))
	if !onDuty {
		bl = append(bl, homeDuty(in))
	}
	if in.Family != nil {
		bl = append(bl, homeFamily(in.Family, in.Viewer)...)
	}
	if h := homeHandoffs(in); h != nil {
		bl = append(bl, h)
	}
	if in.Radar != "" {
		bl = append(bl, section("*Risk Radar* · "+StampedOn(in.Radar, in.RadarStamps, 500, in.Now, in.Location, in.Clock)))
	}
	if in.Latest != nil {
		r := in.Latest
		w := r.Winner()
		l := loc(r.Run)
		first := "nothing scheduled"
		for _, b := range w.Blocks {
			if b.Kind != "commitment" {
				first = fmt.Sprintf("%s at %s", StampedOn(b.Title, b.Stamps, 80, in.Now, l, in.Clock), WhenOn(b.Start, l, Clock, in.Clock))
				break
			}
		}
		bl = append(bl, section(fmt.Sprintf("*Latest plan* · %s · %s · made %s\nFirst: %s",
			CardTitle(r.Run, r.Decision.Winner), r.Decision.Verdict(), WhenOn(MadeAt(r.Run), l, DayTime, in.Clock), first)))
	} else {
		bl = append(bl, section("*Latest plan* · none yet"))
	}
	bl = append(bl,
		slack.NewActionBlock("home_actions",
			slack.NewButtonBlockElement(ActionAddNote, "add", plain("Add note", MaxButtonText)),
			slack.NewButtonBlockElement(ActionPlanNow, "plan", plain("Plan now", MaxButtonText)).WithStyle(slack.StylePrimary),
			slack.NewButtonBlockElement(ActionHandoffOpen, HomeHandoff, plain("Hand off", MaxButtonText)),
		),
	)
	bl = append(bl, homeSettings(in)...)
	bl = append(bl, slack.NewContextBlock("home_disclaimer", mrkdwn("_"+bh.Disclaimer+"_")))
	return slack.HomeTabViewRequest{Type: slack.VTHomeTab, Blocks: slack.Blocks{BlockSet: bl}}
}

// BlockHomeSettings is the block id of App Home's Settings heading: what
// follows it are settings, what comes before is the status.
const BlockHomeSettings = "home_settings"

// homeSettings is App Home's Settings, below the status: the radar's
// wake-ups, the morning outlook, the viewer's quiet hours, the sample.
func homeSettings(in HomeInput) []slack.Block {
	head := slack.NewHeaderBlock(plain("Settings", MaxHeaderText))
	head.BlockID = BlockHomeSettings
	bl := append([]slack.Block{slack.NewDividerBlock(), head}, homeRadar(in)...)
	load := slack.NewActionBlock("home_sample_actions",
		slack.NewButtonBlockElement(ActionLoadSample, "sample", plain("Load sample", MaxButtonText)))
	s := in.Sample
	if s == nil || s.Notes == 0 {
		return append(bl, section("🧪 *Sample* · *Load sample* plans the PRD's example notes, kept apart from yours."), load)
	}
	text := fmt.Sprintf("🧪 *Sample* · the PRD's %d example notes, kept apart from yours; the radar never nudges for them", s.Notes)
	if s.Latest != nil {
		text += fmt.Sprintf("\nLatest: Sample · v%d · %s", s.Latest.Version, s.Latest.WindowText(loc(*s.Latest)))
	}
	sec := section(text)
	sec.BlockID = "home_sample"
	sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionClearSample, "clear", plain("Clear sample", MaxButtonText)))
	return append(bl, sec, load)
}

// ModelNote says which agents used a model and which fell back, and why
// ("" for a heuristic run): "🤖 Sleep-first, Admin-first: gpt-5.2 ·
// Errands-first fell back to its heuristic plan (no answer within 20s) ·
// Referee: the rubric".
func ModelNote(props []bh.Proposal, d bh.Decision) string {
	var used, fell []string
	model := ""
	for _, p := range props {
		switch p.Source {
		case "llm":
			used = append(used, p.Archetype.Label())
			model = p.Model
		case "fallback":
			fell = append(fell, fmt.Sprintf("%s fell back to its heuristic plan (%s)", p.Archetype.Label(), bh.Truncate(p.Fallback, 120)))
		}
	}
	if len(used) == 0 && len(fell) == 0 {
		return ""
	}
	parts := []string{}
	if len(used) > 0 {
		parts = append(parts, strings.Join(used, ", ")+": "+model)
	}
	parts = append(parts, fell...)
	switch {
	case d.JudgedBy != "":
		parts = append(parts, "Referee: "+d.JudgedBy)
	case d.JudgeFallback != "":
		parts = append(parts, fmt.Sprintf("Referee fell back to the rubric (%s)", bh.Truncate(d.JudgeFallback, 120)))
	}
	return "🤖 " + strings.Join(parts, " · ")
}

// stepNames are the council's agents as a parent reads their work.
var stepNames = map[string]string{
	"Coordinator":    "Getting started",
	"Normalizer":     "Reading your notes",
	"SleepPlanner":   "A sleep-first plan",
	"ErrandsPlanner": "An errands-first plan",
	"AdminPlanner":   "An admin-first plan",
	"Referee":        "Comparing the plans",
	"HandoffWriter":  "Writing the handoff",
}

func stepName(agent string) string {
	if n, ok := stepNames[agent]; ok {
		return n
	}
	return agent
}
