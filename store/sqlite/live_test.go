package sqlite_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// A family that writes the same kinds of notes every day must not see what
// its plans read grow day after day: a plain note (nothing to do, no time,
// supply or health in it) counts for a week, an observation for a day; a
// health note stays until someone closes it.
func TestLiveNotesStayFlatOverDays(t *testing.T) {
	ctx := context.Background()
	clock := clocktest.New(time.Date(2027, 1, 4, 7, 0, 0, 0, time.UTC))
	db := open(t, clock.Now)
	day := []string{"baby's nails are so long", "thank-you cards for the shower gifts", "slept 3h",
		"she has a fever of 39.2 and won't feed"}
	var shift string
	var health []string
	live := func() map[string]int {
		ln, err := db.LiveNotes(ctx, "T1", shift, clock.Now())
		require.NoError(t, err)
		k := map[string]int{}
		for _, n := range ln.Notes {
			k[n.Text]++
		}
		return k
	}
	for d := 1; d <= 20; d++ {
		for i, text := range day {
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: fmt.Sprintf("%d.%d", d, i)})
			require.NoError(t, err)
			shift = n.ShiftID
			if n.Reading.Medical {
				health = append(health, n.ID)
			}
		}
		clock.Advance(time.Hour)
		got := live()
		assert.Equal(t, min(d, 7), got["baby's nails are so long"], "day %d: a plain note counts for a week", d)
		assert.Equal(t, min(d, 7), got["thank-you cards for the shower gifts"], "day %d", d)
		assert.Equal(t, 1, got["slept 3h"], "day %d: an observation counts for a day", d)
		assert.Equal(t, d, got["she has a fever of 39.2 and won't feed"], "day %d: health notes stay until closed", d)
		clock.Advance(23 * time.Hour)
	}
	require.NotEmpty(t, health, "the fever is a health note")
}
