package sqlite

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's posts (table posts). A post is claimed by its key
// before it is sent, so of several processes one sends it.

func (tx *Tx) putPost(ctx context.Context, p bh.PostRecord, insert bool) (bool, error) {
	doc, err := jsonOf(p)
	if err != nil {
		return false, err
	}
	q := `UPDATE posts SET team_id = ?, shift_id = ?, kind = ?, day = ?, seq = ?, ts = ?, failed = ?, claimed_at = ?, doc = ? WHERE key = ?`
	if insert {
		q = `INSERT INTO posts (team_id, shift_id, kind, day, seq, ts, failed, claimed_at, doc, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`
	}
	return changed(tx.ExecContext(ctx, q, p.TeamID, p.ShiftID, string(p.Kind), p.Day, p.Seq, p.TS, p.Failed, ms(p.ClaimedAt), doc, p.Key))
}

// changePost applies change to the post of key in one write; change
// reports false to leave it. A post not there changes nothing.
func (db *DB) changePost(ctx context.Context, op, key string, change func(p *bh.PostRecord, now time.Time) bool) (done bool, err error) {
	err = db.write(ctx, op, func(tx *Tx) error {
		p, err := oneDoc[bh.PostRecord](ctx, tx, "SELECT doc FROM posts WHERE key = ?", key)
		if done = err == nil && change(&p, tx.Now); !done {
			return ignoreNoRows(err)
		}
		_, err = tx.putPost(ctx, p, false)
		return err
	})
	return done, err
}

// ClaimPost records a post about to be sent; false when its key was
// claimed already. A post of a family that is gone is refused
// (bh.ErrFamilyDeleted): it is not to be sent.
func (db *DB) ClaimPost(ctx context.Context, p bh.PostRecord) (claimed bool, err error) {
	err = db.write(ctx, "claim post "+p.Key, func(tx *Tx) error {
		if err := tx.holdFamily(ctx, p.TeamID, p.ShiftID); err != nil {
			return err
		}
		claimed, err = tx.putPost(ctx, p, true)
		return err
	})
	return claimed, err
}

// PostSent records where a claimed post went and what it shows.
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

// RefreshPost records what an updated post shows, if it still shows what
// oldFP says (of two refreshes of one post, one wins).
func (db *DB) RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error) {
	return db.changePost(ctx, "refresh post "+key, key, func(p *bh.PostRecord, _ time.Time) bool {
		if p.Fingerprint != oldFP {
			return false
		}
		p.Fingerprint, p.Items, p.Level, p.Critical = shows.Fingerprint, shows.Items, shows.Level, shows.Critical
		return true
	})
}

// NudgesOfDay lists the family's nudges of the day, highest seq first.
func (db *DB) NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error) {
	out, err := allDocs[bh.PostRecord](ctx, db.rq, "SELECT doc FROM posts WHERE team_id = ? AND shift_id = ? AND kind = ? AND day = ? ORDER BY seq DESC", teamID, shiftID, string(bh.PostNudge), day)
	return out, db.fail("nudges of the day", err)
}

// Posts lists a family's posts, newest claim first.
func (db *DB) Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error) {
	out, err := allDocs[bh.PostRecord](ctx, db.rq, "SELECT doc FROM posts WHERE team_id = ? AND shift_id = ? ORDER BY claimed_at DESC, key DESC", teamID, shiftID)
	return out, db.fail("list posts", err)
}

// TakeStalePosts takes over posts claimed before cutoff and neither sent
// nor failed (their claimer stopped): each is claimed again for owner, now,
// so one process takes it, and counted as superseded (the taker posts it
// anew).
func (db *DB) TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) (out []bh.PostRecord, err error) {
	err = db.write(ctx, "take stale posts", func(tx *Tx) error {
		stale, err := allDocs[bh.PostRecord](ctx, tx, "SELECT doc FROM posts WHERE ts = '' AND failed = '' AND claimed_at < ? ORDER BY claimed_at", ms(cutoff))
		out = nil
		for _, p := range stale {
			p.Owner, p.ClaimedAt = owner, tx.Now
			p.Superseded++
			if _, err = tx.putPost(ctx, p, false); err != nil {
				return err
			}
			out = append(out, p)
		}
		return err
	})
	return out, err
}
