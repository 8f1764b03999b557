package council_test

import (
	"bytes"
	"context"
	"log/slog"
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
	"github.com/babyhandoff/babyhandoff/internal/tracelog"
)

const testTrace = "7f3a00aa11bb22cc"

// Every step, heuristic or model, records its hashes, duration and times,
// and the run, its tasks and events carry the trace of the context.
func TestEveryStepIsHashedAndTraced(t *testing.T) {
	ctx := bh.WithTrace(context.Background(), testTrace)
	out, err := newCouncil(t).Run(ctx, council.Input{Run: runOf(1, bh.EnergyMedium), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	assert.Equal(t, testTrace, out.Run.TraceID)
	require.Len(t, out.Tasks, 6)
	seen := map[string]bool{}
	for _, task := range out.Tasks {
		o := task.Outputs
		assert.Len(t, o["input_hash"], 64, task.Name)
		assert.Len(t, o["output_hash"], 64, task.Name)
		assert.False(t, seen[o["output_hash"]], "%s: each step makes something of its own", task.Name)
		seen[o["output_hash"]] = true
		// The injected clock stood still: no time passed, on every run.
		assert.Equal(t, "0", o["duration_ms"], task.Name)
		assert.Equal(t, monday10.UTC(), task.StartedAt, task.Name)
		assert.Equal(t, monday10.UTC(), task.FinishedAt, task.Name)
		assert.Equal(t, testTrace, task.TraceID, task.Name)
	}
	for _, e := range out.Events {
		assert.Equal(t, testTrace, e.Meta["trace_id"], e.Text)
	}
	assert.Contains(t, out.Council.Content, "trace: \""+testTrace+"\"\n")
	assert.Contains(t, out.Council.Content, "| normalize_logs | Normalizer | completed | 1/1 | 0 ms | `"+council.Short(out.Tasks[0].Outputs["input_hash"])+"` | `")
}

// The duration is the injected clock's: a test that moves it sees it.
func TestStepDurationIsOnTheInjectedClock(t *testing.T) {
	var mu sync.Mutex
	now := monday10
	c, err := council.New(council.Config{Clock: func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Millisecond) // every reading moves it on
		return now
	}})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyMedium), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	for _, task := range out.Tasks {
		assert.Equal(t, task.FinishedAt.Sub(task.StartedAt).Milliseconds(), mustAtoi(t, task.Outputs["duration_ms"]), task.Name)
		assert.Positive(t, mustAtoi(t, task.Outputs["duration_ms"]), task.Name)
	}
}

func mustAtoi(t *testing.T, s string) int64 {
	t.Helper()
	var n int64
	for _, r := range s {
		require.True(t, r >= '0' && r <= '9', s)
		n = n*10 + int64(r-'0')
	}
	return n
}

// stored is a run's record as a store gives it back: times in UTC.
func stored(rec bh.RunRecord) bh.RunRecord {
	rec.Run.Now = rec.Run.Now.UTC()
	rec.Pack.CreatedAt = rec.Pack.CreatedAt.UTC()
	refs := append([]bh.LogRef(nil), rec.Pack.LogRefs...)
	for i := range refs {
		refs[i].CreatedAt = refs[i].CreatedAt.UTC()
	}
	rec.Pack.LogRefs = refs
	return rec
}

