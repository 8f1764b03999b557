package storetest

import (
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func (h *H) users(ms []bh.Member, err error) []string {
	h.T.Helper()
	require.NoError(h.T, err)
	out := []string{}
	for _, m := range ms {
		out = append(out, m.UserID)
	}
	return out
}

var familyCases = []suiteCase{
	{"AFirstNoteMakesAFamilyOfOne", func(h *H) {
		_, err := h.Shift(h.Ctx, Team, "D1")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "before the first note")
		_, err = h.FamilyOf(h.Ctx, Team, "D1")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		n := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		sh, err := h.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		assert.Equal(h.T, n.ShiftID, sh.ID)
		assert.Equal(h.T, "D1", sh.ChannelID, "founded by its first conversation")
		c, err := h.FamilyOf(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.Conversation{TeamID: Team, ChannelID: "D1", ShiftID: sh.ID, Kind: bh.ConvDM, UserID: "U1", Since: Start}, c)
		assert.Equal(h.T, []string{"U1"}, h.users(h.Members(h.Ctx, Team, sh.ID)))
		convs, err := h.FamilyConversations(h.Ctx, Team, sh.ID)
		require.NoError(h.T, err)
		require.Len(h.T, convs, 1)
		assert.Equal(h.T, c, convs[0])

		ch := h.Capture("C1", "U1", "pick up the stroller", "1.2")
		h.Capture("C1", "U2", "and the car seat", "1.3")
		assert.Equal(h.T, sh.ID, ch.ShiftID, "a channel's first note by a member joins their family: one list")
		assert.Equal(h.T, []string{"U1"}, h.users(h.Members(h.Ctx, Team, ch.ShiftID)), "a second writer is not a member until they Join")
		assert.Equal(h.T, []string{"U1"}, h.users(h.FamiliesOf(h.Ctx, Team, "U1")))

		other := h.Capture("C2", "U3", "nobody's family yet", "1.4")
		assert.NotEqual(h.T, sh.ID, other.ShiftID, "a channel whose first writer is in no family is a family of its own")
		assert.Equal(h.T, []string{"U3"}, h.users(h.Members(h.Ctx, Team, other.ShiftID)), "its first writer")
	}},
	{"APersonsSecondDMIsAFamilyOfItsOwn", func(h *H) {
		// A person's DM feeds the family it founded; another DM of theirs
		// (a second workspace app's, a test's) founds its own: only a
		// channel joins the writer's family.
		first := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		second := h.Capture("D2", "U1", "out of formula", "2.1")
		assert.NotEqual(h.T, first.ShiftID, second.ShiftID)
		ch := h.Capture("C1", "U1", "pick up the stroller", "3.1")
		assert.Equal(h.T, first.ShiftID, ch.ShiftID, "a channel joins the family of the writer's DM")
	}},
	{"JoiningMovesTheDMAndItsOpenNotesWhenAsked", func(h *H) {
		maya := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		h.Clock.Advance(time.Minute)
		sam := h.Capture("D2", "U2", "buy a bottle brush", "2.1")
		doneNote := h.Capture("D2", "U2", "out of formula", "2.2")
		_, err := h.MarkNoteDone(h.Ctx, Team, doneNote.ID, true)
		require.NoError(h.T, err)
		h.Clock.Advance(time.Minute)
		from, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2", InvitedBy: "U1"}, "D2")
		require.NoError(h.T, err)
		assert.Equal(h.T, sam.ShiftID, from, "the family the DM fed")
		c, err := h.FamilyOf(h.Ctx, Team, "D2")
		require.NoError(h.T, err)
		assert.Equal(h.T, maya.ShiftID, c.ShiftID)
		assert.True(h.T, c.Since.Equal(h.Clock.Now()))
		ms, err := h.Members(h.Ctx, Team, maya.ShiftID)
		require.NoError(h.T, err)
		require.Len(h.T, ms, 2)
		assert.Equal(h.T, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2", JoinedAt: h.Clock.Now(), InvitedBy: "U1"}, ms[1])
		assert.Empty(h.T, h.users(h.Members(h.Ctx, Team, sam.ShiftID)), "no longer in the old one")
		again, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2"}, "D2")
		require.NoError(h.T, err)
		assert.Empty(h.T, again, "joining twice moves nothing")

		fromRev, toRev := h.Rev(sam.ShiftID), h.Rev(maya.ShiftID)
		moved, err := h.MoveOpenNotes(h.Ctx, Team, sam.ShiftID, maya.ShiftID, "U2")
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, moved, "the open note; the done one stays in its history")
		assert.Equal(h.T, []string{"wipes < 1 day", "buy a bottle brush"}, h.Live(maya.ShiftID))
		assert.Equal(h.T, []string{"out of formula"}, h.Live(sam.ShiftID))
		assert.Greater(h.T, h.Rev(sam.ShiftID), fromRev, "the order of states rises for both")
		assert.Greater(h.T, h.Rev(maya.ShiftID), toRev)
		moved, err = h.MoveOpenNotes(h.Ctx, Team, sam.ShiftID, maya.ShiftID, "U2")
		require.NoError(h.T, err)
		assert.Zero(h.T, moved)
		n := h.Capture("D2", "U2", "nap 45 min", "2.3")
		assert.Equal(h.T, maya.ShiftID, n.ShiftID, "the DM's next note goes to the family it joined")

		_, err = h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: "nope", UserID: "U3"}, "")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		_, err = h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U3"}, "C9")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err), "only a DM joins with its person")
	}},
	{"JoiningMovesOnlyTheJoinersDMNotesNotTheirChannelNotes", func(h *H) {
		// A channel note was written for that channel's readers; the
		// family the joiner goes to may not be among them.
		maya := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		sam := h.Capture("D2", "U2", "buy a bottle brush", "2.1")
		ch := h.Capture("C5", "U2", "mom's refill due Fri", "2.2")
		require.Equal(h.T, sam.ShiftID, ch.ShiftID, "the channel joined Sam's family")
		_, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2"}, "D2")
		require.NoError(h.T, err)
		moved, err := h.MoveOpenNotes(h.Ctx, Team, sam.ShiftID, maya.ShiftID, "U2")
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, moved, "the DM note only")
		assert.Equal(h.T, []string{"wipes < 1 day", "buy a bottle brush"}, h.Live(maya.ShiftID))
		assert.Equal(h.T, []string{"mom's refill due Fri"}, h.Live(sam.ShiftID), "the channel's note stays with the channel's family")
	}},
	{"LeavingStartsANewFamilyAtTheNextNote", func(h *H) {
		maya := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		_, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2"}, "D2")
		require.NoError(h.T, err)
		h.Clock.Advance(time.Hour)
		require.NoError(h.T, h.Leave(h.Ctx, Team, maya.ShiftID, "U2"))
		assert.Equal(h.T, []string{"U1"}, h.users(h.Members(h.Ctx, Team, maya.ShiftID)))
		_, err = h.FamilyOf(h.Ctx, Team, "D2")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "the DM feeds no family until its next note")
		n := h.Capture("D2", "U2", "slept 3h", "2.1")
		assert.NotEqual(h.T, maya.ShiftID, n.ShiftID)
		sh, err := h.ShiftByID(h.Ctx, Team, n.ShiftID)
		require.NoError(h.T, err)
		assert.True(h.T, bh.IsFamilyKey(sh.ChannelID), "keyed apart from the DM: %s", sh.ChannelID)
		assert.Equal(h.T, []string{"U2"}, h.users(h.Members(h.Ctx, Team, n.ShiftID)))
		require.NoError(h.T, h.Leave(h.Ctx, Team, maya.ShiftID, "U9"), "leaving a family one is not in")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(h.Leave(h.Ctx, Team, "", "U1")))
	}},
	{"APersonKeepsTheirQuietHours", func(h *H) {
		p, err := h.Person(h.Ctx, Team, "U1")
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.Person{TeamID: Team, UserID: "U1"}, p, "nothing stored: the defaults")
		require.NoError(h.T, h.SetPerson(h.Ctx, bh.Person{TeamID: Team, UserID: "U1", Quiet: &bh.QuietHours{From: 21, To: 6}}))
		p, err = h.Person(h.Ctx, Team, "U1")
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.Person{TeamID: Team, UserID: "U1", Quiet: &bh.QuietHours{From: 21, To: 6}, UpdatedAt: Start}, p)
		require.NoError(h.T, h.SetPerson(h.Ctx, bh.Person{TeamID: Team, UserID: "U1"}))
		p, err = h.Person(h.Ctx, Team, "U1")
		require.NoError(h.T, err)
		assert.Nil(h.T, p.Quiet, "replaced, not merged")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(h.SetPerson(h.Ctx, bh.Person{TeamID: Team})))
	}},
	{"AnInviteIsAnsweredOnce", func(h *H) {
		n := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		first, err := h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: n.ShiftID, From: "U1", To: "U2"})
		require.NoError(h.T, err)
		assert.NotEmpty(h.T, first.ID)
		assert.True(h.T, first.CreatedAt.Equal(Start))
		h.Clock.Advance(time.Hour)
		second, err := h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: n.ShiftID, From: "U1", To: "U2", HandoffID: "H1"})
		require.NoError(h.T, err)
		list, err := h.InvitesTo(h.Ctx, Team, "U2")
		require.NoError(h.T, err)
		require.Len(h.T, list, 2)
		assert.Equal(h.T, []string{second.ID, first.ID}, []string{list[0].ID, list[1].ID}, "newest first")
		assert.Equal(h.T, second, list[0])

		h.Clock.Advance(time.Minute)
		inv, answered, err := h.AnswerInvite(h.Ctx, Team, first.ID, bh.InviteNotNow)
		require.NoError(h.T, err)
		assert.True(h.T, answered)
		assert.Equal(h.T, bh.InviteNotNow, inv.Answer)
		assert.True(h.T, inv.AnsweredAt.Equal(h.Clock.Now()))
		inv, answered, err = h.AnswerInvite(h.Ctx, Team, first.ID, bh.InviteJoin)
		require.NoError(h.T, err)
		assert.False(h.T, answered, "only the first answer counts")
		assert.Equal(h.T, bh.InviteNotNow, inv.Answer)
		_, _, err = h.AnswerInvite(h.Ctx, Team, first.ID, "maybe")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err))
		_, _, err = h.AnswerInvite(h.Ctx, Team, "nope", bh.InviteJoin)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		_, err = h.Invite(h.Ctx, "T2", first.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "another team's")
		_, err = h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: n.ShiftID, From: "U1"})
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err))
	}},
}
