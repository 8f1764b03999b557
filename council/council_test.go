package council_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden")

// monday10 is the fixed clock of most tests: Monday 2026-11-23 10:00 New York.
var councilTZ, _ = time.LoadLocation("America/New_York")
var monday10 = time.Date(2026, 11, 23, 10, 0, 0, 0, councilTZ)

func sampleNotes(at time.Time) []bh.Note {
	var out []bh.Note
	for i, s := range bh.SampleShift {
		src := bh.TagByUser
		out = append(out, bh.Note{ID: fmt.Sprintf("n%d", i+1), TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Text: s.Text, RawText: s.Text,
			Tag: s.Tag, TagSource: src, CreatedAt: at.Add(time.Duration(i-6) * 10 * time.Minute), Rev: 1})
	}
	return out
}

func newCouncil(t testing.TB) *council.Council {
	c, err := council.New(council.Config{Clock: func() time.Time { return monday10 }})
	require.NoError(t, err)
	return c
}

func runOf(version int, energy bh.Energy) bh.Run {
	return bh.Run{ID: fmt.Sprintf("r%d", version), TeamID: "T1", ShiftID: "s1", Version: version, Energy: energy, HorizonH: 12,
		TZ: "America/New_York", TokenBudget: 4000, Now: monday10, Mode: "heuristic"}
}

func runCouncil(t testing.TB, notes []bh.Note, run bh.Run) council.Output {
	t.Helper()
	out, err := newCouncil(t).Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	return out
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "testdata", "golden", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./council -update")
	assert.Equal(t, string(want), got)
}

// checkPlan asserts the invariants every proposal must keep.
func checkPlan(t *testing.T, out council.Output) {
	t.Helper()
	start, end := out.Run.Now, out.Run.Now.Add(time.Duration(out.Run.HorizonH)*time.Hour+15*time.Minute)
	require.Len(t, out.Proposals, 3)
	for _, p := range out.Proposals {
		assert.NotEmpty(t, p.Top, "%s has priorities", p.Archetype)
		assert.LessOrEqual(t, len(p.Top), 5)
		for i, b := range p.Blocks {
			assert.True(t, b.End.After(b.Start), "%s block %q has a length", p.Archetype, b.Title)
			if b.Kind != "commitment" {
				assert.False(t, b.Start.Before(start), "%s block %q starts before now", p.Archetype, b.Title)
				assert.False(t, b.End.After(end), "%s block %q ends after the horizon", p.Archetype, b.Title)
			}
			for _, o := range p.Blocks[i+1:] {
				assert.False(t, b.Start.Before(o.End) && o.Start.Before(b.End), "%s: %q overlaps %q", p.Archetype, b.Title, o.Title)
			}
			for _, id := range b.NoteIDs {
				assert.Contains(t, out.Pack.IncludedLogIDs, id, "evidence points at a note in the pack")
			}
		}
	}
	require.Len(t, out.Decision.Scorecards, 3)
	for _, c := range out.Decision.Scorecards {
		require.Len(t, c.Scores, 5)
		sum := 0
		for i, s := range c.Scores {
			assert.Equal(t, bh.Dimensions[i], s.Dimension)
			assert.GreaterOrEqual(t, s.Value, 1)
			assert.LessOrEqual(t, s.Value, 5)
			assert.NotEmpty(t, s.Why)
			sum += s.Value
		}
		assert.Equal(t, sum, c.Total)
	}
	assert.Contains(t, out.Handoff.Content, bh.Disclaimer)
	assert.Contains(t, out.Council.Content, bh.Disclaimer)
}

// The PRD's demo: the sample shift with energy Medium and then Low.
func TestSampleShiftMediumVsLow(t *testing.T) {
	mrun := runOf(1, bh.EnergyMedium)
	mrun.TraceID = "7f3a00aa11bb22cc" // the transcript's header shows it
	medium := runCouncil(t, sampleNotes(monday10), mrun)
	low := runCouncil(t, sampleNotes(monday10), runOf(2, bh.EnergyLow))
	checkPlan(t, medium)
	checkPlan(t, low)
	// What this test states (and the golden files show): at Medium the
	// Errands-first plan wins (one trip for diapers, wipes, cream and
	// groceries, then the daycare form and a short rest; the class
	// assignment waits); at Low the Sleep-first plan wins (two protected
	// 90-minute rest windows around the one trip that cannot wait, without
	// the groceries; the form, due tomorrow 17:00, is left for later).
	assert.Equal(t, bh.ErrandsFirst, medium.Decision.Winner, "medium: %+v", medium.Decision.Scorecards)
	assert.Equal(t, bh.SleepFirst, low.Decision.Winner, "low: %+v", low.Decision.Scorecards)
	d := council.Diff(medium, low)
	assert.True(t, d.WinnerChanged())
	assert.NotEmpty(t, d.UnifiedDiff)
	assert.NotEmpty(t, d.BlocksAdded)
	golden(t, "sample_handoff_v1.md", medium.Handoff.Content)
	golden(t, "sample_handoff_v2.md", low.Handoff.Content)
	golden(t, "sample_council_v1.md", medium.Council.Content)
}

