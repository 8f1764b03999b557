package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// This file: What if… in Why this plan?. Each control forks the form's run
// with one input changed (cards.fork): the card turns into the new
// version, its thread names the change, and the form shows the new
// version, so the next what-if forks that.

// whatIfRun is the run Why this plan? shows (its metadata), only for a
// person of its family and a run with a card; false once they were told.
func (c *cards) whatIfRun(ctx context.Context, cb slack.InteractionCallback) (bh.RunRecord, bool) {
	rec, err := c.viewRun(ctx, cb, cb.View.PrivateMetadata, cb.View.CallbackID == blocks.CallbackWhatIf)
	if err == nil && rec.Run.CardTS == "" {
		err = bh.Errorf(bh.EINVALID, "This plan has no card to change; try the card in the conversation. Nothing was changed.")
	}
	if err != nil {
		c.b.refuse(ctx, rec.Run.ChannelID, cb.User.ID, err)
		return rec, false
	}
	return rec, true
}

// whatIf forks rec with ch (ok: it changes something) and shows the form
// viewID again with the new version.
func (c *cards) whatIf(ctx context.Context, user string, rec bh.RunRecord, ch bh.InputChange, ok bool, viewID string) {
	if !ok {
		c.b.tell(ctx, rec.Run.ChannelID, user, "v"+strconv.Itoa(rec.Run.Version)+" already plans that ("+
			blocks.Escape(ch.Say(rec.Run, rec.Run.Location(c.b.cfg.Location)))+"); nothing was changed.")
		return
	}
	out, done := c.fork(ctx, user, rec, []bh.InputChange{ch}, rec.Run.CardChannel, rec.Run.CardTS)
	if !done || viewID == "" {
		return
	}
	if _, err := c.b.api.UpdateViewContext(ctx, c.whyView(ctx, out.Record()), "", "", viewID); err != nil {
		c.b.log.WarnContext(ctx, "bot: show Why this plan? again", "run_id", out.Run.ID, "err", err)
	}
}

// whatIfStart is the window's start picked in What if….
func (c *cards) whatIfStart(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.whatIfRun(ctx, cb)
	if !ok {
		return
	}
	at, ok := blocks.WhatIfStartAt(a.SelectedTime, rec.Run)
	if !ok {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "That is not a time I can plan from; nothing was changed.")
		return
	}
	ch, changed := bh.WindowChange(rec.Run, at, rec.Run.HorizonH)
	c.whatIf(ctx, cb.User.ID, rec, ch, changed, cb.View.ID)
}

// whatIfHours is the window's length chosen in What if….
func (c *cards) whatIfHours(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.whatIfRun(ctx, cb)
	if !ok {
		return
	}
	h, err := strconv.Atoi(a.SelectedOption.Value)
	if err != nil || !slices.Contains(blocks.WhatIfLengths, h) {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "That is not a length I offer; nothing was changed.")
		return
	}
	from := rec.Run.From
	if !rec.Run.Later() {
		from = rec.Run.Now // the window starts at the plan's clock, as it did
	}
	ch, changed := bh.WindowChange(rec.Run, from, h)
	c.whatIf(ctx, cb.User.ID, rec, ch, changed, cb.View.ID)
}

// whatIfQuiet is the night chosen in What if… (this plan only: the
// family's and each person's quiet hours stay as they are).
func (c *cards) whatIfQuiet(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.whatIfRun(ctx, cb)
	if !ok {
		return
	}
	q, err := bh.ParseQuietHours(a.SelectedOption.Value)
	if err != nil || !slices.Contains(blocks.WhatIfNights, q) {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "Those are not quiet hours I offer; nothing was changed.")
		return
	}
	ch, changed := bh.QuietChange(rec.Run, q)
	c.whatIf(ctx, cb.User.ID, rec, ch, changed, cb.View.ID)
}

// whatIfOnly is "Only <winner>" (or "All three planners" again).
func (c *cards) whatIfOnly(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.whatIfRun(ctx, cb)
	if !ok {
		return
	}
	only := bh.Archetype(a.Value)
	if only != "" && only != rec.Decision.Winner {
		// Only the winner's planner: anything else was forged.
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "Only this plan's own planner can be asked alone; nothing was changed.")
		return
	}
	ch, changed := bh.PlannersChange(rec.Run, only)
	c.whatIf(ctx, cb.User.ID, rec, ch, changed, cb.View.ID)
}

// whatIfNote is a note's Leave out (this plan only) or Mark done (for
// good, as the card's Mark done…) in What if….
func (c *cards) whatIfNote(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := c.b
	rec, ok := c.whatIfRun(ctx, cb)
	if !ok {
		return
	}
	kind, id, ok := blocks.ParseWhatIfNote(a.SelectedOption.Value)
	if ok {
		ok = slices.Contains(rec.Pack.IncludedLogIDs, id)
	}
	if !ok {
		b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "That is not a note this plan uses; nothing was changed.")
		return
	}
	n, err := c.store.Note(ctx, rec.Run.TeamID, id)
	if err == nil && (n.ShiftID != rec.Run.ShiftID || n.Deleted()) {
		err = bh.Errorf(bh.ECONFLICT, "That note was removed; nothing was changed.")
	}
	if err == nil && kind == bh.ForkMarkDone {
		if err = b.mayActOn(ctx, rec.Run.TeamID, cb.User.ID, rec.Run.ChannelID, n); err == nil && !n.Done() {
			_, err = setDone(ctx, c.store, n, cb.User.ID, true)
		}
	}
	if err != nil {
		b.refuse(ctx, rec.Run.ChannelID, cb.User.ID, err)
		return
	}
	c.whatIf(ctx, cb.User.ID, rec, bh.NoteFork(kind, id, bh.Truncate(strings.Join(strings.Fields(n.Text), " "), 60)), true, cb.View.ID)
}
