package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

// Observations count for 24 hours: the latest within them decides energy;
// older ones say nothing; a person's choice wins.
func TestEnergyOfCountsTheLast24Hours(t *testing.T) {
	now := time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC)
	obs := func(id string, e bh.Energy, ago time.Duration) bh.Fact {
		return bh.Fact{NoteID: id, Energy: e, CreatedAt: now.Add(-ago)}
	}
	tests := []struct {
		name     string
		facts    []bh.Fact
		chosen   bh.Energy
		want     bh.Energy
		ids      []string
		byPerson bool
	}{
		{"none", nil, bh.EnergyAuto, bh.EnergyMedium, nil, false},
		{"five days old: not counted", []bh.Fact{obs("a", bh.EnergyLow, 5*24*time.Hour)}, bh.EnergyAuto, bh.EnergyMedium, nil, false},
		{"23h59 ago counts", []bh.Fact{obs("a", bh.EnergyLow, 23*time.Hour+59*time.Minute)}, bh.EnergyAuto, bh.EnergyLow, []string{"a"}, false},
		{"24h01 ago does not", []bh.Fact{obs("a", bh.EnergyLow, 24*time.Hour+time.Minute)}, bh.EnergyAuto, bh.EnergyMedium, nil, false},
		{"the latest within the window wins", []bh.Fact{obs("old", bh.EnergyLow, 5*24*time.Hour), obs("today", bh.EnergyHigh, 2*time.Hour), obs("noon", bh.EnergyLow, 9*time.Hour)},
			bh.EnergyAuto, bh.EnergyHigh, []string{"today"}, false},
		{"notes without a signal are not observations", []bh.Fact{{NoteID: "x", CreatedAt: now}}, bh.EnergyAuto, bh.EnergyMedium, nil, false},
		{"a person's choice wins", []bh.Fact{obs("a", bh.EnergyLow, time.Hour)}, bh.EnergyHigh, bh.EnergyHigh, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, ids, by := bh.EnergyOf(tt.facts, tt.chosen, now)
			assert.Equal(t, tt.want, e)
			assert.Equal(t, tt.ids, ids)
			assert.Equal(t, tt.byPerson, by)
		})
	}
}

