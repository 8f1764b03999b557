package mongo

import (
	"context"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the sample family, kept apart from a conversation's own notes.

// LoadSample stores the sample notes as the conversation's sample family
// (once; cleared ones come back) and returns it.
func (db *DB) LoadSample(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error) {
	for _, in := range bh.SampleNotes(teamID, channelID, userID) {
		n, _, err := db.CaptureNote(ctx, in)
		if err == nil && n.Deleted() {
			_, err = db.RestoreNote(ctx, teamID, n.ID)
		}
		if err != nil {
			return bh.Shift{}, err
		}
	}
	return db.Shift(ctx, teamID, bh.SampleChannel(channelID))
}

// ClearSample removes a conversation's sample notes (not the family's
// own) and reports how many.
func (db *DB) ClearSample(ctx context.Context, teamID, channelID string) (int, error) {
	sh, err := db.Shift(ctx, teamID, bh.SampleChannel(channelID))
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	notes, err := db.Notes(ctx, teamID, sh.ID, false)
	for i, n := range notes {
		if _, err := db.DeleteNote(ctx, teamID, n.ID); err != nil {
			return i, err
		}
	}
	return len(notes), err
}
