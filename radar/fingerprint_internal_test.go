package radar

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

// fingerprintBefore is the fingerprint as the stored states were made (with
// fmt): the one in use must give the same bytes, or every state is
// recomputed once after an upgrade.
func fingerprintBefore(notes []bh.Note, energy bh.Energy, tz string) string {
	parts := make([]string, 0, len(notes)+1)
	for _, n := range notes {
		parts = append(parts, fmt.Sprintf("%s:%d:%t:%t", n.ID, n.Rev, n.Deleted(), n.Done()))
	}
	sort.Strings(parts)
	parts = append(parts, "energy:"+string(energy), "tz:"+tz)
	sum := sha256.Sum256([]byte(strings.Join(parts, "\n")))
	return hex.EncodeToString(sum[:])
}

func TestFingerprintKeepsItsBytes(t *testing.T) {
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	family := []bh.Note{
		{ID: "6560a1", Rev: 1},
		{ID: "6560a2", Rev: 3, DoneAt: &at},
		{ID: "6560a3", Rev: 2, DeletedAt: &at},
		{ID: "6560a4", Rev: 12, DeletedAt: &at, DoneAt: &at},
	}
	for name, tc := range map[string]struct {
		notes  []bh.Note
		energy bh.Energy
		tz     string
	}{
		"none":          {nil, bh.EnergyAuto, ""},
		"a family":      {family, bh.EnergyLow, "America/New_York"},
		"odd ids, revs": {[]bh.Note{{ID: ""}, {ID: "é:1", Rev: -4}, {ID: "x\ny", Rev: 1 << 40}}, bh.EnergyAuto, "UTC"},
	} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, fingerprintBefore(tc.notes, tc.energy, tc.tz), fingerprint(tc.notes, tc.energy, tc.tz))
		})
	}
	// Pinned, so the reference above cannot drift with the code.
	assert.Equal(t, "db50375e26adc6e60a44e5b2ae9683abb697a6aca7e022196146cbdc1e7f7731", fingerprint(family, bh.EnergyLow, "America/New_York"))
}