func TestSameInputSameOutputAndReplayFromPack(t *testing.T) {
	notes := sampleNotes(monday10)
	a := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
	b := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
	assert.Equal(t, a.Proposals, b.Proposals)
	assert.Equal(t, a.Decision, b.Decision)
	assert.Equal(t, a.Handoff.Content, b.Handoff.Content)

	pack := a.Pack
	replay, err := newCouncil(t).Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Pack: &pack}, nil)
	require.NoError(t, err)
	assert.Equal(t, a.Proposals, replay.Proposals)
	assert.Equal(t, a.Decision, replay.Decision)
	assert.True(t, bytes.Equal([]byte(a.Handoff.Content), []byte(replay.Handoff.Content)))
}

func TestTaskGraphAndObserver(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	out, err := newCouncil(t).Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Notes: sampleNotes(monday10)}, func(tk bh.Task) {
		mu.Lock()
		seen = append(seen, tk.Name+":"+string(tk.Status))
		mu.Unlock()
	})
	require.NoError(t, err)
	names := []string{}
	for _, tk := range out.Tasks {
		names = append(names, tk.Name)
		assert.Equal(t, bh.StatusCompleted, tk.Status)
		assert.Equal(t, 1, tk.Attempt)
		assert.NotEmpty(t, tk.Agent)
	}
	assert.Equal(t, []string{"normalize_logs", "plan_sleep_first", "plan_errands_first", "plan_admin_first", "score_and_select", "write_handoff"}, names)
	agents := map[string]string{}
	for _, tk := range out.Tasks {
		agents[tk.Name] = tk.Agent
	}
	assert.Equal(t, "SleepPlanner", agents["plan_sleep_first"])
	assert.Equal(t, "Referee", agents["score_and_select"])
	assert.Contains(t, seen, "plan_admin_first:queued")
	assert.Contains(t, seen, "plan_admin_first:running")
	assert.Contains(t, seen, "write_handoff:completed")
	// Messages: the pack, the normaliser, three planners, referee, writer.
	senders := []string{}
	for i, m := range out.Messages {
		assert.Equal(t, i+1, m.Seq)
		senders = append(senders, m.Sender)
	}
	assert.Equal(t, []string{"Coordinator", "Normalizer", "SleepPlanner", "ErrandsPlanner", "AdminPlanner", "Referee", "HandoffWriter"}, senders)
}

func TestCouncilNeedsAnAgentForEverySkill(t *testing.T) {
	agents := council.DefaultAgents()[1:] // no Normalizer
	_, err := council.New(council.Config{Agents: agents})
	assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
	// Another agent with the skill takes the task.
	agents = append(agents, council.Agent{Name: "NightNurse", Skills: []string{"normalize"}})
	c, err := council.New(council.Config{Agents: agents})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	assert.Equal(t, "NightNurse", out.Tasks[0].Agent)
}

