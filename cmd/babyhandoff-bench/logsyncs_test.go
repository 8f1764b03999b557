package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// A note's sync is the longest that ended while its ack was on its way;
// one before the note was sent or after its ack is not its.
func TestANotesSyncIsTheOneInItsWindow(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	var l logSyncs
	l.list = []loggedSync{{at(-1), 9 * time.Millisecond}, {at(2), time.Millisecond}, {at(3), 2 * time.Millisecond}, {at(6), 7 * time.Millisecond}}
	for _, tc := range []struct {
		name     string
		from, to time.Time
		want     time.Duration
		found    bool
	}{
		{"the longer of two inside", at(0), at(5), 2 * time.Millisecond, true},
		{"edges count", at(2), at(3), 2 * time.Millisecond, true},
		{"none inside", at(4), at(5), 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, found := l.within(tc.from, tc.to)
			assert.Equal(t, tc.found, found)
			assert.Equal(t, tc.want, got)
		})
	}
	// The ack arrived at 4 ms and was read at 7: the sync that ended at 6
	// (the radar's, after the ack) is not the note's.
	ack := slacktest.Ack{At: at(7), Latency: 7 * time.Millisecond, Arrived: 4 * time.Millisecond}
	got, found := l.within(at(0), arrivedAt(ack))
	assert.True(t, found)
	assert.Equal(t, 2*time.Millisecond, got)
	assert.Len(t, l.took(), 4)
	l.reset()
	assert.Empty(t, l.took())
}
