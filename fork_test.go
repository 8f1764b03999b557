package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func forkParent() bh.Run {
	now := time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC)
	return bh.Run{ID: "r1", Version: 3, Energy: bh.EnergyMedium, HorizonH: 12, Now: now, Quiet: &bh.QuietHours{From: 22, To: 6},
		CardTS: "1.1", Status: bh.StatusCompleted, Change: "old", Edit: &bh.PlanEdit{By: "U1"}, ReadNotes: true, TraceID: "parenttrace"}
}

func TestForkRun(t *testing.T) {
	p := forkParent()
	later := time.Date(2026, 3, 3, 13, 0, 0, 0, time.UTC)
	energy, _ := bh.EnergyChange(p, bh.EnergyLow)
	window, _ := bh.WindowChange(p, time.Time{}, 8)
	laterWin, _ := bh.WindowChange(p, later, 6)
	quiet, _ := bh.QuietChange(p, bh.QuietHours{})
	only, _ := bh.PlannersChange(p, bh.SleepFirst)
	out := bh.NoteFork(bh.ForkLeaveOut, "n1", "buy wipes")
	done := bh.NoteFork(bh.ForkMarkDone, "n2", "daycare form")
	tests := []struct {
		name    string
		changes []bh.InputChange
		check   func(t *testing.T, r bh.Run)
		text    string
		assumed string
	}{
		{"energy", []bh.InputChange{energy}, func(t *testing.T, r bh.Run) { assert.Equal(t, bh.EnergyLow, r.Energy) },
			"energy medium → low", "The previous plan assumed medium energy; now low energy."},
		{"energy and window", []bh.InputChange{energy, window}, func(t *testing.T, r bh.Run) {
			assert.Equal(t, 8, r.HorizonH)
			assert.True(t, r.From.IsZero())
		}, "energy medium → low; window next 12h → next 8h", "The previous plan assumed medium energy and 12 h; now low energy and 8 h."},
		{"a later window", []bh.InputChange{laterWin}, func(t *testing.T, r bh.Run) {
			assert.Equal(t, later, r.From)
			assert.Equal(t, 6, r.HorizonH)
		}, "window next 12h → Tue 13:00–19:00", "The previous plan assumed 12 h; now 6 h from Tue 13:00."},
		{"quiet hours off", []bh.InputChange{quiet}, func(t *testing.T, r bh.Run) { assert.True(t, r.Quiet.Off()) },
			"quiet hours 22:00–06:00 → off", "The previous plan assumed quiet hours 22:00–06:00; now quiet hours off."},
		{"energy from the notes", []bh.InputChange{{Kind: bh.ForkEnergy, From: "auto", To: "low"}}, func(t *testing.T, r bh.Run) { assert.Equal(t, bh.EnergyLow, r.Energy) },
			"energy auto → low", "The previous plan assumed the energy the notes show; now low energy."},
		{"one planner", []bh.InputChange{only}, func(t *testing.T, r bh.Run) { assert.Equal(t, bh.SleepFirst, r.Only) },
			"planners all three → only Sleep-first", "The previous plan assumed planners all three; now planners only Sleep-first."},
		{"notes", []bh.InputChange{out, done}, func(t *testing.T, r bh.Run) {
			assert.Equal(t, map[string]bool{"n1": true, "n2": true}, bh.LeftOut(r.WhatIf))
		}, "left out “buy wipes”; marked done “daycare form”", "The note “buy wipes” is left out of this plan. The note “daycare form” is now done."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := bh.ForkRun(p, tc.changes, time.UTC)
			require.NoError(t, err)
			tc.check(t, r)
			// A fork points back, keeps the clock, and is a run of its own.
			assert.Equal(t, "r1", r.ParentRunID)
			assert.Equal(t, p.Now, r.Now)
			assert.Empty(t, r.ID)
			assert.Zero(t, r.Version)
			assert.Empty(t, r.CardTS)
			assert.Empty(t, r.TraceID, "its own work's trace, not the parent's")
			assert.Nil(t, r.Edit)
			assert.False(t, r.ReadNotes, "a fork of a /plan fork plans from its parent's pack")
			assert.Equal(t, tc.changes, r.WhatIf)
			assert.Equal(t, tc.text, r.Change)
			assert.Equal(t, tc.assumed, bh.Assumed(p, r.WhatIf, time.UTC))
		})
	}
}

func TestForkRunRefuses(t *testing.T) {
	p := forkParent()
	for name, changes := range map[string][]bh.InputChange{
		"nothing":        nil,
		"unknown kind":   {{Kind: "colour", To: "red"}},
		"unknown energy": {{Kind: bh.ForkEnergy, From: "medium", To: "sleepy"}},
		"window 30h":     {{Kind: bh.ForkWindow, From: "now/12h", To: "now/30h"}},
		"a forged start": {{Kind: bh.ForkWindow, From: "now/12h", To: "tuesday/8h"}},
		"bad quiet":      {{Kind: bh.ForkQuiet, From: "22-6", To: "soon"}},
		"unknown plan":   {{Kind: bh.ForkPlanners, To: "nap_first"}},
		"note without":   {{Kind: bh.ForkLeaveOut}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := bh.ForkRun(p, changes, time.UTC)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
		})
	}
}

func TestChangesAreChanges(t *testing.T) {
	p := forkParent()
	_, ok := bh.EnergyChange(p, bh.EnergyMedium)
	assert.False(t, ok, "the same energy")
	_, ok = bh.WindowChange(p, time.Time{}, 12)
	assert.False(t, ok, "the same window")
	_, ok = bh.WindowChange(p, p.Now.Add(-time.Hour), 12)
	assert.False(t, ok, "a start already past is now")
	_, ok = bh.QuietChange(p, bh.QuietHours{From: 22, To: 6})
	assert.False(t, ok, "the same night")
	_, ok = bh.PlannersChange(p, "")
	assert.False(t, ok, "all three still")
	v := bh.WindowValue(time.Date(2026, 3, 3, 13, 0, 0, 0, time.FixedZone("x", 3600)), 8)
	from, h, err := bh.ParseWindowValue(v)
	require.NoError(t, err)
	assert.Equal(t, "2026-03-03T12:00:00Z/8h", v)
	assert.Equal(t, 8, h)
	assert.True(t, from.Equal(time.Date(2026, 3, 3, 12, 0, 0, 0, time.UTC)))
}

// A window's times are stamps, written on the 24-hour clock whatever the
// parent's: a Slack reader sees them on their own clock.
func TestChangesStampedWindow(t *testing.T) {
	p := forkParent()
	p.Clock = bh.Clock12
	at := time.Date(2026, 3, 3, 19, 0, 0, 0, time.UTC)
	win, _ := bh.WindowChange(p, at, 10)
	energy, _ := bh.EnergyChange(p, bh.EnergyLow)
	ch := bh.ChangesStamped(p, []bh.InputChange{energy, win}, time.UTC)
	assert.Equal(t, "energy medium → low; window next 12h → Tue 19:00–05:00", ch.Text)
	assert.Equal(t, []bh.Stamp{bh.StampOf(at, "Mon 15:04"), bh.StampOf(at.Add(10*time.Hour), "15:04")}, ch.Stamps)
	r, err := bh.ForkRun(p, []bh.InputChange{energy, win}, time.UTC)
	require.NoError(t, err)
	assert.Equal(t, ch.Text, r.Change)
	assert.Equal(t, ch.Stamps, r.ChangeStamps)
}
