package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's messages (posts, by key), claimed before sent.

// setPost sets fields of the post of key if it matches cond; true if it did.
func (db *DB) setPost(ctx context.Context, op, key string, cond, set bson.M) (bool, error) {
	cond["_id"] = key
	res, err := db.c(colPosts).UpdateOne(ctx, cond, bson.M{"$set": set})
	return err == nil && res.MatchedCount > 0, db.fail(op, err)
}

// ClaimPost records a post about to be sent (false: claimed before). A
// post of a family that is gone is refused (bh.ErrFamilyDeleted): it is
// not to be sent. A claim there is found before the insert: a duplicate
// key inside a transaction would abort it on a server.
func (db *DB) ClaimPost(ctx context.Context, p bh.PostRecord) (claimed bool, err error) {
	err = db.write(ctx, "claim post "+p.Key, func(ctx context.Context, _ time.Time) error {
		claimed = false
		if err := db.holdFamily(ctx, p.TeamID, p.ShiftID); err != nil {
			return err
		}
		if k, err := db.c(colPosts).CountDocuments(ctx, bson.M{"_id": p.Key}); err != nil || k > 0 {
			return err
		}
		claimed, err = insert(ctx, db.c(colPosts), p.Key, p)
		return err
	})
	return claimed, err
}

// PostSent records where a claimed post went and what it showed.
func (db *DB) PostSent(ctx context.Context, rec bh.PostRecord, ts string) error {
	_, err := db.setPost(ctx, "record post "+rec.Key, rec.Key, bson.M{}, bson.M{"channelid": rec.ChannelID, "ts": ts, "postedat": db.now(),
		"level": rec.Level, "critical": rec.Critical, "items": rec.Items, "fingerprint": rec.Fingerprint})
	return err
}

// PostFailed records why a claimed post could not be sent.
func (db *DB) PostFailed(ctx context.Context, key, why string) error {
	_, err := db.setPost(ctx, "record failed post "+key, key, bson.M{}, bson.M{"failed": why})
	return err
}

// RefreshPost records what a post shows after an edit, if it showed oldFP.
func (db *DB) RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error) {
	return db.setPost(ctx, "refresh post "+key, key, bson.M{"fingerprint": oldFP},
		bson.M{"fingerprint": shows.Fingerprint, "items": shows.Items, "level": shows.Level, "critical": shows.Critical})
}

// NudgesOfDay lists a family's nudges of day, latest first.
func (db *DB) NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error) {
	out, err := all[bh.PostRecord](ctx, db.c(colPosts), bson.M{"teamid": teamID, "shiftid": shiftID, "kind": bh.PostNudge, "day": day}, by("-seq", "-_id"), 0)
	return out, db.fail("nudges of the day", err)
}

// Posts lists a family's posts, latest claimed first.
func (db *DB) Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error) {
	out, err := all[bh.PostRecord](ctx, db.c(colPosts), bson.M{"teamid": teamID, "shiftid": shiftID}, by("-claimedat", "-_id"), 0)
	return out, db.fail("list posts", err)
}

// TakeStalePosts claims again for owner the posts claimed before cutoff
// and neither sent nor failed (their process stopped), each counted as
// superseded (the taker posts it anew). Each is taken by a conditional
// update of its own, so of processes sweeping at once one takes it,
// whatever the server's transactions do.
func (db *DB) TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) ([]bh.PostRecord, error) {
	stale := bson.M{"ts": "", "failed": "", "claimedat": bson.M{"$lt": cutoff}}
	found, err := all[bh.PostRecord](ctx, db.c(colPosts), stale, by("claimedat"), 0)
	if err != nil {
		return nil, db.fail("take stale posts", err)
	}
	out := []bh.PostRecord{}
	for _, p := range found {
		now := db.now()
		taken, err := db.setPost(ctx, "take stale post "+p.Key, p.Key, bson.M{"ts": "", "failed": "", "claimedat": p.ClaimedAt},
			bson.M{"owner": owner, "claimedat": now, "superseded": p.Superseded + 1})
		if err != nil {
			return out, err
		}
		if taken {
			p.Owner, p.ClaimedAt, p.Superseded = owner, now, p.Superseded+1
			out = append(out, p)
		}
	}
	return out, nil
}
