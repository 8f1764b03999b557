package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: files on their way to Slack (uploads, by id).

// StartUpload records an upload of a run's file about to start, with a
// new id; of a run gone with its family's data, none (bh.ErrFamilyDeleted).
func (db *DB) StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error) {
	u.ID = newID()
	err := db.write(ctx, "start upload", func(ctx context.Context, now time.Time) error {
		if err := db.holdRun(ctx, u.TeamID, u.RunID); err != nil {
			return err
		}
		u.CreatedAt = now
		_, err := insert(ctx, db.c(colUploads), u.ID, u)
		return err
	})
	if err != nil {
		return bh.Upload{}, err
	}
	return u, nil
}

// FinishUpload forgets a finished upload.
func (db *DB) FinishUpload(ctx context.Context, id string) error {
	_, err := db.c(colUploads).DeleteOne(ctx, bson.M{"_id": id})
	return db.fail("finish upload "+id, err)
}

// TakePendingUploads hands over the uploads started before cutoff, their
// clock restarted.
func (db *DB) TakePendingUploads(ctx context.Context, cutoff time.Time) (out []bh.Upload, err error) {
	err = db.write(ctx, "take pending uploads", func(ctx context.Context, now time.Time) error {
		old := bson.M{"createdat": bson.M{"$lt": cutoff.UTC()}}
		if out, err = all[bh.Upload](ctx, db.c(colUploads), old, bson.D{{Key: "createdat", Value: 1}}, 0); err != nil {
			return err
		}
		_, err = db.c(colUploads).UpdateMany(ctx, old, bson.M{"$set": bson.M{"createdat": now}})
		return err
	})
	return out, err
}
