package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	bh "github.com/babyhandoff/babyhandoff"
)

// zoneLearner records a shift's time zone from the Slack profile of a
// person: the writer of its first note (after the note is saved), or
// whoever first asks for the family's times before that is done (/plan,
// /radar, App Home, a handoff), so these are never made on DEFAULT_TZ
// while the zone is on its way. A person without a zone leaves DEFAULT_TZ,
// and is asked again only a day later (they may set one meanwhile; the bot
// keeps a profile that long too): another person of the family may still
// teach it sooner. The radar may have read the first notes in DEFAULT_TZ, so it
// reads them again.
type zoneLearner struct {
	store interface {
		ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
		SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	}
	users interface {
		UserZone(ctx context.Context, userID string) (string, error)
	}
	learnt func(ctx context.Context, teamID, shiftID string)
	// asked, when set, hears each learn as it begins (tests).
	asked func(teamID, shiftID, userID string)
	log   *slog.Logger
	now   func() time.Time
	known sync.Map // team/shift → has its zone: notes need no more look-ups
	// tried holds team/shift/user → when Slack knew no zone of that person,
	// in a family with none: their notes for a day need no look-up either.
	tried sync.Map
	// asking makes one learning per shift at a time: whoever comes
	// meanwhile waits for its answer instead of asking Slack again.
	asking singleflight.Group
}

// zoneRetry is how long a person Slack knew no zone of is not asked again.
const zoneRetry = 24 * time.Hour

// noted is the bot's Noted hook.
func (z *zoneLearner) noted(ctx context.Context, n bh.Note) {
	if n.UserID == "" {
		return
	}
	if _, known := z.known.Load(n.TeamID + "/" + n.ShiftID); known {
		return
	}
	z.learn(ctx, n.TeamID, n.ShiftID, n.UserID)
}

// learn is the bot's LearnZone hook: the shift's zone, learnt from userID's
// profile and recorded when it has none; "" when neither has one.
func (z *zoneLearner) learn(ctx context.Context, teamID, shiftID, userID string) string {
	if z.asked != nil {
		z.asked(teamID, shiftID, userID)
	}
	key := teamID + "/" + shiftID
	if at, tried := z.tried.Load(key + "/" + userID); tried {
		_, known := z.known.Load(key)
		switch {
		case known || z.now().Sub(at.(time.Time)) >= zoneRetry:
			z.tried.Delete(key + "/" + userID) // not kept for ever
		default:
			return ""
		}
	}
	stored := false // by this call, not by one it waited for
	tz, _, _ := z.asking.Do(key, func() (any, error) {
		shift, err := z.store.ShiftByID(ctx, teamID, shiftID)
		if err != nil {
			z.log.Debug("a shift's time zone", "shift_id", shiftID, "err", err)
			return "", nil
		}
		if shift.TZ != "" || shift.Sample {
			z.known.Store(key, true)
			return shift.TZ, nil
		}
		// Usually at once: the bot has the person from the note's reply.
		tz, err := z.users.UserZone(ctx, userID)
		if err != nil {
			z.log.Debug("time zone of a family's person", "user", userID, "err", err)
			return "", nil // asked again next time
		}
		if tz == "" {
			z.tried.Store(key+"/"+userID, z.now())
			return "", nil
		}
		if err := z.store.SetShiftTZ(ctx, teamID, shiftID, tz); err != nil {
			z.log.Warn("record the shift's time zone", "shift_id", shiftID, "err", err)
			return "", nil
		}
		z.known.Store(key, true)
		stored = true
		return tz, nil
	})
	// Once the others have their answer: the radar reads the notes again.
	if stored && z.learnt != nil {
		z.learnt(ctx, teamID, shiftID)
	}
	return tz.(string)
}
