package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// familyReader is what the members-only check needs from the store.
type familyReader interface {
	FamilyOf(ctx context.Context, teamID, channelID string) (bh.Conversation, error)
	FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error)
}

// familyStore is what families need from the store: who belongs, who is
// asked to join, and moving a joiner's open notes.
type familyStore interface {
	familyReader
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
	// AcceptInvite is Join by an invite, answered by the person it asks
	// in the same write (ECONFLICT: answered already, or its sender left
	// the family).
	AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error)
	Leave(ctx context.Context, teamID, shiftID, userID string) error
	CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error)
	Invite(ctx context.Context, teamID, id string) (bh.Invite, error)
	InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error)
	AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (bh.Invite, bool, error)
	MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (int, error)
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	SetDuty(ctx context.Context, d bh.Duty) error
}

// errNotMember refuses a button on a note of a family the presser is not
// in. It still names "another conversation", as the channel check it
// replaces did.
var errNotMember = bh.Errorf(bh.EFORBIDDEN, "That button belongs to another conversation's list, and you are not in its family; nothing was changed.")

// mayAct reports whether user may act on an item of the family shiftID
// from a button pressed in channelID: a member of the family may, and so
// may anyone pressing in a DM that feeds it (its person is a member) or
// in a channel that feeds it once every person in it has joined (joined
// says; nil: no channel passes).
func mayAct(ctx context.Context, st familyReader, teamID, userID, channelID, shiftID string, joined func(ctx context.Context, channelID, shiftID string) (bool, error)) (bool, error) {
	if shiftID == "" {
		return false, nil
	}
	if userID != "" {
		fams, err := st.FamiliesOf(ctx, teamID, userID)
		if err != nil {
			return false, err
		}
		for _, m := range fams {
			if m.ShiftID == shiftID {
				return true, nil
			}
		}
	}
	if channelID == "" {
		return false, nil
	}
	conv, err := st.FamilyOf(ctx, teamID, channelID)
	switch {
	case err != nil && bh.ErrorCode(err) == bh.ENOTFOUND:
		return false, nil
	case err != nil:
		return false, err
	case conv.ShiftID != shiftID:
		return false, nil
	case bh.ConversationKindOf(channelID) == bh.ConvDM:
		return true, nil
	case joined == nil:
		return false, nil
	}
	// A channel's person who has not joined acts only once everyone in
	// it has: until then it is not the family's shared place.
	return joined(ctx, channelID, shiftID)
}

// mayActOn is mayAct for note n as an error: nil when the presser may act
// on it, errNotMember when not. Its writer may also act on it in the
// channel it was written in (a channel's person who has not joined keeps
// their own note's buttons; a DM's own reply is the capture's to allow).
func (b *Bot) mayActOn(ctx context.Context, teamID, userID, channelID string, n bh.Note) error {
	if userID != "" && userID == n.UserID && channelID == n.ChannelID && channelID != "" && bh.ConversationKindOf(channelID) == bh.ConvChannel {
		return nil
	}
	ok, err := mayAct(ctx, b.cfg.Store, teamID, userID, channelID, n.ShiftID, func(ctx context.Context, ch, shift string) (bool, error) {
		return b.seesFamily(ctx, teamID, shift, ch)
	})
	if err != nil {
		return err
	}
	if !ok {
		return errNotMember
	}
	return nil
}

// families answers Add your partner, Join, Not now and Leave this family.
// Joining is by consent only: an invite, answered by the person asked.
type families struct {
	b     *Bot
	store familyStore
	home  *home
}

// notJoiner says why user cannot join a family of team ("" when they
// can): a bot, a deactivated account, someone of another workspace. self
// is how the sentence names them ("You" to the person themselves).
func (f *families) notJoiner(ctx context.Context, team, user string, self bool) string {
	p, err := f.b.person(ctx, user)
	if err != nil {
		return "I could not look that person up in Slack; try again in a moment."
	}
	name, is, has := p.name, "is", "'s"
	if name == "" {
		name = "That person"
	}
	if self {
		name, is, has = "You", "are", "r"
	}
	switch {
	case p.bot:
		return fmt.Sprintf("%s %s a bot: only people share a family's list.", name, is)
	case p.deleted:
		return fmt.Sprintf("%s%s account is deactivated: it cannot join a family.", strings.TrimSuffix(name, "'s"), has)
	case team != "" && p.team != "" && p.team != team:
		return fmt.Sprintf("%s %s in another workspace: a family is people of one workspace.", name, is)
	}
	return ""
}

