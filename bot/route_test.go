package bot_test

import (
	"bytes"
	"context"
	"log/slog"
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
				fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1", "U0BOT"}})
				fake.SetUser(slacktest.User{ID: "U0BOT", Name: "babyhandoff", IsBot: true})
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

// A family channel is where the family's posts go only once every person
// in it has joined: bots and deactivated accounts are not people; a
// channel Slack will not list is skipped, and the log says so. Otherwise
// the post goes where it would without the channel (here: Sam's note, his
// DM).
func TestRouteFamilyChannelOnceEveryoneInItJoined(t *testing.T) {
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	channel := bh.Route{ChannelID: "C1", Why: "family channel"}
	samsDM := bh.Route{ChannelID: "DU2", UserID: "U2", Why: "writer"}
	for _, tc := range []struct {
		name    string
		members []string // conversations.members of C1; nil: Slack fails
		fail    string   // the error conversations.members answers
		want    bh.Route
		wantLog string
	}{
		{name: "all joined", members: []string{"U1", "U2", "U0BOT"}, want: channel},
		{name: "one not joined", members: []string{"U1", "U2", "U3"}, want: samsDM},
		{name: "a bot in the channel is ignored", members: []string{"U1", "UBOT2", "U2"}, want: channel},
		{name: "a deactivated account is ignored", members: []string{"U1", "U2", "UGONE"}, want: channel},
		{name: "nobody but bots: nobody's place", members: []string{"U0BOT", "UBOT2"}, want: samsDM},
		{name: "members lookup failing: skipped, logged", fail: "ratelimited", want: samsDM,
			wantLog: "a family channel's members; not posting there"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := storetest.New(t, storetest.WithClock(func() time.Time { return now }))
			fake := slacktest.New(slacktest.Config{})
			t.Cleanup(fake.Close)
			var log bytes.Buffer
			b := newBot(t, fake, db, bot.Config{Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(&log, nil))})
			fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: tc.members})
			fake.SetUser(slacktest.User{ID: "U0BOT", Name: "babyhandoff", IsBot: true})
			fake.SetUser(slacktest.User{ID: "UBOT2", Name: "reminders", IsBot: true})
			fake.SetUser(slacktest.User{ID: "UGONE", Name: "old account", Deleted: true})
			if tc.fail != "" {
				fake.FailNext("conversations.members", slacktest.Failure{Error: tc.fail})
			}

			// Maya's notes in C1 made the family; Sam joined with his DM.
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
			require.NoError(t, err)
			shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: shift.ID, UserID: "U2", InvitedBy: "U1"}, "DU2")
			require.NoError(t, err)
			sams, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "DU2", UserID: "U2", RawText: "out of wipes", MessageTS: "2.000100"})
			require.NoError(t, err)
			require.Equal(t, shift.ID, sams.ShiftID)

			items := []bh.RiskItem{{Key: "inventory:wipes", Level: bh.RiskCritical, NoteIDs: []string{sams.ID}}}
			got, _, err := b.Route(ctx, shift, bh.PostNudge, items, now)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			if tc.wantLog != "" {
				assert.Contains(t, log.String(), tc.wantLog)
				assert.Contains(t, log.String(), "channel=C1")
			}
		})
	}
}

// A channel's members are asked once per ten minutes, not per post.
func TestRouteAsksAChannelsMembersOncePerTenMinutes(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	db := storetest.New(t, storetest.WithClock(clock))
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, db, bot.Config{Now: clock})
	fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1", "U3"}})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
	require.NoError(t, err)
	shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	route := func() string {
		r, _, err := b.Route(ctx, shift, bh.PostOutlook, nil, now)
		require.NoError(t, err)
		return r.Why
	}
	assert.Equal(t, "a member's DM", route(), "U3 has not joined: not the channel, Maya's DM")

	// U3 leaves the channel; within ten minutes the list is the cached one.
	fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1"}})
	now = now.Add(9 * time.Minute)
	assert.Equal(t, "a member's DM", route())
	assert.Len(t, fake.Calls("conversations.members"), 1)
	now = now.Add(2 * time.Minute)
	assert.Equal(t, "family channel", route())
	assert.Len(t, fake.Calls("conversations.members"), 2)
}

