package blocks_test

import (
	"context"
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
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
)

var monday = time.Date(2026, 11, 23, 10, 0, 0, 0, time.FixedZone("EST", -5*3600))

func notesOf(texts []string) []bh.Note {
	var out []bh.Note
	for i, t := range texts {
		out = append(out, bh.Note{ID: fmt.Sprintf("n%03d", i), Text: t, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: monday.Add(-time.Duration(len(texts)-i) * time.Minute)})
	}
	return out
}

func sampleNotes() []bh.Note {
	var out []bh.Note
	for i, s := range bh.SampleShift {
		out = append(out, bh.Note{ID: fmt.Sprintf("n%d", i+1), Text: s.Text, Tag: s.Tag, TagSource: bh.TagByUser, CreatedAt: monday.Add(time.Duration(i-6) * 10 * time.Minute)})
	}
	return out
}

func councilRun(t *testing.T, notes []bh.Note, version int, energy bh.Energy) bh.RunRecord {
	t.Helper()
	c, err := council.New(council.Config{Clock: func() time.Time { return monday }})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: bh.Run{ID: fmt.Sprintf("run%d", version), TeamID: "T1", ShiftID: "s1", ChannelID: "D1",
		Version: version, Energy: energy, HorizonH: 12, TZ: "America/New_York", Now: monday, Sample: true}, Notes: notes}, nil)
	require.NoError(t, err)
	return out.Record()
}

func toAny(t *testing.T, v any) []any {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	var out []any
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}

func viewMap(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}

// checkSurfaces renders every surface of a run and checks Slack's limits.
func checkSurfaces(t *testing.T, rec bh.RunRecord, links blocks.Links) {
	t.Helper()
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Links: links}
	card := blocks.Card(in)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, card.Blocks)), "card")
	assert.NotEmpty(t, card.Text)
	assert.LessOrEqual(t, len([]rune(card.Text)), 300)
	shared := blocks.SharedCard(in, "U1")
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, shared.Blocks)), "shared card")
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.OthersModal(in))), "other plans")
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.ShareModal(rec.Run.ID, rec.Run.Version))), "share modal")
	long := strings.Repeat("bottle <!channel> & ", 200)
	// Health notes as they come: many, long, empty (a bare "health:"),
	// with mrkdwn in them, resolved or asked about.
	var health []blocks.HealthEntry
	var risks []bh.RiskItem
	for i := 0; i < 150; i++ {
		text := []string{"fever 38.4 & <b>", "", strings.Repeat("rash all over ", 300)}[i%3]
		health = append(health, blocks.HealthEntry{NoteID: fmt.Sprintf("h%03d", i), Text: text, Link: "https://fake.slack.test/archives/C1/p" + fmt.Sprint(i),
			Resolved: i%5 == 4, Ask: i%7 == 6})
		risks = append(risks, bh.RiskItem{Key: fmt.Sprintf("health:h%03d", i), Text: text, NoteIDs: []string{fmt.Sprintf("h%03d", i)}, Ask: i%7 == 6})
	}
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.Home(blocks.HomeInput{Notes: 500, Latest: &rec, Radar: strings.Repeat("risk ", 1000),
		Health: risks, Mood: true}))), "home")
	w := rec.Winner()
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2", "U3"}, Start: rec.Run.Now, Hours: 12, Message: long, CreatedAt: rec.Run.Now}
	msg := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: strings.Repeat("Maya", 40), Plan: &w, FirstTime: true, Now: rec.Run.Now,
		Health: health, Mood: true})
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, msg.Blocks)), "handoff message")
	assert.LessOrEqual(t, len([]rune(msg.Text)), 400, "a notification, not a list")
	// encoding/json writes "<", ">" and "&" as \u003c, \u003e and \u0026:
	// look for the mention as it would stand in the JSON sent to Slack.
	assert.NotContains(t, msg.Text, "<!channel>", "the sender's words are never live")
	assert.NotContains(t, string(must(json.Marshal(msg.Blocks))), `\u003c!channel\u003e`, "the sender's words are never live")
	assert.Contains(t, string(must(json.Marshal(msg.Blocks))), `bottle \u0026lt;!channel\u0026gt;`, "the sender's words are shown, escaped")
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.HandoffModal(blocks.HandoffForm{ChannelID: "C1", RunID: rec.Run.ID, Channel: true, To: []string{"U2"}, Hours: 10}))), "handoff form")
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.AskModal("h1", strings.Repeat("Maya", 40)))), "ask form")
	for name, m := range map[string]blocks.Message{"thread": blocks.HandoffThread(ho, time.UTC, bh.Clock24), "question": blocks.HandoffQuestion("U2", "U1", long),
		"answer": blocks.HandoffAnswer("U1", long), "reminder": blocks.HandoffReminder(ho, "U2", time.UTC, bh.Clock24)} {
		assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)), name)
	}
	d := council.Diff(council.FromRecord(rec), council.FromRecord(rec))
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, blocks.DiffReply(d, time.UTC, bh.Clock24).Blocks)), "diff reply")
}

