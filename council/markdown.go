package council

import (
	"fmt"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// mdEscaper makes user text inert in Markdown (CommonMark and Obsidian):
// every character that could start emphasis, a link, a wikilink, HTML, a
// tag, a highlight or a comment is backslash-escaped.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`, `<`, `\<`, `>`, `\>`,
	`#`, `\#`, `|`, `\|`, `~`, `\~`, `!`, `\!`, `&`, `\&`, `=`, `\=`, `%`, `\%`, `^`, `\^`, `$`, `\$`,
)

// MarkdownText is user text as one inert Markdown line.
func MarkdownText(s string) string {
	return mdEscaper.Replace(strings.Join(strings.Fields(s), " "))
}

func span(b bh.Block, loc *time.Location) string {
	return b.Start.In(loc).Format("15:04") + "–" + b.End.In(loc).Format("15:04")
}

// noteNums names a pack's notes for people: "note 3" (its place in the
// evidence), linked to its Slack message when the pack has the link.
type noteNums struct {
	num  map[string]int
	link map[string]string
}

func numsOf(pack bh.ContextPack) noteNums {
	n := noteNums{num: map[string]int{}, link: map[string]string{}}
	for i, r := range pack.LogRefs {
		n.num[r.LogID] = i + 1
		if r.Link != "" {
			n.link[r.LogID] = r.Link
		}
	}
	return n
}

// name is one note as "[note 3](link)", or "note 3" without a link.
func (n noteNums) name(id string) string {
	num, ok := n.num[id]
	if !ok {
		return ""
	}
	if l := n.link[id]; l != "" && safeLink(l) {
		return fmt.Sprintf("[note %d](%s)", num, l)
	}
	return fmt.Sprintf("note %d", num)
}

