package storetest

import (
	"errors"
	"strings"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// What was under way when a workspace's data was deleted (DeleteTeam):
// the radar had read a family's notes, a /plan was running, a handoff or
// a post was being sent. Its writes come after the deletion, carrying
// what it computed from the notes before: none of it may be stored.
var deletedCases = []suiteCase{
	{"NothingComputedBeforeADeletionIsWrittenAfterIt", func(h *H) {
		ctx := h.Ctx
		n := h.Capture("D1", "U1", "daycare form due tomorrow 5pm", "1.1")
		h.Capture("D1", "U1", "out of formula", "1.2")
		live, err := h.LiveNotes(ctx, Team, n.ShiftID, h.Clock.Now())
		require.NoError(h.T, err)
		var texts []string
		for _, l := range live.Notes {
			texts = append(texts, l.Text)
		}
		require.Len(h.T, texts, 2)
		shift := n.ShiftID
		now := h.Clock.Now()

		// What each worker read and made before the deletion.
		st := bh.ShiftState{TeamID: Team, ShiftID: shift, ChannelID: "D1", Level: bh.RiskHigh, Notes: 2, NotesRev: live.Rev, ComputedAt: now,
			Inventory:   []bh.RiskItem{{Key: "inventory:" + n.ID, Kind: bh.TagInventory, Text: texts[1], Since: &now, Level: bh.RiskHigh}},
			NextActions: []bh.Item{{Text: texts[0], NoteIDs: []string{n.ID}}}}
		wake := &bh.Event{ID: "wake-late", TeamID: Team, ShiftID: shift, At: now, Agent: "RiskRadar", Type: bh.EventWakeUp, Text: texts[0]}
		run, err := h.CreateRun(ctx, bh.Run{TeamID: Team, ShiftID: shift, ChannelID: "D1", Energy: bh.EnergyAuto, HorizonH: 12, Now: now})
		require.NoError(h.T, err)
		rec := Record(run)
		rec.Pack.CompiledText = strings.Join(texts, "\n")
		ho, err := h.CreateHandoff(ctx, bh.Handoff{TeamID: Team, ShiftID: shift, ChannelID: "D1", From: "U1", To: []string{"U2"}, Start: now, Hours: 8,
			Message: texts[0], RunID: run.ID})
		require.NoError(h.T, err)
		sent := bh.PostRecord{Key: "nudge:" + Team + "/" + shift + "/d/1", Kind: bh.PostNudge, TeamID: Team, ShiftID: shift, Day: "2026-11-24", Seq: 1,
			Owner: "p1", ClaimedAt: now, MadeAt: now}
		_, err = h.ClaimPost(ctx, sent)
		require.NoError(h.T, err)
		sent.ChannelID, sent.Items, sent.Fingerprint = "D1", []string{"inventory:" + n.ID}, "fp1"
		next := sent
		next.Key, next.Seq = "nudge:"+Team+"/"+shift+"/d/2", 2
		diff := bh.Artifact{ID: run.ID + ":diff", RunID: run.ID, Kind: bh.ArtifactDiff, Name: "diff-v1.md", Content: texts[0], CreatedAt: now}
		cur := bh.RadarCursor{Token: []byte("late"), At: now}
		before, err := h.RadarCursor(ctx)
		require.NoError(h.T, err)

		_, err = h.DeleteTeam(ctx, Team)
		require.NoError(h.T, err)
		h.Clock.Advance(time.Second)

		const (
			stored  = iota // no error (a change of nothing there writes nothing)
			deleted        // bh.ErrFamilyDeleted
			gone           // ENOTFOUND: the row it changes is gone
		)
		for _, w := range []struct {
			name  string
			want  int
			write func() error
		}{
			{"the radar's state, its wake-up and cursor", deleted, func() error { return h.SaveShiftState(ctx, st, "fp", wake, &cur) }},
			{"a /plan's run", deleted, func() error {
				_, err := h.CreateRun(ctx, bh.Run{TeamID: Team, ShiftID: shift, ChannelID: "D1", Energy: bh.EnergyLow, HorizonH: 8, Now: now})
				return err
			}},
			{"a /plan's details, events and files", deleted, func() error { return h.SaveRunRecord(ctx, rec) }},
			{"a what-if's diff file", deleted, func() error { return h.SaveArtifact(ctx, Team, shift, diff) }},
			{"a file's upload", deleted, func() error {
				_, err := h.StartUpload(ctx, bh.Upload{TeamID: Team, RunID: run.ID, Kind: bh.ArtifactHandoff, ChannelID: "D1", UserID: "U1"})
				return err
			}},
			{"a run failed", stored, func() error { return h.FailRun(ctx, Team, run.ID, "timeout") }},
			{"a run's card", stored, func() error { return h.SetRunCard(ctx, Team, run.ID, "D1", "3.1") }},
			{"a handoff", deleted, func() error {
				_, err := h.CreateHandoff(ctx, bh.Handoff{TeamID: Team, ShiftID: shift, ChannelID: "D1", From: "U1", To: []string{"U2"}, Start: now, Hours: 8, Message: texts[0]})
				return err
			}},
			{"a handoff's messages", gone, func() error {
				return h.HandoffSent(ctx, Team, ho.ID, "D1", "5.1", []bh.HandoffMessage{{UserID: "U2", ChannelID: "D2", TS: "5.2"}})
			}},
			{"a handoff taken", gone, func() error { _, _, err := h.TakeHandoff(ctx, Team, ho.ID, "U2", now); return err }},
			{"who is on duty", deleted, func() error { return h.SetDuty(ctx, ho.DutyFrom("U2", now)) }},
			{"a radar post claimed", deleted, func() error { _, err := h.ClaimPost(ctx, next); return err }},
			{"a radar post sent", stored, func() error { return h.PostSent(ctx, sent, "4.1") }},
			{"a radar post refreshed", stored, func() error { _, err := h.RefreshPost(ctx, sent.Key, "", sent); return err }},
			{"radar settings (App Home, the radar switched off)", deleted, func() error {
				_, _, err := h.UpdateRadarSettings(ctx, Team, shift, func(s *bh.RadarSettings) bool { s.Off = "gone"; return true })
				return err
			}},
			{"an invite", deleted, func() error {
				_, err := h.CreateInvite(ctx, bh.Invite{TeamID: Team, ShiftID: shift, From: "U1", To: "U2"})
				return err
			}},
			{"a join", gone, func() error {
				_, err := h.Join(ctx, bh.Member{TeamID: Team, ShiftID: shift, UserID: "U2", InvitedBy: "U1"}, "D2")
				return err
			}},
			{"a note's reply", gone, func() error { return h.SetNoteReply(ctx, Team, n.ID, "D1", "1.9") }},
			{"a note marked done", gone, func() error { _, err := h.MarkNoteDone(ctx, Team, n.ID, true); return err }},
			{"the family's zone", stored, func() error { return h.SetShiftTZ(ctx, Team, shift, "Europe/Paris") }},
		} {
			err := w.write()
			switch w.want {
			case stored:
				assert.NoError(h.T, err, w.name)
			case deleted:
				assert.ErrorIs(h.T, err, bh.ErrFamilyDeleted, w.name)
				assert.Equal(h.T, "That family's data was deleted.", bh.ErrorMessage(err), w.name)
			case gone:
				assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "%s: %v", w.name, err)
			}
		}

		rows, err := h.TeamRows(ctx, Team)
		require.NoError(h.T, err)
		for table, k := range rows {
			assert.Zero(h.T, k, "a row of the deleted team came back in %s", table)
		}
		after, err := h.RadarCursor(ctx)
		require.NoError(h.T, err)
		assert.Equal(h.T, before, after, "a refused state moves no cursor: its write is refused whole")
		states, err := h.StatesAtRisk(ctx, bh.RiskLow)
		require.NoError(h.T, err)
		assert.Empty(h.T, states)

		// A note after the deletion is new data: it starts a family, whose
		// writes are stored as any family's.
		fresh := h.Capture("D1", "U1", "out of wipes", "2.1")
		assert.NotEqual(h.T, shift, fresh.ShiftID, "a new family")
		assert.Equal(h.T, []string{"out of wipes"}, h.Live(fresh.ShiftID))
		st.ShiftID, st.NotesRev = fresh.ShiftID, h.Rev(fresh.ShiftID)
		require.NoError(h.T, h.SaveShiftState(ctx, st, "fp2", nil, &cur))
		_, _, found, err := h.ShiftState(ctx, Team, fresh.ShiftID)
		require.NoError(h.T, err)
		assert.True(h.T, found, "the new family's state is stored")
		r2, err := h.CreateRun(ctx, bh.Run{TeamID: Team, ShiftID: fresh.ShiftID, ChannelID: "D1", Energy: bh.EnergyAuto, HorizonH: 12, Now: now})
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, r2.Version, "the new family's first plan")
		require.NoError(h.T, h.SaveRunRecord(ctx, Record(r2)))
		_, err = h.ClaimPost(ctx, bh.PostRecord{Key: "nudge:" + Team + "/" + fresh.ShiftID + "/d/1", Kind: bh.PostNudge, TeamID: Team, ShiftID: fresh.ShiftID,
			Day: "2026-11-24", Seq: 1, ClaimedAt: now})
		require.NoError(h.T, err)
		// The deleted family stays deleted.
		err = h.SaveShiftState(ctx, bh.ShiftState{TeamID: Team, ShiftID: shift, NotesRev: 99}, "fp3", nil, nil)
		assert.True(h.T, errors.Is(err, bh.ErrFamilyDeleted), "%v", err)
		rows, err = h.TeamRows(ctx, Team)
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, rows["shifts"], "the new family only")
		assert.Equal(h.T, 1, rows["notes"])
	}},
}
