package radar_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/radar"
)

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func at(d time.Duration) *time.Time { t := now.Add(d); return &t }

func TestRiskLevels(t *testing.T) {
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	tests := []struct {
		name  string
		fact  bh.Fact
		level bh.RiskLevel
	}{
		{"deadline overdue", bh.Fact{Kind: bh.TagDeadline, Due: at(-time.Hour)}, bh.RiskCritical},
		{"deadline in 2h", bh.Fact{Kind: bh.TagDeadline, Due: at(2 * time.Hour)}, bh.RiskCritical},
		{"deadline in 10h", bh.Fact{Kind: bh.TagDeadline, Due: at(10 * time.Hour)}, bh.RiskHigh},
		{"deadline in 30h", bh.Fact{Kind: bh.TagDeadline, Due: at(30 * time.Hour)}, bh.RiskMedium},
		{"deadline next week", bh.Fact{Kind: bh.TagDeadline, Due: at(7 * 24 * time.Hour)}, bh.RiskLow},
		{"deadline without a date", bh.Fact{Kind: bh.TagDeadline}, bh.RiskNone},
		{"supply out", bh.Fact{Kind: bh.TagInventory, Items: []string{"formula"}, Out: true}, bh.RiskCritical},
		{"supply runs out in 4h", bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes"}, Horizon: 4 * time.Hour, CreatedAt: now}, bh.RiskCritical},
		{"supply < 1 day", bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes"}, Horizon: 24 * time.Hour, CreatedAt: now}, bh.RiskHigh},
		{"supply in 3 days", bh.Fact{Kind: bh.TagInventory, Items: []string{"cream"}, Horizon: 72 * time.Hour, CreatedAt: now}, bh.RiskMedium},
		{"supply, no horizon", bh.Fact{Kind: bh.TagInventory, Title: "diaper cream almost out"}, bh.RiskMedium},
		{"a plain note", bh.Fact{Kind: bh.TagNote, Title: "grandma visits"}, bh.RiskNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fact.NoteID = "n1"
			st := radar.Compute(shift, []bh.Fact{tt.fact}, now, bh.EnergyAuto, time.UTC)
			assert.Equal(t, tt.level, st.Level)
			assert.Equal(t, "s1", st.ShiftID)
		})
	}
}

func TestStateSortsEnergyAndNextActions(t *testing.T) {
	facts := []bh.Fact{
		{NoteID: "e1", Kind: bh.TagNote, Energy: bh.EnergyHigh, CreatedAt: now.Add(-3 * time.Hour)},
		{NoteID: "e2", Kind: bh.TagNote, Energy: bh.EnergyLow, SleepHours: 3, CreatedAt: now.Add(-time.Hour)},
		{NoteID: "d1", Kind: bh.TagDeadline, Title: "daycare form", Due: at(30 * time.Hour)},
		{NoteID: "d2", Kind: bh.TagDeadline, Title: "insurance call", Due: at(-2 * time.Hour)},
		{NoteID: "i1", Kind: bh.TagInventory, Items: []string{"wipes"}, Horizon: 20 * time.Hour, CreatedAt: now},
		{NoteID: "c1", Kind: bh.TagNote, Title: "pediatrician", Start: at(2 * time.Hour), End: at(3 * time.Hour)},
	}
	st := radar.Compute(bh.Shift{ID: "s1"}, facts, now, bh.EnergyAuto, time.UTC)
	assert.Equal(t, bh.EnergyLow, st.Energy, "the latest energy signal")
	assert.Equal(t, []string{"e2"}, st.EnergyNoteIDs)
	assert.Equal(t, bh.RiskCritical, st.Level)
	require.Len(t, st.Deadlines, 2)
	assert.Equal(t, "d2", st.Deadlines[0].NoteIDs[0], "the overdue one first")
	assert.True(t, st.Deadlines[0].Overdue)
	assert.Equal(t, []string{"deadline:d2"}, st.Critical())
	require.Len(t, st.NextActions, 3)
	assert.Contains(t, st.NextActions[0].Text, "Overdue: insurance call")
	assert.Equal(t, []string{"i1"}, st.NextActions[1].NoteIDs, "then the supply that runs out first")
	for _, a := range st.NextActions {
		assert.NotEmpty(t, a.NoteIDs, "every action has evidence")
	}
	require.Len(t, st.Commitments, 1)

	chosen := radar.Compute(bh.Shift{ID: "s1"}, facts, now, bh.EnergyHigh, time.UTC)
	assert.Equal(t, bh.EnergyHigh, chosen.Energy, "an explicit choice wins")
	assert.True(t, chosen.EnergyChosen)

	empty := radar.Compute(bh.Shift{ID: "s1"}, nil, now, bh.EnergyAuto, time.UTC)
	assert.Equal(t, bh.RiskNone, empty.Level)
	assert.Empty(t, empty.NextActions)
	line, _ := radar.Summary(empty, time.UTC)
	assert.Contains(t, line, "nothing urgent")
	line, _ = radar.Summary(st, time.UTC)
	assert.Contains(t, line, "insurance call is overdue")
}

// The radar's texts write times on the shift's clock and keep them, so
// Slack shows each reader their own zone: "Get ready: pediatrician at
// 13:00" in Paris (it said 12:00, UTC, before).
func TestRadarTextsKeepTheirTimes(t *testing.T) {
	shift := bh.Shift{ID: "s1", TZ: "Europe/Paris"}
	facts := []bh.Fact{
		{NoteID: "c1", Kind: bh.TagNote, Title: "pediatrician", Start: at(2 * time.Hour), End: at(3 * time.Hour)},
		{NoteID: "d1", Kind: bh.TagDeadline, Title: "daycare form", Due: at(30 * time.Hour)},
	}
	st := radar.Compute(shift, facts, now, bh.EnergyAuto, shift.Location(time.UTC))
	var ready *bh.Item
	for i, a := range st.NextActions {
		if a.NoteIDs[0] == "c1" {
			ready = &st.NextActions[i]
		}
	}
	require.NotNil(t, ready, "%+v", st.NextActions)
	assert.Equal(t, "Get ready: pediatrician at 13:00", ready.Text)
	require.Len(t, ready.Stamps, 1)
	assert.True(t, ready.Stamps[0].At.Equal(*at(2 * time.Hour)))
	assert.Equal(t, "13:00", ready.Stamps[0].Text)

	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	line, stamps := radar.Summary(st, paris)
	assert.Contains(t, line, "daycare form due Tue 17:00")
	assert.Equal(t, []bh.Stamp{bh.StampOf(at(30*time.Hour).In(paris), "Mon 15:04")}, stamps)

	// A shift whose zone is not known yet is on the configured default's
	// clock, not UTC's.
	st = radar.Compute(bh.Shift{ID: "s1"}, facts, now, bh.EnergyAuto, paris)
	assert.Contains(t, textsOf(st.NextActions), "Get ready: pediatrician at 13:00")
}

// The radar reads energy from the last 24 hours too: a tired note from
// five days ago no longer says "rest: energy is low".
func TestStateEnergyForgetsOldNotes(t *testing.T) {
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	old := bh.Fact{NoteID: "e1", Kind: bh.TagNote, Energy: bh.EnergyLow, CreatedAt: now.Add(-5 * 24 * time.Hour)}
	st := radar.Compute(shift, []bh.Fact{old}, now, bh.EnergyAuto, time.UTC)
	assert.Equal(t, bh.EnergyMedium, st.Energy)
	assert.Empty(t, st.EnergyNoteIDs)
	for _, a := range st.NextActions {
		assert.NotContains(t, a.Text, "energy is low")
	}
	old.CreatedAt = now.Add(-23 * time.Hour)
	st = radar.Compute(shift, []bh.Fact{old}, now, bh.EnergyAuto, time.UTC)
	assert.Equal(t, bh.EnergyLow, st.Energy, "last night's note still counts")
}

// A deadline overdue for more than two days without an answer leaves the
// radar's level (no more critical nudges for it) but stays listed, marked.
func TestStateDropsLongOverdueDeadlines(t *testing.T) {
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	for _, tt := range []struct {
		overdue time.Duration
		level   bh.RiskLevel
		dropped bool
	}{{47 * time.Hour, bh.RiskCritical, false}, {49 * time.Hour, bh.RiskNone, true}} {
		st := radar.Compute(shift, []bh.Fact{{NoteID: "d1", Kind: bh.TagDeadline, Title: "daycare form", Due: at(-tt.overdue)}}, now, bh.EnergyAuto, time.UTC)
		require.Len(t, st.Deadlines, 1)
		assert.Equal(t, tt.dropped, st.Deadlines[0].Dropped, tt.overdue)
		assert.True(t, st.Deadlines[0].Overdue)
		assert.Equal(t, tt.level, st.Level, tt.overdue)
		assert.Equal(t, !tt.dropped, len(st.NextActions) > 0, "no action proposed for a dropped one")
	}
}

// A running-low item a week without news is asked about on the card, not
// nudged about any more.
func TestStateLeavesWeekOldSupplies(t *testing.T) {
	shift := bh.Shift{ID: "s1", TeamID: "T1", ChannelID: "D1"}
	low := bh.Fact{NoteID: "w1", Kind: bh.TagInventory, Items: []string{"wipes"}, Horizon: 24 * time.Hour, CreatedAt: now.Add(-8 * 24 * time.Hour)}
	st := radar.Compute(shift, []bh.Fact{low}, now, bh.EnergyAuto, time.UTC)
	assert.Empty(t, st.Inventory)
	assert.Equal(t, bh.RiskNone, st.Level)
	low.CreatedAt = now.Add(-2 * 24 * time.Hour)
	st = radar.Compute(shift, []bh.Fact{low}, now, bh.EnergyAuto, time.UTC)
	assert.Len(t, st.Inventory, 1, "two days old: still watched")
}

func textsOf(items []bh.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Text)
	}
	return out
}

