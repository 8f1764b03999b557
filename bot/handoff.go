package bot

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// handoffStore is what handing off needs from the store.
type handoffStore interface {
	runRecords
	// Run walks an edit back to its parent (planOf).
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	SetDuty(ctx context.Context, d bh.Duty) error
	CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error)
	Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error)
	HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error
	// TakeHandoff records the first Got it; took is false for any later one.
	TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (bh.Handoff, bool, error)
	// ClaimHandoffReminder is true for the one caller that may remind.
	ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error)
	WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error)
	// RecentHandoffs are a shift's handoffs made since since.
	RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error)
	HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error)
	// LiveNotes are what a handoff's messages are made from.
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
}

// handoffs hands a conversation to another caregiver: the form (from the
// card, App Home or /handoff), the receiver's message with Got it, Ask and
// Done, the sender's thread, the one reminder, and who is on duty.
type handoffs struct {
	b     *Bot
	store handoffStore
	share *sharer
	home  *home
	// families asks a receiver outside the family to join it.
	families *families
	links    *links
	// cards edit the plan from a handoff message's ⋯ (blockmenu.go).
	cards *cards

	mu     sync.Mutex
	timers map[string]func() bool // handoff id → its reminder's stop
	// locks hold a handoff's buttons until send has recorded where its
	// messages are: a receiver quick enough to tap Got it before then
	// would find no thread to tell.
	locks keylock.Locks
	// redraws keeps one re-render of a handoff's messages at a time, so an
	// older read never lands after a newer one.
	redraws keylock.Locks
}

const handoffUsage = "Try `/handoff` (a form), `/handoff @Sam`, `/handoff @Sam from 7pm for 10h`, or `/handoff @Sam tomorrow 7am 12h`."

var mentionRe = regexp.MustCompile(`^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$`)

// handoffArgs is a parsed /handoff: the people named, and the words of
// when (kept as typed for the form's From field).
type handoffArgs struct {
	to    []string
	from  string
	hours int
}

// parseHandoffArgs reads "/handoff [@person…] [from 7pm|tomorrow 7am] [for 10h]".
func parseHandoffArgs(text string) (handoffArgs, error) {
	a := handoffArgs{hours: 12}
	var when []string
	for _, f := range strings.Fields(text) {
		if m := mentionRe.FindStringSubmatch(f); m != nil {
			a.to = append(a.to, m[1])
			continue
		}
		lf := strings.ToLower(f)
		switch {
		case strings.HasPrefix(f, "@"):
			return a, bh.Errorf(bh.EINVALID, "I could not tell who %q is: pick them from Slack's list as you type @, or in the form. %s", blocks.Escape(bh.Truncate(f, 40)), handoffUsage)
		case lf == "for":
		case hoursRe.MatchString(lf):
			n, _ := strconv.Atoi(hoursRe.FindStringSubmatch(lf)[1])
			if n < 1 || n > bh.MaxHandoffHours {
				return a, bh.Errorf(bh.EINVALID, "A handoff is 1 to %d hours (you wrote %q). %s", bh.MaxHandoffHours, blocks.Escape(f), handoffUsage)
			}
			a.hours = n
		default:
			when = append(when, lf)
		}
	}
	a.from = strings.Join(when, " ")
	if _, err := parseWhen(a.from); err != nil {
		return a, err
	}
	if a.from == "" {
		a.from = "now"
	}
	return a, nil
}

// parseWhen reads when a handoff starts: "now", "7pm", "from 7pm",
// "tonight", "tomorrow 7am".
func parseWhen(text string) (window, error) {
	var w window
	fields := strings.Fields(strings.ToLower(text))
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if i+1 < len(fields) && meridiem(fields[i+1]) {
			f += fields[i+1]
			i++
		}
		switch {
		case f == "from" || f == "at" || f == "starting":
		case w.word(f):
		default:
			return w, bh.Errorf(bh.EINVALID, "I did not understand %q as a time: try now, 7pm, tonight or tomorrow 7am.", blocks.Escape(bh.Truncate(f, 40)))
		}
	}
	// A handoff's length is the form's; "tonight" only says when it starts.
	w.hoursSet = true
	return w, nil
}

// command is /handoff: the form, filled in with what was typed.
func (h *handoffs) command(ctx context.Context, cmd slack.SlashCommand) {
	a, err := parseHandoffArgs(cmd.Text)
	if err != nil {
		h.b.refuse(ctx, cmd.ChannelID, cmd.UserID, err)
		return
	}
	h.openForm(ctx, cmd.TriggerID, blocks.HandoffForm{ChannelID: cmd.ChannelID, Channel: isChannel(cmd.ChannelID), To: a.to, From: a.from, Hours: a.hours},
		cmd.ChannelID, cmd.UserID)
}

// open is Hand off on a Decision Card (its value is the run) or on App
// Home (HomeHandoff: the person's DM conversation, its latest plan).
func (h *handoffs) open(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	f := blocks.HandoffForm{}
	if a.Value == blocks.HomeHandoff {
		ch, ok := h.b.actionChannel(ctx, cb)
		if !ok {
			return
		}
		f.ChannelID = ch
	} else {
		rec, ok := cardRun(ctx, h.b, h.store, cb, a.Value)
		if !ok {
			return
		}
		f.ChannelID, f.RunID = rec.Run.ChannelID, rec.Run.ID
	}
	f.Channel = isChannel(f.ChannelID)
	h.openForm(ctx, cb.TriggerID, f, channelOf(cb), cb.User.ID)
}

