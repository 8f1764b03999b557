package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	ical "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// slash sends a slash command envelope and returns its envelope id.
func (h *harness) slash(command, text, channel, user string) string {
	h.t.Helper()
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_slash_commands_python_sdk_mock.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team_id"], p["channel_id"], p["user_id"], p["command"], p["text"] = h.team, channel, user, command, text
	})
	require.NoError(h.t, err)
	return id
}

// selectEnergy sends the card's Energy dropdown choice.
func (h *harness) selectEnergy(channel, cardTS, user, runID, energy string) string {
	h.t.Helper()
	return h.cardAction(channel, cardTS, user, map[string]any{"type": "static_select", "action_id": "card_energy", "block_id": blocks.CardMetaPrefix + runID, "action_ts": "1.1",
		"selected_option": map[string]any{"value": energy, "text": map[string]any{"type": "plain_text", "text": energy}}})
}

// dateFallbacks finds Slack's date tokens, "<!date^…|Mon 23:59>", keeping
// the words a client without them shows.
var dateFallbacks = regexp.MustCompile(`<!date\^[^|>]*\|([^>]*)>`)

// markDoneForm presses the card's Mark done… and returns the form it
// opens: its items (words → note id), those ticked, and its metadata.
func (h *harness) markDoneForm(channel, cardTS, user, runID string) (items map[string]string, ticked []string, metadata string) {
	h.t.Helper()
	before := len(h.fake.Calls("views.open"))
	h.ack(h.click(channel, cardTS, user, blocks.ActionMarkDone, runID))
	n := 0
	c, err := h.fake.WaitCall(h.ctx(), "views.open", func(slacktest.Call) bool { n++; return n > before })
	require.NoError(h.t, err, "no Mark done form; log:\n%s", h.stderr.String())
	raw, err := json.Marshal(c.JSON["view"])
	require.NoError(h.t, err)
	var view struct {
		CallbackID      string `json:"callback_id"`
		PrivateMetadata string `json:"private_metadata"`
		Blocks          []struct {
			Element struct {
				Options []struct {
					Value string `json:"value"`
					Text  struct {
						Text string `json:"text"`
					} `json:"text"`
				} `json:"options"`
				InitialOptions []struct {
					Value string `json:"value"`
				} `json:"initial_options"`
			} `json:"element"`
		} `json:"blocks"`
	}
	require.NoError(h.t, json.Unmarshal(raw, &view))
	require.Equal(h.t, blocks.CallbackMarkDone, view.CallbackID)
	items = map[string]string{}
	for _, b := range view.Blocks {
		for _, o := range b.Element.Options {
			// A label is read as a phone without Slack's dates shows it.
			items[dateFallbacks.ReplaceAllString(o.Text.Text, "$1")] = o.Value
		}
		for _, o := range b.Element.InitialOptions {
			ticked = append(ticked, o.Value)
		}
	}
	return items, ticked, view.PrivateMetadata
}

// tick saves the card's Mark done… with noteIDs ticked (and the rest not).
func (h *harness) tick(channel, cardTS, user, runID string, noteIDs ...string) string {
	h.t.Helper()
	_, _, metadata := h.markDoneForm(channel, cardTS, user, runID)
	opts := []any{}
	for _, id := range noteIDs {
		opts = append(opts, map[string]any{"value": id, "text": map[string]any{"type": "plain_text", "text": id}})
	}
	return h.submitViewAs(user, blocks.CallbackMarkDone, metadata, map[string]any{
		blocks.InputMarkDone: map[string]any{blocks.ActionCardCheck: map[string]any{"type": "checkboxes", "selected_options": opts}}})
}

// tickOnAnOldCard sends the "Mark done" checkboxes of a card posted before
// Mark done…, with noteIDs ticked (and the rest not).
func (h *harness) tickOnAnOldCard(channel, cardTS, user, runID string, noteIDs ...string) string {
	h.t.Helper()
	opts := []any{}
	for _, id := range noteIDs {
		opts = append(opts, map[string]any{"value": id, "text": map[string]any{"type": "plain_text", "text": id}})
	}
	return h.cardAction(channel, cardTS, user, map[string]any{"type": "checkboxes", "action_id": "card_check", "block_id": "card_check:" + runID, "action_ts": "1.1",
		"selected_options": opts})
}

