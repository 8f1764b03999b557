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

func radarState(now time.Time) bh.ShiftState {
	due := now.Add(2 * time.Hour)
	out := now.Add(5 * time.Hour)
	at := now.Add(20 * time.Hour)
	return bh.ShiftState{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Energy: bh.EnergyLow, Level: bh.RiskCritical, Notes: 4,
		Deadlines:   []bh.RiskItem{{Key: "deadline:n1", Kind: bh.TagDeadline, Text: "daycare form", At: &due, Level: bh.RiskCritical, NoteIDs: []string{"n1"}}},
		Inventory:   []bh.RiskItem{{Key: "inventory:n2", Kind: bh.TagInventory, Text: "wipes < 1 day", At: &out, Level: bh.RiskHigh, NoteIDs: []string{"n2"}}},
		Commitments: []bh.RiskItem{{Key: "commitment:n3", Kind: bh.TagNote, Text: "pediatrician", At: &at, NoteIDs: []string{"n3"}}},
		NextActions: []bh.Item{{Text: "Finish the daycare form", NoteIDs: []string{"n1"}}}}
}

func TestRadarPosts(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := radarState(now)
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "C1"} // a family channel: several writers
	links := blocks.Links{"n1": "https://fake.slack.test/archives/D1/p1"}
	authors := blocks.Authors{"n1": "U1", "n2": "<!channel>"}
	nudge := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Why: "risk rose from high to critical", Location: time.UTC, Now: now}, links, authors)
	golden(t, "radar_nudge.json", nudge)
	item := st.Deadlines[0]
	golden(t, "radar_reminder.json", blocks.RadarPost(bh.RadarPost{Kind: bh.PostReminder, Shift: shift, State: st, Item: &item, Why: "it is due in 2 h", Location: time.UTC, Now: now}, links, authors))
	golden(t, "radar_outlook.json", blocks.RadarPost(bh.RadarPost{Kind: bh.PostOutlook, Shift: shift, State: st, Location: time.UTC, Now: now}, links, nil))

	// An overdue reminder's "since when" is a date token, its text the fallback.
	due := now.Add(-time.Hour)
	late := blocks.RadarPost(bh.RadarPost{Kind: bh.PostReminder, Shift: shift, State: st, Item: &item, Location: time.UTC, Now: now,
		Why: "it was due Mon 09:00 and is overdue", WhyStamps: []bh.Stamp{bh.StampOf(due, blocks.DayTime)}}, links, authors)
	assert.Contains(t, sectionText(late.Blocks[0]), "it was due <!date^1795424400^{date_short_pretty} {time}|Mon 09:00> and is overdue")
	// Its notification, in a DM, on its reader's clock.
	late12 := blocks.RadarPost(bh.RadarPost{Kind: bh.PostReminder, Shift: shift, State: st, Item: &item, Location: time.UTC, Now: now, Clock: bh.Clock12,
		Why: "it was due Mon 09:00 and is overdue", WhyStamps: []bh.Stamp{bh.StampOf(due, blocks.DayTime)}}, links, authors)
	assert.Contains(t, late12.Text, "it was due Mon 9 AM and is overdue")
	assert.Contains(t, late.Text, "it was due Mon 09:00 and is overdue")

	// What a phone's notification shows: the items, not a generic line.
	assert.Equal(t, "🔴 daycare form — due Mon 12:00 · +1", nudge.Text)
	first, second := sectionText(nudge.Blocks[1]), sectionText(nudge.Blocks[2])
	assert.Contains(t, first, "from <@U1>", "who logged it")
	assert.Contains(t, first, "^{date_short_pretty} {time}|Mon 12:00>", "by when, in the reader's own clock")
	assert.NotContains(t, first, "(in ", "no duration that is false an hour later")
	assert.Contains(t, second, "Get wipes", "a supply leads with what to do")
	assert.NotContains(t, second, "<!channel>", "a forged author is never a live mention")

	// In a DM every note is the reader's own: no "from @you".
	dm := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}, State: st, Location: time.UTC, Now: now}, links, authors)
	assert.NotContains(t, sectionText(dm.Blocks[1]), "from <@")

	calm := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: bh.ShiftState{Level: bh.RiskLow}, Location: time.UTC, Now: now}, nil, nil)
	assert.Equal(t, "Risk Radar: calmer now", calm.Text)
}

