package planfile

import (
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// deadline is one dated item of a plan.
type deadline struct {
	Text    string
	Due     time.Time
	NoteIDs []string
	Stamps  []bh.Stamp // the times written in Text
}

// deadlines are the plan's dated items, each once: the same note's deadline
// is often both a Now action and a priority (or an admin line), and a
// calendar with the alarm twice would ring twice. Items are keyed by their
// first note (by their text when they have none); the first list wins, in
// the card's order: Now, Top, Admin.
func deadlines(p bh.Proposal) []deadline {
	seen := map[string]bool{}
	var out []deadline
	for _, list := range [][]bh.Item{p.Now, p.Top, p.Admin} {
		for _, it := range list {
			if it.Due == nil || it.Due.IsZero() {
				continue
			}
			key := "text:" + it.Text
			if len(it.NoteIDs) > 0 {
				key = "note:" + it.NoteIDs[0]
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			// "Later: " is how a priority says it waits; the deadline
			// itself does not wait.
			text := strings.TrimPrefix(it.Text, "Later: ")
			out = append(out, deadline{Text: text, Due: *it.Due, NoteIDs: it.NoteIDs, Stamps: it.Stamps})
		}
	}
	return out
}
