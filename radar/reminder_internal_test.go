package radar

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// The sweep's cheap check never skips a reminder that is due: in every
// zone, over clock changes, for any quiet hours, a reminder's time is no
// earlier than earliestReminder.
func TestEarliestReminderIsNeverLate(t *testing.T) {
	var zones []*time.Location
	for _, name := range []string{"UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham"} {
		l, err := time.LoadLocation(name)
		require.NoError(t, err)
		zones = append(zones, l)
	}
	quiet := []bh.QuietHours{{}, {From: 22, To: 7}, {From: 21, To: 6}, {From: 23, To: 5}, {From: 0, To: 8}, {From: 13, To: 15}}
	// Three days around each clock change of these zones in 2026.
	for _, start := range []time.Time{
		time.Date(2026, 3, 7, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 28, 0, 0, 0, 0, time.UTC), time.Date(2026, 4, 3, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 9, 26, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 3, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 24, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC),
	} {
		for _, l := range zones {
			for _, q := range quiet {
				for _, lead := range []time.Duration{2 * time.Hour, 30 * time.Minute, 5 * time.Hour} {
					for due := start; due.Before(start.AddDate(0, 0, 3)); due = due.Add(10 * time.Minute) {
						at, _ := reminderAt(due, lead, q, l)
						if !assert.False(t, at.Before(earliestReminder(due, lead, q)), "%s %s lead %s due %s", l, q, lead, due) {
							return
						}
					}
				}
			}
		}
	}
}

// With a router the sweep does not know whose quiet hours hold: its
// bound is never later than a reminder's time for any quiet hours at all,
// 23:00–24:00 awake (0–23) and across midnight among them.
func TestEarliestReminderAnyQuietIsNeverLate(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	start := time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC) // New York's clock change
	for _, l := range []*time.Location{time.UTC, ny} {
		for from := 0; from < 24; from++ {
			for to := 0; to < 24; to++ {
				q := bh.QuietHours{From: from, To: to}
				for due := start; due.Before(start.AddDate(0, 0, 3)); due = due.Add(30 * time.Minute) {
					at, _ := reminderAt(due, 2*time.Hour, q, l)
					if !assert.False(t, at.Before(earliestReminderAnyQuiet(due, 2*time.Hour)), "%s %s due %s", l, q, due) {
						return
					}
				}
			}
		}
	}
}
