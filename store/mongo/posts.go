package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's messages (collection posts, by key), claimed
// before they are sent so that of several processes one sends each.

// changePost applies change to the post of key (none: no change) in one
// transaction, and reports whether it did.
func (db *DB) changePost(ctx context.Context, op, key string, change func(p *bh.PostRecord, now time.Time) bool) (done bool, err error) {
	err = db.write(ctx, op, func(ctx context.Context, now time.Time) error {
		p, err := get[bh.PostRecord](ctx, db.c(colPosts), key)
		if ok, err := found(err); !ok {
			done = false
			return err
		}
		if done = change(&p, now); !done {
			return nil
		}
		return put(ctx, db.c(colPosts), key, p)
	})
	return done, err
}

// ClaimPost records a post about to be sent; claimed is false when its key
// was claimed before (by this process or another).
func (db *DB) ClaimPost(ctx context.Context, p bh.PostRecord) (claimed bool, err error) {
	claimed, err = insert(ctx, db.c(colPosts), p.Key, p)
	return claimed, db.fail("claim post "+p.Key, err)
}

// PostSent records where a claimed post went and what it showed.
func (db *DB) PostSent(ctx context.Context, rec bh.PostRecord, ts string) error {
	_, err := db.changePost(ctx, "record post "+rec.Key, rec.Key, func(p *bh.PostRecord, now time.Time) bool {
		p.ChannelID, p.TS, p.PostedAt, p.Level, p.Critical, p.Items, p.Fingerprint = rec.ChannelID, ts, now, rec.Level, rec.Critical, rec.Items, rec.Fingerprint
		return true
	})
	return err
}

// PostFailed records why a claimed post could not be sent.
func (db *DB) PostFailed(ctx context.Context, key, why string) error {
	_, err := db.changePost(ctx, "record failed post "+key, key, func(p *bh.PostRecord, _ time.Time) bool {
		p.Failed = why
		return true
	})
	return err
}

// RefreshPost records what a sent post shows after an edit, if it still
// showed oldFP (of several processes editing, one wins).
func (db *DB) RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error) {
	return db.changePost(ctx, "refresh post "+key, key, func(p *bh.PostRecord, _ time.Time) bool {
		if p.Fingerprint != oldFP {
			return false
		}
		p.Fingerprint, p.Items, p.Level, p.Critical = shows.Fingerprint, shows.Items, shows.Level, shows.Critical
		return true
	})
}

func nudgesOfDay(teamID, shiftID, day string) bson.M {
	return bson.M{"teamid": teamID, "shiftid": shiftID, "kind": bh.PostNudge, "day": day}
}

// LastNudge is a family's latest nudge of day.
func (db *DB) LastNudge(ctx context.Context, teamID, shiftID, day string) (bh.PostRecord, bool, error) {
	out, err := all[bh.PostRecord](ctx, db.c(colPosts), nudgesOfDay(teamID, shiftID, day), by("-seq", "-_id"), 1)
	if err != nil || len(out) == 0 {
		return bh.PostRecord{}, false, db.fail("last nudge", err)
	}
	return out[0], true, nil
}

// NudgesOfDay lists a family's nudges of day, latest first.
func (db *DB) NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error) {
	out, err := all[bh.PostRecord](ctx, db.c(colPosts), nudgesOfDay(teamID, shiftID, day), by("-seq", "-_id"), 0)
	return out, db.fail("nudges of the day", err)
}

// Posts lists a family's posts, latest claimed first.
func (db *DB) Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error) {
	out, err := all[bh.PostRecord](ctx, db.c(colPosts), bson.M{"teamid": teamID, "shiftid": shiftID}, by("-claimedat", "-_id"), 0)
	return out, db.fail("list posts", err)
}

// TakeStalePosts hands owner the posts claimed before cutoff and neither
// sent nor failed (their process stopped), claimed again now.
func (db *DB) TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) (out []bh.PostRecord, err error) {
	err = db.write(ctx, "take stale posts", func(ctx context.Context, now time.Time) error {
		stale, err := all[bh.PostRecord](ctx, db.c(colPosts), bson.M{"ts": "", "failed": "", "claimedat": bson.M{"$lt": cutoff.UTC()}},
			bson.D{{Key: "claimedat", Value: 1}}, 0)
		out = nil
		for _, p := range stale {
			p.Owner, p.ClaimedAt = owner, now
			if err = put(ctx, db.c(colPosts), p.Key, p); err != nil {
				return err
			}
			out = append(out, p)
		}
		return err
	})
	return out, err
}
