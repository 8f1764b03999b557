package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestQuietHoursContains(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	at := func(h, m int) time.Time { return time.Date(2026, 11, 23, h, m, 0, 0, paris) }
	tests := []struct {
		name string
		q    bh.QuietHours
		at   time.Time
		want bool
	}{
		{"default: 21:59 is not quiet", bh.DefaultQuietHours, at(21, 59), false},
		{"default: 22:00 is", bh.DefaultQuietHours, at(22, 0), true},
		{"default: past midnight", bh.DefaultQuietHours, at(0, 2), true},
		{"default: 06:59", bh.DefaultQuietHours, at(6, 59), true},
		{"default: 07:00 is morning", bh.DefaultQuietHours, at(7, 0), false},
		{"within a day: 13–15 at 14:00", bh.QuietHours{From: 13, To: 15}, at(14, 0), true},
		{"within a day: 13–15 at 15:00", bh.QuietHours{From: 13, To: 15}, at(15, 0), false},
		{"off", bh.QuietHours{}, at(23, 0), false},
		{"the shift's clock, not UTC", bh.DefaultQuietHours, time.Date(2026, 11, 23, 21, 30, 0, 0, time.UTC).In(paris), true},
		{"a DST night: 02:30 after clocks go back", bh.DefaultQuietHours, time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC).In(paris), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.q.Contains(tt.at))
		})
	}
}

func TestParseQuietHours(t *testing.T) {
	tests := map[string]bh.QuietHours{
		"22-7":        {From: 22, To: 7},
		"22:00-07:00": {From: 22, To: 7},
		"22:00–07:00": {From: 22, To: 7},
		"10pm-6am":    {From: 22, To: 6},
		"10pm to 6am": {From: 22, To: 6},
		"12am-5am":    {From: 0, To: 5},
		"9PM - 7AM":   {From: 21, To: 7},
		"13-15":       {From: 13, To: 15},
		"23-24":       {From: 23, To: 0},
		"off":         {},
		" None ":      {},
	}
	for in, want := range tests {
		got, err := bh.ParseQuietHours(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	for _, bad := range []string{"", "22", "late", "25-7", "22-7-9", "13pm-6am", "7-7", "10pm-10pm", "-1-5"} {
		_, err := bh.ParseQuietHours(bad)
		assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), "%q", bad)
	}
	for _, q := range []bh.QuietHours{bh.DefaultQuietHours, {From: 13, To: 15}, {}} {
		back, err := bh.ParseQuietHours(q.Value())
		require.NoError(t, err)
		assert.Equal(t, q, back, "Value reads back")
	}
	assert.Equal(t, "22:00–07:00", bh.DefaultQuietHours.String())
	assert.Equal(t, "off", bh.QuietHours{}.String())
}

// Plans and the radar read one choice; until it is made, a plan's night
// ends at 06:00 and the radar's calm at 07:00.
func TestNightHours(t *testing.T) {
	tests := []struct {
		name        string
		chosen      *bh.QuietHours
		radar, plan bh.QuietHours
	}{
		{"none chosen", nil, bh.QuietHours{From: 22, To: 7}, bh.QuietHours{From: 22, To: 6}},
		{"chosen", &bh.QuietHours{From: 23, To: 7}, bh.QuietHours{From: 23, To: 7}, bh.QuietHours{From: 23, To: 7}},
		{"off", &bh.QuietHours{}, bh.QuietHours{}, bh.QuietHours{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := bh.RadarSettings{Quiet: tt.chosen}
			assert.Equal(t, tt.radar, set.QuietHours())
			assert.Equal(t, tt.plan, set.NightHours())
		})
	}
}
