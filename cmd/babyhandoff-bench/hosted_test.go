package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hosted suite, shrunk: installed teams over HTTP, every note
// answered, the tier table and the goals printed, no team over its tier.
func TestBenchHosted(t *testing.T) {
	var out, errs bytes.Buffer
	code := runBench(context.Background(), []string{"-suite", "hosted", "-teams", "12", "-hosted-rate", "500", "-busy", "1", "-burst", "4"}, &out, &errs)
	require.Equal(t, 0, code, "stderr:\n%s\nout:\n%s", errs.String(), out.String())
	doc := out.String()
	for _, want := range []string{"## Hosted: 12 installed teams over HTTP", "| 12 | 27 | 0 | 15 of 15 |", "signature check",
		"| chat.postMessage | 15 | 12 | 1 a second per channel |", "| views.publish |", "no team over its tier: met (0 over)"} {
		assert.Contains(t, doc, want)
	}
}