// The life of an item, at its boundaries: a dated task's day ends at
// midnight in the shift's zone (DST included); a deadline leaves plans 48 h
// after it passed; a commitment is past when it ends.
func TestLifeAt(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, ny) }
	ptr := func(t time.Time) *time.Time { return &t }
	tue5pm := at(2026, 11, 24, 17, 0)
	tests := []struct {
		name string
		f    bh.Fact
		now  time.Time
		want bh.Life
	}{
		{"task due today, late evening", bh.Fact{Kind: bh.TagTask, Due: ptr(tue5pm)}, at(2026, 11, 24, 23, 59), bh.LifeOpen},
		{"task due today, after midnight", bh.Fact{Kind: bh.TagTask, Due: ptr(tue5pm)}, at(2026, 11, 25, 0, 0), bh.LifeStillOpen},
		{"midnight in the shift's zone, not UTC", bh.Fact{Kind: bh.TagTask, Due: ptr(tue5pm)}, time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC), bh.LifeOpen},
		{"the day clocks go back is 25 h long", bh.Fact{Kind: bh.TagTask, Due: ptr(at(2026, 11, 1, 9, 0))}, at(2026, 11, 1, 23, 30), bh.LifeOpen},
		{"and ends at its own midnight", bh.Fact{Kind: bh.TagTask, Due: ptr(at(2026, 11, 1, 9, 0))}, at(2026, 11, 2, 0, 0), bh.LifeStillOpen},
		{"undated task", bh.Fact{Kind: bh.TagTask}, at(2027, 1, 1, 0, 0), bh.LifeOpen},
		{"deadline 47h59 overdue", bh.Fact{Kind: bh.TagDeadline, Due: ptr(tue5pm)}, tue5pm.Add(47*time.Hour + 59*time.Minute), bh.LifeOpen},
		{"deadline 48h01 overdue", bh.Fact{Kind: bh.TagDeadline, Due: ptr(tue5pm)}, tue5pm.Add(48*time.Hour + time.Minute), bh.LifeDropped},
		{"48h01 overdue, but still on since an hour", bh.Fact{Kind: bh.TagDeadline, Due: ptr(tue5pm), StillOnAt: ptr(tue5pm.Add(47 * time.Hour))}, tue5pm.Add(48*time.Hour + time.Minute), bh.LifeOpen},
		{"still on, and 48h01 since", bh.Fact{Kind: bh.TagDeadline, Due: ptr(tue5pm), StillOnAt: ptr(tue5pm.Add(time.Hour))}, tue5pm.Add(49*time.Hour + time.Minute), bh.LifeDropped},
		{"commitment under way", bh.Fact{Kind: bh.TagNote, Start: ptr(tue5pm), End: ptr(tue5pm.Add(time.Hour))}, tue5pm.Add(59 * time.Minute), bh.LifeOpen},
		{"commitment over", bh.Fact{Kind: bh.TagNote, Start: ptr(tue5pm), End: ptr(tue5pm.Add(time.Hour))}, tue5pm.Add(time.Hour), bh.LifePast},
		{"running low, 6 days 23 h untouched", bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes"}, CreatedAt: tue5pm}, tue5pm.Add(7*24*time.Hour - time.Hour), bh.LifeOpen},
		{"running low, a week and a minute: asked", bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes"}, CreatedAt: tue5pm}, tue5pm.Add(7*24*time.Hour + time.Minute), bh.LifeStillOpen},
		{"undated task, a week and a minute: asked", bh.Fact{Kind: bh.TagTask, CreatedAt: tue5pm}, tue5pm.Add(7*24*time.Hour + time.Minute), bh.LifeStillOpen},
		{"undated task, still on since yesterday", bh.Fact{Kind: bh.TagTask, CreatedAt: tue5pm, StillOnAt: ptr(tue5pm.Add(7 * 24 * time.Hour))}, tue5pm.Add(8 * 24 * time.Hour), bh.LifeOpen},
		{"a plain note, 7 days on", bh.Fact{Kind: bh.TagNote, CreatedAt: tue5pm}, tue5pm.Add(7 * 24 * time.Hour), bh.LifeOpen},
		{"a plain note, 7 days and a minute on: past", bh.Fact{Kind: bh.TagNote, CreatedAt: tue5pm}, tue5pm.Add(7*24*time.Hour + time.Minute), bh.LifePast},
		{"a note with a duration is work: never past", bh.Fact{Kind: bh.TagNote, DurationMin: time.Hour, CreatedAt: tue5pm}, tue5pm.Add(30 * 24 * time.Hour), bh.LifeOpen},
		{"an observation, 24 h on", bh.Fact{Kind: bh.TagNote, Observation: true, CreatedAt: tue5pm}, tue5pm.Add(24 * time.Hour), bh.LifeOpen},
		{"an observation, 24 h and a minute on: past", bh.Fact{Kind: bh.TagNote, Observation: true, CreatedAt: tue5pm}, tue5pm.Add(24*time.Hour + time.Minute), bh.LifePast},
		{"a health appointment is over when it ends", bh.Fact{Kind: bh.TagNote, Medical: true, Start: ptr(tue5pm)}, tue5pm.Add(time.Hour), bh.LifePast},
		{"running low with a time is never past", bh.Fact{Kind: bh.TagInventory, Start: ptr(tue5pm), CreatedAt: tue5pm}, tue5pm.Add(2 * time.Hour), bh.LifeOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.f.LifeAt(tt.now, ny))
		})
	}
}

// A plan for one person reads their own nights only; nobody named: all.
func TestEnergyFor(t *testing.T) {
	now := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
	facts := []bh.Fact{
		{NoteID: "maya", UserID: "U1", Energy: bh.EnergyLow, CreatedAt: now.Add(-time.Hour)},
		{NoteID: "sam", UserID: "U2", Energy: bh.EnergyHigh, CreatedAt: now.Add(-3 * time.Hour)},
		{NoteID: "old", UserID: "U3", Energy: bh.EnergyLow, CreatedAt: now.Add(-25 * time.Hour)},
	}
	tests := []struct {
		person string
		want   bh.Energy
		notes  []string
	}{
		{"", bh.EnergyLow, []string{"maya"}},
		{"U2", bh.EnergyHigh, []string{"sam"}},
		{"U3", bh.EnergyMedium, nil}, // only a note older than 24 h
		{"U9", bh.EnergyMedium, nil},
	}
	for _, tt := range tests {
		e, ids, chosen := bh.EnergyFor(facts, bh.EnergyAuto, now, tt.person)
		assert.Equal(t, tt.want, e, tt.person)
		assert.Equal(t, tt.notes, ids, tt.person)
		assert.False(t, chosen)
	}
	e, _, chosen := bh.EnergyFor(facts, bh.EnergyLow, now, "U2")
	assert.Equal(t, bh.EnergyLow, e, "a choice wins")
	assert.True(t, chosen)
}