// cardAction sends one action from a card's message.
func (h *harness) cardAction(channel, cardTS, user string, action map[string]any) string {
	h.t.Helper()
	id, err := h.fake.SendFixture(h.ctx(), filepath.Join(fixtures, "envelope_interactive_block_actions_static_select_in_message.DERIVED.json"), func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team"] = map[string]any{"id": h.team}
		p["user"] = map[string]any{"id": user}
		p["channel"] = map[string]any{"id": channel}
		p["container"] = map[string]any{"type": "message", "message_ts": cardTS, "channel_id": channel}
		p["actions"] = []any{action}
		delete(p, "state")
		p["message"] = map[string]any{"ts": cardTS, "type": "message"}
	})
	require.NoError(h.t, err)
	return id
}

type cardView struct {
	ts, runID, title string
	text             string
	raw              json.RawMessage
}

// waitCard waits for a message in channel whose title (titleOf) contains
// prefix.
func (h *harness) waitCard(channel, prefix string) cardView {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == channel && strings.Contains(titleOf(m), prefix)
	})
	require.NoError(h.t, err, "no card %q; log:\n%s", prefix, h.stderr.String())
	return cardView{ts: m.TS, title: titleOf(m), text: m.Text, raw: m.Blocks, runID: cardRunID(m.Blocks)}
}

// cardRunID is the run a card shows, from its controls' block id.
func cardRunID(raw json.RawMessage) string {
	var bl []struct {
		BlockID string `json:"block_id"`
	}
	_ = json.Unmarshal(raw, &bl)
	for _, b := range bl {
		if id, ok := strings.CutPrefix(b.BlockID, blocks.CardActionsPrefix); ok {
			return id
		}
	}
	return ""
}

// cardTitle finds a card's title in its notification text ("Now: Get
// formula · plan v1 · next 12h · Sleep-first").
var cardTitle = regexp.MustCompile(` · plan ((?:Sample · )?v\d+ · .*)$`)

// titleOf is a card's title ("v1 · next 12h · Sleep-first"); "" for any
// other message.
func titleOf(m slacktest.Message) string {
	if !strings.Contains(string(m.Blocks), blocks.CardActionsPrefix) {
		return ""
	}
	if t := cardTitle.FindStringSubmatch(m.Text); t != nil {
		return t[1]
	}
	return ""
}

func TestE2EPlanSampleWhatIfFilesShare(t *testing.T) {
	planFlow(t, start(t, atPlanTime))
}

// atPlanTime runs the program at the hour planFlow's expectations were
// written for: which plan wins depends on the time left in the day (run
// on the wall clock, the flow failed every evening).
func atPlanTime(m *Main) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	m.Now = func() time.Time { return at }
}

