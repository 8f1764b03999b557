package sqlite

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: retention. Sweep removes what is kept only for a while, each
// kind in its own short write, at most a batch of runs and of notes a call
// (the next sweep takes the rest).

const (
	runSweepBatch  = 50
	noteSweepBatch = 200
	// wakeUpsKept is how many of a family's latest radar wake-ups stay
	// (App Home shows them), with every one of the last day.
	wakeUpsKept = 3
)

// Sweep removes, by the store's clock: run details and events older than
// RunDetailAge (the runs stay), radar wake-ups past a family's latest
// three and the last day, notes closed longer than ClosedNoteAge ago,
// Slack event ids older than EventTTL and reply places older than
// bh.ReplyAge.
func (db *DB) Sweep(ctx context.Context) (out bh.Swept, err error) {
	now := db.now()
	steps := []struct {
		op    string
		count *int
		run   func(tx *Tx) (int64, error)
	}{
		{"sweep run details", &out.RunDetails, func(tx *Tx) (int64, error) { return tx.sweepRunDetails(ctx, now.Add(-db.cfg.RunDetailAge)) }},
		{"sweep events", &out.Events, func(tx *Tx) (int64, error) {
			return affected(tx.ExecContext(ctx, "DELETE FROM events WHERE at < ?", ms(now.Add(-db.cfg.RunDetailAge))))
		}},
		{"sweep radar wake-ups", &out.Events, func(tx *Tx) (int64, error) {
			return affected(tx.ExecContext(ctx, `DELETE FROM events WHERE id IN (SELECT id FROM (SELECT id, at,
				row_number() OVER (PARTITION BY team_id, shift_id ORDER BY at DESC) AS n FROM events WHERE type = ?) WHERE n > ? AND at < ?)`,
				bh.EventWakeUp, wakeUpsKept, ms(now.Add(-24*time.Hour))))
		}},
		{"sweep notes", &out.Notes, func(tx *Tx) (int64, error) { return tx.sweepNotes(ctx, now.Add(-db.cfg.ClosedNoteAge)) }},
		{"sweep event ids", &out.SlackIDs, func(tx *Tx) (int64, error) {
			return affected(tx.ExecContext(ctx, "DELETE FROM slack_events WHERE received_at < ?", ms(now.Add(-db.cfg.EventTTL))))
		}},
		{"sweep replies", &out.Replies, func(tx *Tx) (int64, error) {
			return affected(tx.ExecContext(ctx, `UPDATE notes SET reply_at = NULL, reply_channel = '', reply_ts = ''
				WHERE reply_at < ?`, ms(now.Add(-bh.ReplyAge))))
		}},
	}
	for _, s := range steps {
		err := db.write(ctx, s.op, func(tx *Tx) error {
			n, err := s.run(tx)
			*s.count += int(n)
			return err
		})
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

func affected(res interface{ RowsAffected() (int64, error) }, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// sweepRunDetails removes the details (but the decision), files and events
// of up to a batch of runs made before cutoff, and marks the runs.
func (tx *Tx) sweepRunDetails(ctx context.Context, cutoff time.Time) (int64, error) {
	const old = "SELECT id FROM runs WHERE created_at < ? AND details_removed_at IS NULL ORDER BY created_at LIMIT ?"
	// The decision stays with the run (an export carries it); the doc may be
	// compressed, so it is rewritten here rather than in SQL.
	rows, err := tx.QueryContext(ctx, "SELECT run_id, doc FROM run_details WHERE run_id IN ("+old+")", ms(cutoff), runSweepBatch)
	if err != nil {
		return 0, err
	}
	type kept struct {
		runID string
		doc   []byte
	}
	keep, err := collect(rows, func(s scanner) (k kept, err error) {
		var raw []byte
		var d runDetails
		if err = s.Scan(&k.runID, &raw); err == nil {
			if err = unmarshalDoc(raw, &d); err == nil {
				k.doc, err = zipJSON(runDetails{Decision: d.Decision})
			}
		}
		return k, err
	})
	if err != nil {
		return 0, err
	}
	for _, k := range keep {
		if _, err := tx.ExecContext(ctx, "UPDATE run_details SET doc = ? WHERE run_id = ?", k.doc, k.runID); err != nil {
			return 0, err
		}
	}
	for _, q := range []string{"DELETE FROM artifacts WHERE run_id IN (" + old + ")",
		"DELETE FROM events WHERE run_id IN (" + old + ")"} {
		if _, err := tx.ExecContext(ctx, q, ms(cutoff), runSweepBatch); err != nil {
			return 0, err
		}
	}
	return affected(tx.ExecContext(ctx, "UPDATE runs SET details_removed_at = ? WHERE id IN ("+old+")", ms(tx.Now), ms(cutoff), runSweepBatch))
}

// sweepNotes removes up to a batch of notes done or removed before cutoff;
// their family keeps their revisions (SweptRev: the delete trigger, 0008),
// so its order of states never goes back.
func (tx *Tx) sweepNotes(ctx context.Context, cutoff time.Time) (int64, error) {
	return affected(tx.ExecContext(ctx, "DELETE FROM notes WHERE id IN (SELECT id FROM notes WHERE deleted_at < ? OR done_at < ? LIMIT ?)",
		ms(cutoff), ms(cutoff), noteSweepBatch))
}