// dmFamily is the family the person's DM feeds, with the DM; found false
// before their first note (or after they left).
func (f *families) dmFamily(ctx context.Context, team, user string) (dm string, conv bh.Conversation, found bool, err error) {
	dm, err = f.b.dm(ctx, user)
	if err != nil {
		return "", conv, false, err
	}
	conv, err = f.store.FamilyOf(ctx, team, dm)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return dm, conv, false, nil
	}
	return dm, conv, err == nil, err
}

// add is App Home's Add your partner: the person picked is asked to join.
func (f *families) add(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := f.b
	team, from, to := cb.Team.ID, cb.User.ID, a.SelectedUser
	ch, conv, found, err := f.dmFamily(ctx, team, from)
	switch {
	case err != nil:
		b.refuse(ctx, ch, from, err)
		return
	case !found:
		b.tell(ctx, ch, from, "Send me a first note here: it starts your family's list, and then you can add your partner.")
		return
	case to == "":
		return
	case to == from:
		b.tell(ctx, ch, from, "That is you: pick your partner.")
		return
	}
	if why := f.notJoiner(ctx, team, to, false); why != "" {
		b.tell(ctx, ch, from, why+" Nobody was asked.")
		return
	}
	if _, err := f.invite(ctx, team, conv.ShiftID, from, to, ""); err != nil {
		b.refuse(ctx, ch, from, err)
		return
	}
	b.tell(ctx, ch, from, fmt.Sprintf("👪 I asked <@%s> to share your family's list; I will tell you when they answer.", to))
}

// member reports whether user belongs to the family shiftID.
func (f *families) member(ctx context.Context, team, shiftID, user string) bool {
	fams, err := f.store.FamiliesOf(ctx, team, user)
	if err != nil {
		return false
	}
	for _, m := range fams {
		if m.ShiftID == shiftID {
			return true
		}
	}
	return false
}

// openInvite is the id of an unanswered invite of user to the family
// shiftID ("" when none), the one sent with handoffID first.
func (f *families) openInvite(ctx context.Context, team, shiftID, user, handoffID string) string {
	invs, err := f.store.InvitesTo(ctx, team, user)
	if err != nil {
		f.b.log.InfoContext(ctx, "bot: family: invites", "user", user, "err", err)
		return ""
	}
	id := ""
	for _, inv := range invs {
		if inv.ShiftID != shiftID || inv.Answered() {
			continue
		}
		if id == "" || inv.HandoffID == handoffID {
			id = inv.ID
		}
	}
	return id
}

// invite asks to to join the family shiftID (for a handoff, handoffID),
// in their DM, and returns the invite message's ts: an ECONFLICT error
// when they are in it already.
func (f *families) invite(ctx context.Context, team, shiftID, from, to, handoffID string) (string, error) {
	b := f.b
	if f.member(ctx, team, shiftID, to) {
		return "", bh.Errorf(bh.ECONFLICT, "<@%s> already shares your family's list.", to)
	}
	inv, err := f.store.CreateInvite(ctx, bh.Invite{TeamID: team, ShiftID: shiftID, From: from, To: to, HandoffID: handoffID})
	if err != nil {
		return "", err
	}
	dm, err := b.dm(ctx, to)
	if err != nil {
		return "", fmt.Errorf("bot: family: open the DM of %s: %w", to, err)
	}
	_, ts, err := b.api.PostMessageContext(ctx, dm, blocks.InviteMessage(f.inviteInput(ctx, inv, dm)).Options()...)
	if err != nil {
		return "", fmt.Errorf("bot: family: post the invite: %w", err)
	}
	return ts, nil
}

// inviteInput is what the invite says to its person, whose DM is dm.
func (f *families) inviteInput(ctx context.Context, inv bh.Invite, dm string) blocks.InviteInput {
	in := blocks.InviteInput{ID: inv.ID, From: f.b.userName(ctx, inv.From), Handoff: inv.HandoffID != ""}
	if in.From == "" {
		in.From = "<@" + inv.From + ">"
	}
	in.Moving = f.openItems(ctx, inv.TeamID, dm, inv.To, inv.ShiftID)
	return in
}

