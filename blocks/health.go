package blocks

// This file: health notes as every surface lists them — the line that says
// who helps, then each note, linked, with Resolved. Nothing here ranks,
// colours or times a health note: that would be triage.

import (
	"fmt"
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// HealthMark heads a list of health notes.
const HealthMark = "🩺"

// HealthEntry is one health note as a surface lists it.
type HealthEntry struct {
	NoteID string
	Text   string
	// Link is where the note can be opened; "" quotes it without a link.
	Link string
	// Ask: open HealthAskAfter without news — "Still a concern?".
	Ask bool
	// Resolved: resolved since this message was made; struck through,
	// with Undo.
	Resolved bool
}

// healthHead is the health line every surface opens its health notes
// with, and the word on support when one is about the parent's mood.
func healthHead(mood bool) string {
	s := HealthMark + " *" + Escape(bh.HealthLine) + "*"
	if mood {
		s += "\n" + Escape(bh.MoodSupportLine)
	}
	return s
}

// healthLine is one entry's words: linked where a link is known.
func healthLine(e HealthEntry) string {
	text := Echo(healthWords(e.Text), 120)
	if e.Link != "" && linkable(e.Link) {
		text = "<" + e.Link + "|" + text + ">"
	}
	switch {
	case e.Resolved:
		return "✅ ~" + text + "~ · resolved"
	case e.Ask:
		return "• " + text + "\n_Still a concern?_"
	}
	return "• " + text
}

// healthBlocks lists open health notes under the health line, at most n,
// each with Resolved; more says what follows a cut list ("…and %d more in
// handoff.md"). An entry asked about gets Resolved and Still a concern in a
// row of its own. blockID, when set, names a note's section (its row of
// answers adds ":ask"). Both buttons carry the note id.
func healthBlocks(entries []HealthEntry, mood bool, n int, more string, blockID func(noteID string) string) []slack.Block {
	if len(entries) == 0 {
		return nil
	}
	resolve := func(id string) slack.BlockElement {
		return slack.NewButtonBlockElement(ActionHealthResolved, id, plain("Resolved", MaxButtonText))
	}
	bl := []slack.Block{section(healthHead(mood))}
	for i, e := range entries {
		if i == n {
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf(more, len(entries)-i))))
			break
		}
		sec := section(healthLine(e))
		ask := "health_ask:" + e.NoteID
		if blockID != nil {
			sec.BlockID, ask = blockID(e.NoteID), blockID(e.NoteID)+":ask"
		}
		switch {
		case e.NoteID == "":
			// Nothing to press on: a line without its note.
		case e.Ask:
			bl = append(bl, sec, slack.NewActionBlock(ask, resolve(e.NoteID),
				slack.NewButtonBlockElement(ActionHealthConcern, e.NoteID, plain("Still a concern", MaxButtonText))))
			continue
		default:
			sec.Accessory = slack.NewAccessory(resolve(e.NoteID))
		}
		bl = append(bl, sec)
	}
	return bl
}

// healthList is the compact form, for a message that must fit a phone
// screen (the card, a handoff): the line, then at most n notes; more says
// what follows a cut list ("…%d more below").
func healthList(entries []HealthEntry, mood bool, n int, more string) string {
	if len(entries) == 0 {
		return ""
	}
	lines := []string{healthHead(mood)}
	for i, e := range entries {
		if i == n {
			lines = append(lines, fmt.Sprintf(more, len(entries)-i))
			break
		}
		lines = append(lines, strings.ReplaceAll(healthLine(e), "\n_Still a concern?_", " · _still a concern?_"))
	}
	return strings.Join(lines, "\n")
}

// healthControl is the compact form's one control for every open note:
// Resolved for a single one, a "Resolved…" menu for several; nil for none.
// value makes the control's value for a note.
func healthControl(entries []HealthEntry, action string, value func(noteID string) string) slack.BlockElement {
	var opts []*slack.OptionBlockObject
	for _, e := range entries {
		if e.NoteID != "" && !e.Resolved && len(opts) < maxOptions {
			opts = append(opts, slack.NewOptionBlockObject(value(e.NoteID), plain(healthWords(e.Text), MaxOptionText), nil))
		}
	}
	switch {
	case len(opts) == 1:
		return slack.NewButtonBlockElement(action, opts[0].Value, plain("Resolved", MaxButtonText))
	case len(opts) > 1:
		return slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Resolved…", 150), action, opts...)
	}
	return nil
}

// maxOptions is Slack's limit of options in a static select.
const maxOptions = 100

