package council_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/council/openai"
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
// every plan's health list (which the card shows) and handoff.md.
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
		require.Len(t, out.Proposals, 3)
		for _, p := range out.Proposals {
			// Every plan's: the card lists the chosen one's, and a person
			// may choose another.
			require.Len(t, p.Health, 1, p.Archetype)
			assert.Equal(t, []string{"fever"}, p.Health[0].NoteIDs, p.Archetype)
			assert.True(t, strings.HasPrefix(p.Health[0].Text, "baby 38.4 fever since 6pm; she was warm"), "%s: %q", p.Archetype, p.Health[0].Text)
		}
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

// planInput is what a planner is asked about: its window, the notes and
// which of them are health notes.
type planInput struct {
	Start  time.Time
	Notes  []string // ids
	Health map[string]bool
}

// scriptPlans answers every planner call with the blocks plan makes of
// its input and counts the calls per archetype.
func scriptPlans(srv *openaitest.Server, plan func(in planInput) string) map[string]int {
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
			Notes       []struct {
				ID string `json:"id"`
			} `json:"notes"`
			Health []string `json:"health_note_ids"`
		}
		raw := r.Input
		if i := strings.Index(raw, "\n\nYour previous answer"); i >= 0 {
			raw = raw[:i]
		}
		_ = json.Unmarshal([]byte(raw), &in)
		pi := planInput{Health: map[string]bool{}}
		pi.Start, _ = time.Parse(time.RFC3339, in.WindowStart)
		for _, n := range in.Notes {
			pi.Notes = append(pi.Notes, n.ID)
		}
		for _, h := range in.Health {
			pi.Health[h] = true
		}
		return openaitest.Reply{Text: `{"summary":"A calm plan.","blocks":[` + plan(pi) + `],"top":[]}`}, true
	})
	return calls
}

// scriptPlanners answers every planner call with blocks(window start).
func scriptPlanners(srv *openaitest.Server, blocks func(start time.Time) string) map[string]int {
	return scriptPlans(srv, func(in planInput) string { return blocks(in.Start) })
}

func blockJSON(from, to time.Time, title string, ids ...string) string {
	return kindJSON(from, to, title, "admin", ids...)
}

func kindJSON(from, to time.Time, title, kind string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"start": from.Format(time.RFC3339), "end": to.Format(time.RFC3339), "title": title, "kind": kind, "note_ids": append([]string{}, ids...)})
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
	// The rule is named in each place a person or the model reads it: every
	// re-ask, and each planner's line and re-ask in the transcript.
	for _, call := range srv.Calls() {
		if strings.Contains(call.Input, "Your previous answer was rejected") {
			assert.Contains(t, call.Input, "\n- blocks 1 and 2 overlap", "the re-ask")
		}
	}
	for _, task := range []string{council.TaskSleep, council.TaskErrands, council.TaskAdmin} {
		line := ""
		for _, l := range strings.Split(out.Council.Content, "\n") {
			if strings.HasPrefix(l, "- "+task+" ") {
				line = l
			}
		}
		assert.Contains(t, line, "**fell back** to the heuristic: invalid answer:", task)
		assert.True(t, strings.HasSuffix(line, "; blocks 1 and 2 overlap"), "%s's line in the transcript: %q", task, line)
	}
	assert.Equal(t, 3, strings.Count(out.Council.Content, "\n- blocks 1 and 2 overlap\n"), "each re-ask in the transcript")
	before := len(srv.Calls())
	_, diffs, err := c.Replay(context.Background(), out.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs, "replay reproduces the run")
	assert.Len(t, srv.Calls(), before)
}

// evening940 is Monday 21:40 in New York, with the default night.
var evening940 = time.Date(2026, 11, 23, 21, 40, 0, 0, councilTZ)

func nightRun(now time.Time) bh.Run {
	r := runOf(1, bh.EnergyAuto)
	r.Now, r.Quiet = now, &bh.DefaultNightHours
	return r
}

// runModes runs the council on notes at now in every mode and hands each
// output. In the model modes the planners answer with plan(their input):
// a valid plan, on time, that the council must use (each proposal's
// source is "llm"), so the checks run on the model's own plan.
func runModes(t *testing.T, notes []bh.Note, now time.Time, plan func(in planInput) string, check func(t *testing.T, out council.Output)) {
	for _, mode := range []string{"heuristic", "openai", "multi"} {
		t.Run(mode, func(t *testing.T) {
			out := runMode(t, mode, notes, now, plan)
			if mode != "heuristic" {
				for _, p := range out.Proposals {
					require.Equal(t, "llm", p.Source, "%s: the model's plan is used (%s)", p.Archetype, p.Fallback)
				}
			}
			check(t, out)
		})
	}
}

