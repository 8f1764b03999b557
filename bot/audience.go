package bot

import (
	"context"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// audience is what the readers of one conversation may see of a family:
// all of its notes where every reader is a member (a DM, or a channel
// every person in which has joined), else only the notes written in that
// conversation; and, either way, only links they can open (readable).
// One rule for every place the bot shows notes: a plan, a what-if, a
// handoff posted there, the radar.
type audience struct {
	// where is the conversation shown in; "" is read as a channel.
	where string
	// whole says every note of the family may be shown there.
	whole bool
}

// audienceOf is the audience of the conversation where for the family
// shiftID. A failure to tell keeps to what was written there (logged):
// a private note shown to the wrong people cannot be taken back.
func (b *Bot) audienceOf(ctx context.Context, teamID, shiftID, where string) audience {
	whole, err := b.seesFamily(ctx, teamID, shiftID, where)
	if err != nil {
		b.log.WarnContext(ctx, "bot: who reads this conversation", "channel", where, "shift_id", shiftID, "err", err)
		whole = false
	}
	return audience{where: where, whole: whole}
}

// notes keeps the notes the audience may read.
func (a audience) notes(ns []bh.Note) []bh.Note {
	if a.whole {
		return ns
	}
	out := ns[:0:0]
	for _, n := range ns {
		if a.wrote(n) {
			out = append(out, n)
		}
	}
	return out
}

// wrote reports whether n was written in the audience's conversation.
func (a audience) wrote(n bh.Note) bool {
	return a.where != "" && n.ChannelID == a.where
}

// hides reports whether the audience may not read some of ns.
func (a audience) hides(ns []bh.Note) bool { return len(a.notes(ns)) < len(ns) }

// links keeps the links of ns the audience can open.
func (a audience) links(ns []bh.Note, links blocks.Links) blocks.Links {
	return readable(ns, links, a.where)
}

// state keeps of st what the audience may read, live being the family's
// notes: in a channel where not everyone joined, only the items of notes
// written there, its level theirs, and the energy the default when only
// notes from elsewhere told it. Each item comes from one note, so
// nothing of a note from elsewhere shows through.
func (a audience) state(st bh.ShiftState, live []bh.Note) bh.ShiftState {
	if a.whole {
		return st
	}
	here := map[string]bool{}
	open := 0
	for _, n := range live {
		if a.wrote(n) {
			here[n.ID] = true
			if !n.Deleted() && !n.Done() {
				open++
			}
		}
	}
	seen := func(ids []string) bool {
		for _, id := range ids {
			if !here[id] {
				return false
			}
		}
		return true
	}
	keep := func(items []bh.RiskItem) []bh.RiskItem {
		out := items[:0:0]
		for _, it := range items {
			if seen(it.NoteIDs) {
				out = append(out, it)
			}
		}
		return out
	}
	st.Deadlines, st.Inventory, st.Commitments, st.Health = keep(st.Deadlines), keep(st.Inventory), keep(st.Commitments), keep(st.Health)
	st.Level = bh.RiskNone
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			st.Level = max(st.Level, it.Level)
		}
	}
	next := st.NextActions[:0:0]
	for _, it := range st.NextActions {
		if seen(it.NoteIDs) {
			next = append(next, it)
		}
	}
	st.NextActions = next
	if !st.EnergyChosen && len(st.EnergyNoteIDs) > 0 && !seen(st.EnergyNoteIDs) {
		st.Energy, st.EnergyNoteIDs, _ = bh.EnergyOf(nil, bh.EnergyAuto, st.ComputedAt)
	}
	st.Notes = min(st.Notes, open)
	return st
}
