package sqlite

import (
	"context"
	"database/sql"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's state of each family (table shift_states) and
// how far it has read the notes' changes (table radar_cursor).

// ShiftState returns a family's last radar state and the fingerprint of
// the notes it was computed from; ok is false before the first.
func (db *DB) ShiftState(ctx context.Context, teamID, shiftID string) (st bh.ShiftState, fingerprint string, ok bool, err error) {
	err = scanDoc(db.rq.QueryRowContext(ctx, "SELECT doc, fingerprint FROM shift_states WHERE team_id = ? AND shift_id = ?", teamID, shiftID), &st, &fingerprint)
	ok, err = found(err)
	return st, fingerprint, ok, db.fail("get shift state", err)
}

// SaveShiftState stores a recomputed state with its "agent woke up" event
// and, when set, the cursor, in one transaction. A state computed from
// older notes than the one stored (a lower NotesRev) is not saved, nor its
// event: only the cursor moves. A state of a family that is no longer
// there (its data was deleted) is refused whole, cursor too
// (bh.ErrFamilyDeleted).
func (db *DB) SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error {
	return db.write(ctx, "save shift state", func(tx *Tx) error {
		if err := tx.holdFamily(ctx, st.TeamID, st.ShiftID); err != nil {
			return err
		}
		doc, err := jsonOf(st)
		if err != nil {
			return err
		}
		atRisk := len(st.Deadlines) > 0 || len(st.Health) > 0
		saved, err := changed(tx.ExecContext(ctx, `INSERT INTO shift_states (team_id, shift_id, notes_rev, level, at_risk, fingerprint, doc)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET notes_rev = excluded.notes_rev, level = excluded.level,
			at_risk = excluded.at_risk, fingerprint = excluded.fingerprint, doc = excluded.doc WHERE notes_rev <= excluded.notes_rev`,
			st.TeamID, st.ShiftID, st.NotesRev, int(st.Level), atRisk, fingerprint, doc))
		if err != nil {
			return err
		}
		if saved && ev != nil {
			if _, err := tx.putEvent(ctx, *ev); err != nil {
				return err
			}
		}
		if cur != nil {
			return tx.putCursor(ctx, *cur)
		}
		return nil
	})
}

func (tx *Tx) putCursor(ctx context.Context, cur bh.RadarCursor) error {
	_, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO radar_cursor (id, token, at) VALUES (1, ?, ?)", cur.Token, ms(cur.At))
	return err
}

// RadarCursor returns the saved cursor (zero before the first).
func (db *DB) RadarCursor(ctx context.Context) (cur bh.RadarCursor, err error) {
	var at int64
	err = db.rq.QueryRowContext(ctx, "SELECT token, at FROM radar_cursor WHERE id = 1").Scan(&cur.Token, &at)
	if err == sql.ErrNoRows {
		return bh.RadarCursor{}, nil
	}
	cur.At = fromMs(at)
	return cur, db.fail("get radar cursor", err)
}

// SaveRadarCursor moves the cursor on its own (a catch-up with nothing to do).
func (db *DB) SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error {
	return db.write(ctx, "save radar cursor", func(tx *Tx) error { return tx.putCursor(ctx, cur) })
}

// StatesAtRisk lists the states with deadlines or health items, or at min
// or above.
func (db *DB) StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error) {
	out, err := allDocs[bh.ShiftState](ctx, db.rq, "SELECT doc FROM shift_states WHERE at_risk OR level >= ?", int(min))
	if len(out) == 0 {
		out = nil
	}
	return out, db.fail("list shift states", err)
}
