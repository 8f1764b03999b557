package bot

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	bh "github.com/babyhandoff/babyhandoff"
)

// zoneTTL is how long a person's Slack zone is trusted before it is asked
// again (people travel; users.info is a tier-4 call).
const zoneTTL = 24 * time.Hour

// zones caches people's Slack time zones, so a reply can use the writer's
// zone from the very first note without a users.info call per note.
type zones struct {
	mu sync.Mutex
	m  map[string]zoneEntry
	// asking shares one users.info call among those who want the same
	// person at once (a note's reply and a /plan right after it): Slack
	// rate-limits the method.
	asking singleflight.Group
}

type zoneEntry struct {
	tz string // "" : Slack has none for them
	// clock is how they read times: their locale's, else their zone's.
	clock bh.Clock
	name  string // as Slack shows them: display name, else real name
	// bot, deleted and team say whether they can take a handoff.
	bot, deleted bool
	team         string
	at           time.Time
}

// UserZone is the IANA time zone of a person's Slack profile, "" when they
// have none or one this machine does not know. Answers are cached for a day.
func (b *Bot) UserZone(ctx context.Context, userID string) (string, error) {
	e, err := b.person(ctx, userID)
	return e.tz, err
}

// userName is a person's name as Slack shows it, "" when unknown.
func (b *Bot) userName(ctx context.Context, userID string) string {
	if userID == "" {
		return ""
	}
	e, err := b.person(ctx, userID)
	if err != nil {
		b.log.DebugContext(ctx, "bot: a person's name", "user", userID, "err", err)
	}
	return e.name
}

// person is what users.info says of a person (one call a day each, shared
// by all who ask meanwhile).
func (b *Bot) person(ctx context.Context, userID string) (zoneEntry, error) {
	now := b.cfg.Now()
	b.zones.mu.Lock()
	e, ok := b.zones.m[userID]
	b.zones.mu.Unlock()
	if ok && now.Sub(e.at) < zoneTTL {
		return e, nil
	}
	v, err, _ := b.zones.asking.Do(userID, func() (any, error) { return b.askPerson(ctx, userID, now) })
	if err != nil {
		return zoneEntry{}, err
	}
	return v.(zoneEntry), nil
}

// askPerson asks users.info about a person and caches the answer.
func (b *Bot) askPerson(ctx context.Context, userID string, now time.Time) (zoneEntry, error) {
	u, err := b.api.GetUserInfoContext(ctx, userID)
	if err != nil {
		return zoneEntry{}, fmt.Errorf("bot: users.info: %w", err)
	}
	name := u.Profile.DisplayName
	if name == "" {
		name = u.RealName
	}
	if name == "" {
		name = u.Name
	}
	tz := u.TZ
	if tz != "" {
		if _, ok := bh.KnownZone(tz); !ok {
			b.log.DebugContext(ctx, "bot: unknown time zone in a profile", "tz", tz)
			tz = ""
		}
	}
	b.zones.mu.Lock()
	if b.zones.m == nil {
		b.zones.m = map[string]zoneEntry{}
	}
	e := zoneEntry{tz: tz, clock: bh.ClockFor(u.Locale, u.TZ), name: name, bot: u.IsBot || u.IsAppUser, deleted: u.Deleted, team: u.TeamID, at: now}
	b.zones.m[userID] = e
	b.zones.mu.Unlock()
	return e, nil
}

// familyZone is shift with its zone, learnt from userID (the person a
// path answers) when the family has none yet: the first note's writer's
// zone may still be on its way from Slack (Config.LearnZone).
func (b *Bot) familyZone(ctx context.Context, shift bh.Shift, userID string) bh.Shift {
	if shift.TZ != "" || shift.Sample || userID == "" || b.cfg.LearnZone == nil {
		return shift
	}
	if tz := b.cfg.LearnZone(ctx, shift.TeamID, shift.ID, userID); tz != "" {
		shift.TZ = tz
	}
	return shift
}

// userLoc is a person's zone for what the bot tells them, else DEFAULT_TZ
// (no user, no zone in Slack, or Slack not answering).
func (b *Bot) userLoc(ctx context.Context, userID string) *time.Location {
	def := b.cfg.Location
	if userID == "" {
		return def
	}
	tz, err := b.UserZone(ctx, userID)
	if err != nil {
		b.log.DebugContext(ctx, "bot: a writer's zone", "user", userID, "err", err)
		return def
	}
	// The zone is wanted for every note: loaded once, not read from the
	// zone database on each call.
	return bh.ZoneOr(tz, def)
}

// userClock is how a person reads times (12- or 24-hour): what users.info
// says of their locale, else 12-hour in a US zone; 24-hour when Slack
// cannot say.
func (b *Bot) userClock(ctx context.Context, userID string) bh.Clock {
	if userID == "" {
		return bh.Clock24
	}
	e, err := b.person(ctx, userID)
	if err != nil {
		b.log.DebugContext(ctx, "bot: a person's clock", "user", userID, "err", err)
	}
	return e.clock
}

// clockIn is how the readers of a message in channel read times, the rule
// of blocks/when.go: in a DM (one reader), its person user's clock; in a
// channel (several readers), the clock of the family's zone l, the one
// most people read where the family lives (12-hour in a US zone). A DM
// whose person is not known reads as a channel.
func (b *Bot) clockIn(ctx context.Context, channel, user string, l *time.Location) bh.Clock {
	if user != "" && (bh.ConversationKindOf(channel) == bh.ConvDM || channel == user) {
		return b.userClock(ctx, user)
	}
	return zoneClock(l)
}

// cardClock is how the readers of run's card read times (blocks/when.go):
// in a DM the plan's reader's (run.Clock, which its files keep too); in a
// channel, the family's zone's.
func (b *Bot) cardClock(run bh.Run) bh.Clock {
	if bh.ConversationKindOf(cmp.Or(run.CardChannel, run.ChannelID)) == bh.ConvDM {
		return run.Clock
	}
	return zoneClock(run.Location(b.cfg.Location))
}

// zoneClock is the clock most people read in the zone l (nil: UTC).
func zoneClock(l *time.Location) bh.Clock {
	if l == nil {
		return bh.Clock24
	}
	return bh.ClockFor("", l.String())
}