// runMode runs the council once in mode (heuristic, openai, multi), the
// planners answering with plan, and checks that a replay reproduces it.
func runMode(t *testing.T, mode string, notes []bh.Note, now time.Time, plan func(in planInput) string) council.Output {
	t.Helper()
	cfg := council.Config{Clock: func() time.Time { return now }}
	if mode != "heuristic" {
		srv := openaitest.New()
		t.Cleanup(srv.Close)
		scriptPlans(srv, plan)
		m, err := openai.New(openai.Config{APIKey: "test-model-key", Model: "test-model", BaseURL: srv.URL(), MaxAttempts: 2, Timeout: 2 * time.Second,
			Sleep: func(context.Context, time.Duration) error { return nil }})
		require.NoError(t, err)
		cfg.Planner = m
		if mode == "multi" {
			cfg.Judge = m
		}
	}
	c, err := council.New(cfg)
	require.NoError(t, err)
	run := nightRun(now)
	run.Mode = ""
	out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	_, diffs, err := c.Replay(context.Background(), out.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs)
	return out
}

// noBlockAfterItsDeadline: no block of any plan ends after the due time of
// a deadline (or dated task) it is for.
func noBlockAfterItsDeadline(t *testing.T, out council.Output) {
	t.Helper()
	start := out.Run.Now
	dues := map[string]time.Time{}
	for _, f := range out.Facts {
		if f.Due != nil && !f.Medical && (f.Kind == bh.TagDeadline || f.Kind == bh.TagTask) && f.Due.After(start) {
			dues[f.NoteID] = *f.Due
		}
	}
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			for _, id := range b.NoteIDs {
				if due, ok := dues[id]; ok {
					assert.False(t, b.End.After(due), "%s (%s): %q %s–%s ends after its deadline %s", p.Archetype, p.Source, b.Title,
						b.Start.In(councilTZ).Format("Mon 15:04"), b.End.In(councilTZ).Format("15:04"), due.In(councilTZ).Format("Mon 15:04"))
				}
			}
		}
	}
}

func plainNote(id, text string, at time.Time) bh.Note {
	return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at, Rev: 1}
}

// "pay daycare deposit online by 11:59pm tonight" at 9:40 PM is never
// planned for the next morning: it is for before sleep, in Now — planned
// tonight, or "Before you sleep" when the plan leaves it out. The model
// modes run once with a model that plans it on time and once with one
// that leaves it out.
func TestADeadlineTonightIsBeforeSleep(t *testing.T) {
	notes := []bh.Note{plainNote("d", "pay daycare deposit online by 11:59pm tonight", evening940.Add(-5*time.Minute))}
	due := time.Date(2026, 11, 23, 23, 59, 0, 0, councilTZ)
	night := func(from time.Time) string {
		return kindJSON(from, time.Date(2026, 11, 24, 6, 30, 0, 0, councilTZ), "Night sleep between feeds", "rest")
	}
	plans := []struct {
		name string
		plan func(in planInput) string
		// planned is whether the model plans it (the heuristic's own plan
		// is checked either way).
		planned bool
	}{
		{"the model plans it tonight", func(in planInput) string {
			return kindJSON(in.Start, in.Start.Add(15*time.Minute), "Pay the daycare deposit online", "admin", "d") + "," + night(in.Start.Add(15*time.Minute))
		}, true},
		{"the model leaves it out", func(in planInput) string { return night(in.Start.Add(15 * time.Minute)) }, false},
	}
	for _, pl := range plans {
		t.Run(pl.name, func(t *testing.T) {
			runModes(t, notes, evening940, pl.plan, func(t *testing.T, out council.Output) {
				noBlockAfterItsDeadline(t, out)
				for _, p := range out.Proposals {
					b := blockOf(p, "d")
					if p.Source == "llm" {
						assert.Equal(t, pl.planned, b != nil, "%s: the model's own plan", p.Archetype)
					}
					if b != nil {
						assert.False(t, b.End.After(due), "%s plans it after it is due", p.Archetype)
					}
					var now *bh.Item
					for i, it := range p.Now {
						if slices.Contains(it.NoteIDs, "d") {
							now = &p.Now[i]
						}
					}
					require.NotNil(t, now, "%s: in Now", p.Archetype)
					if b == nil {
						assert.Equal(t, "Before you sleep: pay daycare deposit online — due 23:59", now.Text, p.Archetype)
					} else {
						assert.Equal(t, "pay daycare deposit online — due 23:59 · planned "+b.Start.Format("15:04"), now.Text, p.Archetype)
					}
					for _, it := range p.Top {
						assert.NotContains(t, it.Text, "Later: pay daycare", "%s: not for later", p.Archetype)
					}
				}
				w := out.Winner()
				assert.Contains(t, out.Handoff.Content, "## Do now\n- "+council.MarkdownText(w.Now[0].Text))
			})
		})
	}
}

