package babyhandoff

import (
	"slices"
	"strings"
	"time"
)

// FamilyRecord is everything one family owns, as domain values, whatever
// the engine that kept it: what an export carries and an import gives back.
type FamilyRecord struct {
	Shift Shift
	// Left are the people who left the family and have not joined it
	// again: an import without its rows (format 1) does not make them
	// members again, nor map the DM of one who founded it back.
	Left []string
	// Conversations are those that feed the family, and the one that
	// founded it with ShiftID "" once its person left.
	Conversations []Conversation
	Members       []Member
	People        []Person // the members'
	Invites       []Invite
	Notes         []Note // removed ones too, with their reply's place
	// ReplyAt is when each note's reply was posted (its place is kept ReplyAge).
	ReplyAt map[string]time.Time
	// State is the radar's latest, with the fingerprint of its notes.
	State            *ShiftState
	StateFingerprint string
	// RunVersion is the last plan version handed out.
	RunVersion int
	// Runs hold each run's record: a run whose details were swept keeps
	// its Run and Decision only, and DetailsRemoved says when.
	Runs           []RunRecord
	DetailsRemoved map[string]time.Time
	Events         []Event // not of a run: the radar's wake-ups
	Posts          []PostRecord
	Settings       *RadarSettings
	Duty           *Duty
	Handoffs       []Handoff
}

// Imported counts what an import of a family's record did: documents
// New (written), Changed, Same (equal to what was there), and Kept: there
// already and left as they were (the database may be newer than the
// export; an import never takes it back). An engine that cannot tell
// Changed and Same from Kept counts them as Kept.
type Imported struct {
	New, Changed, Same, Kept int
}

// Sort puts a record's lists in one order, whatever engine read them: by
// id (people, members and conversations by their person or place), a
// run's details as a run's record lists them.
func (r *FamilyRecord) Sort() {
	slices.Sort(r.Left)
	sortBy(r.Conversations, func(c Conversation) string { return c.ChannelID })
	sortBy(r.Members, func(m Member) string { return m.UserID })
	sortBy(r.People, func(p Person) string { return p.UserID })
	sortBy(r.Invites, func(i Invite) string { return i.ID })
	sortBy(r.Notes, func(n Note) string { return n.ID })
	sortBy(r.Runs, func(rec RunRecord) string { return rec.Run.ID })
	sortBy(r.Events, func(e Event) string { return e.ID })
	sortBy(r.Posts, func(p PostRecord) string { return p.Key })
	sortBy(r.Handoffs, func(h Handoff) string { return h.ID })
	for i := range r.Runs {
		rec := &r.Runs[i]
		sortBy(rec.Tasks, func(t Task) string { return t.ID })
		sortBy(rec.Messages, func(m Message) string { return m.ID })
		sortBy(rec.Proposals, func(p Proposal) string { return p.ID })
		sortBy(rec.Artifacts, func(a Artifact) string { return a.Kind })
		sortBy(rec.Events, func(e Event) string { return e.ID })
	}
}

func sortBy[T any](s []T, key func(T) string) {
	slices.SortStableFunc(s, func(a, b T) int { return strings.Compare(key(a), key(b)) })
}
