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

// channelFamily starts the bot with Maya (U1), Sam (U2) and Pat (U3) in
// #family (C1, with the bot): Maya's first note there makes the family,
// and Pat, who joins it, writes in his own DM. joined are the others who
// join with Pat (Sam, for a channel every person in which joined).
func channelFamily(t *testing.T, joined ...string) (*harness, *clocktest.Clock, *Main, string) {
	t.Helper()
	clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
	setup, nudgers := fakeTime(clock)
	var m *Main
	h := start(t, func(mm *Main) { m = mm; setup(mm) })
	<-nudgers // after this, m.db is set
	bot := h.fake.Config().BotUserID
	for id, name := range map[string]string{"U1": "Maya", "U2": "Sam", "U3": "Pat"} {
		h.fake.SetUser(slacktest.User{ID: id, Name: name, TZ: "UTC"})
	}
	h.fake.SetUser(slacktest.User{ID: bot, Name: "babyhandoff", IsBot: true})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", "U2", "U3", bot}})
	h.channelNote("C1", "U1", "out of formula", tsAt(clock.Now(), 1))
	ctx := context.Background()
	fam, err := dbOf(m).FamilyOf(ctx, h.team, "C1")
	require.NoError(t, err)
	for _, u := range append([]string{"U3"}, joined...) {
		_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: u, InvitedBy: "U1"}, "D"+u)
		require.NoError(t, err)
	}
	return h, clock, m, fam.ShiftID
}

// Sam is in #family but has not joined Maya's family; Pat has, and wrote
// "mastitis" and a bill in his own DM. In #family, /plan uses only the
// channel's notes (Maya is told why, privately, once), and so does a
// what-if; a handoff posted there shows only the channel's health notes,
// Do now and files, from a plan of the channel's notes: Pat's DM notes
// reach nobody in #family, neither by words nor by link.
func TestE2EHandoffInAChannelNotAllJoined(t *testing.T) {
	h, clock, _, _ := channelFamily(t)
	h.channelNote("C1", "U1", "daycare form due tomorrow 5pm", tsAt(clock.Now(), 2))
	h.note("DU3", "U3", "mastitis pain left side", tsAt(clock.Now(), 3))
	h.note("DU3", "U3", "pay pediatrician bill by 11:55pm", tsAt(clock.Now(), 4))
	private := []string{"mastitis", "pediatrician", "archives/DU3"}
	noneOf := func(what, raw string) {
		t.Helper()
		for _, p := range private {
			assert.NotContains(t, raw, p, "%s shows Pat's DM", what)
		}
	}

	h.ack(h.slash("/plan", "", "C1", "U1"))
	v1 := h.waitCard("C1", "v1 · ")
	noneOf("the card", string(v1.raw))
	assert.Contains(t, string(v1.raw), "formula", "the channel's own notes are planned")
	told := h.ephemeral("C1", "U1", "plans here use only the notes written here")
	assert.Contains(t, told.Text, "Not everyone in this channel has joined")
	h.ack(h.selectEnergy("C1", v1.ts, "U1", v1.runID, "low"))
	v2 := h.waitCard("C1", "v2 · ")
	noneOf("the what-if", string(v2.raw))
	for _, m := range h.fake.Messages("C1") {
		if m.ThreadTS == v1.ts {
			noneOf("the what-if's summary", m.Text+string(m.Blocks))
		}
	}

	assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, blocks.HandoffMetadata("C1", v2.runID),
		handoffValues([]string{"U3"}, "C1", "now", 10, "", true)))))
	var post slacktest.Message
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		post = m
		return m.Channel == "C1" && m.ThreadTS == "" && strings.Contains(string(m.Blocks), blocks.ActionHandoffGotIt)
	})
	require.NoError(t, err, "the handoff posted in #family; log:\n%s", h.stderr.String())
	noneOf("the handoff posted in #family", post.Text+string(post.Blocks))
	assert.Contains(t, string(post.Blocks), "Do now", "the channel's own urgent item")
	for _, name := range []string{"handoff-v3.md", "plan-v3.ics", "plan-v3.png"} {
		f := waitFile(t, h, name)
		assert.Equal(t, post.TS, f.ThreadTS, "%s in the post's thread", name)
		noneOf(name, string(f.Content))
	}
	assert.Contains(t, string(waitFile(t, h, "handoff-v3.md").Content), "formula")
	// Pat's own DM shows him the whole list, his notes among it.
	h.ack(h.slash("/plan", "", "DU3", "U3"))
	assert.Contains(t, string(h.waitCard("DU3", "v4 · ").raw), "mastitis")

	// Told once, not at each plan.
	h.ack(h.slash("/plan", "", "C1", "U1"))
	h.waitCard("C1", "v5 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	n := 0
	for _, m := range h.fake.Messages("C1") {
		if m.Ephemeral && strings.Contains(m.Text, "plans here use only the notes written here") {
			n++
		}
	}
	assert.Equal(t, 1, n, "told once")
}

