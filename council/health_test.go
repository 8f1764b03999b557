package council_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// modes runs a test in each COUNCIL_MODE: heuristic, openai (the local
// model server's default answers) and multi.
func modes(t *testing.T, f func(t *testing.T, c *council.Council, run bh.Run)) {
	for _, mode := range []string{"heuristic", "openai", "multi"} {
		t.Run(mode, func(t *testing.T) {
			run := runOf(1, bh.EnergyAuto)
			if mode == "heuristic" {
				f(t, newCouncil(t), run)
				return
			}
			srv := openaitest.New()
			defer srv.Close()
			run.Mode = ""
			f(t, modelCouncil(t, srv, mode == "multi"), run)
		})
	}
}

func taskNote(id, text string, at time.Time) bh.Note {
	return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: "task: " + text, Tag: bh.TagTask, TagSource: bh.TagByPrefix, CreatedAt: at, Rev: 1}
}

// A health note is never lost in a full pack: one fever among 300 open
// tasks (written after it, so recency alone would drop it) is in the pack,
// the winning plan's health list and handoff.md.
func TestHealthNoteIsNeverLostInAFullPack(t *testing.T) {
	const words = "baby 38.4 fever since 6pm; she was warm and fussy all evening, fed a little at 8 and again at 10, and would not settle in the crib for long"
	fever := bh.Note{ID: "fever", TeamID: "T1", ShiftID: "s1", Text: words, RawText: words, Tag: bh.TagNote,
		TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-20 * time.Hour), Rev: 1}
	notes := []bh.Note{fever}
	for i := 0; i < 300; i++ {
		notes = append(notes, taskNote(fmt.Sprintf("t%03d", i), fmt.Sprintf("sort the baby clothes in box number %d and label the drawers", i), monday10.Add(-time.Duration(300-i)*time.Minute)))
	}
	modes(t, func(t *testing.T, c *council.Council, run bh.Run) {
		run.TokenBudget = council.DefaultTokenBudget
		out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
		require.NoError(t, err)
		assert.Contains(t, out.Pack.IncludedLogIDs, "fever")
		assert.Greater(t, out.Pack.Omitted, 100, "the budget is full")
		w := out.Winner()
		require.Len(t, w.Health, 1)
		assert.Equal(t, []string{"fever"}, w.Health[0].NoteIDs)
		assert.Contains(t, w.Health[0].Text, "38.4 fever")
		h := out.Handoff.Content
		assert.Contains(t, h, bh.HealthLine)
		assert.Contains(t, h, council.MarkdownText(words), "whole, never cut")
	})
}

// A budget smaller than the health notes still gives a card: the health
// list in full, the plan from what remains, what was left out said.
func TestABudgetSmallerThanTheHealthNotes(t *testing.T) {
	long := "baby 38.4 fever since 6pm, " + strings.Repeat("she was fussy and warm all evening and would not settle, ", 20)
	notes := []bh.Note{
		{ID: "h1", TeamID: "T1", ShiftID: "s1", Text: long, RawText: long, Tag: bh.TagNote, CreatedAt: monday10.Add(-2 * time.Hour)},
		{ID: "h2", TeamID: "T1", ShiftID: "s1", Text: "rash on his cheek, should I worry", RawText: "rash on his cheek, should I worry", Tag: bh.TagNote, CreatedAt: monday10.Add(-time.Hour)},
		taskNote("t1", "call grandma", monday10.Add(-time.Hour)),
		taskNote("t2", "buy wipes", monday10.Add(-time.Hour)),
	}
	modes(t, func(t *testing.T, c *council.Council, run bh.Run) {
		run.TokenBudget = 50
		out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
		require.NoError(t, err)
		assert.Equal(t, []string{"h1", "h2"}, out.Pack.IncludedLogIDs, "both health notes, whole")
		assert.Equal(t, strings.Join(strings.Fields(long), " "), strings.Join(strings.Fields(out.Pack.LogRefs[0].Text), " "), "never cut")
		assert.Equal(t, 2, out.Pack.Omitted)
		assert.Contains(t, out.Pack.Summary, "2 older notes left out to fit the token budget")
		assert.Contains(t, out.Pack.Summary, "The 2 health notes are kept whole past the 50-token budget.")
		w := out.Winner()
		assert.Len(t, w.Health, 2)
		assert.NotEmpty(t, w.Top)
		assert.Contains(t, out.Handoff.Content, "…and 2 older notes that did not fit the context budget.")
		assert.Contains(t, out.Council.Content, "kept whole past the 50-token budget")
	})
}

// A health note whose text is empty (only what was sent is kept) is read
// from the pack as it was from the note: still listed.
func TestAHealthNoteWithNoTextStillLists(t *testing.T) {
	notes := []bh.Note{
		{ID: "h", TeamID: "T1", ShiftID: "s1", Text: "", RawText: "note: fever 39 tonight", Tag: bh.TagNote, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-time.Hour)},
		taskNote("t1", "call grandma", monday10.Add(-time.Hour)),
	}
	modes(t, func(t *testing.T, c *council.Council, run bh.Run) {
		out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
		require.NoError(t, err)
		w := out.Winner()
		require.Len(t, w.Health, 1)
		assert.Equal(t, []string{"h"}, w.Health[0].NoteIDs)
		assert.Contains(t, out.Handoff.Content, "fever 39 tonight")
	})
}
