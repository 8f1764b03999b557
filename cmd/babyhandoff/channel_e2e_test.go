package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/radar"
)

// channelNote is a note written in a channel, and the bot's reply to it.
func (h *harness) channelNote(channel, user, text, ts string) {
	h.t.Helper()
	h.ack(h.message(channel, "channel", user, text, ts, nil))
	h.replyTo(channel, ts)
}

// The same evening in a family channel. Maya's notes in #family (C1,
// where she, Sam and the bot are) make the family; her handoff asks Sam to
// join, and he joins and takes it. While he is on duty, the family's new
// posts go to his DM, and C1's message is only updated; once his duty is
// over, and everyone in C1 has joined, the family's posts go to C1 again,
// even for a note Sam wrote in his own DM, which C1's post names by its
// words rather than linking into a DM the channel cannot open.
func TestE2EFamilyEveningInAChannel(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	var nudger *radar.Nudger
	select {
	case nudger = <-nudgers:
	case <-time.After(10 * time.Second):
		t.Fatal("no nudger")
	}
	ctx := context.Background()
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: h.fake.Config().BotUserID, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true,
		Members: []string{"U1", "U2", h.fake.Config().BotUserID}})

	// 9:40 PM: Maya's notes in C1. Sam, in C1, has not joined yet: C1 is
	// not the family's place, so the radar's message is in Maya's DM.
	for i, text := range []string{"out of formula", "slept 2h"} {
		h.channelNote("C1", "U1", text, tsAt(clock.Now(), i+1))
	}
	h.ack(h.slash("/radar", "outlook 7", "C1", "U1"))
	h.ephemeral("C1", "U1", "every day at 7 AM")
	h.waitRadar(clock, "DU1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "the evening's message in Maya's DM")
	assert.Empty(t, h.radarPostsIn("C1"), "nothing in C1 before everyone in it joined")

	// The handoff asks Sam to join; he joins, and takes it at 9:47.
	h.ack(h.slash("/plan", "", "C1", "U1"))
	card := h.waitCard("C1", "v1 · ")
	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("C1", card.runID),
		handoffValues([]string{"U2"}, "", "now", 10, "", true)))))
	got := h.topLevel("DU2", "handed off to you")
	inv, inviteID := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, inviteID))
	h.ephemeral("DU2", "U2", "You joined")
	var handoffID string
	for _, b := range buttons(t, got.Blocks) {
		if b.ActionID == blocks.ActionHandoffGotIt {
			handoffID = b.Value
		}
	}
	require.NotEmpty(t, handoffID)
	clock.Advance(7 * time.Minute)
	h.ack(h.click("DU2", got.TS, "U2", blocks.ActionHandoffGotIt, handoffID))
	h.inThread("C1", h.topLevel("C1", "Handed off to <@U2>").TS, "has it from")

	// 11 PM: out of diapers, noted in C1. Sam is on duty: the rise is in
	// his DM, under his handoff message; C1 has no post.
	clock.Advance(time.Date(2026, 11, 24, 23, 0, 0, 0, ny).Sub(clock.Now()))
	h.channelNote("C1", "U1", "out of diapers", tsAt(clock.Now(), 1))
	sams := h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "the 11 PM rise in Sam's DM")
	assert.Equal(t, got.TS, sams[0].ThreadTS, "under his handoff message")
	assert.Contains(t, string(sams[0].Blocks), "diapers")
	assert.Empty(t, h.radarPostsIn("C1"), "nothing in C1 while Sam is on duty")

	// 7 AM: the outlook is Sam's.
	clock.Advance(time.Date(2026, 11, 25, 7, 0, 0, 0, ny).Sub(clock.Now()))
	nudger.Tick(ctx)
	h.waitRadar(clock, "DU2", func(ms []slacktest.Message) bool {
		for _, m := range ms {
			if strings.Contains(m.Text, "Morning outlook") {
				return true
			}
		}
		return false
	}, "the outlook in Sam's DM")
	for _, p := range h.radarPostsIn("C1") {
		assert.NotContains(t, p.Text, "Morning outlook")
	}
	assert.Empty(t, h.radarPostsIn("C1"), "still nothing in C1")

	// 8:50 AM: Sam's duty ended at 7:40; he bought formula and diapers.
	clock.Advance(time.Date(2026, 11, 25, 8, 50, 0, 0, ny).Sub(clock.Now()))
	h.note("DU2", "U2", "got formula", tsAt(clock.Now(), 1))
	h.note("DU2", "U2", "got diapers", tsAt(clock.Now(), 2))

	// 9 AM: his own "out of wipes", in his DM, goes to C1 (everyone in it
	// has joined), not to his DM as the writer's; C1's message names the
	// note without a link into Sam's DM.
	clock.Advance(10 * time.Minute)
	samsBefore := len(h.radarPostsIn("DU2"))
	h.note("DU2", "U2", "out of wipes", tsAt(clock.Now(), 1))
	posts := h.waitRadar(clock, "C1", func(ms []slacktest.Message) bool { return len(ms) == 1 }, "the day's rise in C1")
	assert.Len(t, h.radarPostsIn("DU2"), samsBefore, "nothing new in Sam's DM once off duty")
	day := posts[0]
	assert.Contains(t, string(day.Blocks), "wipes")
	assert.NotContains(t, string(day.Blocks), "archives/DU2", "no link into Sam's DM from the channel")
	// The DMs' messages, which said "calmer now" at 8:50, show the wipes
	// in place.
	for _, dm := range []string{"DU1", "DU2"} {
		ms := h.waitRadar(clock, dm, func(ms []slacktest.Message) bool {
			return slices.ContainsFunc(ms, func(m slacktest.Message) bool { return strings.Contains(string(m.Blocks), "wipes") })
		}, "the wipes shown in place in "+dm)
		standing := ms[len(ms)-1]
		assert.Contains(t, string(standing.Blocks), "wipes", dm+"'s latest message")
		assert.NotContains(t, string(standing.Blocks), "calmer now", dm)
	}
	assert.Len(t, h.radarPostsIn("DU2"), samsBefore, "updated, not posted")
	assert.Equal(t, 0, h.stop())
}

