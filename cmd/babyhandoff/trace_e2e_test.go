package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

var refRE = regexp.MustCompile(`\(ref ([0-9a-f]{16})\)`)

// linesWith are the log lines that say trace=id.
func linesWith(log, id string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "trace="+id) {
			out = append(out, l)
		}
	}
	return out
}

// A failure a person is shown carries a ref, and grep of the ref finds the
// work's whole story in the log: the envelope's work and what failed.
func TestE2EFailureRefFindsTheLogLines(t *testing.T) {
	h := start(t)
	h.fake.FailNext("conversations.open", slacktest.Failure{Error: "internal_error"})
	h.ack(h.addPartner("U1", "U2"))
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return strings.Contains(m.Text, "Something went wrong") })
	require.NoError(t, err, "log:\n%s", h.stderr.String())
	ref := refRE.FindStringSubmatch(m.Text)
	require.Len(t, ref, 2, "the apology names its ref: %s", m.Text)

	story := linesWith(h.stderr.String(), ref[1])
	require.NotEmpty(t, story, "log:\n%s", h.stderr.String())
	joined := strings.Join(story, "\n")
	assert.Contains(t, joined, `msg="bot: work"`, "where the work began")
	assert.Contains(t, joined, "internal_error", "what went wrong")
	assert.Contains(t, joined, "level=ERROR")
}

// A /plan's trace is on the council's step lines and in every model
// request's header, and the transcript's header names it.
func TestE2EPlanTraceReachesTheCouncilAndTheModel(t *testing.T) {
	srv := openaitest.New()
	t.Cleanup(srv.Close)
	t.Setenv("COUNCIL_MODE", "openai")
	t.Setenv("OPENAI_API_KEY", "e2e-model-key")
	t.Setenv("OPENAI_MODEL", "test-model")
	t.Setenv("OPENAI_BASE_URL", srv.URL())
	t.Setenv("AGENT_TIMEOUT_SECONDS", "5")
	h := start(t)

	h.ack(h.slash("/plan", "sample", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	calls := srv.Calls()
	require.Len(t, calls, 3, "one call per planner")
	trace := calls[0].Trace
	require.Regexp(t, `^[0-9a-f]{16}$`, trace)
	for _, c := range calls {
		assert.Equal(t, trace, c.Trace, "the run's one trace")
	}
	story := strings.Join(linesWith(h.stderr.String(), trace), "\n")
	assert.Equal(t, 6, strings.Count(story, `msg="council: step"`), "one line per step; log:\n%s", h.stderr.String())
	assert.Contains(t, story, `job="command /plan"`)
	assert.Contains(t, story, "run_id="+card.runID)
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())

	var out, errOut syncBuffer
	code := run(h.ctx(), []string{"replay", card.runID}, &out, &errOut)
	require.Equal(t, 0, code, "stderr:\n%s", errOut.String())
	assert.Contains(t, out.String(), "was made in trace "+trace, "the stored run keeps its trace")
}

var madeInRE = regexp.MustCompile(`was made in trace ([0-9a-f]{16})`)

// An edit and a what-if are each their own work: the version keeps the
// trace of the press that made it, not its parent's, so a ref finds them.
func TestE2EEditsAndForksKeepTheirOwnTrace(t *testing.T) {
	h := start(t, atPlanTime)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.ack(h.slash("/plan", "sample", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")
	h.ack(h.cardMenu("DU1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")
	h.ack(h.editDrop("U1", form, h.blockIndex(form, "Rest / nap")))
	v2 := h.cardAt("DU1", v1.ts, "Sample · v2 · ")
	h.ack(h.selectEnergy("DU1", v1.ts, "U1", v2.runID, "high"))
	v3 := h.cardAt("DU1", v1.ts, "Sample · v3 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())

	log := h.stderr.String()
	seen := map[string]string{}
	for _, id := range []string{v1.runID, v2.runID, v3.runID} {
		var out, errOut syncBuffer
		require.Equal(t, 0, run(h.ctx(), []string{"replay", id}, &out, &errOut), "stderr:\n%s", errOut.String())
		m := madeInRE.FindStringSubmatch(out.String())
		require.Len(t, m, 2, "run %s keeps a trace: %s", id, out.String())
		assert.NotContains(t, seen, m[1], "run %s has %s's trace", id, seen[m[1]])
		seen[m[1]] = id
		assert.Contains(t, strings.Join(linesWith(log, m[1]), "\n"), "run_id="+id, "its trace finds its work")
	}
}
