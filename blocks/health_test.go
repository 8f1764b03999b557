package blocks_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

func rawOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// jsonText is s as it appears inside Slack's JSON.
func jsonText(t *testing.T, s string) string {
	return strings.Trim(rawOf(t, s), `"`)
}

// A handoff opens with the health notes, whatever else it must leave out
// to fit a phone screen: with a full plan, a long message and four health
// notes, every note is listed first (and named in the notification), with
// Resolved; with two, the message still fits one screen, the plan's Next
// and Running low lines making room.
func TestHandoffKeepsEveryHealthNote(t *testing.T) {
	now := time.Date(2026, 11, 23, 21, 41, 0, 0, time.UTC)
	rec := councilRun(t, notesOf([]string{"out of formula", "out of diapers", "deadline: daycare form was due yesterday 5pm",
		"wipes < 1 day", "diaper cream almost out", "task: call the insurance company about the bill", "task: pick up the prescription",
		"pediatrician tomorrow 2pm", "slept 2h, exhausted"}), 1, bh.EnergyAuto)
	w := rec.Winner()
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: now, Hours: 10, CreatedAt: now,
		Message: strings.Repeat("Bottle in the fridge, she fell asleep at 9. ", 10)[:blocks.MaxHandoffMessage]}
	health := []blocks.HealthEntry{
		{NoteID: "h1", Text: "baby 38.4 fever since 6pm"},
		{NoteID: "h2", Text: "she's breathing fast and wheezing"},
		{NoteID: "h3", Text: "feeling really down since the birth"},
		{NoteID: "h4", Text: "red eye with some yellow goo", Resolved: true},
	}
	m := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: "Maya", Plan: &w, Health: health, Mood: true,
		FirstTime: true, Now: now, Location: time.UTC})
	raw := rawOf(t, m.Blocks)
	assert.Contains(t, raw, jsonText(t, bh.HealthLine))
	assert.Contains(t, raw, jsonText(t, bh.MoodSupportLine))
	for _, e := range health {
		assert.Contains(t, raw, jsonText(t, e.Text), "every health note is kept")
	}
	assert.Contains(t, raw, "~red eye with some yellow goo~ · resolved")
	assert.Contains(t, raw, `"placeholder":{"type":"plain_text","text":"Resolved…"`, "several open notes: a Resolved menu")
	assert.Contains(t, raw, blocks.HandoffDoneValue("h1", "h2"), "each option names the handoff and the note")
	assert.NotContains(t, raw, blocks.HandoffDoneValue("h1", "h4"), "a resolved note is not offered again")
	assert.Contains(t, m.Text, "Health: baby 38.4 fever since 6pm; she's breathing fast")
	assert.NotContains(t, m.Text, "red eye", "the notification names only open ones")
	head := strings.Index(raw, jsonText(t, bh.HealthLine))
	for _, later := range []string{"Do now", "Next", "Running low", "Bottle in the fridge"} {
		if i := strings.Index(raw, later); i >= 0 {
			assert.Less(t, head, i, "health notes come before %q", later)
		}
	}

	// Two health notes and the same full plan still fit one screen.
	two := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: "Maya", Plan: &w, Health: health[:2],
		FirstTime: true, Now: now, Location: time.UTC})
	assert.LessOrEqual(t, blocks.Height(two.Blocks), blocks.FirstScreen, "%d px", blocks.Height(two.Blocks))
	assert.Contains(t, rawOf(t, two.Blocks), "Do now", "the first thing to do stays")

	one := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", Health: health[:1], Now: now, Location: time.UTC})
	raw = rawOf(t, one.Blocks)
	assert.Contains(t, raw, `"action_id":"handoff_done","value":"h1:h1"`, "one note: a Resolved button")
	assert.Contains(t, raw, `"text":"Resolved"`)
}

// A health note's capture reply says the health line in full, not a grey
// tag, with Resolved; once resolved it says so, with Not resolved.
func TestHealthNoteReply(t *testing.T) {
	n := bh.Note{ID: "n1", Text: "baby 38.4 fever since 6pm", Tag: bh.TagNote}
	m := blocks.HealthNoteReply(n)
	require.NotEmpty(t, m.Blocks)
	sec, ok := m.Blocks[0].(*slack.SectionBlock)
	require.True(t, ok, "a section, not a context's grey text")
	assert.Contains(t, sec.Text.Text, bh.HealthLine)
	raw := rawOf(t, m.Blocks)
	assert.Contains(t, raw, `"action_id":"note_done","value":"n1"`)
	assert.Contains(t, raw, `"text":"Resolved"`)
	assert.Contains(t, m.Text, bh.HealthLine, "the notification carries it too")
	for _, triage := range []string{"🔴", "🟠", "🟡", "due", "urgent"} {
		assert.NotContains(t, strings.ReplaceAll(sec.Text.Text, bh.HealthLine, ""), triage, "no level, no time")
	}

	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	n.DoneAt = &at
	done := rawOf(t, blocks.HealthNoteReply(n).Blocks)
	assert.Contains(t, done, "*Resolved* · ~baby 38.4 fever since 6pm~")
	assert.Contains(t, done, `"action_id":"note_reopen"`)
}

