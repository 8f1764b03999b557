package council

import (
	"fmt"
	"slices"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// MarkdownText is user text as one inert Markdown line, escaped only
// where a Markdown reader (CommonMark, GitHub's, Obsidian) would act on it,
// so a plain viewer shows it as written: "<3 diapers left" stays, "<b>",
// "*x*", "[a](b)", "#tag", "==x==" and "&amp;" get a backslash. Invalid
// UTF-8 is replaced; white space and control characters are one space.
func MarkdownText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		if mdActs(s, i) {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// mdActs reports whether a Markdown reader would act on s[i]: start a
// block at the line's start, emphasis, code, a link, HTML, an entity, a
// strikethrough, or Obsidian's tags, highlights, comments and math.
func mdActs(s string, i int) bool {
	c := s[i]
	next := byte(0)
	if i+1 < len(s) {
		next = s[i+1]
	}
	switch c {
	case '`', '*', '_', '[', ']':
		return true
	case '#', '>', '+', '-', '|':
		if i == 0 {
			return true // a heading, a quote, a list, a table
		}
		return c == '#' && s[i-1] == ' ' && isTag(s[i+1:])
	case '.', ')':
		// "1. x" at the line's start is a numbered list.
		return i > 0 && i <= 9 && allDigits(s[:i]) && (next == 0 || next == ' ')
	case '\\':
		return next == 0 || isPunct(next)
	case '<':
		// HTML, or an autolink (<https://x>, <a@b>): a '>' before any space.
		if isLetter(next) || next == '/' || next == '!' || next == '?' {
			return true
		}
		for j := i + 1; j < len(s) && s[j] != ' ' && s[j] != '<'; j++ {
			if s[j] == '>' {
				return true
			}
		}
		return false
	case '&':
		return entity(s[i:])
	case '~', '$':
		return strings.IndexByte(s[i+1:], c) >= 0 // a pair strikes through, or is math
	case '=', '%':
		return next == c || (i > 0 && s[i-1] == c) // ==highlight==, %%comment%%
	case '^':
		return i == 0 || s[i-1] == ' ' // Obsidian's block id
	}
	return false
}

// isTag reports whether rest, after a '#', makes an Obsidian tag: a run of
// letters, digits, '_', '-', '/' or non-ASCII that is not digits alone
// ("#1a" is a tag, "#1" and "#!" are not).
func isTag(rest string) bool {
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c >= '0' && c <= '9':
		case isLetter(c) || c == '_' || c == '/' || c == '-' || c >= 0x80:
			return true
		default:
			return false
		}
	}
	return false
}

func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func isPunct(c byte) bool {
	return c < 0x80 && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// entity reports whether s starts with an HTML entity a reader would
// decode: "&amp;", "&#35;", "&#x23;".
func entity(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 33 {
		return false
	}
	name := s[1:end]
	if name[0] == '#' {
		name = strings.TrimLeft(name[1:], "xX")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !isLetter(c) && (c < '0' || c > '9') {
			return false
		}
	}
	return name != ""
}

func span(b bh.Block, loc *time.Location) string {
	return b.Start.In(loc).Format("15:04") + "–" + b.End.In(loc).Format("15:04")
}

// noteNames names a pack's notes for the reader of a file: by their own
// quoted words, linked to their Slack messages where the pack has a link
// (only links the reader can open are given), never by an id or a number.
type noteNames struct{ link map[string]string }

func namesOf(pack bh.ContextPack) noteNames {
	n := noteNames{link: map[string]string{}}
	for _, r := range pack.LogRefs {
		if r.Link != "" && safeLink(r.Link) {
			n.link[r.LogID] = r.Link
		}
	}
	return n
}

// quote is a note's words as written, quoted, linked to its message when
// the reader can open it.
func (n noteNames) quote(r bh.LogRef) string {
	q := MarkdownText("“" + bh.Truncate(strings.Join(strings.Fields(r.Text), " "), 160) + "”")
	if link := n.link[r.LogID]; link != "" {
		return "[" + q + "](" + link + ")"
	}
	return q
}

// safeLink admits a Slack message link into Markdown: https, and nothing
// that could end the link or start markup.
func safeLink(l string) bool {
	return strings.HasPrefix(l, "https://") && !strings.ContainsAny(l, " ()<>[]\"\n`")
}

func energyLine(run bh.Run, d bh.Decision) string {
	if d.EnergyChosen {
		return string(d.Energy) + " (chosen)"
	}
	if len(d.EnergyNoteIDs) > 0 {
		return string(d.Energy) + " (inferred)"
	}
	if run.For != "" {
		// Only their own notes count: say whose were missing.
		return fmt.Sprintf("%s (no sleep or energy note from %s in the last %d h)", d.Energy,
			MarkdownText(cmpStr(run.ForName, "the person on duty")), int(bh.ObservationWindow.Hours()))
	}
	return string(d.Energy) + " (no recent sleep note)"
}

// onList reports whether items already say every one of ids' notes.
func onList(ids []string, items []bh.Item) bool {
	if len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		found := false
		for _, it := range items {
			found = found || slices.Contains(it.NoteIDs, id)
		}
		if !found {
			return false
		}
	}
	return true
}

