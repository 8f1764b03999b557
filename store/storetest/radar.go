package storetest

import (
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

var radarCases = []suiteCase{
	{"AStateFromOlderNotesNeverReplacesANewerOne", func(h *H) {
		s1 := h.Family("D1")
		s2 := h.Family("D2")
		t0 := h.Clock.Now()
		steps := []struct {
			name             string
			notes, rev       int
			level, wantLevel bh.RiskLevel
			wantNotes        int
			wantFP           string
		}{
			{"first state", 1, 1, bh.RiskHigh, bh.RiskHigh, 1, "eva"},
			{"newer notes", 2, 2, bh.RiskCritical, bh.RiskCritical, 2, "evb"},
			{"older notes saved late", 1, 1, bh.RiskHigh, bh.RiskCritical, 2, "evb"},
			{"same notes, time passed", 2, 2, bh.RiskHigh, bh.RiskHigh, 2, "evd"},
			{"a note edited", 2, 3, bh.RiskMedium, bh.RiskMedium, 2, "eve"},
		}
		for i, s := range steps {
			ev := "ev" + string(rune('a'+i))
			st := bh.ShiftState{TeamID: Team, ShiftID: s1, ChannelID: "D1", Level: s.level, Notes: s.notes, NotesRev: s.rev, ComputedAt: t0}
			cur := bh.RadarCursor{Token: []byte{byte(i)}, At: t0.Add(time.Duration(i) * time.Second)}
			require.NoError(h.T, h.SaveShiftState(h.Ctx, st, ev, &bh.Event{ID: ev, TeamID: Team, ShiftID: s1, At: t0.Add(time.Duration(i) * time.Minute),
				Agent: "RiskRadar", Type: bh.EventWakeUp}, &cur))
			got, fp, found, err := h.ShiftState(h.Ctx, Team, s1)
			require.NoError(h.T, err)
			require.True(h.T, found)
			assert.Equal(h.T, []any{s.wantNotes, s.wantLevel, s.wantFP}, []any{got.Notes, got.Level, fp}, s.name)
			saved, err := h.RadarCursor(h.Ctx)
			require.NoError(h.T, err)
			assert.Equal(h.T, cur, saved, "%s: the cursor moves either way", s.name)
		}
		evs, err := h.ShiftEvents(h.Ctx, Team, s1, bh.EventWakeUp, 0)
		require.NoError(h.T, err)
		var ids []string
		for _, e := range evs {
			ids = append(ids, e.ID)
		}
		assert.Equal(h.T, []string{"eve", "evd", "evb", "eva"}, ids, "newest first, none for the state that lost")
		two, err := h.ShiftEvents(h.Ctx, Team, s1, "", 2)
		require.NoError(h.T, err)
		assert.Len(h.T, two, 2)
		_, _, found, err := h.ShiftState(h.Ctx, Team, s2)
		require.NoError(h.T, err)
		assert.False(h.T, found)
		require.NoError(h.T, h.SaveRadarCursor(h.Ctx, bh.RadarCursor{Token: []byte("x"), At: t0}))
		cur, err := h.RadarCursor(h.Ctx)
		require.NoError(h.T, err)
		assert.Equal(h.T, []byte("x"), cur.Token)
	}},
	{"AStateKeepsWhatTheRadarShowsAndIsListedAtRisk", func(h *H) {
		s1 := h.Family("D1")
		s2 := h.Family("D2")
		s3 := h.Family("D3")
		at := h.Clock.Now()
		st := bh.ShiftState{TeamID: Team, ShiftID: s1, ComputedAt: at, NotesRev: 1, Level: bh.RiskLow,
			Inventory:   []bh.RiskItem{{Key: "inventory:n1", Kind: bh.TagInventory, Text: "formula", Since: &at, Level: bh.RiskCritical}},
			Deadlines:   []bh.RiskItem{{Key: "deadline:n2", Kind: bh.TagDeadline, Text: "form", At: &at, Overdue: true, Dropped: true}},
			NextActions: []bh.Item{{Text: "form", NoteIDs: []string{"n2"}, Due: &at}}}
		require.NoError(h.T, h.SaveShiftState(h.Ctx, st, "fp", nil, nil))
		got, _, _, err := h.ShiftState(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		assert.Equal(h.T, st, got)
		calm := bh.ShiftState{TeamID: Team, ShiftID: s2, ComputedAt: at, NotesRev: 1, Level: bh.RiskLow}
		high := bh.ShiftState{TeamID: Team, ShiftID: s3, ComputedAt: at, NotesRev: 1, Level: bh.RiskHigh}
		require.NoError(h.T, h.SaveShiftState(h.Ctx, calm, "fp", nil, nil))
		require.NoError(h.T, h.SaveShiftState(h.Ctx, high, "fp", nil, nil))
		risky, err := h.StatesAtRisk(h.Ctx, bh.RiskHigh)
		require.NoError(h.T, err)
		var shifts []string
		for _, s := range risky {
			shifts = append(shifts, s.ShiftID)
		}
		assert.ElementsMatch(h.T, []string{s1, s3}, shifts, "a deadline, or the level")
	}},
	{"RadarSettingsChangesDoNotUndoEachOther", func(h *H) {
		s1 := h.Family("D1")
		s2 := h.Family("D2")
		def, err := h.RadarSettings(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.RadarSettings{TeamID: Team, ShiftID: s1, OutlookHour: 7}, def)
		until := h.Clock.Now().Add(2 * time.Hour)
		for _, tc := range []struct {
			shift  string
			stored bool
		}{{s1, false}, {s2, true}} {
			if tc.stored {
				_, _, err := h.UpdateRadarSettings(h.Ctx, Team, tc.shift, func(s *bh.RadarSettings) bool { s.OutlookHour = 8; return true })
				require.NoError(h.T, err)
			}
			tries := 0
			got, changed, err := h.UpdateRadarSettings(h.Ctx, Team, tc.shift, func(s *bh.RadarSettings) bool {
				if tries++; tries == 1 { // someone snoozes meanwhile
					_, _, err := h.UpdateRadarSettings(h.Ctx, Team, tc.shift, func(s *bh.RadarSettings) bool { s.SnoozedUntil = until; return true })
					require.NoError(h.T, err)
				}
				s.OutlookOn, s.OutlookHour = true, 6
				return true
			})
			require.NoError(h.T, err, tc.shift)
			assert.True(h.T, changed)
			assert.Equal(h.T, 2, tries, "%s: the first write lost the race and read again", tc.shift)
			stored, err := h.RadarSettings(h.Ctx, Team, tc.shift)
			require.NoError(h.T, err)
			assert.Equal(h.T, got, stored)
			assert.True(h.T, stored.SnoozedUntil.Equal(until), "%s: the snooze is kept", tc.shift)
			assert.Equal(h.T, []any{true, 6}, []any{stored.OutlookOn, stored.OutlookHour})
		}
		end := func(s *bh.RadarSettings) bool {
			if s.SnoozedUntil.IsZero() {
				return false
			}
			s.SnoozedUntil = time.Time{}
			return true
		}
		_, first, err := h.UpdateRadarSettings(h.Ctx, Team, s1, end)
		require.NoError(h.T, err)
		_, second, err := h.UpdateRadarSettings(h.Ctx, Team, s1, end)
		require.NoError(h.T, err)
		assert.Equal(h.T, []bool{true, false}, []bool{first, second}, "of two ending one snooze, one is first")
		all, err := h.AllRadarSettings(h.Ctx)
		require.NoError(h.T, err)
		assert.Len(h.T, all, 2)
	}},
	{"APostIsClaimedOnceAndTakenOverWhenItsClaimerStopped", func(h *H) {
		s1 := h.Family("D1")
		p := bh.PostRecord{Key: "S1/2026-11-24/1", Kind: bh.PostNudge, TeamID: Team, ShiftID: s1, Day: "2026-11-24", Seq: 1, Owner: "p1", ClaimedAt: h.Clock.Now(), MadeAt: h.Clock.Now()}
		first, err := h.ClaimPost(h.Ctx, p)
		require.NoError(h.T, err)
		again, err := h.ClaimPost(h.Ctx, p)
		require.NoError(h.T, err)
		assert.Equal(h.T, []bool{true, false}, []bool{first, again})
		p2 := p
		p2.Key, p2.Seq = "S1/2026-11-24/2", 2
		_, err = h.ClaimPost(h.Ctx, p2)
		require.NoError(h.T, err)

		stale, err := h.TakeStalePosts(h.Ctx, h.Clock.Now(), "p2")
		require.NoError(h.T, err)
		assert.Empty(h.T, stale, "claimed just now")
		h.Clock.Advance(5 * time.Minute)
		p.ChannelID, p.Level, p.Items, p.Fingerprint = "D1", bh.RiskHigh, []string{"deadline:n1"}, "fp1"
		require.NoError(h.T, h.PostSent(h.Ctx, p, "9.1"))
		stale, err = h.TakeStalePosts(h.Ctx, h.Clock.Now().Add(-time.Minute), "p2")
		require.NoError(h.T, err)
		require.Len(h.T, stale, 1, "the unsent one")
		assert.Equal(h.T, []any{p2.Key, "p2", h.Clock.Now(), 1}, []any{stale[0].Key, stale[0].Owner, stale[0].ClaimedAt, stale[0].Superseded})
		assert.True(h.T, p2.MadeAt.Equal(stale[0].MadeAt), "a claim taken over keeps when it was made: %v", stale[0].MadeAt)
		stale, err = h.TakeStalePosts(h.Ctx, h.Clock.Now().Add(-time.Minute), "p3")
		require.NoError(h.T, err)
		assert.Empty(h.T, stale, "taken once")
		h.Clock.Advance(5 * time.Minute)
		stale, err = h.TakeStalePosts(h.Ctx, h.Clock.Now().Add(-time.Minute), "p3")
		require.NoError(h.T, err)
		require.Len(h.T, stale, 1, "its taker stopped too")
		assert.Equal(h.T, []any{"p3", 2}, []any{stale[0].Owner, stale[0].Superseded}, "each take-over counted")
		posts, err := h.Posts(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		for _, d := range posts {
			if d.Key == p2.Key {
				assert.Equal(h.T, 2, d.Superseded, "stored")
			}
		}
		require.NoError(h.T, h.PostFailed(h.Ctx, p2.Key, "channel_not_found"))
		h.Clock.Advance(time.Hour)
		stale, err = h.TakeStalePosts(h.Ctx, h.Clock.Now(), "p3")
		require.NoError(h.T, err)
		assert.Empty(h.T, stale, "a failed post is not sent again")

		none, err := h.NudgesOfDay(h.Ctx, Team, s1, "2026-11-25")
		require.NoError(h.T, err)
		assert.Empty(h.T, none)
		day, err := h.NudgesOfDay(h.Ctx, Team, s1, "2026-11-24")
		require.NoError(h.T, err)
		require.Len(h.T, day, 2)
		assert.Equal(h.T, 2, day[0].Seq, "the latest first")
		assert.Equal(h.T, []any{"9.1", "D1", "fp1", []string{"deadline:n1"}}, []any{day[1].TS, day[1].ChannelID, day[1].Fingerprint, day[1].Items})
		assert.Equal(h.T, "channel_not_found", day[0].Failed)

		moved, err := h.RefreshPost(h.Ctx, p.Key, "fp1", bh.PostRecord{Fingerprint: "fp2", Items: []string{"deadline:n2"}, Level: bh.RiskCritical})
		require.NoError(h.T, err)
		stayed, err := h.RefreshPost(h.Ctx, p.Key, "fp1", bh.PostRecord{Fingerprint: "fp3"})
		require.NoError(h.T, err)
		assert.Equal(h.T, []bool{true, false}, []bool{moved, stayed}, "of two refreshes from one state, one wins")
		all, err := h.Posts(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		require.Len(h.T, all, 2)
		assert.Equal(h.T, []any{p2.Key, "fp2", bh.RiskCritical}, []any{all[0].Key, all[1].Fingerprint, all[1].Level}, "newest claim first")
	}},
}
