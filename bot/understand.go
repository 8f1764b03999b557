package bot

import (
	"fmt"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// infer is the normaliser's kind for a message's text, computed before the
// note is stored so the inference costs no extra write. A tag prefix or a
// person's choice still wins (the store decides).
func (b *Bot) infer(raw string, at time.Time) bh.Tag {
	text, _, fromPrefix, ok := bh.ParseNoteText(raw)
	if !ok || fromPrefix {
		return ""
	}
	f := council.NormalizeOne(bh.Note{Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at}, b.loc, at)
	return f.Kind
}

// detail says what the normaliser read beyond the tag, for the reply:
// "due Thu 17:00", "Mon 14:00–15:00", "runs out by Tue 10:00", "energy low".
// Times are read relative to when the note was written.
func (b *Bot) detail(n bh.Note) string {
	f := council.NormalizeOne(n, b.loc, n.CreatedAt)
	switch {
	case f.Due != nil && f.AllDay:
		return "due " + f.Due.In(b.loc).Format("Mon Jan 2")
	case f.Due != nil:
		return "due " + f.Due.In(b.loc).Format("Mon 15:04")
	case f.Start != nil && f.End != nil:
		return f.Start.In(b.loc).Format("Mon 15:04") + "–" + f.End.In(b.loc).Format("15:04")
	case f.Start != nil:
		return f.Start.In(b.loc).Format("Mon 15:04")
	case f.Out:
		return "out"
	case f.Horizon > 0:
		return "runs out by " + n.CreatedAt.Add(f.Horizon).In(b.loc).Format("Mon 15:04")
	case f.Energy != "":
		if f.SleepHours > 0 {
			return fmt.Sprintf("energy %s, slept %gh", f.Energy, f.SleepHours)
		}
		return "energy " + string(f.Energy)
	case f.Medical:
		return "health: contact a licensed professional"
	}
	return ""
}

// noteReply renders a note's confirmation with what was understood.
func (b *Bot) noteReply(n bh.Note) blocks.Message {
	if n.Deleted() {
		return blocks.NoteReply(n, "")
	}
	return blocks.NoteReply(n, b.detail(n))
}
