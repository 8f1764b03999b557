package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// adviceWords are what BabyHandoff's own words never say about health:
// medicines, doses, diagnoses, reassurance. The notes below name none of
// them, so any one found was written by the bot.
var adviceWords = []string{"dose", "dosage", " mg", "ml of", "tylenol", "motrin", "ibuprofen", "acetaminophen", "paracetamol",
	"antibiotic", "give her", "give him", "give the baby", "apply ", "cream for", "treatment", "diagnos", "it's normal",
	"is normal", "perfectly normal", "nothing to worry", "should be fine", "don't worry", "can wait", "call 911"}

var healthCorpus = []string{
	"she's breathing fast and wheezing",
	"fever 38.5 since last night",
	"rash on her cheeks spreading",
	"baby fell off the bed",
	"feeling really down, crying a lot since the birth",
	"not many wet diapers today, maybe 3?",
	"red eye with some yellow goo",
	"thermometer says 37.9 under arm",
}

// Every surface made from health notes — capture replies, the card, /radar,
// App Home, handoff.md, the transcript, a share — in heuristic and in
// model mode: no advice in the bot's own words, and the notes listed apart
// for a professional, never planned.
func TestE2EHealthNotesGetNoAdviceAnywhere(t *testing.T) {
	for _, mode := range []string{"heuristic", "multi"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "multi" {
				srv := openaitest.New()
				t.Cleanup(srv.Close)
				t.Setenv("COUNCIL_MODE", "multi")
				t.Setenv("OPENAI_API_KEY", "e2e-model-key")
				t.Setenv("OPENAI_MODEL", "test-model")
				t.Setenv("OPENAI_BASE_URL", srv.URL())
			}
			h := start(t, atPlanTime)
			for i, n := range append([]string{"wipes < 1 day"}, healthCorpus...) {
				ts := "1700000" + string(rune('0'+i/10)) + string(rune('0'+i%10)) + "0.000100"
				h.ack(h.message("DU1", "im", "U1", n, ts, nil))
				h.replyTo("DU1", ts)
			}
			h.ack(h.slash("/plan", "", "DU1", "U1"))
			card := h.waitCard("DU1", "v1 · ")
			assert.Contains(t, string(card.raw), "call your local emergency number")
			assert.NotContains(t, string(card.raw), "📞", "a health note in a time slot")
			h.ack(h.slash("/radar", "", "DU1", "U1"))
			h.ephemeral("DU1", "U1", "Radar")
			h.ack(h.homeOpened("U1", ""))
			_, err := h.fake.WaitCall(h.ctx(), "views.publish", nil)
			require.NoError(t, err)
			h.ack(h.click("DU1", card.ts, "U1", "card_download", card.runID))
			handoff := waitFile(t, h, "handoff-v1.md")
			assert.Contains(t, string(handoff.Content), "## Health notes")
			h.ack(h.click("DU1", card.ts, "U1", "card_transcript", card.runID))
			waitFile(t, h, "council-v1.md")
			h.ack(h.submitView("share_plan", card.runID, sharePerson("U2")))
			_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Channel == "DU2" && strings.Contains(m.Text, "shared a plan") })
			require.NoError(t, err)
			require.Eventually(t, func() bool {
				for _, f := range h.fake.Files() {
					if f.Name == "handoff-v1.md" && f.Channel == "DU2" && f.Uploaded {
						return true
					}
				}
				return false
			}, 10*time.Second, 10*time.Millisecond, "the share's handoff.md")

			// Everything a person can read.
			var seen []string
			for _, ch := range []string{"DU1", "DU2"} {
				for _, m := range h.fake.Messages(ch) {
					seen = append(seen, m.Text)
					var blocks any
					if json.Unmarshal(m.Blocks, &blocks) == nil {
						seen = append(seen, textsOf(blocks)...)
					}
				}
			}
			if v, ok := h.fake.HomeView("U1"); ok {
				var view any
				require.NoError(t, json.Unmarshal(v.JSON, &view))
				seen = append(seen, textsOf(view)...)
			}
			for _, f := range h.fake.Files() {
				seen = append(seen, string(f.Content))
			}
			all := strings.ToLower(strings.Join(seen, "\n"))
			require.Contains(t, all, strings.ToLower(bh.HealthLine))
			for _, w := range adviceWords {
				assert.NotContains(t, all, w, "the bot's own words give advice (%q)", w)
			}
		})
	}
}

// textsOf collects the "text" strings of a Block Kit value, recursively.
func textsOf(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "text" {
				out = append(out, s)
				continue
			}
			out = append(out, textsOf(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, textsOf(e)...)
		}
	}
	return out
}
