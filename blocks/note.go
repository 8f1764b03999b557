package blocks

import (
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Action ids of the note reply's buttons. The value of each is the note id.
const (
	ActionChipPrefix = "note_tag_" // + tag, e.g. note_tag_task
	ActionUndo       = "note_undo"
	ActionRestore    = "note_restore"
	// ActionNoteDone marks a task's, deadline's or supply's item done from
	// its capture reply; ActionNoteReopen takes that back.
	ActionNoteDone   = "note_done"
	ActionNoteReopen = "note_reopen"
	// ActionHealthResolved closes a health note wherever it is listed
	// (card, handoff message, radar, App Home); ActionHealthConcern answers
	// "Still a concern?" and keeps it listed. Both carry the note id.
	ActionHealthResolved = "health_resolved"
	ActionHealthConcern  = "health_concern"
	BlockNotePrefix      = "note:"
	CallbackAddNote      = "add_note"
	CallbackSaveNote     = "save_as_note"
	// TagAuto is the Add note form's "read the tag from the note" choice.
	TagAuto           = "auto"
	InputNoteText     = "note_text"
	InputNoteTag      = "note_tag"
	InputNoteChannel  = "note_channel"
	ActionNoteText    = "text"
	ActionNoteTag     = "tag"
	ActionNoteChannel = "channel"
)

// ChipAction returns the action id of the chip for tag.
func ChipAction(t bh.Tag) string { return ActionChipPrefix + string(t) }

// TagFromAction reads a chip's action id.
func TagFromAction(actionID string) (bh.Tag, bool) {
	if !strings.HasPrefix(actionID, ActionChipPrefix) {
		return "", false
	}
	t := bh.Tag(strings.TrimPrefix(actionID, ActionChipPrefix))
	return t, t.Valid()
}

// Message is a rendered message: the notification text and its blocks.
type Message struct {
	Text   string        `json:"text"`
	Blocks []slack.Block `json:"blocks"`
}

// Options returns the slack-go options that post or update m.
func (m Message) Options() []slack.MsgOption {
	return []slack.MsgOption{slack.MsgOptionText(m.Text, false), slack.MsgOptionBlocks(m.Blocks...)}
}

// tagEmoji gives each tag a glyph so a glance at a phone tells them apart.
func tagEmoji(t bh.Tag) string {
	switch t {
	case bh.TagTask:
		return "✅"
	case bh.TagDeadline:
		return "⏰"
	case bh.TagInventory:
		return "🧷"
	default:
		return "📝"
	}
}

// NoteReply is the compact confirmation under a captured note: how it was
// understood ("⏰ Deadline · due Thu 17:00"), the four tag chips (the
// current one highlighted) and Undo. detail is what the normaliser read
// beyond the tag ("due Thu 17:00"), or ""; stamps are the times written in
// it, shown in each reader's own zone and clock.
func NoteReply(n bh.Note, detail string, stamps ...bh.Stamp) Message {
	echo := Echo(n.Text, MaxEcho)
	if n.Deleted() {
		return Message{
			Text: "Note removed: " + Echo(n.Text, 80),
			Blocks: []slack.Block{
				slack.NewContextBlock(BlockNotePrefix+n.ID,
					slack.NewTextBlockObject(slack.MarkdownType, Fit(fmt.Sprintf("🗑️ *Removed* · ~%s~", echo), MaxSectionText), false, false)),
				slack.NewActionBlock("note_actions:"+n.ID,
					slack.NewButtonBlockElement(ActionRestore, n.ID, slack.NewTextBlockObject(slack.PlainTextType, "Restore", false, false))),
			},
		}
	}
	if n.Done() {
		return Message{
			Text: "Done: " + Echo(n.Text, 80),
			Blocks: []slack.Block{
				slack.NewContextBlock(BlockNotePrefix+n.ID,
					slack.NewTextBlockObject(slack.MarkdownType, Fit(fmt.Sprintf("✅ *Done* · ~%s~", echo), MaxSectionText), false, false)),
				slack.NewActionBlock("note_actions:"+n.ID,
					slack.NewButtonBlockElement(ActionNoteReopen, n.ID, slack.NewTextBlockObject(slack.PlainTextType, "Not done yet", false, false))),
			},
		}
	}
	label := n.Tag.Label()
	head := fmt.Sprintf("%s *%s*", tagEmoji(n.Tag), label)
	if detail != "" {
		// detail is on its readers' clock already (the reply's: bot/reply.go):
		// its stamps' fallbacks stay as written.
		head += " · " + StampedOn(detail, stamps, MaxSectionText, time.Time{}, nil, bh.Clock24)
	}
	line := head + " · " + echo
	if n.Permalink != "" {
		line += fmt.Sprintf(" · <%s|source>", n.Permalink)
	}
	elems := make([]slack.BlockElement, 0, len(bh.Tags)+1)
	for _, t := range bh.Tags {
		b := slack.NewButtonBlockElement(ChipAction(t), n.ID, slack.NewTextBlockObject(slack.PlainTextType, t.Label(), false, false))
		if t == n.Tag {
			b = b.WithStyle(slack.StylePrimary)
		}
		elems = append(elems, b)
	}
	switch n.Tag {
	case bh.TagTask, bh.TagDeadline, bh.TagInventory:
		// Something to do: it can be done from here.
		elems = append(elems, slack.NewButtonBlockElement(ActionNoteDone, n.ID, slack.NewTextBlockObject(slack.PlainTextType, "Done", false, false)))
	}
	elems = append(elems, slack.NewButtonBlockElement(ActionUndo, n.ID, slack.NewTextBlockObject(slack.PlainTextType, "Undo", false, false)))
	understood := label
	if detail != "" {
		understood += " (" + Escape(detail) + ")"
	}
	return Message{
		Text: fmt.Sprintf("Saved as %s: %s", understood, Echo(n.Text, 80)),
		Blocks: []slack.Block{
			slack.NewContextBlock(BlockNotePrefix+n.ID, slack.NewTextBlockObject(slack.MarkdownType, Fit(line, MaxSectionText), false, false)),
			slack.NewActionBlock("note_actions:"+n.ID, elems...),
		},
	}
}

// Notice is a one-line message (an ephemeral refusal, a confirmation).
func Notice(text string) Message {
	return Message{Text: text, Blocks: []slack.Block{
		slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, Fit(text, MaxSectionText), false, false), nil, nil),
	}}
}