// nextHours is how far "Next 3 hours" looks: what the one on duty does
// before they next look.
const nextHours = 3

// Handoff writes handoff.md, to be read on a phone at 3 a.m.: the first
// screen holds who is on (and who sleeps), health notes, what to do now and
// the next three hours; then the rest of the plan, what runs low, what
// waits, what was done, the admin checklist, and the notes it comes from,
// quoted with when they were written. What a front matter would say is one
// short line at the end. Times are on the shift's zone and the run's Clock.
// Everything a person wrote is escaped, only where a reader would act on it.
func Handoff(run bh.Run, pack bh.ContextPack, facts []bh.Fact, p bh.Proposal, d bh.Decision, loc *time.Location) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	c := run.Clock
	at := func(t time.Time, layout string) string { return c.Format(t.In(loc), layout) }
	say := func(text string, stamps []bh.Stamp) string { return MarkdownText(c.Restamp(text, stamps, loc)) }
	now := run.Now.In(loc)
	notes := namesOf(pack)
	w("# Handoff v%d · %s\n\n", run.Version, run.WindowText(loc))
	if run.Sample {
		w("*Sample shift: these are the PRD's example notes, not yours.*\n\n")
	}
	switch {
	case run.Sample:
		// The sample is nobody's shift: there is no one to hand it to.
	case run.For == "":
		w("## Who's on\n- Nobody said yet: hand off from the card or App Home.\n\n")
	case run.ForUntil.IsZero():
		w("## Who's on\n- %s\n", MarkdownText(cmpStr(run.ForName, "The person on duty")))
		rests(&b, run, loc)
	default:
		w("## Who's on\n- %s, until %s\n", MarkdownText(cmpStr(run.ForName, "The person on duty")), at(run.ForUntil, "Mon 15:04"))
		rests(&b, run, loc)
	}
	if len(p.Health) > 0 {
		// Apart from the plan: never a time slot.
		w("## Health notes\n%s\n", bh.HealthLine)
		if p.MoodSupport {
			w("\n%s\n", bh.MoodSupportLine)
		}
		for _, it := range p.Health {
			w("- %s\n", say(it.Text, it.Stamps))
		}
		w("\n")
	}
	if len(p.Now) > 0 {
		// What the radar calls critical, before the plan.
		w("## Do now\n")
		for _, it := range p.Now {
			w("- %s\n", say(it.Text, it.Stamps))
		}
		w("\n")
	}
	// The next hours first; the rest of the window after.
	soon := run.Start().Add(nextHours * time.Hour)
	var next, then []bh.Block
	for _, bl := range p.Blocks {
		if bl.Start.Before(soon) {
			next = append(next, bl)
		} else {
			then = append(then, bl)
		}
	}
	block := func(bl bh.Block) {
		tag := kindTag(bl.Kind)
		if bl.Kind == "rest" && strings.HasPrefix(strings.ToLower(bl.Title), "rest") {
			tag = "" // "Rest / nap window · rest" says it twice, and takes a second row on a phone
		}
		w("- **%s** %s%s\n", c.Span(bl.Start.In(loc), bl.End.In(loc)), say(bl.Title, bl.Stamps), tag)
	}
	switch {
	case run.Later():
		w("## %s\n", run.WindowText(loc))
		next, then = p.Blocks, nil
	default:
		w("## Next %d hours\n", nextHours)
	}
	if len(next) == 0 {
		w("- Nothing planned: rest when you can.\n")
	}
	for _, bl := range next {
		block(bl)
	}
	if len(then) > 0 {
		w("\n## Then\n")
		for _, bl := range then {
			block(bl)
		}
	}
	// What runs low, but not what Do now says is out.
	low := slices.DeleteFunc(slices.Clone(p.RunningLow), func(it bh.Item) bool { return onList(it.NoteIDs, p.Now) })
	if len(low) > 0 {
		w("\n## Running low\n")
		for _, it := range low {
			w("- %s\n", say(it.Text, it.Stamps))
		}
	}
	// The plan's blocks are above: Later is only what waits.
	later := false
	for _, it := range p.Top {
		if rest, ok := strings.CutPrefix(it.Text, "Later: "); ok && !onList(it.NoteIDs, p.Admin) {
			if !later {
				w("\n## Later\n")
				later = true
			}
			w("- %s\n", say(rest, it.Stamps))
		}
	}
	// A health note marked done is resolved, apart from the done items:
	// said as it was written, with who and when, and nothing more.
	var resolved, done []bh.DoneRef
	for _, d := range pack.Done {
		if healthDone(d.Text) {
			resolved = append(resolved, d)
		} else {
			done = append(done, d)
		}
	}
	by := func(d bh.DoneRef) string {
		if d.By == "" {
			return ""
		}
		return " by " + MarkdownText(d.By)
	}
	if len(resolved) > 0 {
		w("\n## Resolved since yesterday\n")
		for _, d := range resolved {
			w("- %s — resolved%s, %s\n", MarkdownText(cmpStr(d.Text, "A health note")), by(d), at(d.At, "Mon 15:04"))
		}
	}
	if len(done) > 0 {
		w("\n## Done since yesterday\n")
		for _, d := range done {
			w("- [x] %s — done%s, %s\n", MarkdownText(d.Text), by(d), at(d.At, "Mon 15:04"))
		}
	}
	if len(p.StillOpen) > 0 {
		w("\n## Still open?\nNot planned any more; mark each done, or send it again with a new day.\n\n")
		for _, it := range p.StillOpen {
			w("- [ ] %s\n", say(it.Text, it.Stamps))
		}
	}
	if len(p.Admin) > 0 {
		w("\n## Admin checklist\n")
		for _, it := range p.Admin {
			due := ""
			if it.Due != nil {
				due = " — due " + at(*it.Due, "Mon Jan 2 15:04")
			}
			w("- [ ] %s%s\n", say(it.Text, it.Stamps), due)
		}
	}
	outlook(&b, facts, p, now, loc, c)
	w("\n## Notes\n")
	if len(pack.LogRefs) == 0 {
		w("- No notes yet.\n")
	}
	for _, r := range pack.LogRefs {
		// When it was written: a "tomorrow" in it is read from then.
		w("- %s · %s\n", at(r.CreatedAt, "Mon 15:04"), notes.quote(r))
	}
	if pack.Omitted > 0 {
		w("- …and %d older notes that did not fit the context budget.\n", pack.Omitted)
	}
	// What a front matter would hold, as one line a phone need not reach.
	w("\n*v%d · made %s, %s · %s, %s · energy %s · #babyhandoff*\n\n*%s*\n", run.Version,
		c.Format(now, "Mon Jan 2 15:04"), bh.ZoneName(loc, run.Now), p.Archetype.Label(), d.Verdict(), energyLine(run, d), bh.Disclaimer)
	return b.String()
}