func (h *handoffs) openForm(ctx context.Context, triggerID string, f blocks.HandoffForm, channelID, userID string) {
	if _, err := h.b.api.OpenViewContext(ctx, triggerID, blocks.HandoffModal(f)); err != nil {
		h.b.log.ErrorContext(ctx, "bot: open Hand off", "channel", f.ChannelID, "err", err)
		h.b.tell(ctx, channelID, userID, "I could not open the Hand off form"+bh.Ref(ctx)+"; please try again.")
	}
}

// isChannel reports whether a conversation is a channel (a family channel
// can hand off to everyone in it), not a DM.
func isChannel(id string) bool { return strings.HasPrefix(id, "C") || strings.HasPrefix(id, "G") }

// validateTimeout bounds the Slack look-ups a form's check makes: Slack
// takes its errors only in the ack, within 3 s.
const validateTimeout = 2 * time.Second

// submit checks the form in the ack — each person, the channel, the start
// — and answers errors on the field they belong to; then hands off.
func (h *handoffs) submit(req *socketmode.Request, cb slack.InteractionCallback) {
	b := h.b
	ans := blocks.ReadHandoffForm(cb.View.State)
	channelID, runID := blocks.ParseHandoffMetadata(cb.View.PrivateMetadata)
	// The check asks Slack about people and channels: a worker does it
	// (the socket's reader never waits on the network) and acks.
	queued := b.enqueue(cb.Team.ID, "handoff", func(ctx context.Context) {
		vctx, cancel := context.WithTimeout(ctx, validateTimeout)
		errs := h.check(vctx, cb, channelID, ans)
		cancel()
		if len(errs) > 0 {
			b.ack(req, slack.NewErrorsViewSubmissionResponse(errs))
			return
		}
		b.ack(req, nil)
		h.send(ctx, cb, channelID, runID, ans)
	})
	if !queued {
		b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputHandoffTo: "I am too busy right now; please submit again in a moment."}))
	}
}

// check is the form's validation: a map from input block to what is wrong.
func (h *handoffs) check(ctx context.Context, cb slack.InteractionCallback, channelID string, ans blocks.HandoffAnswers) map[string]string {
	b := h.b
	errs := map[string]string{}
	if channelID == "" {
		errs[blocks.InputHandoffTo] = "This form lost its conversation; open Hand off again."
		return errs
	}
	if len(ans.To) == 0 && !ans.Everyone {
		errs[blocks.InputHandoffTo] = "Pick who takes over."
		if isChannel(channelID) {
			errs[blocks.InputHandoffTo] = "Pick who takes over, or everyone in this channel."
		}
	}
	team := cb.Team.ID
	if team == "" {
		team = b.identity().TeamID
	}
	for _, u := range ans.To {
		if why := h.notReceiver(ctx, cb.User.ID, u, team); why != "" {
			errs[blocks.InputHandoffTo] = why
			break
		}
	}
	if ans.Post != "" {
		if why := h.notPostable(ctx, ans.Post); why != "" {
			errs[blocks.InputHandoffPost] = why
		}
	}
	if _, err := parseWhen(ans.From); err != nil {
		errs[blocks.InputHandoffFrom] = bh.ErrorText(ctx, err)
	}
	if ans.Hours < 1 || ans.Hours > bh.MaxHandoffHours {
		errs[blocks.InputHandoffHours] = fmt.Sprintf("Pick 1 to %d hours.", bh.MaxHandoffHours)
	}
	return errs
}

// notReceiver says why user cannot take a handoff ("" when they can):
// themselves, a bot, a deactivated account, someone outside the team.
func (h *handoffs) notReceiver(ctx context.Context, sender, user, team string) string {
	if user == sender {
		return "That is you: pick who takes over."
	}
	p, err := h.b.person(ctx, user)
	if err != nil {
		return "I could not look that person up in Slack; try again in a moment."
	}
	name := p.name
	if name == "" {
		name = "That person"
	}
	switch {
	case p.bot:
		return fmt.Sprintf("%s is a bot; pick a person.", name)
	case p.deleted:
		return fmt.Sprintf("%s's account is deactivated.", name)
	case team != "" && p.team != "" && p.team != team:
		return fmt.Sprintf("%s is outside this workspace; I can only hand off to people in it.", name)
	}
	return ""
}

// notPostable says why the handoff cannot be posted in a channel ("" when
// it can): the bot must be in it.
func (h *handoffs) notPostable(ctx context.Context, channelID string) string {
	ch, err := h.b.api.GetConversationInfoContext(ctx, &slack.GetConversationInfoInput{ChannelID: channelID})
	switch {
	case err != nil:
		return "I cannot see that channel: invite me with /invite @BabyHandoff, or pick people."
	case ch == nil || !ch.IsMember:
		return "I am not in that channel: invite me with /invite @BabyHandoff, or pick people."
	}
	return ""
}

