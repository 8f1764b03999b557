package main

import (
	"context"
	"encoding/json"
	"regexp"
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

// inviteID is the invite a Join button names.
var inviteID = regexp.MustCompile(`"action_id":"family_join","value":"([^"]+)"`)

// joinTakeValue is the value of "Join … and take it".
var joinTakeValue = regexp.MustCompile(`"action_id":"family_join_take","value":"([^"]+)"`)

// joinAndTake is Got it from user, not yet in the handoff's family, on the
// handoff message ts in channel: refused privately with "Join … and take
// it", which they tap. It returns the refusal.
func (h *harness) joinAndTake(channel, ts, user, handoffID string) slacktest.Message {
	h.t.Helper()
	h.ack(h.click(channel, ts, user, blocks.ActionHandoffGotIt, handoffID))
	offer := h.ephemeral(channel, user, "not in")
	found := joinTakeValue.FindStringSubmatch(string(offer.Blocks))
	require.Len(h.t, found, 2, "the refusal offers to join and take it: %s", offer.Blocks)
	h.ack(h.click(channel, offer.TS, user, blocks.ActionFamilyJoinTake, found[1]))
	h.ephemeral(channel, user, "You joined")
	return offer
}

// addPartner picks partner in user's App Home "Add your partner".
func (h *harness) addPartner(user, partner string) string {
	h.t.Helper()
	return h.homeAction(user, "VHOME", map[string]any{"type": "users_select", "action_id": blocks.ActionFamilyAdd,
		"block_id": blocks.BlockFamily, "selected_user": partner, "action_ts": "1.1"})
}

// invite waits for the invite in channel and returns it with its id.
func (h *harness) invite(channel string) (slacktest.Message, string) {
	h.t.Helper()
	m := h.topLevel(channel, "asked you to share their family's list")
	found := inviteID.FindStringSubmatch(string(m.Blocks))
	require.Len(h.t, found, 2, "the invite has Join: %s", m.Blocks)
	return m, found[1]
}

// homeOf waits for user's App Home to contain every one of want.
func (h *harness) homeOf(user string, want ...string) string {
	h.t.Helper()
	var raw string
	_, err := h.fake.WaitCall(h.ctx(), "views.publish", func(c slacktest.Call) bool {
		if c.JSON["user_id"] != user {
			return false
		}
		b, _ := json.Marshal(c.JSON["view"])
		raw = string(b)
		for _, w := range want {
			if !strings.Contains(raw, w) {
				return false
			}
		}
		return true
	})
	require.NoError(h.t, err, "no Home of %s with %q; log:\n%s", user, want, h.stderr.String())
	return raw
}

// Two parents, one list. Maya notes in her DM; Add your partner asks Sam
// in his DM, with Join; once he joined, his "got formula" in his own DM
// closes Maya's "out of formula" and says whose it was, his App Home lists
// the family's notes, a Done from someone outside the family is refused
// while his works. When he leaves, the notes stay with Maya and his next
// note starts a list of his own.
func TestE2EFamilyJoinAndLeave(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U9", Name: "Neighbour", TZ: "America/New_York"})

	formula, form := tsAt(clock.Now(), 1), tsAt(clock.Now(), 2)
	h.note("DU1", "U1", "out of formula", formula)
	h.note("DU1", "U1", "daycare form due tomorrow 5pm", form)
	formID := noteIDOf(t, h.replyMessage("DU1", form).Blocks)
	// Sam has a list of his own already: open items, and one closed.
	h.note("DU2", "U2", "call pediatrician tomorrow 10am", tsAt(clock.Now(), 3))
	h.note("DU2", "U2", "diapers almost out", tsAt(clock.Now(), 4))
	h.note("DU2", "U2", "got diapers", tsAt(clock.Now(), 7))

	h.ack(h.homeOpened("U1", ""))
	h.homeOf("U1", "just you", blocks.ActionFamilyAdd)
	h.ack(h.addPartner("U1", "U2"))
	h.ephemeral("DU1", "U1", "I asked <@U2> to share your family's list")
	inv, id := h.invite("DU2")
	assert.Contains(t, inv.Text, "Maya asked you to share their family's list")
	assert.Contains(t, string(inv.Blocks), "Your 2 open items move", "Sam is told beforehand that his open items move")

	// Someone else cannot answer Sam's invite.
	h.ack(h.click("DU9", inv.TS, "U9", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU9", "U9", "for someone else")

	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "You joined")
	h.topLevel("DU1", "<@U2> joined your family's list")
	h.homeOf("U2", "you and \\u003c@U1\\u003e share this list", "daycare form")
	h.homeOf("U1", "you and \\u003c@U2\\u003e share this list")

	// 10:40 PM: Sam's purchase in his own DM closes Maya's item.
	clock.Advance(time.Hour)
	got := tsAt(clock.Now(), 5)
	h.note("DU2", "U2", "got formula", got)
	assert.Contains(t, h.replyMessage("DU2", got).Text, "closes: out of formula, noted by Maya 9:40 PM")

	// Only the family acts on its items: U9 is refused, Sam is not.
	h.ack(h.clickIn("DU9", "1700000000.000001", "U9", "b", blocks.ActionRadarDone, formID))
	h.ephemeral("DU9", "U9", "not in its family")
	h.ack(h.clickIn("DU2", "1700000000.000002", "U2", "b", blocks.ActionRadarDone, formID))
	h.ephemeral("DU2", "U2", "Done: daycare form")

	// Sam is on duty for the family; he leaves: the duty ends, and the
	// family is told. The notes stay; his next note starts his own list.
	h.ack(h.homeClick("U2", "VHOME", "home_duty", blocks.ActionDutyTake, "me"))
	h.homeOf("U1", "On duty* · \\u003c@U2\\u003e since")
	h.ack(h.homeAction("U2", "VHOME", map[string]any{"type": "button", "action_id": blocks.ActionFamilyLeave,
		"block_id": blocks.BlockFamily + "_actions", "value": "leave", "action_ts": "1.1"}))
	h.ephemeral("DU2", "U2", "You left the family's list")
	h.topLevel("DU1", "<@U2> left the family's list, and their duty ended")
	h.note("DU2", "U2", "wipes < 1 day", tsAt(clock.Now(), 6))

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	maya, err := db.FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	sam, err := db.FamilyOf(ctx, h.team, "DU2")
	require.NoError(t, err)
	assert.NotEqual(t, maya.ShiftID, sam.ShiftID, "a family of his own")
	members, err := db.Members(ctx, h.team, sam.ShiftID)
	require.NoError(t, err)
	require.Len(t, members, 1)
	assert.Equal(t, "U2", members[0].UserID)
	texts := func(shift string) []string {
		ns, err := db.Notes(ctx, h.team, shift, false)
		require.NoError(t, err)
		var out []string
		for _, n := range ns {
			out = append(out, n.Text)
		}
		return out
	}
	assert.ElementsMatch(t, []string{"out of formula", "daycare form due tomorrow 5pm", "call pediatrician tomorrow 10am", "got diapers", "got formula"}, texts(maya.ShiftID),
		"the family keeps its notes, Sam's moved open items and his purchase among them; his closed one stayed in his history")
	assert.Equal(t, []string{"wipes < 1 day"}, texts(sam.ShiftID))
	var closed bh.Note
	for _, n := range mustNotes(t, db, h.team, maya.ShiftID) {
		if n.Text == "out of formula" {
			closed = n
		}
	}
	assert.True(t, closed.Done(), "Sam's purchase closed Maya's item")
	duty, err := db.Duty(ctx, h.team, maya.ShiftID)
	require.NoError(t, err)
	assert.False(t, duty.OnAt(clock.Now()), "nobody is on duty once Sam left")
}

func mustNotes(t *testing.T, db testDB, team, shift string) []bh.Note {
	t.Helper()
	ns, err := db.Notes(context.Background(), team, shift, false)
	require.NoError(t, err)
	return ns
}

// Not now changes nothing and tells who asked; a bot, a deactivated
// account or someone of another workspace is refused, naming why, whether
// picked on App Home or pressing Join on an invite made before.
func TestE2EFamilyRefusals(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))

	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam"})
	h.ack(h.addPartner("U1", "U2"))
	inv, id := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyNotNow, id))
	h.topLevel("DU1", "<@U2> said not now")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "answered that invite already")

	for _, tc := range []struct {
		user slacktest.User
		why  string
	}{
		{slacktest.User{ID: "UBOT", Name: "Reminder app", IsBot: true}, "is a bot"},
		{slacktest.User{ID: "UGONE", Name: "Old nanny", Deleted: true}, "account is deactivated"},
		{slacktest.User{ID: "UOUT", Name: "Cousin", TeamID: "T999"}, "in another workspace"},
	} {
		t.Run("Add "+tc.user.Name, func(t *testing.T) {
			h.fake.SetUser(tc.user)
			h.ack(h.addPartner("U1", tc.user.ID))
			h.ephemeral("DU1", "U1", tc.why)
		})
	}

	// Invited while they could join; by the time they press Join they
	// cannot (Slack's answers are kept a day).
	ids := map[string]string{}
	tss := map[string]string{}
	for _, u := range []string{"U3", "U4", "U5"} {
		h.fake.SetUser(slacktest.User{ID: u, Name: "Helper " + u})
		h.ack(h.addPartner("U1", u))
		m, id := h.invite("D" + u)
		ids[u], tss[u] = id, m.TS
	}
	h.fake.SetUser(slacktest.User{ID: "U3", Name: "Helper U3", IsBot: true})
	h.fake.SetUser(slacktest.User{ID: "U4", Name: "Helper U4", Deleted: true})
	h.fake.SetUser(slacktest.User{ID: "U5", Name: "Helper U5", TeamID: "T999"})
	clock.Advance(25 * time.Hour)
	for u, why := range map[string]string{"U3": "You are a bot", "U4": "Your account is deactivated", "U5": "You are in another workspace"} {
		h.ack(h.click("D"+u, tss[u], u, blocks.ActionFamilyJoin, ids[u]))
		h.ephemeral("D"+u, u, why)
	}
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	fam, err := db.FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	members, err := db.Members(ctx, h.team, fam.ShiftID)
	require.NoError(t, err)
	require.Len(t, members, 1, "nobody joined")
	assert.Equal(t, "U1", members[0].UserID)
}

