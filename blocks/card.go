package blocks

import (
	"fmt"
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
	ActionPlanNow    = "plan_now"
	ActionAddNote    = "home_add_note"
	ActionLoadSample = "home_load_sample"
	CallbackShare    = "share_plan"
	InputShareTarget = "share_target"
	ActionShareTo    = "target"
)

// Links maps note ids to their Slack permalinks (for "because" lines).
type Links map[string]string

// CardInput is what a Decision Card shows.
type CardInput struct {
	Run       bh.Run
	Decision  bh.Decision
	Proposals []bh.Proposal
	Links     Links
	// ForkedFrom is set on a what-if card: the version it was forked from.
	ForkedFrom int
	// ModelNote says which agents used a model or fell back (OpenAI mode).
	ModelNote string
}

func (in CardInput) winner() bh.Proposal {
	for _, p := range in.Proposals {
		if p.Archetype == in.Decision.Winner {
			return p
		}
	}
	return bh.Proposal{}
}

func mrkdwn(s string) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.MarkdownType, Fit(s, MaxSectionText), false, false)
}

func plain(s string, n int) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.PlainTextType, bh.Truncate(s, n), false, false)
}

func section(s string) *slack.SectionBlock { return slack.NewSectionBlock(mrkdwn(s), nil, nil) }

func loc(r bh.Run) *time.Location {
	if l, err := time.LoadLocation(r.TZ); err == nil && r.TZ != "" {
		return l
	}
	return time.UTC
}

// CardTitle is "v1 · next 12h · Sleep-first".
func CardTitle(r bh.Run, winner bh.Archetype) string {
	return fmt.Sprintf("v%d · next %dh · %s", r.Version, r.HorizonH, winner.Label())
}

func energyText(d bh.Decision) string {
	switch {
	case d.EnergyChosen:
		return "energy " + string(d.Energy) + " (you chose)"
	case len(d.EnergyNoteIDs) > 0:
		return "energy " + string(d.Energy) + " (from your notes)"
	}
	return "energy " + string(d.Energy) + " (no signal; assumed)"
}