// send hands off: the sender's thread in the conversation, each receiver's
// message (or one in the channel), handoff.md in their thread, the
// reminder.
func (h *handoffs) send(ctx context.Context, cb slack.InteractionCallback, channelID, runID string, ans blocks.HandoffAnswers) {
	b := h.b
	team, sender := cb.Team.ID, cb.User.ID
	shift, err := h.store.Shift(ctx, team, channelID)
	if err != nil {
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			err = bh.Errorf(bh.ENOTFOUND, "There is nothing to hand off here yet: send a note first.")
		}
		b.refuse(ctx, channelID, sender, err)
		return
	}
	shift = b.familyZone(ctx, shift, sender)
	loc := shift.Location(b.cfg.Location)
	now := b.cfg.Now()
	w, _ := parseWhen(ans.From) // checked in the form
	start, _ := w.from(now, loc, ans.Hours)
	if start.IsZero() {
		start = now
	}
	var rec *bh.RunRecord
	postTo := postedIn(channelID, ans)
	if ans.Plan {
		mayHide := false
		switch {
		case len(ans.To) == 1 && postTo == "":
			// One receiver: the plan is made for them, their night.
			if dm, err := b.dm(ctx, ans.To[0]); err == nil {
				rec = b.planner.receiverPlan(ctx, shift, sender, ans.To[0], dm, start, ans.Hours)
			}
		case postTo != "":
			if aud := b.audienceOf(ctx, team, shift.ID, postTo); !aud.whole {
				// Posted in a channel where not everyone joined the family:
				// a plan of that channel's notes, never the card's or the
				// latest (they may hold notes from members' DMs).
				mayHide = true
				rec = b.planner.handoffPlan(ctx, shift, sender, "", aud, start, ans.Hours)
			}
		}
		if rec == nil && !mayHide {
			rec = h.plan(ctx, team, shift, runID)
		}
	}
	ho := bh.Handoff{TeamID: team, ShiftID: shift.ID, ChannelID: channelID, From: sender, To: ans.To, Everyone: ans.Everyone,
		Post: postTo, Start: start, Hours: ans.Hours, Message: ans.Message}
	if rec != nil {
		ho.RunID = rec.Run.ID
	}
	ho, err = h.store.CreateHandoff(ctx, ho)
	if err != nil {
		b.refuse(ctx, channelID, sender, err)
		return
	}
	unlock := h.locks.Lock(ho.ID)
	defer func() {
		if unlock != nil {
			unlock()
		}
	}()
	threadCh, threadTS, err := b.api.PostMessageContext(ctx, channelID, h.thread(ctx, ho, loc).Options()...)
	if err != nil {
		b.log.WarnContext(ctx, "bot: handoff: the sender's message", "handoff_id", ho.ID, "err", err)
	}
	var sent []bh.HandoffMessage
	var failed []string
	notes, links := h.notes(ctx, ho)
	post := func(receiver, where string) {
		msg := h.message(ctx, ho, receiver, where, loc, rec, notes, links)
		ch, ts, err := b.api.PostMessageContext(ctx, where, msg.Options()...)
		if err != nil {
			b.log.InfoContext(ctx, "bot: handoff: post", "handoff_id", ho.ID, "to", where, "err", err)
			failed = append(failed, fmt.Sprintf("%s (%s)", target(receiver, where), slackErr(err)))
			return
		}
		sent = append(sent, bh.HandoffMessage{UserID: receiver, ChannelID: ch, TS: ts})
	}
	if ho.Post != "" {
		post("", ho.Post)
	} else {
		for _, u := range ho.To {
			dm, err := b.dm(ctx, u)
			if err != nil {
				failed = append(failed, fmt.Sprintf("<@%s> (%s)", u, slackErr(err)))
				continue
			}
			post(u, dm)
		}
	}
	if err := h.store.HandoffSent(ctx, team, ho.ID, threadCh, threadTS, sent); err != nil {
		b.log.ErrorContext(ctx, "bot: handoff: record messages", "handoff_id", ho.ID, "err", err)
	}
	unlock()
	unlock = nil
	h.inviteOutsiders(ctx, ho, sent)
	if rec != nil {
		// The files, once the buttons work: they take a moment. Each
		// reader's links are the ones they can open.
		for _, m := range sent {
			for _, f := range h.share.handoffFiles(ctx, *rec, m.ChannelID) {
				h.share.upload(ctx, team, f, m.ChannelID, m.TS, sender)
			}
		}
	}
	if len(sent) == 0 {
		b.tell(ctx, channelID, sender, "Not handed off: I could not reach "+strings.Join(failed, ", ")+".")
		return
	}
	h.schedule(team, ho.ID, bh.HandoffRemindAfter)
	told := "🤝 Handed off. I will say in its thread when they tap *Got it*."
	if rec == nil && ans.Plan {
		told += " There was no plan yet, so I sent your message and the hours without one."
	}
	if len(failed) > 0 {
		told += " I could not reach " + strings.Join(failed, ", ") + "."
	}
	b.tell(ctx, channelID, sender, told)
}

// postedIn is the channel a handoff is posted in ("" when it goes to its
// receivers' DMs): the one picked, or, for everyone in it, the channel it
// was sent from.
func postedIn(channelID string, ans blocks.HandoffAnswers) string {
	if ans.Everyone && ans.Post == "" {
		return channelID
	}
	return ans.Post
}

func target(receiver, where string) string {
	if receiver != "" {
		return "<@" + receiver + ">"
	}
	return "<#" + where + ">"
}

// plan is the plan a handoff to several people or a channel sends: the
// card's run, else the latest; nil when the conversation has none. A run
// of the shift is sent wherever it was made: the latest may be one made
// for an earlier handoff's receiver.
func (h *handoffs) plan(ctx context.Context, team string, shift bh.Shift, runID string) *bh.RunRecord {
	if runID == "" {
		run, err := h.store.LatestRun(ctx, team, shift.ID)
		if err != nil {
			return nil
		}
		runID = run.ID
	}
	rec, err := h.store.RunRecord(ctx, team, runID)
	if err == nil && rec.Run.ShiftID != shift.ID {
		err = bh.Errorf(bh.EFORBIDDEN, "that plan is another conversation's")
	}
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: no plan", "run_id", runID, "err", err)
		return nil
	}
	return &rec
}