func blockOf(p bh.Proposal, id string) *bh.Block {
	for i, b := range p.Blocks {
		if slices.Contains(b.NoteIDs, id) && b.Kind != "commitment" {
			return &p.Blocks[i]
		}
	}
	return nil
}

// "out of formula" at 9:40 PM says so plainly in Now, and no plan opens
// with the night's sleep while it is open: the model modes answer with a
// plan that gets the formula first, which is used.
func TestOutOfFormulaAtNight(t *testing.T) {
	notes := []bh.Note{plainNote("f", "out of formula", evening940.Add(-time.Minute)), taskNote("t", "call grandma", evening940.Add(-time.Hour))}
	formulaFirst := func(in planInput) string {
		return strings.Join([]string{
			kindJSON(in.Start, in.Start.Add(30*time.Minute), "Get formula at the 24-hour store", "errand", "f"),
			kindJSON(in.Start.Add(30*time.Minute), in.Start.Add(9*time.Hour), "Night sleep between feeds", "rest"),
			kindJSON(in.Start.Add(10*time.Hour), in.Start.Add(10*time.Hour+15*time.Minute), "Call grandma", "admin", "t"),
		}, ",")
	}
	runModes(t, notes, evening940, formulaFirst, func(t *testing.T, out council.Output) {
		for _, p := range out.Proposals {
			require.NotEmpty(t, p.Now, p.Archetype)
			assert.True(t, strings.HasPrefix(p.Now[0].Text, "Out of formula — needed before the next feed · planned 21:45"), "%s: %q", p.Archetype, p.Now[0].Text)
			assert.Equal(t, []string{"f"}, p.Now[0].NoteIDs)
			require.NotEmpty(t, p.Blocks)
			first := p.Blocks[0]
			assert.NotEqual(t, "rest", first.Kind, "%s (%s) opens with %q while the formula is out", p.Archetype, p.Source, first.Title)
			assert.Contains(t, first.NoteIDs, "f", "%s gets the formula first", p.Archetype)
			assert.NotContains(t, p.Now[0].Text, "sooner if you can")
			night := false
			for _, b := range p.Blocks {
				night = night || strings.HasPrefix(b.Title, "Night")
			}
			assert.True(t, night, "%s still plans the night", p.Archetype)
		}
		assert.Contains(t, out.Handoff.Content, "- Out of formula — needed before the next feed")
	})
}

// A model's plan that opens with sleep while the formula is out, or gets
// it only late, is refused: asked again once, then the heuristic plan,
// which gets the formula first, stands in.
func TestAModelThatSleepsWhileTheFormulaIsOutIsRefused(t *testing.T) {
	notes := []bh.Note{plainNote("f", "out of formula", evening940.Add(-time.Minute)), taskNote("t", "call grandma", evening940.Add(-time.Hour))}
	sleepFirst := func(in planInput) string {
		return strings.Join([]string{
			kindJSON(in.Start, in.Start.Add(8*time.Hour), "Night sleep", "rest"),
			kindJSON(in.Start.Add(8*time.Hour), in.Start.Add(8*time.Hour+30*time.Minute), "Get formula", "errand", "f"),
		}, ",")
	}
	for _, mode := range []string{"openai", "multi"} {
		t.Run(mode, func(t *testing.T) {
			out := runMode(t, mode, notes, evening940, sleepFirst)
			for _, p := range out.Proposals {
				assert.Equal(t, "fallback", p.Source, p.Archetype)
				assert.Contains(t, p.Fallback, "block 1: sleep comes first while a feeding or diapering supply is out (note f)")
				require.NotEmpty(t, p.Blocks)
				assert.NotEqual(t, "rest", p.Blocks[0].Kind, "%s: the heuristic plan stands in", p.Archetype)
				assert.Contains(t, p.Blocks[0].NoteIDs, "f")
				require.NotEmpty(t, p.Now)
				assert.True(t, strings.HasPrefix(p.Now[0].Text, "Out of formula — needed before the next feed · planned 21:45"), "%s: %q", p.Archetype, p.Now[0].Text)
			}
		})
	}
}

