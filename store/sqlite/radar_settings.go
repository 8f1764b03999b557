package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's radar settings (table radar_settings): snooze,
// the morning outlook, quiet hours, off.

// settingsOf reads a family's settings and their doc as stored ("" before any).
func settingsOf(ctx context.Context, q querier, teamID, shiftID string) (s bh.RadarSettings, stored string, err error) {
	err = q.QueryRowContext(ctx, "SELECT doc FROM radar_settings WHERE team_id = ? AND shift_id = ?", teamID, shiftID).Scan(&stored)
	if err == sql.ErrNoRows {
		return bh.DefaultRadarSettings(teamID, shiftID), "", nil
	}
	if err == nil {
		err = json.Unmarshal([]byte(stored), &s)
	}
	return s, stored, err
}

// RadarSettings returns a family's radar settings (the defaults before any).
func (db *DB) RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error) {
	s, _, err := settingsOf(ctx, db.rq, teamID, shiftID)
	return s, db.fail("get radar settings", err)
}

// UpdateRadarSettings applies change to the family's settings. change runs
// outside the write (it may take its time, or read the store); the write
// stores its result only over the settings it was given, else change runs
// again on the newer ones, so no change made meanwhile is undone. change
// reports false to leave them as they are (changed is then false). A
// family that is gone takes none (bh.ErrFamilyDeleted).
func (db *DB) UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (s bh.RadarSettings, changed bool, err error) {
	for range 8 {
		var read string
		if s, read, err = settingsOf(ctx, db.rq, teamID, shiftID); err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		}
		if !change(&s) {
			return s, false, nil
		}
		s.TeamID, s.ShiftID = teamID, shiftID
		doc, err := jsonOf(s)
		if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		}
		won := false
		err = db.write(ctx, "update radar settings", func(tx *Tx) error {
			if err := tx.holdFamily(ctx, teamID, shiftID); err != nil {
				return err
			}
			_, now, err := settingsOf(ctx, tx, teamID, shiftID)
			if won = err == nil && now == read; !won {
				return err
			}
			_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO radar_settings (team_id, shift_id, doc) VALUES (?, ?, ?)", teamID, shiftID, doc)
			return err
		})
		if err != nil {
			return bh.RadarSettings{}, false, err
		} else if won {
			return asStored(s), true, nil
		}
	}
	return bh.RadarSettings{}, false, db.fail("update radar settings", bh.ErrSettingsBusy)
}

// AllRadarSettings lists every family's stored settings.
func (db *DB) AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error) {
	out, err := allDocs[bh.RadarSettings](ctx, db.rq, "SELECT doc FROM radar_settings ORDER BY team_id, shift_id")
	return out, db.fail("list radar settings", err)
}
