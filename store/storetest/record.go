package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// Fill gives s a family with one of everything a family owns (notes open,
// done and removed, a reply, a second member, an invite, quiet hours, runs
// whole and swept, the radar's state, wake-ups and posts, settings, duty,
// a handoff), over 100 days of clock, for export and import tests. It
// returns the family.
func Fill(t *testing.T, s Store, clock *clocktest.Clock) bh.Shift {
	t.Helper()
	return FillTeam(t, s, clock, Team)
}

// FillTeam is Fill in the workspace team: Fill's family, the same in
// every other team.
func FillTeam(t *testing.T, s Store, clock *clocktest.Clock, team string) bh.Shift {
	t.Helper()
	wakeID := "wake-1"
	if team != Team {
		wakeID += "-" + team // event ids are the store's, across teams
	}
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	capture := func(channel, user, text, ts string) bh.Note {
		n, _, err := s.CaptureNote(ctx, bh.NewNote{TeamID: team, ChannelID: channel, UserID: user, RawText: text, MessageTS: ts, Source: bh.SourceDM, EventID: "Ev" + ts})
		must(err)
		return n
	}
	old := capture("D1", "U1", "task: call the pediatrician", "0.1")
	run, err := s.CreateRun(ctx, bh.Run{TeamID: team, ShiftID: old.ShiftID, ChannelID: "D1", Energy: bh.EnergyAuto, HorizonH: 12})
	must(err)
	must(s.SaveRunRecord(ctx, Record(run)))
	clock.Advance(95 * 24 * time.Hour)
	_, err = s.Sweep(ctx) // the first run's details go; its decision stays
	must(err)

	open := capture("D1", "U1", "out of formula", "1.1")
	must(s.SetNoteReply(ctx, team, open.ID, "D1", "1.2"))
	done := capture("D1", "U1", "buy wipes", "1.3")
	_, err = s.MarkNoteDoneBy(ctx, team, done.ID, bh.DoneBy{User: "U1"})
	must(err)
	gone := capture("D1", "U1", "typo", "1.4")
	_, err = s.DeleteNote(ctx, team, gone.ID)
	must(err)
	_, err = s.ClaimNote(ctx, team, open.ID, "U2")
	must(err)
	sh, err := s.ShiftByID(ctx, team, open.ShiftID)
	must(err)
	must(s.SetShiftTZ(ctx, team, sh.ID, "America/New_York"))

	inv, err := s.CreateInvite(ctx, bh.Invite{TeamID: team, ShiftID: sh.ID, From: "U1", To: "U2"})
	must(err)
	capture("D2", "U2", "nap 45 min", "2.1")
	_, err = s.Join(ctx, bh.Member{TeamID: team, ShiftID: sh.ID, UserID: "U2", InvitedBy: "U1"}, "D2")
	must(err)
	_, _, err = s.AnswerInvite(ctx, team, inv.ID, bh.InviteJoin)
	must(err)
	must(s.SetPerson(ctx, bh.Person{TeamID: team, UserID: "U1", Quiet: &bh.QuietHours{From: 22, To: 6}}))

	now := clock.Now()
	run2, err := s.CreateRun(ctx, bh.Run{TeamID: team, ShiftID: sh.ID, ChannelID: "D1", Energy: bh.EnergyLow, HorizonH: 8, For: "U2", ForName: "Sam",
		Rest: []bh.Rest{{UserID: "U1", Name: "Maya", Start: now, End: now.Add(6 * time.Hour)}}})
	must(err)
	must(s.SaveRunRecord(ctx, Record(run2)))
	must(s.SetRunCard(ctx, team, run2.ID, "D1", "3.1"))
	due := now.Add(5 * time.Hour)
	st := bh.ShiftState{TeamID: team, ShiftID: sh.ID, ChannelID: "D1", Level: bh.RiskHigh, Notes: 2, NotesRev: 7, ComputedAt: now,
		Deadlines: []bh.RiskItem{{Key: "deadline:" + open.ID, Kind: bh.TagDeadline, Text: "form", At: &due, Level: bh.RiskHigh, NoteIDs: []string{open.ID}}}}
	must(s.SaveShiftState(ctx, st, "fp1", &bh.Event{ID: wakeID, TeamID: team, ShiftID: sh.ID, At: now, Agent: "RiskRadar", Type: bh.EventWakeUp}, nil))
	post := bh.PostRecord{Key: sh.ID + "/d/1", Kind: bh.PostNudge, TeamID: team, ShiftID: sh.ID, Day: "2027-02-27", Seq: 1, Owner: "p1", ClaimedAt: now}
	_, err = s.ClaimPost(ctx, post)
	must(err)
	post.ChannelID, post.Level, post.Items, post.Fingerprint = "D1", bh.RiskHigh, []string{"deadline:" + open.ID}, "fp1"
	must(s.PostSent(ctx, post, "4.1"))
	_, _, err = s.UpdateRadarSettings(ctx, team, sh.ID, func(r *bh.RadarSettings) bool {
		r.OutlookOn, r.SnoozedUntil, r.Quiet = true, now.Add(time.Hour), &bh.QuietHours{From: 21, To: 7}
		return true
	})
	must(err)
	h, err := s.CreateHandoff(ctx, bh.Handoff{TeamID: team, ShiftID: sh.ID, ChannelID: "D1", From: "U1", To: []string{"U2"}, Start: now, Hours: 8, RunID: run2.ID})
	must(err)
	must(s.HandoffSent(ctx, team, h.ID, "D1", "5.1", []bh.HandoffMessage{{UserID: "U2", ChannelID: "D2", TS: "5.2"}}))
	h, _, err = s.TakeHandoff(ctx, team, h.ID, "U2", now.Add(time.Minute))
	must(err)
	must(s.SetDuty(ctx, h.DutyFrom("U2", now.Add(time.Minute))))
	sh, err = s.ShiftByID(ctx, team, sh.ID)
	must(err)
	return sh
}
