package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// interactive acks at once (with validation errors for a modal submission,
// which Slack only accepts in the ack) and works after.
func (b *Bot) interactive(evt socketmode.Event) {
	cb, ok := evt.Data.(slack.InteractionCallback)
	if !ok {
		b.ack(evt.Request, nil)
		return
	}
	switch cb.Type {
	case slack.InteractionTypeViewSubmission:
		b.viewSubmission(evt.Request, cb)
	case slack.InteractionTypeBlockActions:
		b.ack(evt.Request, nil)
		b.enqueue("block actions", func(ctx context.Context) { b.blockActions(ctx, cb) })
	case slack.InteractionTypeShortcut:
		b.ack(evt.Request, nil)
		if cb.CallbackID == blocks.CallbackAddNote {
			b.enqueue("shortcut add note", func(ctx context.Context) { b.openAddNote(ctx, cb) })
		}
	case slack.InteractionTypeMessageAction:
		b.ack(evt.Request, nil)
		if cb.CallbackID == blocks.CallbackSaveNote {
			b.enqueue("shortcut save as note", func(ctx context.Context) { b.saveAsNote(ctx, cb) })
		}
	default:
		b.ack(evt.Request, nil)
	}
}

// tell answers one person privately in a conversation; when the bot cannot
// post there it falls back to the person's DM with the bot.
func (b *Bot) tell(ctx context.Context, channelID, userID, text string) {
	msg := blocks.Notice(text)
	if channelID != "" {
		if _, err := b.api.PostEphemeralContext(ctx, channelID, userID, msg.Options()...); err == nil {
			return
		}
	}
	if _, _, err := b.api.PostMessageContext(ctx, userID, msg.Options()...); err != nil {
		b.log.Error("bot: tell user", "user", userID, "err", err)
	}
}

func (b *Bot) blockActions(ctx context.Context, cb slack.InteractionCallback) {
	for _, a := range cb.ActionCallback.BlockActions {
		if a == nil || b.cardAction(ctx, cb, a) || b.homeAction(ctx, cb, a) || b.radarAction(ctx, cb, a) {
			continue
		}
		switch {
		case a.ActionID == blocks.ActionUndo:
			b.noteAction(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
				return b.store.DeleteNote(ctx, n.TeamID, n.ID)
			})
		case a.ActionID == blocks.ActionRestore:
			b.noteAction(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
				return b.store.RestoreNote(ctx, n.TeamID, n.ID)
			})
		case strings.HasPrefix(a.ActionID, blocks.ActionChipPrefix):
			tag, ok := blocks.TagFromAction(a.ActionID)
			if !ok {
				b.tell(ctx, cb.Channel.ID, cb.User.ID, "That button is not one I know; nothing was changed.")
				continue
			}
			b.noteAction(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
				if n.Deleted() {
					return n, bh.Errorf(bh.ECONFLICT, "That note was removed; press Restore first.")
				}
				return b.store.RetagNote(ctx, n.TeamID, n.ID, tag)
			})
		default:
			// A button of ours from an older version, or a forged one.
			b.log.Debug("bot: unknown action", "action_id", a.ActionID)
			ch := cb.Channel.ID
			if ch == "" {
				ch = cb.Container.ChannelID
			}
			b.tell(ctx, ch, cb.User.ID, "That button is not one I know (perhaps from an older message); nothing was changed.")
		}
	}
}

// noteAction loads the note a button names, checks that the button was
// pressed in the note's own team and conversation, applies change and
// re-renders the reply in place.
func (b *Bot) noteAction(ctx context.Context, cb slack.InteractionCallback, noteID string, change func(context.Context, bh.Note) (bh.Note, error)) {
	channelID := cb.Channel.ID
	if channelID == "" {
		channelID = cb.Container.ChannelID
	}
	n, err := b.store.Note(ctx, cb.Team.ID, noteID)
	if err == nil && channelID != n.ChannelID && channelID != n.ReplyChannel {
		err = bh.Errorf(bh.EFORBIDDEN, "That button belongs to a note in another conversation; nothing was changed.")
	}
	if err == nil {
		n, err = change(ctx, n)
	}
	if err != nil {
		if bh.ErrorCode(err) == bh.EINTERNAL {
			b.log.Error("bot: note action", "note_id", noteID, "err", err)
		}
		b.tell(ctx, channelID, cb.User.ID, bh.ErrorMessage(err))
		return
	}
	ts := cb.Container.MessageTs
	if ts == "" {
		ts = cb.Message.Timestamp
	}
	if ts == "" || (n.ReplyTS != "" && ts != n.ReplyTS) {
		b.refresh(ctx, n)
		return
	}
	msg := b.noteReply(n)
	if _, _, _, err := b.api.UpdateMessageContext(ctx, channelID, ts, msg.Options()...); err != nil {
		b.log.Error("bot: update note reply", "note_id", n.ID, "err", err)
	}
	b.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
}

func (b *Bot) openAddNote(ctx context.Context, cb slack.InteractionCallback) {
	if _, err := b.api.OpenViewContext(ctx, cb.TriggerID, blocks.AddNoteModal()); err != nil {
		b.log.Error("bot: open Add note modal", "err", err)
		b.tell(ctx, "", cb.User.ID, "I could not open the Add note form. Please try again, or just send me the note as a message.")
	}
}

