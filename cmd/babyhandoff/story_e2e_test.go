package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// radarPostCalls are the radar's chat.postMessage calls to channel (its
// posts carry its claim as metadata), from the first'th call on.
func (h *harness) radarPostCalls(channel string, from int) []slacktest.Call {
	var out []slacktest.Call
	calls := h.fake.Calls("chat.postMessage")
	for _, c := range calls[min(from, len(calls)):] {
		if c.Form.Get("channel") == channel && strings.Contains(c.Form.Get("metadata"), "babyhandoff_radar_post") {
			out = append(out, c)
		}
	}
	return out
}

// gotItOf is the handoff id on a handoff message's Got it.
func gotItOf(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	for _, b := range buttons(t, raw) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			return b.Value
		}
	}
	t.Fatalf("no Got it in %s", raw)
	return ""
}

// The evening, played end to end in New York time. 9:40 PM:
// Maya's eight notes, /plan, Hand off to Sam (not yet in the family) until
// 7:45 AM; Sam joins and takes it at 9:47. 10:40 PM: his "got formula"
// closes her "out of formula". All night the radar speaks to Sam only,
// the fever among what he is told; the 7 AM outlook is his; at 7:45 he
// hands back and Maya takes it. 3 PM: Maya's plan says Sam got the
// formula, and no longer asks for it.
func TestE2EFamilyEvening(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, ny) }
	clock := clocktest.New(at(24, 21, 40))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	var nudger *radar.Nudger
	select {
	case nudger = <-nudgers:
	case <-time.After(10 * time.Second):
		t.Fatal("no nudger")
	}
	ctx := context.Background()
	to := func(t time.Time) { clock.Advance(t.Sub(clock.Now())) }
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})

	// 9:40 PM: Maya's eight notes, the outlook at 7, her plan.
	for i, text := range []string{
		"out of formula", "baby 38.4 fever since 6pm", "daycare form due tomorrow 5pm", "slept 2h",
		"wipes < 1 day", "bottle at 11pm", "pay pediatrician bill by 11:55pm", "call grandma tomorrow",
	} {
		h.note("DU1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/radar", "outlook 7", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "every day at 7 AM")
	h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) >= 1 }, "Maya's evening message")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	// One phone screen, its green button the next action.
	var bl slack.Blocks
	require.NoError(t, json.Unmarshal(card.raw, &bl))
	assert.LessOrEqual(t, blocks.Height(bl.BlockSet), blocks.MaxCard, "one screen: %d px", blocks.Height(bl.BlockSet))
	assert.Regexp(t, `"action_id":"radar_done","value":"[0-9a-f]+","style":"primary"`, string(card.raw), "Done on Now is the green button")
	assert.Contains(t, string(card.raw), "Low — from your notes")

	// 9:45 PM: Hand off to Sam, who is not in the family, for 10 hours.
	to(at(24, 21, 45))
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	handed := h.topLevel("DU2", "handed off to you")
	assert.Contains(t, handed.Text, "until Wed 7:45 AM", "the lock screen on Sam's 12-hour clock")
	assert.Contains(t, string(handed.Blocks), "38.4", "the fever is in what Sam is handed")
	root := h.topLevel("DU1", "Handed off to <@U2>")
	inv, inviteID := h.invite("DU2")
	h.ephemeral("DU1", "U1", "Handed off.")

	// 9:47 PM: Join, then Got it.
	to(at(24, 21, 47))
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, inviteID))
	h.ephemeral("DU2", "U2", "You joined")
	h.ack(h.click("DU2", handed.TS, "U2", blocks.ActionHandoffGotIt, gotItOf(t, handed.Blocks)))
	h.inThread("DU1", root.TS, "<@U2> has it from 9:47 PM")
	// From here on, nothing new from the radar in Maya's DM.
	mark := len(h.fake.Calls("chat.postMessage"))

	// The night, five minutes at a time: at 1 AM Sam is out of diapers,
	// at 2 AM the fever rises.
	for now := at(24, 21, 50); now.Before(at(25, 7, 0)); now = now.Add(5 * time.Minute) {
		to(now)
		nudger.Tick(ctx)
		switch {
		case now.Equal(at(24, 22, 40)):
			got := tsAt(clock.Now(), 1)
			h.note("DU2", "U2", "got formula", got)
			assert.Contains(t, h.replyMessage("DU2", got).Text, "closes: out of formula, noted by Maya 9:40 PM")
		case now.Equal(at(25, 1, 0)):
			h.note("DU2", "U2", "out of diapers", tsAt(clock.Now(), 1))
			h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool { return len(ms) == 2 }, "the 1 AM rise in Sam's DM")
		case now.Equal(at(25, 2, 0)):
			h.note("DU2", "U2", "baby 39.1 fever", tsAt(clock.Now(), 1))
		}
	}
	to(at(25, 7, 0))
	nudger.Tick(ctx)
	h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool {
		for _, m := range ms {
			if strings.Contains(m.Text, "Morning outlook") {
				return true
			}
		}
		return false
	}, "the outlook in Sam's DM")
	sams := h.radarPostCalls("DU2", mark)
	require.NotEmpty(t, sams, "the night's posts reach Sam")
	require.Len(t, sams, 3, "the 9:55 PM reminder, the 1 AM rise, the 7 AM outlook")
	for _, c := range sams {
		assert.Contains(t, c.Form.Get("blocks"), "38.4 fever", "the fever is in every radar message Sam gets: %s", c.Form.Get("text"))
		assert.Equal(t, handed.TS, c.Form.Get("thread_ts"), "under his handoff message")
	}
	assert.Contains(t, sams[0].Form.Get("text"), "Reminder: pay pediatrician bill")
	assert.Contains(t, sams[1].Form.Get("blocks"), "diapers")
	assert.Empty(t, h.radarPostCalls("DU1", mark), "nothing new in Maya's DM while Sam is on duty")
	for _, m := range h.radarPostsIn("DU2") {
		if strings.Contains(m.Text, "Morning outlook") {
			assert.NotContains(t, m.Text+string(m.Blocks), "out of formula", "Sam got it last night")
		}
	}

	// 7:45 AM: Sam hands back; Maya takes it.
	to(at(25, 7, 45))
	assert.Nil(t, formErrors(t, h.ack(h.submitViewAs("U2", blocks.CallbackHandoff, blocks.HandoffMetadata("DU2", ""),
		handoffValues([]string{"U1"}, "", "now", 8, "", true)))))
	back := h.topLevel("DU1", "handed off to you")
	backRoot := h.topLevel("DU2", "Handed off to <@U1>")
	h.ack(h.click("DU1", back.TS, "U1", blocks.ActionHandoffGotIt, gotItOf(t, back.Blocks)))
	h.inThread("DU2", backRoot.TS, "<@U1> has it from 7:45 AM")
	// The family's history shows both handoffs, each with who has it.
	h.ack(h.homeOpened("U1", ""))
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		b, _ := json.Marshal(c.JSON["view"])
		v := string(b)
		return c.JSON["user_id"] == "U1" && strings.Contains(v, `\u003c@U1\u003e → \u003c@U2\u003e`) && strings.Contains(v, `\u003c@U2\u003e → \u003c@U1\u003e`) &&
			strings.Count(v, "has had it since") == 2
	})
	require.NoError(t, err, "Maya's App Home lists both handoffs")
	mark = len(h.fake.Calls("chat.postMessage"))

	// 3 PM: the daycare form's reminder is Maya's, under her handoff. The
	// nudger's own sweep runs on a real-time schedule beside this test and
	// may claim the reminder first (the jump to 3 PM brings it due), so this
	// Tick finds it claimed and the post lands a moment later: wait for it,
	// sweeping again as the nudger would.
	to(at(25, 15, 0))
	require.Eventually(t, func() bool {
		nudger.Tick(ctx)
		if len(h.radarPostCalls("DU1", mark)) > 0 {
			return true
		}
		clock.Advance(time.Second)
		return false
	}, 10*time.Second, 10*time.Millisecond, "the reminder in Maya's DM; log:\n%s", h.stderr.String())
	mayas := h.radarPostCalls("DU1", mark)
	require.Len(t, mayas, 1, "the reminder in Maya's DM")
	assert.Contains(t, mayas[0].Form.Get("text"), "Reminder: daycare form")
	assert.Equal(t, back.TS, mayas[0].Form.Get("thread_ts"), "under her handoff message")
	assert.Empty(t, h.radarPostCalls("DU2", mark), "Sam is off duty")

	// Maya's plan (v4: hers, his and the one he handed back) says
	// Sam got the formula, and no longer asks for it.
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	plan := h.waitCard("DU1", "v4 · ")
	assert.NotContains(t, plan.title+plan.text+string(plan.raw), "formula", "nothing to buy")
	h.ack(h.cardAction("DU1", plan.ts, "U1", map[string]any{"type": "overflow", "action_id": blocks.ActionCardMore, "block_id": blocks.CardActionsPrefix + plan.runID,
		"action_ts": "1.1", "selected_option": map[string]any{"value": blocks.ActionDownload, "text": map[string]any{"type": "plain_text", "text": "Download plan"}}}))
	doc := string(waitFile(t, h, "handoff-v4.md").Content)
	_, done, ok := strings.Cut(doc, "## Done since yesterday\n")
	require.True(t, ok, "the plan says what was done:\n%s", doc)
	done, _, _ = strings.Cut(done, "\n\n")
	assert.Regexp(t, `(?m)^- \[x\] out of formula — done by Sam, Tue 10:40 PM$`, done)
	now, _, _ := strings.Cut(doc, "## Done since yesterday")
	assert.NotContains(t, now, "formula", "not among what to do")
	// Both read a 12-hour clock: no time in either DM, a date token's
	// fallback (what a notification, a screen reader, search and
	// copy-paste show) or a notification's text, is on the 24-hour one.
	assert.Empty(t, h.twentyFourHour(), "every time Maya and Sam read is on their 12-hour clock")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// fallback24 is a date token whose fallback is a 24-hour time ("|21:47>",
