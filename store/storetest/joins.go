package storetest

import (
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Cases of joining by invite, moving notes and leaving, as the current
// store gained them: the same on every engine.
var joinCases = []suiteCase{
	// An invite whose sender left the family no longer stands: the store
	// refuses the Join, and the invite stays unanswered. An invite is
	// answered Join only with the Join itself.
	{"AJoinNeedsItsInviterInTheFamily", func(h *H) {
		maya := h.Capture("D1", "U1", "out of formula", "1.1").ShiftID
		sam := h.Capture("D2", "U2", "wipes < 1 day", "2.1").ShiftID
		pat := h.Capture("D3", "U3", "slept 2h", "3.1").ShiftID
		asked, err := h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: maya, From: "U1", To: "U2"})
		require.NoError(h.T, err)
		require.NoError(h.T, h.Leave(h.Ctx, Team, maya, "U1"))

		_, _, err = h.AcceptInvite(h.Ctx, Team, asked.ID, "U2", "D2")
		assert.Equal(h.T, bh.ECONFLICT, bh.ErrorCode(err))
		assert.Contains(h.T, bh.ErrorMessage(err), "no longer in the family that invite was for")
		_, err = h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
		assert.Equal(h.T, bh.ECONFLICT, bh.ErrorCode(err), "Join itself checks who asked")
		got, err := h.Invite(h.Ctx, Team, asked.ID)
		require.NoError(h.T, err)
		assert.False(h.T, got.Answered(), "a refused Join leaves the invite unanswered")
		assert.Empty(h.T, h.users(h.Members(h.Ctx, Team, maya)))
		sh, err := h.Shift(h.Ctx, Team, "D2")
		require.NoError(h.T, err)
		assert.Equal(h.T, sam, sh.ID, "his DM still feeds his own list")

		inv, err := h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: pat, From: "U3", To: "U2"})
		require.NoError(h.T, err)
		_, _, err = h.AcceptInvite(h.Ctx, Team, inv.ID, "U9", "D9")
		assert.Equal(h.T, bh.EFORBIDDEN, bh.ErrorCode(err), "someone else's invite")
		h.Clock.Advance(time.Minute)
		got, from, err := h.AcceptInvite(h.Ctx, Team, inv.ID, "U2", "D2")
		require.NoError(h.T, err)
		assert.Equal(h.T, sam, from)
		assert.Equal(h.T, bh.InviteJoin, got.Answer)
		assert.True(h.T, got.AnsweredAt.Equal(h.Clock.Now()))
		ms, err := h.Members(h.Ctx, Team, pat)
		require.NoError(h.T, err)
		assert.Equal(h.T, []string{"U3", "U2"}, h.users(ms, err))
		assert.Equal(h.T, "U3", ms[1].InvitedBy)
		sh, err = h.Shift(h.Ctx, Team, "D2")
		require.NoError(h.T, err)
		assert.Equal(h.T, pat, sh.ID)
		_, _, err = h.AcceptInvite(h.Ctx, Team, inv.ID, "U2", "D2")
		assert.Equal(h.T, bh.ECONFLICT, bh.ErrorCode(err), "answered already")

		later, err := h.CreateInvite(h.Ctx, bh.Invite{TeamID: Team, ShiftID: pat, From: "U3", To: "U4"})
		require.NoError(h.T, err)
		_, _, err = h.AnswerInvite(h.Ctx, Team, later.ID, bh.InviteNotNow)
		require.NoError(h.T, err)
		_, _, err = h.AcceptInvite(h.Ctx, Team, later.ID, "U4", "D4")
		assert.Equal(h.T, bh.ECONFLICT, bh.ErrorCode(err), "Not now stands")
		assert.Equal(h.T, []string{"U3", "U2"}, h.users(h.Members(h.Ctx, Team, pat)))
	}},
	// A joiner's open notes moving to the family's list are read in that
	// family's zone, and the move is a change to both lists: the stream
	// of changes and the radar's catch-up name the list they left too.
	{"AMoveIsAChangeToBothListsReadInTheNewZone", func(h *H) {
		maya := h.Capture("D1", "U1", "out of formula", "1.1").ShiftID
		require.NoError(h.T, h.SetShiftTZ(h.Ctx, Team, maya, "America/New_York"))
		h.Clock.Advance(time.Hour) // 10:00 UTC
		appt := h.Capture("D2", "U2", "pediatrician appointment 2pm", "2.1")
		sam := appt.ShiftID
		h.Clock.Advance(2 * time.Hour)
		require.Contains(h.T, h.Live(sam), appt.Text, "read in UTC: 2 PM is still to come")

		next, stop, err := h.WatchNotes(h.Ctx, nil)
		require.NoError(h.T, err)
		defer stop()
		moveAt := h.Clock.Now()
		from, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
		require.NoError(h.T, err)
		moved, err := h.MoveOpenNotes(h.Ctx, Team, from, maya, "U2")
		require.NoError(h.T, err)
		require.Equal(h.T, 1, moved)

		changed := map[string]bool{}
		for !changed[maya] {
			chs, err := next(h.Ctx)
			require.NoError(h.T, err)
			for _, ch := range chs {
				changed[ch.ShiftID] = true
			}
		}
		assert.True(h.T, changed[sam], "the list the note left changed too")
		since, err := h.ShiftsChangedSince(h.Ctx, moveAt)
		require.NoError(h.T, err)
		var caught []string
		for _, sh := range since {
			caught = append(caught, sh.ID)
		}
		assert.ElementsMatch(h.T, []string{sam, maya}, caught, "the catch-up recomputes both")

		h.Clock.Advance(4 * time.Hour) // 4 PM UTC, 11 AM in New York
		assert.Contains(h.T, h.Live(maya), appt.Text, "read in the family's zone")
		assert.Empty(h.T, h.Live(sam))
		h.Clock.Advance(4 * time.Hour) // 3 PM in New York
		assert.NotContains(h.T, h.Live(maya), appt.Text)

		// A later change of the moved note is its new list's only.
		_, err = h.RetagNote(h.Ctx, Team, appt.ID, bh.TagTask)
		require.NoError(h.T, err)
		chs, err := next(h.Ctx)
		require.NoError(h.T, err)
		for _, ch := range chs {
			assert.Equal(h.T, maya, ch.ShiftID)
		}
		since, err = h.ShiftsChangedSince(h.Ctx, h.Clock.Now())
		require.NoError(h.T, err)
		require.Len(h.T, since, 1)
		assert.Equal(h.T, maya, since[0].ID)
	}},
	// A family remembers who left it, in its export: an import without
	// the family's rows (a format-1 export) neither makes the leaver a
	// member again nor maps their DM back to it. Joining again forgets.
	{"WhoLeftStaysGoneThroughAnImport", func(h *H) {
		maya := h.Capture("D1", "U1", "out of formula", "1.1")
		_, err := h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U2", InvitedBy: "U1"}, "D2")
		require.NoError(h.T, err)
		h.Clock.Advance(time.Hour)
		require.NoError(h.T, h.Leave(h.Ctx, Team, maya.ShiftID, "U1"))
		sh, err := h.ShiftByID(h.Ctx, Team, maya.ShiftID)
		require.NoError(h.T, err)
		rec, err := h.ExportFamily(h.Ctx, sh)
		require.NoError(h.T, err)
		assert.Equal(h.T, []string{"U1"}, rec.Left)
		formatOne := func(r bh.FamilyRecord) bh.FamilyRecord {
			r.Conversations, r.Members, r.People, r.Invites = nil, nil, nil, nil
			return r
		}

		to := &H{Store: h.Fresh(), T: h.T, Clock: h.Clock, Ctx: h.Ctx}
		_, err = to.ImportFamily(h.Ctx, formatOne(rec))
		require.NoError(h.T, err)
		assert.Empty(h.T, to.users(to.Members(h.Ctx, Team, maya.ShiftID)), "the leaver is not a member again")
		_, err = to.FamilyOf(h.Ctx, Team, "D1")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "her DM feeds no family here")
		n := to.Capture("D1", "U1", "nap 40 min", "1.2")
		assert.NotEqual(h.T, maya.ShiftID, n.ShiftID, "her next note starts a list of her own")
		mine, err := to.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.FamilyKey(n.ShiftID), mine.ChannelID)
		assert.Empty(h.T, to.users(to.Members(h.Ctx, Team, maya.ShiftID)))
		again, err := to.ImportFamily(h.Ctx, formatOne(rec))
		require.NoError(h.T, err)
		assert.Zero(h.T, again.New)
		mine, err = to.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		assert.Equal(h.T, n.ShiftID, mine.ID, "importing again changes nothing")

		// Back by Join: no longer one who left.
		_, err = h.Join(h.Ctx, bh.Member{TeamID: Team, ShiftID: maya.ShiftID, UserID: "U1", InvitedBy: "U2"}, "D1")
		require.NoError(h.T, err)
		rec, err = h.ExportFamily(h.Ctx, sh)
		require.NoError(h.T, err)
		assert.Empty(h.T, rec.Left)
		back := &H{Store: h.Fresh(), T: h.T, Clock: h.Clock, Ctx: h.Ctx}
		_, err = back.ImportFamily(h.Ctx, formatOne(rec))
		require.NoError(h.T, err)
		assert.Equal(h.T, maya.ShiftID, back.Capture("D1", "U1", "nap 40 min", "1.3").ShiftID, "her DM feeds the family she founded")
		assert.Contains(h.T, back.users(back.Members(h.Ctx, Team, maya.ShiftID)), "U1")
	}},
}