// A handoff to someone outside the family also asks them to join it; if
// they have not answered by the reminder, the sender is told, quietly.
func TestE2EFamilyHandoffAsksToJoin(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "wipes < 1 day", tsAt(clock.Now(), 1))

	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2"}, "", "from 7pm", 10, "", true)))))
	h.topLevel("DU2", "handed off to you")
	root := h.topLevel("DU1", "Handed off to <@U2>")
	inv, _ := h.invite("DU2")
	assert.Contains(t, string(inv.Blocks), "also handing off to you")
	h.ephemeral("DU1", "U1", "Handed off.")

	clock.Advance(14 * time.Minute)
	clock.Advance(time.Minute)
	h.topLevel("DU2", "tap *Got it*")
	told := h.inThread("DU1", root.TS, "has not answered *Join* yet")
	assert.Contains(t, told.Text, "Sam has not answered")
	assert.NotContains(t, told.Text, "<@", "named, not mentioned")
}

// Sam, in Maya's family and on duty there, joins Pat's: only his own open
// item goes with him (Maya's stay with her), the invite counted only his,
// his duty in Maya's family ends and she is told. An invite whose sender
// left the family since no longer stands: Join is refused, and nothing
// changes.
func TestE2EFamilyJoinElsewhere(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	for id, name := range map[string]string{"U1": "Maya", "U2": "Sam", "U3": "Pat", "U5": "Lee"} {
		h.fake.SetUser(slacktest.User{ID: id, Name: name, TZ: "UTC"})
	}
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	h.ack(h.addPartner("U1", "U2"))
	inv, id := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "You joined")
	h.note("DU2", "U2", "wipes < 1 day", tsAt(clock.Now(), 2))
	h.ack(h.homeClick("U2", "VHOME", "home_duty", blocks.ActionDutyTake, "me"))
	h.homeOf("U1", "On duty* · \\u003c@U2\\u003e since")

	h.note("DU3", "U3", "slept 2h", tsAt(clock.Now(), 3))
	h.ack(h.addPartner("U3", "U2"))
	var pat slacktest.Message
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		if m.Channel == "DU2" && m.ThreadTS == "" && strings.Contains(m.Text, "Pat asked you") {
			pat = m
			return true
		}
		return false
	})
	require.NoError(t, err)
	found := inviteID.FindStringSubmatch(string(pat.Blocks))
	require.Len(t, found, 2)
	assert.Contains(t, string(pat.Blocks), "Your 1 open item moves", "his own, not Maya's")
	h.ack(h.click("DU2", pat.TS, "U2", blocks.ActionFamilyJoin, found[1]))
	h.ephemeral("DU2", "U2", "Your 1 open item moved")
	h.topLevel("DU1", "<@U2> joined another family's list, and their duty here ended")

	// Lee is asked by Pat, who then leaves his family before Lee answers.
	h.ack(h.addPartner("U3", "U5"))
	lee, leeID := h.invite("DU5")
	h.ack(h.homeAction("U3", "VHOME", map[string]any{"type": "button", "action_id": blocks.ActionFamilyLeave,
		"block_id": blocks.BlockFamily + "_actions", "value": "leave", "action_ts": "1.1"}))
	h.ephemeral("DU3", "U3", "You left the family's list")
	h.ack(h.click("DU5", lee.TS, "U5", blocks.ActionFamilyJoin, leeID))
	h.ephemeral("DU5", "U5", "The person who asked you is no longer in the family that invite was for")

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	maya, err := db.FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	sam, err := db.FamilyOf(ctx, h.team, "DU2")
	require.NoError(t, err)
	require.NotEqual(t, maya.ShiftID, sam.ShiftID)
	texts := func(shift string) []string {
		var out []string
		for _, n := range mustNotes(t, db, h.team, shift) {
			out = append(out, n.Text)
		}
		return out
	}
	assert.Equal(t, []string{"out of formula"}, texts(maya.ShiftID), "Maya's item stays with her family")
	assert.ElementsMatch(t, []string{"slept 2h", "wipes < 1 day"}, texts(sam.ShiftID))
	duty, err := db.Duty(ctx, h.team, maya.ShiftID)
	require.NoError(t, err)
	assert.False(t, duty.OnAt(clock.Now()), "Sam's duty in Maya's family ended")
	members, err := db.Members(ctx, h.team, sam.ShiftID)
	require.NoError(t, err)
	var ids []string
	for _, m := range members {
		ids = append(ids, m.UserID)
	}
	assert.Equal(t, []string{"U2"}, ids, "Pat left; Lee did not join")
	leeInv, err := db.Invite(ctx, h.team, leeID)
	require.NoError(t, err)
	assert.False(t, leeInv.Answered(), "the refused invite stays unanswered")
}