// "|Wed 07:45>"); clock24 is such a time in a notification's own text.
var (
	fallback24 = regexp.MustCompile(`<!date\^\d+\^[^|>]*\|[^>]*\b\d\d:\d\d>`)
	clock24    = regexp.MustCompile(`\b\d\d:\d\d\b( ?[AaPp][Mm]\b)?`)
)

// twentyFourHour lists the 24-hour times in every message the bot
// posted, updated or replaced so far (with the call and its channel), and
// the 24-hour fallbacks in every App Home and form it showed (a
// timepicker's initial_time is Slack's "HH:mm", not a token).
func (h *harness) twentyFourHour() []string {
	var out []string
	for _, c := range h.fake.Calls("") {
		if strings.HasPrefix(c.Method, "views.") {
			b, _ := json.Marshal(c.JSON)
			for _, s := range fallback24.FindAllString(unJSON.Replace(string(b)), -1) {
				out = append(out, c.Method+": "+s)
			}
			continue
		}
		if !strings.HasPrefix(c.Method, "chat.") && c.Method != "response_url" {
			continue
		}
		var text, rest string
		if c.Form != nil {
			text, rest = c.Form.Get("text"), c.Form.Get("blocks")+c.Form.Get("attachments")
		} else {
			text, _ = c.JSON["text"].(string)
			b, _ := json.Marshal(c.JSON)
			rest = string(b)
		}
		where := c.Method + " " + c.Form.Get("channel")
		for _, s := range fallback24.FindAllString(unJSON.Replace(text+rest), -1) {
			out = append(out, where+": "+s)
		}
		for _, m := range clock24.FindAllStringSubmatch(dateToken.ReplaceAllString(unJSON.Replace(text), ""), -1) {
			if m[1] == "" {
				out = append(out, where+" text: "+m[0]+" in "+text)
			}
		}
	}
	return out
}