// Maya's family started in her DM, and Sam joined it. She then invites
// the bot to #family (C1: she, Sam and the bot) and writes there: C1
// feeds the family's one list, not a second, empty one keyed by the
// channel. /plan in C1 (everyone in it has joined) plans from the whole
// list, the DM's note among it. The other way round, a DM's first note
// after its person's channel note feeds that channel's family.
func TestE2EChannelOfADMFamily(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, ny))
	setup, _ := fakeTime(clock)
	h := start(t, setup)
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: h.fake.Config().BotUserID, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true,
		Members: []string{"U1", "U2", h.fake.Config().BotUserID}})

	h.note("DU1", "U1", "out of formula", tsAt(clock.Now(), 1))
	h.ack(h.addPartner("U1", "U2"))
	inv, id := h.invite("DU2")
	h.ack(h.click("DU2", inv.TS, "U2", blocks.ActionFamilyJoin, id))
	h.ephemeral("DU2", "U2", "You joined")

	clock.Advance(time.Minute)
	h.channelNote("C1", "U1", "daycare form due tomorrow 5pm", tsAt(clock.Now(), 1))
	h.ack(h.slash("/plan", "", "C1", "U1"))
	card := h.waitCard("C1", "v1 · ")
	assert.Contains(t, string(card.raw), "formula", "the DM's note is on the channel's list")
	assert.Contains(t, strings.ToLower(string(card.raw)), "daycare form")

	// The other way round: Pat's first note is in #pat (C2, just Pat and
	// the bot); her first DM afterwards feeds the family she has.
	h.fake.SetUser(slacktest.User{ID: "U3", Name: "Pat", TZ: "America/New_York"})
	h.fake.SetChannel(slacktest.Channel{ID: "C2", Name: "pat", IsMember: true, Members: []string{"U3", h.fake.Config().BotUserID}})
	h.channelNote("C2", "U3", "pediatrician friday 10am", tsAt(clock.Now(), 2))
	h.note("DU3", "U3", "slept 3h", tsAt(clock.Now(), 3))

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	defer db.Close(ctx)
	dm, err := db.FamilyOf(ctx, h.team, "DU1")
	require.NoError(t, err)
	ch, err := db.FamilyOf(ctx, h.team, "C1")
	require.NoError(t, err)
	assert.Equal(t, dm.ShiftID, ch.ShiftID, "one family, one list")
	fams, err := db.FamiliesOf(ctx, h.team, "U1")
	require.NoError(t, err)
	assert.Len(t, fams, 1, "no second family for Maya")
	var texts []string
	for _, n := range mustNotes(t, db, h.team, dm.ShiftID) {
		texts = append(texts, n.Text)
	}
	assert.ElementsMatch(t, []string{"out of formula", "daycare form due tomorrow 5pm"}, texts)
	pat, err := db.FamilyOf(ctx, h.team, "C2")
	require.NoError(t, err)
	patDM, err := db.FamilyOf(ctx, h.team, "DU3")
	require.NoError(t, err)
	assert.Equal(t, pat.ShiftID, patDM.ShiftID, "Pat's DM joined the family her channel note made")
	assert.NotEqual(t, dm.ShiftID, pat.ShiftID)
}