// rests ends Who's on: the others' sleep in the window, each as theirs
// (never a block of the plan, which is the person on duty's), then the
// section's blank line.
func rests(b *strings.Builder, run bh.Run, loc *time.Location) {
	for _, r := range run.Rest {
		fmt.Fprintf(b, "- 💤 %s\n", MarkdownText(r.Text(run.Start(), loc, run.Clock)))
	}
	b.WriteString("\n")
}

func kindTag(k string) string {
	switch k {
	case "rest":
		return " · rest"
	case "commitment":
		return " · fixed"
	case "errand":
		return " · out"
	case "admin":
		return " · admin"
	case "focus":
		return " · focus"
	case "care":
		return " · call"
	}
	return ""
}

// outlook is "Prep now": deadlines one to three days away, to prepare
// for now (nearer ones are in the plan and the checklist, supplies under
// Running low); nothing when there is none.
func outlook(b *strings.Builder, facts []bh.Fact, p bh.Proposal, now time.Time, loc *time.Location, c bh.Clock) {
	said := map[string]bool{} // on the checklist or under Later already
	for _, it := range append(slices.Clip(p.Admin), p.Top...) {
		for _, id := range it.NoteIDs {
			said[id] = true
		}
	}
	until := now.Add(24 * time.Hour)
	head := false
	for _, f := range facts {
		if f.Due != nil && f.Due.After(until) && f.Due.Sub(now) <= 72*time.Hour && !said[f.NoteID] {
			if !head {
				b.WriteString("\n## Prep now\n")
				head = true
			}
			fmt.Fprintf(b, "- %s is due %s\n", MarkdownText(f.Title), c.Format(f.Due.In(loc), "Mon 15:04"))
		}
	}
}