func TestContextPackBudget(t *testing.T) {
	t.Run("empty shift", func(t *testing.T) {
		p := council.BuildPack("r", "s", nil, nil, nil, 4000, monday10)
		assert.Empty(t, p.LogRefs)
		assert.Equal(t, "No open notes in this shift (none yet, or all done or past).", p.Summary)
		assert.LessOrEqual(t, p.TokenEstimate, p.TokenBudget)
	})
	t.Run("one huge note is cut to fit", func(t *testing.T) {
		n := bh.Note{ID: "big", Text: strings.Repeat("wipes and more wipes ", 2000), Tag: bh.TagNote, CreatedAt: monday10}
		p := council.BuildPack("r", "s", []bh.Note{n}, nil, nil, 500, monday10)
		require.Len(t, p.LogRefs, 1)
		assert.LessOrEqual(t, p.TokenEstimate, 500)
		assert.True(t, strings.HasSuffix(p.LogRefs[0].Text, "…"))
	})
	t.Run("2000 notes keep deadlines, supplies and tasks first", func(t *testing.T) {
		var notes []bh.Note
		for i := 0; i < 2000; i++ {
			tag := bh.TagNote
			switch i {
			case 3:
				tag = bh.TagDeadline
			case 5:
				tag = bh.TagInventory
			case 7:
				tag = bh.TagTask
			}
			notes = append(notes, bh.Note{ID: fmt.Sprintf("n%04d", i), Text: fmt.Sprintf("note number %d about the baby's day", i), Tag: tag, CreatedAt: monday10.Add(time.Duration(i) * time.Minute)})
		}
		p := council.BuildPack("r", "s", notes, nil, nil, 4000, monday10)
		assert.LessOrEqual(t, p.TokenEstimate, 4000)
		assert.Greater(t, p.Omitted, 1500)
		assert.Contains(t, p.IncludedLogIDs, "n0003", "the old deadline is kept")
		assert.Contains(t, p.IncludedLogIDs, "n0005")
		assert.Contains(t, p.IncludedLogIDs, "n0007")
		assert.Contains(t, p.IncludedLogIDs, "n1999", "then the most recent")
		assert.NotContains(t, p.IncludedLogIDs, "n0010")
		assert.Equal(t, len(p.LogRefs), len(p.IncludedLogIDs))
		assert.Contains(t, p.Summary, "left out")
	})
}

// body is a Markdown file without a YAML front matter, which Obsidian
// reads and plain CommonMark does not (handoff.md has none; the
// transcript has one).
func body(t *testing.T, md string) string {
	t.Helper()
	if !strings.HasPrefix(md, "---\n") {
		return md
	}
	end := strings.Index(md[4:], "\n---\n")
	require.Positive(t, end, "front matter is closed")
	return md[4+end+5:]
}

// headings returns a Markdown document's headings as "level:text".
func headings(t *testing.T, md string) []string {
	t.Helper()
	src := []byte(body(t, md))
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []string
	require.NoError(t, ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			out = append(out, fmt.Sprintf("%d:%s", h.Level, string(h.Lines().Value(src))))
		}
		return ast.WalkContinue, nil
	}))
	return out
}

func TestHandoffAndTranscriptStructure(t *testing.T) {
	out := runCouncil(t, sampleNotes(monday10), runOf(1, bh.EnergyAuto))
	hs := headings(t, out.Handoff.Content)
	require.NotEmpty(t, hs)
	assert.Equal(t, "1:Handoff v1 · next 12h", hs[0])
	// Read at 3 a.m.: who is on, (health, what to do now), the next three
	// hours, what runs low; then the rest, and the notes as written.
	assert.Equal(t, []string{"2:Who's on", "2:Next 3 hours", "2:Then", "2:Running low", "2:Later", "2:Admin checklist", "2:Notes"}, hs[1:])
	assert.True(t, strings.HasPrefix(out.Handoff.Content, "# Handoff v1"), "no front matter before the first screen")
	assert.Contains(t, out.Handoff.Content, "\n*v1 · made Mon Nov 23 10:00, New York time · Sleep-first, ", "what it would say, in one short last line")
	assert.Contains(t, out.Handoff.Content, "- [ ] ", "the checklist is a task list")
	assert.Equal(t, "handoff-v1.md", out.Handoff.Name)

	ts := headings(t, out.Council.Content)
	assert.Equal(t, "1:Council transcript v1", ts[0])
	assert.Contains(t, ts, "2:Context pack")
	assert.Contains(t, ts, "2:Messages")
	assert.Contains(t, ts, "2:Timeline")
	for _, m := range out.Messages {
		assert.Contains(t, out.Council.Content, fmt.Sprintf("### %d · %s", m.Seq, m.Sender), "the transcript is built from the messages")
	}
}

func TestMarkdownInjectionStaysInert(t *testing.T) {
	evil := []string{"<script>alert(1)</script>", "[click](https://evil.example)", "**bold** _it_ `code`", "[[Secret note]]", "# heading", "<img src=x onerror=alert(1)>", "==hl== %%c%% ^block $x$"}
	var notes []bh.Note
	for i, e := range evil {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("e%d", i), Text: "task: " + e, Tag: bh.TagTask, TagSource: bh.TagByUser, CreatedAt: monday10.Add(-time.Hour)})
	}
	out := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
	var html bytes.Buffer
	require.NoError(t, goldmark.Convert([]byte(body(t, out.Handoff.Content)), &html))
	h := html.String()
	assert.NotContains(t, h, "<script")
	assert.NotContains(t, h, "<img")
	assert.NotContains(t, h, `href="https://evil.example"`)
	assert.NotContains(t, h, "<strong>bold")
	assert.NotContains(t, h, "<h1>heading")
}

