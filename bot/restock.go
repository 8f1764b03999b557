package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// restockStore is what closing running-low items by a purchase needs.
type restockStore interface {
	// Notes finds what a purchase closed, done long ago or not.
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	// LiveNotes has the open running-low items a purchase may close.
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
}

// restocks closes a conversation's running-low items when a note says they
// were bought ("got diapers" closes "diapers almost out"), and opens them
// again when that note is taken back (Undo).
type restocks struct {
	b     *Bot
	store restockStore
}

// bought lists the supplies n says were bought; nil for most notes.
func (r *restocks) bought(n bh.Note) []string {
	if n.Deleted() {
		return nil
	}
	if n.Reading.Version == normalize.Version {
		return n.Reading.Restocked // what was bought is the same in any zone
	}
	return normalize.One(n, r.b.cfg.Location, n.CreatedAt).Restocked
}

// close marks done, by n, the open running-low items of n's conversation
// that name a supply n bought.
func (r *restocks) close(ctx context.Context, n bh.Note) {
	r.closeBought(ctx, n, r.bought(n))
}

// closeBought is close when what n bought is known already (the store's
// reading of a new note): no second reading of every message.
func (r *restocks) closeBought(ctx context.Context, n bh.Note, items []string) {
	if len(items) == 0 {
		return
	}
	// The live notes only: a running-low item is never past, and months of
	// closed notes need no reading for every "got wipes".
	live, err := r.store.LiveNotes(ctx, n.TeamID, n.ShiftID, r.b.cfg.Now())
	if err != nil {
		r.b.log.ErrorContext(ctx, "bot: restock: list notes", "note_id", n.ID, "err", err)
		return
	}
	// A channel someone in which has not joined the family is not its
	// shared place: its people close only items written there.
	aud := r.b.audienceOf(ctx, n.TeamID, n.ShiftID, n.ChannelID)
	mayClose := map[string]bool{}
	for _, x := range aud.notes(live.Notes) {
		mayClose[x.ID] = true
	}
	for _, f := range normalize.Notes(live.Notes, r.b.cfg.Location, n.CreatedAt) {
		if f.NoteID == n.ID || !f.ClosedBy(items) || !mayClose[f.NoteID] {
			continue
		}
		if _, err := r.store.MarkNoteDoneBy(ctx, n.TeamID, f.NoteID, bh.DoneBy{User: n.UserID, Note: n.ID}); err != nil {
			r.b.log.ErrorContext(ctx, "bot: restock: close", "note_id", f.NoteID, "by", n.ID, "err", err)
		}
	}
}

// closedBy lists the items n closed that are still closed by it, as its
// reply may quote them; bought is what n says was bought (none: nothing
// to look up).
func (r *restocks) closedBy(ctx context.Context, n bh.Note, bought []string) []bh.Note {
	if len(bought) == 0 || n.Deleted() {
		return nil
	}
	closed := r.closedNotes(ctx, n)
	if len(closed) == 0 {
		return nil
	}
	// The reply quotes only what its conversation may read.
	return r.b.audienceOf(ctx, n.TeamID, n.ShiftID, n.ChannelID).notes(closed)
}

// reopen opens again what n closed (n was taken back).
func (r *restocks) reopen(ctx context.Context, n bh.Note) {
	for _, x := range r.closedNotes(ctx, n) {
		if _, err := r.store.MarkNoteDone(ctx, n.TeamID, x.ID, false); err != nil {
			r.b.log.ErrorContext(ctx, "bot: restock: reopen", "note_id", x.ID, "err", err)
		}
	}
}

// closedNotes are the notes of n's conversation done by n.
func (r *restocks) closedNotes(ctx context.Context, n bh.Note) []bh.Note {
	notes, err := r.store.Notes(ctx, n.TeamID, n.ShiftID, false)
	if err != nil {
		r.b.log.ErrorContext(ctx, "bot: restock: list notes", "note_id", n.ID, "err", err)
		return nil
	}
	var out []bh.Note
	for _, x := range notes {
		if x.Done() && x.DoneBy.Note == n.ID {
			out = append(out, x)
		}
	}
	return out
}

// closesText is what a purchase note's reply says it closed:
// "closes: running low — diapers almost out" for items in view, and for
// another member's, noted elsewhere, who noted it and when: "closes: out of
// formula, noted by Maya 9:40 PM" (in loc; "9:40 PM New York time" with a
// zone name, as the reply's other times: zoneNamed). name names a person. Plain
// text: the reply escapes it (escaping here too showed "&amp;lt;").
func closesText(by bh.Note, closed []bh.Note, name func(string) string, loc *time.Location, clock bh.Clock, zone string) string {
	var own, others []string
	for _, c := range closed {
		words := bh.Truncate(strings.Join(strings.Fields(c.Text), " "), 60)
		// An item noted in the same conversation was in view; one noted
		// by a partner in their own DM was not, so it says whose it was.
		if c.UserID == "" || c.UserID == by.UserID || c.ChannelID == by.ChannelID {
			own = append(own, words)
			continue
		}
		who := name(c.UserID)
		if who == "" {
			who = "your partner"
		}
		at := clock.Format(c.CreatedAt.In(loc), "15:04")
		if zone != "" {
			at += " " + zone
		}
		others = append(others, fmt.Sprintf("%s, noted by %s %s", words, who, at))
	}
	var parts []string
	if len(own) > 0 {
		parts = append(parts, "running low — "+strings.Join(own, "; "))
	}
	parts = append(parts, others...)
	if len(parts) == 0 {
		return ""
	}
	return "closes: " + strings.Join(parts, "; ")
}
