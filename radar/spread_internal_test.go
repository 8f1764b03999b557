package radar

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

const spreadPeriod = 5 * time.Minute

// families are n families of one each, in their own teams (a hosted
// deployment).
func families(n int) []bh.ShiftState {
	out := make([]bh.ShiftState, n)
	for i := range out {
		out[i] = bh.ShiftState{TeamID: fmt.Sprintf("T%04d", i), ShiftID: fmt.Sprintf("S%04d", i), Level: bh.RiskHigh,
			Deadlines: []bh.RiskItem{{Key: "d"}}}
	}
	return out
}

// ticks are the windows of one period's ticks from start.
func ticks(start time.Time) []window {
	var out []window
	step := spreadPeriod / SpreadTicks
	for i := range SpreadTicks {
		from := start.Add(time.Duration(i) * step)
		out = append(out, window{from: from, to: from.Add(step), period: spreadPeriod})
	}
	return out
}

// Over a period's ticks every family is swept exactly once, at its own
// tick, the same in every period; no tick takes much more than its share.
func TestSweepsAreSpreadOverThePeriod(t *testing.T) {
	fams := families(1000)
	start := time.Date(2026, 11, 28, 7, 0, 3, 0, time.UTC) // not on a period's start
	for _, period := range []time.Time{start, start.Add(spreadPeriod), start.Add(24 * time.Hour)} {
		perTick := make([]int, SpreadTicks)
		for _, f := range fams {
			n := 0
			for i, w := range ticks(period) {
				if w.holds(f.TeamID, f.ShiftID) {
					n++
					perTick[i]++
				}
			}
			require.Equal(t, 1, n, "family %s is swept once a period", f.TeamID)
		}
		share := len(fams) / SpreadTicks
		for i, n := range perTick {
			assert.Greater(t, n, share/2, "tick %d", i)
			assert.Less(t, n, share*2, "tick %d", i)
		}
	}
	assert.Equal(t, Phase("T0001", "S0001", spreadPeriod), Phase("T0001", "S0001", spreadPeriod), "a family's phase is its own, every time")
	assert.NotEqual(t, Phase("T0001", "S0001", spreadPeriod), Phase("T0002", "S0002", spreadPeriod))
	assert.True(t, window{}.holds("T1", "S1"), "no period: every family")
}

// refreshStore counts the families a refresh recomputes (its first read is
// the shift, refused here: the count is all that matters).
type refreshStore struct {
	Store
	PostStore
	ChangeSource
	states []bh.ShiftState
	mu     sync.Mutex
	looked map[string]int
}

func (s *refreshStore) StatesAtRisk(context.Context, bh.RiskLevel) ([]bh.ShiftState, error) {
	return s.states, nil
}

func (s *refreshStore) ShiftByID(_ context.Context, teamID, _ string) (bh.Shift, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.looked[teamID]++
	return bh.Shift{}, errors.New("not here")
}

func (s *refreshStore) ShiftState(_ context.Context, teamID, _ string) (bh.ShiftState, string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.looked[teamID]++
	return bh.ShiftState{}, "", false, errors.New("not here")
}

func (s *refreshStore) AllRadarSettings(context.Context) ([]bh.RadarSettings, error) { return nil, nil }
func (s *refreshStore) TakeStalePosts(context.Context, time.Time, string) ([]bh.PostRecord, error) {
	return nil, nil
}

// The watcher's timed refresh and the nudger's sweep each take, at a tick,
// only the families whose phase it passed; Refresh and Tick still take all.
func TestRefreshAndSweepTakeOnlyTheTicksFamilies(t *testing.T) {
	st := &refreshStore{states: families(300), looked: map[string]int{}}
	w, err := New(Config{Source: st, Store: st, Refresh: spreadPeriod})
	require.NoError(t, err)
	n, err := NewNudger(NudgerConfig{Store: st, Notify: nopNotifier{}, Spread: spreadPeriod})
	require.NoError(t, err)
	ctx := context.Background()
	start := time.Date(2026, 11, 28, 7, 0, 0, 0, time.UTC)
	for name, each := range map[string]func(w window){
		"watcher": func(in window) { w.RefreshBetween(ctx, in.from, in.to) },
		"nudger":  func(in window) { n.SweepBetween(ctx, in.from, in.to) },
	} {
		t.Run(name, func(t *testing.T) {
			st.looked = map[string]int{}
			most := 0
			for _, in := range ticks(start) {
				before := len(st.looked)
				each(in)
				most = max(most, len(st.looked)-before)
			}
			assert.Len(t, st.looked, 300, "every family once a period")
			for team, n := range st.looked {
				assert.Equal(t, 1, n, "family %s", team)
			}
			assert.Less(t, most, 300/SpreadTicks*2, "no tick takes them all")
		})
	}
	st.looked = map[string]int{}
	w.Refresh(ctx)
	assert.Len(t, st.looked, 300, "Refresh: every family at once")
	st.looked = map[string]int{}
	n.Tick(ctx)
	assert.Len(t, st.looked, 300, "Tick: every family at once")
}

type nopNotifier struct{}

func (nopNotifier) PostRadar(context.Context, bh.RadarPost) (string, error) { return "", nil }
func (nopNotifier) FindRadar(context.Context, string, string) (string, error) {
	return "", nil
}