// Read from a lock screen at 9:40 PM: the formula that is out now leads,
// whichever list it is in; the notification names it and counts the rest;
// nothing says "in 2 h", no rule of the radar's own sits at the foot, and
// no Next line repeats an item above it. A date within the week carries its
// weekday.
func TestRadarReadFromTheLockScreen(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Date(2026, 11, 24, 21, 40, 0, 0, ny)
	form, fri := now.Add(19*time.Hour+20*time.Minute), time.Date(2026, 11, 27, 23, 59, 0, 0, ny)
	wipes := now.Add(20 * time.Hour)
	st := bh.ShiftState{TeamID: "T1", ShiftID: "s1", Energy: bh.EnergyLow, Level: bh.RiskCritical,
		Deadlines: []bh.RiskItem{
			{Key: "deadline:n1", Kind: bh.TagDeadline, Text: "daycare form", At: &form, Level: bh.RiskMedium, NoteIDs: []string{"n1"}},
			{Key: "deadline:n4", Kind: bh.TagDeadline, Text: "library books", At: &fri, Level: bh.RiskMedium, NoteIDs: []string{"n4"}}},
		Inventory: []bh.RiskItem{
			{Key: "inventory:n2", Kind: bh.TagInventory, Text: "formula", Since: &now, Level: bh.RiskCritical, NoteIDs: []string{"n2"}},
			{Key: "inventory:n3", Kind: bh.TagInventory, Text: "wipes", At: &wipes, Level: bh.RiskHigh, NoteIDs: []string{"n3"}}},
		NextActions: []bh.Item{{Text: "Restock formula", NoteIDs: []string{"n2"}}, {Text: "Rest when the baby sleeps: energy is low"}}}
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	m := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Why: "risk is critical", Location: ny, Now: now}, nil, nil)
	assert.Equal(t, "🔴 Out of formula · +3", m.Text)
	var order []string
	for _, b := range m.Blocks {
		order = append(order, sectionText(b))
	}
	all := strings.Join(order, "\n")
	assert.Less(t, strings.Index(all, "Get formula"), strings.Index(all, "Get wipes"), "critical first")
	assert.Less(t, strings.Index(all, "Get wipes"), strings.Index(all, "daycare form"), "high before medium")
	assert.Contains(t, all, "library books · Fri <!date^"+fmt.Sprint(fri.Unix())+"^{time}|23:59>", "a day within the week by its weekday")
	raw, err := json.Marshal(m.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "(in ")
	assert.NotContains(t, string(raw), "one radar message a day")
	assert.NotContains(t, string(raw), "Restock formula", "Next does not repeat Get formula")
	assert.Contains(t, string(raw), "Next: Rest when the baby sleeps")

	// A new critical item within the calm window: the standing message
	// leads with it, and a reply in its thread notifies its reader.
	st.Inventory[1].Level = bh.RiskCritical
	up := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Why: "updated", Location: ny, Now: now, UpdateTS: "1.2",
		New: []bh.RiskItem{st.Inventory[1]}}, nil, nil)
	assert.True(t, strings.HasPrefix(sectionText(up.Blocks[0]), "🆕 *New:* wipes — runs out Wed 17:40"), sectionText(up.Blocks[0]))
	reply := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNew, Shift: shift, State: st, Location: ny, Now: now,
		To: bh.Route{ChannelID: "D1", UserID: "U1", ThreadTS: "1.2"}, New: []bh.RiskItem{st.Inventory[1]}}, nil, nil)
	assert.Equal(t, "<@U1> 🔴 New: wipes — runs out Wed 17:40 — added to the radar message", reply.Text)
}

