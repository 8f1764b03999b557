package babyhandoff

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClockFor(t *testing.T) {
	for _, tc := range []struct {
		locale, tz string
		want       Clock
	}{
		{"en-US", "Europe/Berlin", Clock12}, // the locale wins
		{"en-GB", "America/New_York", Clock24},
		{"de-DE", "America/Chicago", Clock24},
		{"en_IN", "", Clock12},
		{"", "America/New_York", Clock12}, // no locale: US zones read 12-hour
		{"", "America/Indiana/Indianapolis", Clock12},
		{"", "Pacific/Honolulu", Clock12},
		{"", "Europe/London", Clock24},
		{"", "America/Toronto", Clock24},
		{"", "", Clock24},
	} {
		assert.Equal(t, tc.want, ClockFor(tc.locale, tc.tz), "%s %s", tc.locale, tc.tz)
	}
}

func TestClockFormat(t *testing.T) {
	ny, ok := KnownZone("America/New_York")
	require.True(t, ok)
	at := func(h, m int) time.Time { return time.Date(2026, 11, 24, h, m, 0, 0, ny) }
	for _, tc := range []struct {
		t        time.Time
		layout   string
		c12, c24 string
	}{
		{at(17, 0), "15:04", "5 PM", "17:00"},
		{at(7, 45), "Mon 15:04", "Tue 7:45 AM", "Tue 07:45"},
		{at(0, 0), "15:04", "12 AM", "00:00"},
		{at(12, 30), "Mon Jan 2 15:04", "Tue Nov 24 12:30 PM", "Tue Nov 24 12:30"},
		{at(21, 43), "Mon Jan 2, 15:04 MST", "Tue Nov 24, 9:43 PM EST", "Tue Nov 24, 21:43 EST"},
		{at(21, 43), "Mon Jan 2", "Tue Nov 24", "Tue Nov 24"},
	} {
		assert.Equal(t, tc.c12, Clock12.Format(tc.t, tc.layout))
		assert.Equal(t, tc.c24, Clock24.Format(tc.t, tc.layout))
	}
	assert.Equal(t, "9:45–10:15 PM", Clock12.Span(at(21, 45), at(22, 15)))
	assert.Equal(t, "11 PM–12:30 AM", Clock12.Span(at(23, 0), at(0, 30)))
	assert.Equal(t, "21:45–22:15", Clock24.Span(at(21, 45), at(22, 15)))
}

func TestRestamp(t *testing.T) {
	ny, _ := KnownZone("America/New_York")
	since := time.Date(2026, 11, 23, 21, 40, 0, 0, ny)
	st := StampOf(since, "Mon 15:04")
	// The note's own "17:00" stays as written; only the stamp is the clock's.
	text := "Get formula (said 17:00) — out since " + st.Text
	assert.Equal(t, "Get formula (said 17:00) — out since Mon 9:40 PM", Clock12.Restamp(text, []Stamp{st}, ny))
	assert.Equal(t, text, Clock24.Restamp(text, []Stamp{st}, ny))
	assert.Equal(t, "no stamp", Clock12.Restamp("no stamp", []Stamp{st}, ny))
}

func TestZoneName(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for tz, want := range map[string]string{
		"America/New_York":               "New York time",
		"America/Argentina/Buenos_Aires": "Buenos Aires time",
		"Europe/London":                  "London time",
		"UTC":                            "UTC",
		"EST":                            "EST",
	} {
		l, ok := KnownZone(tz)
		require.True(t, ok, tz)
		assert.Equal(t, want, ZoneName(l, now), tz)
	}
	assert.Equal(t, "UTC", ZoneName(nil, now))
}

func TestQuietHoursSay(t *testing.T) {
	assert.Equal(t, "10 PM–7 AM", QuietHours{From: 22, To: 7}.Say(Clock12))
	assert.Equal(t, "22:00–07:00", QuietHours{From: 22, To: 7}.Say(Clock24))
	assert.Equal(t, "12 AM–12 PM", QuietHours{From: 0, To: 12}.Say(Clock12))
	assert.Equal(t, "off", QuietHours{}.Say(Clock12))
}

func TestNoteLabel(t *testing.T) {
	assert.Equal(t, "“daycare form due tomorrow 5pm”", NoteLabel(" daycare  form due tomorrow 5pm "))
	assert.Equal(t, "“baby 38.4 fever since 6pm…”", NoteLabel("baby 38.4 fever since 6pm, fussy"))
	assert.Equal(t, "", NoteLabel("  "))
}
