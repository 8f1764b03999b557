package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// handoffValues are the Hand off form's answers as Slack sends them.
func handoffValues(to []string, post, from string, hours int, message string, plan bool) map[string]any {
	field := func(v map[string]any) map[string]any { return map[string]any{blocks.ActionHandoffField: v} }
	users := []any{}
	for _, u := range to {
		users = append(users, u)
	}
	opts := []any{}
	if plan {
		opts = append(opts, map[string]any{"value": "plan", "text": map[string]any{"type": "mrkdwn", "text": "Include the plan"}})
	}
	v := map[string]any{
		blocks.InputHandoffTo:      field(map[string]any{"type": "multi_users_select", "selected_users": users}),
		blocks.InputHandoffFrom:    field(map[string]any{"type": "plain_text_input", "value": from}),
		blocks.InputHandoffHours:   field(map[string]any{"type": "static_select", "selected_option": map[string]any{"value": itoa(hours), "text": map[string]any{"type": "plain_text", "text": "h"}}}),
		blocks.InputHandoffMessage: field(map[string]any{"type": "plain_text_input", "value": message}),
		blocks.InputHandoffPlan:    field(map[string]any{"type": "checkboxes", "selected_options": opts}),
	}
	if post != "" {
		v[blocks.InputHandoffPost] = field(map[string]any{"type": "conversations_select", "selected_conversation": post})
	}
	return v
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// openedView waits for the bot to open a modal with this callback id and
// returns the view it sent.
func (h *harness) openedView(callback string) map[string]any {
	h.t.Helper()
	c, err := h.fake.WaitCall(h.ctx(), "views.open", func(c slacktest.Call) bool {
		v, _ := c.JSON["view"].(map[string]any)
		return v["callback_id"] == callback
	})
	require.NoError(h.t, err, "no %s modal; log:\n%s", callback, h.stderr.String())
	return c.JSON["view"].(map[string]any)
}

// formErrors is a view submission's ack: the errors by field, nil when
// the form was taken.
func formErrors(t *testing.T, a slacktest.Ack) map[string]string {
	t.Helper()
	if len(a.Payload) == 0 {
		return nil
	}
	var p struct {
		ResponseAction string            `json:"response_action"`
		Errors         map[string]string `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(a.Payload, &p))
	assert.Equal(t, "errors", p.ResponseAction)
	return p.Errors
}

// topLevel waits for the bot's top-level message in channel containing s.
func (h *harness) topLevel(channel, s string) slacktest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == channel && m.ThreadTS == "" && !m.Ephemeral && strings.Contains(m.Text+string(m.Blocks), s)
	})
	require.NoError(h.t, err, "no message %q in %s; log:\n%s", s, channel, h.stderr.String())
	return m
}

// inThread waits for the bot's reply under ts in channel containing s.
func (h *harness) inThread(channel, ts, s string) slacktest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == channel && m.ThreadTS == ts && m.TS != ts && strings.Contains(m.Text+string(m.Blocks), s)
	})
	require.NoError(h.t, err, "no reply %q under %s in %s; log:\n%s", s, ts, channel, h.stderr.String())
	return m
}

// Hand off from the card to a partner who never used the bot: the form
// answers bad input on its fields; the receiver's DM has what to do now,
// the next hours, the message, Got it and Ask; Got it names them in the
// sender's thread and makes them the one on duty (App Home, the next
// card); Ask goes to the sender's thread and the answer comes back; Done
// from the receiver's DM closes the item; no reminder after a Got it.
func TestE2EHandOffFromTheCard(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "UBOT", Name: "Reminder app", IsBot: true})
	h.fake.SetUser(slacktest.User{ID: "UGONE", Name: "Old nanny", Deleted: true})
	h.fake.SetUser(slacktest.User{ID: "UFAR", Name: "Guest", TeamID: "T999"})
	h.fake.SetChannel(slacktest.Channel{ID: "CNOTIN", Name: "family", IsMember: false})
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")

	h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHandoffOpen, card.runID))
	form := h.openedView(blocks.CallbackHandoff)
	meta := form["private_metadata"].(string)
	assert.Equal(t, "DU1|"+card.runID, meta, "the form knows the conversation and the plan")

	for _, tc := range []struct {
		name, field, says string
		to                []string
		post, from        string
	}{
		{"nobody", blocks.InputHandoffTo, "Pick who takes over", nil, "", "now"},
		{"oneself", blocks.InputHandoffTo, "That is you", []string{"U1"}, "", "now"},
		{"a bot", blocks.InputHandoffTo, "is a bot", []string{"UBOT"}, "", "now"},
		{"a deactivated account", blocks.InputHandoffTo, "deactivated", []string{"UGONE"}, "", "now"},
		{"another workspace", blocks.InputHandoffTo, "outside this workspace", []string{"UFAR"}, "", "now"},
		{"a channel without the bot", blocks.InputHandoffPost, "not in that channel", []string{"U2"}, "CNOTIN", "now"},
		{"a start it cannot read", blocks.InputHandoffFrom, "did not understand", []string{"U2"}, "", "half past never"},
	} {
		errs := formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, meta, handoffValues(tc.to, tc.post, tc.from, 10, "", true))))
		require.Contains(t, errs, tc.field, tc.name)
		assert.Contains(t, errs[tc.field], tc.says, tc.name)
	}
	assert.Empty(t, h.fake.Messages("DU2"), "nothing was sent for a refused form")

	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, meta, handoffValues([]string{"U2"}, "", "now", 10, "Bottle in the fridge <!channel>", true)))))
	got := h.topLevel("DU2", "handed off to you")
	raw := string(got.Blocks)
	assert.Contains(t, got.Text, "<@U1> handed off to you, until Wed 07:40", "the notification: who, until when")
	assert.Contains(t, raw, "Do now", "what is out, first")
	assert.Contains(t, raw, "Out of formula — needed before the next feed", "at night, plainly")
	assert.Contains(t, raw, "Next")
	assert.Contains(t, raw, "Bottle in the fridge \\u0026lt;!channel\\u0026gt;", "the sender's words, never live")
	assert.Contains(t, raw, "BabyHandoff keeps", "one line for a first-time receiver")
	var handoffID, doneValue string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	var bl []struct {
		Accessory struct {
			ActionID string `json:"action_id"`
			Value    string `json:"value"`
		} `json:"accessory"`
	}
	require.NoError(t, json.Unmarshal(got.Blocks, &bl))
	for _, b := range bl {
		if b.Accessory.ActionID == blocks.ActionHandoffDone {
			doneValue = b.Accessory.Value
		}
	}
	require.NotEmpty(t, handoffID)
	require.NotEmpty(t, doneValue, "Done on the do-now item")
	assert.Contains(t, raw, "Ask Maya")
	_, err := h.fake.WaitCall(h.ctx(), "files.completeUploadExternal", func(c slacktest.Call) bool {
		return strings.Contains(c.Form.Get("channel_id"), "DU2") && c.Form.Get("thread_ts") == got.TS
	})
	require.NoError(t, err, "handoff.md in the receiver's thread")
	// v2: the plan made for Sam, not the card's v1.
	for _, name := range []string{"plan-v2.ics", "plan-v2.png"} {
		f := waitFile(t, h, name)
		assert.Equal(t, got.TS, f.ThreadTS, "%s in the receiver's thread", name)
	}
	root := h.topLevel("DU1", "Handed off to <@U2>")
	assert.Contains(t, string(root.Blocks), "waiting for")

	// A second person who is not a receiver cannot take it.
	h.ack(h.click("DU9", got.TS, "U9", blocks.ActionHandoffGotIt, handoffID))
	h.ephemeral("DU9", "U9", "not yours to take")

	// Sam is not in Maya's family yet: his Got it is refused, with the
	// offer to join and take it in one tap.
	clock.Advance(2 * time.Minute)
	h.joinAndTake("DU2", got.TS, "U2", handoffID)
	taken := h.inThread("DU1", root.TS, "has it from")
	assert.Contains(t, taken.Text, "<@U2> has it from 21:42", "the sender's thread names the receiver")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && m.Updated > 0 && strings.Contains(string(m.Blocks), "has it") &&
			!strings.Contains(string(m.Blocks), blocks.ActionHandoffGotIt)
	})
	require.NoError(t, err, "the receiver's message shows it is theirs, without Got it")
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffGotIt, handoffID))
	h.ephemeral("DU2", "U2", "You already have it")

	h.ack(h.homeOpened("U1", ""))
	_, err = h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		b, _ := json.Marshal(c.JSON["view"])
		return c.JSON["user_id"] == "U1" && strings.Contains(string(b), "*On duty* · \\u003c@U2\\u003e until")
	})
	require.NoError(t, err, "App Home says who is on duty")
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	v3 := h.waitCard("DU1", "v3 · ")
	assert.Contains(t, string(v3.raw), "On duty: \\u003c@U2\\u003e until", "the card's head says who is on")

	// Ask: to the sender's thread, with a mention; the answer there comes
	// back to the receiver's thread, and is not a note.
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffAsk, handoffID))
	h.openedView(blocks.CallbackHandoffAsk)
	q := map[string]any{blocks.InputHandoffQuestion: map[string]any{blocks.ActionHandoffField: map[string]any{"type": "plain_text_input", "value": "Where is the spare bottle?"}}}
	assert.Nil(t, formErrors(t, h.ack(h.submitViewAs("U2", blocks.CallbackHandoffAsk, handoffID, q))))
	asked := h.inThread("DU1", root.TS, "Where is the spare bottle?")
	assert.Contains(t, asked.Text, "<@U2> asks <@U1>")
	notesBefore := len(h.fake.Messages("DU1"))
	h.ack(h.message("DU1", "im", "U1", "top shelf, behind the tea", tsAt(clock.Now(), 7), map[string]any{"thread_ts": root.TS}))
	answer := h.inThread("DU2", got.TS, "top shelf")
	assert.Contains(t, answer.Text, "<@U1>: top shelf, behind the tea")
	assert.Len(t, h.fake.Messages("DU1"), notesBefore, "an answer is passed on, not taken as a note (no capture reply)")

	// Done from the receiver's DM closes the conversation's item, and the
	// conversation's card shows it.
	cardUpdates := 0
	for _, m := range h.fake.Messages("DU1") {
		if m.TS == v3.ts {
			cardUpdates = m.Updated
		}
	}
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffDone, doneValue))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), "~Out of formula") && strings.Contains(string(m.Blocks), blocks.ActionHandoffUndone)
	})
	require.NoError(t, err, "struck through, with Undo")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.TS == v3.ts && m.Updated > cardUpdates
	})
	require.NoError(t, err, "the card is brought up to date")

	// Got it came before the 15 minutes: no reminder, ever.
	clock.Advance(30 * time.Minute)
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	h.waitCard("DU1", "v4 · ")
	// A reminder would be posted by a worker after the clock moved: give
	// it a second to show before saying there is none.
	short, cancel := context.WithTimeout(context.Background(), time.Second)
	_, err = h.fake.WaitMessage(short, func(m slacktest.Message) bool {
		return m.Channel == "DU2" && strings.Contains(m.Text, "tap Got it")
	})
	cancel()
	assert.Error(t, err, "no reminder after a Got it")
	assert.Equal(t, 0, h.stop())
	for _, n := range h.notes("DU1", false) {
		if n.Text == "out of formula" {
			assert.True(t, n.Done(), "done from the receiver's DM")
			assert.Equal(t, "U2", n.DoneBy.User)
		}
		assert.NotContains(t, n.Text, "top shelf", "the answer is not a note")
	}
}

// /handoff fills the form with what was typed; without a Got it the
// receiver is reminded once after 15 minutes and the sender told quietly;
// never again.
func TestE2EHandOffRemindsOnce(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 1))

	h.ack(h.slash("/handoff", "<@U2|sam> 7pm cake", "DU1", "U1"))
	h.ephemeral("DU1", "U1", "did not understand")
	h.ack(h.slash("/handoff", "<@U2|sam> from 7pm for 10h", "DU1", "U1"))
	form := h.openedView(blocks.CallbackHandoff)
	b, _ := json.Marshal(form)
	assert.Contains(t, string(b), `"initial_users":["U2"]`, "the person typed")
	assert.Contains(t, string(b), `"initial_value":"from 7pm"`, "the start typed")
	assert.Contains(t, string(b), `"value":"10"`, "the length typed")

	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "from 7pm", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	assert.Contains(t, got.Text, "from Tue 19:00 until Wed 05:00")
	root := h.topLevel("DU1", "Handed off to <@U2>")
	// The sender is told once the reminder is set; then time may pass.
	h.ephemeral("DU1", "U1", "Handed off.")

	clock.Advance(14 * time.Minute)
	clock.Advance(time.Minute)
	reminder := h.topLevel("DU2", "tap *Got it*")
	assert.Contains(t, reminder.Text, "<@U1> handed off to you at 17:00")
	quiet := h.inThread("DU1", root.TS, "reminded them once")
	assert.NotContains(t, quiet.Text+string(quiet.Blocks), "<@", "a quiet note to the sender: no mention")

	clock.Advance(45 * time.Minute)
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	h.waitCard("DU1", "v2 · ")
	n := 0
	for _, m := range h.fake.Messages("DU2") {
		if strings.Contains(m.Text, "tap Got it") {
			n++
		}
	}
	assert.Equal(t, 1, n, "one reminder, never more")

	var handoffID string
	for _, b := range buttons(t, reminder.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	h.joinAndTake("DU2", reminder.TS, "U2", handoffID)
	h.inThread("DU1", root.TS, "<@U2> has it from")
}

// A Got it tapped after the handed-off time is over puts nobody on duty:
// the receiver is told, the sender's thread hears nothing.
func TestE2ELateGotItChangesNoDuty(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 1))
	h.ack(h.slash("/handoff", "<@U2|sam> for 1h", "DU1", "U1"))
	h.openedView(blocks.CallbackHandoff)
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "now", 1, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	h.topLevel("DU1", "Handed off to <@U2>")
	h.ephemeral("DU1", "U1", "Handed off.")
	var handoffID string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)

	clock.Advance(2 * time.Hour)
	h.ack(h.homeClick("U1", "VHOME", "home_duty", blocks.ActionDutyTake, "me"))
	_, err := h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		b, _ := json.Marshal(c.JSON["view"])
		return c.JSON["user_id"] == "U1" && strings.Contains(string(b), "You're on duty for the family")
	})
	require.NoError(t, err, "Maya is on duty now")
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffGotIt, handoffID))
	h.ephemeral("DU2", "U2", "time is over")
	for _, m := range h.fake.Messages("DU1") {
		assert.NotContains(t, m.Text, "has it from", "nobody took a handoff that was over")
	}
	// Nor does it take the duty from whoever is on: App Home, drawn again
	// after it, still names Maya.
	before := len(h.fake.Calls("views.publish"))
	h.ack(h.homeOpened("U1", ""))
	var home string
	require.Eventually(t, func() bool {
		calls := h.fake.Calls("views.publish")
		for _, c := range calls[min(before, len(calls)):] {
			if c.JSON["user_id"] == "U1" {
				b, _ := json.Marshal(c.JSON["view"])
				home = string(b)
				return true
			}
		}
		return false
	}, 5*time.Second, 5*time.Millisecond, "App Home drawn again")
	assert.Contains(t, home, "You're on duty for the family", "Maya is still on duty")
}

// A handoff to everyone in a family channel (everyone in it has joined
// the family): the first Got it among them takes it (the sender cannot);
// while that person is on duty the radar speaks to them in their DM, not
// in the channel; the card in the channel still offers "I'll do it", and
// names who took what.
func TestE2EHandOffToEveryoneInTheFamilyChannel(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC))
	setup, nudgers := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; setup(mm) })
	<-nudgers // after this, m.db is set
	ctx := context.Background()
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U3", Name: "Grandma", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U4", Name: "Uncle", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: h.fake.Config().BotUserID, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "CFAM", Name: "family", IsMember: true, Members: []string{"U1", "U3", "U4", h.fake.Config().BotUserID}})
	h.ack(h.message("CFAM", "channel", "U1", "task: buy wipes", tsAt(clock.Now(), 1), nil))
	h.replyTo("CFAM", tsAt(clock.Now(), 1))
	// Grandma and the uncle joined the family (Join is tested elsewhere).
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "CFAM")
	require.NoError(t, err)
	for _, u := range []string{"U3", "U4"} {
		_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: u, InvitedBy: "U1"}, "D"+u)
		require.NoError(t, err)
	}

	h.ack(h.slash("/handoff", "", "CFAM", "U1"))
	form := h.openedView(blocks.CallbackHandoff)
	b, _ := json.Marshal(form)
	assert.Contains(t, string(b), "Everyone in this channel", "a family channel offers everyone")
	values := handoffValues(nil, "", "now", 4, "", false)
	values[blocks.InputHandoffEveryone] = map[string]any{blocks.ActionHandoffField: map[string]any{"type": "checkboxes",
		"selected_options": []any{map[string]any{"value": "everyone", "text": map[string]any{"type": "mrkdwn", "text": "Everyone"}}}}}
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "CFAM|", values))))
	post := h.topLevel("CFAM", "handed off to <!here>")
	root := h.topLevel("CFAM", "Handed off to everyone in")
	var handoffID string
	for _, b := range buttons(t, post.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)
	h.ack(h.click("CFAM", post.TS, "U1", blocks.ActionHandoffGotIt, handoffID))
	h.ephemeral("CFAM", "U1", "not yours to take")
	h.ack(h.click("CFAM", post.TS, "U3", blocks.ActionHandoffGotIt, handoffID))
	h.inThread("CFAM", root.TS, "<@U3> has it from")

	formulaTS := tsAt(clock.Now(), 2)
	h.ack(h.message("CFAM", "channel", "U1", "out of formula", formulaTS, nil))
	h.replyTo("CFAM", formulaTS)
	nudge := h.radarMessage(clock, "DU3", func(m slacktest.Message) bool { return strings.Contains(m.Text, "formula") })
	assert.NotContains(t, nudge.Text, "<@", "in her own DM the radar mentions nobody: %q", nudge.Text)
	assert.Empty(t, h.radarPostsIn("CFAM"), "while Grandma is on duty, the channel gets no new radar post")

	// "I'll do it" on the card: the card names who took it.
	// The one on duty plans their own window: until the handoff ends.
	h.ack(h.slash("/plan", "", "CFAM", "U3"))
	card := h.waitCard("CFAM", "v1 · next 4h · ")
	require.Contains(t, string(card.raw), blocks.CardClaimPrefix+card.runID, "a family channel's card offers I'll do it")
	formula := noteIDOf(t, h.replyMessage("CFAM", formulaTS).Blocks)
	h.ack(h.cardAction("CFAM", card.ts, "U4", map[string]any{"type": "static_select", "action_id": blocks.ActionCardClaim, "block_id": blocks.CardClaimPrefix + card.runID,
		"action_ts": "1.1", "selected_option": map[string]any{"value": formula, "text": map[string]any{"type": "plain_text", "text": "formula"}}}))
	h.ephemeral("CFAM", "U4", "You are on it")
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.TS == card.ts && m.Updated > 0 && strings.Contains(string(m.Blocks), `🙋 \u003c@U4\u003e`)
	})
	require.NoError(t, err, "the card names who is on it")

	clock.Advance(11 * time.Minute)
	h.ack(h.message("CFAM", "channel", "U1", "deadline: daycare form due in 1 hour", tsAt(clock.Now(), 3), nil))
	second := h.radarMessage(clock, "DU3", func(m slacktest.Message) bool {
		return m.TS != nudge.TS && strings.Contains(string(m.Blocks), "daycare")
	})
	assert.Contains(t, string(second.Blocks), "🙋 Uncle", "the item names who is on it")
	assert.NotContains(t, string(second.Blocks), `\u003c@U4\u003e`, "by name: a mention in her DM reaches nobody")
	assert.Empty(t, h.radarPostsIn("CFAM"), "still nothing new in the channel while she is on duty")
}
