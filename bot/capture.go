package bot

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

var mentionRE = regexp.MustCompile(`<@[UW][A-Z0-9]+(\|[^>]*)?>`)

// stripSelf removes mentions of the bot from a note's text.
func (b *Bot) stripSelf(text string) string {
	id := b.identity().UserID
	if id == "" {
		return text
	}
	return mentionRE.ReplaceAllStringFunc(text, func(m string) string {
		if strings.HasPrefix(m, "<@"+id+">") || strings.HasPrefix(m, "<@"+id+"|") {
			return ""
		}
		return m
	})
}

func (b *Bot) isSelf(userID, botID string) bool {
	me := b.identity()
	return (botID != "" && botID == me.BotID) || (userID != "" && userID == me.UserID)
}

func (b *Bot) onMessage(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	switch ev.SubType {
	case "":
	case "message_changed":
		b.onEdit(req, teamID, eventID, ev)
		return
	case "message_deleted":
		b.onDelete(req, teamID, eventID, ev)
		return
	default:
		// Joins, topic changes, bot messages, thread broadcasts…: not notes.
		b.ack(req, nil)
		return
	}
	if b.isSelf(ev.User, ev.BotID) || ev.BotID != "" || ev.User == "" || ev.TimeStamp == "" || ev.Channel == "" {
		// Not a person's message we could point back to: no note.
		b.ack(req, nil)
		return
	}
	var source bh.NoteSource
	switch ev.ChannelType {
	case "im":
		source = bh.SourceDM
	case "channel", "group", "mpim":
		// In a shared channel only top-level messages are notes; replies in a
		// thread are conversation about a note, not new notes.
		if ev.ThreadTimeStamp != "" && ev.ThreadTimeStamp != ev.TimeStamp {
			b.ack(req, nil)
			return
		}
		source = bh.SourceChannel
	default:
		b.ack(req, nil)
		return
	}
	b.capture(req, bh.NewNote{TeamID: teamID, ChannelID: ev.Channel, UserID: ev.User, RawText: b.stripSelf(ev.Text),
		Source: source, MessageTS: ev.TimeStamp, EventID: eventID})
}

func (b *Bot) onMention(req *socketmode.Request, teamID, eventID string, ev *slackevents.AppMentionEvent) {
	if b.isSelf(ev.User, ev.BotID) || ev.BotID != "" || ev.User == "" {
		b.ack(req, nil)
		return
	}
	// The same message may also arrive as a message event; the store keeps
	// one note per message, so whichever comes second is a no-op.
	b.capture(req, bh.NewNote{TeamID: teamID, ChannelID: ev.Channel, UserID: ev.User, RawText: b.stripSelf(ev.Text),
		Source: bh.SourceMention, MessageTS: ev.TimeStamp, EventID: eventID})
}

// capture stores the note and only then acks the envelope; the reply is
// posted after the ack so it never delays it.
func (b *Bot) capture(req *socketmode.Request, in bh.NewNote) {
	if _, _, _, ok := bh.ParseNoteText(in.RawText); !ok {
		// Empty or whitespace-only: no note, no reply.
		b.ack(req, nil)
		return
	}
	queued := b.enqueue("capture", func(ctx context.Context) {
		defer b.msgLocks.Lock(in.TeamID + "/" + in.ChannelID + "/" + in.MessageTS)()
		in.Inferred = b.infer(in.RawText, b.cfg.Now())
		sctx, cancel := context.WithTimeout(ctx, b.cfg.StoreTimeout)
		n, created, err := b.store.CaptureNote(sctx, in)
		cancel()
		if err != nil {
			if bh.ErrorCode(err) == bh.EINVALID {
				b.ack(req, nil)
				return
			}
			if req != nil && req.RetryAttempt >= lastSlackRetry {
				// Slack will not deliver this event again: say so, on the
				// message, rather than lose the note in silence.
				b.ack(req, nil)
				b.log.Error("bot: note not stored on Slack's last delivery; told the user", "channel", in.ChannelID, "event_id", in.EventID, "err", err)
				b.notStored(ctx, in, "the database is not answering")
				return
			}
			// Not acked: Slack redelivers the event, and the store de-duplicates
			// by message if the write did land after all.
			b.log.Error("bot: note not stored; leaving the event unacked for redelivery", "channel", in.ChannelID, "event_id", in.EventID, "err", err)
			return
		}
		b.ack(req, nil)
		if !created {
			return
		}
		b.reply(ctx, n, in.ChannelID, in.MessageTS)
		b.learnTZ(ctx, n)
		b.shiftChanged(ctx, n.TeamID, n.ChannelID, n.UserID)
	})
	if !queued {
		if req != nil && req.RetryAttempt >= lastSlackRetry {
			// Slack's last delivery and no worker free: say so rather than
			// lose the note in silence. A few at a time, outside the queue.
			b.ack(req, nil)
			select {
			case b.spare <- struct{}{}:
				go func() {
					defer func() { <-b.spare }()
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					defer cancel()
					b.notStored(ctx, in, "I am too busy right now")
				}()
			default:
				b.log.Error("bot: busy on Slack's last delivery of a note; could not tell the sender", "channel", in.ChannelID, "event_id", in.EventID)
			}
			return
		}
		b.log.Warn("bot: busy; note event left unacked for redelivery", "event_id", in.EventID)
	}
}

