package sqlite

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: files being uploaded to Slack (table uploads), so a stopped
// process's are sent by the next.

// StartUpload records an upload of a run's file about to begin; of a run
// gone with its family's data, none (bh.ErrFamilyDeleted).
func (db *DB) StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error) {
	err := db.write(ctx, "start upload", func(tx *Tx) error {
		if err := tx.holdRun(ctx, u.TeamID, u.RunID); err != nil {
			return err
		}
		u.ID, u.CreatedAt = newID(), tx.Now
		doc, err := jsonOf(u)
		if err == nil {
			_, err = tx.ExecContext(ctx, "INSERT INTO uploads (id, created_at, doc) VALUES (?, ?, ?)", u.ID, ms(u.CreatedAt), doc)
		}
		return err
	})
	if err != nil {
		return bh.Upload{}, err
	}
	return u, nil
}

// FinishUpload forgets an upload that is done.
func (db *DB) FinishUpload(ctx context.Context, id string) error {
	return db.write(ctx, "finish upload "+id, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM uploads WHERE id = ?", id)
		return err
	})
}

// TakePendingUploads returns uploads started before cutoff and not
// finished, each renewed for its taker (its time is now): taken once
// until that time is up too.
func (db *DB) TakePendingUploads(ctx context.Context, cutoff time.Time) (out []bh.Upload, err error) {
	err = db.write(ctx, "take pending uploads", func(tx *Tx) error {
		out, err = allDocs[bh.Upload](ctx, tx, "SELECT doc FROM uploads WHERE created_at < ? ORDER BY created_at", ms(cutoff))
		if err == nil {
			_, err = tx.ExecContext(ctx, "UPDATE uploads SET created_at = ? WHERE created_at < ?", ms(tx.Now), ms(cutoff))
		}
		return err
	})
	return out, err
}