// openItems counts user's own open notes written in their DM in the
// family dm feeds, unless it is the family shiftID: what a Join moves
// (other members' notes and channel notes stay with their family).
func (f *families) openItems(ctx context.Context, team, dm, user, shiftID string) int {
	conv, err := f.store.FamilyOf(ctx, team, dm)
	if err != nil || conv.ShiftID == shiftID {
		return 0
	}
	live, err := f.store.LiveNotes(ctx, team, conv.ShiftID, f.b.cfg.Now())
	if err != nil {
		return 0
	}
	n := 0
	for _, x := range live.Notes {
		if x.UserID == user && bh.ConversationKindOf(x.ChannelID) == bh.ConvDM && !x.Done() && !x.Deleted() {
			n++
		}
	}
	return n
}

// answerable is the invite a Join or Not now names, if the person who
// pressed is the one asked; else they were told why not.
func (f *families) answerable(ctx context.Context, cb slack.InteractionCallback, id string) (bh.Invite, bool) {
	inv, err := f.store.Invite(ctx, cb.Team.ID, id)
	if err == nil && inv.To != cb.User.ID {
		err = bh.Errorf(bh.EFORBIDDEN, "That invite is for someone else; nothing was changed.")
	}
	if err != nil {
		f.b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return inv, false
	}
	return inv, true
}

// join is Join: the person shares the family's list from now on; their
// own open items move to it, their closed ones stay in their history.
func (f *families) join(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if inv, ok := f.answerable(ctx, cb, a.Value); ok {
		f.accept(ctx, cb, inv, channelOf(cb), messageOf(cb))
	}
}

// accept joins the person who pressed to inv's family (the invite is
// theirs: answerable), and reports whether they joined; if not, they were
// told why. inviteTS, when set, is the invite's message in where, shown
// answered; when not known (an invite sent before its ts was kept) it
// keeps its buttons, and a late Join says it was answered.
func (f *families) accept(ctx context.Context, cb slack.InteractionCallback, inv bh.Invite, where, inviteTS string) bool {
	b := f.b
	user, ch := cb.User.ID, channelOf(cb)
	if why := f.notJoiner(ctx, inv.TeamID, user, true); why != "" {
		b.tell(ctx, ch, user, why+" Nothing was changed.")
		return false
	}
	dm, err := b.dm(ctx, user)
	if err != nil {
		b.refuse(ctx, ch, user, err)
		return false
	}
	in := f.inviteInput(ctx, inv, dm)
	// The store answers the invite with the Join, in one write: refused
	// (answered already, or who asked left that family since), nothing
	// changes and the invite keeps its answer, or none.
	inv, from, err := f.store.AcceptInvite(ctx, inv.TeamID, inv.ID, user, dm)
	if err != nil {
		b.refuse(ctx, ch, user, err)
		return false
	}
	moved := 0
	if from != "" {
		if moved, err = f.store.MoveOpenNotes(ctx, inv.TeamID, from, inv.ShiftID, user); err != nil {
			b.log.ErrorContext(ctx, "bot: family: move open notes", "from", from, "to", inv.ShiftID, "err", err)
		}
	}
	done := fmt.Sprintf("✅ You joined %s family: you share its list from now on.", possessive(in.From))
	switch moved {
	case 0:
	case 1:
		done += " Your 1 open item moved to it."
	default:
		done += fmt.Sprintf(" Your %d open items moved to it.", moved)
	}
	if inviteTS != "" {
		if err := b.update(ctx, where, inviteTS, blocks.InviteAnswered(in, done)); err != nil {
			b.log.InfoContext(ctx, "bot: family: update the invite", "err", err)
		}
	}
	b.tell(ctx, ch, user, done)
	f.tellSender(ctx, inv, fmt.Sprintf("👪 <@%s> joined your family's list.", user))
	if from != "" && f.endDuty(ctx, inv.TeamID, from, user) {
		// As a Leave: the family they left is told its duty ended.
		f.tellFamily(ctx, inv.TeamID, from, fmt.Sprintf("👋 <@%s> joined another family's list, and their duty here ended: nobody is on duty now.", user))
	}
	f.home.familyChanged(ctx, inv.TeamID, inv.ShiftID, user)
	if from != "" {
		f.home.familyChanged(ctx, inv.TeamID, from)
	}
	return true
}

// possessive is "Maya's" for a name, "their" for a mention (no name).
func possessive(name string) string {
	if name == "" || strings.HasPrefix(name, "<@") {
		return "their"
	}
	return name + "'s"
}

