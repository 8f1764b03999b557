package mongo

import (
	"context"
	"time"

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
// its read reads again and calls change again. A family that is gone
// takes none (bh.ErrFamilyDeleted).
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
		err = db.write(ctx, "update radar settings", func(ctx context.Context, _ time.Time) error {
			won = false
			if err := db.holdFamily(ctx, teamID, shiftID); err != nil {
				return err
			}
			if !ok {
				// Found first: a duplicate key would abort the transaction.
				n, err := db.c(colRadarSettings).CountDocuments(ctx, bson.M{"_id": k})
				if err != nil || n > 0 {
					return err
				}
				won, err = insert(ctx, db.c(colRadarSettings), k, next)
				return err
			}
			res, err := db.c(colRadarSettings).ReplaceOne(ctx, bson.M{"_id": k, "writes": d.Writes}, next)
			won = err == nil && res.MatchedCount > 0
			return err
		})
		if err != nil {
			return bh.RadarSettings{}, false, err
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
