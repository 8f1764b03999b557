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
	r.mark(ctx, cb, ch, valueOf(a), a.BlockID, true, blocks.ResolvedNotice)
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
	switch {
	case err != nil:
	case ch != n.ChannelID:
		err = bh.Errorf(bh.EFORBIDDEN, "That button belongs to a note in another conversation; nothing was changed.")
	case n.Deleted() || n.Done():
		err = bh.Errorf(bh.ECONFLICT, "%q is already resolved or removed; nothing was changed.", bh.Truncate(n.Text, 60))
	default:
		n, err = r.store.MarkStillOn(ctx, n.TeamID, n.ID)
	}
	if err != nil {
		b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	if _, err := b.api.PostEphemeralContext(ctx, ch, cb.User.ID, blocks.ConcernNotice(n).Options()...); err != nil {
		b.log.Debug("bot: confirm still a concern", "err", err)
	}
	r.home.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
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
func isHealthNote(n bh.Note) bool {
	text := n.Text
	if text == "" {
		p, _ := bh.ParseNoteText(n.RawText)
		text = p.Text
	}
	return normalize.IsHealth(text)
}

// healthEntries are the health notes among notes as a handoff lists them:
// the open ones, and those resolved since since (struck through), oldest
// first; mood says one is about the parent's own mood.
func healthEntries(notes []bh.Note, links blocks.Links, since time.Time) (out []blocks.HealthEntry, mood bool) {
	for _, n := range notes {
		if n.Deleted() || (n.Done() && n.DoneAt.Before(since)) || !isHealthNote(n) {
			continue
		}
		out = append(out, blocks.HealthEntry{NoteID: n.ID, Text: n.Text, Link: links[n.ID], Resolved: n.Done()})
		if normalize.One(n, time.UTC, n.CreatedAt).Mood {
			mood = true
		}
	}
	return out, mood
}