func TestRadarPostsStayWithinLimits(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := radarState(now)
	long := strings.Repeat("🍼 <!channel> & *bold* ", 400)
	for i := 0; i < 200; i++ {
		due := now.Add(time.Duration(i) * time.Minute)
		st.Deadlines = append(st.Deadlines, bh.RiskItem{Key: "d" + long[:i], Kind: bh.TagDeadline, Text: long, At: &due, Level: bh.RiskCritical, NoteIDs: []string{"n"}})
	}
	st.NextActions = []bh.Item{{Text: long}, {Text: long}, {Text: long}}
	for _, kind := range []bh.PostKind{bh.PostNudge, bh.PostReminder, bh.PostOutlook} {
		item := st.Deadlines[5]
		m := blocks.RadarPost(bh.RadarPost{Kind: kind, Shift: bh.Shift{ID: "s1"}, State: st, Item: &item, Why: long, Location: time.UTC, Now: now}, nil, nil)
		assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)), kind)
		raw, _ := json.Marshal(m)
		assert.NotContains(t, string(raw), "<!channel>", kind)
	}
	assert.Empty(t, slacktest.ValidateView(viewMap(t, blocks.Home(blocks.HomeInput{Radar: long, WakeUps: []bh.Event{{Text: long}, {Text: long}, {Text: long}, {Text: long}},
		Outlook: bh.RadarSettings{Off: long, SnoozedUntil: now}}))))
}

func sectionText(b slack.Block) string {
	if s, ok := b.(*slack.SectionBlock); ok && s.Text != nil {
		return s.Text.Text
	}
	return ""
}

// App Home's quiet hours select shows the viewer's own hours as chosen
// (else the family's, their default), offers the common ones, and keeps
// hours set by command (20–5) as an option.
func TestHomeQuietHours(t *testing.T) {
	tests := []struct {
		name          string
		family, quiet *bh.QuietHours
		initial       string
		text          string
		plans         string
		nOptions      int
	}{
		{"the default", nil, nil, "22-7", "*Your quiet hours* · 22:00–07:00 (UTC), the family's default", "Plans for you keep 22:00–06:00 for sleep until you choose.", 7},
		{"the family's, none of mine", &bh.QuietHours{From: 23, To: 7}, nil, "23-7", "*Your quiet hours* · 23:00–07:00 (UTC), the family's default", "Plans for you keep 23:00–07:00 for sleep until you choose.", 7},
		{"mine, chosen from the list", &bh.QuietHours{From: 23, To: 7}, &bh.QuietHours{From: 21, To: 6}, "21-6", "*Your quiet hours* · 21:00–06:00 (UTC):", "plans for you keep them for sleep.", 7},
		{"mine, set by command", nil, &bh.QuietHours{From: 20, To: 5}, "20-5", "*Your quiet hours* · 20:00–05:00 (UTC):", "plans for you keep them for sleep.", 8},
		{"mine off", &bh.QuietHours{From: 23, To: 7}, &bh.QuietHours{}, "off", "*Your quiet hours* · off", "plans for you keep no night.", 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view := blocks.Home(blocks.HomeInput{Outlook: bh.RadarSettings{OutlookHour: 7, Quiet: tt.family}, Quiet: tt.quiet})
			var sec *slack.SectionBlock
			for _, b := range view.Blocks.BlockSet {
				if s, ok := b.(*slack.SectionBlock); ok && s.BlockID == "home_quiet" {
					sec = s
				}
			}
			require.NotNil(t, sec)
			assert.True(t, strings.HasPrefix(sec.Text.Text, tt.text), sec.Text.Text)
			assert.True(t, strings.HasSuffix(sec.Text.Text, tt.plans), sec.Text.Text)
			sel := sec.Accessory.SelectElement
			require.NotNil(t, sel)
			assert.Equal(t, blocks.ActionRadarQuiet, sel.ActionID)
			require.NotNil(t, sel.InitialOption)
			assert.Equal(t, tt.initial, sel.InitialOption.Value)
			assert.Len(t, sel.Options, tt.nOptions)
		})
	}
}

// /radar still lists a deadline dropped from plans, saying so.
func TestRadarListsDroppedDeadlines(t *testing.T) {
	due := time.Date(2026, 11, 20, 17, 0, 0, 0, time.UTC)
	st := bh.ShiftState{Deadlines: []bh.RiskItem{{Key: "deadline:n1", Kind: bh.TagDeadline, Text: "daycare form", At: &due, Overdue: true, Dropped: true, Level: bh.RiskNone, NoteIDs: []string{"n1"}}}}
	raw, err := json.Marshal(blocks.RadarOn(st, nil, time.UTC, bh.Clock24).Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "daycare form")
	assert.Contains(t, string(raw), "overdue, left out of plans")
}