// notes are what a handoff's messages are made from, read once for all
// its receivers: the family's live notes (open ones, and those done lately
// for "done since") and their links.
func (h *handoffs) notes(ctx context.Context, ho bh.Handoff) ([]bh.Note, blocks.Links) {
	live, err := h.store.LiveNotes(ctx, ho.TeamID, ho.ShiftID, h.b.cfg.Now())
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: notes", "handoff_id", ho.ID, "err", err)
		return nil, nil
	}
	links, _, _ := h.links.from(live.Notes)
	return live.Notes, links
}

// message is one receiver's handoff message as it stands: what is done
// since struck through, the first-time line for someone the bot has no
// conversation with yet. loc is the family's zone (locOf), notes and
// links are h.notes': read once for all of a handoff's messages.
func (h *handoffs) message(ctx context.Context, ho bh.Handoff, receiver, where string, loc *time.Location, rec *bh.RunRecord, notes []bh.Note, links blocks.Links) blocks.Message {
	b := h.b
	v := blocks.HandoffView{Handoff: ho, Receiver: receiver, SenderName: b.userName(ctx, ho.From), Now: b.cfg.Now(), Done: map[string]bool{}, Location: loc}
	// Read by the receiver in their DM; in a channel, by several (the
	// family's clock, blocks/when.go).
	v.Clock = b.clockIn(ctx, where, receiver, v.Location)
	if receiver != "" {
		if _, err := h.store.Shift(ctx, ho.TeamID, where); bh.ErrorCode(err) == bh.ENOTFOUND {
			v.FirstTime = true
		}
	}
	// The health notes come from the notes, not the plan: a plan made
	// before a fever, or none at all, must not hide it. Only those this
	// message's readers may see (in a channel where not everyone joined,
	// its own), linked only where they can open them.
	aud := b.audienceOf(ctx, ho.TeamID, ho.ShiftID, where)
	notes = aud.notes(notes)
	if receiver != "" && bh.ConversationKindOf(where) == bh.ConvDM && !h.member(ctx, ho, receiver) {
		// Someone outside the family (never joined, or left) keeps what
		// was handed to them, redrawn as it changes, and nothing newer.
		notes = writtenBy(notes, ho.CreatedAt)
	}
	v.Health, v.Mood = healthEntries(notes, aud.links(notes, links), ho.CreatedAt)
	if rec != nil {
		w := rec.Winner()
		v.Plan, v.Run = &w, rec.Run
		// Undo, for a minute after an edit, as on the card.
		v.Undo = rec.Run.Edit != nil && len(rec.Run.Edit.Ops) > 0 && b.cfg.Now().Sub(rec.Run.Edit.At) <= undoFor
		for _, n := range notes {
			if n.Done() {
				v.Done[n.ID] = true
			}
		}
		v.Claims = bh.Claims(notes)
	}
	return blocks.HandoffMessage(v)
}

// member reports whether user is in the handoff's family now; a failure
// to tell counts as not (what they see is then only what was sent).
func (h *handoffs) member(ctx context.Context, ho bh.Handoff, user string) bool {
	ms, err := h.b.cfg.Store.Members(ctx, ho.TeamID, ho.ShiftID)
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: members", "handoff_id", ho.ID, "err", err)
		return false
	}
	return slices.ContainsFunc(ms, func(m bh.Member) bool { return m.UserID == user })
}

// writtenBy keeps the notes written by t.
func writtenBy(notes []bh.Note, t time.Time) []bh.Note {
	out := notes[:0:0]
	for _, n := range notes {
		if !n.CreatedAt.After(t) {
			out = append(out, n)
		}
	}
	return out
}

// refresh re-renders every message of a handoff (after Got it, a Done).
func (h *handoffs) refresh(ctx context.Context, ho bh.Handoff) {
	defer h.redraws.Lock(ho.TeamID + "/" + ho.ID)()
	// What every message is drawn from is read once for all of them.
	rec, loc := h.planOf(ctx, ho), h.locOf(ctx, ho)
	notes, links := h.notes(ctx, ho)
	for _, m := range ho.Sent {
		if err := h.b.update(ctx, m.ChannelID, m.TS, h.message(ctx, ho, m.UserID, m.ChannelID, loc, rec, notes, links)); err != nil {
			h.b.log.InfoContext(ctx, "bot: handoff: update message", "handoff_id", ho.ID, "err", err)
		}
	}
	if ho.ThreadTS != "" {
		if err := h.b.update(ctx, ho.ThreadChannel, ho.ThreadTS, h.thread(ctx, ho, loc)); err != nil {
			h.b.log.InfoContext(ctx, "bot: handoff: update the sender's message", "handoff_id", ho.ID, "err", err)
		}
	}
}

// handoffOf is the handoff a button names, for a person who may act on
// it: a receiver (or, for Done and Ask, the sender too).
func (h *handoffs) handoffOf(ctx context.Context, cb slack.InteractionCallback, id string, senderToo bool) (bh.Handoff, bool) {
	// Wait for a send still recording where its messages are.
	h.locks.Lock(id)()
	ho, err := h.store.Handoff(ctx, cb.Team.ID, id)
	if err == nil && !ho.Receiver(cb.User.ID) && !(senderToo && cb.User.ID == ho.From) {
		err = bh.Errorf(bh.EFORBIDDEN, "This handoff is not yours to take; nothing was changed.")
	}
	if err != nil {
		h.b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return ho, false
	}
	return ho, true
}