// HealthText is the open health notes as a notification's words: the
// first few, escaped like every note's words, then how many more.
func HealthText(entries []HealthEntry) string {
	const shown = 3
	var parts []string
	open := 0
	for _, e := range entries {
		if e.Resolved {
			continue
		}
		if open++; open <= shown {
			parts = append(parts, Echo(healthWords(e.Text), 60))
		}
	}
	if open == 0 {
		return ""
	}
	s := HealthMark + " Health: " + strings.Join(parts, "; ")
	if open > shown {
		s += fmt.Sprintf(" +%d more", open-shown)
	}
	return s
}

// healthWords is a health note's words, or what stands for them when it
// has none (a note that was only its prefix).
func healthWords(text string) string {
	if strings.TrimSpace(text) == "" {
		return "A health note (no words)"
	}
	return text
}

// ResolvedNotice confirms a Resolved privately, with Undo: undoAction and
// undoValue are the surface's own (a handoff's Undo names the handoff).
func ResolvedNotice(n bh.Note, undoAction, undoValue string) Message {
	text := HealthMark + " Resolved: " + Echo(healthWords(n.Text), 100) + ". It leaves the card, the radar and App Home; handoff.md lists it under Resolved since yesterday."
	sec := section(text)
	sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(undoAction, undoValue, plain("Undo", MaxButtonText)))
	return Message{Text: text, Blocks: []slack.Block{sec}}
}

// ListedAgainNotice confirms an Undo of Resolved privately.
func ListedAgainNotice(n bh.Note) Message {
	return Notice("↩️ Listed again: " + Echo(healthWords(n.Text), 100) + ". " + bh.HealthLine)
}

// ConcernNotice confirms "Still a concern" privately.
func ConcernNotice(n bh.Note) Message {
	return Notice(HealthMark + " Still listed: " + Echo(healthWords(n.Text), 100) + ". I will ask again in a day; tap Resolved when it is.")
}

// HealthNoteReply is a health note's capture reply: the health line in
// full, not a grey tag, with Resolved (and, once resolved, Not resolved).
// No level, no time, no advice.
func HealthNoteReply(n bh.Note) Message {
	echo := Echo(healthWords(n.Text), MaxEcho)
	if n.Done() {
		return Message{
			Text: "Resolved: " + Echo(healthWords(n.Text), 80),
			Blocks: []slack.Block{
				slack.NewContextBlock(BlockNotePrefix+n.ID, mrkdwn(fmt.Sprintf("✅ *Resolved* · ~%s~", echo))),
				slack.NewActionBlock("note_actions:"+n.ID,
					slack.NewButtonBlockElement(ActionNoteReopen, n.ID, plain("Not resolved", MaxButtonText))),
			},
		}
	}
	line := HealthMark + " *Health note* · " + echo
	if n.Permalink != "" && linkable(n.Permalink) {
		line += fmt.Sprintf(" · <%s|source>", n.Permalink)
	}
	sec := section(line + "\n" + Escape(bh.HealthLine))
	sec.BlockID = BlockNotePrefix + n.ID
	// Its own Resolved is the reply's Done, which redraws the reply in place.
	elems := []slack.BlockElement{slack.NewButtonBlockElement(ActionNoteDone, n.ID, plain("Resolved", MaxButtonText))}
	for _, t := range bh.Tags {
		b := slack.NewButtonBlockElement(ChipAction(t), n.ID, plain(t.Label(), MaxButtonText))
		if t == n.Tag {
			b = b.WithStyle(slack.StylePrimary)
		}
		elems = append(elems, b)
	}
	elems = append(elems, slack.NewButtonBlockElement(ActionUndo, n.ID, plain("Undo", MaxButtonText)))
	return Message{
		Text:   "Saved as a health note: " + Echo(healthWords(n.Text), 80) + ". " + bh.HealthLine,
		Blocks: []slack.Block{sec, slack.NewActionBlock("note_actions:"+n.ID, elems...)},
	}
}

// linkable reports whether u can sit inside a mrkdwn link: a web address
// with nothing that would end the link early.
func linkable(u string) bool {
	return strings.HasPrefix(u, "https://") && !strings.ContainsAny(u, "|<> \n")
}

// maxHomeHealth bounds the health notes App Home lists, each with its
// buttons, within a view's 100 blocks.
const maxHomeHealth = 8

// homeHealth is App Home's opening: the health line and each open health
// note with Resolved, and "Still a concern?" for those a day without news.
func homeHealth(in HomeInput) []slack.Block {
	entries := make([]HealthEntry, 0, len(in.Health))
	for _, it := range in.Health {
		e := HealthEntry{Text: it.Text, Ask: it.Ask}
		if len(it.NoteIDs) > 0 {
			e.NoteID, e.Link = it.NoteIDs[0], in.Links[it.NoteIDs[0]]
		}
		entries = append(entries, e)
	}
	return healthBlocks(entries, in.Mood, maxHomeHealth, "…and %d more: `/radar` in our DM",
		func(id string) string { return "home_health:" + id })
}
