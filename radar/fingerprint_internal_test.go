package radar

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

// Every input of a state changes its fingerprint, and nothing else does:
// the order notes come in is not an input.
func TestFingerprintCoversEveryInput(t *testing.T) {
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	family := func() []bh.Note {
		return []bh.Note{{ID: "6560a1", Rev: 1}, {ID: "6560a2", Rev: 3, DoneAt: &at}, {ID: "6560a3", Rev: 2}}
	}
	base := fingerprint(family(), 9, bh.EnergyLow, "America/New_York")
	reversed := family()
	reversed[0], reversed[2] = reversed[2], reversed[0]
	assert.Equal(t, base, fingerprint(reversed, 9, bh.EnergyLow, "America/New_York"), "order is not an input")
	assert.Len(t, base, 64)

	// Which half moves: what people changed, or which notes are live.
	people := map[string]bool{"the revision total": true, "the energy": true, "the zone": true}
	changes := map[string]func(n []bh.Note) ([]bh.Note, int, bh.Energy, string){
		"a note's revision": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) {
			n[0].Rev++
			return n, 9, bh.EnergyLow, "America/New_York"
		},
		"a deletion": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) {
			n[2].DeletedAt = &at
			return n, 9, bh.EnergyLow, "America/New_York"
		},
		"a done": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) {
			n[0].DoneAt = &at
			return n, 9, bh.EnergyLow, "America/New_York"
		},
		"a note fewer": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) {
			return n[:2], 9, bh.EnergyLow, "America/New_York"
		},
		"another id": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) {
			n[1].ID = "6560b2"
			return n, 9, bh.EnergyLow, "America/New_York"
		},
		"the revision total": func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) { return n, 10, bh.EnergyLow, "America/New_York" },
		"the energy":         func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) { return n, 9, bh.EnergyAuto, "America/New_York" },
		"the zone":           func(n []bh.Note) ([]bh.Note, int, bh.Energy, string) { return n, 9, bh.EnergyLow, "Europe/Paris" },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			notes, rev, energy, tz := change(family())
			got := fingerprint(notes, rev, energy, tz)
			assert.NotEqual(t, base, got)
			assert.Equal(t, !people[name], sameInputs(base, got), "only the live notes changed")
		})
	}
}
