package radar_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// strayStore hands the radar its family's live notes with the one of id
// made a stray sample (stored by a version before the sample had its own
// family) in the copy it returns.
type strayStore struct {
	storetest.DB
	id string
}

func (s *strayStore) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	live, err := s.DB.LiveNotes(ctx, teamID, shiftID, now)
	notes := append([]bh.Note(nil), live.Notes...)
	for i := range notes {
		if notes[i].ID == s.id {
			notes[i].MessageTS = "sample-" + notes[i].MessageTS
		}
	}
	live.Notes = notes
	return live, err
}

// A stray sample note among the live ones, wherever it stands, counts for
// nothing in the state: it is the state of the other notes alone.
func TestStateLeavesOutAStraySampleAmongTheLive(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	first := note(t, db, "D1", "buy a bottle brush", "1.1")
	middle := note(t, db, "D1", "daycare form due in 2 hours", "1.2")
	last := note(t, db, "D1", "out of formula", "1.3")
	shift, err := db.ShiftByID(ctx, "T1", first.ShiftID)
	require.NoError(t, err)
	state := func(store radar.Store) bh.ShiftState {
		w, err := radar.New(radar.Config{Source: db, Store: store, Now: clock.Now})
		require.NoError(t, err)
		st, err := w.State(ctx, shift)
		require.NoError(t, err)
		return st
	}
	all := state(db)
	for _, n := range []bh.Note{first, middle, last} {
		_, err := db.DeleteNote(ctx, "T1", n.ID)
		require.NoError(t, err)
		without := state(db)
		_, err = db.RestoreNote(ctx, "T1", n.ID)
		require.NoError(t, err)
		stray := state(&strayStore{DB: db, id: n.ID})
		without.NotesRev = stray.NotesRev
		assert.Equal(t, without, stray, "%q a stray sample", n.Text)
		assert.NotEqual(t, all, stray, "%q counts as a family's own", n.Text)
	}
}
