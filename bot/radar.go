package bot

import (
	"context"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/radar"
)

// radarState computes a shift's Risk Radar state now. An energy a person
// chose on the latest plan wins over the one inferred from the notes.
func (b *Bot) radarState(ctx context.Context, shift bh.Shift) (bh.ShiftState, error) {
	notes, err := b.store.Notes(ctx, shift.TeamID, shift.ID, false)
	if err != nil {
		return bh.ShiftState{}, err
	}
	loc := b.loc
	now := b.cfg.Now()
	energy := bh.EnergyAuto
	if run, err := b.store.LatestRun(ctx, shift.TeamID, shift.ID); err == nil {
		energy = run.Energy
	}
	return radar.Compute(shift, council.Normalize(notes, loc, now), now, energy), nil
}

// showRadar answers /radar privately.
func (b *Bot) showRadar(ctx context.Context, teamID, channelID, userID string) {
	shift, err := b.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "No notes here yet, so nothing to watch. Send me a few, or try `/plan sample`.")
		return
	}
	var st bh.ShiftState
	if err == nil {
		st, err = b.radarState(ctx, shift)
	}
	if err != nil {
		b.log.Error("bot: radar", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	msg := blocks.Radar(st, b.links(ctx, bh.Run{TeamID: teamID, ShiftID: shift.ID}), b.loc)
	if _, err := b.api.PostEphemeralContext(ctx, channelID, userID, msg.Options()...); err != nil {
		b.log.Error("bot: post radar", "channel", channelID, "err", err)
	}
}