// crossedBy is the handoff that crossed ho: one between the same people
// the other way (from a receiver of ho to its sender), taken by ho's
// sender after ho was sent. Then ho is moot: its sender took the duty
// they were handing away.
func (h *handoffs) crossedBy(ctx context.Context, ho bh.Handoff) (bh.Handoff, bool) {
	// A crossing handoff was sent at most its length before ho.
	recent, err := h.store.RecentHandoffs(ctx, ho.TeamID, ho.ShiftID, ho.CreatedAt.Add(-24*time.Hour))
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: crossing handoffs", "handoff_id", ho.ID, "err", err)
		return bh.Handoff{}, false
	}
	for _, x := range recent {
		if x.ID != ho.ID && x.Taken() && x.GotBy == ho.From && x.From != ho.From && ho.Receiver(x.From) && !x.GotAt.Before(ho.CreatedAt) {
			return x, true
		}
	}
	return bh.Handoff{}, false
}

// whose names from's handoff to user: "your" when it was theirs.
func whose(from, user string) string {
	if from == user {
		return "your"
	}
	return fmt.Sprintf("<@%s>'s", from)
}

// thread is the sender's message of ho as it stands, in the family's zone
// loc (locOf), on the clock of its conversation's readers.
func (h *handoffs) thread(ctx context.Context, ho bh.Handoff, loc *time.Location) blocks.Message {
	return blocks.HandoffThread(ho, loc, h.b.clockIn(ctx, cmp.Or(ho.ThreadChannel, ho.ChannelID), ho.From, loc))
}

// locOf is the zone of ho's family (DEFAULT_TZ when the store fails).
func (h *handoffs) locOf(ctx context.Context, ho bh.Handoff) *time.Location {
	if shift, err := h.store.Shift(ctx, ho.TeamID, ho.ChannelID); err == nil {
		return h.b.familyZone(ctx, shift, ho.From).Location(h.b.cfg.Location)
	}
	return h.b.cfg.Location
}

// gotIt is the receiver's Got it: the first one takes the duty; the
// sender's thread names them; every message of the handoff shows it. Only
// a member of the family takes it.
func (h *handoffs) gotIt(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	h.takeOver(ctx, cb, a.Value, true)
}

// joinAndTake is "Join Maya's family and take it": Join's path, then Got
// it's (where the first Got it still wins).
func (h *handoffs) joinAndTake(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := h.b
	invID, id, ok := blocks.ParseJoinTake(a.Value)
	if !ok {
		b.tell(ctx, channelOf(cb), cb.User.ID, "That button does not name an invite and a handoff; nothing was changed.")
		return
	}
	ho, ok := h.handoffOf(ctx, cb, id, false)
	if !ok {
		return
	}
	if !h.families.member(ctx, ho.TeamID, ho.ShiftID, cb.User.ID) {
		inv, ok := h.families.answerable(ctx, cb, invID)
		if !ok {
			return
		}
		if inv.ShiftID != ho.ShiftID {
			b.tell(ctx, channelOf(cb), cb.User.ID, "That invite is for another family than the handoff's; nothing was changed.")
			return
		}
		// Joined from the handoff: the invite sent with it in their DM
		// loses its Join too, rather than answer "already" later.
		where, inviteTS := "", ""
		for _, m := range ho.Sent {
			if m.UserID == cb.User.ID && m.InviteTS != "" {
				where, inviteTS = m.ChannelID, m.InviteTS
			}
		}
		if !h.families.accept(ctx, cb, inv, where, inviteTS) {
			return
		}
	}
	h.takeOver(ctx, cb, id, false)
}