// No block ends after its deadline, for every planner, over windows that
// cross midnight — also when the model plans one late (it is refused).
func TestNoBlockEndsAfterItsDeadline(t *testing.T) {
	day := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, councilTZ) }
	cases := []struct {
		name  string
		now   time.Time
		notes []string
	}{
		{"evening, due before midnight", day(23, 20, 30), []string{"deadline: submit the daycare form by 11pm tonight", "task: email the landlord by 10pm", "buy wipes"}},
		{"late evening, due after midnight", day(23, 22, 50), []string{"deadline: pay the deposit by 12:30am", "deadline: sign the lease by 7am tomorrow"}},
		{"past midnight", day(24, 0, 20), []string{"deadline: renew the parking permit by 1am", "deadline: insurance form due 9am", "task: pick up diapers by noon"}},
		{"early morning", day(24, 5, 10), []string{"deadline: daycare deposit due 7am", "deadline: call the pediatric office by 8:30am"}},
		{"evening, due the next morning", day(23, 19, 0), []string{"deadline: tax form due tomorrow 8am", "task: register for the class by 9pm tonight"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var notes []bh.Note
			for i, s := range tc.notes {
				p, _ := bh.ParseNoteText(s)
				n := plainNote(fmt.Sprintf("n%d", i), p.Text, tc.now.Add(-10*time.Minute))
				n.RawText = s
				if p.FromPrefix {
					n.Tag, n.TagSource = p.Tag, bh.TagByPrefix
				}
				notes = append(notes, n)
			}
			// The model plans each note at once, a quarter-hour each: on
			// time, and used.
			onTime := func(in planInput) string {
				var bs []string
				from := in.Start
				for _, id := range in.Notes {
					if !in.Health[id] {
						bs = append(bs, blockJSON(from, from.Add(15*time.Minute), "Paperwork", id))
						from = from.Add(15 * time.Minute)
					}
				}
				return strings.Join(bs, ",")
			}
			runModes(t, notes, tc.now, onTime, func(t *testing.T, out council.Output) {
				noBlockAfterItsDeadline(t, out)
				for _, p := range out.Proposals {
					if p.Source == "llm" {
						for _, n := range notes {
							assert.NotNil(t, blockOf(p, n.ID), "%s: the model's plan has note %s", p.Archetype, n.ID)
						}
					}
				}
			})
			t.Run("a model that plans late", func(t *testing.T) {
				late := func(in planInput) string {
					var bs []string
					for i, id := range in.Notes {
						from := in.Start.Add(time.Duration(10+i) * time.Hour)
						bs = append(bs, blockJSON(from, from.Add(30*time.Minute), "Paperwork", id))
					}
					return strings.Join(bs, ",")
				}
				for _, mode := range []string{"openai", "multi"} {
					out := runMode(t, mode, notes, tc.now, late)
					noBlockAfterItsDeadline(t, out)
					for _, p := range out.Proposals {
						assert.Equal(t, "fallback", p.Source, "%s %s: refused", mode, p.Archetype)
						assert.Contains(t, p.Fallback, "ends after the deadline of note", "%s %s", mode, p.Archetype)
					}
				}
			})
		})
	}
}

// A health note marked done is listed under "Resolved since yesterday",
// apart from done items, with who and when; it leaves the health list.
func TestHandoffListsResolvedHealthNotes(t *testing.T) {
	at := func(ago time.Duration) *time.Time { t := monday10.Add(-ago); return &t }
	fever := plainNote("h", "baby 38.4 fever since 6pm", monday10.Add(-16*time.Hour))
	fever.DoneAt, fever.DoneBy = at(2*time.Hour), bh.DoneBy{User: "U2"}
	old := plainNote("h0", "rash on her arm", monday10.Add(-72*time.Hour))
	old.DoneAt = at(48 * time.Hour)
	wipes := taskNote("w", "buy wipes", monday10.Add(-5*time.Hour))
	wipes.DoneAt, wipes.DoneBy = at(time.Hour), bh.DoneBy{User: "U2"}
	notes := []bh.Note{fever, old, wipes, taskNote("t", "call grandma", monday10.Add(-time.Hour))}
	c := newCouncil(t)
	out, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Notes: notes, Names: map[string]string{"U2": "Sam"}}, nil)
	require.NoError(t, err)
	h := out.Handoff.Content
	assert.Contains(t, h, "## Resolved since yesterday\n- baby 38.4 fever since 6pm — resolved by Sam, Mon 08:00\n")
	assert.Contains(t, h, "## Done since yesterday\n- [x] buy wipes — done by Sam, Mon 09:00\n")
	assert.NotContains(t, h, "rash on her arm", "resolved two days ago: not news")
	assert.NotContains(t, h, bh.HealthLine, "no open health note")
	assert.Empty(t, out.Winner().Health)
	again, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Pack: &out.Pack}, nil)
	require.NoError(t, err)
	assert.Equal(t, h, again.Handoff.Content, "replayed from the pack")
}

