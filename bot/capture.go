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
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// captureStore is what capturing messages needs from the store.
type captureStore interface {
	// CaptureNote stores a note once per message; created is false for a
	// message already stored.
	CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error)
	EventSeen(ctx context.Context, teamID, eventID string) (bool, error)
	MarkEvent(ctx context.Context, teamID, eventID string) (bool, error)
	NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error)
	EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error)
	DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error)
	// HandoffByThread finds the handoff whose sender's thread is at
	// channelID/ts (ENOTFOUND when none is).
	HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error)
}

// capture turns a person's messages (and their edits and deletions) into
// notes. A note event is acked only once its note is stored.
type capture struct {
	b        *Bot
	store    captureStore
	replies  *replies
	home     *home
	restocks *restocks
	// handoffs takes replies in a handoff's thread: answers to pass on.
	handoffs *handoffs
	// locks serialise a message's capture with its edits and deletion: an
	// edit that arrives while the capture is still posting its reply waits
	// for it, so the reply it must update is known.
	locks keylock.Locks
}

var mentionRE = regexp.MustCompile(`<@[UW][A-Z0-9]+(\|[^>]*)?>`)

// stripSelf removes mentions of the bot from a note's text in team.
func (b *Bot) stripSelf(teamID, text string) string {
	id := b.selfUser(teamID)
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

func (c *capture) onMessage(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	b := c.b
	switch ev.SubType {
	case "":
	case "message_changed":
		c.onEdit(req, teamID, eventID, ev)
		return
	case "message_deleted":
		c.onDelete(req, teamID, eventID, ev)
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
		source = bh.SourceChannel
	default:
		b.ack(req, nil)
		return
	}
	in := bh.NewNote{TeamID: teamID, ChannelID: ev.Channel, UserID: ev.User, RawText: b.stripSelf(teamID, ev.Text),
		Source: source, MessageTS: ev.TimeStamp, EventID: eventID}
	if ev.ThreadTimeStamp != "" && ev.ThreadTimeStamp != ev.TimeStamp {
		c.threadReply(req, in, ev.ThreadTimeStamp)
		return
	}
	c.capture(req, in)
}

// threadReply handles a reply in a thread. One in a handoff's thread
// answers a receiver's question: it is passed on, not kept as a note. Any
// other is a note in a DM, and conversation about a note in a shared
// channel. The handoff is looked up by a worker: the reader never waits on
// the database.
func (c *capture) threadReply(req *socketmode.Request, in bh.NewNote, threadTS string) {
	b := c.b
	last := req != nil && req.RetryAttempt >= lastSlackRetry
	queued := b.enqueue(in.TeamID, "thread reply", func(ctx context.Context) {
		sctx, cancel := context.WithTimeout(ctx, b.cfg.StoreTimeout)
		ho, err := c.store.HandoffByThread(sctx, in.TeamID, in.ChannelID, threadTS)
		cancel()
		switch {
		case err == nil:
			b.ack(req, nil)
			c.handoffs.relay(ctx, ho, in.UserID, in.RawText)
			return
		case bh.ErrorCode(err) != bh.ENOTFOUND && !last:
			// Perhaps an answer to pass on: Slack delivers it again.
			b.log.ErrorContext(ctx, "bot: thread reply: find its handoff; leaving the event unacked for redelivery", "channel", in.ChannelID, "event_id", in.EventID, "err", err)
			return
		}
		if in.Source != bh.SourceDM {
			b.ack(req, nil)
			return
		}
		if _, ok := bh.ParseNoteText(in.RawText); !ok {
			b.ack(req, nil)
			return
		}
		c.store1(ctx, req, in, nil)
	})
	if !queued {
		if in.Source == bh.SourceDM {
			// The busy path of a note: redelivered, or told on the last try.
			// Not capture: it could find a worker free by now and store an
			// answer to a handoff as a note without looking the thread up.
			c.busy(req, in)
			return
		}
		if last {
			b.ack(req, nil)
			b.log.Error("bot: busy on Slack's last delivery of a thread reply; not passed on", "channel", in.ChannelID, "event_id", in.EventID)
		}
	}
}

func (c *capture) onMention(req *socketmode.Request, teamID, eventID string, ev *slackevents.AppMentionEvent) {
	b := c.b
	if b.isSelf(ev.User, ev.BotID) || ev.BotID != "" || ev.User == "" {
		b.ack(req, nil)
		return
	}
	// The same message may also arrive as a message event; the store keeps
	// one note per message, so whichever comes second is a no-op.
	c.capture(req, bh.NewNote{TeamID: teamID, ChannelID: ev.Channel, UserID: ev.User, RawText: b.stripSelf(teamID, ev.Text),
		Source: bh.SourceMention, MessageTS: ev.TimeStamp, EventID: eventID})
}

// capture stores the note and only then acks the envelope; the reply is
// posted after the ack so it never delays it.
func (c *capture) capture(req *socketmode.Request, in bh.NewNote) {
	b := c.b
	if _, ok := bh.ParseNoteText(in.RawText); !ok {
		// Empty or whitespace-only: no note, no reply.
		b.ack(req, nil)
		return
	}
	// On its way from here: the radar's work waits for acks of notes a
	// worker has not taken yet, too.
	counted := b.acks.start()
	if !b.enqueue(in.TeamID, "capture", func(ctx context.Context) { c.store1(ctx, req, in, counted) }) {
		counted()
		c.busy(req, in)
	}
}

// busy is a note no worker could take: left unacked for Slack to deliver
// again, or, on Slack's last delivery, acked and the sender told.
func (c *capture) busy(req *socketmode.Request, in bh.NewNote) {
	b := c.b
	if req == nil || req.RetryAttempt < lastSlackRetry {
		b.log.Warn("bot: busy; note event left unacked for redelivery", "event_id", in.EventID)
		return
	}
	// Say so rather than lose the note in silence. A few at a time,
	// outside the queue.
	b.ack(req, nil)
	select {
	case b.spare <- struct{}{}:
		go func() {
			defer func() { <-b.spare }()
			ctx, cancel := context.WithTimeout(bh.WithTeam(context.Background(), in.TeamID), 10*time.Second)
			defer cancel()
			c.notStored(ctx, in, "I am too busy right now")
		}()
	default:
		b.log.Error("bot: busy on Slack's last delivery of a note; could not tell the sender", "channel", in.ChannelID, "event_id", in.EventID)
	}
}

// store1 stores one note and only then acks its envelope; the reply is
// posted after the ack so it never delays it. It runs on a worker. counted
// counts the ack out (acksFirst.start); nil: it is counted from here.
func (c *capture) store1(ctx context.Context, req *socketmode.Request, in bh.NewNote, counted func()) {
	b := c.b
	acked := counted
	if acked == nil {
		acked = b.acks.start()
	}
	defer acked()
	defer c.locks.Lock(in.TeamID + "/" + in.ChannelID + "/" + in.MessageTS)()
	in.WrittenAt = bh.MessageTime(in.MessageTS, b.cfg.Now())
	in.Redelivered = req != nil && req.RetryAttempt > 0
	// The store reads the note, once, as it stores it (its kind, what it
	// says was bought: Note.Reading).
	sctx, cancel := context.WithTimeout(ctx, b.cfg.StoreTimeout)
	n, created, err := c.store.CaptureNote(sctx, in)
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
			b.log.ErrorContext(ctx, "bot: note not stored on Slack's last delivery; told the user", "channel", in.ChannelID, "event_id", in.EventID, "err", err)
			c.notStored(ctx, in, "the database is not answering")
			return
		}
		// Not acked: Slack redelivers the event, and the store de-duplicates
		// by message if the write did land after all.
		b.log.ErrorContext(ctx, "bot: note not stored; leaving the event unacked for redelivery", "channel", in.ChannelID, "event_id", in.EventID, "err", err)
		return
	}
	if !created {
		b.ack(req, nil)
		return
	}
	b.ackThenFollow(req)
	acked()
	// First: what the note's reply may quote depends on who reads here.
	b.wroteInChannel(ctx, n)
	c.restocks.closeBought(ctx, n, c.restocks.bought(n))
	c.replies.post(ctx, n, in.ChannelID, in.MessageTS)
	if b.cfg.Noted != nil {
		b.cfg.Noted(ctx, n)
	}
	c.home.shiftChanged(ctx, n.TeamID, n.ChannelID, n.UserID)
}