// Transcript writes the council transcript from what the run recorded: the
// context pack, every message in order and the event timeline.
func Transcript(run bh.Run, pack bh.ContextPack, tasks []bh.Task, msgs []bh.Message, events []bh.Event) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("---\ntitle: \"BabyHandoff council v%d\"\nrun: %q\nshift: %q\nversion: %d\nmode: %q\n", run.Version, run.ID, run.ShiftID, run.Version, run.Mode)
	if run.TraceID != "" {
		// grep the logs for it to follow the run's work.
		w("trace: %q\n", run.TraceID)
	}
	w("tags: [babyhandoff, council]\n---\n\n")
	w("# Council transcript v%d\n\n", run.Version)
	if run.ParentRunID != "" {
		w("What-if of run `%s`: %s.\n\n", run.ParentRunID, MarkdownText(run.Change))
	}
	w("## Context pack\n\n")
	w("- Budget: %d tokens; estimate: %d tokens; notes included: %d; left out: %d\n", pack.TokenBudget, pack.TokenEstimate, len(pack.IncludedLogIDs), pack.Omitted)
	w("- Summary: %s\n\n", MarkdownText(pack.Summary))
	w("## Tasks\n\n")
	// Hashes, short, of what each step read and made: a replay names the
	// first step whose output differs.
	w("| task | agent | status | attempts | duration | input | output |\n|---|---|---|---|---|---|---|\n")
	for _, t := range tasks {
		w("| %s | %s | %s | %d/%d | %s | %s | %s |\n", t.Name, t.Agent, t.Status, t.Attempt, t.MaxAttempts, msText(t.Outputs["duration_ms"]),
			hashText(t.Outputs["input_hash"]), hashText(t.Outputs["output_hash"]))
	}
	if use := modelUse(tasks); use != "" {
		w("\n## Model use\n\n%s", use)
	}
	w("\n## Messages\n\n")
	for _, m := range msgs {
		w("### %d · %s (%s)\n\n", m.Seq, m.Sender, m.Role)
		switch m.Meta["kind"] {
		case "model_answer":
			if why := m.Meta["rejected"]; why != "" {
				// A rejected answer never reaches a person; the stored
				// audit keeps it, word for word, for replay.
				w("Answer withheld: %s. The plan did not use it.\n\n", MarkdownText(why))
				continue
			}
			w("%s\n\n", fenced(m.Content))
		case "prompt_instructions", "prompt_input", "prompt_reask":
			// A model's conversation holds notes and answers as they are:
			// fenced, so nothing in them renders.
			w("%s\n\n", fenced(m.Content))
		case "model_error":
			w("No answer: %s\n\n", MarkdownText(m.Meta["error"]))
		default:
			// Markdown the agents wrote, with user text already escaped
			// where it was quoted.
			w("%s\n\n", strings.TrimSpace(m.Content))
		}
	}
	// In the run's zone, like the rest of what a parent reads; named, since
	// a file is read far from the card.
	loc := run.Location(time.UTC)
	w("## Timeline\n\nTimes in %s.\n\n", bh.ZoneName(loc, run.Now))
	for _, e := range events {
		w("- %s · %s · %s\n", e.At.In(loc).Format("15:04:05.000"), e.Agent, MarkdownText(e.Text))
	}
	w("\n---\n\n*%s*\n", bh.Disclaimer)
	return b.String()
}

