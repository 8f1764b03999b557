package bot

import (
	"context"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// noteStore is what the capture reply's buttons need from the store.
type noteStore interface {
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error)
	RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error)
	RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
}

// noteButtons answers the capture reply's buttons: Undo, Restore, the tag
// chips and Done. Each re-renders the reply in place.
type noteButtons struct {
	b        *Bot
	store    noteStore
	replies  *replies
	home     *home
	restocks *restocks
}

func (nb *noteButtons) undo(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	nb.apply(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
		// What a purchase note closed opens again with it.
		nb.restocks.reopen(ctx, n)
		return nb.store.DeleteNote(ctx, n.TeamID, n.ID)
	})
}

func (nb *noteButtons) restore(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	nb.apply(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
		n, err := nb.store.RestoreNote(ctx, n.TeamID, n.ID)
		if err == nil {
			nb.restocks.close(ctx, n)
		}
		return n, err
	})
}

// done marks the note's item done from its reply: the radar and the next
// plan leave it out, and the reply says so (with "Not done yet").
func (nb *noteButtons) done(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	nb.mark(ctx, cb, a.Value, true)
}

// reopen takes a Done back.
func (nb *noteButtons) reopen(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	nb.mark(ctx, cb, a.Value, false)
}

func (nb *noteButtons) mark(ctx context.Context, cb slack.InteractionCallback, noteID string, done bool) {
	nb.apply(ctx, cb, noteID, func(ctx context.Context, n bh.Note) (bh.Note, error) {
		if n.Deleted() {
			return n, bh.Errorf(bh.ECONFLICT, "That note was removed; press Restore first.")
		}
		return setDone(ctx, nb.store, n, cb.User.ID, done)
	})
}

// noteMarker is what marking a note done, or taking it back, needs of the
// store.
type noteMarker interface {
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
}

// setDone marks n done by user, or takes its Done back.
func setDone(ctx context.Context, st noteMarker, n bh.Note, user string, done bool) (bh.Note, error) {
	if done {
		return st.MarkNoteDoneBy(ctx, n.TeamID, n.ID, bh.DoneBy{User: user})
	}
	return st.MarkNoteDone(ctx, n.TeamID, n.ID, false)
}

// tapDone is setDone for a Done or Undo button on an item (the radar's, a
// handoff's): a removed note, or a second tap that would change nothing,
// is refused with a word saying how it stands.
func tapDone(ctx context.Context, st noteMarker, n bh.Note, user string, done bool) (bh.Note, error) {
	switch {
	case n.Deleted():
		return n, bh.Errorf(bh.ECONFLICT, "That note was removed; nothing to mark.")
	case done && n.Done() && isHealthNote(n):
		return n, bh.Errorf(bh.ECONFLICT, "%q is already resolved; nothing was changed.", bh.Truncate(n.Text, 60))
	case done && n.Done():
		return n, bh.Errorf(bh.ECONFLICT, "%q is already done; nothing was changed.", bh.Truncate(n.Text, 60))
	case !done && !n.Done():
		return n, bh.Errorf(bh.ECONFLICT, "%q is not marked done; nothing was changed.", bh.Truncate(n.Text, 60))
	}
	return setDone(ctx, st, n, user, done)
}

func (nb *noteButtons) retag(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	tag, ok := blocks.TagFromAction(a.ActionID)
	if !ok {
		nb.b.tell(ctx, cb.Channel.ID, cb.User.ID, "That button is not one I know; nothing was changed.")
		return
	}
	nb.apply(ctx, cb, a.Value, func(ctx context.Context, n bh.Note) (bh.Note, error) {
		if n.Deleted() {
			return n, bh.Errorf(bh.ECONFLICT, "That note was removed; press Restore first.")
		}
		return nb.store.RetagNote(ctx, n.TeamID, n.ID, tag)
	})
}

// apply loads the note a button names, checks that the button was pressed
// in the note's own team and conversation, applies change and re-renders
// the reply in place.
func (nb *noteButtons) apply(ctx context.Context, cb slack.InteractionCallback, noteID string, change func(context.Context, bh.Note) (bh.Note, error)) {
	b := nb.b
	channelID := channelOf(cb)
	n, err := nb.store.Note(ctx, cb.Team.ID, noteID)
	if err == nil && (bh.ConversationKindOf(channelID) != bh.ConvDM || (channelID != n.ChannelID && channelID != n.ReplyChannel)) {
		// Only its family acts on it: pressed away from the note's reply,
		// or in a channel (whose people need not all have joined), where
		// its writer may too. In its own DM, the DM's person wrote it.
		err = b.mayActOn(ctx, cb.Team.ID, cb.User.ID, channelID, n)
	}
	if err == nil {
		n, err = change(ctx, n)
	}
	if err != nil {
		if bh.ErrorCode(err) == bh.EINTERNAL {
			b.log.ErrorContext(ctx, "bot: note action", "note_id", noteID, "err", err)
		}
		b.tell(ctx, channelID, cb.User.ID, bh.ErrorText(ctx, err))
		return
	}
	ts := messageOf(cb)
	if ts == "" || (n.ReplyTS != "" && ts != n.ReplyTS) {
		nb.replies.refresh(ctx, n)
		return
	}
	if err := b.update(ctx, channelID, ts, nb.replies.render(ctx, n)); err != nil {
		b.log.ErrorContext(ctx, "bot: update note reply", "note_id", n.ID, "err", err)
	}
	nb.home.shiftChanged(ctx, n.TeamID, n.ChannelID, cb.User.ID)
	if isHealthNote(n) {
		// Resolved (or not) from its reply: the card and handoffs follow.
		b.healthChanged(ctx, n)
	}
}