// In #family, where Sam has not joined: Sam's own note's buttons are his,
// Maya's are not; Maya, a member, acts on both. /radar there reads the
// whole family's list, so it is for members: Sam is refused privately,
// Maya gets it, with no link into Pat's DM.
func TestE2EChannelNoteButtonsAreForTheFamilyAndTheWriter(t *testing.T) {
	h, clock, _, _ := channelFamily(t)
	mayas := noteIDOf(t, h.replyMessage("C1", tsAt(clock.Now(), 1)).Blocks)
	samTS := tsAt(clock.Now(), 2)
	h.channelNote("C1", "U2", "wipes < 1 day", samTS)
	sams := noteIDOf(t, h.replyMessage("C1", samTS).Blocks)
	h.note("DU3", "U3", "daycare form due tomorrow 5pm", tsAt(clock.Now(), 3))

	reply := func(ts string) string { return h.replyMessage("C1", ts).TS }
	h.ack(h.click("C1", reply(tsAt(clock.Now(), 1)), "U2", blocks.ActionNoteDone, mayas))
	h.ephemeral("C1", "U2", "not in its family")
	h.ack(h.click("C1", reply(samTS), "U2", blocks.ActionNoteDone, sams))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "C1" && m.TS == reply(samTS) && m.Updated > 0 && strings.Contains(string(m.Blocks), blocks.ActionNoteReopen)
	})
	require.NoError(t, err, "Sam closes his own note; log:\n%s", h.stderr.String())
	h.ack(h.click("C1", reply(samTS), "U1", blocks.ActionNoteReopen, sams))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "C1" && m.TS == reply(samTS) && strings.Contains(string(m.Blocks), blocks.ActionNoteDone)
	})
	require.NoError(t, err, "Maya, a member, opens it again")

	h.ack(h.slash("/radar", "", "C1", "U2"))
	h.ephemeral("C1", "U2", "it is for its members")
	h.ack(h.slash("/radar", "outlook 6", "C1", "U2"))
	h.ephemeral("C1", "U2", "it is for its members")
	h.ack(h.slash("/radar", "", "C1", "U1"))
	var radar slacktest.Message
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		radar = m
		return m.Channel == "C1" && m.Ephemeral && m.EphemeralUser == "U1" && strings.Contains(string(m.Blocks), "daycare")
	})
	require.NoError(t, err, "Maya's /radar in #family")
	assert.NotContains(t, string(radar.Blocks), "archives/DU3", "no link into Pat's DM from a channel")

	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	for _, n := range h.notes("C1", false) {
		switch n.ID {
		case mayas:
			assert.False(t, n.Done(), "Sam's press changed nothing")
		case sams:
			assert.False(t, n.Done(), "closed by Sam, opened again by Maya")
		}
	}
}

// Links go only where their readers can open them. In Sam's DM, /radar
// links his own note and names Maya's (written in her DM) by its words. In
// #family, where everyone joined, the card, Why this plan?, a what-if and
// /radar link none of the notes written in a DM.
func TestE2ERadarInADMLinksOnlyWhatItsReaderCanOpen(t *testing.T) {
	h, clock, _, _ := channelFamily(t, "U1", "U2")
	h.note("DU3", "U3", "daycare form due tomorrow 5pm", tsAt(clock.Now(), 2))
	h.note("DU2", "U2", "pay pediatrician bill by 11:55pm", tsAt(clock.Now(), 3))

	h.ack(h.slash("/radar", "", "DU2", "U2"))
	var radar slacktest.Message
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		radar = m
		return m.Channel == "DU2" && m.Ephemeral && strings.Contains(string(m.Blocks), "daycare")
	})
	require.NoError(t, err, "/radar in Sam's DM; log:\n%s", h.stderr.String())
	assert.Contains(t, string(radar.Blocks), "archives/DU2", "his own note, linked")
	assert.NotContains(t, string(radar.Blocks), "archives/DU3", "Pat's DM is not Sam's to open")

	h.ack(h.slash("/plan", "", "C1", "U1"))
	card := h.waitCard("C1", "v1 · ")
	assert.Contains(t, string(card.raw), "pediatrician", "everyone joined: the whole list")
	assert.NotContains(t, string(card.raw), "archives/D", "the card links into no DM")
	h.ack(h.click("C1", card.ts, "U1", blocks.ActionOthers, card.runID))
	c, err := h.fake.WaitCall(h.ctx(), "views.open", func(c slacktest.Call) bool {
		b, _ := json.Marshal(c.JSON["view"])
		return strings.Contains(string(b), "the referee picked")
	})
	require.NoError(t, err, "Why this plan?")
	why, _ := json.Marshal(c.JSON["view"])
	assert.Contains(t, string(why), "archives/C1", "the channel's own note is linked")
	assert.NotContains(t, string(why), "archives/D", "Why this plan? links into no DM")
	h.ack(h.selectEnergy("C1", card.ts, "U1", card.runID, "low"))
	assert.NotContains(t, string(h.waitCard("C1", "v2 · ").raw), "archives/D", "nor does a what-if")
	h.ack(h.slash("/radar", "", "C1", "U1"))
	_, err = h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		radar = m
		return m.Channel == "C1" && m.Ephemeral && strings.Contains(string(m.Blocks), "daycare")
	})
	require.NoError(t, err, "/radar in #family")
	assert.NotContains(t, string(radar.Blocks), "archives/D", "/radar in a channel links into no DM")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// A what-if made soon after the card reuses the card's notes only where
