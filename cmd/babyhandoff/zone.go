package main

import (
	"context"
	"log/slog"
	"sync"

	bh "github.com/babyhandoff/babyhandoff"
)

// zoneLearner records a shift's time zone from the Slack profile of the
// person who wrote its first note, once per shift and process; a person
// without a zone leaves DEFAULT_TZ. The radar may have read the first notes
// in DEFAULT_TZ, so it reads them again.
type zoneLearner struct {
	store interface {
		ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
		SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	}
	users interface {
		UserZone(ctx context.Context, userID string) (string, error)
	}
	learnt func(ctx context.Context, teamID, shiftID string)
	log    *slog.Logger
	seen   sync.Map // team/shift → looked up (or being looked up)
}

// noted is the bot's Noted hook.
func (z *zoneLearner) noted(ctx context.Context, n bh.Note) {
	if n.UserID == "" {
		return
	}
	key := n.TeamID + "/" + n.ShiftID
	if _, seen := z.seen.LoadOrStore(key, true); seen {
		return
	}
	shift, err := z.store.ShiftByID(ctx, n.TeamID, n.ShiftID)
	if err != nil || shift.TZ != "" {
		return
	}
	tz, err := z.users.UserZone(ctx, n.UserID)
	if err != nil {
		z.log.Debug("time zone of a note's writer", "user", n.UserID, "err", err)
		z.seen.Delete(key) // asked again on the next note
		return
	}
	if tz == "" {
		return
	}
	if err := z.store.SetShiftTZ(ctx, n.TeamID, n.ShiftID, tz); err != nil {
		z.log.Warn("record the shift's time zone", "shift_id", n.ShiftID, "err", err)
		return
	}
	if z.learnt != nil {
		z.learnt(ctx, n.TeamID, n.ShiftID)
	}
}