// adviceWords are words of medical advice. BabyHandoff's own text must never
// contain them (a parent's quoted note may).
var adviceWords = []string{"dose", "dosage", "mg", "ml of", "tylenol", "ibuprofen", "acetaminophen", "paracetamol", "give her", "give him", "give the baby", "apply", "cream for", "treat", "treatment", "diagnos", "it's normal", "is normal", "nothing to worry", "should be fine", "take her temperature", "call 911"}

func TestMedicalNotesGetNoAdvice(t *testing.T) {
	corpus := []string{
		"baby has a fever of 38.5 since this morning",
		"is it normal that she spits up after every feed?",
		"rash on his cheek, should I worry",
		"should I give tylenol for teething",
		"coughing all night, sounds wheezy",
		"vomiting twice after feeding",
		"not eating much today, only 2 oz",
		"what dose of ibuprofen for a 6 month old",
		"yellow skin, jaundice?",
		"breathing fast while sleeping",
		"diarrhea since yesterday",
		"how much gripe water can I give",
		"ear pulling and crying, ear infection?",
		"my stitches hurt after the c-section",
		"feeling really down, maybe postpartum depression",
		"blood in diaper",
	}
	var notes []bh.Note
	for i, c := range corpus {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("m%02d", i), Text: c, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-time.Duration(i) * time.Minute)})
	}
	out := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
	checkPlan(t, out)
	// Our own words: every output with the parents' quoted text removed.
	ours := out.Handoff.Content + out.Council.Content
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			ours += b.Title + "\n"
		}
		for _, it := range append(append(p.Top, p.Admin...), p.RunningLow...) {
			ours += it.Text + "\n"
		}
	}
	for _, r := range out.Decision.Rationale {
		ours += r.Text + "\n"
	}
	for _, c := range corpus {
		ours = strings.ReplaceAll(ours, council.MarkdownText(c), "")
		ours = strings.ReplaceAll(ours, c, "")
		ours = strings.ReplaceAll(ours, bh.Truncate(c, 80), "")
	}
	lower := strings.ToLower(ours)
	for _, w := range adviceWords {
		assert.NotContains(t, lower, w, "our text gives advice (%q)", w)
	}
	assert.Contains(t, out.Handoff.Content, "licensed professional")
	facts := map[string]bool{}
	for _, f := range out.Facts {
		if f.Medical {
			facts[f.NoteID] = true
		}
	}
	assert.GreaterOrEqual(t, len(facts), 14, "the normaliser flags health concerns")

	// Never a time slot, never a top item: listed once, first, apart.
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			assert.NotEqual(t, "care", b.Kind, "%s plans a health note: %s", p.Archetype, b.Title)
			for _, id := range b.NoteIDs {
				assert.False(t, facts[id], "%s schedules health note %s", p.Archetype, id)
			}
		}
		for _, it := range p.Top {
			for _, id := range it.NoteIDs {
				assert.False(t, facts[id], "%s lists health note %s among the top items", p.Archetype, id)
			}
		}
		assert.Len(t, p.Health, len(facts), p.Archetype)
		assert.True(t, p.MoodSupport, "a note about the parent's low mood")
	}
	h := out.Handoff.Content
	require.Contains(t, h, bh.HealthLine)
	assert.Contains(t, h, bh.MoodSupportLine)
	assert.Less(t, strings.Index(h, bh.HealthLine), strings.Index(h, "## Next"), "health notes come first")
	assert.Equal(t, 1, strings.Count(h, bh.HealthLine), "listed once")
}

