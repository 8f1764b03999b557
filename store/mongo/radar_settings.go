package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's radar settings (collection radar_settings, by
// team/shift), each with the count of its writes, which a write names to
// win only over what it read.

type settingsDoc struct {
	bh.RadarSettings `bson:",inline"`
	Writes           int `bson:"writes"`
}

func (db *DB) settings(ctx context.Context, teamID, shiftID string) (settingsDoc, bool, error) {
	d, err := get[settingsDoc](ctx, db.c(colRadarSettings), key(teamID, shiftID))
	ok, err := found(err)
	if !ok {
		d.RadarSettings = bh.DefaultRadarSettings(teamID, shiftID)
	}
	return d, ok, err
}

// RadarSettings returns a family's settings (the defaults before any).
func (db *DB) RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error) {
	d, _, err := db.settings(ctx, teamID, shiftID)
	return d.RadarSettings, db.fail("get radar settings", err)
}

// UpdateRadarSettings applies change to a family's settings; change
// reports false to leave them as they are. change runs outside any
// transaction (it may call the store): a write that lost to another since
// its read reads again and calls change again.
func (db *DB) UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error) {
	k := key(teamID, shiftID)
	for range 8 {
		d, ok, err := db.settings(ctx, teamID, shiftID)
		s := d.RadarSettings
		if err != nil || !change(&s) {
			return s, false, db.fail("update radar settings", err)
		}
		s.TeamID, s.ShiftID = teamID, shiftID
		next, won := settingsDoc{RadarSettings: s, Writes: d.Writes + 1}, false
		if !ok {
			won, err = insert(ctx, db.c(colRadarSettings), k, next)
		} else if res, rerr := db.c(colRadarSettings).ReplaceOne(ctx, bson.M{"_id": k, "writes": d.Writes}, next); rerr == nil {
			won = res.MatchedCount > 0
		} else {
			err = rerr
		}
		if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		} else if won {
			s, err = db.RadarSettings(ctx, teamID, shiftID) // as stored: times to the millisecond
			return s, err == nil, err
		}
	}
	return bh.RadarSettings{}, false, db.fail("update radar settings", bh.ErrSettingsBusy)
}

// AllRadarSettings lists every family's stored settings.
func (db *DB) AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error) {
	out, err := all[bh.RadarSettings](ctx, db.c(colRadarSettings), bson.M{}, by("_id"), 0)
	return out, db.fail("list radar settings", err)
}
