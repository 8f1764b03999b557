package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's state of each family (shift_states, by
// team/shift) and how far it has read the notes' changes (radar_cursor).

type stateDoc struct {
	bh.ShiftState `bson:",inline"`
	Fingerprint   string `bson:"fingerprint"`
	AtRisk        bool   `bson:"at_risk"`
}

// atRisk is whether StatesAtRisk lists st whatever its level.
func atRisk(st bh.ShiftState) bool { return len(st.Deadlines) > 0 || len(st.Health) > 0 }

// ShiftState returns a family's last radar state and its notes' fingerprint.
func (db *DB) ShiftState(ctx context.Context, teamID, shiftID string) (bh.ShiftState, string, bool, error) {
	d, err := get[stateDoc](ctx, db.c(colShiftStates), key(teamID, shiftID))
	ok, err := found(err)
	return d.ShiftState, d.Fingerprint, ok, db.fail("get shift state", err)
}

// SaveShiftState stores a state with its event and the cursor in one
// transaction; a state of older notes (lower NotesRev) only moves the
// cursor. A state of a family that is gone (its data was deleted) is
// refused whole, cursor too (bh.ErrFamilyDeleted).
func (db *DB) SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error {
	k := key(st.TeamID, st.ShiftID)
	return db.write(ctx, "save shift state", func(ctx context.Context, _ time.Time) error {
		if err := db.holdFamily(ctx, st.TeamID, st.ShiftID); err != nil {
			return err
		}
		have, err := get[stateDoc](ctx, db.c(colShiftStates), k)
		if ok, err := found(err); err == nil && (!ok || have.NotesRev <= st.NotesRev) {
			err = put(ctx, db.c(colShiftStates), k, stateDoc{ShiftState: st, Fingerprint: fingerprint, AtRisk: atRisk(st)})
			if ev != nil && err == nil {
				_, err = db.putEvent(ctx, *ev)
			}
			if err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		if cur != nil {
			return put(ctx, db.c(colRadar), "radar", *cur)
		}
		return nil
	})
}

// RadarCursor returns the saved cursor (zero before the first).
func (db *DB) RadarCursor(ctx context.Context) (bh.RadarCursor, error) {
	cur, err := get[bh.RadarCursor](ctx, db.c(colRadar), "radar")
	_, err = found(err)
	return cur, db.fail("get radar cursor", err)
}

// SaveRadarCursor moves the cursor on its own (a catch-up with nothing to do).
func (db *DB) SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error {
	return db.fail("save radar cursor", put(ctx, db.c(colRadar), "radar", cur))
}

// StatesAtRisk lists the states with deadlines or health items, or at min.
func (db *DB) StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error) {
	out, err := all[bh.ShiftState](ctx, db.c(colShiftStates), bson.M{"$or": bson.A{bson.M{"at_risk": true}, bson.M{"level": bson.M{"$gte": min}}}}, nil, 0)
	return nilIfEmpty(out), db.fail("list shift states", err)
}