func TestBadInputStillGivesAPlan(t *testing.T) {
	long := strings.Repeat("so much to do ", 800) // ~10,000 characters
	cases := map[string][]bh.Note{
		"empty shift":       nil,
		"no dates":          {{ID: "a", Text: "laundry", Tag: bh.TagTask, TagSource: bh.TagByUser}, {ID: "b", Text: "call grandma", Tag: bh.TagTask, TagSource: bh.TagByUser}},
		"far past":          {{ID: "a", Text: "deadline: tax form due 1/2/2001", Tag: bh.TagDeadline, TagSource: bh.TagByPrefix}},
		"far future":        {{ID: "a", Text: "deadline: passport renewal due 12/1/2099", Tag: bh.TagDeadline, TagSource: bh.TagByPrefix}},
		"impossible date":   {{ID: "a", Text: "form due Feb 30 at 25:99", Tag: bh.TagDeadline, TagSource: bh.TagByUser}},
		"10,000 characters": {{ID: "a", Text: long, Tag: bh.TagNote}},
		"duplicates":        {{ID: "a", Text: "buy wipes", Tag: bh.TagTask, TagSource: bh.TagByUser}, {ID: "b", Text: "buy wipes", Tag: bh.TagTask, TagSource: bh.TagByUser}},
		"only medical":      {{ID: "a", Text: "fever 39 tonight"}},
	}
	for name, notes := range cases {
		t.Run(name, func(t *testing.T) {
			for i := range notes {
				notes[i].CreatedAt = monday10.Add(-time.Hour)
				if notes[i].Tag == "" {
					notes[i].Tag = bh.TagNote
				}
			}
			out := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
			checkPlan(t, out)
			assert.NotEmpty(t, out.Winner().Top)
		})
	}
}

func councilBenchNotes(n int) []bh.Note {
	base := sampleNotes(monday10)
	extra := []string{"slept 2h", "task: call insurance", "low: formula 2 days", "deadline: daycare form Friday noon", "pediatrician 2pm", "groceries 20 min", "good nap", "task: laundry", "work 9-5", "note: grandma visits Saturday"}
	var out []bh.Note
	for i := 0; i < n; i++ {
		var nt bh.Note
		if i < len(base) {
			nt = base[i]
		} else {
			txt := extra[i%len(extra)]
			nt = bh.Note{Text: txt, Tag: bh.TagNote, TagSource: bh.TagByDefault}
		}
		nt.ID = fmt.Sprintf("n%05d", i)
		nt.CreatedAt = monday10.Add(-time.Duration(n-i) * time.Minute)
		out = append(out, nt)
	}
	return out
}

// Council compute only: go test ./council -run x -bench Council.
func BenchmarkCouncil(b *testing.B) {
	for _, n := range []int{40, 400, 4000} {
		notes := councilBenchNotes(n)
		b.Run(fmt.Sprintf("notes=%d", n), func(b *testing.B) {
			c := newCouncil(b)
			run := runOf(1, bh.EnergyAuto)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// What the radar calls critical (a supply out or running out within hours,
// a deadline already past) comes before any rest, in every plan: the card
// must not open with a nap while the formula is out. A supply that runs out
// tomorrow leaves the sleep-first plan resting first.
func TestCriticalComesBeforeRest(t *testing.T) {
	at := time.Date(2026, 11, 23, 14, 0, 0, 0, councilTZ)
	note := func(id, text string, ago time.Duration) bh.Note {
		return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at.Add(-ago), Rev: 1}
	}
	tired := note("s", "slept 2h, exhausted", 3*time.Hour)
	tests := []struct {
		name     string
		notes    []bh.Note
		critical string // the note whose block must come before any rest; "" for none
	}{
		{"out of formula", []bh.Note{note("f", "out of formula", time.Minute), tired}, "f"},
		{"wipes run out within hours", []bh.Note{note("w", "wipes < 3h", time.Minute), tired}, "w"},
		{"a deadline already past", []bh.Note{note("d", "deadline: daycare form due today 1pm", 5*time.Hour), tired}, "d"},
		{"wipes run out tomorrow", []bh.Note{note("w", "wipes 2 days", time.Minute), tired}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := runOf(1, bh.EnergyAuto)
			run.Now = at
			c, err := council.New(council.Config{Clock: func() time.Time { return at }})
			require.NoError(t, err)
			out, err := c.Run(context.Background(), council.Input{Run: run, Notes: tt.notes}, nil)
			require.NoError(t, err)
			for _, p := range out.Proposals {
				var firstRest, critical *bh.Block
				for i := range p.Blocks {
					b := &p.Blocks[i]
					if b.Kind == "rest" && firstRest == nil {
						firstRest = b
					}
					if tt.critical != "" && critical == nil && slices.Contains(b.NoteIDs, tt.critical) {
						critical = b
					}
				}
				if tt.critical == "" {
					if p.Archetype == bh.SleepFirst {
						require.NotNil(t, firstRest)
						assert.Equal(t, at, firstRest.Start, "nothing critical: sleep-first rests first")
					}
					continue
				}
				require.NotNil(t, critical, "%s plans the critical item", p.Archetype)
				if firstRest != nil {
					assert.True(t, critical.Start.Before(firstRest.Start), "%s: %q at %s comes before the rest at %s",
						p.Archetype, critical.Title, critical.Start.Format("15:04"), firstRest.Start.Format("15:04"))
				}
				require.NotEmpty(t, p.Now, "%s says it is critical", p.Archetype)
			}
		})
	}
}

// Energy follows the last 24 hours: a five-day-old "slept 2 hours" does not
// make today's plan a tired one, today's "slept 8 hours straight" does
// decide; with nothing recent the card says so.
func TestEnergyFollowsTheLastDay(t *testing.T) {
	day := 24 * time.Hour
	note := func(id, text string, ago time.Duration) bh.Note {
		return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-ago), Rev: 1}
	}
	tests := []struct {
		name  string
		notes []bh.Note
		want  bh.Energy
		ids   []string
		line  string
	}{
		{"old and new", []bh.Note{note("old", "slept 2 hours", 5*day), note("new", "slept 8 hours straight", time.Hour)}, bh.EnergyHigh, []string{"new"}, "high (inferred)"},
		{"only old", []bh.Note{note("old", "slept 2 hours", 5*day), note("t", "task: call grandma", time.Hour)}, bh.EnergyMedium, nil, "medium (no recent sleep note)"},
		{"23 h old still counts", []bh.Note{note("night", "slept 2 hours", 23*time.Hour)}, bh.EnergyLow, []string{"night"}, "low (inferred)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := runCouncil(t, tt.notes, runOf(1, bh.EnergyAuto))
			assert.Equal(t, tt.want, out.Decision.Energy)
			assert.Equal(t, tt.ids, out.Decision.EnergyNoteIDs)
			assert.Contains(t, out.Handoff.Content, tt.line)
		})
	}
}

