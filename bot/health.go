package bot

// This file: a health note's Resolved and Still a concern, wherever it is
// listed (the card, the radar, App Home, its capture reply), and the health
// notes a handoff opens with.

import (
	"context"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// resolved is Resolved on a health note: it is marked done by who pressed
// it, leaves every surface, and handoff.md lists it as resolved; the
// private confirmation carries Undo. A card's menu sends the note as the
// selected option; every other place as the button's value.
func (r *radarHandler) resolved(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	ch, ok := r.b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	r.mark(ctx, cb, ch, valueOf(a), a.BlockID, true, func(n bh.Note) blocks.Message {
		return blocks.ResolvedNotice(n, blocks.ActionRadarUndone, n.ID)
	})
}

// concern is "Still a concern": the note stays listed and is asked about
// again a day later.
func (r *radarHandler) concern(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := r.b
	ch, ok := b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	n, err := r.store.Note(ctx, cb.Team.ID, valueOf(a))
	if err == nil {
		err = b.mayActOn(ctx, cb.Team.ID, cb.User.ID, ch, n)
	}
	switch {
	case err != nil:
	case n.Deleted() || n.Done():
		err = bh.Errorf(bh.ECONFLICT, "%q is already resolved or removed; nothing was changed.", bh.Truncate(n.Text, 60))
	case !isHealthNote(n):
		// "Still a concern" keeps a health note listed; on anything else
		// it would quietly stretch a deadline's life.
		err = bh.Errorf(bh.EINVALID, "%q is not a health note; nothing was changed.", bh.Truncate(n.Text, 60))
	default:
		n, err = r.store.MarkStillOn(ctx, n.TeamID, n.ID)
	}
	if err != nil {
		b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	if _, err := b.api.PostEphemeralContext(ctx, ch, cb.User.ID, blocks.ConcernNotice(n).Options()...); err != nil {
		b.log.DebugContext(ctx, "bot: confirm still a concern", "err", err)
	}
	r.home.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
	b.healthChanged(ctx, n)
}

// healthChanged brings up to date what lists the health notes of n's shift
// besides the surface pressed on: the latest card and the handoffs in force
// or waiting. (The radar and App Home follow every note change already.)
func (b *Bot) healthChanged(ctx context.Context, n bh.Note) {
	if latest, err := b.planner.store.LatestRun(ctx, n.TeamID, n.ShiftID); err == nil {
		b.planner.refreshCard(ctx, n.TeamID, latest.ID, latest.ChannelID)
	}
	b.handoffs.refreshShift(ctx, n.TeamID, n.ShiftID)
}

// valueOf is what a button or a menu option of a block action carries.
func valueOf(a *slack.BlockAction) string {
	if a.Value == "" && a.SelectedOption.Value != "" {
		return a.SelectedOption.Value
	}
	return a.Value
}

// isHealthNote reports whether a note reads as a health concern, as the
// normaliser's Medical flag does.
func isHealthNote(n bh.Note) bool { return normalize.IsHealthNote(n.Words()) }

// healthEntries are the health notes among notes as a handoff lists them:
// the open ones, oldest first, then those resolved since since (struck
// through); mood says an open one is about the parent's own mood. links
// are those the reader can open (readable); the others are quoted.
func healthEntries(notes []bh.Note, links blocks.Links, since time.Time) (out []blocks.HealthEntry, mood bool) {
	var resolved []blocks.HealthEntry
	for _, n := range notes {
		if n.Deleted() || (n.Done() && n.DoneAt.Before(since)) || !isHealthNote(n) {
			continue
		}
		e := blocks.HealthEntry{NoteID: n.ID, Text: n.Words(), Link: links[n.ID], Resolved: n.Done()}
		if e.Resolved {
			resolved = append(resolved, e)
			continue
		}
		out = append(out, e)
		if normalize.One(n, time.UTC, n.CreatedAt).Mood {
			mood = true
		}
	}
	return append(out, resolved...), mood
}
