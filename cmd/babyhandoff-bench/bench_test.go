package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the benchmark, not the tests, when a full run starts this
// binary again for a suite of its own (benchChild).
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runBench(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// The one benchmark command, shrunk: every suite runs on SQLite and
// BENCHMARKS.md says how, where and what.
func TestBenchWritesEverySuite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every benchmark suite, briefly")
	}
	out := filepath.Join(t.TempDir(), "BENCHMARKS.md")
	// Files, not buffers: the suites write from several goroutines.
	stdout, err := os.CreateTemp(t.TempDir(), "stdout")
	require.NoError(t, err)
	t.Cleanup(func() { _ = stdout.Close() })
	stderr, err := os.CreateTemp(t.TempDir(), "stderr")
	require.NoError(t, err)
	t.Cleanup(func() { _ = stderr.Close() })
	code := runBench(context.Background(), []string{"-duration", "1s", "-prefill-mb", "0", "-sustain", "100", "-plans", "2",
		"-shifts", "20", "-samples", "2", "-debounce", "50ms",
		"-model-rounds", "2", "-model-latency", "20ms", "-days", "2", "-idle", "10", "-gap", "1ms", "-disk-rounds", "20", "-wal-notes", "50", "-teams", "5", "-busy", "1", "-burst", "2", "-out", out}, stdout, stderr)
	logged, _ := os.ReadFile(stderr.Name())
	require.Equal(t, 0, code, "stderr:\n%s", logged)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	doc := string(b)
	for _, want := range []string{"# BabyHandoff benchmarks", "Method:", "CPUs", "## Memory at idle", "## Disk: 20 rounds", "| two in a row |", "## SQLite's tail when notes come spaced: 20 durable writes", "| SQLite out of the box: one insert |", "| the store: a note's capture |", "## Capture", "| 100/s |",
		"## /plan", "## Risk Radar", "note stored → nudge posted",
		"## Model mode", "overhead outside model calls", "## Soak: 2 days", "| 2 | ", "this suite has a process of its own",
		"(engine: sqlite)", "| engine |", "| sqlite | ",
		"through the fake Slack, sqlite engine", "## Hosted: 5 installed teams", "debounce 50ms, sqlite engine", "idle conversations, sqlite engine"} {
		assert.Contains(t, doc, want)
	}
	assert.NotContains(t, doc, "bolt")
	// Each table's rows have as many cells as its header.
	for _, table := range regexp.MustCompile(`(?m)^\|.*\|\n\|---.*\n(?:\|.*\|\n)*`).FindAllString(doc, -1) {
		lines := strings.Split(strings.TrimSpace(table), "\n")
		for _, l := range lines[1:] {
			assert.Equal(t, strings.Count(lines[0], "|"), strings.Count(l, "|"), "%s\nin\n%s", l, table)
		}
	}
	printed, err := os.ReadFile(stdout.Name())
	require.NoError(t, err)
	assert.Equal(t, doc, string(printed), "the file holds what was printed")
}
