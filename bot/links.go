package bot

import (
	"context"
	"slices"
	"strings"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// linkStore is what links need from the store: only the notes a surface
// names, never a family's whole history (months of notes, deleted ones
// too, read again for every card, modal and radar message).
type linkStore interface {
	NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error)
}

// links maps a shift's notes to their Slack messages and authors, for the
// card's and the radar's "from your note" links.
type links struct {
	b     *Bot
	store linkStore
}

// labelWords is how many of a note's first words name it in a link.
const labelWords = 4

// label names a note by its first few words ("daycare form due Fri").
func label(text string) string {
	// Only the first words are split off: a card labels every note of the
	// shift, months of them.
	var b strings.Builder
	n := 0
	for w := range strings.FieldsSeq(text) {
		if n == labelWords {
			break
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
		n++
	}
	return b.String()
}

// byID is the notes ids; none when the store fails (logged): a surface
// then names its notes without links rather than fail.
func (l *links) byID(ctx context.Context, teamID string, ids []string) []bh.Note {
	notes, err := l.store.NotesByID(ctx, teamID, ids)
	if err != nil {
		l.b.log.WarnContext(ctx, "bot: notes for links", "notes", len(ids), "err", err)
		return nil
	}
	return notes
}

// from maps notes to their messages, their authors and their labels.
// Permalinks follow the documented archives/<channel>/p<ts> form under the
// workspace URL, so a card costs no chat.getPermalink call per note. The
// caller has read the notes: a shift's notes are many after months, and
// reading them again for the links cost a /plan more than a tenth of its
// time on day 90 of the soak.
func (l *links) from(notes []bh.Note) (blocks.Links, blocks.Authors, map[string]string) {
	base := ""
	if len(notes) > 0 { // one family's, so one team's
		base = l.b.workspaceURL(notes[0].TeamID)
	}
	links, authors, labels := make(blocks.Links, len(notes)), make(blocks.Authors, len(notes)), make(map[string]string, len(notes))
	for _, n := range notes {
		labels[n.ID] = label(n.Text)
		switch {
		case n.Permalink != "":
			links[n.ID] = n.Permalink
		case base != "" && n.MessageTS != "" && !strings.HasPrefix(n.MessageTS, "sample-"):
			links[n.ID] = base + "archives/" + n.ChannelID + "/p" + strings.ReplaceAll(n.MessageTS, ".", "")
		}
		if n.UserID != "" {
			authors[n.ID] = n.UserID
		}
	}
	return links, authors, labels
}

// readable keeps the links the readers of the conversation where can
// open: a note written in someone else's DM is not (Slack shows the reader
// nothing there), nor a saved permalink into one, so it is named by its
// words instead. In a DM, its own links and channels' are kept; in a
// channel (read by several; "" too), none into any DM.
func readable(notes []bh.Note, links blocks.Links, where string) blocks.Links {
	out := make(blocks.Links, len(links))
	for _, n := range notes {
		if l, ok := links[n.ID]; ok && canOpen(n, l, where) {
			out[n.ID] = l
		}
	}
	return out
}

// canOpen reports whether the readers of the conversation where can open
// link, the link of note n: a link into a DM only from that DM itself.
func canOpen(n bh.Note, link, where string) bool {
	ch := n.ChannelID
	if c := linkChannel(link); c != "" {
		ch = c
	}
	return ch == where || !strings.HasPrefix(ch, "D")
}

// linkChannel is the conversation of a Slack message link
// (…/archives/<channel>/p…), "" when it names none.
func linkChannel(link string) string {
	_, rest, ok := strings.Cut(link, "/archives/")
	if !ok {
		return ""
	}
	ch, _, _ := strings.Cut(rest, "/")
	return ch
}

// cited keeps of a card's pack notes (read once by the caller) those the
// card and its "Why this plan?" still cite, with their links and labels
// that the readers of where can open: a deleted note's message is gone, so
// it is neither linked nor named (its reason is said without a link).
func (l *links) cited(notes []bh.Note, where string) ([]bh.Note, blocks.Links, map[string]string) {
	notes = slices.DeleteFunc(notes, bh.Note.Deleted)
	links, _, labels := l.from(notes)
	return notes, readable(notes, links, where), labels
}

// citedIn is cited of the notes of rec's pack, for the readers of where:
// its card's conversation, or the one its files are sent to. A plan cites
// only its pack's notes, so only those are read, not the family's months
// of notes.
func (l *links) citedIn(ctx context.Context, rec bh.RunRecord, where string) (blocks.Links, map[string]string) {
	_, links, labels := l.cited(l.byID(ctx, rec.Run.TeamID, packNoteIDs(rec.Pack)), where)
	return links, labels
}

// readableIn is the links and labels of the notes ids that the readers of
// the conversation where can open.
func (l *links) readableIn(ctx context.Context, teamID string, ids []string, where string) (blocks.Links, map[string]string) {
	notes := l.byID(ctx, teamID, ids)
	links, _, labels := l.from(notes)
	return readable(notes, links, where), labels
}
