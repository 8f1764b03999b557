package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: retention (Sweep), across the collections it cuts.

// Runs or notes a transaction of Sweep takes; radar wake-ups kept past a day.
const sweepBatch, wakeUpsKept = 200, 3

// Sweep removes, by the store's clock, what is kept only for a while:
// run details and events past RunDetailAge (a run keeps its decision),
// radar wake-ups past a family's latest three and the last day, notes
// closed longer ago than ClosedNoteAge (their revisions go to the
// shift's SweptRev), Slack event ids past EventTTL and reply places past
// bh.ReplyAge. Each step is a transaction (a batch, for runs and notes).
func (db *DB) Sweep(ctx context.Context) (out bh.Swept, err error) {
	now := db.now()
	details, closed := now.Add(-db.cfg.RunDetailAge), now.Add(-db.cfg.ClosedNoteAge)
	deleted := func(res *mongo.DeleteResult, err error) (int, error) {
		if err != nil {
			return 0, err
		}
		return int(res.DeletedCount), nil
	}
	for _, step := range []struct {
		op    string
		count *int
		run   func(ctx context.Context) (int, error)
	}{
		{"sweep run details", &out.RunDetails, func(ctx context.Context) (int, error) { return db.sweepRunDetails(ctx, now, details) }},
		{"sweep events", &out.Events, func(ctx context.Context) (int, error) {
			return deleted(db.c(colEvents).DeleteMany(ctx, bson.M{"at": bson.M{"$lt": details}}))
		}},
		{"sweep radar wake-ups", &out.Events, func(ctx context.Context) (int, error) {
			evs, err := all[bh.Event](ctx, db.c(colEvents), bson.M{"type": bh.EventWakeUp}, by("teamid", "shiftid", "-at"), 0)
			rank, gone := map[string]int{}, []string{}
			for _, e := range evs {
				if k := key(e.TeamID, e.ShiftID); rank[k] >= wakeUpsKept && e.At.Before(now.Add(-24*time.Hour)) {
					gone = append(gone, e.ID)
				} else {
					rank[k]++
				}
			}
			if err != nil || len(gone) == 0 {
				return 0, err
			}
			return deleted(db.c(colEvents).DeleteMany(ctx, bson.M{"_id": bson.M{"$in": gone}}))
		}},
		{"sweep notes", &out.Notes, func(ctx context.Context) (int, error) {
			notes, err := all[bh.Note](ctx, db.c(colNotes), bson.M{"$or": bson.A{bson.M{"deletedat": bson.M{"$lt": closed}}, bson.M{"doneat": bson.M{"$lt": closed}}}}, nil, sweepBatch)
			for _, n := range notes {
				if err == nil {
					err = db.bumpRevs(ctx, n.ShiftID, n.Rev, -n.Rev)
				}
				if err == nil {
					_, err = db.c(colNotes).DeleteOne(ctx, bson.M{"_id": n.ID})
				}
			}
			return len(notes), err
		}},
		{"sweep event ids", &out.SlackIDs, func(ctx context.Context) (int, error) {
			return deleted(db.c(colSlackEvents).DeleteMany(ctx, bson.M{"receivedat": bson.M{"$lt": now.Add(-db.cfg.EventTTL)}}))
		}},
		{"sweep replies", &out.Replies, func(ctx context.Context) (int, error) {
			res, err := db.c(colNotes).UpdateMany(ctx, bson.M{"reply_at": bson.M{"$lt": now.Add(-bh.ReplyAge)}},
				bson.M{"$set": bson.M{"replychannel": "", "replyts": ""}, "$unset": bson.M{"reply_at": ""}})
			if err != nil {
				return 0, err
			}
			return int(res.ModifiedCount), nil
		}},
	} {
		for n := sweepBatch; n == sweepBatch; *step.count += n { // again while a batch was full
			if err := db.write(ctx, step.op, func(ctx context.Context, _ time.Time) (err error) { n, err = step.run(ctx); return err }); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// sweepRunDetails cuts a batch of runs made before cutoff to their decision.
func (db *DB) sweepRunDetails(ctx context.Context, now, cutoff time.Time) (int, error) {
	runs, err := all[bh.Run](ctx, db.c(colRuns), bson.M{"createdat": bson.M{"$lt": cutoff}, "details_removed_at": nil}, by("createdat"), sweepBatch)
	for _, r := range runs {
		d, derr := get[runDetails](ctx, db.c(colRunDetails), r.ID)
		if ok, derr := found(derr); ok && err == nil {
			err = put(ctx, db.c(colRunDetails), r.ID, runDetails{TeamID: d.TeamID, Decision: d.Decision})
		} else {
			err = errOr(err, derr)
		}
		for _, c := range []string{colArtifacts, colEvents} {
			if err == nil {
				_, err = db.c(c).DeleteMany(ctx, bson.M{"runid": r.ID})
			}
		}
		if err == nil {
			_, err = db.c(colRuns).UpdateOne(ctx, bson.M{"_id": r.ID}, bson.M{"$set": bson.M{"details_removed_at": now}})
		}
	}
	return len(runs), err
}
