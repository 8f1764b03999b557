package storetest

import (
	"fmt"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

var noteCases = []suiteCase{
	{"ACapturedNotesEventIsSeen", func(h *H) {
		// A message's event that stored a note is handled: its redelivery
		// as an edit or a deletion of the same event is not applied again.
		seen, err := h.EventSeen(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, seen)
		_, _, err = h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1", EventID: "Ev1"})
		require.NoError(h.T, err)
		seen, err = h.EventSeen(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.True(h.T, seen, "CaptureNote records the event")
		seen, err = h.EventSeen(h.Ctx, "T2", "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, seen, "per team")
		first, err := h.MarkEvent(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, first, "MarkEvent sees it too")
	}},
	{"CaptureIsOncePerMessage", func(h *H) {
		first := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		again, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
		require.NoError(h.T, err)
		assert.False(h.T, created, "a redelivery")
		assert.Equal(h.T, first.ID, again.ID)
		other := h.Capture("D2", "U2", "wipes < 1 day", "1.1")
		assert.NotEqual(h.T, first.ID, other.ID, "the same ts in another conversation is another message")
		for range 2 {
			_, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "typed in a form"})
			require.NoError(h.T, err)
			assert.True(h.T, created, "a note without a message is new each time")
		}
		all, err := h.Notes(h.Ctx, Team, first.ShiftID, true)
		require.NoError(h.T, err)
		assert.Len(h.T, all, 3)
		_, _, err = h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, RawText: "no conversation"})
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err))
	}},
	{"RedeliveriesAtOnceMakeOneNote", func(h *H) {
		// Slack may deliver a message again on another connection while
		// the first delivery is being stored.
		const n = 8
		type result struct {
			id      string
			created bool
			err     error
		}
		results := make(chan result, n)
		for range n {
			go func() {
				note, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
				results <- result{note.ID, created, err}
			}()
		}
		ids, created := map[string]bool{}, 0
		for range n {
			r := <-results
			require.NoError(h.T, r.err)
			ids[r.id] = true
			if r.created {
				created++
			}
		}
		assert.Len(h.T, ids, 1, "one note")
		assert.Equal(h.T, 1, created, "stored by one delivery")
		sh, err := h.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		all, err := h.Notes(h.Ctx, Team, sh.ID, true)
		require.NoError(h.T, err)
		assert.Len(h.T, all, 1)
	}},
	{"ASampleLivesApartFromTheFamily", func(h *H) {
		mine := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		sample := h.Capture(bh.SampleChannel("D1"), "U1", "diapers running low", "sample-1")
		assert.NotEqual(h.T, mine.ShiftID, sample.ShiftID)
		sh, err := h.Shift(h.Ctx, Team, bh.SampleChannel("D1"))
		require.NoError(h.T, err)
		assert.True(h.T, sh.Sample)
		assert.Equal(h.T, sample.ShiftID, sh.ID)
		fam, err := h.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		assert.False(h.T, fam.Sample)
		assert.Equal(h.T, []string{"wipes < 1 day"}, h.Live(fam.ID))
		assert.Equal(h.T, []string{"U1"}, h.users(h.FamiliesOf(h.Ctx, Team, "U1")), "a sample makes nobody a member")
	}},
	{"NotesOfOneInstantKeepTheirOrderThroughAnImport", func(h *H) {
		// Messages of one instant are listed in the order they were
		// stored, and so after the family is exported and imported.
		var want []string
		for i := range 8 {
			want = append(want, h.Capture("D1", "U1", fmt.Sprintf("note %d", i), fmt.Sprintf("1.%d", i)).Text)
		}
		texts := func(ns []bh.Note) []string {
			out := []string{}
			for _, n := range ns {
				out = append(out, n.Text)
			}
			return out
		}
		sh, err := h.Shift(h.Ctx, Team, "D1")
		require.NoError(h.T, err)
		for _, s := range []Store{h.Store, nil} {
			if s == nil {
				fam, err := h.ExportFamily(h.Ctx, sh)
				require.NoError(h.T, err)
				s = h.Fresh()
				_, err = s.ImportFamily(h.Ctx, fam)
				require.NoError(h.T, err)
			}
			all, err := s.Notes(h.Ctx, Team, sh.ID, true)
			require.NoError(h.T, err)
			assert.Equal(h.T, want, texts(all))
			live, err := s.LiveNotes(h.Ctx, Team, sh.ID, h.Clock.Now())
			require.NoError(h.T, err)
			assert.Equal(h.T, want, texts(live.Notes))
		}
	}},
	{"ANoteIsStoredAtItsMessagesTime", func(h *H) {
		written := Start.Add(-90 * time.Second).Add(123456 * time.Microsecond)
		n, _, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "fed 90ml", MessageTS: "1.1", WrittenAt: written})
		require.NoError(h.T, err)
		got, err := h.Note(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.True(h.T, got.CreatedAt.Equal(written.Truncate(time.Millisecond)), "to the millisecond: %v", got.CreatedAt)
		assert.True(h.T, got.UpdatedAt.Equal(Start), "stored on the store's clock: %v", got.UpdatedAt)
		h.Clock.Advance(time.Minute)
		form := h.Capture("D1", "U1", "formula low", "")
		assert.True(h.T, form.CreatedAt.Equal(Start.Add(time.Minute)), "a form has no message: now")
		assert.Equal(h.T, 1, got.Rev)
		assert.Equal(h.T, bh.TagNote, got.Tag)
		assert.Equal(h.T, "fed 90ml", got.Text)
	}},
	{"EditRetagDeleteRestore", func(h *H) {
		n := h.Capture("D1", "U1", "buy diapers", "1.1")
		h.Clock.Advance(time.Minute)
		ed, err := h.EditNote(h.Ctx, Team, "D1", "1.1", "deadline: daycare form by friday", "")
		require.NoError(h.T, err)
		assert.Equal(h.T, "daycare form by friday", ed.Text)
		assert.Equal(h.T, bh.TagDeadline, ed.Tag, "a new prefix re-tags")
		assert.Equal(h.T, 2, ed.Rev)
		assert.True(h.T, ed.UpdatedAt.Equal(h.Clock.Now()))
		re, err := h.RetagNote(h.Ctx, Team, n.ID, bh.TagTask)
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.TagByUser, re.TagSource)
		_, err = h.RetagNote(h.Ctx, Team, n.ID, "nonsense")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err))
		ed, err = h.EditNote(h.Ctx, Team, "D1", "1.1", "daycare form by monday", bh.TagDeadline)
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.TagTask, ed.Tag, "without a prefix, a person's tag stands")

		h.Clock.Advance(time.Minute)
		del, err := h.DeleteNote(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		require.NotNil(h.T, del.DeletedAt)
		deletedAt := *del.DeletedAt
		h.Clock.Advance(time.Minute)
		del, err = h.DeleteNote(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.True(h.T, del.DeletedAt.Equal(deletedAt), "a second delete keeps the first time")
		assert.Empty(h.T, h.Live(n.ShiftID))
		kept, err := h.Notes(h.Ctx, Team, n.ShiftID, false)
		require.NoError(h.T, err)
		assert.Empty(h.T, kept)
		back, err := h.RestoreNote(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.Nil(h.T, back.DeletedAt)
		assert.Equal(h.T, []string{"daycare form by monday"}, h.Live(n.ShiftID))

		gone, err := h.EditNote(h.Ctx, Team, "D1", "1.1", "   ", "")
		require.NoError(h.T, err)
		assert.NotNil(h.T, gone.DeletedAt, "an edit that leaves nothing deletes")
	}},
	{"DoneStaysADayAndUndoBringsItBack", func(h *H) {
		n := h.Capture("D1", "U1", "out of formula", "1.1")
		h.Capture("D1", "U1", "call the pediatrician about the rash", "1.2")
		done, err := h.MarkNoteDoneBy(h.Ctx, Team, n.ID, bh.DoneBy{User: "U2"})
		require.NoError(h.T, err)
		require.NotNil(h.T, done.DoneAt)
		assert.True(h.T, done.DoneAt.Equal(Start))
		assert.Equal(h.T, "U2", done.DoneBy.User)
		h.Clock.Advance(bh.DoneWindow)
		assert.Len(h.T, h.Live(n.ShiftID), 2, "done since yesterday stays for the card")
		h.Clock.Advance(time.Millisecond)
		assert.Equal(h.T, []string{"call the pediatrician about the rash"}, h.Live(n.ShiftID), "gone after a day")
		undone, err := h.MarkNoteDone(h.Ctx, Team, n.ID, false)
		require.NoError(h.T, err)
		assert.Nil(h.T, undone.DoneAt)
		assert.Empty(h.T, undone.DoneBy)
		assert.Len(h.T, h.Live(n.ShiftID), 2, "undone: live again")

		h.Clock.Advance(30 * 24 * time.Hour)
		assert.Len(h.T, h.Live(n.ShiftID), 2, "open items stay open on day 30")
		_, err = h.DeleteNote(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		_, err = h.MarkNoteDone(h.Ctx, Team, n.ID, true)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "a deleted note cannot be done")
	}},
	{"ANoteEndsByItsOwnWordsInItsFamilysZone", func(h *H) {
		// 12:00 UTC is 07:00 in New York. At 17:00 UTC the appointment
		// (10–11 a.m. New York, 15–16 UTC) is over there; read in UTC,
		// 10 a.m. had gone by when it was written: tomorrow's.
		written := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		h.Clock.Set(written)
		appt := h.Capture("D1", "U1", "pediatrician appointment 10am", "1.1")
		h.Capture("D1", "U1", "slept 3h", "1.2")
		h.Clock.Set(written.Add(5 * time.Hour))
		assert.Equal(h.T, []string{"pediatrician appointment 10am", "slept 3h"}, h.Live(appt.ShiftID))
		require.NoError(h.T, h.SetShiftTZ(h.Ctx, Team, appt.ShiftID, "America/New_York"))
		assert.Equal(h.T, []string{"slept 3h"}, h.Live(appt.ShiftID), "over, read in New York")
		require.NoError(h.T, h.SetShiftTZ(h.Ctx, Team, appt.ShiftID, ""))
		assert.Len(h.T, h.Live(appt.ShiftID), 2, "back in UTC: tomorrow's again")
		h.Clock.Set(written.Add(24 * time.Hour))
		assert.Len(h.T, h.Live(appt.ShiftID), 1, "an observation is past a day after")
		sh, err := h.ShiftByID(h.Ctx, Team, appt.ShiftID)
		require.NoError(h.T, err)
		assert.Equal(h.T, "", sh.TZ)
	}},
	{"DayThirtyReadsLikeDayTwo", func(h *H) {
		// Each morning: how long the baby slept (past a day after), wipes
		// running low, and yesterday's wipes bought. Half an hour later
		// the live notes are the same three, whatever the history.
		var yesterday bh.Note
		shift, rev := "", 0
		for day := range 30 {
			h.Clock.Set(Start.Add(time.Duration(day) * 24 * time.Hour))
			ts := func(i int) string { return fmt.Sprintf("%d.%d", day, i) }
			h.Capture("D1", "U1", "slept 3h", ts(1))
			wipes := h.Capture("D1", "U1", "wipes < 1 day", ts(2))
			shift = wipes.ShiftID
			if day > 0 {
				_, err := h.MarkNoteDoneBy(h.Ctx, Team, yesterday.ID, bh.DoneBy{User: "U2"})
				require.NoError(h.T, err)
			}
			yesterday = wipes
			h.Clock.Advance(30 * time.Minute)
			want := []string{"wipes < 1 day", "slept 3h", "wipes < 1 day"}
			if day == 0 {
				want = want[1:]
			}
			require.Equal(h.T, want, h.Live(shift), "day %d", day+1)
			next := h.Rev(shift)
			require.Greater(h.T, next, rev, "day %d", day+1)
			rev = next
		}
		all, err := h.Notes(h.Ctx, Team, shift, true)
		require.NoError(h.T, err)
		assert.Len(h.T, all, 60)
	}},
	{"TheOrderOfStatesRisesWithEveryChange", func(h *H) {
		n := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		revs := []int{h.Rev(n.ShiftID)}
		h.Capture("D1", "U1", "slept 3h", "1.2")
		revs = append(revs, h.Rev(n.ShiftID))
		_, err := h.MarkStillOn(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		revs = append(revs, h.Rev(n.ShiftID))
		_, err = h.DeleteNote(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		revs = append(revs, h.Rev(n.ShiftID))
		h.Clock.Advance(48 * time.Hour)
		revs = append(revs, h.Rev(n.ShiftID))
		assert.Equal(h.T, []int{1, 2, 3, 4, 4}, revs, "every note counts, closed ones too; time alone changes nothing")
		live, err := h.LiveNotes(h.Ctx, Team, "no-such-family", h.Clock.Now())
		require.NoError(h.T, err)
		assert.Empty(h.T, live.Notes)
	}},
	{"ClaimsAndStillOn", func(h *H) {
		n := h.Capture("C1", "U1", "deadline: daycare form by friday", "1.1")
		c, err := h.ClaimNote(h.Ctx, Team, n.ID, "U2")
		require.NoError(h.T, err)
		assert.Equal(h.T, "U2", c.ClaimedBy)
		require.NotNil(h.T, c.ClaimedAt)
		assert.True(h.T, c.ClaimedAt.Equal(Start))
		c, err = h.ClaimNote(h.Ctx, Team, n.ID, "")
		require.NoError(h.T, err)
		assert.Empty(h.T, c.ClaimedBy)
		assert.Nil(h.T, c.ClaimedAt)
		h.Clock.Advance(time.Hour)
		s, err := h.MarkStillOn(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		require.NotNil(h.T, s.StillOnAt)
		assert.True(h.T, s.StillOnAt.Equal(Start.Add(time.Hour)))
		got, err := h.Note(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, s, got, "what a mark returns is what is stored")
	}},
	{"AReplysPlaceIsKeptWithoutAChange", func(h *H) {
		n := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		rev := h.Rev(n.ShiftID)
		require.NoError(h.T, h.SetNoteReply(h.Ctx, Team, n.ID, "D1", "2.2"))
		got, err := h.NoteByMessage(h.Ctx, Team, "D1", "1.1")
		require.NoError(h.T, err)
		assert.Equal(h.T, [2]string{"D1", "2.2"}, [2]string{got.ReplyChannel, got.ReplyTS})
		again, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
		require.NoError(h.T, err)
		assert.False(h.T, created)
		assert.Equal(h.T, "2.2", again.ReplyTS, "a redelivery finds the reply to update")
		assert.Equal(h.T, rev, h.Rev(n.ShiftID), "not a change of the note")
		assert.Equal(h.T, 1, got.Rev)
	}},
	{"NotesByIDInTheOrderAsked", func(h *H) {
		a := h.Capture("D1", "U1", "a", "1.1")
		b := h.Capture("D1", "U1", "b", "1.2")
		_, err := h.DeleteNote(h.Ctx, Team, b.ID)
		require.NoError(h.T, err)
		got, err := h.NotesByID(h.Ctx, Team, []string{b.ID, "nope", a.ID})
		require.NoError(h.T, err)
		require.Len(h.T, got, 2)
		assert.Equal(h.T, []string{b.ID, a.ID}, []string{got[0].ID, got[1].ID}, "deleted ones too")
		got, err = h.NotesByID(h.Ctx, "T2", []string{a.ID})
		require.NoError(h.T, err)
		assert.Empty(h.T, got, "another team's")
		_, err = h.Note(h.Ctx, "T2", a.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		_, err = h.NoteByMessage(h.Ctx, Team, "D1", "9.9")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))

		// Many ids (an engine may ask in batches), newest first, one
		// asked twice: in the order asked, the repeated one twice.
		var many []string
		for i := range 70 {
			many = append([]string{h.Capture("D1", "U1", fmt.Sprintf("note %d", i), fmt.Sprintf("2.%03d", i)).ID}, many...)
		}
		asked := append(append([]string{}, many...), many[3])
		got, err = h.NotesByID(h.Ctx, Team, asked)
		require.NoError(h.T, err)
		var ids []string
		for _, n := range got {
			ids = append(ids, n.ID)
		}
		assert.Equal(h.T, asked, ids)
		_, err = h.EditNote(h.Ctx, Team, "D1", "9.9", "x", "")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		_, err = h.MarkNoteDone(h.Ctx, Team, "nope", true)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
	}},
	{"AnEventIsMarkedOnce", func(h *H) {
		seen, err := h.EventSeen(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, seen)
		first, err := h.MarkEvent(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.True(h.T, first)
		first, err = h.MarkEvent(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, first, "a redelivery")
		seen, err = h.EventSeen(h.Ctx, Team, "Ev1")
		require.NoError(h.T, err)
		assert.True(h.T, seen)
		seen, err = h.EventSeen(h.Ctx, "T2", "Ev1")
		require.NoError(h.T, err)
		assert.False(h.T, seen, "per team")
	}},
}
