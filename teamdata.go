package babyhandoff

// Deleted counts what deleting a workspace's data removed (a store's
// DeleteTeam): the kinds a person asked about, and every row or document
// in all.
type Deleted struct {
	Families, Notes, Plans, Handoffs int
	// RadarPosts are the radar's records of its messages (the messages
	// stay in Slack).
	RadarPosts int
	// Settings are families' radar settings and people's own (quiet hours).
	Settings int
	// Installations is 1 when the app's install (its tokens) went too.
	Installations int
	// Rows is everything removed: the above, and what goes with them
	// (conversations, members, invites, events, a plan's details, ...).
	Rows int
}

// Add counts n rows (or documents) removed from a store's table (or
// collection) of that name: the names are the same in every engine.
func (d *Deleted) Add(table string, n int) {
	d.Rows += n
	switch table {
	case "shifts":
		d.Families += n
	case "notes":
		d.Notes += n
	case "runs":
		d.Plans += n
	case "handoffs":
		d.Handoffs += n
	case "posts":
		d.RadarPosts += n
	case "radar_settings", "people":
		d.Settings += n
	case "installations":
		d.Installations += n
	}
}

// ErrFamilyDeleted refuses a write for a family that is no longer there:
// its workspace's data was deleted (DeleteTeam) while the work that
// makes the write (the radar's look, a /plan, a handoff, a post) was
// under way, with what it had read of the family's notes before. Nothing
// of it is stored. A note captured after the deletion is new: it starts
// a new family.
var ErrFamilyDeleted = Errorf(ENOTFOUND, "That family's data was deleted.")