// An out supply says since when, in the reader's clock.
func TestRadarSaysOutSince(t *testing.T) {
	since := time.Date(2026, 11, 23, 21, 40, 0, 0, time.UTC)
	st := bh.ShiftState{Level: bh.RiskCritical, Inventory: []bh.RiskItem{{Key: "inventory:n1", Kind: bh.TagInventory, Text: "formula", Since: &since, Level: bh.RiskCritical, NoteIDs: []string{"n1"}}}}
	raw, err := json.Marshal(blocks.RadarOn(st, nil, time.UTC, bh.Clock24).Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `Get formula — *out since* \u003c!date^1795470000^{date_short_pretty} {time}|Mon 21:40\u003e`)
}

// In a family channel the radar speaks to the person on duty, with a
// mention; in a DM it does not, and the footer says who is on.
func TestRadarSpeaksToWhoIsOnDuty(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := radarState(now)
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: now.Add(9 * time.Hour)}
	family := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Why: "risk rose", Location: time.UTC, Now: now, Duty: duty}, nil, nil)
	assert.True(t, strings.HasPrefix(sectionText(family.Blocks[0]), "<@U2> "), sectionText(family.Blocks[0]))
	assert.True(t, strings.HasPrefix(family.Text, "<@U2> "), "the notification reaches them")
	raw, err := json.Marshal(family.Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `On duty: \u003c@U2\u003e until`)

	dm := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "D1"}, State: st, Why: "risk rose", Location: time.UTC, Now: now, Duty: duty}, nil, nil)
	assert.False(t, strings.HasPrefix(dm.Text, "<@"), "a DM has one reader")
	nobody := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Why: "risk rose", Location: time.UTC, Now: now}, nil, nil)
	assert.False(t, strings.HasPrefix(nobody.Text, "<@"), "nobody on duty: no mention")
}

func healthState(now time.Time) bh.ShiftState {
	st := radarState(now)
	since := now.Add(-30 * time.Hour)
	st.Health = []bh.RiskItem{
		{Key: "health:h1", Kind: bh.TagNote, Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"h1"}, Ask: true, Since: &since},
		{Key: "health:h2", Kind: bh.TagNote, Text: "feeling hopeless at night", NoteIDs: []string{"h2"}, Mood: true, Since: &since},
	}
	return st
}