// the conversation may read all of them: Pat's DM bill was on #family's
// card while everyone had joined; he deleted it, and Dana came in without
// joining. Maya's Energy what-if then plans from #family's own notes, and
// the bill (no longer a live note) does not come back through the card's
// old notes.
func TestE2EWhatIfDoesNotReuseADMNoteNoLongerLive(t *testing.T) {
	h, clock, _, _ := channelFamily(t, "U2")
	billTS := tsAt(clock.Now(), 2)
	h.note("DU3", "U3", "pay pediatrician bill by 11:55pm", billTS)
	h.ack(h.slash("/plan", "", "C1", "U1"))
	v1 := h.waitCard("C1", "v1 · ")
	require.Contains(t, string(v1.raw), "pediatrician", "everyone joined: the whole list")

	del := map[string]any{"subtype": "message_deleted", "hidden": true, "deleted_ts": billTS,
		"previous_message": map[string]any{"type": "message", "user": "U3", "text": "pay pediatrician bill by 11:55pm", "ts": billTS}}
	h.ack(h.message("DU3", "im", "", "", tsAt(clock.Now(), 3), del))
	_, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
		return m.Channel == "DU3" && strings.Contains(m.Text, "removed")
	})
	require.NoError(t, err, "the bill removed; log:\n%s", h.stderr.String())
	bot := h.fake.Config().BotUserID
	h.fake.SetUser(slacktest.User{ID: "U4", Name: "Dana", TZ: "UTC"})
	h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", "U2", "U3", "U4", bot}})
	h.ack(h.memberJoined("C1", "U4"))

	h.ack(h.selectEnergy("C1", v1.ts, "U1", v1.runID, "low"))
	v2 := h.waitCard("C1", "v2 · ")
	assert.NotContains(t, string(v2.raw), "pediatrician", "Pat's DM note is not #family's to see now")
	assert.Contains(t, string(v2.raw), "formula", "#family's own note")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
}

// Download plan in #family makes its calendar for the channel's readers,
// as the card and the handoff's files are: a note Pat wrote in his own DM
// is named but not linked (nobody else can open it), and a note deleted
// since the plan is neither quoted nor linked (its block keeps the plan's
// own title, "pay daycare deposit", as the card does).
func TestE2EDownloadedPlanLinksOnlyWhatItsReadersCanOpen(t *testing.T) {
	h, clock, m, _ := channelFamily(t, "U2")
	h.channelNote("C1", "U1", "pay daycare deposit by 11:55pm", tsAt(clock.Now(), 2))
	h.note("DU3", "U3", "pay pediatrician bill by 11:50pm", tsAt(clock.Now(), 3))
	h.ack(h.slash("/plan", "", "C1", "U1"))
	v1 := h.waitCard("C1", "v1 · ")
	ctx := context.Background()
	n, err := dbOf(m).NoteByMessage(ctx, h.team, "C1", tsAt(clock.Now(), 2))
	require.NoError(t, err)
	_, err = dbOf(m).DeleteNote(ctx, h.team, n.ID)
	require.NoError(t, err)

	h.ack(h.click("C1", v1.ts, "U1", "card_download", v1.runID))
	ics := string(waitFile(t, h, "plan-v1.ics").Content)
	assert.Contains(t, ics, "pay pediatrician bill by", "Pat's note is named")
	assert.NotContains(t, ics, "archives/DU3", "but not linked: only Pat can open his DM")
	assert.NotContains(t, ics, "“pay daycare deposit by”", "a deleted note is not quoted")
	assert.NotContains(t, ics, "p"+strings.ReplaceAll(tsAt(clock.Now(), 2), ".", ""), "nor linked")
	assert.Contains(t, ics, "From notes: a note", "but said to be from a note")
	assert.Contains(t, ics, "archives/C1", "the channel's own notes are linked")
}
