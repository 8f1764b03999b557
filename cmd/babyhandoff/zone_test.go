package main

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// zoneShifts is the zone learner's store: one team's shifts, counting the
// reads.
type zoneShifts struct {
	mu     sync.Mutex
	shifts map[string]bh.Shift
	reads  int
}

func (s *zoneShifts) ShiftByID(_ context.Context, _, shiftID string) (bh.Shift, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads++
	return s.shifts[shiftID], nil
}

func (s *zoneShifts) SetShiftTZ(_ context.Context, _, shiftID, tz string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shifts[shiftID]
	sh.TZ = tz
	s.shifts[shiftID] = sh
	return nil
}

// zonePeople is what Slack says of people's zones, counting the asks.
type zonePeople struct {
	mu    sync.Mutex
	zones map[string]string
	asks  int
}

func (p *zonePeople) UserZone(_ context.Context, userID string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asks++
	return p.zones[userID], nil
}

// A family whose writer has no zone in Slack costs one look-up, not one a
// note (nor one a /plan); someone of the family who has one still teaches
// it, and once it is known no note looks again.
func TestZoneLearnerAsksOncePerPersonWithoutAZone(t *testing.T) {
	ctx := context.Background()
	store := &zoneShifts{shifts: map[string]bh.Shift{"S1": {ID: "S1", TeamID: "T1"}}}
	people := &zonePeople{zones: map[string]string{"U2": "America/New_York"}}
	learnt := 0
	clock := clocktest.New(time.Date(2026, 11, 2, 21, 0, 0, 0, time.UTC))
	z := &zoneLearner{store: store, users: people, log: slog.New(slog.DiscardHandler), now: clock.Now,
		learnt: func(context.Context, string, string) { learnt++ }}
	note := bh.Note{TeamID: "T1", ShiftID: "S1", UserID: "U1"}

	for range 5 {
		z.noted(ctx, note)
	}
	assert.Empty(t, z.learn(ctx, "T1", "S1", "U1"), "a /plan of theirs neither")
	assert.Equal(t, 1, people.asks, "U1's zone asked once")
	assert.Equal(t, 1, store.reads, "the shift read once")
	assert.Zero(t, learnt)

	// A day later they may have set one: asked again, once.
	clock.Advance(zoneRetry)
	z.noted(ctx, note)
	z.noted(ctx, note)
	assert.Equal(t, 2, people.asks, "U1's zone asked again a day later")

	note.UserID = "U2"
	z.noted(ctx, note)
	assert.Equal(t, "America/New_York", store.shifts["S1"].TZ, "learnt from the partner")
	assert.Equal(t, 1, learnt, "the radar reads the notes again")
	for _, u := range []string{"U1", "U2"} {
		note.UserID = u
		z.noted(ctx, note)
	}
	assert.Equal(t, 3, people.asks)
	assert.Equal(t, 3, store.reads)
}