// planFlow is the whole /plan story: sample, card, what-if, files, a stale
// card, other plans, share.
func planFlow(t *testing.T, h *harness) {
	a := h.ack(h.slash("/plan", "sample medium", "C1", "U1"))
	assert.Empty(t, a.Payload, "acked at once, empty")

	// One message shows the council working, then becomes the card.
	progress, err := h.fake.WaitCall(h.ctx(), "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("channel") == "C1" })
	require.NoError(t, err)
	assert.Contains(t, progress.Form.Get("text"), "Planning")
	v1 := h.waitCard("C1", "v1 · next 12h · ")
	assert.Equal(t, "Sample · v1 · next 12h · Errands-first", v1.title, "the sample at medium energy")
	assert.Contains(t, v1.text, "plan Sample · v1 · next 12h · Errands-first", "a meaningful notification text")
	assert.True(t, strings.HasPrefix(v1.text, "Next at "), "the notification leads with the next action: %q", v1.text)
	assert.Contains(t, string(v1.raw), "sample notes")
	assert.Contains(t, string(v1.raw), bh.Disclaimer)
	require.NotEmpty(t, v1.runID)
	msgs := 0
	for _, m := range h.fake.Messages("C1") {
		if !m.Ephemeral && m.ThreadTS == "" {
			msgs++
		}
	}
	assert.Equal(t, 1, msgs, "progress and card are one message")

	// Energy → Low: v2 forked from v1, the card updated in place, a
	// threaded summary and the diff as a file.
	h.ack(h.selectEnergy("C1", v1.ts, "U1", v1.runID, "low"))
	v2 := h.waitCard("C1", "v2 · next 12h · ")
	assert.Equal(t, v1.ts, v2.ts, "the same card, updated")
	assert.Equal(t, "Sample · v2 · next 12h · Sleep-first", v2.title, "labelled Sample")
	assert.Contains(t, string(v2.raw), "what-if of v1")
	summary, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.ThreadTS == v1.ts && strings.Contains(m.Text, "v1 → v2") })
	require.NoError(t, err)
	assert.Contains(t, summary.Text, "winner changed to Sleep-first")
	diffFile := waitFile(t, h, "handoff-v1-to-v2.diff.md")
	assert.Equal(t, v1.ts, diffFile.ThreadTS)
	assert.Contains(t, string(diffFile.Content), "```diff")

	// Download handoff.md: the three-step upload with the right bytes.
	h.ack(h.click("C1", v2.ts, "U1", "card_download", v2.runID))
	f := waitFile(t, h, "handoff-v2.md")
	assert.Equal(t, "C1", f.Channel)
	assert.Equal(t, v2.ts, f.ThreadTS)
	assert.True(t, strings.HasPrefix(string(f.Content), "# Handoff v2 · next 12h\n"), "no front matter before the first screen")
	assert.Contains(t, string(f.Content), " · Sleep-first, ", "its last line names the plan")
	assert.Contains(t, string(f.Content), "**10–11:30 AM**", "on the 12-hour clock of a US reader without a locale")
	// The card in the channel is read by several: on the family's clock
	// (the sample's zone is DEFAULT_TZ, UTC: 24-hour), whoever asked
	// (blocks/when.go). A family of a zone other than DEFAULT_TZ's:
	// TestE2EAnEditInAFamilyChannelIsSaidOnTheFamilysClock.
	assert.Contains(t, unJSON.Replace(string(v2.raw)), "{time}|10:00>", "the channel's card on the family's clock")
	assert.NotContains(t, unJSON.Replace(string(v2.raw)), " AM>", "the channel's card on the family's clock")
	// With it the plan as a calendar (one event per block, parsed back)
	// and as a picture (shown inline in Slack).
	ics := waitFile(t, h, "plan-v2.ics")
	assert.Equal(t, v2.ts, ics.ThreadTS)
	cal, err := ical.ParseCalendar(bytes.NewReader(ics.Content))
	require.NoError(t, err)
	require.NotEmpty(t, cal.Events())
	for _, ev := range cal.Events() {
		_, err := ev.GetStartAt()
		assert.NoError(t, err, "every event has its start")
	}
	png := waitFile(t, h, "plan-v2.png")
	assert.Equal(t, v2.ts, png.ThreadTS)
	cfg, format, err := image.DecodeConfig(bytes.NewReader(png.Content))
	require.NoError(t, err)
	assert.Equal(t, "png", format)
	assert.Equal(t, 1080, cfg.Width, "a phone-wide picture")
	h.ack(h.click("C1", v2.ts, "U1", "card_transcript", v2.runID))
	tr := waitFile(t, h, "council-v2.md")
	assert.Contains(t, string(tr.Content), "What-if of run")

	// A stale card (v1's run) still works and says what it forks from.
	h.ack(h.selectEnergy("C1", v2.ts, "U1", v1.runID, "high"))
	v3 := h.waitCard("C1", "v3 · ")
	assert.Contains(t, string(v3.raw), "what-if of v1")

	// Why this plan?: the reasons, linked to the notes' messages, and all
	// three plans with their scores.
	h.ack(h.click("C1", v3.ts, "U1", "card_others", v3.runID))
	open, err := h.fake.WaitCall(h.ctx(), "views.open", nil)
	require.NoError(t, err)
	view, _ := json.Marshal(open.JSON["view"])
	for _, p := range []string{"Sleep-first", "Errands-first", "Admin-first", "*Because*", "Why this plan?"} {
		assert.Contains(t, string(view), p)
	}

	// Share with a partner who never used the bot: their DM gets the card
	// and the file.
	id := h.submitView("share_plan", v3.runID, sharePerson("U2"))
	assert.Empty(t, h.ack(id).Payload)
	shared, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Channel == "DU2" && strings.Contains(m.Text, "shared a plan") })
	require.NoError(t, err)
	assert.Contains(t, shared.Text, "<@U1>")
	sf := waitFile(t, h, "handoff-v3.md")
	assert.Equal(t, "DU2", sf.Channel, "the file went to the partner too")
}

// waitFile follows a three-step upload of name to its completion.
func waitFile(t *testing.T, h *harness, name string) slacktest.File {
	t.Helper()
	_, err := h.fake.WaitCall(h.ctx(), "files.getUploadURLExternal", func(c slacktest.Call) bool { return c.Form.Get("filename") == name })
	require.NoError(t, err, "no upload of %s started; log:\n%s", name, h.stderr.String())
	var id string
	for _, f := range h.fake.Files() {
		if f.Name == name {
			id = f.ID
		}
	}
	require.NotEmpty(t, id)
	_, err = h.fake.WaitCall(h.ctx(), "files.completeUploadExternal", func(c slacktest.Call) bool { return strings.Contains(c.Form.Get("files"), id) })
	require.NoError(t, err, "the upload of %s was not completed", name)
	for _, f := range h.fake.Files() {
		if f.ID == id {
			require.True(t, f.Completed)
			return f
		}
	}
	t.Fatalf("file %s vanished", name)
	return slacktest.File{}
}

