package sqlite

import (
	"context"
	"database/sql"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: who is on duty in a family (table duty), one person at a time.

// Duty returns who is on duty in a family (no UserID: nobody).
func (db *DB) Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error) {
	d, err := oneDoc[bh.Duty](ctx, db.rq, "SELECT doc FROM duty WHERE team_id = ? AND shift_id = ?", teamID, shiftID)
	if err == sql.ErrNoRows {
		return bh.Duty{TeamID: teamID, ShiftID: shiftID}, nil
	}
	return d, db.fail("get duty", err)
}

// SetDuty puts d.UserID on duty in the family, in place of whoever was,
// while the family is there (bh.ErrFamilyDeleted).
func (db *DB) SetDuty(ctx context.Context, d bh.Duty) error {
	if d.TeamID == "" || d.ShiftID == "" || d.UserID == "" {
		return bh.Errorf(bh.EINVALID, "A duty needs a team, a conversation and a person.")
	}
	return db.write(ctx, "set duty", func(tx *Tx) error {
		if err := tx.holdFamily(ctx, d.TeamID, d.ShiftID); err != nil {
			return err
		}
		doc, err := jsonOf(d)
		if err == nil {
			_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO duty (team_id, shift_id, doc) VALUES (?, ?, ?)", d.TeamID, d.ShiftID, doc)
		}
		return err
	})
}
