package bot

import (
	"context"
	"fmt"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// modalStore is what the Add note modal and Save as note need from the
// store.
type modalStore interface {
	CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error)
	SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error
}

// modals answers the Add note shortcut (and App Home's button), its modal,
// and the Save as note message shortcut.
type modals struct {
	b        *Bot
	store    modalStore
	replies  *replies
	restocks *restocks
}

// open opens the Add note modal.
func (m *modals) open(ctx context.Context, cb slack.InteractionCallback) {
	if _, err := m.b.api.OpenViewContext(ctx, cb.TriggerID, blocks.AddNoteModal()); err != nil {
		m.b.log.ErrorContext(ctx, "bot: open Add note modal", "err", err)
		m.b.tell(ctx, "", cb.User.ID, "I could not open the Add note form"+bh.Ref(ctx)+". Please try again, or just send me the note as a message.")
	}
}

// openFromButton is open for App Home's Add note button.
func (m *modals) openFromButton(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	m.open(ctx, cb)
}

// addNoteInput is a validated Add note submission.
type addNoteInput struct {
	Text, Channel string
	// Tag is the person's choice; "" (Auto) reads it from the note.
	Tag bh.Tag
}

// readAddNote validates the modal's state; errors are keyed by block id, as
// Slack's response_action "errors" wants them.
func readAddNote(v slack.View) (addNoteInput, map[string]string) {
	vals := v.State
	var in addNoteInput
	errs := map[string]string{}
	get := func(block, action string) (slack.BlockAction, bool) {
		if vals == nil {
			return slack.BlockAction{}, false
		}
		a, ok := vals.Values[block][action]
		return a, ok
	}
	if a, ok := get(blocks.InputNoteText, blocks.ActionNoteText); ok {
		in.Text = a.Value
	}
	if _, ok := bh.ParseNoteText(in.Text); !ok {
		errs[blocks.InputNoteText] = "Write a note first."
	}
	// No tag (Auto, or an older form without the field): read from the note.
	if a, ok := get(blocks.InputNoteTag, blocks.ActionNoteTag); ok && a.SelectedOption.Value != "" && a.SelectedOption.Value != blocks.TagAuto {
		t, err := bh.ParseTag(a.SelectedOption.Value)
		if err != nil {
			errs[blocks.InputNoteTag] = "Pick Note, Task, Deadline or Running low."
		}
		in.Tag = t
	}
	if a, ok := get(blocks.InputNoteChannel, blocks.ActionNoteChannel); ok {
		in.Channel = a.SelectedConversation
	}
	return in, errs
}

// submit validates the Add note modal in its ack, then stores the note.
func (m *modals) submit(req *socketmode.Request, cb slack.InteractionCallback) {
	in, errs := readAddNote(cb.View)
	if len(errs) > 0 {
		m.b.ack(req, slack.NewErrorsViewSubmissionResponse(errs))
		return
	}
	m.b.ack(req, nil)
	m.b.enqueue(cb.Team.ID, "add note", func(ctx context.Context) { m.add(ctx, cb, in) })
}

func (m *modals) add(ctx context.Context, cb slack.InteractionCallback, in addNoteInput) {
	b := m.b
	channel := in.Channel
	if channel == "" {
		// The person's DM with the bot: posting to a user id lands there and
		// tells us its channel id.
		ch, ts, err := b.api.PostMessageContext(ctx, cb.User.ID, blocks.Notice("Saving your note…").Options()...)
		if err != nil {
			b.log.ErrorContext(ctx, "bot: open DM for Add note", "err", err)
			return
		}
		n, _, err := m.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: ch, UserID: cb.User.ID, RawText: in.Text, Tag: in.Tag, Source: bh.SourceShortcut})
		if err != nil {
			b.log.ErrorContext(ctx, "bot: store Add note", "err", err)
			if uerr := b.update(ctx, ch, ts, blocks.Notice("⚠️ Your note was *not* saved: "+bh.ErrorText(ctx, err)+"\n>"+blocks.Echo(in.Text, 500))); uerr != nil {
				b.log.ErrorContext(ctx, "bot: say Add note was not saved", "err", uerr)
			}
			return
		}
		m.restocks.close(ctx, n)
		m.replies.remember(ctx, n, ch, ts)
		n.ReplyChannel, n.ReplyTS = ch, ts
		m.replies.refresh(ctx, n)
		return
	}
	n, _, err := m.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: channel, UserID: cb.User.ID, RawText: in.Text, Tag: in.Tag, Source: bh.SourceShortcut})
	if err != nil {
		b.log.ErrorContext(ctx, "bot: store Add note", "err", err)
		b.tell(ctx, "", cb.User.ID, "⚠️ Your note was *not* saved: "+bh.ErrorText(ctx, err)+"\n>"+blocks.Echo(in.Text, 500))
		return
	}
	m.restocks.close(ctx, n)
	m.replies.postOrDM(ctx, n, channel, "", cb.User.ID)
}

// saveAsNote stores another message (a partner's, an old one of one's own)
// as a note, with a link back to it.
func (m *modals) saveAsNote(ctx context.Context, cb slack.InteractionCallback) {
	b := m.b
	ts := cb.Message.Timestamp
	if ts == "" {
		ts = cb.MessageTs
	}
	text := b.stripSelf(cb.Team.ID, cb.Message.Text)
	if _, ok := bh.ParseNoteText(text); !ok || cb.Channel.ID == "" || ts == "" {
		b.tell(ctx, cb.Channel.ID, cb.User.ID, "That message has no text to save as a note.")
		return
	}
	link, err := b.api.GetPermalinkContext(ctx, &slack.PermalinkParameters{Channel: cb.Channel.ID, Ts: ts})
	if err != nil {
		// The note is worth keeping without its link.
		b.log.DebugContext(ctx, "bot: permalink for Save as note", "err", err)
		link = ""
	}
	// Yesterday's "due tomorrow 5pm" is due today: the note is as old as
	// its message.
	written := bh.MessageTime(ts, b.cfg.Now())
	n, created, err := m.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: cb.Channel.ID, UserID: cb.User.ID,
		RawText: text, Source: bh.SourceMessageShortcut, MessageTS: ts, Permalink: link, WrittenAt: written})
	if err != nil {
		b.log.ErrorContext(ctx, "bot: store Save as note", "err", err)
		b.tell(ctx, cb.Channel.ID, cb.User.ID, "⚠️ That message was *not* saved as a note: "+bh.ErrorText(ctx, err))
		return
	}
	if !created {
		b.tell(ctx, cb.Channel.ID, cb.User.ID, fmt.Sprintf("That message is already a note (%s).", n.Tag.Label()))
		return
	}
	m.restocks.close(ctx, n)
	m.replies.postOrDM(ctx, n, cb.Channel.ID, ts, cb.User.ID)
}