func TestE2EPlanAuthorizationAndSingleFlight(t *testing.T) {
	h := start(t)
	// Nothing to plan yet: a clear answer, not silence.
	h.ack(h.slash("/plan", "", "C2", "U1"))
	eph, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && strings.Contains(m.Text, "no notes here yet") })
	require.NoError(t, err)
	_ = eph
	h.ack(h.slash("/plan", "tomorrow please", "C2", "U1"))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && strings.Contains(m.Text, "did not understand") })
	require.NoError(t, err)

	// Two /plan at once for one shift: whichever comes second is told, and
	// one run happens. The first run's progress post is held back by the
	// fake for a while, so the two always overlap.
	h.ack(h.slash("/plan", "sample", "C2", "U1"))
	h.fake.FailNext("chat.postMessage", slacktest.Failure{Delay: 2 * time.Second})
	h.ack(h.slash("/plan", "sample", "C2", "U2"))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && strings.Contains(m.Text, "already planning") })
	require.NoError(t, err)
	card := h.waitCard("C2", "v1 · ")

	// A forged card action from another conversation is refused.
	h.ack(h.click("C3", card.ts, "U9", "card_download", card.runID))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Ephemeral && m.EphemeralUser == "U9" && strings.Contains(m.Text, "another conversation")
	})
	require.NoError(t, err)
	h.ack(h.selectEnergy("C3", card.ts, "U9", card.runID, "low"))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Ephemeral && m.EphemeralUser == "U9" && strings.Count(m.Text, "another conversation") == 1 && m.TS != ""
	})
	require.NoError(t, err)
	assert.Empty(t, h.fake.Files(), "nothing was uploaded for the forged actions")
	cards := 0
	for _, m := range h.fake.Messages("C2") {
		if titleOf(m) != "" {
			cards++
		}
		assert.NotContains(t, titleOf(m), "v2", "no second run, and nothing forked")
	}
	assert.Equal(t, 1, cards)
}

// Rate limited while posting the card: the bot waits out Retry-After and the
// card still lands.
func TestE2EPlanCardSurvivesRateLimit(t *testing.T) {
	h := start(t)
	h.fake.FailNext("chat.update", slacktest.Failure{Status: 429, RetryAfter: 1})
	h.ack(h.slash("/plan", "sample", "D7", "U1"))
	card := h.waitCard("D7", "v1 · ")
	assert.NotEmpty(t, card.runID)
	// The card may land before the fake has recorded the call that brought
	// it (the record follows the effect): wait for it rather than count once.
	_, err := h.fake.WaitCall(h.ctx(), "chat.update", func(slacktest.Call) bool { return len(h.fake.Calls("chat.update")) >= 2 })
	assert.NoError(t, err, "the update was tried again after the 429")
}

func TestE2ERadarOnDemand(t *testing.T) {
	h := start(t)
	h.ack(h.slash("/radar", "", "C5", "U1"))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && strings.Contains(m.Text, "No notes here yet") })
	require.NoError(t, err)

	// One message time, read once: read twice, a second could tick
	// between them and name another message (a flake 1 in 30 under -race).
	ts := tsAt(time.Now(), 200)
	h.ack(h.message("C5", "channel", "U1", "out of formula", ts, nil))
	h.replyTo("C5", ts)
	h.ack(h.slash("/radar", "", "C5", "U1"))
	r, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && strings.HasPrefix(m.Text, "Risk Radar") })
	require.NoError(t, err)
	assert.Contains(t, r.Text, "critical")
	assert.Contains(t, string(r.Blocks), "Get formula")
	assert.NotContains(t, string(r.Blocks), "Restock formula", "no Next line repeats an item")
	assert.Equal(t, "U1", r.EphemeralUser, "only the person who asked sees it")
}

