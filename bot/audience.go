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
		b.log.Warn("bot: who reads this conversation", "channel", where, "shift_id", shiftID, "err", err)
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
