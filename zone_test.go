package babyhandoff

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocation(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		tz   string
		def  *time.Location
		want string
	}{
		{"learnt zone wins", "Asia/Tokyo", berlin, "Asia/Tokyo"},
		{"no zone: the default", "", berlin, "Europe/Berlin"},
		{"no zone, no default: UTC", "", nil, "UTC"},
		{"unknown zone: the default", "Mars/Olympus_Mons", tokyo, "Asia/Tokyo"},
		{"unknown zone, no default: UTC", "not a zone", nil, "UTC"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Shift{TZ: tc.tz}.Location(tc.def).String())
			assert.Equal(t, tc.want, Run{TZ: tc.tz}.Location(tc.def).String())
			assert.Equal(t, tc.want, ZoneOr(tc.tz, tc.def).String())
		})
	}
}

func TestKnownZoneLoadsOnce(t *testing.T) {
	first, ok := KnownZone("America/Chicago")
	require.True(t, ok)
	again, ok := KnownZone("America/Chicago")
	require.True(t, ok)
	assert.Same(t, first, again, "a zone is loaded once, then shared")
	for _, name := range []string{"", "Mars/Olympus_Mons"} {
		_, ok := KnownZone(name)
		assert.False(t, ok, name)
	}
}