// Every radar message and /radar open with the health line and the open
// health notes, each linked, with Resolved; one a day without news asks
// "Still a concern?" with Resolved and Still a concern. No level, no
// colour, no time on a health item.
func TestRadarOpensWithHealthNotes(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := healthState(now)
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "C1"}
	links := blocks.Links{"h1": "https://fake.slack.test/archives/C1/p9", "n1": "https://fake.slack.test/archives/C1/p1"}
	item := st.Deadlines[0]
	nudge := blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Why: "risk is critical", Location: time.UTC, Now: now}, links, nil)
	golden(t, "radar_nudge_health.json", nudge)
	msgs := map[string]blocks.Message{
		"nudge":    nudge,
		"reminder": blocks.RadarPost(bh.RadarPost{Kind: bh.PostReminder, Shift: shift, State: st, Item: &item, Why: "it is due in 2 h", Location: time.UTC, Now: now}, links, nil),
		"outlook":  blocks.RadarPost(bh.RadarPost{Kind: bh.PostOutlook, Shift: shift, State: st, Location: time.UTC, Now: now}, links, nil),
		"calm":     blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: bh.ShiftState{Health: st.Health}, Location: time.UTC, Now: now}, links, nil),
		"/radar":   blocks.RadarOn(st, links, time.UTC, bh.Clock24),
	}
	for name, m := range msgs {
		t.Run(name, func(t *testing.T) {
			assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)))
			require.GreaterOrEqual(t, len(m.Blocks), 4)
			head := sectionText(m.Blocks[0])
			assert.True(t, strings.HasPrefix(head, "🩺 *"+bh.HealthLine+"*"), head)
			assert.Contains(t, head, bh.MoodSupportLine, "a mood note brings the support line")
			assert.True(t, strings.HasPrefix(m.Text, "🩺 2 health notes open · "), m.Text)
			assert.NotContains(t, m.Text, "fever", "a count, not the words")

			// The Still a concern? item: linked, asked, with both buttons.
			fever := sectionText(m.Blocks[1])
			assert.Equal(t, "• <https://fake.slack.test/archives/C1/p9|baby 38.4 fever since 6pm>\n_Still a concern?_", fever)
			acts, ok := m.Blocks[2].(*slack.ActionBlock)
			require.True(t, ok, "Resolved and Still a concern under it")
			require.Len(t, acts.Elements.ElementSet, 2)
			resolved, concern := acts.Elements.ElementSet[0].(*slack.ButtonBlockElement), acts.Elements.ElementSet[1].(*slack.ButtonBlockElement)
			assert.Equal(t, []string{blocks.ActionHealthResolved, "h1", "Resolved"}, []string{resolved.ActionID, resolved.Value, resolved.Text.Text})
			assert.Equal(t, []string{blocks.ActionHealthConcern, "h1", "Still a concern"}, []string{concern.ActionID, concern.Value, concern.Text.Text})

			// The other: Resolved only, and no ask.
			mood := m.Blocks[3].(*slack.SectionBlock)
			assert.Equal(t, "• feeling hopeless at night", mood.Text.Text)
			require.NotNil(t, mood.Accessory)
			require.NotNil(t, mood.Accessory.ButtonElement)
			assert.Equal(t, blocks.ActionHealthResolved, mood.Accessory.ButtonElement.ActionID)
			assert.Equal(t, "h2", mood.Accessory.ButtonElement.Value)

			for _, b := range m.Blocks[:4] {
				raw, err := json.Marshal(b)
				require.NoError(t, err)
				for _, mark := range []string{"🔴", "🟠", "🟡", "🟢", "<!date", "critical", "high"} {
					assert.NotContains(t, string(raw), mark, "no level, colour or time on a health item")
				}
			}
		})
	}
	assert.Contains(t, sectionText(msgs["calm"].Blocks[4]), "calmer now: no deadline or supply is urgent", "not \"nothing urgent\" beside a health note")
}

// However many health notes are open, a radar message stays inside
// Slack's limits and says how many more there are.
func TestRadarCapsHealthNotes(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := radarState(now)
	long := strings.Repeat("🍼 <!channel> & *fever* ", 400)
	for i := 0; i < 200; i++ {
		st.Health = append(st.Health, bh.RiskItem{Key: fmt.Sprintf("health:h%d", i), Text: long, NoteIDs: []string{fmt.Sprintf("h%d", i)}, Ask: i%2 == 0})
	}
	for i := 0; i < 200; i++ {
		due := now.Add(time.Duration(i) * time.Minute)
		st.Deadlines = append(st.Deadlines, bh.RiskItem{Key: fmt.Sprintf("deadline:d%d", i), Kind: bh.TagDeadline, Text: long, At: &due, Level: bh.RiskCritical, NoteIDs: []string{"n"}})
	}
	item := st.Health[0]
	for _, kind := range []bh.PostKind{bh.PostNudge, bh.PostReminder, bh.PostOutlook, bh.PostHealthAsk} {
		m := blocks.RadarPost(bh.RadarPost{Kind: kind, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Item: &item, Why: long, Location: time.UTC, Now: now,
			Duty: bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: now.Add(time.Hour)}}, nil, nil)
		assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)), kind)
		raw, _ := json.Marshal(m)
		assert.NotContains(t, string(raw), "<!channel>", kind)
		if kind != bh.PostHealthAsk {
			assert.Contains(t, string(raw), "…and 195 more in `/radar`", kind)
		}
	}
	r := blocks.RadarOn(st, nil, time.UTC, bh.Clock24)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, r.Blocks)))
	raw, _ := json.Marshal(r)
	assert.Contains(t, string(raw), "…and 195 more in handoff.md")
}