// answer records the first answer to inv; a second is told it changed
// nothing, and ok is false for it (and for a failure, told too).
func (f *families) answer(ctx context.Context, cb slack.InteractionCallback, inv bh.Invite, ans bh.InviteAnswer) (bh.Invite, bool) {
	user, ch := cb.User.ID, channelOf(cb)
	inv, answered, err := f.store.AnswerInvite(ctx, inv.TeamID, inv.ID, ans)
	if err != nil {
		f.b.refuse(ctx, ch, user, err)
		return inv, false
	}
	if !answered {
		f.b.tell(ctx, ch, user, "You answered that invite already; nothing was changed.")
		return inv, false
	}
	return inv, true
}

// notNow is Not now: nothing changes, and the one who asked is told.
func (f *families) notNow(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := f.b
	user, ch := cb.User.ID, channelOf(cb)
	inv, ok := f.answerable(ctx, cb, a.Value)
	if !ok {
		return
	}
	in := f.inviteInput(ctx, inv, ch)
	inv, ok = f.answer(ctx, cb, inv, bh.InviteNotNow)
	if !ok {
		return
	}
	if ts := messageOf(cb); ts != "" {
		if err := b.update(ctx, ch, ts, blocks.InviteAnswered(in, "Not now: your list stays your own.")); err != nil {
			b.log.InfoContext(ctx, "bot: family: update the invite", "err", err)
		}
	}
	f.tellSender(ctx, inv, fmt.Sprintf("<@%s> said not now to sharing your family's list; nothing changed.", user))
}

// tellSender tells the person who sent an invite, in their DM.
func (f *families) tellSender(ctx context.Context, inv bh.Invite, text string) {
	dm, err := f.b.dm(ctx, inv.From)
	if err == nil {
		_, _, err = f.b.api.PostMessageContext(ctx, dm, blocks.Notice(text).Options()...)
	}
	if err != nil {
		f.b.log.InfoContext(ctx, "bot: family: tell who asked", "invite_id", inv.ID, "err", err)
	}
}

// leave is App Home's Leave this family: the notes stay with the family,
// the person's next note starts a list of their own. Leaving while on
// duty ends the duty, and the family is told.
func (f *families) leave(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	b := f.b
	team, user := cb.Team.ID, cb.User.ID
	ch, conv, found, err := f.dmFamily(ctx, team, user)
	switch {
	case err != nil:
		b.refuse(ctx, ch, user, err)
		return
	case !found:
		b.tell(ctx, ch, user, "You are not in a family's list; nothing was changed.")
		return
	}
	if err := f.store.Leave(ctx, team, conv.ShiftID, user); err != nil {
		b.refuse(ctx, ch, user, err)
		return
	}
	said := fmt.Sprintf("👋 <@%s> left the family's list; its notes stay with it.", user)
	if f.endDuty(ctx, team, conv.ShiftID, user) {
		said = fmt.Sprintf("👋 <@%s> left the family's list, and their duty ended: nobody is on duty now. The notes stay with the family.", user)
	}
	b.tell(ctx, ch, user, "You left the family's list. Its notes stay with it; your next note here starts a list of your own.")
	f.tellFamily(ctx, team, conv.ShiftID, said)
	f.home.familyChanged(ctx, team, conv.ShiftID, user)
}

// endDuty ends user's duty in the family shiftID, now or to come, as they
// leave it; it reports whether there was one to end.
func (f *families) endDuty(ctx context.Context, team, shiftID, user string) bool {
	now := f.b.cfg.Now()
	d, err := f.store.Duty(ctx, team, shiftID)
	if err != nil || d.UserID != user || !(d.OnAt(now) || d.Next(now)) {
		return false
	}
	d.Until = now
	if d.Since.After(now) {
		d.Since = now
	}
	if err := f.store.SetDuty(ctx, d); err != nil {
		f.b.log.ErrorContext(ctx, "bot: family: end the duty of who left", "shift_id", shiftID, "err", err)
		return false
	}
	return true
}

// tellFamily posts text where the family reads it: each conversation that
// feeds it (its members' DMs, its channels).
func (f *families) tellFamily(ctx context.Context, team, shiftID, text string) {
	convs, err := f.store.FamilyConversations(ctx, team, shiftID)
	if err != nil {
		f.b.log.InfoContext(ctx, "bot: family: its conversations", "shift_id", shiftID, "err", err)
		return
	}
	for _, c := range convs {
		if bh.IsFamilyKey(c.ChannelID) || bh.IsSampleChannel(c.ChannelID) {
			continue
		}
		if _, _, err := f.b.api.PostMessageContext(ctx, c.ChannelID, blocks.Notice(text).Options()...); err != nil {
			f.b.log.InfoContext(ctx, "bot: family: tell the family", "channel", c.ChannelID, "err", err)
		}
	}
}
