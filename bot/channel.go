package bot

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// channelTTL is how long a channel's member list is trusted:
// conversations.members is rate limited (tier 4), and member_joined_channel
// and member_left_channel drop it sooner.
const channelTTL = 10 * time.Minute

// channels caches channels' member lists (channel ID → members).
type channels struct {
	mu sync.Mutex
	m  map[string]channelEntry
}

type channelEntry struct {
	users []string
	at    time.Time
}

// forget drops a channel's cached members: someone joined or left it.
func (c *channels) forget(channelID string) {
	c.mu.Lock()
	delete(c.m, channelID)
	c.mu.Unlock()
}

// saw notes that user wrote in channelID: if the cached member list
// lacks them, they came in since (member_joined_channel may come later,
// or never), and the list is asked again before the bot next decides
// what the channel may read.
func (c *channels) saw(channelID, user string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[channelID]; ok && !slices.Contains(e.users, user) {
		delete(c.m, channelID)
	}
}

// wroteInChannel hears a note n written in a family's channel: from
// someone who has not joined, the channel is not (or no longer) the
// family's shared place, and what the radar shows there is redrawn for
// its readers now (readersChanged), before the note's own look, which
// may post elsewhere and leave the channel's message as it was.
func (b *Bot) wroteInChannel(ctx context.Context, n bh.Note) {
	if bh.ConversationKindOf(n.ChannelID) != bh.ConvChannel || n.UserID == "" {
		return
	}
	b.chans.saw(n.ChannelID, n.UserID)
	member, err := mayAct(ctx, b.cfg.Store, n.TeamID, n.UserID, "", n.ShiftID, nil)
	if err != nil {
		b.log.InfoContext(ctx, "bot: is a channel note's writer in its family", "channel", n.ChannelID, "err", err)
	}
	if !member {
		b.readersChanged(n.TeamID, n.ChannelID)
	}
}

// channelMembers is who is in a channel, people and bots, as Slack lists
// them (cached for channelTTL).
func (b *Bot) channelMembers(ctx context.Context, channelID string) ([]string, error) {
	now := b.cfg.Now()
	b.chans.mu.Lock()
	e, ok := b.chans.m[channelID]
	b.chans.mu.Unlock()
	if ok && now.Sub(e.at) < channelTTL && !now.Before(e.at) {
		return e.users, nil
	}
	var users []string
	cursor := ""
	for {
		page, next, err := b.api.GetUsersInConversationContext(ctx, &slack.GetUsersInConversationParameters{ChannelID: channelID, Cursor: cursor, Limit: 200})
		if err != nil {
			return nil, fmt.Errorf("bot: conversations.members %s: %w", channelID, err)
		}
		users = append(users, page...)
		if next == "" || next == cursor {
			break
		}
		cursor = next
	}
	b.chans.mu.Lock()
	if b.chans.m == nil {
		b.chans.m = map[string]channelEntry{}
	}
	b.chans.m[channelID] = channelEntry{users: users, at: now}
	b.chans.mu.Unlock()
	return users, nil
}

// channelJoined reports whether every person in a channel is a member of
// the family (members): only then is it the family's shared place, where
// the bot's posts may quote every member's notes. Bots (the bot itself
// among them) and deactivated accounts are not people here; a channel
// with no person in it is nobody's place. notYet is who has not joined,
// for the log.
func (b *Bot) channelJoined(ctx context.Context, channelID string, members []bh.Member) (ok bool, notYet []string, err error) {
	users, err := b.channelMembers(ctx, channelID)
	if err != nil {
		return false, nil, err
	}
	self := b.selfUser(bh.TeamOf(ctx))
	people := 0
	for _, u := range users {
		if u == self && self != "" {
			continue
		}
		p, err := b.person(ctx, u)
		if err != nil {
			return false, nil, err
		}
		if p.bot || p.deleted {
			continue
		}
		people++
		if !slices.ContainsFunc(members, func(m bh.Member) bool { return m.UserID == u }) {
			notYet = append(notYet, u)
		}
	}
	return people > 0 && len(notYet) == 0, notYet, nil
}

// seesFamily reports whether a conversation may see all of the family
// shiftID's notes: a DM (its person is a member, or it would not feed
// the family), or a channel every person in which has joined. Anything
// else sees only what was written in it.
func (b *Bot) seesFamily(ctx context.Context, teamID, shiftID, channelID string) (bool, error) {
	switch {
	case channelID == "" || shiftID == "":
		return false, nil
	case bh.ConversationKindOf(channelID) == bh.ConvDM:
		return true, nil
	}
	members, err := b.cfg.Store.Members(ctx, teamID, shiftID)
	if err != nil {
		return false, fmt.Errorf("bot: members: %w", err)
	}
	ok, _, err := b.channelJoined(ctx, channelID, members)
	return ok, err
}

// readersChanged tells cmd (Config.ReadersChanged) that who reads a
// family's channel changed: a radar message already there may show the
// whole family's list, which someone who came in and has not joined must
// not read.
func (b *Bot) readersChanged(teamID, channelID string) {
	if b.cfg.ReadersChanged == nil || bh.ConversationKindOf(channelID) == bh.ConvDM {
		return
	}
	b.enqueue(teamID, "channel readers", func(ctx context.Context) {
		shift, err := b.cfg.Store.Shift(ctx, teamID, channelID)
		switch {
		case bh.ErrorCode(err) == bh.ENOTFOUND:
			return // not a family's channel
		case err != nil:
			b.log.WarnContext(ctx, "bot: a channel's family, after someone came or went", "channel", channelID, "err", err)
			return
		}
		b.cfg.ReadersChanged(ctx, teamID, shift.ID, channelID)
	})
}