// takeOver is Got it's path for the handoff id. Someone outside its family
// is refused, and offered (offer) to join and take it at once when an
// invite to that family waits for them.
func (h *handoffs) takeOver(ctx context.Context, cb slack.InteractionCallback, id string, offer bool) {
	b := h.b
	ho, ok := h.handoffOf(ctx, cb, id, false)
	if !ok {
		return
	}
	now := b.cfg.Now()
	if ho.Over(now) && !ho.Taken() {
		// Taking it now would put them on duty for a time that is over.
		b.tell(ctx, channelOf(cb), cb.User.ID, "That handoff's time is over; nothing was changed. Ask for a new one if you are taking over now.")
		return
	}
	if x, crossed := h.crossedBy(ctx, ho); crossed {
		// Handed off to each other at once: the first Got it won.
		b.tell(ctx, channelOf(cb), cb.User.ID, fmt.Sprintf("<@%s> already has it: they took %s handoff at %s; nothing was changed.",
			x.GotBy, whose(x.From, cb.User.ID), b.userClock(ctx, cb.User.ID).Format(x.GotAt.In(h.locOf(ctx, ho)), "15:04")))
		return
	}
	if !ho.Taken() && !h.families.member(ctx, ho.TeamID, ho.ShiftID, cb.User.ID) {
		// Only the family acts on its items, and duty is one: the radar
		// could not speak to someone outside it (consent is Join's).
		h.refuseOutsider(ctx, cb, ho, offer)
		return
	}
	ho, took, err := h.store.TakeHandoff(ctx, ho.TeamID, ho.ID, cb.User.ID, now)
	if err != nil {
		b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	if !took {
		who := fmt.Sprintf("<@%s> already has it", ho.GotBy)
		if ho.GotBy == cb.User.ID {
			who = "You already have it"
		}
		b.tell(ctx, channelOf(cb), cb.User.ID, who+"; nothing was changed.")
		return
	}
	h.stop(ho.ID)
	if err := h.store.SetDuty(ctx, ho.DutyFrom(cb.User.ID, now)); err != nil {
		// The handoff is theirs; only "who's on" was not written. Say so,
		// with the way to put it right, rather than let App Home and the
		// radar go on naming the person before.
		b.log.ErrorContext(ctx, "bot: handoff: set duty", "handoff_id", ho.ID, "err", err)
		b.tell(ctx, channelOf(cb), cb.User.ID, "You have it, but I could not record that you are on duty. "+bh.ErrorText(ctx, err)+" Tap *I'm on now* on my Home tab to try again.")
	}
	loc := h.locOf(ctx, ho)
	if ho.ThreadTS != "" {
		msg := blocks.HandoffTaken(ho, loc, b.clockIn(ctx, ho.ThreadChannel, ho.From, loc))
		if err := b.postInThread(ctx, ho.ThreadChannel, ho.ThreadTS, msg); err != nil {
			b.log.InfoContext(ctx, "bot: handoff: tell the sender", "handoff_id", ho.ID, "err", err)
		}
	}
	h.refresh(ctx, ho)
	h.home.shiftChanged(ctx, ho.TeamID, ho.ChannelID, ho.From)
}

// refuseOutsider tells someone outside ho's family, privately, that its
// handoff is not theirs to take yet: with "Join … and take it" (offer)
// when an invite to the family waits for them, else how to be added.
func (h *handoffs) refuseOutsider(ctx context.Context, cb slack.InteractionCallback, ho bh.Handoff, offer bool) {
	b := h.b
	inv := ""
	if offer {
		inv = h.families.openInvite(ctx, ho.TeamID, ho.ShiftID, cb.User.ID, ho.ID)
	}
	msg := blocks.NotInFamily(b.userName(ctx, ho.From), inv, ho.ID)
	if _, err := b.api.PostEphemeralContext(ctx, channelOf(cb), cb.User.ID, msg.Options()...); err != nil {
		b.log.InfoContext(ctx, "bot: handoff: refuse someone outside the family", "handoff_id", ho.ID, "err", err)
		b.tell(ctx, "", cb.User.ID, msg.Text)
	}
}

// ask opens the question form for a receiver.
func (h *handoffs) ask(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	ho, ok := h.handoffOf(ctx, cb, a.Value, false)
	if !ok {
		return
	}
	if _, err := h.b.api.OpenViewContext(ctx, cb.TriggerID, blocks.AskModal(ho.ID, h.b.userName(ctx, ho.From))); err != nil {
		h.b.log.ErrorContext(ctx, "bot: open Ask", "handoff_id", ho.ID, "err", err)
		h.b.tell(ctx, channelOf(cb), cb.User.ID, "I could not open the question form"+bh.Ref(ctx)+"; please try again.")
	}
}

// askSubmit puts the question in the sender's thread, the sender
// mentioned; their reply there comes back to the receivers (relay).
func (h *handoffs) askSubmit(req *socketmode.Request, cb slack.InteractionCallback) {
	q := ""
	if st := cb.View.State; st != nil {
		q = strings.TrimSpace(st.Values[blocks.InputHandoffQuestion][blocks.ActionHandoffField].Value)
	}
	if q == "" {
		h.b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputHandoffQuestion: "Write your question."}))
		return
	}
	h.b.ack(req, nil)
	id := cb.View.PrivateMetadata
	h.b.enqueue(cb.Team.ID, "handoff ask", func(ctx context.Context) {
		ho, ok := h.handoffOf(ctx, cb, id, false)
		if !ok {
			return
		}
		if ho.ThreadTS == "" {
			h.b.tell(ctx, "", cb.User.ID, "I could not find where this handoff was sent from; please ask them directly.")
			return
		}
		msg := blocks.HandoffQuestion(cb.User.ID, ho.From, q)
		if err := h.b.postInThread(ctx, ho.ThreadChannel, ho.ThreadTS, msg); err != nil {
			h.b.tell(ctx, "", cb.User.ID, fmt.Sprintf("I could not pass your question on (%s)%s. Please try again.", slackErr(err), bh.Ref(ctx)))
			return
		}
		for _, m := range ho.Sent {
			if m.UserID == cb.User.ID || (m.UserID == "" && ho.Everyone) {
				note := blocks.Notice(fmt.Sprintf("❓ You asked <@%s>: %s — their answer will appear in this thread.", ho.From, blocks.Echo(q, 500)))
				if err := h.b.postInThread(ctx, m.ChannelID, m.TS, note); err != nil {
					h.b.log.InfoContext(ctx, "bot: handoff: confirm question", "handoff_id", ho.ID, "err", err)
				}
			}
		}
	})
}

// relay passes a reply in a handoff's thread (the sender's answer) to the
// receivers' threads.
func (h *handoffs) relay(ctx context.Context, ho bh.Handoff, user, text string) {
	msg := blocks.HandoffAnswer(user, text)
	for _, m := range ho.Sent {
		if err := h.b.postInThread(ctx, m.ChannelID, m.TS, msg); err != nil {
			h.b.log.InfoContext(ctx, "bot: handoff: pass an answer on", "handoff_id", ho.ID, "err", err)
		}
	}
}