// A heuristic block is checked by the notes it cites, not by its title: an
// errand trip joins the words of several notes ("baby monitor batteries",
// "the dog threw up"), which together may read as a concern that none of
// them is. Such a trip stands; nothing is dropped.
func TestATripOfEverydayNotesIsNeverDropped(t *testing.T) {
	cases := []struct{ name, a, b string }{
		{"a pet unwell beside a baby's thing", "buy baby monitor batteries", "buy dog food at the store, the dog threw up again"},
		{"diapers and red onions", "out of diapers", "task: buy red onions at the store"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			notes := []bh.Note{note("a", tc.a, monday10.Add(-time.Hour)), note("b", tc.b, monday10.Add(-30*time.Minute))}
			out := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
			for _, f := range out.Facts {
				require.False(t, f.Medical, "%q is not a health note", f.Title)
			}
			var errands bh.Proposal
			for _, p := range out.Proposals {
				if p.Archetype == bh.ErrandsFirst {
					errands = p
				}
			}
			trip := blockOf(errands, "b")
			require.NotNil(t, trip, "the Errands-first trip is planned: %+v", errands.Blocks)
			assert.Equal(t, []string{"a", "b"}, trip.NoteIDs, "one trip for both")
			assert.NotContains(t, errands.Summary, "left out")
			for _, it := range errands.Now {
				assert.NotContains(t, it.Text, "not in this plan", "Now does not say it is unplanned")
			}
		})
	}
}

// note is a note as sent: a prefix sets its tag.
func note(id, raw string, at time.Time) bh.Note {
	p, _ := bh.ParseNoteText(raw)
	n := plainNote(id, p.Text, at)
	n.RawText = raw
	if p.FromPrefix {
		n.Tag, n.TagSource = p.Tag, bh.TagByPrefix
	}
	return n
}

// No heuristic block ever cites a health note, whatever the notes say:
// health notes are listed apart, so the check that would leave such a
// block out (and say so) never has to.
func TestNoHeuristicBlockCitesAHealthNote(t *testing.T) {
	health := []string{
		"baby 38.4 fever since 6pm", "task: call the pediatrician about her rash", "deadline: ask the doctor about the rash by 5pm",
		"she is breathing fast and wheezy", "blood in her diaper", "appointment: pediatrician for her fever tomorrow 9am",
		"my incision is red and hot", "out of diapers, she has had no wet diaper since noon", "note: vomited twice after the feed",
		"task: buy a thermometer, she feels hot", "cant wake him for feeds",
	}
	notes := sampleNotes(monday10)
	for i, h := range health {
		notes = append(notes, note(fmt.Sprintf("h%d", i), h, monday10.Add(-time.Duration(i+1)*7*time.Minute)))
	}
	for _, energy := range []bh.Energy{bh.EnergyLow, bh.EnergyMedium, bh.EnergyHigh} {
		for _, now := range []time.Time{monday10, evening940} {
			run := runOf(1, energy)
			run.Now = now
			out := runCouncil(t, notes, run)
			medical := map[string]bool{}
			for _, f := range out.Facts {
				medical[f.NoteID] = f.Medical
			}
			require.GreaterOrEqual(t, len(out.Proposals[0].Health), 8, "the health notes are read as such")
			for _, p := range out.Proposals {
				assert.NotContains(t, p.Summary, "health note", "%s left a block out", p.Archetype)
				for _, b := range p.Blocks {
					for _, id := range b.NoteIDs {
						assert.False(t, medical[id], "%s %s: %q cites health note %s", energy, p.Archetype, b.Title, id)
					}
				}
			}
		}
	}
}

