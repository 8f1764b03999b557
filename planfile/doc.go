// Package planfile writes a plan as files people use: a calendar
// (plan-vN.ics) and a picture of the window (plan-vN.png).
//
// Both are pure functions of an Input: no Slack, no database, no clock of
// their own (the run's Now stamps the calendar; Input.Now draws the
// picture's now-line). The bot uploads what they return.
package planfile

import (
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Input is one plan to write: the run (its window, zone, version, quiet
// hours), its winning proposal, the Slack permalinks of its notes by note
// id (may be nil; only those its reader can open), the notes' labels (their
// first words) by note id, and now (the now-line of the picture). Note ids
// are the store's: they never appear in a file, labels name the notes.
type Input struct {
	Run    bh.Run
	Plan   bh.Proposal
	Links  map[string]string
	Labels map[string]string
	Now    time.Time
}