// done is Done (or its Undo) on a handoff's item: checked against the
// handoff, so a receiver may close the conversation's item from their DM.
func (h *handoffs) done(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := h.b
	id, noteID, ok := blocks.ParseHandoffDone(valueOf(a))
	if !ok {
		b.tell(ctx, channelOf(cb), cb.User.ID, "That button does not name an item; nothing was changed.")
		return
	}
	ho, ok := h.memberHandoff(ctx, cb, id)
	if !ok {
		return
	}
	h.doneNote(ctx, cb, ho, noteID, a.ActionID == blocks.ActionHandoffUndone)
}

// memberHandoff is the handoff a control names, for its receivers and
// its sender who are in its family: a receiver who has not joined reads
// the handoff but acts on none of the family's items (false, once told).
func (h *handoffs) memberHandoff(ctx context.Context, cb slack.InteractionCallback, id string) (bh.Handoff, bool) {
	ho, ok := h.handoffOf(ctx, cb, id, true)
	if !ok {
		return ho, false
	}
	if !h.families.member(ctx, ho.TeamID, ho.ShiftID, cb.User.ID) {
		h.b.tell(ctx, channelOf(cb), cb.User.ID, "You are not in this family's list yet, and only its members close its items or change its plan; nothing was changed. Tap *Join* in my message about the family's list first.")
		return ho, false
	}
	return ho, true
}

// doneNote is Done (undo: its Undo) on ho's item noteID, from one of its
// messages.
func (h *handoffs) doneNote(ctx context.Context, cb slack.InteractionCallback, ho bh.Handoff, noteID string, undo bool) {
	b := h.b
	n, err := h.store.Note(ctx, ho.TeamID, noteID)
	switch {
	case err != nil:
	case n.ShiftID != ho.ShiftID:
		err = bh.Errorf(bh.EFORBIDDEN, "That item is not part of this handoff; nothing was changed.")
	default:
		n, err = tapDone(ctx, h.store, n, cb.User.ID, !undo)
	}
	if err != nil {
		b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	if isHealthNote(n) {
		// Every handoff and the card list it; Undo comes privately, checked
		// against this handoff as the Resolved was.
		b.healthChanged(ctx, n)
		msg := blocks.ResolvedNotice(n, blocks.ActionHandoffUndone, blocks.HandoffDoneValue(ho.ID, n.ID))
		if undo {
			msg = blocks.ListedAgainNotice(n)
		}
		if _, err := b.api.PostEphemeralContext(ctx, channelOf(cb), cb.User.ID, msg.Options()...); err != nil {
			b.log.DebugContext(ctx, "bot: confirm resolved", "err", err)
		}
	} else {
		h.refresh(ctx, ho)
		if latest, err := h.store.LatestRun(ctx, ho.TeamID, ho.ShiftID); err == nil {
			// The conversation's card shows the item done too.
			b.planner.refreshCard(ctx, ho.TeamID, latest.ID, latest.ChannelID)
		}
	}
	h.home.shiftChanged(ctx, n.TeamID, n.ChannelID, ho.From)
}

// refreshShift re-renders the handoffs of a shift made within the last day
// (taken or still waiting): the messages someone may be reading now.
func (h *handoffs) refreshShift(ctx context.Context, teamID, shiftID string) {
	recent, err := h.store.RecentHandoffs(ctx, teamID, shiftID, h.b.cfg.Now().Add(-24*time.Hour))
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoffs to bring up to date", "shift_id", shiftID, "err", err)
		return
	}
	for _, ho := range recent {
		h.refresh(ctx, ho)
	}
}

// take is App Home's "I'm on now": the person is on duty in their DM
// conversation from now, until someone takes over.
func (h *handoffs) take(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	b := h.b
	ch, ok := b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	shift, err := h.store.Shift(ctx, cb.Team.ID, ch)
	if err == nil {
		err = h.store.SetDuty(ctx, bh.Duty{TeamID: shift.TeamID, ShiftID: shift.ID, UserID: cb.User.ID, Since: b.cfg.Now()})
	}
	if err != nil {
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			err = bh.Errorf(bh.ENOTFOUND, "Send me a note first; then you can be on duty here.")
		}
		b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	h.home.shiftChanged(ctx, shift.TeamID, ch, cb.User.ID)
}

// schedule sets a handoff's one reminder after d.
func (h *handoffs) schedule(teamID, id string, d time.Duration) {
	stop := h.b.cfg.AfterFunc(d, func() {
		h.b.enqueue(teamID, "handoff reminder", func(ctx context.Context) { h.remind(ctx, teamID, id) })
	})
	h.mu.Lock()
	if h.timers == nil {
		h.timers = map[string]func() bool{}
	}
	h.timers[id] = stop
	h.mu.Unlock()
}

