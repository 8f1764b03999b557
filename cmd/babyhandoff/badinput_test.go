package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// badCase is one row of the bad input catalogue: a real payload from
// testdata/slack-fixtures, mutated.
type badCase struct {
	name string
	// send delivers the input and returns its envelope id ("" when the
	// frame cannot carry one).
	send func(h *harness, ch string) string
	// want: "" nothing to see; "tell:<text>" a private answer containing
	// text; "errors:<block>" a modal's response_action errors on block;
	// "reply" a threaded note reply (the input is fine after all).
	want string
	// writes says the input may be stored (a note that is odd but real).
	writes bool
}

func fixtureEvent(mut func(ev map[string]any)) func(h *harness, ch string) string {
	return func(h *harness, ch string) string {
		id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_events_api_message_im.json"), func(m map[string]any) {
			p := m["payload"].(map[string]any)
			p["team_id"] = h.team
			p["event_id"] = "Ev" + ch
			ev := p["event"].(map[string]any)
			ev["channel"], ev["user"], ev["ts"], ev["event_ts"] = ch, "U1", "1700005000.000100", "1700005000.000100"
			if mut != nil {
				mut(ev)
			}
		})
		require.NoError(h.t, err)
		return id
	}
}

func fixtureEnvelope(mut func(m map[string]any)) func(h *harness, ch string) string {
	return func(h *harness, ch string) string {
		id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_events_api_message_im.json"), mut)
		require.NoError(h.t, err)
		return id
	}
}

func rawFrame(frame string) func(h *harness, ch string) string {
	return func(h *harness, _ string) string {
		require.NoError(h.t, h.fake.SendRaw(h.ctx(), []byte(frame)))
		return ""
	}
}

func press(block, action string, value func(h *harness) string) func(h *harness, ch string) string {
	return func(h *harness, ch string) string {
		return h.clickIn(ch, "1700000000.000001", "U1", block, action, value(h))
	}
}

// overflowChoice is a choice in a card's ⋯ menu.
func overflowChoice(runID, value string) map[string]any {
	return map[string]any{"type": "overflow", "action_id": blocks.ActionCardMore, "block_id": blocks.CardActionsPrefix + runID, "action_ts": "1.1",
		"selected_option": map[string]any{"value": value, "text": map[string]any{"type": "plain_text", "text": value}}}
}

func viewSubmit(callback, metadata string, state map[string]any) func(h *harness, ch string) string {
	return func(h *harness, ch string) string { return h.submitView(callback, metadata, state) }
}

func slashIn(command, text string) func(h *harness, ch string) string {
	return func(h *harness, ch string) string { return h.slash(command, text, ch, "U1") }
}

func fixed(s string) func(*harness) string { return func(*harness) string { return s } }