// The evening's bad input. Maya and Sam hand off to each other at once:
// the first Got it wins, and the second is told who has it. Sam leaves
// while on duty from a handoff: the family is told, and the radar speaks
// to Maya again. A handoff to
// someone who never answers Join: the sender is told after the reminder,
// his Got it is refused until he joins, and the family's radar posts keep
// going to Maya's DM.
func TestE2EFamilyBadInput(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, ny) }

	t.Run("crossing handoffs", func(t *testing.T) {
		clock := clocktest.New(at(24, 21, 40))
		setup, _ := fakeTime(clock)
		h := start(t, setup)
		h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
		h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
		h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
		h.ack(h.addPartner("U1", "U2"))
		inv, id := h.invite("DU2")
		h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
		h.ephemeral("DU2", "U2", "You joined")

		// Each hands the night to the other before either taps Got it.
		assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "now", 10, "", false)))))
		toSam := h.topLevel("DU2", "handed off to you")
		mayasRoot := h.topLevel("DU1", "Handed off to <@U2>")
		assert.Nil(t, formErrors(t, h.ack(h.submitViewAs("U2", blocks.CallbackHandoff, "DU2|", handoffValues([]string{"U1"}, "", "now", 10, "", false)))))
		toMaya := h.topLevel("DU1", "handed off to you")
		samsRoot := h.topLevel("DU2", "Handed off to <@U1>")

		clock.Advance(2 * time.Minute)
		h.ack(h.click("DU2", toSam.TS, "U2", blocks.ActionHandoffGotIt, gotItOf(t, toSam.Blocks)))
		h.inThread("DU1", mayasRoot.TS, "<@U2> has it from 9:42 PM")
		clock.Advance(time.Minute)
		h.ack(h.click("DU1", toMaya.TS, "U1", blocks.ActionHandoffGotIt, gotItOf(t, toMaya.Blocks)))
		told := h.ephemeral("DU1", "U1", "already has it")
		assert.Contains(t, told.Text, "<@U2> already has it")
		assert.Contains(t, told.Text, "took your handoff at 9:42 PM", "on Maya's 12-hour clock, as every other time she reads")
		// Nor is Maya reminded to take a handoff that is moot.
		clock.Advance(15 * time.Minute)
		require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
		for _, m := range h.fake.Messages("DU2") {
			assert.NotContains(t, m.Text, "<@U1> has it from", "Sam's crossing handoff was not taken")
		}
		for _, m := range h.fake.Messages("DU1") {
			assert.NotContains(t, m.Text, "<@U2> handed off to you at", "no reminder of Sam's crossing handoff")
		}
		db := openTestDB(t, h.dir)
		defer db.Close(context.Background())
		fam, err := db.FamilyOf(context.Background(), h.team, "DU1")
		require.NoError(t, err)
		duty, err := db.Duty(context.Background(), h.team, fam.ShiftID)
		require.NoError(t, err)
		assert.Equal(t, "U2", duty.UserID, "the first Got it won")
		crossed, err := db.Handoff(context.Background(), h.team, gotItOf(t, toMaya.Blocks))
		require.NoError(t, err)
		assert.False(t, crossed.RemindedAt.IsZero(), "its reminder came due, and said nothing")
		assert.Empty(t, crossed.GotBy)
		_ = samsRoot
	})

	// Leaving on duty is TestE2EFamilyJoinAndLeave's; here the duty is a
	// handoff's, and the radar comes back to Maya.
	t.Run("leaving while on duty", func(t *testing.T) {
		clock := clocktest.New(at(24, 21, 40))
		setup, nudgers := fakeTime(clock)
		h := start(t, setup)
		<-nudgers
		h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
		h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
		h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 1))
		h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "Maya's evening message")
		assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "now", 10, "", false)))))
		handed := h.topLevel("DU2", "handed off to you")
		inv, id := h.invite("DU2")
		h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
		h.ephemeral("DU2", "U2", "You joined")
		h.ack(h.click("DU2", handed.TS, "U2", blocks.ActionHandoffGotIt, gotItOf(t, handed.Blocks)))
		h.inThread("DU1", h.topLevel("DU1", "Handed off to <@U2>").TS, "<@U2> has it from")

		clock.Advance(time.Hour)
		h.ack(h.homeAction("U2", "VHOME", map[string]any{"type": "button", "action_id": blocks.ActionFamilyLeave,
			"block_id": blocks.BlockFamily + "_actions", "value": "leave", "action_ts": "1.1"}))
		h.topLevel("DU1", "<@U2> left the family's list, and their duty ended")
		h.note("DU1", "U1", "out of diapers", tsAt(clock.Now(), 1))
		h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 2 }, "the rise in Maya's DM")
		assert.Empty(t, h.radarPostsIn("DU2"), "nothing for Sam once he left")
		require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	})

	t.Run("Join never answered", func(t *testing.T) {
		clock := clocktest.New(at(24, 21, 40))
		setup, nudgers := fakeTime(clock)
		h := start(t, setup)
		<-nudgers
		h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
		h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
		h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 1))
		h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "Maya's evening message")

		assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "now", 10, "", false)))))
		handed := h.topLevel("DU2", "handed off to you")
		root := h.topLevel("DU1", "Handed off to <@U2>")
		h.invite("DU2")
		h.ephemeral("DU1", "U1", "Handed off.")
		clock.Advance(15 * time.Minute)
		told := h.inThread("DU1", root.TS, "has not answered *Join* yet")
		assert.Contains(t, told.Text, "Sam has not answered")

		// He cannot take the handoff without joining: nothing changes, and
		// the family's posts stay where they went.
		h.ack(h.click("DU2", handed.TS, "U2", blocks.ActionHandoffGotIt, gotItOf(t, handed.Blocks)))
		h.ephemeral("DU2", "U2", "You are not in Maya's family's list yet")
		clock.Advance(time.Hour)
		h.note("DU1", "U1", "out of diapers", tsAt(clock.Now(), 1))
		h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 2 }, "the rise in Maya's DM, where posts went before")
		assert.Empty(t, h.radarPostsIn("DU2"), "nothing in the DM of someone outside the family")
		require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
		for _, m := range h.fake.Messages("DU1") {
			assert.NotContains(t, m.Text, "has it from", "a refused Got it takes nothing")
		}
	})
}
