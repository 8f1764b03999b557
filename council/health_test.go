package council_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
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

// scriptPlanners answers every planner call with blocks(window start) and
// counts the calls per archetype.
func scriptPlanners(srv *openaitest.Server, blocks func(start time.Time) string) map[string]int {
	var mu sync.Mutex
	calls := map[string]int{}
	srv.Script(func(_ int, r openaitest.Request) (openaitest.Reply, bool) {
		if r.SchemaName != "plan" {
			return openaitest.Reply{}, false
		}
		mu.Lock()
		for _, a := range bh.Archetypes {
			if strings.Contains(r.Instructions, a.Label()) {
				calls[string(a)]++
			}
		}
		mu.Unlock()
		var in struct {
			WindowStart string `json:"window_start"`
		}
		raw := r.Input
		if i := strings.Index(raw, "\n\nYour previous answer"); i >= 0 {
			raw = raw[:i]
		}
		_ = json.Unmarshal([]byte(raw), &in)
		start, _ := time.Parse(time.RFC3339, in.WindowStart)
		return openaitest.Reply{Text: `{"summary":"A calm plan.","blocks":[` + blocks(start) + `],"top":[]}`}, true
	})
	return calls
}

func blockJSON(from, to time.Time, title string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"start": from.Format(time.RFC3339), "end": to.Format(time.RFC3339), "title": title, "kind": "admin", "note_ids": append([]string{}, ids...)})
	return string(b)
}

// A model's block whose own words read as a health concern, citing no
// note, is refused: the model is asked once more, then the heuristic plan
// stands in, and no time slot carries it.
func TestAModelNeverSchedulesAHealthCheck(t *testing.T) {
	notes := []bh.Note{
		{ID: "h", TeamID: "T1", ShiftID: "s1", Text: "she is breathing fast and wheezy", RawText: "she is breathing fast and wheezy", Tag: bh.TagNote, CreatedAt: monday10.Add(-time.Hour)},
		taskNote("t1", "call grandma", monday10.Add(-time.Hour)),
	}
	for _, multi := range []bool{false, true} {
		t.Run(map[bool]string{false: "openai", true: "multi"}[multi], func(t *testing.T) {
			srv := openaitest.New()
			defer srv.Close()
			calls := scriptPlanners(srv, func(start time.Time) string {
				return blockJSON(start, start.Add(30*time.Minute), "Check her breathing every 10 min")
			})
			c := modelCouncil(t, srv, multi)
			out, err := c.Run(context.Background(), council.Input{Run: modelRun(), Notes: notes}, nil)
			require.NoError(t, err)
			for _, a := range bh.Archetypes {
				assert.Equal(t, 2, calls[string(a)], "%s: asked again once, no more", a)
			}
			for _, p := range out.Proposals {
				assert.Equal(t, "fallback", p.Source, "%s: the heuristic plan stands in", p.Archetype)
				assert.Contains(t, p.Fallback, "block 1: title reads as a health concern")
				assert.NotEmpty(t, p.Blocks)
				for _, b := range p.Blocks {
					assert.NotContains(t, strings.ToLower(b.Title), "breathing", "%s schedules a health check", p.Archetype)
					assert.NotContains(t, b.NoteIDs, "h")
				}
				assert.Len(t, p.Health, 1, "listed apart")
			}
			for _, call := range srv.Calls() {
				if call.SchemaName == "plan" {
					assert.Contains(t, call.Input, `"health_note_ids": [`+"\n"+`    "h"`, "the planner is told which notes are health notes")
					assert.Contains(t, call.Instructions, "health_note_ids")
				}
			}
			assert.Contains(t, out.Council.Content, "Answer withheld: it planned a health concern.")
			_, diffs, err := c.Replay(context.Background(), out.Record())
			require.NoError(t, err)
			assert.Empty(t, diffs)
		})
	}
}

// A rejected answer's words never reach a person: not the transcript, the
// card's fallback reason, the Model-use line nor the re-ask; the stored
// audit keeps them for replay.
func TestRejectedWordsNeverReachAPerson(t *testing.T) {
	srv := openaitest.New()
	defer srv.Close()
	scriptPlanners(srv, func(start time.Time) string {
		// Two, overlapping: a problem list that quoted titles would leak.
		return blockJSON(start, start.Add(30*time.Minute), "Give 5 ml ibuprofen now") + "," + blockJSON(start.Add(15*time.Minute), start.Add(45*time.Minute), "Give 5 ml ibuprofen now")
	})
	c := modelCouncil(t, srv, true)
	out, err := c.Run(context.Background(), council.Input{Run: modelRun(), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	leaks := []string{"ibuprofen", "5 ml", "Give 5"}
	for _, w := range leaks {
		assert.NotContains(t, out.Council.Content, w, "council-v1.md")
		assert.NotContains(t, out.Handoff.Content, w, "handoff.md")
		for _, p := range out.Proposals {
			assert.NotContains(t, p.Fallback, w, "%s's fallback reason", p.Archetype)
			for _, b := range p.Blocks {
				assert.NotContains(t, b.Title, w)
			}
		}
		for _, task := range out.Tasks {
			assert.NotContains(t, task.Error, w)
			assert.NotContains(t, task.Outputs["error"], w)
		}
		for _, call := range srv.Calls() {
			assert.NotContains(t, call.Input, w, "the re-ask")
		}
	}
	reasked := 0
	for _, call := range srv.Calls() {
		if strings.Contains(call.Input, "Your previous answer was rejected") {
			reasked++
			assert.Contains(t, call.Input, "block 1: title names a medicine")
			assert.Contains(t, call.Input, "block 1: title gives an amount to give")
		}
	}
	assert.Equal(t, 3, reasked, "each planner asked again once")
	for _, p := range out.Proposals {
		assert.Contains(t, p.Fallback, "block 1: title names a medicine")
	}
	assert.Contains(t, out.Council.Content, "Answer withheld: it contained medical advice.")
	assert.Contains(t, out.Council.Content, "**fell back** to the heuristic: invalid answer: block 1: title names a medicine")
	kept := 0
	for _, m := range out.Messages {
		if m.Meta["kind"] == "model_answer" && strings.Contains(m.Content, "Give 5 ml ibuprofen now") {
			kept++
		}
	}
	assert.Equal(t, 6, kept, "the audit keeps every rejected answer whole")
	assert.Contains(t, srv.Calls()[len(srv.Calls())-1].Input+out.Council.Content, "blocks 1 and 2 overlap")
	before := len(srv.Calls())
	_, diffs, err := c.Replay(context.Background(), out.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs, "replay reproduces the run")
	assert.Len(t, srv.Calls(), before)
}
