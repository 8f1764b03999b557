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
