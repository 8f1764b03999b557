package council_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// failingStore saves runs until told to fail, and records failures.
type failingStore struct {
	save    error
	reasons []string
}

func (s *failingStore) CreateRun(_ context.Context, run bh.Run) (bh.Run, error) {
	run.ID, run.Version = "r1", 1
	return run, nil
}

func (s *failingStore) SaveRunRecord(context.Context, bh.RunRecord) error { return s.save }

func (s *failingStore) FailRun(_ context.Context, _, _, reason string) error {
	s.reasons = append(s.reasons, reason)
	return nil
}

// A run whose save fails is recorded as failed, with a reason that says
// whether it was interrupted (its context ended, as the store reports it)
// or could not finish.
func TestAFailedRunIsRecordedWithItsReason(t *testing.T) {
	cancelled := fmt.Errorf("store: save run: %w", &bh.Error{Code: bh.EUNAVAILABLE, Message: "The database did not answer in time.",
		Detail: "context canceled", Err: context.Canceled})
	broken := fmt.Errorf("store: save run: %w", &bh.Error{Code: bh.EINTERNAL, Detail: "disk full", Err: errors.New("disk full")})
	for _, tc := range []struct {
		name   string
		save   error
		reason string
	}{
		{"cancelled through the store", cancelled, "interrupted before it finished"},
		{"a store failure", broken, "the council could not finish: Something went wrong on our side. Nothing you did; please try again in a moment."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &failingStore{save: tc.save}
			_, err := newCouncil(t).Execute(context.Background(), st, council.Input{Run: bh.Run{TeamID: "T1", ShiftID: "s1", Energy: bh.EnergyAuto,
				HorizonH: 12, TZ: "UTC", Now: monday10}, Notes: sampleNotes(monday10)}, nil)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.save)
			assert.Equal(t, []string{tc.reason}, st.reasons)
		})
	}
}