// lastSlackRetry is the retry_attempt of Slack's last delivery of an event
// (it retries three times: at once, after a minute, after five).
const lastSlackRetry = 3

// notStored tells the person, in the note's thread, that their note could
// not be saved, quoting it so nothing is lost.
func (c *capture) notStored(ctx context.Context, in bh.NewNote, why string) {
	msg := blocks.Notice("⚠️ I could not save this note: " + why + bh.Ref(ctx) + ". Please send it again in a few minutes.\n>" + blocks.Echo(in.RawText, 500))
	opts := msg.Options()
	if in.MessageTS != "" {
		opts = append(opts, slack.MsgOptionTS(in.MessageTS))
	}
	if _, _, err := c.b.api.PostMessageContext(ctx, in.ChannelID, opts...); err != nil {
		c.b.log.ErrorContext(ctx, "bot: tell that a note was not saved", "channel", in.ChannelID, "err", err)
	}
}

func (c *capture) onEdit(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	b := c.b
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
	c.change(req, teamID, ev.Channel, m.Timestamp, eventID, "edit", func(ctx context.Context) (bh.Note, error) {
		text := b.stripSelf(teamID, m.Text)
		return c.store.EditNote(ctx, teamID, ev.Channel, m.Timestamp, text, "")
	})
}