// TestBadInputCatalogue sends malformed, hostile and stale input built from
// the real payloads: each is answered clearly (or ignored where Slack
// expects nothing), nothing is written for what was refused, and the bot
// keeps serving.
func TestBadInputCatalogue(t *testing.T) {
	h := start(t)
	// What forged input will aim at: a note and a plan in DU1, a note in
	// COTHER.
	h.ack(h.message("DU1", "im", "U1", "wipes < 1 day", "1700000001.000100", nil))
	h.replyTo("DU1", "1700000001.000100")
	reply := h.replyMessage("DU1", "1700000001.000100")
	noteID := noteIDOf(t, reply.Blocks)
	h.ack(h.message("COTHER", "channel", "U2", "pay rent tonight", "1700000002.000100", nil))
	h.replyTo("COTHER", "1700000002.000100")
	otherNote := noteIDOf(t, h.replyMessage("COTHER", "1700000002.000100").Blocks)
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	runID := fixed(card.runID)
	huge := strings.Repeat("🍼 wipes & formula <!here> ", 4000)

	cases := []badCase{
		// Envelopes.
		{name: "unknown envelope type", send: fixtureEnvelope(func(m map[string]any) { m["type"] = "mystery_type" })},
		{name: "events_api without a payload", send: fixtureEnvelope(func(m map[string]any) { delete(m, "payload") })},
		{name: "payload is a string", send: fixtureEnvelope(func(m map[string]any) { m["payload"] = "surprise" })},
		{name: "payload is an array", send: fixtureEnvelope(func(m map[string]any) { m["payload"] = []any{1, 2} })},
		{name: "frame is not JSON", send: rawFrame(`{"envelope_id":"x","type":"events_api","payload":{`)},
		{name: "frame is JSON but not an object", send: rawFrame(`[1,2,3]`)},
		{name: "envelope_id missing", send: rawFrame(`{"type":"events_api","payload":{"type":"event_callback","event":{"type":"message","text":"x"}}}`)},
		// Events.
		{name: "unknown event type", send: fixtureEvent(func(ev map[string]any) { ev["type"] = "reaction_added" })},
		{name: "message without a channel", send: fixtureEvent(func(ev map[string]any) { delete(ev, "channel") })},
		{name: "message without a user", send: fixtureEvent(func(ev map[string]any) { delete(ev, "user") })},
		{name: "text is a number", send: fixtureEvent(func(ev map[string]any) { ev["text"] = 42 })},
		{name: "message without a ts", send: fixtureEvent(func(ev map[string]any) { delete(ev, "ts"); delete(ev, "event_ts") })},
		{name: "empty text", send: fixtureEvent(func(ev map[string]any) { ev["text"] = "" })},
		{name: "whitespace only", send: fixtureEvent(func(ev map[string]any) { ev["text"] = " \n\t  " })},
		{name: "huge text", send: fixtureEvent(func(ev map[string]any) { ev["text"] = huge }), want: "reply", writes: true},
		{name: "invalid UTF-8", send: fixtureEvent(func(ev map[string]any) { ev["text"] = "form due \xff\xfe friday" }), want: "reply", writes: true},
		{name: "mrkdwn injection", send: fixtureEvent(func(ev map[string]any) {
			ev["text"] = "<!channel> <@U0BOT> <https://evil.example|click> *x*"
		}), want: "reply", writes: true},
		{name: "Markdown and HTML injection", send: fixtureEvent(func(ev map[string]any) {
			ev["text"] = "# Pwned\n<script>alert(1)</script> [[x]] ![i](http://x)"
		}), want: "reply", writes: true},
		{name: "a bot's message", send: fixtureEvent(func(ev map[string]any) { ev["subtype"] = "bot_message"; ev["bot_id"] = "B999" })},
		{name: "an edit of an unknown message", send: fixtureEvent(func(ev map[string]any) {
			ev["subtype"] = "message_changed"
			ev["message"] = map[string]any{"text": "edited", "ts": "1.999"}
		})},
		{name: "an edit without its message", send: fixtureEvent(func(ev map[string]any) { ev["subtype"] = "message_changed" })},
		{name: "a deletion of an unknown message", send: fixtureEvent(func(ev map[string]any) {
			ev["subtype"], ev["deleted_ts"] = "message_deleted", "1.888"
		})},
		// In a DM, a reply in a thread is a note too (the DM is the notes feed).
		{name: "a thread reply in the DM", send: fixtureEvent(func(ev map[string]any) { ev["thread_ts"] = "1700000000.000001" }), want: "reply", writes: true},
		{name: "a thread reply in a channel", send: fixtureEvent(func(ev map[string]any) {
			ev["thread_ts"], ev["channel_type"] = "1700000000.000001", "channel"
		})},
		// Buttons and selects.
		{name: "an unknown button", send: press("b", "launch_rockets", fixed("1")), want: "tell:not one I know"},
		{name: "a chip for a note that does not exist", send: press("b", "note_tag_task", fixed("6b0000000000000000000000")), want: "tell:no longer exists"},
		{name: "a chip for another conversation's note", send: press("b", "note_tag_task", func(*harness) string { return otherNote }), want: "tell:another conversation"},
		{name: "a chip with an unknown tag", send: press("b", "note_tag_urgent", func(*harness) string { return noteID }), want: "tell:not one I know"},
		{name: "Undo with no note", send: press("b", "note_undo", fixed("")), want: "tell:"},
		{name: "Download for a plan that does not exist", send: press("b", "card_download", fixed("nosuchrun")), want: "tell:"},
		{name: "Download for another conversation's plan", send: press("b", "card_download", runID), want: "tell:another conversation"},
		{name: "Download with a huge value", send: press("b", "card_download", fixed(strings.Repeat("x", 5000))), want: "tell:does not name a plan"},
		{name: "Energy from another conversation's card", send: func(h *harness, ch string) string {
			return h.selectEnergy(ch, "1700000000.000001", "U1", card.runID, "low")
		}, want: "tell:another conversation"},
		{name: "Share for another conversation's plan", send: press("b", "card_share", runID), want: "tell:another conversation"},
		{name: "⋯ with an item it does not have", send: func(h *harness, ch string) string {
			return h.cardAction(ch, "1700000000.000001", "U1", overflowChoice(card.runID, "launch_rockets"))
		}, want: "tell:not one I know"},
		{name: "⋯ Download for another conversation's plan", send: func(h *harness, ch string) string {
			return h.cardAction(ch, "1700000000.000001", "U1", overflowChoice(runID(h), blocks.ActionDownload))
		}, want: "tell:another conversation"},
		{name: "Mark done… for another conversation's plan", send: press("b", "card_mark_done", runID), want: "tell:another conversation"},
		{name: "Mark done… saved for a plan that does not exist", send: viewSubmit("card_mark_done", "nosuchrun n1", map[string]any{})},
		{name: "Done on another conversation's note", send: press("b", "radar_done", func(*harness) string { return otherNote }), want: "tell:another conversation"},
		{name: "Resolved on another conversation's note", send: press("b", "health_resolved", func(*harness) string { return otherNote }), want: "tell:another conversation"},
		{name: "Still a concern on another conversation's note", send: press("b", "health_concern", func(*harness) string { return otherNote }), want: "tell:another conversation"},
		{name: "Still a concern on a note that is not a health note", send: func(h *harness, _ string) string {
			return h.clickIn("DU1", "1700000000.000001", "U1", "b", "health_concern", noteID)
		}, want: "tell:not a health note"},
		{name: "Resolved with no note", send: press("b", "health_resolved", fixed("")), want: "tell:"},
		{name: "Snooze for another conversation's radar", send: press("radar_actions:someone", "radar_snooze_1h", fixed("1h")), want: "tell:"},
		{name: "Re-run of another conversation's plan", send: press("b", "plan_rerun", runID), want: "tell:another conversation"},
		// Modals.
		{name: "Add note without text", send: viewSubmit("add_note", "", map[string]any{}), want: "errors:note_text"},
		{name: "Add note with an unknown tag", send: viewSubmit("add_note", "", map[string]any{
			"note_text": map[string]any{"text": map[string]any{"type": "plain_text_input", "value": "form due friday"}},
			"note_tag":  map[string]any{"tag": map[string]any{"type": "static_select", "selected_option": map[string]any{"value": "urgent"}}},
		}), want: "errors:note_tag"},
		{name: "Share with nobody picked", send: viewSubmit("share_plan", card.runID, map[string]any{}), want: "errors:share_person"},
		{name: "Share with both picked", send: viewSubmit("share_plan", card.runID, map[string]any{
			"share_person":  map[string]any{"target": map[string]any{"type": "users_select", "selected_user": "U2"}},
			"share_channel": map[string]any{"target": map[string]any{"type": "conversations_select", "selected_conversation": "C9"}},
		}), want: "errors:share_channel"},
		{name: "a modal we never opened", send: viewSubmit("mystery_modal", "", map[string]any{})},
		// Commands.
		{name: "an unknown command", send: slashIn("/frobnicate", "now"), want: "tell:not available"},
		{name: "/plan with words it does not know", send: slashIn("/plan", "99h extreme please"), want: "tell:"},
		{name: "/plan with no notes here", send: slashIn("/plan", ""), want: "tell:no notes here yet"},
		{name: "/radar outlook at an impossible hour", send: slashIn("/radar", "outlook 99"), want: "tell:an hour from 0 to 23"},
		{name: "/radar with no notes here", send: slashIn("/radar", ""), want: "tell:No notes here yet"},
	}
	require.GreaterOrEqual(t, len(cases), 40)
	for i, tc := range cases {
		ch := fmt.Sprintf("CBAD%02d", i)
		t.Run(tc.name, func(t *testing.T) {
			h.t = t
			id := tc.send(h, ch)
			if id != "" && !strings.HasPrefix(tc.name, "frame") {
				a, err := h.fake.WaitAck(h.ctx(), id)
				if strings.HasPrefix(tc.want, "errors:") {
					require.NoError(t, err)
					assert.Contains(t, string(a.Payload), `"response_action":"errors"`)
					assert.Contains(t, string(a.Payload), strings.TrimPrefix(tc.want, "errors:"))
				} else if err != nil && !strings.Contains(tc.name, "payload") && !strings.Contains(tc.name, "envelope") {
					t.Fatalf("no ack: %v", err)
				}
			}
			switch {
			case strings.HasPrefix(tc.want, "tell:"):
				text := strings.TrimPrefix(tc.want, "tell:")
				_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
					return (m.Ephemeral && m.Channel == ch || m.Channel == "DU1" && m.Ephemeral) && strings.Contains(m.Text, text) && m.TS != ""
				})
				require.NoError(t, err, "a clear answer; log:\n%s", h.stderr.String())
			case tc.want == "reply":
				m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Channel == ch && m.ThreadTS != "" && !m.Ephemeral })
				require.NoError(t, err, "log:\n%s", h.stderr.String())
				assert.NotContains(t, string(m.Blocks), "<!channel>")
				assert.NotContains(t, string(m.Blocks), "<https://evil")
				assert.NotContains(t, m.Text, "<!")
				assert.LessOrEqual(t, len(m.Text), 4000, "a huge note is echoed cut")
			}
		})
	}
	h.t = t

	// Still serving: a plain note after all that is stored and answered.
	h.ack(h.message("DU1", "im", "U1", "slept 3h", "1700000099.000100", nil))
	h.replyTo("DU1", "1700000099.000100")
	assert.NotContains(t, h.stderr.String(), "panic")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())

	// Nothing written for what was refused; the targets are unchanged.
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	for i, tc := range cases {
		sh, err := db.Shift(ctx, h.team, fmt.Sprintf("CBAD%02d", i))
		if tc.writes {
			assert.NoError(t, err, "%s: stored", tc.name)
			continue
		}
		assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "%s: nothing stored (shift %s)", tc.name, sh.ID)
	}
	n, err := db.Note(ctx, h.team, noteID)
	require.NoError(t, err)
	assert.Equal(t, bh.TagInventory, n.Tag, "the DM note kept its tag")
	assert.False(t, n.Deleted())
	assert.False(t, n.Done())
	assert.Nil(t, n.StillOnAt, "a forged Still a concern did not stretch the supply's life")
	o, err := db.Note(ctx, h.team, otherNote)
	require.NoError(t, err)
	assert.False(t, o.Done(), "the other conversation's note was not marked done")
	sh, err := db.Shift(ctx, h.team, "DU1")
	require.NoError(t, err)
	latest, err := db.LatestRun(ctx, h.team, sh.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, latest.Version, "no plan made by forged input")
}