func TestSurfacesStayWithinLimits(t *testing.T) {
	long := strings.Repeat("🍼 пелёнки おむつ <!channel> & ", 800) // ~20,000 runes of emoji, Cyrillic, Japanese, mrkdwn
	cases := map[string][]bh.Note{
		"one note":   notesOf([]string{"wipes < 1 day"}),
		"long notes": notesOf([]string{"task: " + long, "deadline: " + long + " due tomorrow 5pm", "low: " + long}),
	}
	var many []string
	for i := 0; i < 500; i++ {
		many = append(many, []string{"task: pick up wipes", "deadline: form due Friday noon", "low: formula 2 days", "pediatrician 2pm", "slept 3h", "task: call grandma about the weekend"}[i%6]+fmt.Sprintf(" #%d", i))
	}
	cases["500 notes"] = notesOf(many)
	var worries []string
	for i := 0; i < 40; i++ {
		worries = append(worries, fmt.Sprintf("fever 38.%d and a rash <!here> %s", i%10, long[:200]))
	}
	cases["40 health notes"] = notesOf(worries)
	for name, notes := range cases {
		t.Run(name, func(t *testing.T) {
			for i := range notes {
				notes[i].Text = bh.CleanText(notes[i].Text)
			}
			rec := councilRun(t, notes, 1, bh.EnergyAuto)
			links := blocks.Links{}
			for _, n := range notes {
				links[n.ID] = "https://fake.slack.test/archives/D1/p" + n.ID
			}
			checkSurfaces(t, rec, links)
			// The user's mrkdwn is never live.
			raw, _ := json.Marshal(blocks.Card(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}))
			assert.NotContains(t, string(raw), "<!channel>")
		})
	}
}