// A health note is listed apart, oldest first, with no level: whatever
// date, time or supply it names, it is never a deadline, a supply, a fixed
// commitment, a next action or critical, and it never raises the radar.
// After HealthAskAfter without news it is asked about, not dropped.
func TestStateListsHealthNotesApart(t *testing.T) {
	still := now.Add(-2 * time.Hour)
	tests := []struct {
		name string
		fact bh.Fact
		ask  bool
		mood bool
	}{
		{"a fever", bh.Fact{Kind: bh.TagNote, Title: "baby 38.4 fever since 6pm", CreatedAt: now.Add(-4 * time.Hour)}, false, false},
		{"with a date, tagged deadline", bh.Fact{Kind: bh.TagDeadline, Title: "call about the rash by 2pm", Due: at(time.Hour), CreatedAt: now.Add(-time.Hour)}, false, false},
		{"overdue date", bh.Fact{Kind: bh.TagDeadline, Title: "ask about the cough", Due: at(-5 * time.Hour), CreatedAt: now.Add(-6 * time.Hour)}, false, false},
		{"with a time", bh.Fact{Kind: bh.TagNote, Title: "check breathing at 2pm", Start: at(time.Hour), End: at(2 * time.Hour), CreatedAt: now.Add(-time.Hour)}, false, false},
		{"a supply out", bh.Fact{Kind: bh.TagInventory, Title: "out of fever medicine", Items: []string{"fever medicine"}, Out: true, CreatedAt: now.Add(-time.Hour)}, false, false},
		{"a low mood", bh.Fact{Kind: bh.TagNote, Title: "feeling hopeless", Mood: true, CreatedAt: now.Add(-time.Hour)}, false, true},
		{"a day without news", bh.Fact{Kind: bh.TagNote, Title: "rash on arm", CreatedAt: now.Add(-25 * time.Hour)}, true, false},
		{"still a concern two hours ago", bh.Fact{Kind: bh.TagNote, Title: "rash on arm", CreatedAt: now.Add(-50 * time.Hour), StillOnAt: &still}, false, false},
		{"thirty days on", bh.Fact{Kind: bh.TagNote, Title: "rash on arm", CreatedAt: now.Add(-30 * 24 * time.Hour)}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fact.NoteID, tt.fact.Medical = "h1", true
			st := radar.Compute(bh.Shift{ID: "s1"}, []bh.Fact{tt.fact}, now, bh.EnergyAuto, time.UTC)
			assert.Equal(t, bh.RiskNone, st.Level)
			assert.Empty(t, st.Deadlines)
			assert.Empty(t, st.Inventory)
			assert.Empty(t, st.Commitments)
			assert.Empty(t, st.NextActions)
			assert.Empty(t, st.Critical())
			require.Len(t, st.Health, 1)
			h := st.Health[0]
			assert.Equal(t, "health:h1", h.Key)
			assert.Equal(t, tt.fact.Kind, h.Kind)
			assert.Equal(t, tt.fact.Title, h.Text)
			assert.Equal(t, []string{"h1"}, h.NoteIDs)
			assert.Equal(t, bh.RiskNone, h.Level)
			assert.Nil(t, h.At, "no time on a health item")
			assert.Equal(t, tt.ask, h.Ask)
			assert.Equal(t, tt.mood, h.Mood)
		})
	}

	// Among other notes: oldest first, and the level is the others' alone.
	facts := []bh.Fact{
		{NoteID: "h2", Medical: true, Kind: bh.TagNote, Title: "cough", CreatedAt: now.Add(-time.Hour)},
		{NoteID: "d1", Kind: bh.TagDeadline, Title: "daycare form", Due: at(30 * time.Hour)},
		{NoteID: "h1", Medical: true, Kind: bh.TagNote, Title: "fever", CreatedAt: now.Add(-3 * time.Hour)},
	}
	st := radar.Compute(bh.Shift{ID: "s1"}, facts, now, bh.EnergyAuto, time.UTC)
	assert.Equal(t, bh.RiskMedium, st.Level)
	require.Len(t, st.Health, 2)
	assert.Equal(t, "fever", st.Health[0].Text, "oldest first")
	assert.Equal(t, "cough", st.Health[1].Text)
	require.Len(t, st.Deadlines, 1)
}
