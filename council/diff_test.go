package council_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// The diff file shows both plans in the shift's zone: the parent's blocks
// come back from the store in UTC, the what-if's are local.
func TestDiffFileIsInTheShiftsZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	fromUTC := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC) // 10:00 in New York
	toLocal := time.Date(2026, 11, 23, 11, 0, 0, 0, ny)
	d := bh.RunDiff{FromVersion: 1, ToVersion: 2, WinnerBefore: bh.SleepFirst, WinnerAfter: bh.SleepFirst,
		BlocksMoved:   []bh.BlockMove{{Title: "Nap", From: fromUTC, To: toLocal}},
		BlocksRemoved: []bh.Block{{Title: "Errand run", Start: fromUTC}}}
	a := council.DiffArtifact(d, bh.Run{ID: "r2", TZ: "America/New_York", Now: toLocal})
	assert.Contains(t, a.Content, "Times in New York time.")
	assert.Contains(t, a.Content, "- moved: Nap 10:00 → 11:00")
	assert.Contains(t, a.Content, "- removed: 10:00 Errand run")
	// On its reader's clock.
	a = council.DiffArtifact(d, bh.Run{ID: "r2", TZ: "America/New_York", Now: toLocal, Clock: bh.Clock12})
	assert.Contains(t, a.Content, "- moved: Nap 10 AM → 11 AM")
}
