package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// handoffDones are the Done (and Resolved) buttons of a handoff message:
// block id → value.
func handoffDones(t *testing.T, raw json.RawMessage) map[string]string {
	t.Helper()
	var bl []accessory
	require.NoError(t, json.Unmarshal(raw, &bl))
	out := map[string]string{}
	for _, b := range bl {
		if b.Accessory.ActionID == blocks.ActionHandoffDone {
			out[b.BlockID] = b.Accessory.Value
		}
	}
	return out
}

// Only members take a family's handoff. Maya hands off to Sam, Pat and
// Lee, none of them in her family. Sam said Not now: his Got it is refused
// and he is told how to be added. Pat's is refused with "Join Maya's
// family and take it"; before he taps it, Lee joins and takes it, so Pat's
// tap joins him and tells him Lee has it: the first Got it wins.
func TestE2EGotItFromOutsideTheFamily(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	for id, name := range map[string]string{"U1": "Maya", "U2": "Sam", "U3": "Pat", "U5": "Lee"} {
		h.fake.SetUser(slacktest.User{ID: id, Name: name, TZ: "UTC"})
	}
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, "DU1|", handoffValues([]string{"U2", "U3", "U5"}, "", "now", 10, "", false)))))
	root := h.topLevel("DU1", "Handed off to")
	handed, invites := map[string]slacktest.Message{}, map[string]string{}
	for _, u := range []string{"U2", "U3", "U5"} {
		handed[u] = h.topLevel("D"+u, "handed off to you")
		inv, id := h.invite("D" + u)
		invites[u] = id
		handed[u+"-invite"] = inv
	}
	handoffID := gotItOf(t, handed["U2"].Blocks)

	h.ack(h.click("DU2", handed["U2-invite"].TS, "U2", blocks.ActionFamilyNotNow, invites["U2"]))
	h.topLevel("DU1", "<@U2> said not now")
	h.ack(h.click("DU2", handed["U2"].TS, "U2", blocks.ActionHandoffGotIt, handoffID))
	sam := h.ephemeral("DU2", "U2", "You are not in Maya's family's list yet")
	assert.Contains(t, sam.Text, "Add your partner", "told how to be added")
	assert.NotContains(t, string(sam.Blocks), blocks.ActionFamilyJoinTake, "no invite open: nothing to join")

	h.ack(h.click("DU3", handed["U3"].TS, "U3", blocks.ActionHandoffGotIt, handoffID))
	pat := h.ephemeral("DU3", "U3", "You are not in Maya's family's list yet")
	assert.Contains(t, string(pat.Blocks), "Join Maya's family and take it")
	offer := joinTakeValue.FindStringSubmatch(string(pat.Blocks))
	require.Len(t, offer, 2)

	// Meanwhile Lee joins, and takes it.
	h.ack(h.click("DU5", handed["U5-invite"].TS, "U5", blocks.ActionFamilyJoin, invites["U5"]))
	h.ephemeral("DU5", "U5", "You joined")
	h.ack(h.click("DU5", handed["U5"].TS, "U5", blocks.ActionHandoffGotIt, handoffID))
	h.inThread("DU1", root.TS, "<@U5> has it from")

	h.ack(h.click("DU3", pat.TS, "U3", blocks.ActionFamilyJoinTake, offer[1]))
	h.ephemeral("DU3", "U3", "You joined")
	h.ephemeral("DU3", "U3", "<@U5> already has it")
	// A second tap: he is in the family now, so only Got it's answer.
	h.ack(h.click("DU3", pat.TS, "U3", blocks.ActionFamilyJoinTake, offer[1]))
	count := func(s string) int {
		n := 0
		for _, m := range h.fake.Messages("DU3") {
			if m.Ephemeral && strings.Contains(m.Text, s) {
				n++
			}
		}
		return n
	}
	require.Eventually(t, func() bool { return count("<@U5> already has it") == 2 }, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, 1, count("You joined"), "joined once")

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	taken := 0
	for _, m := range h.fake.Messages("DU1") {
		if strings.Contains(m.Text, "has it from") {
			taken++
		}
	}
	assert.Equal(t, 1, taken, "one Got it took it")
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	fam, err := db.FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	duty, err := db.Duty(ctx, h.team, fam.ShiftID)
	require.NoError(t, err)
	assert.Equal(t, "U5", duty.UserID, "the first Got it won")
	members, err := db.Members(ctx, h.team, fam.ShiftID)
	require.NoError(t, err)
	var ids []string
	for _, m := range members {
		ids = append(ids, m.UserID)
	}
	assert.ElementsMatch(t, []string{"U1", "U3", "U5"}, ids, "Pat joined by his tap; Sam did not")
}

// Sam, handed off to but not yet in Maya's family, reads the handoff but
// closes nothing: Done on its Do now, Resolved on its health note and a
// radar Done from his DM are each refused privately, and nothing changes.
// Once he joined, his Done works.
func TestE2EDoneFromOutsideTheFamilyIsRefused(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	formula := noteIDOf(t, h.replyMessage("DU1", tsAt(clock.Now(), 1)).Blocks)
	h.note("DU1", "U1", "baby 38.4 fever since 6pm", tsAt(clock.Now(), 2))
	h.ack(h.slash("/plan", "", "DU1", "U1"))
	card := h.waitCard("DU1", "v1 · ")
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("DU1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	inv, inviteID := h.invite("DU2")
	var done, resolve string
	for block, v := range handoffDones(t, got.Blocks) {
		if strings.HasPrefix(block, "handoff_health:") {
			resolve = v
		} else if strings.HasSuffix(v, formula) {
			done = v
		}
	}
	require.NotEmpty(t, done, "Done on the formula; blocks: %s", got.Blocks)
	require.NotEmpty(t, resolve, "Resolved on the fever")

	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffDone, done))
	h.ephemeral("DU2", "U2", "only its members close its items")
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffDone, resolve))
	h.ack(h.clickIn("DU2", "1700000000.000001", "U2", "b", blocks.ActionRadarDone, formula))
	h.ephemeral("DU2", "U2", "not in its family")
	refused := 0
	require.Eventually(t, func() bool {
		refused = 0
		for _, m := range h.fake.Messages("DU2") {
			if m.Ephemeral && strings.Contains(m.Text, "only its members close its items") {
				refused++
			}
		}
		return refused == 2
	}, 5*time.Second, 5*time.Millisecond, "Done and Resolved both refused")

	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, inviteID))
	h.ephemeral("DU2", "U2", "You joined")
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffDone, done))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU2" && m.TS == got.TS && strings.Contains(string(m.Blocks), "~Out of formula")
	})
	require.NoError(t, err, "a member's Done works")

	assert.Equal(t, 0, h.stop())
	for _, n := range h.notes("DU1", false) {
		switch {
		case n.Text == "out of formula":
			assert.Equal(t, "U2", n.DoneBy.User, "done once Sam joined")
		case strings.Contains(n.Text, "fever"):
			assert.False(t, n.Done(), "the refused Resolved changed nothing")
		}
	}
}
