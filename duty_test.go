package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestDutyOnAt(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 11, 24, h, m, 0, 0, time.UTC) }
	night := bh.Duty{UserID: "U2", Since: at(19, 0), Until: at(23, 0)}
	tests := []struct {
		name     string
		d        bh.Duty
		t        time.Time
		on, next bool
	}{
		{"nobody", bh.Duty{}, at(20, 0), false, false},
		{"before it starts", night, at(18, 59), false, true},
		{"at its start", night, at(19, 0), true, false},
		{"a minute before it ends", night, at(22, 59), true, false},
		{"at its end", night, at(23, 0), false, false},
		{"taken by hand: no end", bh.Duty{UserID: "U1", Since: at(8, 0)}, at(23, 59).AddDate(0, 0, 3), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.on, tt.d.OnAt(tt.t))
			assert.Equal(t, tt.next, tt.d.Next(tt.t))
		})
	}
}

func TestHandoffReceiversAndDuty(t *testing.T) {
	start := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
	h := bh.Handoff{ID: "h1", TeamID: "T1", ShiftID: "s1", From: "U1", To: []string{"U2", "U3"}, Start: start, Hours: 10}
	assert.True(t, h.Receiver("U2"))
	assert.False(t, h.Receiver("U1"), "not the sender")
	assert.False(t, h.Receiver("U9"), "not someone else")
	assert.False(t, h.Receiver(""))
	all := bh.Handoff{From: "U1", Everyone: true}
	assert.True(t, all.Receiver("U9"), "everyone in the channel")
	assert.False(t, all.Receiver("U1"), "but the sender")

	assert.Equal(t, start.Add(10*time.Hour), h.End())
	early := h.DutyFrom("U2", start.Add(-20*time.Minute))
	assert.Equal(t, bh.Duty{TeamID: "T1", ShiftID: "s1", UserID: "U2", Since: start, Until: h.End(), HandoffID: "h1"}, early, "a Got it before the start: on from the start")
	late := h.DutyFrom("U2", start.Add(5*time.Minute))
	assert.Equal(t, start.Add(5*time.Minute), late.Since, "a Got it after the start: on from then")
	assert.False(t, h.Over(start.Add(10*time.Hour-time.Second)))
	assert.True(t, h.Over(start.Add(10*time.Hour)), "over when it ends: a Got it then gives no duty")
}
