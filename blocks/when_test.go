package blocks_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// Times in messages are Slack's date tokens (each reader's zone and clock),
// with the shift's time as the fallback a notification shows.
func TestWhen(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	at := time.Date(2026, 11, 24, 2, 42, 0, 0, time.UTC) // Mon 21:42 in New York
	assert.Equal(t, "<!date^1795488120^{time}|21:42>", blocks.WhenOn(at, ny, blocks.Clock, bh.Clock24))
	assert.Equal(t, "<!date^1795488120^{date_short_pretty} {time}|Mon 21:42>", blocks.WhenOn(at, ny, blocks.DayTime, bh.Clock24))
	assert.Equal(t, "<!date^1795488120^{date_short_pretty}|Mon Nov 23>", blocks.WhenOn(at, ny, blocks.Day, bh.Clock24))
	assert.Equal(t, "Tue 02:42", blocks.Plain(at, nil, bh.Clock24, blocks.DayTime), "no zone: UTC")
}

// A planner's text shows its stamps as date tokens, found from the end:
// the note's own "17:00" stays as written, and a stamp the cut removed
// stays plain.
func TestStamped(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	due := time.Date(2026, 11, 24, 22, 0, 0, 0, time.UTC).In(ny) // Tue 17:00 in New York
	planned := time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC).In(ny)
	stamps := []bh.Stamp{bh.StampOf(due, blocks.DayTime), bh.StampOf(planned, blocks.Clock)}
	tests := []struct {
		name, text string
		stamps     []bh.Stamp
		n          int
		want       string
	}{
		{"none", "Get wipes", nil, 90, "Get wipes"},
		{"two, from the end", "Call at 17:00 — overdue since Tue 17:00 · planned 08:00", stamps, 90,
			"Call at 17:00 — overdue since <!date^1795557600^{date_short_pretty} {time}|Tue 17:00> · planned <!date^1795611600^{time}|08:00>"},
		{"escaped around", "Forms <b> — overdue since Tue 17:00 · planned 08:00", stamps, 90,
			"Forms &lt;b&gt; — overdue since <!date^1795557600^{date_short_pretty} {time}|Tue 17:00> · planned <!date^1795611600^{time}|08:00>"},
		{"cut before the second", "Call — overdue since Tue 17:00 · planned 08:00", stamps, 35,
			"Call — overdue since <!date^1795557600^{date_short_pretty} {time}|Tue 17:00> · p…"},
		{"not in the text", "Call the clinic", stamps, 90, "Call the clinic"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, blocks.StampedOn(tt.text, tt.stamps, tt.n, time.Time{}, ny, bh.Clock24))
		})
	}
}

// A reader known to read a 12-hour clock finds it in the fallbacks too
// (notifications and old clients show them), and a day in the coming
// week named by its weekday.
func TestStampedOnTheReadersClock(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	now := time.Date(2026, 11, 24, 21, 40, 0, 0, ny) // Tue
	due := time.Date(2026, 11, 27, 17, 0, 0, 0, ny)  // Fri
	soon := time.Date(2026, 11, 25, 8, 30, 0, 0, ny) // tomorrow
	stamps := []bh.Stamp{bh.StampOf(due, blocks.DayTime), bh.StampOf(soon, blocks.DayTime)}
	text := "form — due Fri 17:00 · planned Wed 08:30"
	assert.Equal(t, "form — due Fri <!date^1795816800^{time}|5 PM> · planned <!date^1795613400^{date_short_pretty} {time}|Wed 8:30 AM>",
		blocks.StampedOn(text, stamps, 200, now, ny, bh.Clock12))
	assert.Equal(t, "form — due Fri <!date^1795816800^{time}|17:00> · planned <!date^1795613400^{date_short_pretty} {time}|Wed 08:30>",
		blocks.StampedOn(text, stamps, 200, now, ny, bh.Clock24))
	assert.Equal(t, "Fri <!date^1795816800^{time}|5 PM>", blocks.WhenNearOn(due, now, ny, blocks.DayTime, bh.Clock12))
	assert.Equal(t, "<!date^1795613400^{time}|8:30 AM>", blocks.WhenOn(soon, ny, blocks.Clock, bh.Clock12))
}

// /radar answers one person: its dates' fallbacks are on their clock.
func TestRadarAnswerOnTheAskersClock(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	now := time.Date(2026, 11, 24, 21, 40, 0, 0, ny)
	due := time.Date(2026, 11, 25, 17, 0, 0, 0, ny)
	st := bh.ShiftState{ComputedAt: now, Level: bh.RiskHigh,
		Deadlines: []bh.RiskItem{{Key: "deadline:n1", Kind: bh.TagDeadline, Text: "daycare form", At: &due, Level: bh.RiskHigh, NoteIDs: []string{"n1"}}}}
	raw, err := json.Marshal(blocks.RadarOn(st, nil, ny, bh.Clock12).Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `{date_short_pretty} {time}|Wed 5 PM\u003e`)
	raw, err = json.Marshal(blocks.RadarOn(st, nil, ny, bh.Clock24).Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `{date_short_pretty} {time}|Wed 17:00\u003e`)
}