// A health note open a day without news is asked about on its own: the
// health line, the note, "Still a concern?", Resolved and Still a concern;
// in a family channel, to the person on duty.
func TestRadarHealthAsk(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := healthState(now)
	item := st.Health[0]
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: now.Add(9 * time.Hour)}
	links := blocks.Links{"h1": "https://fake.slack.test/archives/C1/p9"}
	m := blocks.RadarPost(bh.RadarPost{Kind: bh.PostHealthAsk, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Item: &item, Location: time.UTC, Now: now, Duty: duty}, links, nil)
	golden(t, "radar_health_ask.json", m)
	assert.Equal(t, "<@U2> 🩺 Still a concern? baby 38.4 fever since 6pm", m.Text)
	require.Len(t, m.Blocks, 4, "the line, the note, its buttons, the footer")
	assert.Equal(t, "<@U2> 🩺 *"+bh.HealthLine+"*", sectionText(m.Blocks[0]), "only the asked note: no mood line for another")
	assert.Contains(t, sectionText(m.Blocks[1]), "_Still a concern?_")
	_, ok := m.Blocks[2].(*slack.ActionBlock)
	assert.True(t, ok)
	raw, err := json.Marshal(m.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), blocks.ActionRadarSnooze, "a question, not a nudge")
}

// healthShown is what a message shows of its health notes: the text of
// each health section and each button's action and note, in order.
func healthShown(bl []slack.Block) []string {
	var out []string
	for _, b := range bl {
		switch b := b.(type) {
		case *slack.SectionBlock:
			if b.Text == nil || !(strings.HasPrefix(b.Text.Text, blocks.HealthMark) || strings.HasPrefix(b.Text.Text, "• ")) {
				continue
			}
			out = append(out, b.Text.Text)
			if b.Accessory != nil && b.Accessory.ButtonElement != nil {
				out = append(out, b.Accessory.ButtonElement.ActionID+":"+b.Accessory.ButtonElement.Value)
			}
		case *slack.ActionBlock:
			for _, e := range b.Elements.ElementSet {
				if btn, ok := e.(*slack.ButtonBlockElement); ok && strings.HasPrefix(btn.ActionID, "health_") {
					out = append(out, btn.ActionID+":"+btn.Value)
				}
			}
		}
	}
	return out
}

// The radar lists health notes as App Home does, word for word: one
// health line, each note linked the same way, the same buttons. A link
// that could end early is left out, not quoted into the message.
func TestRadarHealthReadsAsEverywhere(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	health := []bh.RiskItem{
		{Key: "health:h1", Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"h1"}, Ask: true},
		{Key: "health:h2", Text: "feeling hopeless at night", NoteIDs: []string{"h2"}, Mood: true},
		{Key: "health:h3", Text: "rash <on> her & arm", NoteIDs: []string{"h3"}},
	}
	links := blocks.Links{"h1": "https://fake.slack.test/archives/C1/p9", "h3": "https://fake.slack.test/x|<!channel>", "n1": "https://fake.slack.test/x>|<!here"}
	home := healthShown(blocks.Home(blocks.HomeInput{Health: health, Mood: true, Links: links, Now: now}).Blocks.BlockSet)
	require.Len(t, home, 8, "the line, three notes, Resolved on each, Still a concern on the asked one")
	st := radarState(now)
	st.Health = health
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	for name, m := range map[string]blocks.Message{
		"nudge":   blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Why: "risk is critical", Location: time.UTC, Now: now}, links, nil),
		"outlook": blocks.RadarPost(bh.RadarPost{Kind: bh.PostOutlook, Shift: shift, State: st, Location: time.UTC, Now: now}, links, nil),
		"/radar":  blocks.RadarOn(st, links, time.UTC, bh.Clock24),
	} {
		assert.Equal(t, home, healthShown(m.Blocks), name)
		raw := rawOf(t, m)
		assert.NotContains(t, raw, `\u003c!channel`, name)
		assert.NotContains(t, raw, `\u003c!here`, name, "a deadline's link too")
		assert.NotContains(t, raw, `fake.slack.test/x`, name)
	}
}