// At night only the baby's feed or diapering, out, makes a night errand
// and "needed before the next feed": "out of oat milk" waits for morning.
func TestOnlyTheBabysSuppliesAreNeededAtNight(t *testing.T) {
	cases := []struct {
		note string
		need string // Now's opening, "" for none
	}{
		{"out of formula", "Out of formula — needed before the next feed"},
		{"out of pumped milk", "Out of milk — needed before the next feed"},
		{"out of baby wipes", "Out of wipes — needed before the next change"},
		{"out of oat milk", ""},
		{"need a water bottle, out", ""},
		{"out of nipple cream", ""},
		{"out of lens wipes", ""},
	}
	for _, tc := range cases {
		t.Run(tc.note, func(t *testing.T) {
			run := nightRun(evening940)
			out := runCouncil(t, []bh.Note{plainNote("s", tc.note, evening940.Add(-time.Minute))}, run)
			for _, p := range out.Proposals {
				var now []string
				for _, it := range p.Now {
					now = append(now, it.Text)
				}
				night := false
				for _, b := range p.Blocks {
					night = night || strings.HasPrefix(b.Title, "Get ") && b.Start.Before(evening940.Add(2*time.Hour))
				}
				if tc.need == "" {
					assert.False(t, night, "%s: a night errand for it", p.Archetype)
					for _, s := range now {
						assert.NotContains(t, s, "needed before the next", p.Archetype)
					}
					continue
				}
				require.NotEmpty(t, now, p.Archetype)
				assert.True(t, strings.HasPrefix(now[0], tc.need), "%s: %q", p.Archetype, now[0])
				assert.True(t, night, "%s gets it tonight", p.Archetype)
			}
		})
	}
}

// A health note a day without news is asked about on every plan's health
// list ("Still a concern?"); a fresh one, or one answered "still a
// concern" within the day, is not.
func TestAHealthNoteADayOldIsAskedAbout(t *testing.T) {
	stillOn := monday10.Add(-3 * time.Hour)
	old := plainNote("old", "baby 38.4 fever since 6pm", monday10.Add(-25*time.Hour))
	answered := plainNote("answered", "rash on her cheek, should I worry", monday10.Add(-30*time.Hour))
	answered.StillOnAt = &stillOn
	fresh := plainNote("fresh", "she is breathing fast and wheezy", monday10.Add(-2*time.Hour))
	notes := []bh.Note{old, answered, fresh, taskNote("t", "call grandma", monday10.Add(-time.Hour))}
	modes(t, func(t *testing.T, c *council.Council, run bh.Run) {
		out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
		require.NoError(t, err)
		for _, p := range out.Proposals {
			ask := map[string]bool{}
			for _, it := range p.Health {
				ask[it.NoteIDs[0]] = it.Ask
			}
			assert.Equal(t, map[string]bool{"old": true, "answered": false, "fresh": false}, ask, p.Archetype)
		}
		again, err := c.Run(context.Background(), council.Input{Run: run, Pack: &out.Pack}, nil)
		require.NoError(t, err)
		assert.Equal(t, out.Winner().Health, again.Winner().Health, "replayed from the pack")
	})
}

// An overdue deadline is Now, and only Now: the next afternoon, "pay the
// pediatrician bill by 11:55pm" from last night is not listed again as for
// later (handoff.md showed it in Do now and under Later).
func TestAnOverdueDeadlineIsNotAlsoForLater(t *testing.T) {
	var notes []bh.Note
	for i, text := range []string{"out of formula", "daycare form due tomorrow 5pm", "slept 2h", "wipes < 1 day", "bottle at 11pm",
		"call grandma tomorrow"} {
		notes = append(notes, plainNote(fmt.Sprint("n", i), text, evening940))
	}
	notes = append(notes, plainNote("b", "pay pediatrician bill by 11:55pm", evening940))
	afternoon := time.Date(2026, 11, 24, 15, 0, 0, 0, councilTZ)
	for _, hours := range []int{1, 12} {
		run := nightRun(afternoon)
		run.HorizonH = hours // a short duty window leaves what does not fit for later
		out := runCouncil(t, notes, run)
		overdueOnlyInNow(t, out)
	}
}

func overdueOnlyInNow(t *testing.T, out council.Output) {
	t.Helper()
	for _, p := range out.Proposals {
		inNow := false
		for _, it := range p.Now {
			inNow = inNow || slices.Contains(it.NoteIDs, "b")
		}
		require.True(t, inNow, "%s: overdue, so Now", p.Archetype)
		for _, it := range p.Top {
			if slices.Contains(it.NoteIDs, "b") {
				assert.False(t, strings.HasPrefix(it.Text, "Later: "), "%s: %q also for later", p.Archetype, it.Text)
			}
		}
	}
}
