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
)

// A handoff's plan is the receiver's: Maya hands off to Sam at 21:45 for
// 10 hours. Her quiet hours are her night, stated as hers ("Maya sleeps
// …"), never a "Night sleep" block of Sam's plan; his energy comes from his
// own notes only (none: medium, said so); Who's on is Sam until the end.
func TestHandoffPlanIsTheReceivers(t *testing.T) {
	tue2145 := time.Date(2026, 11, 24, 21, 45, 0, 0, councilTZ)
	note := func(id, text string, ago time.Duration) bh.Note {
		return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", ChannelID: "DU1", UserID: "U1", Text: text, RawText: text, Tag: bh.TagNote,
			TagSource: bh.TagByDefault, CreatedAt: tue2145.Add(-ago), Rev: 1}
	}
	notes := []bh.Note{
		note("a", "out of formula", 5*time.Minute),
		note("b", "slept 2h", 5*time.Minute),
		note("c", "daycare form due tomorrow 5pm", 5*time.Minute),
		note("d", "wipes < 1 day", 5*time.Minute),
	}
	quiet := bh.DefaultNightHours
	run := bh.Run{ID: "r2", TeamID: "T1", ShiftID: "s1", Version: 2, Energy: bh.EnergyAuto, HorizonH: 10, TZ: "America/New_York",
		TokenBudget: 4000, Now: tue2145, Mode: "heuristic", RequestedBy: "U1", Quiet: &quiet,
		For: "U2", ForName: "Sam", ForUntil: tue2145.Add(10 * time.Hour)}
	rs, re, ok := quiet.RestIn(run.Start(), run.ForUntil, councilTZ)
	require.True(t, ok)
	withRest := run
	withRest.Rest = []bh.Rest{{UserID: "U1", Name: "Maya", Start: rs, End: re}}

	c := newCouncil(t)
	out, err := c.Run(context.Background(), council.Input{Run: withRest, Notes: notes}, nil)
	require.NoError(t, err)
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			assert.NotContains(t, b.Title, "Night", "%s plans Maya's night as Sam's", p.Archetype)
		}
	}
	h := out.Handoff.Content
	assert.Contains(t, h, "## Who's on\n- Sam, until Wed 07:45\n- 💤 Maya sleeps 22:00–Wed 06:00 — wake them if you need a hand\n\n")
	assert.Contains(t, h, "energy medium (no sleep or energy note from Sam in the last 24 h)", "Maya's 2 hours are not Sam's")
	assert.NotContains(t, h, "Night sleep")
	golden(t, "receiver_handoff.md", h)

	// The same run without Rest is the conversation's own plan, with its
	// night: what a handoff used to send.
	own, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	assert.True(t, strings.Contains(own.Handoff.Content, "Night"), "the quiet hours are the plan's night without Rest")

	replayed, diffs, err := c.Replay(context.Background(), out.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs, "the run carries who rests: a replay writes the same file")
	assert.Equal(t, h, replayed.Handoff.Content)
}
