package store

import (
	"context"
	"sync"

	bh "github.com/babyhandoff/babyhandoff"
)

// LoadSample stores the PRD's sample shift in a conversation (once: the
// notes' message ids are fixed) and returns the conversation's shift. The
// notes are captured concurrently so the store folds them into one commit.
func (db *DB) LoadSample(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error) {
	notes := bh.SampleNotes(teamID, channelID, userID)
	errs := make([]error, len(notes))
	var wg sync.WaitGroup
	for i, n := range notes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = db.CaptureNote(ctx, n)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return bh.Shift{}, err
		}
	}
	return db.Shift(ctx, teamID, channelID)
}