// idRefs is " (notes: n1, n2)": the transcript shows the agents' own ids.
func idRefs(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " (notes: " + strings.Join(ids, ", ") + ")"
}

// proposalMarkdown is a planner's message content.
func proposalMarkdown(p bh.Proposal, loc *time.Location) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — %s\n\n", p.Archetype.Label(), MarkdownText(p.Summary))
	for _, bl := range p.Blocks {
		fmt.Fprintf(&b, "- %s %s%s\n", span(bl, loc), MarkdownText(bl.Title), idRefs(bl.NoteIDs))
	}
	return b.String()
}

// decisionMarkdown is the referee's message content: the rubric table.
func decisionMarkdown(d bh.Decision) string {
	var b strings.Builder
	b.WriteString("| plan |")
	for _, dim := range bh.Dimensions {
		fmt.Fprintf(&b, " %s |", dim)
	}
	b.WriteString(" total |\n|---|---|---|---|---|---|---|\n")
	for _, c := range d.Scorecards {
		fmt.Fprintf(&b, "| %s |", c.Archetype.Label())
		for _, s := range c.Scores {
			fmt.Fprintf(&b, " %d |", s.Value)
		}
		fmt.Fprintf(&b, " %d |\n", c.Total)
	}
	fmt.Fprintf(&b, "\nWinner: **%s** (%s", d.Winner.Label(), d.Verdict())
	if d.TieBreak != "" {
		fmt.Fprintf(&b, "; tie broken by %s", d.TieBreak)
	}
	b.WriteString(")\n\n")
	for _, c := range d.Scorecards {
		for _, s := range c.Scores {
			fmt.Fprintf(&b, "- %s · %s %d: %s\n", c.Archetype.Label(), s.Dimension, s.Value, MarkdownText(s.Why))
		}
	}
	return b.String()
}

// modelUse says, task by task, which agents used the model and which fell
// back, and why ("" when no task asked a model).
func modelUse(tasks []bh.Task) string {
	var b strings.Builder
	for _, t := range tasks {
		o := t.Outputs
		if o["llm_used"] != "true" {
			continue
		}
		fmt.Fprintf(&b, "- %s (%s): %s, %s attempts, %s → %s tokens, %s ms", t.Name, t.Agent, MarkdownText(cmpStr(o["model"], "no answer")), o["attempts"],
			o["input_tokens"], o["output_tokens"], o["duration_ms"])
		if o["fallback"] == "true" {
			fmt.Fprintf(&b, "; **fell back** to the heuristic: %s", MarkdownText(o["error"]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// msText is a step's duration_ms as the transcript shows it.
func msText(ms string) string {
	if ms == "" {
		return "–"
	}
	return ms + " ms"
}

// hashText is a step's hash, short, in code.
func hashText(h string) string {
	if h == "" {
		return "–"
	}
	return "`" + Short(h) + "`"
}

func cmpStr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// fenced puts text in a code fence longer than any run of backticks in it.
func fenced(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + "text\n" + strings.TrimRight(text, "\n") + "\n" + f
}