// addNoteInput is a validated Add note submission.
type addNoteInput struct {
	Text, Channel string
	Tag           bh.Tag
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
	if _, _, _, ok := bh.ParseNoteText(in.Text); !ok {
		errs[blocks.InputNoteText] = "Write a note first."
	}
	in.Tag = bh.TagNote
	if a, ok := get(blocks.InputNoteTag, blocks.ActionNoteTag); ok && a.SelectedOption.Value != "" {
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

func (b *Bot) viewSubmission(req *socketmode.Request, cb slack.InteractionCallback) {
	switch cb.View.CallbackID {
	case blocks.CallbackShare:
		b.shareSubmission(req, cb)
		return
	case blocks.CallbackAddNote:
	default:
		b.ack(req, nil)
		return
	}
	in, errs := readAddNote(cb.View)
	if len(errs) > 0 {
		b.ack(req, slack.NewErrorsViewSubmissionResponse(errs))
		return
	}
	b.ack(req, nil)
	b.enqueue("add note", func(ctx context.Context) { b.addNote(ctx, cb, in) })
}

func (b *Bot) addNote(ctx context.Context, cb slack.InteractionCallback, in addNoteInput) {
	channel := in.Channel
	if channel == "" {
		// The person's DM with the bot: posting to a user id lands there and
		// tells us its channel id.
		ch, ts, err := b.api.PostMessageContext(ctx, cb.User.ID, blocks.Notice("Saving your note…").Options()...)
		if err != nil {
			b.log.Error("bot: open DM for Add note", "err", err)
			return
		}
		n, _, err := b.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: ch, UserID: cb.User.ID, RawText: in.Text, Tag: in.Tag, Source: bh.SourceShortcut})
		if err != nil {
			b.log.Error("bot: store Add note", "err", err)
			_, _, _, _ = b.api.UpdateMessageContext(ctx, ch, ts, blocks.Notice("⚠️ Your note was *not* saved: "+bh.ErrorMessage(err)+"\n>"+blocks.Echo(in.Text, 500)).Options()...)
			return
		}
		if err := b.store.SetNoteReply(ctx, n.TeamID, n.ID, ch, ts); err != nil {
			b.log.Error("bot: remember note reply", "note_id", n.ID, "err", err)
		}
		n.ReplyChannel, n.ReplyTS = ch, ts
		b.refresh(ctx, n)
		return
	}
	n, _, err := b.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: channel, UserID: cb.User.ID, RawText: in.Text, Tag: in.Tag, Source: bh.SourceShortcut})
	if err != nil {
		b.log.Error("bot: store Add note", "err", err)
		b.tell(ctx, "", cb.User.ID, "⚠️ Your note was *not* saved: "+bh.ErrorMessage(err)+"\n>"+blocks.Echo(in.Text, 500))
		return
	}
	b.replyOrDM(ctx, n, channel, "", cb.User.ID)
}

// replyOrDM posts a note's confirmation in its conversation, or in the
// person's DM when the bot is not a member there.
func (b *Bot) replyOrDM(ctx context.Context, n bh.Note, channelID, threadTS, userID string) {
	msg := b.noteReply(n)
	opts := msg.Options()
	if threadTS != "" {
		opts = append(opts, slack.MsgOptionTS(threadTS))
	}
	ch, ts, err := b.api.PostMessageContext(ctx, channelID, opts...)
	if err != nil {
		b.log.Debug("bot: reply in conversation failed; using DM", "channel", channelID, "err", err)
		ch, ts, err = b.api.PostMessageContext(ctx, userID, msg.Options()...)
	}
	if err != nil {
		b.log.Error("bot: post note reply", "note_id", n.ID, "err", err)
		return
	}
	if err := b.store.SetNoteReply(ctx, n.TeamID, n.ID, ch, ts); err != nil {
		b.log.Error("bot: remember note reply", "note_id", n.ID, "err", err)
	}
}

func (b *Bot) saveAsNote(ctx context.Context, cb slack.InteractionCallback) {
	ts := cb.Message.Timestamp
	if ts == "" {
		ts = cb.MessageTs
	}
	text := b.stripSelf(cb.Message.Text)
	if _, _, _, ok := bh.ParseNoteText(text); !ok || cb.Channel.ID == "" || ts == "" {
		b.tell(ctx, cb.Channel.ID, cb.User.ID, "That message has no text to save as a note.")
		return
	}
	link, err := b.api.GetPermalinkContext(ctx, &slack.PermalinkParameters{Channel: cb.Channel.ID, Ts: ts})
	if err != nil {
		// The note is worth keeping without its link.
		b.log.Debug("bot: permalink for Save as note", "err", err)
		link = ""
	}
	n, created, err := b.store.CaptureNote(ctx, bh.NewNote{TeamID: cb.Team.ID, ChannelID: cb.Channel.ID, UserID: cb.User.ID,
		RawText: text, Inferred: b.infer(text, b.cfg.Now()), Source: bh.SourceMessageShortcut, MessageTS: ts, Permalink: link})
	if err != nil {
		b.log.Error("bot: store Save as note", "err", err)
		b.tell(ctx, cb.Channel.ID, cb.User.ID, "⚠️ That message was *not* saved as a note: "+bh.ErrorMessage(err))
		return
	}
	if !created {
		b.tell(ctx, cb.Channel.ID, cb.User.ID, fmt.Sprintf("That message is already a note (%s).", n.Tag.Label()))
		return
	}
	b.replyOrDM(ctx, n, cb.Channel.ID, ts, cb.User.ID)
}