func TestGoldenSurfaces(t *testing.T) {
	v1 := councilRun(t, sampleNotes(), 1, bh.EnergyMedium)
	v2 := councilRun(t, sampleNotes(), 2, bh.EnergyLow)
	v2.Run.Change = "energy medium → low"
	links := blocks.Links{"n2": "https://fake.slack.test/archives/D1/p1700000000000200"}
	golden(t, "card_v1.json", blocks.Card(blocks.CardInput{Run: v1.Run, Decision: v1.Decision, Proposals: v1.Proposals, Links: links}))
	golden(t, "card_v2.json", blocks.Card(blocks.CardInput{Run: v2.Run, Decision: v2.Decision, Proposals: v2.Proposals, Links: links, ForkedFrom: 1}))
	heavy := cardOf(t, monday, "out of formula", "wipes < 1 day", "daycare form was due yesterday 5pm", "she's breathing fast and wheezing",
		"fever 38.4 since this morning, she won't feed", "feeling really down, crying a lot since the birth", "red eye with some yellow goo",
		"task: call the insurance company about the claim", "task: book the 2 month checkup", "pay daycare invoice due fri 5pm", "pediatrician 2pm")
	golden(t, "card_full.json", blocks.Card(heavy))
	golden(t, "others_modal.json", blocks.OthersModal(blocks.CardInput{Run: v1.Run, Decision: v1.Decision, Proposals: v1.Proposals}))
	golden(t, "share_modal.json", blocks.ShareModal(v1.Run.ID, 1))
	paris, _ := time.LoadLocation("Europe/Paris")
	golden(t, "home.json", blocks.Home(blocks.HomeInput{Notes: 6, Latest: &v1, Location: paris,
		Outlook: bh.RadarSettings{OutlookOn: true, OutlookHour: 7}, Quiet: &bh.QuietHours{From: 23, To: 6},
		WakeUps: []bh.Event{{At: v1.Run.Now, Text: "Risk Radar woke up: a note changed; risk medium → critical"}}}))
	golden(t, "home_empty.json", blocks.Home(blocks.HomeInput{Outlook: bh.RadarSettings{OutlookHour: 7}}))
	// Notes written, none open (done, or past: yesterday's "slept 3h").
	quiet, err := json.Marshal(blocks.Home(blocks.HomeInput{Written: true}))
	require.NoError(t, err)
	assert.Contains(t, string(quiet), "Your notes* · nothing open")
	assert.NotContains(t, string(quiet), "Your notes* · none yet")
	golden(t, "diff_reply.json", blocks.DiffReply(council.Diff(council.FromRecord(v1), council.FromRecord(v2)), time.UTC, bh.Clock24))
	golden(t, "progress.json", blocks.Progress(true, []blocks.TaskView{{Agent: "Normalizer", Status: bh.StatusCompleted}, {Agent: "SleepPlanner", Status: bh.StatusRunning}, {Agent: "Referee", Status: bh.StatusQueued}}))
	checkSurfaces(t, v1, links)
}

// Health notes open the card and the shared card, apart from the plan,
// each linked to its message; a note about the parent's mood adds that
// support exists. A plan without them shows nothing of it.
func TestHealthNotesOpenTheCard(t *testing.T) {
	notes := notesOf([]string{"wipes < 1 day", "she's breathing fast and wheezing", "feeling really down since the birth"})
	rec := councilRun(t, notes, 1, bh.EnergyAuto)
	links := blocks.Links{"n001": "https://fake.slack.test/archives/D1/p1"}
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Links: links}
	for name, msg := range map[string]blocks.Message{"card": blocks.Card(in), "shared": blocks.SharedCard(in, "U1")} {
		t.Run(name, func(t *testing.T) {
			raw, err := json.Marshal(msg.Blocks)
			require.NoError(t, err)
			doc := string(raw)
			health := strings.Index(doc, "contact a licensed professional; if it feels urgent, call your local emergency number")
			require.GreaterOrEqual(t, health, 0, doc)
			assert.Less(t, health, strings.Index(doc, "Next hours"), "first, before the plan")
			assert.Contains(t, doc, "talk to your doctor or midwife")
			assert.Contains(t, doc, `\u003chttps://fake.slack.test/archives/D1/p1|she's breathing fast and wheezing\u003e`, "linked to its message")
			assert.NotContains(t, doc, "📞", "no time slot for it")
		})
	}
	plain := councilRun(t, notesOf([]string{"wipes < 1 day"}), 1, bh.EnergyAuto)
	raw, err := json.Marshal(blocks.Card(blocks.CardInput{Run: plain.Run, Decision: plain.Decision, Proposals: plain.Proposals}).Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "licensed professional; if it feels urgent")
}

