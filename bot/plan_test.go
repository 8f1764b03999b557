package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// /plan's words, on the shift's clock: where the window starts and how
// long it is; anything else is answered with examples.
func TestPlanWindows(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, ny) }
	monday10 := at(23, 10, 0)
	monday22 := at(23, 22, 0)
	tests := []struct {
		text   string
		now    time.Time
		from   time.Time // zero: now
		hours  int
		energy bh.Energy
	}{
		{"", monday10, time.Time{}, 12, bh.EnergyAuto},
		{"low 8h", monday10, time.Time{}, 8, bh.EnergyLow},
		{"tomorrow 7am", monday10, at(24, 7, 0), 12, bh.EnergyAuto},
		{"tomorrow", monday10, at(24, 7, 0), 12, bh.EnergyAuto},
		{"tmrw 7 am", monday10, at(24, 7, 0), 12, bh.EnergyAuto},
		{"low tomorrow 6am 8h", monday10, at(24, 6, 0), 8, bh.EnergyLow},
		{"from 7pm 10h", monday10, at(23, 19, 0), 10, bh.EnergyAuto},
		{"at 19:30", monday10, at(23, 19, 30), 12, bh.EnergyAuto},
		{"from 7am", monday22, at(24, 7, 0), 12, bh.EnergyAuto}, // said at night: tomorrow's
		{"tonight", monday10, at(23, 19, 0), 12, bh.EnergyAuto}, // 19:00 until 07:00
		{"tonight", monday22, time.Time{}, 9, bh.EnergyAuto},    // already night: now until 07:00
		{"tonight 6h", monday22, time.Time{}, 6, bh.EnergyAuto},
		{"from noon", monday10, at(23, 12, 0), 12, bh.EnergyAuto},
		{"today", monday10, time.Time{}, 12, bh.EnergyAuto},
	}
	for _, tt := range tests {
		t.Run(tt.text+"@"+tt.now.Format("15:04"), func(t *testing.T) {
			a, err := parsePlanArgs(tt.text)
			require.NoError(t, err)
			from, hours := a.when.from(tt.now, ny, a.hours)
			assert.True(t, tt.from.Equal(from), "from %s, want %s", from, tt.from)
			assert.Equal(t, tt.hours, hours)
			assert.Equal(t, tt.energy, a.energy)
		})
	}
	for _, bad := range []string{"7", "tomorrow 25:00", "13pm", "from 7pm 30h", "yesterday", "7am 9am", "sample tomorrow", "0h"} {
		_, err := parsePlanArgs(bad)
		require.Error(t, err, bad)
		assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), bad)
		assert.Contains(t, bh.ErrorMessage(err), "/plan tomorrow 7am", "answered with examples: %q", bad)
	}
}

// A plan of a family's conversation leaves out the sample notes an earlier
// version loaded among them.
func TestFamilyNotesLeaveOutStraySamples(t *testing.T) {
	notes := []bh.Note{{ID: "a", ChannelID: "DU1", MessageTS: "1795510000.000100"}, {ID: "s", ChannelID: "DU1", MessageTS: "sample-2"},
		{ID: "b", ChannelID: bh.SampleChannel("DU1"), MessageTS: "sample-3"}}
	var ids []string
	for _, n := range familyNotes(notes) {
		ids = append(ids, n.ID)
	}
	assert.Equal(t, []string{"a", "b"}, ids)
}

// /plan without a window plans the asker's duty: now until it ends, or
// their next one; anyone else, or a duty with no end now, keeps the default.
func TestDutyWindow(t *testing.T) {
	now := time.Date(2026, 11, 24, 18, 10, 0, 0, time.UTC)
	at := func(h int) time.Time { return time.Date(2026, 11, 24, h, 0, 0, 0, time.UTC) }
	tests := []struct {
		name  string
		d     bh.Duty
		from  time.Time
		hours int
	}{
		{"on until 22:00", bh.Duty{UserID: "U1", Since: at(18), Until: at(22)}, time.Time{}, 4},
		{"next: 19:00 for 10h", bh.Duty{UserID: "U1", Since: at(19), Until: at(19).Add(10 * time.Hour)}, at(19), 10},
		{"next, open-ended", bh.Duty{UserID: "U1", Since: at(19)}, at(19), 12},
		{"on, open-ended: the default", bh.Duty{UserID: "U1", Since: at(8)}, time.Time{}, 12},
		{"someone else's", bh.Duty{UserID: "U2", Since: at(18), Until: at(22)}, time.Time{}, 12},
		{"a long one is cut to 24 h", bh.Duty{UserID: "U1", Since: at(18), Until: at(18).Add(40 * time.Hour)}, time.Time{}, 24},
		{"nobody", bh.Duty{}, time.Time{}, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, hours := dutyWindow(tt.d, "U1", now, time.Time{}, 12)
			assert.Equal(t, tt.from, from)
			assert.Equal(t, tt.hours, hours)
		})
	}
}

// nightStore answers a planner's Person and RadarSettings; nothing else.
type nightStore struct {
	planStore
	people map[string]*bh.QuietHours
	family *bh.QuietHours
}

func (s nightStore) Person(_ context.Context, team, user string) (bh.Person, error) {
	return bh.Person{TeamID: team, UserID: user, Quiet: s.people[user]}, nil
}

func (s nightStore) RadarSettings(context.Context, string, string) (bh.RadarSettings, error) {
	return bh.RadarSettings{Quiet: s.family}, nil
}

// A plan keeps the night of the person it is for (else of who asked);
// one who chose none gets the family's default, never another's hours.
func TestPlanNightIsThePlanPersons(t *testing.T) {
	maya, family := &bh.QuietHours{From: 21, To: 5}, &bh.QuietHours{From: 23, To: 7}
	tests := []struct {
		name        string
		family      *bh.QuietHours
		forU, asked string
		want        bh.QuietHours
	}{
		{"asked by Maya, for nobody: hers", nil, "", "UMAYA", *maya},
		{"for Maya, asked by Sam: hers", nil, "UMAYA", "USAM", *maya},
		{"for Sam, asked by Maya: his default, not hers", nil, "USAM", "UMAYA", bh.DefaultNightHours},
		{"for Sam, the family chose hours: the family's", family, "USAM", "UMAYA", *family},
		{"nobody at all: the default", nil, "", "", bh.DefaultNightHours},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &planner{store: nightStore{people: map[string]*bh.QuietHours{"UMAYA": maya}, family: tt.family}}
			got := p.nightHours(context.Background(), bh.Run{TeamID: "T1", ShiftID: "s1", For: tt.forU, RequestedBy: tt.asked})
			assert.Equal(t, tt.want, got)
		})
	}
}