// PastFrom is where LifeAt turns to LifePast and stays there, whatever is
// said later; items that live until someone acts have none, and health
// notes none (they stay listed until a person closes them).
func TestPastFrom(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC)
	ptr := func(t time.Time) *time.Time { return &t }
	tests := []struct {
		name string
		f    bh.Fact
		want time.Time // zero: none
	}{
		{"observation", bh.Fact{Kind: bh.TagNote, Observation: true, CreatedAt: t0}, t0.Add(24*time.Hour + time.Nanosecond)},
		{"commitment of an hour", bh.Fact{Kind: bh.TagNote, Start: ptr(t0.Add(48 * time.Hour)), CreatedAt: t0}, t0.Add(49 * time.Hour)},
		{"commitment with an end", bh.Fact{Kind: bh.TagNote, Start: ptr(t0), End: ptr(t0.Add(8 * time.Hour)), CreatedAt: t0}, t0.Add(8 * time.Hour)},
		{"plain note", bh.Fact{Kind: bh.TagNote, CreatedAt: t0}, t0.Add(7*24*time.Hour + time.Nanosecond)},
		{"purchase report", bh.Fact{Kind: bh.TagNote, Restocked: []string{"diapers"}, CreatedAt: t0}, t0.Add(7*24*time.Hour + time.Nanosecond)},
		{"note with a due time", bh.Fact{Kind: bh.TagNote, Due: ptr(t0), CreatedAt: t0}, time.Time{}},
		{"note naming a supply", bh.Fact{Kind: bh.TagNote, Items: []string{"wipes"}, CreatedAt: t0}, time.Time{}},
		{"health note", bh.Fact{Kind: bh.TagNote, Medical: true, CreatedAt: t0}, time.Time{}},
		{"plain note without a time", bh.Fact{Kind: bh.TagNote}, time.Time{}},
		{"undated task", bh.Fact{Kind: bh.TagTask, CreatedAt: t0}, time.Time{}},
		{"dated task with a start", bh.Fact{Kind: bh.TagTask, Start: ptr(t0), Due: ptr(t0), CreatedAt: t0}, time.Time{}},
		{"deadline", bh.Fact{Kind: bh.TagDeadline, Due: ptr(t0), CreatedAt: t0}, time.Time{}},
		{"running low", bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes"}, CreatedAt: t0}, time.Time{}},
		{"health appointment", bh.Fact{Kind: bh.TagNote, Medical: true, Start: ptr(t0), CreatedAt: t0}, time.Time{}},
		{"observation without a time", bh.Fact{Kind: bh.TagNote, Observation: true}, time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, ok := tt.f.PastFrom()
			if tt.want.IsZero() {
				assert.False(t, ok)
				if !tt.f.Medical {
					assert.NotEqual(t, bh.LifePast, tt.f.LifeAt(t0.Add(400*24*time.Hour), time.UTC), "never past")
				}
				return
			}
			assert.True(t, ok)
			assert.Equal(t, tt.want, from)
			assert.NotEqual(t, bh.LifePast, tt.f.LifeAt(from.Add(-time.Nanosecond), time.UTC), "not before")
			later := tt.f
			later.StillOnAt = ptr(from.Add(time.Hour))
			for _, now := range []time.Time{from, from.Add(time.Hour), from.Add(400 * 24 * time.Hour)} {
				assert.Equal(t, bh.LifePast, tt.f.LifeAt(now, time.UTC), now)
				assert.Equal(t, bh.LifePast, later.LifeAt(now, time.UTC), "a later answer changes nothing")
			}
		})
	}
}