func (h *handoffs) stop(id string) {
	h.mu.Lock()
	stop := h.timers[id]
	delete(h.timers, id)
	h.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// remind sends the one reminder: to each receiver who has not tapped Got
// it, and a quiet line (no mention) in the sender's thread. The claim makes
// it once, across restarts and processes.
func (h *handoffs) remind(ctx context.Context, teamID, id string) {
	b := h.b
	h.mu.Lock()
	delete(h.timers, id)
	h.mu.Unlock()
	claimed, err := h.store.ClaimHandoffReminder(ctx, teamID, id, b.cfg.Now())
	if err != nil || !claimed {
		if err != nil {
			b.log.ErrorContext(ctx, "bot: handoff: claim reminder", "handoff_id", id, "err", err)
		}
		return
	}
	ho, err := h.store.Handoff(ctx, teamID, id)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: handoff: reminder", "handoff_id", id, "err", err)
		return
	}
	if _, crossed := h.crossedBy(ctx, ho); crossed {
		return // nothing to tap: its sender has the duty
	}
	loc := h.locOf(ctx, ho)
	var names []string
	for _, m := range ho.Sent {
		msg := blocks.HandoffReminder(ho, m.UserID, loc, b.clockIn(ctx, m.ChannelID, m.UserID, loc))
		if _, _, err := b.api.PostMessageContext(ctx, m.ChannelID, msg.Options()...); err != nil {
			b.log.InfoContext(ctx, "bot: handoff: remind", "handoff_id", ho.ID, "err", err)
		}
		if m.UserID != "" {
			names = append(names, b.userName(ctx, m.UserID))
		}
	}
	who := strings.Join(names, ", ")
	if who == "" {
		who = "anyone"
	}
	if ho.ThreadTS != "" {
		msg := blocks.HandoffStillWaiting(who)
		if err := b.postInThread(ctx, ho.ThreadChannel, ho.ThreadTS, msg); err != nil {
			b.log.InfoContext(ctx, "bot: handoff: note to the sender", "handoff_id", ho.ID, "err", err)
		}
		for _, u := range h.unansweredJoins(ctx, ho) {
			// Named, not mentioned: a quiet note, as the reminder's.
			who := b.userName(ctx, u)
			if who == "" {
				who = "They"
			}
			text := fmt.Sprintf("%s has not answered *Join* yet: until they do, they do not share your family's list, and its posts keep going where they went before.", blocks.Escape(who))
			if err := b.postInThread(ctx, ho.ThreadChannel, ho.ThreadTS, blocks.Notice(text)); err != nil {
				b.log.InfoContext(ctx, "bot: handoff: note to the sender", "handoff_id", ho.ID, "err", err)
			}
		}
	}
}

// inviteOutsiders asks each receiver reached in their DM who is not in the
// family to join it (after the handoff itself, which they can take either
// way).
func (h *handoffs) inviteOutsiders(ctx context.Context, ho bh.Handoff, sent []bh.HandoffMessage) {
	if h.families == nil || ho.Post != "" {
		return
	}
	invited := false
	for i, m := range sent {
		if m.UserID == "" || h.families.member(ctx, ho.TeamID, ho.ShiftID, m.UserID) {
			continue
		}
		ts, err := h.families.invite(ctx, ho.TeamID, ho.ShiftID, ho.From, m.UserID, ho.ID)
		if err != nil && bh.ErrorCode(err) != bh.ECONFLICT {
			h.b.log.InfoContext(ctx, "bot: handoff: invite the receiver", "handoff_id", ho.ID, "err", err)
		}
		if ts != "" && m.ChannelID != "" {
			sent[i].InviteTS, invited = ts, true
		}
	}
	if !invited {
		return
	}
	// Kept with the handoff, for "Join and take it" to answer the invite
	// in place; its thread as recorded.
	cur, err := h.store.Handoff(ctx, ho.TeamID, ho.ID)
	if err == nil {
		err = h.store.HandoffSent(ctx, ho.TeamID, ho.ID, cur.ThreadChannel, cur.ThreadTS, sent)
	}
	if err != nil {
		h.b.log.ErrorContext(ctx, "bot: handoff: record the invites sent with it", "handoff_id", ho.ID, "err", err)
	}
}

// unansweredJoins are the receivers of ho asked to join with it who have
// not answered.
func (h *handoffs) unansweredJoins(ctx context.Context, ho bh.Handoff) []string {
	if h.families == nil {
		return nil
	}
	var out []string
	for _, u := range ho.To {
		invs, err := h.families.store.InvitesTo(ctx, ho.TeamID, u)
		if err != nil {
			continue
		}
		for _, inv := range invs {
			if inv.HandoffID == ho.ID && !inv.Answered() {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

// RecoverHandoffs schedules the reminders of handoffs a stopped process
// was waiting on (made within the last day, not taken, not reminded); the
// reminder's claim keeps it to one when several processes do so.
func (b *Bot) RecoverHandoffs(ctx context.Context) {
	now := b.cfg.Now()
	waiting, err := b.handoffs.store.WaitingHandoffs(ctx, now.Add(-24*time.Hour))
	if err != nil {
		b.log.ErrorContext(ctx, "bot: recover handoff reminders", "err", err)
		return
	}
	for _, ho := range waiting {
		b.handoffs.schedule(ho.TeamID, ho.ID, max(0, ho.CreatedAt.Add(bh.HandoffRemindAfter).Sub(now)))
	}
}

// remindDueHandoffs sends, on a store shared with other processes, the
// reminders that came due and were not sent: the process whose timer held
// one may have stopped, and no start-up of another would see it. The
// reminder's claim keeps it to one, whichever process's timer or sweep
// comes first.
func (b *Bot) remindDueHandoffs(ctx context.Context) {
	now := b.cfg.Now()
	waiting, err := b.handoffs.store.WaitingHandoffs(ctx, now.Add(-24*time.Hour))
	if err != nil {
		b.log.ErrorContext(ctx, "bot: handoff reminders due", "err", err)
		return
	}
	for _, ho := range waiting {
		if now.Before(ho.CreatedAt.Add(bh.HandoffRemindAfter)) {
			continue // its process's timer is still running
		}
		b.enqueue(ho.TeamID, "handoff reminder", func(ctx context.Context) { b.handoffs.remind(ctx, ho.TeamID, ho.ID) })
	}
}
