package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
)

// Two processes compute a shift's state at once; the one that read the notes
// before the other's change saves last. The newer state stays, and only the
// saves that are not older record a wake-up.
func TestSaveShiftStateKeepsTheNewerState(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			ctx := context.Background()
			t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
			save := func(notes, rev int, level bh.RiskLevel, ev string) {
				t.Helper()
				st := bh.ShiftState{TeamID: "T1", ShiftID: "S1", ChannelID: "D1", Level: level, Notes: notes, NotesRev: rev, ComputedAt: t0}
				require.NoError(t, db.SaveShiftState(ctx, st, ev, &bh.Event{ID: ev, TeamID: "T1", ShiftID: "S1", At: t0, Agent: "RiskRadar", Type: "agent_woke_up"}, nil))
			}
			steps := []struct {
				name       string
				notes, rev int
				level      bh.RiskLevel
				wantNotes  int
				wantLevel  bh.RiskLevel
				wantFP     string // the fingerprint saved with the state kept
			}{
				{"first state", 1, 1, bh.RiskHigh, 1, bh.RiskHigh, "eva"},
				{"newer notes", 2, 2, bh.RiskCritical, 2, bh.RiskCritical, "evb"},
				{"older notes saved late", 1, 1, bh.RiskHigh, 2, bh.RiskCritical, "evb"},
				{"same notes, time passed", 2, 2, bh.RiskHigh, 2, bh.RiskHigh, "evd"},
				{"a note edited", 2, 3, bh.RiskMedium, 2, bh.RiskMedium, "eve"},
			}
			for i, s := range steps {
				save(s.notes, s.rev, s.level, "ev"+string(rune('a'+i)))
				got, fp, found, err := db.ShiftState(ctx, "T1", "S1")
				require.NoError(t, err)
				require.True(t, found)
				assert.Equal(t, s.wantNotes, got.Notes, s.name)
				assert.Equal(t, s.wantLevel, got.Level, s.name)
				assert.Equal(t, s.wantFP, fp, s.name)
			}
			evs, err := db.ShiftEvents(ctx, "T1", "S1", "agent_woke_up", 0)
			require.NoError(t, err)
			var ids []string
			for _, e := range evs {
				ids = append(ids, e.ID)
			}
			assert.ElementsMatch(t, []string{"eva", "evb", "evd", "eve"}, ids, "no wake-up for the state that lost")
		})
	}
}

// Settings are changed by people (snooze, outlook) and by every process's
// radar: a change made while another was between its read and its write is
// kept, not overwritten with what that other one read — whether the
// settings were stored already or not yet.
func TestRadarSettingsChangesDoNotUndoEachOther(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			ctx := context.Background()
			until := time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)
			for _, tc := range []struct {
				name   string
				shift  string
				stored bool
			}{{"none stored yet", "S1", false}, {"stored", "S2", true}} {
				if tc.stored {
					_, _, err := db.UpdateRadarSettings(ctx, "T1", tc.shift, func(s *bh.RadarSettings) bool {
						s.OutlookHour = 8
						return true
					})
					require.NoError(t, err)
				}
				tries := 0
				got, changed, err := db.UpdateRadarSettings(ctx, "T1", tc.shift, func(s *bh.RadarSettings) bool {
					tries++
					if tries == 1 {
						// Someone snoozes the shift meanwhile.
						_, _, err := db.UpdateRadarSettings(ctx, "T1", tc.shift, func(s *bh.RadarSettings) bool {
							s.SnoozedUntil = until
							return true
						})
						require.NoError(t, err)
					}
					s.OutlookOn, s.OutlookHour = true, 6
					return true
				})
				require.NoError(t, err, tc.name)
				assert.True(t, changed, tc.name)
				assert.Equal(t, 2, tries, "%s: the first write lost the race and read again", tc.name)
				assert.True(t, got.SnoozedUntil.Equal(until), tc.name)
				stored, err := db.RadarSettings(ctx, "T1", tc.shift)
				require.NoError(t, err)
				assert.True(t, stored.SnoozedUntil.Equal(until), "%s: the snooze is kept", tc.name)
				assert.True(t, stored.OutlookOn, tc.name)
				assert.Equal(t, 6, stored.OutlookHour, tc.name)
			}

			// A change that finds nothing to do writes nothing and says so:
			// of two processes ending one snooze, one is first.
			end := func(s *bh.RadarSettings) bool {
				if s.SnoozedUntil.IsZero() {
					return false
				}
				s.SnoozedUntil = time.Time{}
				return true
			}
			_, first, err := db.UpdateRadarSettings(ctx, "T1", "S1", end)
			require.NoError(t, err)
			_, second, err := db.UpdateRadarSettings(ctx, "T1", "S1", end)
			require.NoError(t, err)
			assert.True(t, first)
			assert.False(t, second)
		})
	}
}

// A stored state keeps what the radar message shows: an out supply's
// "since", a dropped deadline's mark.
func TestShiftStateKeepsSinceAndDropped(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			shiftStateKeepsSinceAndDropped(t, open(t))
		})
	}
}

func shiftStateKeepsSinceAndDropped(t *testing.T, db *store.DB) {
	ctx := context.Background()
	at := time.Date(2026, 11, 23, 21, 40, 0, 0, time.UTC)
	st := bh.ShiftState{TeamID: "T1", ShiftID: "S1", ComputedAt: at, NotesRev: 1,
		Inventory: []bh.RiskItem{{Key: "inventory:n1", Kind: bh.TagInventory, Text: "formula", Since: &at, Level: bh.RiskCritical}},
		Deadlines: []bh.RiskItem{{Key: "deadline:n2", Kind: bh.TagDeadline, Text: "form", At: &at, Overdue: true, Dropped: true}}}
	require.NoError(t, db.SaveShiftState(ctx, st, "fp", nil, nil))
	got, _, found, err := db.ShiftState(ctx, "T1", "S1")
	require.NoError(t, err)
	require.True(t, found)
	require.NotNil(t, got.Inventory[0].Since)
	assert.True(t, at.Equal(*got.Inventory[0].Since))
	assert.True(t, got.Deadlines[0].Dropped)
}

// WatchNotes rings for every note written and changed, with the note's
// shift, on each engine (on the embedded one the notes are not in the
// engine's collections, so its change streams do not see them).
func TestWatchNotesSeesNotesWrittenAndChanged(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety net, not a measure
			defer cancel()
			db := open(t)
			next, stop, err := db.WatchNotes(ctx, nil)
			require.NoError(t, err)
			defer stop()
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
			require.NoError(t, err)
			_, err = db.RetagNote(ctx, "T1", n.ID, bh.TagTask)
			require.NoError(t, err)
			// Whoever the stream wakes reads the change: memory is updated
			// before the doorbell rings.
			var got []bh.NoteChange
			for len(got) < 2 {
				chs, err := next(ctx)
				require.NoError(t, err)
				got = append(got, chs...)
				notes, err := db.Notes(ctx, "T1", n.ShiftID, true)
				require.NoError(t, err)
				require.Len(t, notes, 1)
				assert.GreaterOrEqual(t, notes[0].Rev, len(got), "the change read is in the notes")
			}
			require.Len(t, got, 2)
			for _, ch := range got {
				assert.Equal(t, "T1", ch.TeamID)
				assert.Equal(t, n.ShiftID, ch.ShiftID)
				assert.NotEmpty(t, ch.Token)
			}
		})
	}
}