// member_joined_channel and member_left_channel drop a channel's cached
// members: the next post asks Slack again, not ten minutes later.
func TestRouteAsksAgainWhenSomeoneJoinsOrLeavesTheChannel(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	db := storetest.New(t, storetest.WithClock(clock))
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, db, bot.Config{Now: clock})
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	require.NoError(t, fake.WaitConnections(wctx, 1))

	fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1", "U3"}})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
	require.NoError(t, err)
	shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	route := func() string {
		r, _, err := b.Route(ctx, shift, bh.PostOutlook, nil, now)
		require.NoError(t, err)
		return r.Why
	}
	assert.Equal(t, "a member's DM", route(), "U3 has not joined: not the channel, Maya's DM")
	for _, ev := range []struct {
		typ     string
		members []string
	}{
		{"member_left_channel", []string{"U1"}},
		{"member_joined_channel", []string{"U1", "U3"}},
	} {
		fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: ev.members})
		env, err := fake.SendEvent(wctx, map[string]any{"type": ev.typ, "channel": "C1", "channel_type": "C", "user": "U3", "team": "T1"})
		require.NoError(t, err)
		_, err = fake.WaitAck(wctx, env)
		require.NoError(t, err)
		want := "family channel"
		if len(ev.members) > 1 {
			want = "a member's DM"
		}
		assert.Equal(t, want, route(), ev.typ)
	}
	assert.Len(t, fake.Calls("conversations.members"), 3)
}

// Someone who left the family hears nothing of it: not as the writer of
// the item's note, not as its founder. The family's posts go to a DM that
// feeds it now (Sam's); a founding channel not everyone in has joined is
// skipped as well.
func TestRouteNeverToSomeoneWhoLeftNorAChannelNotAllJoined(t *testing.T) {
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	samsDM := bh.Route{ChannelID: "DU2", UserID: "U2", Why: "a member's DM"}
	for _, tc := range []struct {
		name   string
		place  string // where Maya founded the family
		leaves bool   // Maya leaves the family
		kind   bh.PostKind
		want   bh.Route
	}{
		{name: "Maya's note, Maya left: Sam's DM", place: "DU1", leaves: true, kind: bh.PostNudge, want: samsDM},
		{name: "the outlook, the founder left: Sam's DM", place: "DU1", leaves: true, kind: bh.PostOutlook, want: samsDM},
		{name: "the outlook, a founding channel U3 never joined: a member's DM", place: "C1", kind: bh.PostOutlook,
			want: bh.Route{ChannelID: "DU2", UserID: "U2", Why: "a member's DM"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := storetest.New(t, storetest.WithClock(func() time.Time { return now }))
			fake := slacktest.New(slacktest.Config{})
			t.Cleanup(fake.Close)
			b := newBot(t, fake, db, bot.Config{Now: func() time.Time { return now }})
			fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1", "U2", "U3"}})
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: tc.place, UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
			require.NoError(t, err)
			shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
			require.NoError(t, err)
			_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: shift.ID, UserID: "U2", InvitedBy: "U1"}, "DU2")
			require.NoError(t, err)
			if tc.leaves {
				require.NoError(t, db.Leave(ctx, "T1", shift.ID, "U1"))
			}
			var items []bh.RiskItem
			if tc.kind == bh.PostNudge {
				items = []bh.RiskItem{{Key: "inventory:formula", Level: bh.RiskCritical, NoteIDs: []string{n.ID}}}
			}
			got, _, err := b.Route(ctx, shift, tc.kind, items, now)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// Reaches: a member's DM with the bot is still the family's to update,
// even one that does not feed it (a channel family's); a DM whose person
// left is not, nor a channel (the family's own conversations the radar
// knows).
func TestReachesIsAMembersDMOnly(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	db := storetest.New(t, storetest.WithClock(func() time.Time { return now }))
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, db, bot.Config{Now: func() time.Time { return now }})
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "out of formula", MessageTS: "1.000100"})
	require.NoError(t, err)
	shift, err := db.ShiftByID(ctx, "T1", n.ShiftID)
	require.NoError(t, err)
	_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: shift.ID, UserID: "U2", InvitedBy: "U1"}, "DU2")
	require.NoError(t, err)
	reaches := func(ch string) bool {
		ok, err := b.Reaches(ctx, shift, ch)
		require.NoError(t, err)
		return ok
	}
	assert.True(t, reaches("DU1"), "Maya's DM, though it feeds no family")
	assert.True(t, reaches("DU2"))
	assert.False(t, reaches("DU9"), "not a member's")
	assert.False(t, reaches("C1"), "a channel is never reached this way")
	require.NoError(t, db.Leave(ctx, "T1", shift.ID, "U2"))
	assert.False(t, reaches("DU2"), "Sam left")
}
