package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// Route: the member on duty hears it, in their DM under their handoff
// message; else the family's channel; else whoever wrote the note; quiet
// hours are that person's.
func TestRouteFollowsDutyThenChannelThenWriter(t *testing.T) {
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	samQuiet := bh.QuietHours{From: 20, To: 6}
	for _, tc := range []struct {
		name      string
		duty      *bh.Duty // Sam's, when set
		handoff   bool     // the duty came with a handoff message in DU2
		member    bool     // Sam joined Maya's family
		samsNote  bool     // the item is Sam's note
		kind      bh.PostKind
		channel   bool // the family was founded in channel C1
		want      bh.Route
		wantQuiet bh.QuietHours
	}{
		{name: "Sam on duty with a handoff: his DM, under it", duty: &bh.Duty{Since: now.Add(-time.Hour), Until: now.Add(8 * time.Hour)}, handoff: true, member: true,
			want: bh.Route{ChannelID: "DU2", UserID: "U2", ThreadTS: "9.000100", Duty: true, Why: "on duty"}, wantQuiet: samQuiet},
		{name: "Sam on duty by hand: his DM", duty: &bh.Duty{Since: now.Add(-time.Hour)}, member: true,
			want: bh.Route{ChannelID: "DU2", UserID: "U2", Duty: true, Why: "on duty"}, wantQuiet: samQuiet},
		{name: "Sam on duty but never joined: as before, the writer", duty: &bh.Duty{Since: now.Add(-time.Hour)}, handoff: true,
			want: bh.Route{ChannelID: "DU1", UserID: "U1", Why: "writer"}, wantQuiet: bh.DefaultQuietHours},
		{name: "Sam's duty is over: the writer", duty: &bh.Duty{Since: now.Add(-9 * time.Hour), Until: now.Add(-time.Hour)}, handoff: true, member: true,
			want: bh.Route{ChannelID: "DU1", UserID: "U1", Why: "writer"}, wantQuiet: bh.DefaultQuietHours},
		{name: "nobody on duty, Sam's note: Sam's DM", member: true, samsNote: true,
			want: bh.Route{ChannelID: "DU2", UserID: "U2", Why: "writer"}, wantQuiet: samQuiet},
		{name: "nobody on duty, the outlook: the family's founding DM", member: true, kind: bh.PostOutlook,
			want: bh.Route{ChannelID: "DU1", UserID: "U1", Why: "founding conversation"}, wantQuiet: bh.DefaultQuietHours},
		{name: "nobody on duty, a family channel: the channel", channel: true,
			want: bh.Route{ChannelID: "C1", Why: "family channel"}, wantQuiet: bh.DefaultQuietHours},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := storetest.New(t, storetest.WithClock(func() time.Time { return now }))
			fake := slacktest.New(slacktest.Config{})
			t.Cleanup(fake.Close)
			b := newBot(t, fake, db, bot.Config{})
			place := "DU1"
			if tc.channel {
				place = "C1"
			}
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: place, UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
			require.NoError(t, err)
			shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			require.NoError(t, db.SetPerson(ctx, bh.Person{TeamID: "T1", UserID: "U2", Quiet: &samQuiet}))
			if tc.member {
				_, err := db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: shift.ID, UserID: "U2", InvitedBy: "U1"}, "DU2")
				require.NoError(t, err)
			}
			if tc.samsNote {
				n, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "DU2", UserID: "U2", RawText: "out of wipes", MessageTS: "2.000100"})
				require.NoError(t, err)
				require.Equal(t, shift.ID, n.ShiftID)
			}
			if tc.duty != nil {
				d := *tc.duty
				d.TeamID, d.ShiftID, d.UserID = "T1", shift.ID, "U2"
				if tc.handoff {
					ho, err := db.CreateHandoff(ctx, bh.Handoff{TeamID: "T1", ShiftID: shift.ID, ChannelID: "DU1", From: "U1", To: []string{"U2"},
						Start: d.Since, Hours: 8})
					require.NoError(t, err)
					require.NoError(t, db.HandoffSent(ctx, "T1", ho.ID, "DU1", "8.000100", []bh.HandoffMessage{{UserID: "U2", ChannelID: "DU2", TS: "9.000100"}}))
					d.HandoffID = ho.ID
				}
				require.NoError(t, db.SetDuty(ctx, d))
			}
			kind := tc.kind
			var items []bh.RiskItem
			if kind == "" {
				kind = bh.PostNudge
				items = []bh.RiskItem{{Key: "inventory:x", Level: bh.RiskCritical, NoteIDs: []string{n.ID}}}
			}
			got, quiet, err := b.Route(ctx, shift, kind, items, now)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.wantQuiet, quiet)
		})
	}
}
