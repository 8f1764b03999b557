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
