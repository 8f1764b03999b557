package mongo

import (
	"context"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's radar settings (collection radar_settings, by
// team/shift).

// DefaultOutlookHour is the hour of the morning outlook until a family
// sets its own.
const DefaultOutlookHour = 7

func (db *DB) settings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error) {
	s, err := get[bh.RadarSettings](ctx, db.c(colRadarSettings), key(teamID, shiftID))
	if ok, err := found(err); !ok {
		return bh.RadarSettings{TeamID: teamID, ShiftID: shiftID, OutlookHour: DefaultOutlookHour}, err
	}
	return s, nil
}

// RadarSettings returns a family's settings (the defaults before any).
func (db *DB) RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error) {
	s, err := db.settings(ctx, teamID, shiftID)
	return s, db.fail("get radar settings", err)
}

// settingsDoc is a family's settings with the count of their writes,
// which a write names to win only over what it read.
type settingsDoc struct {
	Key              string `bson:"_id"`
	bh.RadarSettings `bson:",inline"`
	Writes           int `bson:"writes"`
}

// UpdateRadarSettings applies change to a family's settings; change
// reports false to leave them as they are. change runs outside any
// transaction (it may call the store): a write that lost to another since
// its read reads again and calls change again.
func (db *DB) UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error) {
	k := key(teamID, shiftID)
	for range 8 {
		d, err := one[settingsDoc](ctx, db.c(colRadarSettings), bson.M{"_id": k})
		ok, err := found(err)
		if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		}
		s := d.RadarSettings
		if !ok {
			s = bh.RadarSettings{TeamID: teamID, ShiftID: shiftID, OutlookHour: DefaultOutlookHour}
		}
		if !change(&s) {
			return s, false, nil
		}
		s.TeamID, s.ShiftID = teamID, shiftID
		next := settingsDoc{Key: k, RadarSettings: s, Writes: d.Writes + 1}
		won, err := false, error(nil)
		if !ok {
			won, err = insertDoc(ctx, db.c(colRadarSettings), next)
		} else {
			var res *mongo.UpdateResult
			res, err = db.c(colRadarSettings).ReplaceOne(ctx, bson.M{"_id": k, "writes": d.Writes}, next)
			won = err == nil && res.MatchedCount > 0
		}
		if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		} else if won {
			s, err = db.RadarSettings(ctx, teamID, shiftID) // as stored: times to the millisecond
			return s, true, err
		}
	}
	return bh.RadarSettings{}, false, db.fail("update radar settings", bh.Errorf(bh.ECONFLICT, "the radar settings here keep changing; try again"))
}

// AllRadarSettings lists every family's stored settings.
func (db *DB) AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error) {
	out, err := values(all[doc[bh.RadarSettings]](ctx, db.c(colRadarSettings), bson.M{}, bson.D{{Key: "_id", Value: 1}}, 0))
	return out, db.fail("list radar settings", err)
}