// CONTEXT_PACK_TOKEN_BUDGET reaches the council: a small budget trims the
// pack. (It was read and validated, then never passed on: every run got
// the default 4,000.)
func TestE2EContextPackTokenBudgetIsUsed(t *testing.T) {
	t.Setenv("CONTEXT_PACK_TOKEN_BUDGET", "200")
	h := start(t)
	for i := 0; i < 30; i++ {
		h.ack(h.message("DU1", "im", "U1", fmt.Sprintf("task: call the pediatric office about appointment number %d before Friday afternoon", i),
			fmt.Sprintf("1700000%03d.000100", i), nil))
	}
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	h.waitCard("DU1", "v1 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	db := openTestDB(t, h.dir)
	defer db.Close(context.Background())
	sh, err := db.Shift(context.Background(), h.team, "DU1")
	require.NoError(t, err)
	run, err := db.LatestRun(context.Background(), h.team, sh.ID)
	require.NoError(t, err)
	rec, err := db.RunRecord(context.Background(), h.team, run.ID)
	require.NoError(t, err)
	assert.Equal(t, 200, rec.Pack.TokenBudget)
	assert.Positive(t, rec.Pack.Omitted, "30 notes do not fit 200 tokens")
}

// chat.postMessage answering ok without a ts leaves no message to turn into
// the card: the person is told, instead of a card that never appears.
func TestE2EPlanWhenSlackNamesNoMessage(t *testing.T) {
	h := start(t)
	h.ack(h.message("DU1", "im", "U1", "wipes < 1 day", "1700000001.000100", nil))
	h.replyTo("DU1", "1700000001.000100")
	h.fake.FailNext("chat.postMessage", slacktest.Failure{Body: map[string]any{"ok": true, "channel": "DU1"}})
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	m := h.ephemeral("DU1", "U1", "I cannot post in this conversation")
	assert.Contains(t, m.Text, "without a ts")
}

// Choosing the energy the plan already has changes nothing and says so,
// privately: no new version, no thread, no file.
func TestE2ESameEnergyChangesNothing(t *testing.T) {
	h := start(t, atPlanTime)
	h.ack(h.slash("/plan", "sample medium", "C1", "U1"))
	v1 := h.waitCard("C1", "v1 · next 12h · ")
	assert.Contains(t, string(v1.raw), `"initial_option":{"text":{"type":"plain_text","text":"Medium — you chose","emoji":false},"value":"medium"}`, "the menu starts at the energy in use")
	h.ack(h.selectEnergy("C1", v1.ts, "U1", v1.runID, "medium"))
	h.ephemeral("C1", "U1", "Already planned for medium energy.")
	assert.Never(t, func() bool {
		return len(h.fake.Calls("files.getUploadURLExternal")) > 0 || titleOf(h.fake.Messages("C1")[0]) != v1.title
	}, 300*time.Millisecond, 10*time.Millisecond, "no v2, no file")
	for _, m := range h.fake.Messages("C1") {
		assert.Empty(t, m.ThreadTS, "no what-if thread")
	}
}

// sharePerson is the Share modal's state with a person picked.
func sharePerson(user string) map[string]any {
	return map[string]any{"share_person": map[string]any{"target": map[string]any{"type": "users_select", "selected_user": user}}}
}

// A partner's next shift, planned ahead: "/plan tomorrow 7am" on Monday
// morning makes a card for Tuesday 07:00–19:00 whose blocks start there;
// a window it cannot read is answered with examples, and nothing is run.
func TestE2EPlanTomorrowMorning(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(at, 1))

	h.ack(h.slash("/plan", "from 7pm 30h", "DU1", "U1"))
	bad := h.ephemeral("DU1", "U1", "1 to 24 hours")
	assert.Contains(t, bad.Text, "/plan tomorrow 7am", "answered with examples")

	h.ack(h.slash("/plan", "tomorrow 7am", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · Tue 07:00–19:00 · ")
	var bl []struct {
		Type string `json:"type"`
		Text struct {
			Text string `json:"text"`
		} `json:"text"`
	}
	require.NoError(t, json.Unmarshal(card.raw, &bl))
	assert.Contains(t, bl[0].Text.Text, "Next at Tue 07:00", "the head says when")
	assert.Contains(t, string(card.raw), `|07:00\u003e`, "blocks from 07:00")
	assert.NotContains(t, string(card.raw), `|10:00\u003e–`, "nothing planned from now")
}

// An Energy change on a card from hours ago plans from now, with the notes
// as they are now, and says so; on a fresh card it stays an exact fork.
func TestE2EWhatIfOnAnOldCardPlansFromNow(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.ack(h.message("DU1", "im", "U1", "task: buy wipes", tsAt(clock.Now(), 1), nil))
	h.replyTo("DU1", tsAt(clock.Now(), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v1 := h.waitCard("DU1", "v1 · next 12h")

	h.ack(h.selectEnergy("DU1", v1.ts, "U1", v1.runID, "low"))
	v2 := h.waitCard("DU1", "v2 · next 12h")
	assert.NotContains(t, string(v2.raw), "re-planned", "a fresh card: an exact fork")

	clock.Set(time.Date(2026, 11, 23, 13, 0, 0, 0, time.UTC))
	h.ack(h.message("DU1", "im", "U1", "task: call the insurance company", tsAt(clock.Now(), 2), nil))
	h.replyTo("DU1", tsAt(clock.Now(), 2))
	h.ack(h.selectEnergy("DU1", v2.ts, "U1", v2.runID, "high"))
	v3 := h.waitCard("DU1", "v3 · next 12h")
	assert.Contains(t, string(v3.raw), `re-planned from \u003c!date^1795438800^{time}|13:00\u003e with 1 newer note`)
	assert.Contains(t, string(v3.raw), `|13:00\u003e`, "blocks from 13:00")
	assert.NotContains(t, string(v3.raw), `|10:00\u003e`, "nothing planned in the hours gone")
}

// Done on the card: recorded (with who), confirmed privately, and the card
// updated in place — the item struck through with Undo; a second tap on the
// old button changes nothing and says so; Undo brings the item back.
func TestE2EDoneOnTheCard(t *testing.T) {
	at := time.Date(2026, 11, 23, 21, 41, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "out of formula", tsAt(at, 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	var bl []accessory
	require.NoError(t, json.Unmarshal(card.raw, &bl))
	var blockID, noteID string
	for _, b := range bl {
		if b.Accessory.ActionID == blocks.ActionRadarDone && strings.HasPrefix(b.BlockID, blocks.CardItemPrefix) {
			blockID, noteID = b.BlockID, b.Accessory.Value
		}
	}
	require.NotEmpty(t, blockID, "the Now item has its Done on the card")

	h.ack(h.clickIn("DU1", card.ts, "U1", blockID, blocks.ActionRadarDone, noteID))
	h.ephemeral("DU1", "U1", "Done: out of formula")
	struck, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 0 && strings.Contains(string(m.Blocks), "✅ ~Out of formula")
	})
	require.NoError(t, err, "the card is updated in place; log:\n%s", h.stderr.String())
	assert.Contains(t, string(struck.Blocks), `"action_id":"radar_undone"`)

	h.ack(h.clickIn("DU1", card.ts, "U1", blockID, blocks.ActionRadarDone, noteID))
	h.ephemeral("DU1", "U1", "already done; nothing was changed")

	h.ack(h.clickIn("DU1", card.ts, "U1", blockID, blocks.ActionRadarUndone, noteID))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 1 && !strings.Contains(string(m.Blocks), "✅ ~") && strings.Contains(string(m.Blocks), `"action_id":"radar_done"`)
	})
	require.NoError(t, err, "Undo brings it back")

	// Done again; the next plan leaves it out, and its handoff.md says what
	// was done and by whom.
	h.ack(h.clickIn("DU1", card.ts, "U1", blockID, blocks.ActionRadarDone, noteID))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 2 && strings.Contains(string(m.Blocks), "✅ ~Out of formula")
	})
	require.NoError(t, err)
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v2 := h.waitCard("DU1", "v2 · ")
	assert.NotContains(t, string(v2.raw), "Get formula", "done: not planned")
	assert.NotContains(t, string(v2.raw), "Out of formula", "done: not in Now")
	h.ack(h.click("DU1", v2.ts, "U1", "card_download", v2.runID))
	f := waitFile(t, h, "handoff-v2.md")
	assert.Contains(t, string(f.Content), "- [x] out of formula — done by parent, Mon 21:41")
	notes := h.notes("DU1", false)
	require.Len(t, notes, 1)
	assert.True(t, notes[0].Done())
	assert.Equal(t, "U1", notes[0].DoneBy.User)
}

