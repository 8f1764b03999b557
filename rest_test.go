package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestQuietHoursRestIn(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, ny) }
	for _, tc := range []struct {
		name       string
		q          bh.QuietHours
		from, to   time.Time
		start, end time.Time
		ok         bool
	}{
		{"an evening handoff holds the night", bh.QuietHours{From: 22, To: 6}, at(24, 21, 45), at(25, 7, 45), at(24, 22, 0), at(25, 6, 0), true},
		{"already in it", bh.QuietHours{From: 22, To: 6}, at(24, 23, 0), at(25, 11, 0), at(24, 23, 0), at(25, 6, 0), true},
		{"cut by the window's end", bh.QuietHours{From: 22, To: 6}, at(24, 20, 0), at(25, 2, 0), at(24, 22, 0), at(25, 2, 0), true},
		{"under an hour is no rest", bh.QuietHours{From: 22, To: 6}, at(24, 12, 0), at(24, 22, 30), time.Time{}, time.Time{}, false},
		{"a day window", bh.QuietHours{From: 22, To: 6}, at(25, 7, 45), at(25, 19, 45), time.Time{}, time.Time{}, false},
		{"from off the grid", bh.QuietHours{From: 22, To: 6}, at(24, 21, 40), at(25, 7, 40), at(24, 22, 0), at(25, 6, 0), true},
		{"already in it, off the grid", bh.QuietHours{From: 22, To: 6}, at(24, 23, 7), at(25, 4, 53), at(24, 23, 7), at(25, 4, 53), true},
		{"off", bh.QuietHours{}, at(24, 21, 45), at(25, 7, 45), time.Time{}, time.Time{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, e, ok := tc.q.RestIn(tc.from, tc.to, ny)
			assert.Equal(t, tc.ok, ok)
			assert.True(t, tc.start.Equal(s), "start %v", s)
			assert.True(t, tc.end.Equal(e), "end %v", e)
		})
	}
}

func TestRestText(t *testing.T) {
	loc := time.UTC
	from := time.Date(2026, 11, 24, 21, 45, 0, 0, loc)
	r := bh.Rest{UserID: "U1", Name: "Maya", Start: time.Date(2026, 11, 24, 22, 0, 0, 0, loc), End: time.Date(2026, 11, 25, 6, 0, 0, 0, loc)}
	assert.Equal(t, "Maya sleeps 22:00–Wed 06:00 — wake them if you need a hand", r.Text(from, loc, bh.Clock24))
	assert.Equal(t, "Maya sleeps until Wed 06:00 — wake them if you need a hand", r.Text(r.Start, loc, bh.Clock24), "already asleep")
	assert.Equal(t, "Maya sleeps 10 PM–Wed 6 AM — wake them if you need a hand", r.Text(from, loc, bh.Clock12), "on a 12-hour clock")
	r.Name = ""
	assert.Contains(t, r.Text(from, loc, bh.Clock24), "The one who handed off sleeps", "never an id")
}
