package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// replyStore is what the capture reply needs from the store.
type replyStore interface {
	// SetNoteReply records where a note's reply is, so later changes
	// update it in place.
	SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error
}

// replies posts and re-renders the capture reply under a note: what was
// understood ("due Thu 17:00"), the tag chips and Undo. What the reply says
// is blocks.NoteReply; what it reads from the note is detail below.
type replies struct {
	b        *Bot
	store    replyStore
	restocks *restocks
}

// detail says what the normaliser read beyond the tag, for the reply:
// "due Thu 17:00", "Mon 14:00–15:00", "runs out by Tue 10:00", "energy low".
// Times are read relative to when the note was written, in loc: its
// readers' zone (replies.readers), so "tomorrow 5pm" is their tomorrow,
// and written on their clock c: the notification shows the text as it is.
func detail(n bh.Note, f bh.Fact, loc *time.Location, c bh.Clock) (string, []bh.Stamp) {
	var stamps []bh.Stamp
	stamp := func(t time.Time, layout string) string {
		st := bh.StampOf(t.In(loc), layout)
		st.Text = c.Format(t.In(loc), layout)
		stamps = append(stamps, st)
		return st.Text
	}
	var text string
	switch {
	case f.Due != nil && f.AllDay:
		text = "due " + stamp(*f.Due, "Mon Jan 2")
	case f.Due != nil:
		text = "due " + stamp(*f.Due, "Mon 15:04")
	case f.Start != nil && f.End != nil:
		text = stamp(*f.Start, "Mon 15:04") + "–" + stamp(*f.End, "15:04")
	case f.Start != nil:
		text = stamp(*f.Start, "Mon 15:04")
	case f.Out:
		text = "out"
	case f.Horizon > 0:
		text = "runs out by " + stamp(n.CreatedAt.Add(f.Horizon), "Mon 15:04")
	case f.Energy != "":
		text = "energy " + string(f.Energy)
		if f.SleepHours > 0 {
			text = fmt.Sprintf("energy %s, slept %gh", f.Energy, f.SleepHours)
		}
	}
	return text, stamps
}

// render is a note's reply as it should look now, in its readers' zone
// and on their clock (readers).
func (r *replies) render(ctx context.Context, n bh.Note) blocks.Message {
	if n.Deleted() {
		return blocks.NoteReply(n, "")
	}
	// One reading of the note serves what the reply says and what it closed.
	loc, c := r.readers(ctx, n)
	f := normalize.Fact(n, loc, n.CreatedAt)
	if f.Medical {
		// The health line in full, with Resolved: no grey tag, no time.
		return blocks.HealthNoteReply(n)
	}
	detail, stamps := detail(n, f, loc, c)
	if closes := closesText(n, r.restocks.closedBy(ctx, n, f.Restocked), func(u string) string { return r.b.userName(ctx, u) }, loc, c); closes != "" {
		detail = strings.TrimPrefix(detail+" · "+closes, " · ")
	}
	return blocks.NoteReply(n, detail, stamps...)
}

// readers is the zone the reply's readers read the note in and the clock
// they read its times on (clockIn). In a DM, its writer's: their zone
// (DEFAULT_TZ where Slack has none) and clock. In a channel, the
// family's: its zone, as the plan reads the note, and that zone's clock,
// whoever wrote it. While the family has none, the writer's zone is the
// one it learns from a first note; the reply does not wait for it to be
// recorded.
func (r *replies) readers(ctx context.Context, n bh.Note) (*time.Location, bh.Clock) {
	loc := r.b.userLoc(ctx, n.UserID)
	if bh.ConversationKindOf(n.ChannelID) != bh.ConvDM {
		if shift, err := r.b.cfg.Store.Shift(ctx, n.TeamID, n.ChannelID); err == nil {
			loc = shift.Location(loc)
		} else {
			r.b.log.DebugContext(ctx, "bot: a reply's family", "channel", n.ChannelID, "err", err)
		}
	}
	return loc, r.b.clockIn(ctx, n.ChannelID, n.UserID, loc)
}

// post puts the reply in the note's thread and records where it is.
func (r *replies) post(ctx context.Context, n bh.Note, channelID, threadTS string) {
	opts := r.render(ctx, n).Options()
	if threadTS != "" {
		opts = append(opts, slack.MsgOptionTS(threadTS))
	}
	ch, ts, err := r.b.api.PostMessageContext(ctx, channelID, opts...)
	if err != nil {
		r.b.log.ErrorContext(ctx, "bot: post note reply", "note_id", n.ID, "channel", channelID, "err", err)
		return
	}
	r.remember(ctx, n, ch, ts)
}

// postOrDM posts the reply in its conversation, or in the person's DM when
// the bot is not a member there.
func (r *replies) postOrDM(ctx context.Context, n bh.Note, channelID, threadTS, userID string) {
	msg := r.render(ctx, n)
	opts := msg.Options()
	if threadTS != "" {
		opts = append(opts, slack.MsgOptionTS(threadTS))
	}
	ch, ts, err := r.b.api.PostMessageContext(ctx, channelID, opts...)
	if err != nil {
		r.b.log.DebugContext(ctx, "bot: reply in conversation failed; using DM", "channel", channelID, "err", err)
		ch, ts, err = r.b.api.PostMessageContext(ctx, userID, msg.Options()...)
	}
	if err != nil {
		r.b.log.ErrorContext(ctx, "bot: post note reply", "note_id", n.ID, "err", err)
		return
	}
	r.remember(ctx, n, ch, ts)
}

func (r *replies) remember(ctx context.Context, n bh.Note, channelID, ts string) {
	err := r.store.SetNoteReply(ctx, n.TeamID, n.ID, channelID, ts)
	switch {
	case bh.ErrorCode(err) == bh.ENOTFOUND:
		// Gone meanwhile (removed, or its workspace's data deleted): there
		// is nothing to remember the reply of, and nothing is written.
		r.b.log.InfoContext(ctx, "bot: a note gone before its reply was remembered", "note_id", n.ID)
	case err != nil:
		r.b.log.ErrorContext(ctx, "bot: remember note reply", "note_id", n.ID, "err", err)
	}
}

// refresh re-renders a note's reply in place after its note changed.
func (r *replies) refresh(ctx context.Context, n bh.Note) {
	if n.ReplyTS == "" || n.ReplyChannel == "" {
		return
	}
	if err := r.b.update(ctx, n.ReplyChannel, n.ReplyTS, r.render(ctx, n)); err != nil {
		r.b.log.ErrorContext(ctx, "bot: update note reply", "note_id", n.ID, "err", err)
	}
}
