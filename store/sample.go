package store

import (
	"context"
	"sync"

	bh "github.com/babyhandoff/babyhandoff"
)

// LoadSample stores the PRD's sample shift as the conversation's sample
// shift, apart from its own notes (once: the notes' message ids are fixed;
// cleared notes come back) and returns that shift. The
// notes are captured concurrently so the store folds them into one commit.
func (db *DB) LoadSample(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error) {
	notes := bh.SampleNotes(teamID, channelID, userID)
	got := make([]bh.Note, len(notes))
	errs := make([]error, len(notes))
	var wg sync.WaitGroup
	for i, n := range notes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _, errs[i] = db.CaptureNote(ctx, n)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err == nil && got[i].Deleted() {
			// Cleared before: loading it again brings it back.
			_, err = db.RestoreNote(ctx, teamID, got[i].ID)
		}
		if err != nil {
			return bh.Shift{}, err
		}
	}
	return db.Shift(ctx, teamID, bh.SampleChannel(channelID))
}

// ClearSample removes a conversation's sample notes (Clear sample); the
// family's own notes are not touched. It reports how many it removed.
func (db *DB) ClearSample(ctx context.Context, teamID, channelID string) (int, error) {
	shift, err := db.Shift(ctx, teamID, bh.SampleChannel(channelID))
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	notes, err := db.Notes(ctx, teamID, shift.ID, false)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, note := range notes {
		if _, err := db.DeleteNote(ctx, teamID, note.ID); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