// App Home opens with the open health notes, each with Resolved, and asks
// about one a day without news: Resolved and Still a concern.
func TestHomeOpensWithHealthNotes(t *testing.T) {
	v := blocks.Home(blocks.HomeInput{
		Health: []bh.RiskItem{
			{Key: "health:n1", Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"n1"}},
			{Key: "health:n2", Text: "rash on her cheeks", NoteIDs: []string{"n2"}, Ask: true},
		},
		Links: blocks.Links{"n1": "https://fake.slack.test/archives/D1/p1"},
		Now:   time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC),
	})
	raw := rawOf(t, v.Blocks.BlockSet)
	assert.Less(t, strings.Index(raw, jsonText(t, bh.HealthLine)), strings.Index(raw, "Your notes"), "health first")
	assert.Contains(t, raw, `\u003chttps://fake.slack.test/archives/D1/p1|baby 38.4 fever since 6pm\u003e`, "linked to its note")
	assert.Contains(t, raw, `"action_id":"health_resolved","value":"n1"`)
	assert.Contains(t, raw, "Still a concern?")
	assert.Contains(t, raw, `"action_id":"health_resolved","value":"n2"`)
	assert.Contains(t, raw, `"action_id":"health_concern","value":"n2"`)
	assert.NotContains(t, raw, `"action_id":"health_concern","value":"n1"`, "only a note a day without news is asked about")

	none := rawOf(t, blocks.Home(blocks.HomeInput{}).Blocks.BlockSet)
	assert.NotContains(t, none, jsonText(t, bh.HealthLine), "no health notes: no line")
}

// The card lists its health notes with one Resolved for all, on the first
// screen where it fits, else just below the controls; a note resolved since
// is struck through and not offered again.
func TestCardHealthNotesHaveResolved(t *testing.T) {
	morning := time.Date(2026, 11, 23, 8, 0, 0, 0, time.FixedZone("EST", -5*3600))
	in := cardOf(t, morning, "baby 38.4 fever since 6pm", "wipes < 1 day")
	raw := rawOf(t, firstScreen(blocks.Card(in).Blocks))
	assert.Contains(t, raw, jsonText(t, bh.HealthLine))
	assert.Contains(t, raw, `"action_id":"health_resolved","value":"n00"`, "Resolved on the first screen")

	in.Done = map[string]bool{"n00": true}
	raw = rawOf(t, blocks.Card(in).Blocks)
	assert.Contains(t, raw, "fever since 6pm\\u003e~ · resolved")
	assert.NotContains(t, raw, `"action_id":"health_resolved"`, "nothing left to resolve")
}

// A handoff's notification names the first open health notes, escaped like
// every note's words, and says how many more; a note with no words stands
// as such, never as an empty line or option.
func TestHealthTextIsEscapedAndShort(t *testing.T) {
	entries := []blocks.HealthEntry{
		{NoteID: "a", Text: "<!channel> fever 39"},
		{NoteID: "b", Text: ""},
		{NoteID: "c", Text: "rash", Resolved: true},
		{NoteID: "d", Text: "breathing fast"},
		{NoteID: "e", Text: "not feeding"},
		{NoteID: "f", Text: "vomiting"},
	}
	got := blocks.HealthText(entries)
	assert.NotContains(t, got, "<!channel>", "never a live mention")
	assert.Contains(t, got, "&lt;!channel&gt; fever 39")
	assert.Contains(t, got, "A health note (no words)")
	assert.NotContains(t, got, "rash", "resolved: not named")
	assert.True(t, strings.HasSuffix(got, " +2 more"), got)
	assert.Empty(t, blocks.HealthText(entries[2:3]), "nothing open, nothing said")

	now := time.Date(2026, 11, 23, 21, 41, 0, 0, time.UTC)
	m := blocks.HandoffMessage(blocks.HandoffView{Handoff: bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: now, Hours: 10, CreatedAt: now},
		Receiver: "U2", Health: entries[1:2], Now: now, Location: time.UTC})
	raw := rawOf(t, m.Blocks)
	assert.Contains(t, raw, "A health note (no words)")
	assert.NotContains(t, raw, `"text":""`, "no empty text anywhere")
}

// A card with more health notes than it lists says so once, pointing at
// handoff.md, and lists no empty "more" section.
func TestCardWithManyHealthNotes(t *testing.T) {
	morning := time.Date(2026, 11, 23, 8, 0, 0, 0, time.FixedZone("EST", -5*3600))
	var texts []string
	for i := 0; i < 10; i++ {
		texts = append(texts, fmt.Sprintf("fever 38.%d since this morning", i))
	}
	raw := rawOf(t, blocks.Card(cardOf(t, morning, texts...)).Blocks)
	assert.NotContains(t, raw, "more below", "nothing below to point at")
	assert.Contains(t, raw, "…and 2 more in handoff.md")
	assert.NotContains(t, raw, "More health notes*\\n…", "no empty section")
	assert.Equal(t, 1, strings.Count(raw, "more in handoff.md"), raw)
}