// AddNoteModal is the global shortcut's modal: text, tag, which conversation.
func AddNoteModal() slack.ModalViewRequest {
	text := slack.NewPlainTextInputBlockElement(slack.NewTextBlockObject(slack.PlainTextType, "wipes < 1 day, daycare form due Fri…", false, false), ActionNoteText)
	text.Multiline = true
	text.MaxLength = 3000
	// Auto first and chosen: a tag only counts as the person's choice when
	// they picked one; "pay daycare invoice due fri 5pm" is read as a
	// deadline unless they say otherwise.
	opts := []*slack.OptionBlockObject{slack.NewOptionBlockObject(TagAuto, slack.NewTextBlockObject(slack.PlainTextType, "Auto (read from the note)", false, false), nil)}
	for _, t := range bh.Tags {
		opts = append(opts, slack.NewOptionBlockObject(string(t), slack.NewTextBlockObject(slack.PlainTextType, t.Label(), false, false), nil))
	}
	tag := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, slack.NewTextBlockObject(slack.PlainTextType, "Auto", false, false), ActionNoteTag, opts...)
	tag.InitialOption = opts[0]
	conv := slack.NewOptionsSelectBlockElement(slack.OptTypeConversations, slack.NewTextBlockObject(slack.PlainTextType, "Your DM with BabyHandoff", false, false), ActionNoteChannel)
	conv.DefaultToCurrentConversation = true
	conv.Filter = &slack.SelectBlockElementFilter{Include: []string{"im", "mpim", "public", "private"}, ExcludeBotUsers: true}
	convInput := slack.NewInputBlock(InputNoteChannel, slack.NewTextBlockObject(slack.PlainTextType, "Which conversation", false, false),
		slack.NewTextBlockObject(slack.PlainTextType, "The conversation whose plan this note belongs to. Empty: your DM with the bot.", false, false), conv)
	convInput.Optional = true
	return slack.ModalViewRequest{
		Type:       slack.VTModal,
		CallbackID: CallbackAddNote,
		Title:      slack.NewTextBlockObject(slack.PlainTextType, "Add note", false, false),
		Submit:     slack.NewTextBlockObject(slack.PlainTextType, "Save", false, false),
		Close:      slack.NewTextBlockObject(slack.PlainTextType, "Cancel", false, false),
		Blocks: slack.Blocks{BlockSet: []slack.Block{
			slack.NewInputBlock(InputNoteText, slack.NewTextBlockObject(slack.PlainTextType, "Note", false, false), nil, text),
			slack.NewInputBlock(InputNoteTag, slack.NewTextBlockObject(slack.PlainTextType, "Tag", false, false), nil, tag),
			convInput,
		}},
	}
}
