package babyhandoff

import (
	"strconv"
	"strings"
)

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

// sampleTS prefixes the sample notes' message ids; samplePrefix the sample
// shift's channel key.
const (
	sampleTS     = "sample-"
	samplePrefix = "sample:"
)

// SampleChannel is the key of a conversation's sample shift: the sample
// lives apart from the family's notes, never mixed with them.
func SampleChannel(channelID string) string { return samplePrefix + channelID }

// IsSampleChannel reports whether channelID keys a sample shift.
func IsSampleChannel(channelID string) bool { return strings.HasPrefix(channelID, samplePrefix) }

// SampleNotes is the sample shift as notes to store in a conversation's
// sample shift. Their message ids are fixed ("sample-1", …), so loading the
// sample twice stores it once.
func SampleNotes(teamID, channelID, userID string) []NewNote {
	out := make([]NewNote, len(SampleShift))
	for i, s := range SampleShift {
		out[i] = NewNote{TeamID: teamID, ChannelID: SampleChannel(channelID), UserID: userID, RawText: s.Text, Tag: s.Tag,
			Source: SourceShortcut, MessageTS: sampleTS + strconv.Itoa(i+1)}
	}
	return out
}

// StraySample reports a sample note stored among a family's own notes (by
// versions before the sample had its own shift): plans and the radar leave
// it out.
func (n Note) StraySample() bool {
	return strings.HasPrefix(n.MessageTS, sampleTS) && !IsSampleChannel(n.ChannelID)
}