// Five days on, old notes no longer steer the plan as if fresh: a dated
// task whose day ended, and a deadline long overdue, are asked about
// ("Still open?"), not planned; a commitment that is over is gone; a
// deadline overdue by hours is Now. Nothing is planned from them.
func TestOldNotesLeaveThePlan(t *testing.T) {
	day := 24 * time.Hour
	note := func(id, text string, tag bh.Tag, ago time.Duration) bh.Note {
		return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: text, Tag: tag, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-ago), Rev: 1}
	}
	notes := []bh.Note{
		note("form", "daycare form due tomorrow 5pm", bh.TagDeadline, 5*day),
		note("grandma", "grandma visiting at 3pm today", bh.TagNote, 5*day),
		note("wipes", "buy wipes today", bh.TagTask, day),
		note("bill", "pay the water bill due today 6am", bh.TagDeadline, 2*time.Hour),
		note("call", "call the insurance company", bh.TagTask, time.Hour),
	}
	out := runCouncil(t, notes, runOf(1, bh.EnergyAuto))
	checkPlan(t, out)
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			for _, id := range b.NoteIDs {
				assert.NotContains(t, []string{"form", "grandma", "wipes"}, id, "%s plans %q from an old note", p.Archetype, b.Title)
			}
		}
		var still []string
		for _, it := range p.StillOpen {
			still = append(still, it.Text)
		}
		assert.Equal(t, []string{"daycare form — overdue since Thu 17:00, left out of plans", "buy wipes — was for Sun Nov 22"}, still, p.Archetype)
		require.Len(t, p.Now, 1, p.Archetype)
		assert.Contains(t, p.Now[0].Text, "pay the water bill — overdue since Mon 06:00")
	}
	assert.Contains(t, out.Handoff.Content, "## Still open?")
	assert.Contains(t, out.Handoff.Content, "- [ ] buy wipes — was for Sun Nov 22")
}

// A plan for a later window starts there: "/plan tomorrow 7am" on Monday
// morning plans Tuesday 07:00–19:00, with Tuesday's commitment in it.
func TestPlanForALaterWindow(t *testing.T) {
	run := runOf(1, bh.EnergyAuto)
	run.From = time.Date(2026, 11, 24, 7, 0, 0, 0, councilTZ)
	notes := sampleNotes(monday10)
	notes = append(notes, bh.Note{ID: "ped", TeamID: "T1", ShiftID: "s1", Text: "pediatrician tomorrow 2pm", RawText: "pediatrician tomorrow 2pm",
		Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-time.Minute), Rev: 1})
	out := runCouncil(t, notes, run)
	assert.Equal(t, "Tue 07:00–19:00", out.Run.WindowText(councilTZ))
	for _, p := range out.Proposals {
		require.NotEmpty(t, p.Blocks, p.Archetype)
		fixed := false
		for _, b := range p.Blocks {
			assert.False(t, b.Start.Before(run.From), "%s: %q at %s is before the window", p.Archetype, b.Title, b.Start)
			assert.False(t, b.End.After(run.From.Add(12*time.Hour+15*time.Minute)), "%s: %q ends after the window", p.Archetype, b.Title)
			fixed = fixed || (b.Kind == "commitment" && b.Start.Equal(time.Date(2026, 11, 24, 14, 0, 0, 0, councilTZ)))
		}
		assert.True(t, fixed, "%s keeps Tuesday's pediatrician", p.Archetype)
	}
	assert.Contains(t, out.Handoff.Content, "# Handoff v1 · Tue 07:00–19:00\n")
}