// Mark done… on the card opens the plan's items: ticking one marks its
// note done (by the person) and the card shows it struck through, the
// form then ticked; unticking opens it again. A card posted before Mark
// done… still takes its checkboxes.
func TestE2EMarkDoneOnTheCard(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes today", tsAt(at, 1))
	h.note("DU1", "U1", "task: call the insurance company today", tsAt(at, 2))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	assert.NotContains(t, string(card.raw), `"checkboxes"`, "no list on the card's face")
	notes, ticked, _ := h.markDoneForm("DU1", card.ts, "U1", card.runID)
	wipes := notes["buy wipes — due Mon 23:59"]
	require.NotEmpty(t, wipes, "Mark done… lists the plan's items to tick: %v", notes)
	assert.Empty(t, ticked)

	h.ack(h.tick("DU1", card.ts, "U1", card.runID, wipes))
	h.ephemeral("DU1", "U1", "Done: buy wipes")
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 0 && undoneOn(t, m.Blocks, "buy wipes")
	})
	require.NoError(t, err, "the card shows it done, with Undo; log:\n%s", h.stderr.String())
	_, ticked, _ = h.markDoneForm("DU1", card.ts, "U1", card.runID)
	assert.Equal(t, []string{wipes}, ticked, "the form shows it ticked")

	h.ack(h.tick("DU1", card.ts, "U1", card.runID))
	h.ephemeral("DU1", "U1", "Open again: buy wipes")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 1 && !undoneOn(t, m.Blocks, "buy wipes")
	})
	require.NoError(t, err)

	// The checkboxes of a card from before.
	h.ack(h.tickOnAnOldCard("DU1", card.ts, "U1", card.runID, wipes))
	h.ephemeral("DU1", "U1", "Done: buy wipes")
}

