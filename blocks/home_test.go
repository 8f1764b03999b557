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
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// familyHome is a family's App Home at Monday 10:00 in New York: Sam (U2)
// on duty until 19:45, a fever, formula out (critical), wipes low, a form
// due, and the plan made for Sam; viewer says whose Home it is.
func familyHome(t *testing.T, viewer string) blocks.HomeInput {
	t.Helper()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	plan := councilRun(t, sampleNotes(), 1, bh.EnergyMedium)
	plan.Run.For, plan.Run.ForName = "U2", "Sam"
	due := monday.Add(7 * time.Hour)
	return blocks.HomeInput{
		Notes: 4, Written: true, Location: ny, Viewer: viewer, Now: monday,
		Duty:    bh.Duty{UserID: "U2", Since: monday.Add(-15 * time.Minute), Until: monday.Add(9*time.Hour + 45*time.Minute), HandoffID: "h1"},
		Health:  []bh.RiskItem{{Key: "health:h1", Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"h1"}}},
		Links:   blocks.Links{"h1": "https://fake.slack.test/archives/D1/p1"},
		Outlook: bh.RadarSettings{OutlookOn: true, OutlookHour: 7},
		Open: []bh.RiskItem{
			{Key: "deadline:f1", Kind: bh.TagDeadline, Text: "daycare form", At: &due, Level: bh.RiskMedium, NoteIDs: []string{"f1"}},
			{Key: "inventory:i1", Kind: bh.TagInventory, Text: "formula", Level: bh.RiskCritical, NoteIDs: []string{"i1"}},
			{Key: "inventory:i2", Kind: bh.TagInventory, Text: "wipes", Level: bh.RiskMedium, NoteIDs: []string{"i2"}},
		},
		Family: &blocks.HomeFamily{Members: []string{"U1", "U2"}},
		Latest: &plan, Plan: &plan,
		WakeUps: []bh.Event{{At: monday, Text: "Risk Radar woke up: a note changed; risk medium → critical"}},
		Sample:  &blocks.HomeSample{Notes: 6},
	}
}

func TestHomeGoldenOnAndOffDuty(t *testing.T) {
	on := familyHome(t, "U2")
	on.Quiet = &bh.QuietHours{From: 21, To: 5}
	golden(t, "home_on_duty.json", blocks.Home(on))
	golden(t, "home_off_duty.json", blocks.Home(familyHome(t, "U1")))
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.Home(on))))
}

// homeOrder is where each of marks first appears in the Home's blocks, in
// block order (-1: absent).
func homeOrder(t *testing.T, v slack.HomeTabViewRequest, marks ...string) []int {
	t.Helper()
	out := make([]int, len(marks))
	for i, m := range marks {
		out[i] = -1
		for j, b := range v.Blocks.BlockSet {
			if strings.Contains(rawOf(t, b), m) {
				out[i] = j
				break
			}
		}
	}
	return out
}

// The one on duty's Home leads with "You're on duty for the family until
// …", then the health notes, Now, Running low and their plan's next
// blocks, each with Done; the rest of the open items after.
func TestHomeOfTheOneOnDutyLeadsWithTheirNight(t *testing.T) {
	v := blocks.Home(familyHome(t, "U2"))
	raw := rawOf(t, v.Blocks.BlockSet)
	assert.Contains(t, raw, "You're on duty for the family until \\u003c!date^1795481100^{time}|19:45\\u003e")
	at := homeOrder(t, v, "You're on duty for the family", jsonText(t, bh.HealthLine), `"text":"🔴 *Now*`, "Running low*", "*Next* · your plan", "*Open* · mark", "Your notes")
	for i := range at {
		require.NotEqual(t, -1, at[i], "part %d is shown", i)
		if i > 0 {
			assert.Less(t, at[i-1], at[i], "part %d after part %d", i, i-1)
		}
	}
	assert.Equal(t, 1, at[0], "the duty line comes first, under the title")
	assert.NotContains(t, raw, `"duty_take"`, "already on duty: no I'm on now")
	// Each item and each block from a note has its Done.
	for _, id := range []string{"i1", "i2", "f1"} {
		assert.Contains(t, raw, `"block_id":"`+blocks.BlockHomeOpen+id+`"`)
		assert.Contains(t, raw, `"action_id":"radar_done","value":"`+id+`"`)
	}
	assert.Contains(t, raw, `"block_id":"`+blocks.BlockHomeNext)
	next := 0
	for _, b := range v.Blocks.BlockSet {
		if s, ok := b.(*slack.SectionBlock); ok && strings.HasPrefix(s.BlockID, blocks.BlockHomeNext) {
			next++
			assert.Equal(t, blocks.ActionRadarDone, s.Accessory.ButtonElement.ActionID)
		}
	}
	assert.Positive(t, next)

	// A block whose note is done since: struck through, with Undo.
	in := familyHome(t, "U2")
	var noteID string
	for _, b := range in.Plan.Winner().Blocks {
		if len(b.NoteIDs) > 0 && b.End.After(in.Now) {
			noteID = b.NoteIDs[0]
			break
		}
	}
	require.NotEmpty(t, noteID)
	in.Done = map[string]bool{noteID: true}
	done := rawOf(t, blocks.Home(in).Blocks.BlockSet)
	assert.Contains(t, done, "✅ ~")
	assert.Contains(t, done, `"action_id":"radar_undone","value":"`+noteID+`"`)

	// On duty without a plan: Next says how to get one.
	in.Plan = nil
	assert.Contains(t, rawOf(t, blocks.Home(in).Blocks.BlockSet), "*Next* · no plan yet")
}

