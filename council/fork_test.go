package council_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// forkOf runs the what-if of parent with changes as the bot does: the
// parent's pack without what the changes leave out.
func forkOf(t *testing.T, c *council.Council, parent council.Output, changes ...bh.InputChange) council.Output {
	t.Helper()
	run, err := bh.ForkRun(parent.Run, changes, time.UTC)
	require.NoError(t, err)
	run.ID, run.Version = "r2", 2
	pack := council.ForkPack(parent.Pack, run.WhatIf)
	pack.ID, pack.RunID = "r2:pack", "r2"
	out, err := c.Run(context.Background(), council.Input{Run: run, Pack: &pack}, nil)
	require.NoError(t, err)
	return out
}

func blocksCite(p bh.Proposal, id string) bool {
	for _, b := range p.Blocks {
		for _, n := range b.NoteIDs {
			if n == id {
				return true
			}
		}
	}
	return false
}

// A what-if on the window, a note left out and one planner: each applies,
// and the fork replays from its stored parent and change, byte for byte.
func TestForkReplaysFromItsParent(t *testing.T) {
	c := newCouncil(t)
	parent := runCouncil(t, sampleNotes(monday10), runOf(1, bh.EnergyMedium))
	var cited string
	for _, b := range parent.Winner().Blocks {
		if len(b.NoteIDs) > 0 && b.Kind != bh.KindCommitment {
			cited = b.NoteIDs[0]
			break
		}
	}
	require.NotEmpty(t, cited)
	win, ok := bh.WindowChange(parent.Run, time.Time{}, 8)
	require.True(t, ok)
	only, _ := bh.PlannersChange(parent.Run, parent.Decision.Winner)
	fork := forkOf(t, c, parent, win, bh.NoteFork(bh.ForkLeaveOut, cited, "a note"), only)

	assert.Equal(t, 8, fork.Run.HorizonH)
	assert.Equal(t, "r1", fork.Run.ParentRunID)
	assert.NotContains(t, fork.Pack.IncludedLogIDs, cited)
	assert.Contains(t, fork.Pack.Summary, "This what-if plans without 1 note.")
	require.Len(t, fork.Proposals, 1, "only the winner's planner")
	assert.Equal(t, parent.Decision.Winner, fork.Decision.Winner)
	assert.False(t, blocksCite(fork.Winner(), cited), "the left-out note is planned no more")
	for _, task := range fork.Tasks {
		assert.False(t, strings.HasPrefix(task.Name, "plan_") && task.Name != "plan_"+string(parent.Decision.Winner), task.Name)
	}

	again, diffs, err := c.ReplayFork(context.Background(), stored(parent.Record()), stored(fork.Record()))
	require.NoError(t, err)
	assert.Empty(t, diffs)
	assert.Equal(t, fork.Handoff.Content, again.Handoff.Content)

	// A fork whose stored change says otherwise is caught.
	rec := stored(fork.Record())
	rec.Run.WhatIf = []bh.InputChange{win}
	_, diffs, err = c.ReplayFork(context.Background(), stored(parent.Record()), rec)
	require.NoError(t, err)
	assert.Contains(t, diffs, "settings")
	assert.Contains(t, diffs, "context pack")
}

// In model mode the planners are told what changed, and the transcript
// keeps what they were told.
func TestModelForkSaysWhatChanged(t *testing.T) {
	srv := openaitest.New()
	defer srv.Close()
	c := modelCouncil(t, srv, false)
	run := modelRun()
	run.Energy = bh.EnergyMedium
	parent, err := c.Run(context.Background(), council.Input{Run: run, Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	before := len(srv.Calls())
	energy, _ := bh.EnergyChange(parent.Run, bh.EnergyLow)
	win, _ := bh.WindowChange(parent.Run, time.Time{}, 8)
	fork := forkOf(t, c, parent, energy, win)
	const said = "The previous plan assumed medium energy and 12 h; now low energy and 8 h."
	calls := srv.Calls()[before:]
	require.NotEmpty(t, calls)
	for _, call := range calls {
		assert.Contains(t, call.Instructions, said)
	}
	for _, call := range srv.Calls()[:before] {
		assert.NotContains(t, call.Instructions, "previous plan", "a plan that is no what-if says nothing of one")
	}
	assert.Contains(t, fork.Council.Content, said)
}