// An overdue deadline asks for an answer: Drop lets it go (out of plans,
// kept, with Undo), Still on it keeps a long-overdue one in plans for two
// more days.
func TestE2EOverdueDeadlinesAnswered(t *testing.T) {
	at := time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "deadline: pay the water bill due today 6am", tsAt(at.Add(-6*time.Hour), 1))
	h.note("DU1", "U1", "deadline: daycare form due tomorrow 5pm", tsAt(at.Add(-96*time.Hour), 2)) // Thu 17:00: dropped
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	menus := map[string]string{} // item text → block id
	notes := map[string]string{} // block id → note id
	var bl []struct {
		BlockID string `json:"block_id"`
		Text    struct {
			Text string `json:"text"`
		} `json:"text"`
		Accessory struct {
			ActionID string `json:"action_id"`
			Options  []struct {
				Value string `json:"value"`
			} `json:"options"`
		} `json:"accessory"`
	}
	require.NoError(t, json.Unmarshal(card.raw, &bl))
	for _, b := range bl {
		if b.Accessory.ActionID == blocks.ActionOverdue {
			menus[b.Text.Text] = b.BlockID
			_, id, _ := strings.Cut(b.Accessory.Options[0].Value, ":")
			notes[b.BlockID] = id
		}
	}
	require.Len(t, menus, 2, "both overdue deadlines ask: %v", menus)
	var bill, form string
	for text, block := range menus {
		switch {
		case strings.Contains(text, "water bill"):
			bill = block
		case strings.Contains(text, "daycare form"):
			form = block
			assert.Contains(t, text, "left out of plans")
		}
	}
	choose := func(block, what string) {
		h.ack(h.cardAction("DU1", card.ts, "U1", map[string]any{"type": "overflow", "action_id": blocks.ActionOverdue, "block_id": block, "action_ts": "1.1",
			"selected_option": map[string]any{"value": what + ":" + notes[block], "text": map[string]any{"type": "plain_text", "text": what}}}))
	}
	choose(bill, "drop")
	h.ephemeral("DU1", "U1", "Dropped: pay the water bill")
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 0 && strings.Contains(string(m.Blocks), "✅ ~pay the water bill")
	})
	require.NoError(t, err, "the card shows it let go; log:\n%s", h.stderr.String())

	choose(form, "still")
	h.ephemeral("DU1", "U1", "Still on: daycare form")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v2 := h.waitCard("DU1", "v2 · ")
	assert.Contains(t, string(v2.raw), "daycare form — overdue since", "back in the plan as overdue")
	assert.NotContains(t, string(v2.raw), "left out of plans")
	assert.NotContains(t, string(v2.raw), "water bill", "dropped: not planned")
	for _, n := range h.notes("DU1", false) {
		if strings.Contains(n.Text, "water bill") {
			assert.True(t, n.Done())
			assert.True(t, n.DoneBy.Dropped)
		}
	}
}

// A plan keeps the night for sleep: 22:00–06:00 until the family chooses
// quiet hours (the radar's own default is calmer, to 07:00), then theirs.
func TestE2EPlanKeepsTheNight(t *testing.T) {
	at := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "parent", TZ: "UTC"})
	h.note("DU1", "U1", "task: buy wipes", tsAt(at, 1))

	night := func(card cardView) string {
		t.Helper()
		m := regexp.MustCompile(`\|(\d\d:\d\d)\\u003e–\\u003c!date\^\d+\^\{time\}\|(\d\d:\d\d)\\u003e\* Night sleep`).FindStringSubmatch(string(card.raw))
		require.NotNil(t, m, "a night block: %s", card.raw)
		return m[1] + "–" + m[2]
	}
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	assert.Equal(t, "22:00–06:00", night(h.waitCard("DU1", "v1 · ")), "the plans' default")

	h.ack(h.slash("/radar", "quiet 23-7", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "Your quiet hours: 23:00–07:00")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	assert.Equal(t, "23:00–07:00", night(h.waitCard("DU1", "v2 · ")), "the hours chosen")
}

