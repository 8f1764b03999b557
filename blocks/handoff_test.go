package blocks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

func TestHandoffGolden(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 1, bh.EnergyAuto)
	w := rec.Winner()
	at := rec.Run.Now
	ho := bh.Handoff{ID: "h1", TeamID: "T1", ShiftID: "s1", ChannelID: "D1", From: "U1", To: []string{"U2"}, Start: at, Hours: 10,
		Message: "Bottle in the fridge; she fell asleep at 9.", RunID: rec.Run.ID, CreatedAt: at}
	golden(t, "handoff_modal.json", blocks.HandoffModal(blocks.HandoffForm{ChannelID: "C1", RunID: rec.Run.ID, Channel: true, To: []string{"U2"}, From: "7pm", Hours: 10}))
	first := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: "Maya", Plan: &w, Run: rec.Run, FirstTime: true, Now: at, Location: time.UTC})
	golden(t, "handoff_message.json", first)
	assert.Equal(t, "<@U1> handed off to you, until Tue 01:00", first.Text, "the notification says who and until when")

	ho.GotBy, ho.GotAt = "U2", at.Add(2*time.Minute)
	taken := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: "Maya", Plan: &w, Now: at, Location: time.UTC})
	raw, err := json.Marshal(taken.Blocks)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "has it")
	assert.NotContains(t, string(raw), blocks.ActionHandoffGotIt, "taken: no Got it any more")
	assert.Contains(t, string(raw), blocks.ActionHandoffAsk, "Ask stays")
	assert.NotContains(t, string(raw), "BabyHandoff keeps", "the first-time line only where asked")
}

// A handoff later tonight says from when; one starting now does not.
func TestHandoffMessageSaysFromWhen(t *testing.T) {
	now := time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC)
	later := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: now.Add(2 * time.Hour), Hours: 10, CreatedAt: now}
	m := blocks.HandoffMessage(blocks.HandoffView{Handoff: later, Receiver: "U2", Now: now, Location: time.UTC})
	assert.Equal(t, "<@U1> handed off to you, from Tue 19:00 until Wed 05:00", m.Text)
	all := bh.Handoff{ID: "h2", From: "U1", Everyone: true, Post: "C1", Start: now, Hours: 4, CreatedAt: now}
	m = blocks.HandoffMessage(blocks.HandoffView{Handoff: all, Now: now, Location: time.UTC})
	assert.Equal(t, "<@U1> handed off to <!here>, until Tue 21:00", m.Text, "everyone active in the channel hears it")
}

func TestReadHandoffForm(t *testing.T) {
	st := &slack.ViewState{Values: map[string]map[string]slack.BlockAction{
		blocks.InputHandoffTo:       {blocks.ActionHandoffField: {SelectedUsers: []string{"U2", "U3"}}},
		blocks.InputHandoffEveryone: {blocks.ActionHandoffField: {SelectedOptions: []slack.OptionBlockObject{{Value: "everyone"}}}},
		blocks.InputHandoffFrom:     {blocks.ActionHandoffField: {Value: "  tomorrow 7am "}},
		blocks.InputHandoffHours:    {blocks.ActionHandoffField: {SelectedOption: slack.OptionBlockObject{Value: "10"}}},
		blocks.InputHandoffMessage:  {blocks.ActionHandoffField: {Value: "bottle in the fridge"}},
		blocks.InputHandoffPlan:     {blocks.ActionHandoffField: {SelectedOptions: []slack.OptionBlockObject{{Value: "plan"}}}},
	}}
	assert.Equal(t, blocks.HandoffAnswers{To: []string{"U2", "U3"}, Everyone: true, From: "tomorrow 7am", Hours: 10, Message: "bottle in the fridge", Plan: true},
		blocks.ReadHandoffForm(st))
	assert.Equal(t, blocks.HandoffAnswers{}, blocks.ReadHandoffForm(&slack.ViewState{}), "nothing chosen: no plan either")
	assert.Equal(t, blocks.HandoffAnswers{}, blocks.ReadHandoffForm(nil))
}

func TestDutyLine(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 11, 24, h, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		d    bh.Duty
		want string
	}{
		{"nobody", bh.Duty{}, ""},
		{"on until", bh.Duty{UserID: "U2", Since: at(19), Until: at(23)}, "On duty: <@U2> until <!date^"},
		{"on by hand", bh.Duty{UserID: "U2", Since: at(8)}, "On duty: <@U2> since <!date^"},
		{"later tonight", bh.Duty{UserID: "U2", Since: at(21), Until: at(23)}, "Next on duty: <@U2> from <!date^"},
		{"over", bh.Duty{UserID: "U2", Since: at(8), Until: at(12)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := blocks.DutyLine(tt.d, at(20), time.UTC, bh.Clock24)
			if tt.want == "" {
				assert.Empty(t, got)
				return
			}
			assert.True(t, strings.HasPrefix(got, tt.want), got)
		})
	}
}

// App Home offers "I'm on now" to whoever is not on duty.
func TestHomeDuty(t *testing.T) {
	now := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	duty := func(viewer string) *slack.SectionBlock {
		view := blocks.Home(blocks.HomeInput{Duty: bh.Duty{UserID: "U2", Since: now.Add(-time.Hour)}, Viewer: viewer, Now: now})
		for _, b := range view.Blocks.BlockSet {
			if s, ok := b.(*slack.SectionBlock); ok && s.BlockID == "home_duty" {
				return s
			}
		}
		t.Fatal("no duty section")
		return nil
	}
	on := duty("U2")
	assert.True(t, strings.HasPrefix(on.Text.Text, "🟢 *You're on duty for the family* since "), on.Text.Text)
	assert.Nil(t, on.Accessory, "already on")
	off := duty("U1")
	require.NotNil(t, off.Accessory)
	assert.Equal(t, blocks.ActionDutyTake, off.Accessory.ButtonElement.ActionID)
}