// A replay recomputes every step's hashes: the same, step by step, from a
// record read back in UTC.
func TestReplayHashesAreStable(t *testing.T) {
	c := newCouncil(t)
	out, err := c.Run(bh.WithTrace(context.Background(), testTrace), council.Input{Run: runOf(1, bh.EnergyLow), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)
	replayed, diffs, err := c.Replay(bh.WithTrace(context.Background(), "0000000000000001"), stored(out.Record()))
	require.NoError(t, err)
	assert.Empty(t, diffs)
	require.Len(t, replayed.Tasks, len(out.Tasks))
	for i, task := range out.Tasks {
		assert.Equal(t, task.Outputs["input_hash"], replayed.Tasks[i].Outputs["input_hash"], task.Name)
		assert.Equal(t, task.Outputs["output_hash"], replayed.Tasks[i].Outputs["output_hash"], task.Name)
	}
	assert.Equal(t, testTrace, replayed.Run.TraceID, "a replay is the stored run's story")
}

// A replay that makes something else names the first step that did.
func TestReplayNamesTheFirstDifferentStep(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(*bh.RunRecord)
		want   string
	}{
		{"the settings changed: the planners read something else",
			func(r *bh.RunRecord) { r.Run.Energy = bh.EnergyHigh },
			"step plan_sleep_first (SleepPlanner): output "},
		{"a stored step's output was not what the council makes",
			func(r *bh.RunRecord) {
				tasks := append([]bh.Task(nil), r.Tasks...)
				o := map[string]string{}
				for k, v := range tasks[0].Outputs {
					o[k] = v
				}
				o["output_hash"] = strings.Repeat("0", 64)
				tasks[0].Outputs = o
				r.Tasks = tasks
			},
			"step normalize_logs (Normalizer): output 000000000000, now "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCouncil(t)
			out, err := c.Run(context.Background(), council.Input{Run: runOf(1, bh.EnergyLow), Notes: sampleNotes(monday10)}, nil)
			require.NoError(t, err)
			rec := stored(out.Record())
			tc.tamper(&rec)
			_, diffs, err := c.Replay(context.Background(), rec)
			require.NoError(t, err)
			require.NotEmpty(t, diffs)
			assert.True(t, strings.HasPrefix(diffs[0], tc.want), diffs[0])
		})
	}
	assert.Contains(t, council.FirstDifferentStep(
		[]bh.Task{{Name: "plan_x", Agent: "A", Outputs: map[string]string{"input_hash": "i", "output_hash": strings.Repeat("a", 64)}}},
		[]bh.Task{{Name: "plan_x", Agent: "A", Outputs: map[string]string{"input_hash": "j", "output_hash": strings.Repeat("b", 64)}}}),
		"from a different input")
}

// The council logs each step at debug and each failure at warn, every line
// with the trace, and the model hears the trace in a request header.
func TestCouncilLogsItsStepsWithTheTrace(t *testing.T) {
	srv := openaitest.New()
	defer srv.Close()
	srv.Script(func(_ int, r openaitest.Request) (openaitest.Reply, bool) {
		if strings.Contains(r.Instructions, "Sleep-first") {
			return openaitest.Reply{Status: 500}, true
		}
		return openaitest.Reply{}, false
	})
	m, err := openai.New(openai.Config{APIKey: "test-model-key", Model: "test-model", BaseURL: srv.URL(), MaxAttempts: 1, Timeout: 2 * time.Second,
		Sleep: func(context.Context, time.Duration) error { return nil }})
	require.NoError(t, err)
	var buf bytes.Buffer
	log := slog.New(tracelog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	c, err := council.New(council.Config{Clock: func() time.Time { return monday10 }, Planner: m, Logger: log})
	require.NoError(t, err)
	_, err = c.Run(bh.WithTrace(context.Background(), testTrace), council.Input{Run: modelRun(), Notes: sampleNotes(monday10)}, nil)
	require.NoError(t, err)

	var steps, warns int
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		assert.Contains(t, line, "trace="+testTrace, line)
		switch {
		case strings.Contains(line, "level=DEBUG") && strings.Contains(line, `msg="council: step"`):
			steps++
			assert.Regexp(t, `step=\w+ agent=\w+ status=completed duration_ms=0 input_hash=[0-9a-f]{12} output_hash=[0-9a-f]{12}`, line)
		case strings.Contains(line, "level=WARN"):
			warns++
			assert.Contains(t, line, "step=plan_sleep_first")
		}
	}
	assert.Equal(t, 6, steps, "one line per step")
	assert.Equal(t, 1, warns, "the planner that fell back")
	calls := srv.Calls()
	require.NotEmpty(t, calls)
	for _, call := range calls {
		assert.Equal(t, testTrace, call.Trace, "the trace header")
	}
}
