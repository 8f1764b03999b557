package store

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

type uploadDoc struct {
	ID        string    `bson:"_id"`
	TeamID    string    `bson:"team_id"`
	RunID     string    `bson:"run_id"`
	Kind      string    `bson:"kind"`
	ChannelID string    `bson:"channel_id"`
	ThreadTS  string    `bson:"thread_ts,omitempty"`
	UserID    string    `bson:"user_id,omitempty"`
	CreatedAt time.Time `bson:"created_at"`
}

// StartUpload records a file about to be sent; FinishUpload drops it.
// What is left at start-up was cut off by a stop.
func (db *DB) StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error) {
	u.ID, u.CreatedAt = newID(), db.now()
	doc := uploadDoc{ID: u.ID, TeamID: u.TeamID, RunID: u.RunID, Kind: u.Kind, ChannelID: u.ChannelID, ThreadTS: u.ThreadTS, UserID: u.UserID, CreatedAt: u.CreatedAt}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.uploads.InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		return bh.Upload{}, db.fail("start upload", err)
	}
	return u, nil
}

// FinishUpload forgets a sent (or reported) upload.
func (db *DB) FinishUpload(ctx context.Context, id string) error {
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.uploads.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
		return err
	})
	return db.fail("finish upload "+id, err)
}

// TakePendingUploads takes the uploads started before cutoff and never
// finished: each is renewed (its time set to now) by one taker only, so of
// several processes looking, one sends it; a taker that stops in turn
// leaves it to be taken again later.
func (db *DB) TakePendingUploads(ctx context.Context, cutoff time.Time) ([]bh.Upload, error) {
	docs, err := findAll[uploadDoc](ctx, db, colUploads, bson.D{{Key: "created_at", Value: bson.D{{Key: "$lt", Value: cutoff.UTC()}}}}, bson.D{{Key: "created_at", Value: 1}})
	if err != nil {
		return nil, db.fail("list pending uploads", err)
	}
	out := make([]bh.Upload, 0, len(docs))
	for _, d := range docs {
		took, err := db.changedOne(ctx, db.c.uploads, bson.D{{Key: "_id", Value: d.ID}, {Key: "created_at", Value: d.CreatedAt}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "created_at", Value: db.now()}}}})
		if err != nil {
			return out, db.fail("take pending upload "+d.ID, err)
		}
		if took {
			out = append(out, bh.Upload{ID: d.ID, TeamID: d.TeamID, RunID: d.RunID, Kind: d.Kind, ChannelID: d.ChannelID, ThreadTS: d.ThreadTS, UserID: d.UserID, CreatedAt: d.CreatedAt.UTC()})
		}
	}
	return out, nil
}
