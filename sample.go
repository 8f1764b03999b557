package babyhandoff

import "strconv"

// SampleNote is one note of the PRD's sample shift.
type SampleNote struct {
	Tag  Tag
	Text string
}

// SampleShift is the PRD's sample shift: low sleep, an admin deadline,
// running-low supplies and errands that compete for the same hours.
var SampleShift = []SampleNote{
	{TagNote, "Slept ~3–4 hours broken; feeling low energy."},
	{TagDeadline, "Submit daycare deposit form by tomorrow 5pm."},
	{TagTask, "Pick up diapers + wipes today."},
	{TagInventory, "Wipes < 1 day; diaper cream almost out."},
	{TagNote, "Part-time class assignment due in 2 days; need 60–90 min focus block."},
	{TagTask, "Groceries: protein + easy snacks (15 min list)."},
}

// SampleNotes is the sample shift as notes to store in a conversation. Their
// message ids are fixed ("sample-1", …), so loading the sample twice into one
// conversation stores it once.
func SampleNotes(teamID, channelID, userID string) []NewNote {
	out := make([]NewNote, len(SampleShift))
	for i, s := range SampleShift {
		out[i] = NewNote{TeamID: teamID, ChannelID: channelID, UserID: userID, RawText: s.Text, Tag: s.Tag,
			Source: SourceShortcut, MessageTS: "sample-" + strconv.Itoa(i+1)}
	}
	return out
}
