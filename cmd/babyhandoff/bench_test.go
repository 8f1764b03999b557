package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The one benchmark command, shrunk: every suite runs and BENCHMARKS.md
// says how, where and what.
func TestBenchWritesEverySuite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every benchmark suite, briefly")
	}
	out := filepath.Join(t.TempDir(), "BENCHMARKS.md")
	var stdout, stderr syncBuffer
	code := run(context.Background(), []string{"bench", "-duration", "1s", "-prefill-mb", "0", "-sustain", "100", "-plans", "2",
		"-shifts", "20", "-samples", "2", "-debounce", "50ms",
		"-model-rounds", "2", "-model-latency", "20ms", "-days", "2", "-idle", "10", "-gap", "1ms", "-out", out}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr:\n%s", stderr.String())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	doc := string(b)
	for _, want := range []string{"# BabyHandoff benchmarks", "Method:", "CPUs", "## Memory at idle", "## Capture", "| 100/s |",
		"## /plan", "## Risk Radar", "note stored → nudge posted",
		"## Model mode", "overhead outside model calls", "## Soak: 2 days", "| 2 | "} {
		assert.Contains(t, doc, want)
	}
	assert.Equal(t, doc, stdout.String(), "the file holds what was printed")
}