// The night is planned as sleep: quiet hours inside the window are one
// night block (between feeds when the notes mention them), and no errand
// or call is placed in them.
func TestNightIsPlannedAsSleep(t *testing.T) {
	evening := time.Date(2026, 11, 23, 19, 0, 0, 0, councilTZ)
	for _, tt := range []struct {
		name, title string
		extra       []string
	}{
		{"no feeds", "Night sleep (quiet hours)", nil},
		{"night feeds", "Night: sleep between feeds (quiet hours)", []string{"night feeds every 3h"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			texts := append([]string{"task: buy wipes", "task: call the insurance company", "deadline: daycare form due tomorrow 5pm"}, tt.extra...)
			var notes []bh.Note
			for i, s := range texts {
				p, _ := bh.ParseNoteText(s)
				notes = append(notes, bh.Note{ID: fmt.Sprintf("n%d", i), TeamID: "T1", ShiftID: "s1", Text: p.Text, RawText: s, Tag: p.Tag, TagSource: bh.TagByPrefix,
					CreatedAt: evening.Add(-time.Hour), Rev: 1})
				if p.Tag == "" {
					notes[i].Tag, notes[i].TagSource = bh.TagNote, bh.TagByDefault
				}
			}
			run := runOf(1, bh.EnergyAuto)
			run.Now, run.Quiet = evening, &bh.QuietHours{From: 22, To: 7}
			c, err := council.New(council.Config{Clock: func() time.Time { return evening }})
			require.NoError(t, err)
			out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
			require.NoError(t, err)
			night0, night1 := time.Date(2026, 11, 23, 22, 0, 0, 0, councilTZ), time.Date(2026, 11, 24, 7, 0, 0, 0, councilTZ)
			for _, p := range out.Proposals {
				var sleep *bh.Block
				for i, b := range p.Blocks {
					if b.Title == tt.title {
						sleep = &p.Blocks[i]
						continue
					}
					if b.Kind != "rest" && b.Kind != "commitment" {
						assert.False(t, b.Start.Before(night1) && b.End.After(night0), "%s: %q at %s is in the quiet hours", p.Archetype, b.Title, b.Start.Format("15:04"))
					}
				}
				require.NotNil(t, sleep, "%s plans the night", p.Archetype)
				assert.Equal(t, night0, sleep.Start.In(councilTZ))
				assert.Equal(t, night1, sleep.End.In(councilTZ))
			}
		})
	}
}

// The handoff says what was done in the last day and by whom ("done by
// Sam"), from the stored pack, so a replay says the same.
func TestHandoffSaysWhatWasDone(t *testing.T) {
	done := func(ago time.Duration) *time.Time { t := monday10.Add(-ago); return &t }
	notes := []bh.Note{
		{ID: "d1", TeamID: "T1", ShiftID: "s1", Text: "diapers almost out", Tag: bh.TagInventory, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-5 * time.Hour),
			DoneAt: done(time.Hour), DoneBy: bh.DoneBy{User: "U2"}, Rev: 2},
		{ID: "d2", TeamID: "T1", ShiftID: "s1", Text: "pay the water bill", Tag: bh.TagTask, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-72 * time.Hour),
			DoneAt: done(48 * time.Hour), DoneBy: bh.DoneBy{User: "U2"}, Rev: 2},
		{ID: "t1", TeamID: "T1", ShiftID: "s1", Text: "call grandma", Tag: bh.TagTask, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-time.Hour), Rev: 1},
	}
	c := newCouncil(t)
	out, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Notes: notes, Names: map[string]string{"U2": "Sam"}}, nil)
	require.NoError(t, err)
	assert.Contains(t, out.Handoff.Content, "## Done since yesterday")
	assert.Contains(t, out.Handoff.Content, "- [x] diapers almost out — done by Sam, Mon 09:00")
	assert.NotContains(t, out.Handoff.Content, "pay the water bill", "done two days ago: not news")
	again, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyAuto), Pack: &out.Pack}, nil)
	require.NoError(t, err)
	assert.Equal(t, out.Handoff.Content, again.Handoff.Content, "replayed from the pack")
}

