package blocks_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

func TestParseWhatIfNote(t *testing.T) {
	for v, want := range map[string]struct {
		kind bh.ForkKind
		id   string
		ok   bool
	}{
		"out:n1":  {bh.ForkLeaveOut, "n1", true},
		"done:n2": {bh.ForkMarkDone, "n2", true},
		"out:":    {},
		"drop:n1": {},
		"n1":      {},
	} {
		k, id, ok := blocks.ParseWhatIfNote(v)
		assert.Equal(t, want.ok, ok, v)
		assert.Equal(t, want.kind, k, v)
		assert.Equal(t, want.id, id, v)
	}
}

func TestWhatIfStartAt(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	run := bh.Run{TZ: "America/New_York", Now: time.Date(2026, 3, 3, 21, 10, 0, 0, ny)}
	for hhmm, want := range map[string]time.Time{
		"21:15": {}, // within a plan step: now
		"23:00": time.Date(2026, 3, 3, 23, 0, 0, 0, ny),
		"07:00": time.Date(2026, 3, 4, 7, 0, 0, 0, ny), // passed today: tomorrow's
	} {
		got, ok := blocks.WhatIfStartAt(hhmm, run)
		assert.True(t, ok, hhmm)
		assert.True(t, want.Equal(got), "%s: %v", hhmm, got)
	}
	_, ok := blocks.WhatIfStartAt("25:00", run)
	assert.False(t, ok)
}
