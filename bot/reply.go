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
	// ShiftByID is the note's family, whose zone the store read it in.
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
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
// Times are read relative to when the note was written, in loc: the zone
// the store read the note in (replies.readers), so "tomorrow 5pm" is the
// family's tomorrow, and written on the readers' clock c: the notification
// shows the text as it is. With a zone name (a DM's writer who lives
// elsewhere: zoneNamed), each time says it ("due Wed 5 PM New York time")
// and is plain text: Slack shows a date token in its reader's own zone,
// beside a name that would then be false.
func detail(n bh.Note, f bh.Fact, loc *time.Location, c bh.Clock, zone string) (string, []bh.Stamp) {
	var stamps []bh.Stamp
	stamp := func(t time.Time, layout string) string {
		st := bh.StampOf(t.In(loc), layout)
		st.Text = c.Format(t.In(loc), layout)
		if zone == "" {
			stamps = append(stamps, st)
		}
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
		return "out", nil
	case f.Horizon > 0:
		text = "runs out by " + stamp(n.CreatedAt.Add(f.Horizon), "Mon 15:04")
	case f.Energy != "":
		if f.SleepHours > 0 {
			return fmt.Sprintf("energy %s, slept %gh", f.Energy, f.SleepHours), nil
		}
		return "energy " + string(f.Energy), nil
	default:
		return "", nil
	}
	if zone != "" {
		text += " " + zone
	}
	return text, stamps
}

// render is a note's reply as it should look now: read in the zone the
// store read the note in, on its readers' clock (readers).
func (r *replies) render(ctx context.Context, n bh.Note) blocks.Message {
	if n.Deleted() {
		return blocks.NoteReply(n, "")
	}
	// One reading of the note serves what the reply says and what it closed.
	loc, c, own := r.readers(ctx, n)
	f := normalize.Fact(n, loc, n.CreatedAt)
	if f.Medical {
		// The health line in full, with Resolved: no grey tag, no time.
		return blocks.HealthNoteReply(n)
	}
	closed := r.restocks.closedBy(ctx, n, f.Restocked)
	text, stamps := detail(n, f, loc, c, "")
	zone := ""
	if own != nil {
		shown := make([]time.Time, 0, len(stamps)+len(closed))
		for _, st := range stamps {
			shown = append(shown, st.At)
		}
		for _, cn := range closed {
			shown = append(shown, cn.CreatedAt)
		}
		// Said again with the family's zone named, when the writer lives
		// in another (rare: one family, two zones).
		if zone = zoneNamed(loc, own, r.b.cfg.Now(), shown...); zone != "" {
			text, stamps = detail(n, f, loc, c, zone)
		}
	}
	if closes := closesText(n, closed, func(u string) string { return r.b.userName(ctx, u) }, loc, c, zone); closes != "" {
		text = strings.TrimPrefix(text+" · "+closes, " · ")
	}
	return blocks.NoteReply(n, text, stamps...)
}

// readers is how the reply's readers see the note's times. loc is the
// zone the store read the note in: its family's (bh.Shift.Location), as
// the radar, the plan and App Home read it, wherever it was written.
// While the family has none, the writer's (DEFAULT_TZ where Slack has
// none): the zone the family learns from that note once Slack tells it
// (the store reads its notes again then); the reply does not wait for it
// to be recorded. c is the clock they read (clockIn): in a DM its
// writer's, in a channel the family zone's. own is, in a DM, the writer's
// own zone, to name the family's when it is another (zoneNamed); nil in a
// channel, whose readers share the family's.
func (r *replies) readers(ctx context.Context, n bh.Note) (loc *time.Location, c bh.Clock, own *time.Location) {
	own = r.b.userLoc(ctx, n.UserID)
	loc = own
	if shift, err := r.family(ctx, n); err != nil {
		r.b.log.DebugContext(ctx, "bot: a reply's family", "note_id", n.ID, "channel", n.ChannelID, "err", err)
	} else if shift.TZ == "" && shift.Sample {
		// Never learnt: the store reads the sample in DEFAULT_TZ.
		loc = r.b.cfg.Location
	} else {
		loc = shift.Location(own)
	}
	if bh.ConversationKindOf(n.ChannelID) != bh.ConvDM {
		own = nil
	}
	return loc, r.b.clockIn(ctx, n.ChannelID, n.UserID, loc), own
}

// family is the note's family: the one the store keeps it in (and read
// it in), else the one its conversation feeds.
func (r *replies) family(ctx context.Context, n bh.Note) (bh.Shift, error) {
	if n.ShiftID != "" {
		return r.store.ShiftByID(ctx, n.TeamID, n.ShiftID)
	}
	return r.b.cfg.Store.Shift(ctx, n.TeamID, n.ChannelID)
}

// zoneNamed is how a reply names loc, the zone its times are read in
// ("New York time", bh.ZoneName as App Home and the radar name zones), for
// a writer whose own zone is own, when the times shown there differ from
// theirs; "" when own is nil (a channel) or reads every one of shown as
// loc does (their own zone, or one on the same clock then).
func zoneNamed(loc, own *time.Location, now time.Time, shown ...time.Time) string {
	if own == nil || loc == nil || loc.String() == own.String() {
		return ""
	}
	for _, t := range shown {
		_, a := t.In(loc).Zone()
		_, b := t.In(own).Zone()
		if a != b {
			return bh.ZoneName(loc, now)
		}
	}
	return ""
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