func (c *capture) onDelete(req *socketmode.Request, teamID, eventID string, ev *slackevents.MessageEvent) {
	ts := ev.DeletedTimeStamp
	if ts == "" && ev.PreviousMessage != nil {
		ts = ev.PreviousMessage.Timestamp
	}
	if ts == "" {
		c.b.ack(req, nil)
		return
	}
	c.change(req, teamID, ev.Channel, ts, eventID, "delete", func(ctx context.Context) (bh.Note, error) {
		n, err := c.store.NoteByMessage(ctx, teamID, ev.Channel, ts)
		if err != nil {
			return n, err
		}
		return c.store.DeleteNote(ctx, teamID, n.ID)
	})
}

// change applies an edit or deletion once per event and acks it once the
// change is stored.
func (c *capture) change(req *socketmode.Request, teamID, channelID, ts, eventID, what string, apply func(ctx context.Context) (bh.Note, error)) {
	b := c.b
	queued := b.enqueue(teamID, what, func(ctx context.Context) {
		defer c.locks.Lock(teamID + "/" + channelID + "/" + ts)()
		sctx, cancel := context.WithTimeout(ctx, b.cfg.StoreTimeout)
		defer cancel()
		seen, err := c.store.EventSeen(sctx, teamID, eventID)
		if err != nil {
			b.log.ErrorContext(ctx, "bot: note "+what+" not stored; leaving the event unacked", "event_id", eventID, "err", err)
			return
		}
		if seen {
			b.ack(req, nil)
			return
		}
		// Change first, remember the event after: a failure in between
		// leaves the event unacked and the change (idempotent) is redone.
		n, err := apply(sctx)
		switch {
		case bh.ErrorCode(err) == bh.ENOTFOUND:
			// The message was never a note (a thread reply, a message from
			// before the bot joined).
			b.ack(req, nil)
			return
		case err != nil:
			b.log.ErrorContext(ctx, "bot: note "+what+" failed; leaving the event unacked", "event_id", eventID, "err", err)
			return
		}
		if _, err := c.store.MarkEvent(sctx, teamID, eventID); err != nil {
			b.log.ErrorContext(ctx, "bot: remember event", "event_id", eventID, "err", err)
			return
		}
		b.ack(req, nil)
		c.replies.refresh(ctx, n)
		c.home.shiftChanged(ctx, n.TeamID, n.ChannelID, n.UserID)
	})
	if !queued {
		b.log.Warn("bot: busy; event left unacked for redelivery", "event_id", eventID)
	}
}
