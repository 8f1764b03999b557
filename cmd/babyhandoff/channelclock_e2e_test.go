package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// nyFamilyChannel starts the bot at hour:minute on Tuesday 24 November
// 2026 in New York, where #family (C1) has Maya (U1, of locale: "" for
// none), Sam (U2) and the bot.
func nyFamilyChannel(t *testing.T, hour, minute int, locale string) (*harness, *Main, *clocktest.Clock) {
	t.Helper()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, hour, minute, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; setup(mm) })
	<-nudgers // after this, m.db is set
	bot := h.fake.Config().BotUserID
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York", Locale: locale})
	h.fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "America/New_York"})
	h.fake.SetUser(slacktest.User{ID: bot, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", "U2", bot}})
	return h, m, clock
}

// joinFamily has user join the family of channel, asked by U1, with their
// DM D<user>.
func (h *harness) joinFamily(m *Main, channel, user string) {
	h.t.Helper()
	ctx := context.Background()
	fam, err := dbOf(m).FamilyOf(ctx, h.team, channel)
	require.NoError(h.t, err)
	_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: user, InvitedBy: "U1"}, "D"+user)
	require.NoError(h.t, err)
}

// A radar message in #family is read by several people: it is written on
// the clock of the family's zone (New York: 12-hour), in its notification
// and in the text Slack keeps inside its date tokens.
func TestE2ERadarInAFamilyChannelReadsTheFamilysClock(t *testing.T) {
	h, m, clock := nyFamilyChannel(t, 21, 40, "de-DE")
	h.channelNote("C1", "U1", "pay daycare deposit by 11pm", tsAt(clock.Now(), 1))
	h.joinFamily(m, "C1", "U2")
	posts := h.waitRadar(clock, "C1", func(ms []slacktest.Message) bool { return len(ms) > 0 }, "the radar's message in #family")
	msg := unJSON.Replace(posts[0].Text + string(posts[0].Blocks))
	assert.Contains(t, msg, "11 PM", "12-hour in a New York family's channel, whatever one member's locale")
	assert.NotContains(t, msg, "|Tue 21:", "no 24-hour fallback")
	assert.NotContains(t, msg, "23:00")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// Maya reads a 24-hour clock (en-GB) in a New York family: her edit of
// the card in #family is said in its thread on the family's clock (5 PM,
// in the notification and in the text inside Slack's date token), as the
// card is, while what is told to her alone stays on hers (14:00).
func TestE2EAnEditInAFamilyChannelIsSaidOnTheFamilysClock(t *testing.T) {
	h, m, clock := nyFamilyChannel(t, 10, 0, "en-GB")
	h.channelNote("C1", "U1", "task: buy wipes", tsAt(clock.Now(), 1))
	h.channelNote("C1", "U1", "daycare form due today 2pm", tsAt(clock.Now(), 2))
	h.joinFamily(m, "C1", "U2")

	h.ack(h.slash("/plan", "", "C1", "U1"))
	v1 := h.waitCard("C1", "v1 · ")
	// The card too: made at 10 AM, neither on Maya's clock (10:00) nor
	// in DEFAULT_TZ (UTC: 15:00).
	card := unJSON.Replace(string(v1.raw))
	assert.Contains(t, card, "made <!date^", "the card says when it was made")
	assert.Contains(t, card, "{time}|10 AM>", "the card on the family's clock")
	assert.NotContains(t, card, "|10:00>", "not on the asker's clock")
	// The fallback only: the card's run id may hold "15:" too.
	assert.NotRegexp(t, `\|(15:00|3 PM)>`, card, "not in DEFAULT_TZ")
	h.ack(h.cardMenu("C1", v1, "U1", blocks.ActionEditPlan))
	form := h.viewWith(blocks.CallbackEditPlan, "Edit plan v1")

	// Told to Maya alone: her clock.
	h.ack(h.editMoveTo("U1", form, h.blockIndex(form, "daycare form"), "15:00"))
	h.ephemeral("C1", "U1", "after it is due at 14:00")

	// Said in #family's thread: the family's.
	h.ack(h.editMoveTo("U1", form, h.blockIndex(form, "buy wipes"), "17:00"))
	h.cardAt("C1", v1.ts, "v2 · ")
	reply := h.inThread("C1", v1.ts, "v1 → v2")
	assert.Contains(t, reply.Text, "to 5 PM", "the notification on the family's clock")
	said := unJSON.Replace(string(reply.Blocks))
	assert.Contains(t, said, "|5 PM>", "the date token's text on the family's clock")
	assert.NotContains(t, reply.Text+said, "17:00", "not on the editor's clock")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// A note's reply in #family is read by the family: Maya reads a 24-hour
// clock (en-GB) but her reply there is on the New York family's clock
// ("due Tue 2 PM"), in the notification and in the date token's text,
// from the family's first note on.
func TestE2EANotesReplyInAFamilyChannelIsOnTheFamilysClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	clock := clocktest.New(time.Date(2026, 11, 24, 10, 0, 0, 0, ny))
	setup, nudgers := fakeTime(clock)
	h := start(t, setup)
	<-nudgers
	bot := h.fake.Config().BotUserID
	h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York", Locale: "en-GB"})
	h.fake.SetUser(slacktest.User{ID: bot, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", bot}})
	ts := tsAt(clock.Now(), 1)
	h.channelNote("C1", "U1", "daycare form due 2pm", ts)
	reply := h.replyMessage("C1", ts)
	said := reply.Text + unJSON.Replace(string(reply.Blocks))
	assert.Contains(t, reply.Text, "due Tue 2 PM", "the notification on the family's clock")
	assert.Contains(t, said, "|Tue 2 PM>", "the date token's text on the family's clock")
	assert.NotContains(t, said, "14:00", "not on the writer's clock")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}