// Off duty, Home still opens with the status (health, Now, Running low),
// says who is on duty with I'm on now, and lists no plan's Next.
func TestHomeOffDuty(t *testing.T) {
	v := blocks.Home(familyHome(t, "U1"))
	raw := rawOf(t, v.Blocks.BlockSet)
	assert.NotContains(t, raw, "You're on duty")
	assert.NotContains(t, raw, "*Next* · ")
	assert.Contains(t, raw, `"duty_take"`)
	assert.Contains(t, raw, "*On duty* · \\u003c@U2\\u003e until")
	at := homeOrder(t, v, jsonText(t, bh.HealthLine), `"text":"🔴 *Now*`, "Running low*", "*Open* · mark", "Your notes", `"home_duty"`)
	for i := range at {
		require.NotEqual(t, -1, at[i], "part %d is shown", i)
		if i > 0 {
			assert.Less(t, at[i-1], at[i], "part %d after part %d", i, i-1)
		}
	}
}

// App Home is a status page first: Settings (the radar's checks, the
// outlook, quiet hours, the sample) come after every part of the status,
// under their own heading.
func TestHomeSettingsComeAfterTheStatus(t *testing.T) {
	for _, viewer := range []string{"U1", "U2"} {
		in := familyHome(t, viewer)
		v := blocks.Home(in)
		var settings int
		for i, b := range v.Blocks.BlockSet {
			if h, ok := b.(*slack.HeaderBlock); ok && h.BlockID == blocks.BlockHomeSettings {
				settings = i
			}
		}
		require.Positive(t, settings, "a Settings heading")
		status := homeOrder(t, v, jsonText(t, bh.HealthLine), blocks.BlockHomeOpen, "Your notes", `"home_duty"`, "home_family", "*Latest plan*", `"home_actions"`)
		for i, at := range status {
			require.NotEqual(t, -1, at, "status part %d", i)
			assert.Less(t, at, settings, "status part %d before Settings", i)
		}
		set := homeOrder(t, v, `"home_wakeups"`, `"radar_outlook"`, `"home_quiet"`, `"home_sample"`, `"home_load_sample"`)
		for i, at := range set {
			assert.Greater(t, at, settings, "setting %d below Settings", i)
		}
	}
}

// A 12-hour reader sees their quiet hours, and the menu's choices, on a
// 12-hour clock; the zone is named as people say it, never its IANA id.
func TestHomeQuietHoursOnTheReadersClock(t *testing.T) {
	in := familyHome(t, "U1")
	in.Outlook.Quiet = &bh.QuietHours{From: 22, To: 7}
	in.Clock = bh.Clock12
	raw := homeJSON(t, in)
	assert.Contains(t, raw, "10 PM–7 AM (New York time)")
	assert.Contains(t, raw, "Quiet hours: 9 PM–6 AM")
	assert.NotContains(t, raw, "America/New_York")
	in.Clock = bh.Clock24
	raw = homeJSON(t, in)
	assert.Contains(t, raw, "22:00–07:00 (New York time)")
}

func homeJSON(t *testing.T, in blocks.HomeInput) string {
	t.Helper()
	raw, err := json.Marshal(blocks.Home(in).Blocks)
	require.NoError(t, err)
	return string(raw)
}

// The latest plan, when edited, was made when the edit was, not when the
// plan it edits was planned.
func TestHomeLatestPlanEditedAt(t *testing.T) {
	in := familyHome(t, "U1")
	require.NotNil(t, in.Latest)
	at := in.Latest.Run.Now.Add(47 * time.Minute)
	in.Latest.Run.Edit = &bh.PlanEdit{Ops: []bh.PlanOp{{Kind: bh.OpDrop}}, By: "U1", At: at}
	raw := rawOf(t, blocks.Home(in).Blocks.BlockSet)
	assert.Contains(t, raw, fmt.Sprintf("made \\u003c!date^%d^", at.Unix()))
}
