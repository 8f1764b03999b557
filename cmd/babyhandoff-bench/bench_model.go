package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	councilopenai "github.com/babyhandoff/babyhandoff/council/openai"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// benchModel measures the council in multi mode against the local model
// server with a fixed latency per call: the three planners must overlap
// (wall ≈ one planner call + the referee's), and the council's own work
// around the calls must stay small.
func benchModel(ctx context.Context, rounds int, latency time.Duration, w, stderr io.Writer) int {
	srv := openaitest.New()
	defer srv.Close()
	srv.Latency = latency
	m, err := councilopenai.New(councilopenai.Config{APIKey: "bench-model-key", Model: "bench-model", BaseURL: srv.URL(), Timeout: 10 * latency})
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	c, err := council.New(council.Config{Planner: m, Judge: m})
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	var notes []bh.Note
	for i, s := range bh.SampleShift {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("n%d", i+1), Text: s.Text, RawText: s.Text, Tag: s.Tag, TagSource: bh.TagByUser, CreatedAt: now.Add(-time.Hour)})
	}
	var walls, overheads []time.Duration
	for i := 0; i < rounds; i++ {
		run := bh.Run{ID: fmt.Sprintf("bench%d", i), TeamID: "T", ShiftID: "s", Version: 1, HorizonH: 12, TZ: "UTC", Now: now}
		start := time.Now()
		out, err := c.Run(ctx, council.Input{Run: run, Notes: notes}, nil)
		wall := time.Since(start)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		// Time in model calls: the slowest planner's, then the referee's.
		var slowest, judge time.Duration
		for _, t := range out.Tasks {
			ms, _ := strconv.Atoi(t.Outputs["duration_ms"])
			d := time.Duration(ms) * time.Millisecond
			switch {
			case t.Name == council.TaskScore:
				judge = d
			case t.Outputs["llm_used"] == "true" && d > slowest:
				slowest = d
			}
			if t.Outputs["fallback"] == "true" {
				fmt.Fprintf(stderr, "bench: %s fell back: %s\n", t.Name, t.Outputs["error"])
				return 1
			}
		}
		walls = append(walls, wall)
		overheads = append(overheads, wall-slowest-judge)
	}
	bound := latency*13/10 + latency
	fmt.Fprintf(w, "## Model mode: council in multi mode, the local model server adding %s a call, %d rounds (%s, %d CPUs)\n\n", latency, rounds, runtime.Version(), runtime.NumCPU())
	fmt.Fprintln(w, "| measure | p50 | max | goal |")
	fmt.Fprintln(w, "|---|---|---|---|")
	fmt.Fprintf(w, "| council wall time (3 planners in parallel, then the referee) | %s | %s | ≤ 1.3 × one call + the referee = %s |\n", ms(pct(walls, 50)), ms(pct(walls, 100)), ms(bound))
	fmt.Fprintf(w, "| overhead outside model calls | %s | %s | ≤ 20 ms |\n", ms(pct(overheads, 50)), ms(pct(overheads, 100)))
	return 0
}
