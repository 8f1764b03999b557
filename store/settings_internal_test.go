package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Settings written before they had a version still take a change.
func TestUpdateRadarSettingsWrittenBeforeVersions(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	_, err = db.c.radarSettings.InsertOne(ctx, map[string]any{"_id": "T1/S1", "team_id": "T1", "shift_id": "S1", "outlook_on": true, "outlook_hour": 6})
	require.NoError(t, err)

	got, changed, err := db.UpdateRadarSettings(ctx, "T1", "S1", func(s *bh.RadarSettings) bool {
		s.OutlookHour = 8
		return true
	})
	require.NoError(t, err)
	assert.True(t, changed)
	assert.True(t, got.OutlookOn, "what was there is kept")
	stored, err := db.RadarSettings(ctx, "T1", "S1")
	require.NoError(t, err)
	assert.Equal(t, 8, stored.OutlookHour)
}

// Settings written before quiet hours could be chosen read as the default;
// chosen ones, "off" included, are kept, and a later change keeps them.
func TestQuietHoursAreStored(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	_, err = db.c.radarSettings.InsertOne(ctx, map[string]any{"_id": "T1/S1", "team_id": "T1", "shift_id": "S1", "outlook_hour": 7, "version": 3})
	require.NoError(t, err)
	old, err := db.RadarSettings(ctx, "T1", "S1")
	require.NoError(t, err)
	assert.Nil(t, old.Quiet)
	assert.Equal(t, bh.DefaultQuietHours, old.QuietHours())

	for _, q := range []bh.QuietHours{{From: 21, To: 6}, {}} {
		_, _, err = db.UpdateRadarSettings(ctx, "T1", "S1", func(s *bh.RadarSettings) bool { s.Quiet = &q; return true })
		require.NoError(t, err)
		_, _, err = db.UpdateRadarSettings(ctx, "T1", "S1", func(s *bh.RadarSettings) bool { s.OutlookOn = !s.OutlookOn; return true })
		require.NoError(t, err)
		stored, err := db.RadarSettings(ctx, "T1", "S1")
		require.NoError(t, err)
		require.NotNil(t, stored.Quiet)
		assert.Equal(t, q, stored.QuietHours(), "kept through another change")
	}
}
