package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// WatchNotes rings for every note written and changed, with the note's
// shift, on each engine (on the embedded one the notes are not in the
// engine's collections, so its change streams do not see them).
func TestWatchNotesSeesNotesWrittenAndChanged(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety net, not a measure
			defer cancel()
			db := open(t)
			next, stop, err := db.WatchNotes(ctx, nil)
			require.NoError(t, err)
			defer stop()
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
			require.NoError(t, err)
			_, err = db.RetagNote(ctx, "T1", n.ID, bh.TagTask)
			require.NoError(t, err)
			// Whoever the stream wakes reads the change: memory is updated
			// before the doorbell rings.
			var got []bh.NoteChange
			for len(got) < 2 {
				chs, err := next(ctx)
				require.NoError(t, err)
				got = append(got, chs...)
				notes, err := db.Notes(ctx, "T1", n.ShiftID, true)
				require.NoError(t, err)
				require.Len(t, notes, 1)
				assert.GreaterOrEqual(t, notes[0].Rev, len(got), "the change read is in the notes")
			}
			require.Len(t, got, 2)
			for _, ch := range got {
				assert.Equal(t, "T1", ch.TeamID)
				assert.Equal(t, n.ShiftID, ch.ShiftID)
				assert.NotEmpty(t, ch.Token)
			}
		})
	}
}