// blockLines lists a plan's time blocks, one per line.
func blockLines(p bh.Proposal, l *time.Location, max int) string {
	var b strings.Builder
	for i, bl := range p.Blocks {
		if i == max {
			fmt.Fprintf(&b, "…and %d more in handoff.md\n", len(p.Blocks)-max)
			break
		}
		fmt.Fprintf(&b, "`%s–%s` %s%s\n", bl.Start.In(l).Format("15:04"), bl.End.In(l).Format("15:04"), Echo(bl.Title, 90), blockTag(bl.Kind))
	}
	if len(p.Blocks) == 0 {
		b.WriteString("Nothing scheduled: rest when you can.\n")
	}
	return strings.TrimRight(b.String(), "\n")
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

func topLines(p bh.Proposal) string {
	var b strings.Builder
	for i, it := range p.Top {
		fmt.Fprintf(&b, "%d. %s\n", i+1, Echo(it.Text, 120))
	}
	return strings.TrimRight(b.String(), "\n")
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
		fmt.Fprintf(&b, "%4s", mark+shortLabel(c.Archetype))
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
			fmt.Fprintf(&b, "%4d", v)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-11s", "Total /25")
	for _, c := range d.Scorecards {
		fmt.Fprintf(&b, "%4d", c.Total)
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

// because renders the rationale with links to the notes' messages.
func because(d bh.Decision, links Links, max int) string {
	var b strings.Builder
	for i, r := range d.Rationale {
		if i == max {
			break
		}
		b.WriteString("• " + Echo(r.Text, 200))
		var refs []string
		for k, id := range r.NoteIDs {
			if url, ok := links[id]; ok && url != "" {
				refs = append(refs, fmt.Sprintf("<%s|note %d>", url, k+1))
			}
		}
		if len(refs) > 0 {
			b.WriteString(" (" + strings.Join(refs, ", ") + ")")
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// CardText is the notification text: all a locked phone shows.
func CardText(in CardInput) string {
	w := in.winner()
	first := ""
	for _, bl := range w.Blocks {
		if bl.Kind != "commitment" {
			first = fmt.Sprintf(" First: %s at %s.", bh.Truncate(bl.Title, 60), bl.Start.In(loc(in.Run)).Format("15:04"))
			break
		}
	}
	return Echo(fmt.Sprintf("Plan v%d: %s (%.0f%% sure) for the next %dh.%s", in.Run.Version, w.Archetype.Label(), in.Decision.Confidence*100, in.Run.HorizonH, first), 300)
}

// EnergyOptions are the Energy dropdown's choices.
func EnergyOptions() []*slack.OptionBlockObject {
	var out []*slack.OptionBlockObject
	for _, e := range []bh.Energy{bh.EnergyAuto, bh.EnergyHigh, bh.EnergyMedium, bh.EnergyLow} {
		label := strings.ToUpper(string(e[:1])) + string(e[1:])
		out = append(out, slack.NewOptionBlockObject(string(e), plain("Energy: "+label, MaxOptionText), nil))
	}
	return out
}

// Card is the Decision Card.
func Card(in CardInput) Message {
	w := in.winner()
	l := loc(in.Run)
	title := CardTitle(in.Run, w.Archetype)
	ctx := fmt.Sprintf("*%.0f%%* confident · %s · made %s", in.Decision.Confidence*100, energyText(in.Decision), in.Run.Now.In(l).Format("Mon 15:04"))
	if in.Run.Sample {
		ctx += " · 🧪 *sample shift*"
	}
	if in.ForkedFrom > 0 {
		ctx += fmt.Sprintf(" · what-if of v%d: %s", in.ForkedFrom, Escape(in.Run.Change))
	}
	bl := []slack.Block{
		slack.NewHeaderBlock(plain(title, MaxHeaderText)),
		slack.NewContextBlock("card_meta", mrkdwn(ctx)),
		section("*Next hours*\n" + blockLines(w, l, 12)),
		section("*Top 5*\n" + topLines(w)),
		section("*How the plans scored*\n" + RubricTable(in.Decision)),
	}
	if r := because(in.Decision, in.Links, 5); r != "" {
		bl = append(bl, section("*Because*\n"+r))
	}
	if in.ModelNote != "" {
		bl = append(bl, slack.NewContextBlock("card_model", mrkdwn(Escape(in.ModelNote))))
	}
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Energy", 150), ActionEnergy, EnergyOptions()...)
	for _, o := range sel.Options {
		if o.Value == string(in.Run.Energy) {
			sel.InitialOption = o
		}
	}
	if sel.InitialOption == nil {
		sel.InitialOption = sel.Options[0]
	}
	id := in.Run.ID
	bl = append(bl,
		slack.NewActionBlock("card_actions",
			sel,
			slack.NewButtonBlockElement(ActionDownload, id, plain("Download handoff.md", MaxButtonText)).WithStyle(slack.StylePrimary),
			slack.NewButtonBlockElement(ActionOthers, id, plain("Other plans", MaxButtonText)),
			slack.NewButtonBlockElement(ActionTranscript, id, plain("Transcript", MaxButtonText)),
			slack.NewButtonBlockElement(ActionShare, id, plain("Share", MaxButtonText)),
		),
		slack.NewContextBlock("card_disclaimer", mrkdwn("_"+bh.Disclaimer+"_")),
	)
	return Message{Text: CardText(in), Blocks: bl}
}

// TaskView is one task's state on the progress message.
type TaskView struct {
	Agent  string
	Status bh.Status
}

// Progress is the message that shows the council working; it becomes the
// Decision Card when the run completes.
func Progress(version int, sample bool, tasks []TaskView) Message {
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
		lines = append(lines, mark+" "+Escape(t.Agent))
	}
	head := fmt.Sprintf("🏡 The village council is planning v%d…", version)
	if sample {
		head += " (sample shift)"
	}
	return Message{
		Text: fmt.Sprintf("Planning v%d… %d of %d agents done", version, done, len(tasks)),
		Blocks: []slack.Block{
			section("*" + head + "*"),
			slack.NewContextBlock("progress", mrkdwn(strings.Join(lines, "   "))),
		},
	}
}
