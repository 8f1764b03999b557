package babyhandoff

import (
	"context"
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

// SampleStore is what loading and clearing the sample needs of a store:
// the notes repository's own methods, so the sample is written once over
// either engine rather than once in each.
type SampleStore interface {
	CaptureNote(ctx context.Context, in NewNote) (n Note, created bool, err error)
	RestoreNote(ctx context.Context, teamID, id string) (Note, error)
	DeleteNote(ctx context.Context, teamID, id string) (Note, error)
	Shift(ctx context.Context, teamID, channelID string) (Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]Note, error)
}

// LoadSample stores the sample notes as the conversation's sample family
// (once: their message ids are fixed; cleared ones come back) and returns
// that family.
func LoadSample(ctx context.Context, s SampleStore, teamID, channelID, userID string) (Shift, error) {
	for _, in := range SampleNotes(teamID, channelID, userID) {
		n, _, err := s.CaptureNote(ctx, in)
		if err == nil && n.Deleted() {
			_, err = s.RestoreNote(ctx, teamID, n.ID)
		}
		if err != nil {
			return Shift{}, err
		}
	}
	return s.Shift(ctx, teamID, SampleChannel(channelID))
}

// ClearSample removes a conversation's sample notes (Clear sample); the
// family's own notes are not touched. It reports how many it removed.
func ClearSample(ctx context.Context, s SampleStore, teamID, channelID string) (int, error) {
	sh, err := s.Shift(ctx, teamID, SampleChannel(channelID))
	if ErrorCode(err) == ENOTFOUND {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	notes, err := s.Notes(ctx, teamID, sh.ID, false)
	for i, n := range notes {
		if _, err := s.DeleteNote(ctx, teamID, n.ID); err != nil {
			return i, err
		}
	}
	return len(notes), err
}