// refs is " (note 3, note 4)", or "" for none.
func (n noteNums) refs(ids []string) string {
	var out []string
	for _, id := range ids {
		if s := n.name(id); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " (" + strings.Join(out, ", ") + ")"
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

// Handoff writes handoff.md, to be read on a phone at 3 a.m.: a short
// front matter, then who is on, what to do now, the next hours, what runs
// low; then the rest — what waits, what was done, what is still open, the
// admin checklist, the outlook, why this plan, the evidence. Health notes
// come first of all, apart from the plan. Notes are "note 3", linked to
// their messages; every time is written out on the shift's clock.
// Everything a person wrote is escaped.
func Handoff(run bh.Run, pack bh.ContextPack, facts []bh.Fact, p bh.Proposal, d bh.Decision, loc *time.Location) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	now := run.Now.In(loc)
	notes := numsOf(pack)
	w("---\n")
	w("title: \"BabyHandoff v%d\"\n", run.Version)
	w("window: %q\n", run.WindowText(loc))
	w("generated: %s\n", now.Format(time.RFC3339))
	w("verdict: %q\n", d.Verdict())
	if run.Sample {
		w("sample: true\n")
	}
	w("tags: [babyhandoff, handoff]\n")
	w("---\n\n")
	w("# Handoff v%d · %s · %s\n\n", run.Version, run.WindowText(loc), p.Archetype.Label())
	if run.Sample {
		w("*Sample shift: these are the PRD's example notes, not yours.*\n\n")
	}
	w("%s · %s · %s · energy %s\n\n", now.Format("Mon Jan 2, 15:04 MST"), MarkdownText(p.Summary), d.Verdict(), energyLine(run, d))

	if len(p.Health) > 0 {
		// First, and apart from the plan: never a time slot.
		w("## Health notes\n\n%s\n\n", bh.HealthLine)
		if p.MoodSupport {
			w("%s\n\n", bh.MoodSupportLine)
		}
		for _, it := range p.Health {
			w("- %s%s\n", MarkdownText(it.Text), notes.refs(it.NoteIDs))
		}
		w("\n")
	}
	switch {
	case run.Sample:
		// The sample is nobody's shift: there is no one to hand it to.
	case run.For == "":
		w("## Who's on\n\n")
		w("- Nobody said yet: hand off from the card or App Home.\n\n")
	case run.ForUntil.IsZero():
		w("## Who's on\n\n- %s\n", MarkdownText(cmpStr(run.ForName, "The person on duty")))
		rests(&b, run, loc)
	default:
		w("## Who's on\n\n- %s, until %s\n", MarkdownText(cmpStr(run.ForName, "The person on duty")), run.ForUntil.In(loc).Format("Mon 15:04"))
		rests(&b, run, loc)
	}
	if len(p.Now) > 0 {
		// What the radar calls critical, before the plan.
		w("## Do now\n\n")
		for _, it := range p.Now {
			w("- %s%s\n", MarkdownText(it.Text), notes.refs(it.NoteIDs))
		}
		w("\n")
	}
	if run.Later() {
		w("## %s\n\n", run.WindowText(loc))
	} else {
		w("## Next %d hours\n\n", run.HorizonH)
	}
	if len(p.Blocks) == 0 {
		w("- Nothing scheduled: rest when you can.\n")
	}
	for _, bl := range p.Blocks {
		w("- **%s** %s%s%s\n", span(bl, loc), MarkdownText(bl.Title), kindTag(bl.Kind), notes.refs(bl.NoteIDs))
	}
	w("\n## Running low\n\n")
	if len(p.RunningLow) == 0 {
		w("- Nothing reported.\n")
	}
	for _, it := range p.RunningLow {
		w("- %s%s\n", MarkdownText(it.Text), notes.refs(it.NoteIDs))
	}
	// The plan's blocks are above: Later is only what waits.
	later := false
	for _, it := range p.Top {
		if rest, ok := strings.CutPrefix(it.Text, "Later: "); ok {
			if !later {
				w("\n## Later\n\n")
				later = true
			}
			w("- %s%s\n", MarkdownText(rest), notes.refs(it.NoteIDs))
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
		w("\n## Resolved since yesterday\n\n")
		for _, d := range resolved {
			w("- %s — resolved%s, %s\n", MarkdownText(cmpStr(d.Text, "A health note")), by(d), d.At.In(loc).Format("Mon 15:04"))
		}
	}
	if len(done) > 0 {
		w("\n## Done since yesterday\n\n")
		for _, d := range done {
			w("- [x] %s — done%s, %s\n", MarkdownText(d.Text), by(d), d.At.In(loc).Format("Mon 15:04"))
		}
	}
	if len(p.StillOpen) > 0 {
		w("\n## Still open?\n\nNot planned any more; mark each done, or send it again with a new day.\n\n")
		for _, it := range p.StillOpen {
			w("- [ ] %s%s\n", MarkdownText(it.Text), notes.refs(it.NoteIDs))
		}
	}
	w("\n## Admin checklist\n\n")
	if len(p.Admin) == 0 {
		w("- Nothing on paper right now.\n")
	}
	for _, it := range p.Admin {
		due := ""
		if it.Due != nil {
			due = " — due " + it.Due.In(loc).Format("Mon Jan 2 15:04")
		}
		w("- [ ] %s%s%s\n", MarkdownText(it.Text), due, notes.refs(it.NoteIDs))
	}
	w("\n## 24h outlook\n\n")
	outlook(&b, facts, run.Now.In(loc), loc, notes)
	w("\n## Why this plan\n\n")
	for _, r := range d.Rationale {
		w("- %s%s\n", MarkdownText(r.Text), notes.refs(r.NoteIDs))
	}
	w("\n## Evidence\n\n")
	if len(pack.LogRefs) == 0 {
		w("- No notes yet.\n")
	}
	for _, r := range pack.LogRefs {
		// When it was written: a "tomorrow" in it is read from then.
		w("- **%s** · %s · %s · written %s\n", notes.name(r.LogID), r.Kind.Label(), MarkdownText(r.Text), r.CreatedAt.In(loc).Format("Mon 15:04"))
	}
	if pack.Omitted > 0 {
		w("- …and %d older notes that did not fit the context budget.\n", pack.Omitted)
	}
	w("\n---\n\n*%s*\n", bh.Disclaimer)
	return b.String()
}

// rests ends Who's on: the others' sleep in the window, each as theirs
// (never a block of the plan, which is the person on duty's), then the
// section's blank line.
func rests(b *strings.Builder, run bh.Run, loc *time.Location) {
	for _, r := range run.Rest {
		fmt.Fprintf(b, "- 💤 %s\n", MarkdownText(r.Text(run.Start(), loc)))
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

// outlook lists deadlines in the next 24 hours and what to prep now.
func outlook(b *strings.Builder, facts []bh.Fact, now time.Time, loc *time.Location, notes noteNums) {
	until := now.Add(24 * time.Hour)
	n := 0
	for _, f := range facts {
		if f.Due != nil && f.Due.After(now) && !f.Due.After(until) {
			fmt.Fprintf(b, "- Due %s: %s%s\n", f.Due.In(loc).Format("Mon 15:04"), MarkdownText(f.Title), notes.refs([]string{f.NoteID}))
			n++
		}
	}
	for _, f := range facts {
		if f.Kind == bh.TagInventory && (f.Out || (f.Horizon > 0 && f.Horizon <= 48*time.Hour)) {
			fmt.Fprintf(b, "- Prep now: restock %s before it runs out%s\n", MarkdownText(strings.Join(f.Items, ", ")), notes.refs([]string{f.NoteID}))
			n++
		}
		if f.Due != nil && f.Due.After(until) && f.Due.Sub(now) <= 72*time.Hour {
			fmt.Fprintf(b, "- Prep now: %s is due %s%s\n", MarkdownText(f.Title), f.Due.In(loc).Format("Mon 15:04"), notes.refs([]string{f.NoteID}))
			n++
		}
	}
	if n == 0 {
		b.WriteString("- Nothing due in the next 24 hours.\n")
	}
}

// Transcript writes the council transcript from what the run recorded: the
// context pack, every message in order and the event timeline.
func Transcript(run bh.Run, pack bh.ContextPack, tasks []bh.Task, msgs []bh.Message, events []bh.Event) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("---\ntitle: \"BabyHandoff council v%d\"\nrun: %q\nshift: %q\nversion: %d\nmode: %q\ntags: [babyhandoff, council]\n---\n\n", run.Version, run.ID, run.ShiftID, run.Version, run.Mode)
	w("# Council transcript v%d\n\n", run.Version)
	if run.ParentRunID != "" {
		w("What-if of run `%s`: %s.\n\n", run.ParentRunID, MarkdownText(run.Change))
	}
	w("## Context pack\n\n")
	w("- Budget: %d tokens; estimate: %d tokens; notes included: %d; left out: %d\n", pack.TokenBudget, pack.TokenEstimate, len(pack.IncludedLogIDs), pack.Omitted)
	w("- Summary: %s\n\n", MarkdownText(pack.Summary))
	w("## Tasks\n\n")
	w("| task | agent | status | attempts |\n|---|---|---|---|\n")
	for _, t := range tasks {
		w("| %s | %s | %s | %d/%d |\n", t.Name, t.Agent, t.Status, t.Attempt, t.MaxAttempts)
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
	w("## Timeline\n\nTimes in %s.\n\n", loc)
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
