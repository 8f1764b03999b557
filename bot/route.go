package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/radar"
)

// routeStore is what routing a radar post reads: who is on duty and their
// handoff, the family's members and conversations, the writer of a note,
// and whose quiet hours hold.
type routeStore interface {
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
}

var (
	_ radar.Router  = (*Bot)(nil)
	_ radar.Reacher = (*Bot)(nil)
)

// Reaches reports whether channelID is still a member's DM with the bot
// (a DM Route chose that does not feed the family): the radar may update
// its message there. A conversation that feeds the family the radar
// knows already; anything else is not the family's.
func (b *Bot) Reaches(ctx context.Context, shift bh.Shift, channelID string) (bool, error) {
	ctx = bh.WithTeam(ctx, shift.TeamID)
	if bh.ConversationKindOf(channelID) != bh.ConvDM {
		return false, nil
	}
	members, err := b.cfg.Store.Members(ctx, shift.TeamID, shift.ID)
	if err != nil {
		return false, fmt.Errorf("bot: reaches: members: %w", err)
	}
	for _, m := range members {
		ch, err := b.dm(ctx, m.UserID)
		if err != nil {
			return false, fmt.Errorf("bot: reaches: %w", err)
		}
		if ch == channelID {
			return true, nil
		}
	}
	return false, nil
}

