package main

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// laterOptions are the card's Add to plan… choices beside Later: each
// one's words and note id, and the block's id.
func laterOptions(t *testing.T, raw json.RawMessage) (blockID string, options map[string]string) {
	t.Helper()
	var bl []struct {
		BlockID   string `json:"block_id"`
		Accessory struct {
			ActionID string `json:"action_id"`
			Options  []struct {
				Value string `json:"value"`
				Text  struct {
					Text string `json:"text"`
				} `json:"text"`
			} `json:"options"`
		} `json:"accessory"`
	}
	require.NoError(t, json.Unmarshal(raw, &bl))
	options = map[string]string{}
	for _, b := range bl {
		if b.Accessory.ActionID != blocks.ActionCardAdd {
			continue
		}
		blockID = b.BlockID
		for _, o := range b.Accessory.Options {
			options[o.Text.Text] = o.Value
		}
	}
	return blockID, options
}

// cardAdd chooses the item value in the card's Add to plan….
func (h *harness) cardAdd(channel, ts, user, blockID, value string) string {
	h.t.Helper()
	return h.cardAction(channel, ts, user, map[string]any{"type": "static_select", "action_id": blocks.ActionCardAdd, "block_id": blockID, "action_ts": "1.1",
		"selected_option": map[string]any{"value": value, "text": map[string]any{"type": "plain_text", "text": "x"}}})
}

// Below the card's blocks, Add to plan… beside Later takes an item that
// waits and puts it in the plan where it first fits: a new version on the
// same card, with Undo and one line in the thread. An item that no longer
// waits, a forged value and a forged block id change nothing and say so.
func TestE2EAddToPlanFromTheCard(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "daycare form due friday 5pm", tsAt(clock.Now(), 1))
	for i, task := range []string{"call the insurance company", "fix the stroller wheel", "book the 8-week check", "sort the baby clothes", "return the library books"} {
		h.note("DU1", "U1", "task: "+task, tsAt(clock.Now(), 2+i))
	}
	h.ack(h.slash("/plan", "1h", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · ")
	blockID, opts := laterOptions(t, v1.raw)
	stroller := opts["fix the stroller wheel"]
	require.NotEmpty(t, stroller, "the stroller waits for later: %v", opts)

	// A forged block id and a forged value: nothing changes.
	h.ack(h.cardAdd("DU1", v1.ts, "U1", "card_add:", stroller))
	h.ephemeral("DU1", "U1", "does not name an item of a plan")
	h.ack(h.cardAdd("DU1", v1.ts, "U1", blockID, "n-forged"))
	h.ephemeral("DU1", "U1", "no longer waits for this plan")
	// The hour is full: refused with why, privately.
	h.ack(h.cardAdd("DU1", v1.ts, "U1", blockID, stroller))
	h.ephemeral("DU1", "U1", "There is no free 30 min in this plan's window for “fix the stroller wheel”")

	// Dropping the nap frees the hour; the stroller goes there.
	nap := menuOf(t, v1.raw, "Rest / nap")
	h.ack(h.blockMenu("DU1", v1.ts, "U1", nap.id, blocks.BlockDrop))
	v2 := h.cardAt("DU1", v1.ts, "v2 · ")
	blockID, opts = laterOptions(t, v2.raw)
	require.Equal(t, stroller, opts["fix the stroller wheel"])
	h.ack(h.cardAdd("DU1", v1.ts, "U1", blockID, stroller))
	v3 := h.cardAt("DU1", v1.ts, "v3 · ")
	assert.Contains(t, string(v3.raw), "edit of v2 by \\u003c@U1\\u003e: added “fix the stroller wheel” at")
	assert.Contains(t, string(v3.raw), blocks.ActionEditUndo)
	h.inThread("DU1", v1.ts, "v2 → v3")
	_, after := laterOptions(t, v3.raw)
	assert.NotContains(t, after, "fix the stroller wheel", "in the plan now, not waiting")
	menuOf(t, v3.raw, "fix the stroller wheel") // a time block, with its ⋯

	// The same choice again: it waits no more.
	h.ack(h.cardAdd("DU1", v1.ts, "U1", blockID, stroller))
	h.ephemeral("DU1", "U1", "no longer waits for this plan")
}