// Health notes whose asks come due at once are asked about in one
// message: the line once, then each note with "Still a concern?",
// Resolved and Still a concern; the notification counts them.
func TestRadarHealthAsksInOneMessage(t *testing.T) {
	now := time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC)
	st := radarState(now)
	for i, text := range []string{"baby 38.4 fever since 6pm", "rash <!channel> on her arm", "my incision is red"} {
		id := fmt.Sprintf("h%d", i+1)
		st.Health = append(st.Health, bh.RiskItem{Key: "health:" + id, Text: text, NoteIDs: []string{id}, Ask: true})
	}
	st.Health = append(st.Health, bh.RiskItem{Key: "health:h9", Text: "asked yesterday", NoteIDs: []string{"h9"}})
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: now.Add(9 * time.Hour)}
	m := blocks.RadarPost(bh.RadarPost{Kind: bh.PostHealthAsk, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Location: time.UTC, Now: now, Duty: duty}, nil, nil)
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, m.Blocks)))
	assert.Equal(t, "<@U2> 🩺 Still a concern? 3 health notes open a day without news", m.Text)
	require.Len(t, m.Blocks, 1+3*2+1, "the line, each note and its buttons, the footer")
	assert.Equal(t, "<@U2> 🩺 *"+bh.HealthLine+"*", sectionText(m.Blocks[0]))
	for i := 0; i < 3; i++ {
		assert.Contains(t, sectionText(m.Blocks[1+2*i]), "_Still a concern?_")
		acts, ok := m.Blocks[2+2*i].(*slack.ActionBlock)
		require.True(t, ok)
		require.Len(t, acts.Elements.ElementSet, 2)
		assert.Equal(t, fmt.Sprintf("h%d", i+1), acts.Elements.ElementSet[1].(*slack.ButtonBlockElement).Value)
	}
	raw := rawOf(t, m)
	assert.NotContains(t, raw, "asked yesterday", "only the notes due their ask")
	assert.NotContains(t, raw, `\u003c!channel`)
}

// A radar message's notification text opens with the count of open health
// notes, and no note's words reach it unescaped, whatever the kind: a
// note cannot ping the channel or forge a link from a lock screen.
func TestRadarNotificationsEscapeNotes(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	const evil = "<!channel> <@U9> <https://evil.test|tap> & fever"
	st := radarState(now)
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory, st.Commitments} {
		for i := range g {
			g[i].Text = evil
		}
	}
	for i := 0; i < 3; i++ {
		st.Health = append(st.Health, bh.RiskItem{Key: fmt.Sprintf("health:h%d", i), Text: evil, NoteIDs: []string{fmt.Sprintf("h%d", i)}, Ask: true})
	}
	one := st
	one.Health = st.Health[:1]
	item := st.Deadlines[0]
	shift := bh.Shift{ID: "s1", ChannelID: "C1"}
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: now.Add(time.Hour)}
	post := func(kind bh.PostKind, st bh.ShiftState, it *bh.RiskItem) blocks.Message {
		return blocks.RadarPost(bh.RadarPost{Kind: kind, Shift: shift, State: st, Item: it, Why: "new critical: " + evil, Location: time.UTC, Now: now, Duty: duty,
			Claims: map[string]string{"n2": "U3> <!here"}}, nil, nil)
	}
	msgs := map[string]blocks.Message{
		"nudge":        post(bh.PostNudge, st, nil),
		"calm":         post(bh.PostNudge, bh.ShiftState{Health: st.Health}, nil),
		"reminder":     post(bh.PostReminder, st, &item),
		"outlook":      post(bh.PostOutlook, st, nil),
		"ask, one":     post(bh.PostHealthAsk, one, nil),
		"ask, several": post(bh.PostHealthAsk, st, nil),
		"/radar":       blocks.RadarOn(st, nil, time.UTC, bh.Clock24),
	}
	for name, m := range msgs {
		t.Run(name, func(t *testing.T) {
			text := strings.ReplaceAll(m.Text, "<@U2>", "") // the person on duty: a forged claim is no mention
			assert.NotContains(t, text, "<", m.Text)
			assert.NotContains(t, text, ">", m.Text)
			assert.NotContains(t, strings.NewReplacer("&amp;", "", "&lt;", "", "&gt;", "").Replace(text), "&", m.Text)
			if !strings.HasPrefix(name, "ask") {
				assert.Contains(t, m.Text, "🩺 3 health notes open · ")
			}
		})
	}
}
