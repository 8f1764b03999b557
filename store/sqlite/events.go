package sqlite

import (
	"context"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's timeline (table events): a run's events and the
// radar's wake-ups.

// putEvent stores e once: an event already stored under its id stays.
func (tx *Tx) putEvent(ctx context.Context, e bh.Event) (bool, error) {
	doc, err := jsonOf(e)
	if err != nil {
		return false, err
	}
	return changed(tx.ExecContext(ctx, `INSERT INTO events (id, team_id, shift_id, run_id, type, at, doc) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, e.ID, e.TeamID, e.ShiftID, e.RunID, e.Type, ms(e.At), doc))
}

// ShiftEvents lists a family's newest timeline events of a type (all
// with ""), newest first, at most limit (all with 0).
func (db *DB) ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error) {
	if limit <= 0 {
		limit = -1
	}
	query, args := "SELECT doc FROM events WHERE team_id = ? AND shift_id = ?", []any{teamID, shiftID}
	if typ != "" { // through the index on the type
		query, args = query+" AND type = ?", append(args, typ)
	}
	out, err := allDocs[bh.Event](ctx, db.rq, query+" ORDER BY at DESC LIMIT ?", append(args, limit)...)
	if len(out) == 0 {
		out = nil
	}
	return out, db.fail("list events", err)
}
