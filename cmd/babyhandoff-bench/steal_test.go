package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStolenCPUTimeIsReadFromProcStat(t *testing.T) {
	before := parseCPUTimes("cpu  100 0 50 800 10 0 5 35 0 0\ncpu0 50 0 25 400 5 0 2 18 0 0\n")
	after := parseCPUTimes("intr 1 2 3\ncpu  160 0 70 1650 10 0 5 105 40 0\n")
	assert.True(t, before.ok)
	assert.Equal(t, uint64(1000), before.total, "guest time is in user already")
	assert.Equal(t, "7.0%", after.stolenSince(before), "70 ticks stolen of 1,000")
	for _, tc := range []struct{ name, stat string }{
		{"no cpu line", "cpu0 1 2 3 4 5 6 7 8\n"},
		{"too few fields (an old kernel)", "cpu  1 2 3 4\n"},
		{"not numbers", "cpu  a b c d e f g h\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parseCPUTimes(tc.stat)
			assert.False(t, got.ok)
			assert.Equal(t, "unknown", got.stolenSince(before))
		})
	}
	assert.Equal(t, "unknown", before.stolenSince(before), "no time passed")
}
