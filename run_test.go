package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestScheduleUnchanged(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	same := bh.RunDiff{WinnerBefore: bh.SleepFirst, WinnerAfter: bh.SleepFirst}
	for _, tc := range []struct {
		name string
		d    bh.RunDiff
		want bool
	}{
		{"nothing changed", same, true},
		{"the winner changed", bh.RunDiff{WinnerBefore: bh.SleepFirst, WinnerAfter: bh.AdminFirst}, false},
		{"a block added", func() bh.RunDiff { d := same; d.BlocksAdded = []bh.Block{{Title: "Nap"}}; return d }(), false},
		{"a block removed", func() bh.RunDiff { d := same; d.BlocksRemoved = []bh.Block{{Title: "Nap"}}; return d }(), false},
		{"a block moved", func() bh.RunDiff {
			d := same
			d.BlocksMoved = []bh.BlockMove{{Title: "Nap", From: at, To: at.Add(time.Hour)}}
			return d
		}(), false},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, tc.d.ScheduleUnchanged()) })
	}
}
