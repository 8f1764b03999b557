package blocks

// This file: Add to plan… on the card, beside what waits for later.

import (
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// ActionCardAdd is Add to plan… beside the card's Later: its options are
// the note ids of what waits, its block id CardAddPrefix + the run.
const (
	ActionCardAdd = "card_plan_add"
	CardAddPrefix = "card_add:"
)

// ParseCardAdd is the run an Add to plan… block id names; false for any
// other id.
func ParseCardAdd(blockID string) (runID string, ok bool) {
	runID, ok = strings.CutPrefix(blockID, CardAddPrefix)
	return runID, ok && runID != "" && len(runID) <= 64
}

// cardAdd is Add to plan… for the items of p that wait for later (the
// card's Later lines), each named by its first note; nil when none has a
// note.
func cardAdd(p bh.Proposal, c bh.Clock, in CardInput) *slack.SelectBlockElement {
	var opts []*slack.OptionBlockObject
	seen := map[string]bool{}
	for _, it := range p.Top {
		rest, later := strings.CutPrefix(it.Text, "Later: ")
		if !later || len(it.NoteIDs) == 0 || seen[it.NoteIDs[0]] || len(it.NoteIDs[0]) > MaxOptionValue || len(opts) == 100 {
			continue
		}
		seen[it.NoteIDs[0]] = true
		opts = append(opts, slack.NewOptionBlockObject(it.NoteIDs[0], plain(c.Restamp(rest, it.Stamps, loc(in.Run)), MaxOptionText), nil))
	}
	if len(opts) == 0 {
		return nil
	}
	return slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Add to plan…", 150), ActionCardAdd, opts...)
}