// A handoff fits one phone screen (by the layout estimate of screen.go):
// a full plan — three do-now items, the next blocks, what runs low — the
// longest message the form takes, the buttons and the first-time line.
func TestHandoffFitsOnePhoneScreen(t *testing.T) {
	now := time.Date(2026, 11, 23, 21, 41, 0, 0, time.UTC)
	rec := councilRun(t, notesOf([]string{"out of formula", "out of diapers", "deadline: daycare form was due yesterday 5pm",
		"wipes < 1 day", "diaper cream almost out", "task: call the insurance company about the bill", "task: pick up the prescription",
		"pediatrician tomorrow 2pm", "slept 2h, exhausted"}), 1, bh.EnergyAuto)
	w := rec.Winner()
	require.NotEmpty(t, w.Now)
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: now, Hours: 10, CreatedAt: now,
		Message: strings.Repeat("Bottle in the fridge, she fell asleep at 9. ", 10)[:blocks.MaxHandoffMessage]}
	m := blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", SenderName: "Maya", Plan: &w, FirstTime: true, Now: now, Location: time.UTC})
	assert.LessOrEqual(t, blocks.Height(m.Blocks), blocks.FirstScreen, "%d px", blocks.Height(m.Blocks))
}

// The one reminder says who it is for: "you" in a DM; in a channel, the
// people named or @here.
func TestHandoffReminderSaysWhoItIsFor(t *testing.T) {
	at := time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC)
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, CreatedAt: at, Hours: 4}
	assert.Equal(t, "<@U1> handed off to you at 19:00: tap Got it when you have it.", blocks.HandoffReminder(ho, "U2", time.UTC, bh.Clock24).Text)
	assert.Equal(t, "<@U1> handed off to <@U2> at 19:00: tap Got it when you have it.", blocks.HandoffReminder(ho, "", time.UTC, bh.Clock24).Text)
	ho.To, ho.Everyone = nil, true
	assert.Equal(t, "<@U1> handed off to <!here> at 19:00: tap Got it when you have it.", blocks.HandoffReminder(ho, "", time.UTC, bh.Clock24).Text)
}

// A name is a person's own text: in the notification text too it is
// escaped, so a display name like "<!channel>" never pings anyone.
func TestHandoffStillWaitingEscapesNames(t *testing.T) {
	m := blocks.HandoffStillWaiting("Sam <!channel> & co")
	assert.NotContains(t, m.Text, "<!channel>")
	assert.Contains(t, m.Text, "Sam &lt;!channel&gt; &amp; co")
	raw, err := json.Marshal(m.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), `\u003c!channel`, "nor in the blocks")
}

// App Home lists the family's handoffs of the last day, both ways, with
// who has each; none, no section.
func TestHomeListsTheDaysHandoffs(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	night := time.Date(2026, 11, 24, 21, 45, 0, 0, ny)
	morning := night.Add(10 * time.Hour)
	in := blocks.HomeInput{Location: ny, Now: morning.Add(time.Minute), Viewer: "U1", Handoffs: []bh.Handoff{
		{ID: "h1", From: "U1", To: []string{"U2"}, Start: night, Hours: 10, GotBy: "U2", GotAt: night.Add(2 * time.Minute)},
		{ID: "h2", From: "U2", To: []string{"U1"}, Start: morning, Hours: 8},
	}}
	raw := rawOf(t, blocks.Home(in).Blocks.BlockSet)
	assert.Contains(t, raw, "*Handoffs* · the last day")
	assert.Contains(t, raw, `\u003c@U1\u003e → \u003c@U2\u003e`)
	assert.Contains(t, raw, `\u003c@U2\u003e has had it since`)
	assert.Contains(t, raw, `\u003c@U2\u003e → \u003c@U1\u003e`)
	assert.Contains(t, raw, "nobody has tapped Got it")
	assert.Less(t, strings.Index(raw, `\u003c@U1\u003e → `), strings.Index(raw, `\u003c@U2\u003e → `), "oldest first")
	assert.NotContains(t, rawOf(t, blocks.Home(blocks.HomeInput{Now: morning}).Blocks.BlockSet), "*Handoffs*")
}

// A notification is all a locked phone shows, and Slack's tokens do not
// reach it: a 12-hour reader gets a 12-hour time there.
func TestHandoffNotificationsFollowTheReadersClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := time.Date(2026, 11, 24, 21, 45, 0, 0, ny)
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: at, Hours: 10, CreatedAt: at, GotBy: "U2", GotAt: at.Add(2 * time.Minute)}
	v := blocks.HandoffView{Handoff: ho, Receiver: "U2", Now: at, Location: ny, Clock: bh.Clock12}
	ho.GotBy = ""
	v.Handoff = ho
	assert.Equal(t, "<@U1> handed off to you, until Wed 7:45 AM", blocks.HandoffMessage(v).Text)
	v.Clock = bh.Clock24
	assert.Equal(t, "<@U1> handed off to you, until Wed 07:45", blocks.HandoffMessage(v).Text)
	ho.GotBy = "U2"
	assert.Equal(t, "<@U2> has it from 9:47 PM", blocks.HandoffTaken(ho, ny, bh.Clock12).Text)
	assert.Equal(t, "<@U1> handed off to you at 9:45 PM: tap Got it when you have it.", blocks.HandoffReminder(ho, "U2", ny, bh.Clock12).Text)
}