// A conversation whose notes are two nights old still gets a plan, one
// that no longer reads the night's sleep (it counted for a day) but still
// plans the errand: the council's record lists only the errand.
func TestE2EPlanWhenANoteIsPast(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	old := at.Add(-48 * time.Hour)
	h.ack(h.message("C7", "channel", "U1", "slept 2h, exhausted", fmt.Sprintf("%d.000100", old.Unix()), nil))
	h.ack(h.message("C7", "channel", "U1", "call grandma about the weekend", fmt.Sprintf("%d.000200", old.Unix()), nil))
	h.ack(h.slash("/plan", "", "C7", "U1"))
	card := h.waitCard("C7", "v1 · ")
	assert.Contains(t, string(card.raw), "no recent sleep note", "the old night does not set today's energy")
	h.ack(h.click("C7", card.ts, "U1", "card_transcript", card.runID))
	transcript := string(waitFile(t, h, "council-v1.md").Content)
	assert.Contains(t, transcript, "call grandma")
	assert.NotContains(t, transcript, "slept 2h", "a past note is not in the plan's context")
}

// Mark done… in a family channel is the family's: someone in the channel
// who did not join is refused, and nothing is marked; a member's save
// marks it.
func TestE2EMarkDoneInAChannelIsTheFamilys(t *testing.T) {
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; clockAt(at)(mm) })
	ctx := context.Background()
	for _, u := range []slacktest.User{{ID: "U1", Name: "Maya", TZ: "UTC"}, {ID: "U3", Name: "Grandma", TZ: "UTC"}, {ID: "U9", Name: "Neighbour", TZ: "UTC"},
		{ID: h.fake.Config().BotUserID, Name: "babyhandoff", IsBot: true}} {
		h.fake.SetUser(u)
	}
	h.fake.SetChannel(slacktest.Channel{ID: "CFAM", Name: "family", IsMember: true, Members: []string{"U1", "U3", "U9", h.fake.Config().BotUserID}})
	wipesTS := tsAt(at, 1)
	h.ack(h.message("CFAM", "channel", "U1", "task: buy wipes today", wipesTS, nil))
	h.replyTo("CFAM", wipesTS)
	wipes := noteIDOf(t, h.replyMessage("CFAM", wipesTS).Blocks)
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "CFAM")
	require.NoError(t, err)
	_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: "U3", InvitedBy: "U1"}, "DU3")
	require.NoError(t, err)
	h.ack(h.slash("/plan", "", "CFAM", "U1"))
	card := h.waitCard("CFAM", "v1 · ")

	h.ack(h.tick("CFAM", card.ts, "U9", card.runID, wipes))
	h.ephemeral("CFAM", "U9", "not in its family")
	h.ack(h.tick("CFAM", card.ts, "U3", card.runID, wipes))
	h.ephemeral("CFAM", "U3", "Done: buy wipes")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	for _, n := range h.notes("CFAM", false) {
		if n.ID == wipes {
			assert.Equal(t, "U3", n.DoneBy.User, "done by the member, not the neighbour")
		}
	}
}

// Mark done… with one item the presser may act on and one they may not
// changes nothing, and says so: no item is left done behind a refusal
// that says "nothing was changed".
func TestE2EMarkDoneRefusedChangesNoItem(t *testing.T) {
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	h := start(t, clockAt(at))
	for _, u := range []slacktest.User{{ID: "U1", Name: "Maya", TZ: "UTC"}, {ID: "U9", Name: "Neighbour", TZ: "UTC"},
		{ID: h.fake.Config().BotUserID, Name: "babyhandoff", IsBot: true}} {
		h.fake.SetUser(u)
	}
	h.fake.SetChannel(slacktest.Channel{ID: "CFAM", Name: "family", IsMember: true, Members: []string{"U1", "U9", h.fake.Config().BotUserID}})
	// Maya's note makes the channel her family's; the neighbour, who did
	// not join, may act only on their own note.
	wipesTS := tsAt(at, 1)
	h.ack(h.message("CFAM", "channel", "U1", "task: buy wipes today", wipesTS, nil))
	h.replyTo("CFAM", wipesTS)
	wipes := noteIDOf(t, h.replyMessage("CFAM", wipesTS).Blocks)
	bookTS := tsAt(at, 2)
	h.ack(h.message("CFAM", "channel", "U9", "task: return the library book by 11am", bookTS, nil))
	h.replyTo("CFAM", bookTS)
	book := noteIDOf(t, h.replyMessage("CFAM", bookTS).Blocks)
	h.ack(h.slash("/plan", "", "CFAM", "U1"))
	card := h.waitCard("CFAM", "v1 · ")

	h.ack(h.tick("CFAM", card.ts, "U9", card.runID, book, wipes))
	h.ephemeral("CFAM", "U9", "nothing was changed")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	for _, n := range h.notes("CFAM", false) {
		assert.False(t, n.Done(), "%q stays open: the save was refused", n.Text)
	}
}