// A week without news, an undated task or a running-low item is asked
// about ("still open?", with its menu), not planned.
func TestWeekOldItemsAreAsked(t *testing.T) {
	note := func(id, text string, tag bh.Tag, ago time.Duration) bh.Note {
		return bh.Note{ID: id, TeamID: "T1", ShiftID: "s1", Text: text, RawText: text, Tag: tag, TagSource: bh.TagByPrefix, CreatedAt: monday10.Add(-ago), Rev: 1}
	}
	week := 7*24*time.Hour + time.Hour
	out := runCouncil(t, []bh.Note{note("old", "call the insurance company", bh.TagTask, week), note("low", "diaper cream almost out", bh.TagInventory, week),
		note("new", "book the 2 month checkup", bh.TagTask, time.Hour)}, runOf(1, bh.EnergyAuto))
	for _, p := range out.Proposals {
		for _, b := range p.Blocks {
			assert.NotContains(t, b.NoteIDs, "old", "%s plans a week-old task", p.Archetype)
			assert.NotContains(t, b.NoteIDs, "low", "%s plans a week-old supply", p.Archetype)
		}
		var asked []string
		for _, it := range p.StillOpen {
			assert.True(t, it.Ask, "with Done, Still on it, Drop")
			asked = append(asked, it.Text)
		}
		assert.ElementsMatch(t, []string{"call the insurance company — noted Mon Nov 16, a week without news", "diaper cream almost out — noted Mon Nov 16, a week without news"}, asked, p.Archetype)
	}
}

// A plan for the person on duty: handoff.md says who is on and until when,
// its front matter is a few keys, notes are "note N" linked to their
// messages (a link that is not a plain https address is left out), and
// only their own sleep notes set its energy.
func TestHandoffForThePersonOnDuty(t *testing.T) {
	notes := []bh.Note{
		{ID: "a", UserID: "U1", Text: "slept 2h, exhausted", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-time.Hour)},
		{ID: "b", UserID: "U2", Text: "slept 8 hours straight", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-2 * time.Hour)},
		{ID: "c", UserID: "U1", Text: "out of formula", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday10.Add(-30 * time.Minute)},
	}
	run := runOf(1, bh.EnergyAuto)
	run.For, run.ForName, run.ForUntil = "U2", "Sam", monday10.Add(9*time.Hour)
	c, err := council.New(council.Config{Clock: func() time.Time { return monday10 }})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: run, Notes: notes, Links: map[string]string{
		"a": "https://fake.slack.test/archives/C1/p1", "c": "javascript:alert(1)"}}, nil)
	require.NoError(t, err)
	h := out.Handoff.Content
	assert.Contains(t, h, "## Who's on\n- Sam, until Mon 19:00\n")
	assert.Contains(t, h, "- Mon 09:00 · [“slept 2h, exhausted”](https://fake.slack.test/archives/C1/p1)\n", "named by its words, linked")
	assert.Contains(t, h, "- Mon 09:30 · “out of formula”\n", "a link that is not https is not linked: the words are quoted")
	assert.NotRegexp(t, `note \d`, h, "never a note's number")
	assert.NotContains(t, h, "javascript:")
	assert.Less(t, strings.Index(h, "## Who's on"), strings.Index(h, "## Do now"))
	assert.Less(t, strings.Index(h, "## Do now"), strings.Index(h, "## Next"))
	assert.Equal(t, bh.EnergyHigh, out.Decision.Energy, "Sam's own night, not Maya's")
	assert.Equal(t, []string{"b"}, out.Decision.EnergyNoteIDs)

	replayed, diffs, err := c.Replay(context.Background(), out.Record())
	require.NoError(t, err)
	assert.Empty(t, diffs, "the pack keeps writers and links: a replay writes the same file")
	assert.Equal(t, h, replayed.Handoff.Content)
}

// The sample is nobody's shift: its handoff.md does not ask who is on.
func TestSampleHandoffHasNoDuty(t *testing.T) {
	run := runOf(1, bh.EnergyAuto)
	run.Sample = true
	out := runCouncil(t, sampleNotes(monday10), run)
	assert.NotContains(t, out.Handoff.Content, "## Who's on")
	assert.Contains(t, out.Handoff.Content, "*Sample shift:")
}
