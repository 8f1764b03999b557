package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// TestE2EOpenAIMode plans through the real program with COUNCIL_MODE=multi
// against a local server that answers like the Responses API: the card
// says which agents used the model and which fell back, and the stored run
// replays byte for byte without a call.
func TestE2EOpenAIMode(t *testing.T) {
	srv := openaitest.New()
	t.Cleanup(srv.Close)
	// The Errands-first planner's server fails every time.
	srv.Script(func(_ int, r openaitest.Request) (openaitest.Reply, bool) {
		if strings.Contains(r.Instructions, "Errands-first") {
			return openaitest.Reply{Status: 503}, true
		}
		return openaitest.Reply{}, false
	})
	t.Setenv("COUNCIL_MODE", "multi")
	t.Setenv("OPENAI_API_KEY", "e2e-model-key-SECRET")
	t.Setenv("OPENAI_MODEL", "test-model")
	t.Setenv("OPENAI_BASE_URL", srv.URL())
	t.Setenv("AGENT_MAX_RETRIES", "1")
	t.Setenv("AGENT_TIMEOUT_SECONDS", "5")
	h := start(t)

	h.ack(h.slash("/plan", "sample", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	var note string
	var bl []map[string]any
	require.NoError(t, json.Unmarshal(card.raw, &bl))
	for _, b := range bl {
		if b["block_id"] == "card_model" {
			el := b["elements"].([]any)[0].(map[string]any)
			note, _ = el["text"].(string)
		}
	}
	assert.Contains(t, note, "Sleep-first, Admin-first: test-model")
	assert.Contains(t, note, "Errands-first fell back to its heuristic plan (server error (503) (after 2 attempts))")
	assert.Contains(t, note, "Referee: test-model")
	assert.NotContains(t, h.stderr.String(), "e2e-model-key-SECRET", "the key never reaches the log")

	// 2 planners × 1 call, Errands-first × 2 attempts, the referee × 1.
	assert.Len(t, srv.Calls(), 5)
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assertNoSecrets(t, h, srv, "e2e-model-key-SECRET")

	var out, errOut syncBuffer
	code := run(h.ctx(), []string{"replay", card.runID}, &out, &errOut)
	require.Equal(t, 0, code, "stderr:\n%s", errOut.String())
	assert.Contains(t, out.String(), "identical")
	assert.Len(t, srv.Calls(), 5, "the replay asked no model")
}
