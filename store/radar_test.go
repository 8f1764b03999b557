package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Two processes compute a shift's state at once; the one that read the notes
// before the other's change saves last. The newer state stays, and only the
// saves that are not older record a wake-up.
func TestSaveShiftStateKeepsTheNewerState(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			ctx := context.Background()
			t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
			save := func(notes, rev int, level bh.RiskLevel, ev string) {
				t.Helper()
				st := bh.ShiftState{TeamID: "T1", ShiftID: "S1", ChannelID: "D1", Level: level, Notes: notes, NotesRev: rev, ComputedAt: t0}
				require.NoError(t, db.SaveShiftState(ctx, st, ev, &bh.Event{ID: ev, TeamID: "T1", ShiftID: "S1", At: t0, Agent: "RiskRadar", Type: "agent_woke_up"}, nil))
			}
			steps := []struct {
				name       string
				notes, rev int
				level      bh.RiskLevel
				wantNotes  int
				wantLevel  bh.RiskLevel
				wantFP     string // the fingerprint saved with the state kept
			}{
				{"first state", 1, 1, bh.RiskHigh, 1, bh.RiskHigh, "eva"},
				{"newer notes", 2, 2, bh.RiskCritical, 2, bh.RiskCritical, "evb"},
				{"older notes saved late", 1, 1, bh.RiskHigh, 2, bh.RiskCritical, "evb"},
				{"same notes, time passed", 2, 2, bh.RiskHigh, 2, bh.RiskHigh, "evd"},
				{"a note edited", 2, 3, bh.RiskMedium, 2, bh.RiskMedium, "eve"},
			}
			for i, s := range steps {
				save(s.notes, s.rev, s.level, "ev"+string(rune('a'+i)))
				got, fp, found, err := db.ShiftState(ctx, "T1", "S1")
				require.NoError(t, err)
				require.True(t, found)
				assert.Equal(t, s.wantNotes, got.Notes, s.name)
				assert.Equal(t, s.wantLevel, got.Level, s.name)
				assert.Equal(t, s.wantFP, fp, s.name)
			}
			evs, err := db.ShiftEvents(ctx, "T1", "S1", "agent_woke_up", 0)
			require.NoError(t, err)
			var ids []string
			for _, e := range evs {
				ids = append(ids, e.ID)
			}
			assert.ElementsMatch(t, []string{"eva", "evb", "evd", "eve"}, ids, "no wake-up for the state that lost")
		})
	}
}
