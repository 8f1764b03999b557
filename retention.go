package babyhandoff

import "time"

// Swept counts what one retention sweep removed, on any engine.
type Swept struct {
	RunDetails int // runs whose details were removed (the runs and their decisions stay)
	Events     int // events older than the run details' age, and radar wake-ups past a family's latest three and the last day
	Notes      int // notes closed (done or removed) longer ago than the closed notes' age
	SlackIDs   int // Slack event ids older than their time to live
	Replies    int // reply locations older than ReplyAge
}

// ReplyAge is how long where a note's confirmation was posted is kept:
// while its note can still be edited or re-tagged from it.
const ReplyAge = 30 * 24 * time.Hour