// Route decides where a family's new radar post goes, and whose quiet
// hours hold there:
//  1. someone on duty who is a member: their DM, under their handoff
//     message when there is one; their quiet hours;
//  2. else a family channel every person in which has joined the family
//     (channel.go);
//  3. else the DM of whoever wrote the lead item's note, while they are a
//     member;
//  4. else the family's founding DM while it feeds the family, else a
//     member's DM (first joined first).
//
// Never a conversation that no longer feeds the family, nor a channel not
// everyone in has joined, nor the DM of someone who is not a member.
//
// A person's quiet hours are theirs (Person.Quiet), else the family's
// radar settings, as before families.
func (b *Bot) Route(ctx context.Context, shift bh.Shift, kind bh.PostKind, items []bh.RiskItem, now time.Time) (bh.Route, bh.QuietHours, error) {
	st := b.cfg.Store
	team := shift.TeamID
	ctx = bh.WithTeam(ctx, team)
	set, err := st.RadarSettings(ctx, team, shift.ID)
	if err != nil {
		return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: settings: %w", err)
	}
	quietOf := func(user string) (bh.QuietHours, error) {
		if user == "" {
			return set.QuietHours(), nil
		}
		p, err := st.Person(ctx, team, user)
		if err != nil {
			return bh.QuietHours{}, fmt.Errorf("bot: route: person: %w", err)
		}
		if p.Quiet != nil {
			return *p.Quiet, nil
		}
		return set.QuietHours(), nil
	}
	to := func(r bh.Route) (bh.Route, bh.QuietHours, error) {
		q, err := quietOf(r.UserID)
		return r, q, err
	}
	convs, err := st.FamilyConversations(ctx, team, shift.ID)
	if err != nil {
		return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: conversations: %w", err)
	}
	dmOf := func(user string) string {
		for _, c := range convs {
			if c.Kind == bh.ConvDM && c.UserID == user {
				return c.ChannelID
			}
		}
		return ""
	}

	// 1. The one on duty, if a member: a receiver who never joined leaves
	// the family's posts where they went before.
	d, err := st.Duty(ctx, team, shift.ID)
	if err != nil && bh.ErrorCode(err) != bh.ENOTFOUND {
		return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: duty: %w", err)
	}
	var members []bh.Member
	if d.OnAt(now) {
		members, err = st.Members(ctx, team, shift.ID)
		if err != nil {
			return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: members: %w", err)
		}
		if slices.ContainsFunc(members, func(m bh.Member) bool { return m.UserID == d.UserID }) {
			r := bh.Route{UserID: d.UserID, Duty: true, Why: "on duty", ChannelID: dmOf(d.UserID)}
			if d.HandoffID != "" {
				if ho, err := st.Handoff(ctx, team, d.HandoffID); err == nil {
					for _, m := range ho.Sent {
						if m.UserID == d.UserID && strings.HasPrefix(m.ChannelID, "D") {
							r.ChannelID, r.ThreadTS = m.ChannelID, m.TS
						}
					}
				} else if bh.ErrorCode(err) != bh.ENOTFOUND {
					return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: handoff: %w", err)
				}
			}
			if r.ChannelID != "" {
				return to(r)
			}
		}
	}

	// 2. The family's channel, once every person in it has joined: its
	// posts quote every member's notes. A channel Slack will not list is
	// skipped (and said in the log), never guessed.
	for _, c := range convs {
		if c.Kind != bh.ConvChannel {
			continue
		}
		if members == nil {
			if members, err = st.Members(ctx, team, shift.ID); err != nil {
				return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: members: %w", err)
			}
		}
		ok, notYet, err := b.channelJoined(ctx, c.ChannelID, members)
		switch {
		case err != nil:
			b.log.WarnContext(ctx, "bot: route: a family channel's members; not posting there", "shift_id", shift.ID, "channel", c.ChannelID, "err", err)
		case ok:
			return to(bh.Route{ChannelID: c.ChannelID, Why: "family channel"})
		default:
			b.log.DebugContext(ctx, "bot: route: a family channel not everyone in has joined", "shift_id", shift.ID, "channel", c.ChannelID, "not_yet", notYet)
		}
	}

	// From here on, only conversations that feed the family now, and only
	// members' DMs: someone who left must not hear the family's items.
	if members == nil {
		if members, err = st.Members(ctx, team, shift.ID); err != nil {
			return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: members: %w", err)
		}
	}
	isMember := func(user string) bool {
		return user != "" && slices.ContainsFunc(members, func(m bh.Member) bool { return m.UserID == user })
	}

	// 3. Whoever wrote the lead item's note, while a member.
	for _, it := range items {
		if len(it.NoteIDs) == 0 {
			continue
		}
		n, err := st.Note(ctx, team, it.NoteIDs[0])
		if err != nil {
			if bh.ErrorCode(err) == bh.ENOTFOUND {
				continue
			}
			return bh.Route{}, bh.QuietHours{}, fmt.Errorf("bot: route: note: %w", err)
		}
		if !isMember(n.UserID) {
			break
		}
		ch := dmOf(n.UserID)
		if ch == "" && bh.ConversationKindOf(n.ChannelID) == bh.ConvDM {
			ch = n.ChannelID // a member's own DM, written in before it fed this family
		}
		if ch != "" {
			return to(bh.Route{ChannelID: ch, UserID: n.UserID, Why: "writer"})
		}
		break
	}

	// 4. The family's own place: its founding DM while it feeds the family
	// (a channel was weighed in 2), else a member's DM.
	for _, c := range convs {
		if c.ChannelID == shift.ChannelID && c.Kind == bh.ConvDM && isMember(c.UserID) {
			return to(bh.Route{ChannelID: c.ChannelID, UserID: c.UserID, Why: "founding conversation"})
		}
	}
	for _, m := range members {
		if ch := dmOf(m.UserID); ch != "" {
			return to(bh.Route{ChannelID: ch, UserID: m.UserID, Why: "a member's DM"})
		}
	}
	// A member whose DM feeds no family of theirs (a channel family's
	// people): their DM with the bot all the same.
	for _, m := range members {
		ch, err := b.dm(ctx, m.UserID)
		if err != nil {
			b.log.WarnContext(ctx, "bot: route: open a member's DM", "shift_id", shift.ID, "user", m.UserID, "err", err)
			continue
		}
		return to(bh.Route{ChannelID: ch, UserID: m.UserID, Why: "a member's DM"})
	}
	return bh.Route{}, bh.QuietHours{}, bh.Errorf(bh.ENOTFOUND, "the family %s has no conversation to post in", shift.ID)
}