// lastSlackRetry is the retry_attempt of Slack's last delivery of an event
// (it retries three times: at once, after a minute, after five).
const lastSlackRetry = 3

// notStored tells the person, in the note's thread, that their note could
// not be saved, quoting it so nothing is lost.
func (b *Bot) notStored(ctx context.Context, in bh.NewNote, why string) {
	msg := blocks.Notice("⚠️ I could not save this note: " + why + ". Please send it again in a few minutes.\n>" + blocks.Echo(in.RawText, 500))
	opts := msg.Options()
	if in.MessageTS != "" {
		opts = append(opts, slack.MsgOptionTS(in.MessageTS))
	}
	if _, _, err := b.api.PostMessageContext(ctx, in.ChannelID, opts...); err != nil {
		b.log.Error("bot: tell that a note was not saved", "channel", in.ChannelID, "err", err)
	}
}

// reply posts the confirmation with chips in the note's thread and records
// where it is.
func (b *Bot) reply(ctx context.Context, n bh.Note, channelID, threadTS string) {
	msg := b.noteReply(n)
	opts := msg.Options()
	if threadTS != "" {
		opts = append(opts, slack.MsgOptionTS(threadTS))
	}
	ch, ts, err := b.api.PostMessageContext(ctx, channelID, opts...)
	if err != nil {
		b.log.Error("bot: post note reply", "note_id", n.ID, "channel", channelID, "err", err)
		return
	}
	if err := b.store.SetNoteReply(ctx, n.TeamID, n.ID, ch, ts); err != nil {
		b.log.Error("bot: remember note reply", "note_id", n.ID, "err", err)
	}
}

// refresh re-renders a note's reply in place after its note changed.
func (b *Bot) refresh(ctx context.Context, n bh.Note) {
	if n.ReplyTS == "" || n.ReplyChannel == "" {
		return
	}
	msg := b.noteReply(n)
	if _, _, _, err := b.api.UpdateMessageContext(ctx, n.ReplyChannel, n.ReplyTS, msg.Options()...); err != nil {
		b.log.Error("bot: update note reply", "note_id", n.ID, "err", err)
	}
}

func (b *Bot) onEdit(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	m := ev.Message
	if m == nil || b.isSelf(m.User, m.BotID) || m.BotID != "" {
		// Our own replies come back as edits when we update them.
		b.ack(req, nil)
		return
	}
	if ev.PreviousMessage != nil && ev.PreviousMessage.Text == m.Text {
		// Unfurls and other edits that leave the text alone.
		b.ack(req, nil)
		return
	}
	b.changeNote(req, teamID, ev.Channel, m.Timestamp, eventID, "edit", func(ctx context.Context) (bh.Note, error) {
		text := b.stripSelf(m.Text)
		return b.store.EditNote(ctx, teamID, ev.Channel, m.Timestamp, text, b.infer(text, b.cfg.Now()))
	})
}

func (b *Bot) onDelete(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	ts := ev.DeletedTimeStamp
	if ts == "" && ev.PreviousMessage != nil {
		ts = ev.PreviousMessage.Timestamp
	}
	if ts == "" {
		b.ack(req, nil)
		return
	}
	b.changeNote(req, teamID, ev.Channel, ts, eventID, "delete", func(ctx context.Context) (bh.Note, error) {
		n, err := b.store.NoteByMessage(ctx, teamID, ev.Channel, ts)
		if err != nil {
			return n, err
		}
		return b.store.DeleteNote(ctx, teamID, n.ID)
	})
}

// changeNote applies an edit or deletion once per event and acks it once
// the change is stored.
func (b *Bot) changeNote(req *socketmode.Request, teamID, channelID, ts, eventID, what string, change func(ctx context.Context) (bh.Note, error)) {
	queued := b.enqueue(what, func(ctx context.Context) {
		defer b.msgLocks.Lock(teamID + "/" + channelID + "/" + ts)()
		sctx, cancel := context.WithTimeout(ctx, b.cfg.StoreTimeout)
		defer cancel()
		seen, err := b.store.EventSeen(sctx, teamID, eventID)
		if err != nil {
			b.log.Error("bot: note "+what+" not stored; leaving the event unacked", "event_id", eventID, "err", err)
			return
		}
		if seen {
			b.ack(req, nil)
			return
		}
		// Change first, remember the event after: a failure in between
		// leaves the event unacked and the change (idempotent) is redone.
		n, err := change(sctx)
		switch {
		case bh.ErrorCode(err) == bh.ENOTFOUND:
			// The message was never a note (a thread reply, a message from
			// before the bot joined).
			b.ack(req, nil)
			return
		case err != nil:
			b.log.Error("bot: note "+what+" failed; leaving the event unacked", "event_id", eventID, "err", err)
			return
		}
		if _, err := b.store.MarkEvent(sctx, teamID, eventID); err != nil {
			b.log.Error("bot: remember event", "event_id", eventID, "err", err)
			return
		}
		b.ack(req, nil)
		b.refresh(ctx, n)
		b.shiftChanged(ctx, n.TeamID, n.ChannelID, n.UserID)
	})
	if !queued {
		b.log.Warn("bot: busy; event left unacked for redelivery", "event_id", eventID)
	}
}
