package babyhandoff_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestShiftStateNoteIDs(t *testing.T) {
	tests := []struct {
		name string
		st   bh.ShiftState
		want []string
	}{
		{"empty", bh.ShiftState{}, nil},
		{"every group, health first, each note once", bh.ShiftState{
			Deadlines:     []bh.RiskItem{{NoteIDs: []string{"d1"}}},
			Inventory:     []bh.RiskItem{{NoteIDs: []string{"i1", "d1"}}},
			Commitments:   []bh.RiskItem{{NoteIDs: []string{"c1"}}},
			Health:        []bh.RiskItem{{NoteIDs: []string{"h1"}}},
			NextActions:   []bh.Item{{NoteIDs: []string{"c1", "a1"}}},
			EnergyNoteIDs: []string{"e1", "h1"},
		}, []string{"h1", "d1", "i1", "c1", "a1", "e1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.st.NoteIDs())
		})
	}
}