// One phone screen: the plan, then the controls; what waits and the
// reasons after them; a reason's link is labelled by its note; the points say how
// clear the win was; the scores live in Other plans.
func TestCardPutsTheControlsFirst(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 1, bh.EnergyMedium)
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals,
		Links: blocks.Links{"n2": "https://fake.slack.test/archives/D1/p2"}, Labels: map[string]string{"n2": "Submit daycare deposit form"}}
	card := blocks.Card(in)
	var kinds []string
	for _, b := range card.Blocks {
		switch x := b.(type) {
		case *slack.ActionBlock:
			kinds = append(kinds, "controls")
		case *slack.SectionBlock:
			if x.BlockID == blocks.CardMetaPrefix+rec.Run.ID {
				kinds = append(kinds, "meta")
				continue
			}
			if strings.HasPrefix(x.Text.Text, "*<!date") {
				kinds = append(kinds, "a line")
				continue
			}
			kinds = append(kinds, strings.SplitN(strings.TrimPrefix(x.Text.Text, "*"), "*", 2)[0])
		}
	}
	assert.Equal(t, []string{"meta", "Next hours", "a line", "a line", "controls", "Later"}, kinds, "the reasons are behind Why this plan?; no Mark done list on the face")
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "*Because*")
	assert.NotContains(t, string(raw), "How the plans scored")
	assert.NotContains(t, string(raw), "%", "no made-up probability")
	assert.Contains(t, string(raw), "Errands-first won (25 · 24 · 22)", "every plan's points")
	assert.NotContains(t, string(raw), `"type":"checkboxes"`, "Mark done… opens the list")
	others, err := json.Marshal(blocks.OthersModal(in))
	require.NoError(t, err)
	assert.Contains(t, string(others), "How the plans scored")
	assert.Contains(t, string(others), "*Because*")
	assert.Contains(t, string(others), `|Submit daycare deposit form\u003e`, "a link named by its note")
}

// What the radar calls critical opens the card as "Now", with its Done;
// out of formula at night is not hidden behind a nap: the card says when
// the plan gets to it and to go sooner if possible.
func TestCriticalItemsOpenTheCard(t *testing.T) {
	night := time.Date(2026, 11, 23, 21, 41, 0, 0, time.FixedZone("EST", -5*3600))
	notes := []bh.Note{
		{ID: "f1", Text: "out of formula", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: night.Add(-time.Minute)},
		{ID: "s1", Text: "slept 2h, exhausted", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: night.Add(-2 * time.Minute)},
	}
	c, err := council.New(council.Config{Clock: func() time.Time { return night }})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: bh.Run{ID: "run1", TeamID: "T1", ShiftID: "s1", ChannelID: "D1",
		Version: 1, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "America/New_York", Now: night}, Notes: notes}, nil)
	require.NoError(t, err)
	rec := out.Record()
	card := blocks.Card(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals})
	now, ok := card.Blocks[2].(*slack.SectionBlock)
	require.True(t, ok, "the block after the head is Now")
	// Its times are Slack's date tokens: each reader sees their own zone.
	// Out of formula at night is said plainly, and planned before any sleep.
	assert.True(t, strings.HasPrefix(now.Text.Text, "🔴 *Now*\nOut of formula — needed before the next feed"), now.Text.Text)
	require.NotNil(t, now.Accessory)
	assert.Equal(t, blocks.ActionRadarDone, now.Accessory.ButtonElement.ActionID)
	assert.Equal(t, "f1", now.Accessory.ButtonElement.Value)
	assert.Contains(t, now.Text.Text, "planned <!date^1795488300^{time}|21:45>", "first thing, not after the night's sleep")
	var w bh.Proposal
	for _, p := range rec.Proposals {
		if p.Archetype == rec.Decision.Winner {
			w = p
		}
	}
	require.NotEmpty(t, w.Blocks)
	assert.NotEqual(t, "rest", w.Blocks[0].Kind, "the plan does not open with sleep while formula is out")
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// Mark done…'s labels follow the reader: Slack's tokens when the label
// fits an option's 75 characters with them, else the card's reader's clock
// in plain text, never a 24-hour time for a 12-hour reader.
func TestMarkDoneLabelsFollowTheReadersClock(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 1, bh.EnergyMedium)
	rec.Run.Clock = bh.Clock12
	raw, err := json.Marshal(blocks.MarkDoneModal(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}))
	require.NoError(t, err)
	s := string(raw)
	require.Contains(t, s, `"checkboxes"`)
	_, boxes, _ := strings.Cut(s, `"checkboxes"`)
	assert.Contains(t, boxes, "— due Tue 5 PM")
	assert.NotContains(t, boxes, "17:00")
}
