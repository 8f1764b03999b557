package store

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// Swept counts what one Sweep removed (bh.Swept, shared by the engines).
type Swept = bh.Swept

// ReplyAge is how long where a note's confirmation was posted is kept.
const ReplyAge = bh.ReplyAge

// runSweepBatch and noteSweepBatch bound how many runs and notes one Sweep
// removes, so one commit stays short even on a first sweep over a year of
// data (the embedded engine matches a list of ids against every document);
// the next sweep takes the rest.
const (
	runSweepBatch  = 50
	noteSweepBatch = 200
)

// Sweep removes what is kept no longer, by the store's clock: the details of
// runs older than RunDetailAge (tasks, messages, context packs, proposals,
// artifacts; the run and its decision stay), events older than
// RunDetailAge (of a shift's radar wake-ups, only the latest three and the
// last day's are kept), notes closed more than ClosedNoteAge ago, and the ids and
// reply locations the TTL indexes would expire (they expire by the wall
// clock; this goes by the store's, and works the same on both engines).
// Call it every hour or so; a sweep with nothing to do costs a few scans.
func (db *DB) Sweep(ctx context.Context) (Swept, error) {
	var out Swept
	now := db.now()
	var err error
	if out.RunDetails, err = db.sweepRunDetails(ctx, now.Add(-db.cfg.RunDetailAge)); err != nil {
		return out, db.fail("sweep run details", err)
	}
	if out.Events, err = db.sweepOld(ctx, colEvents, "at", now.Add(-db.cfg.RunDetailAge)); err != nil {
		return out, db.fail("sweep events", err)
	}
	wake, err := db.sweepWakeUps(ctx, now)
	out.Events += wake
	if err != nil {
		return out, db.fail("sweep radar wake-ups", err)
	}
	if out.Notes, err = db.sweepNotes(ctx, now.Add(-db.cfg.ClosedNoteAge)); err != nil {
		return out, db.fail("sweep notes", err)
	}
	if out.SlackIDs, err = db.sweepOld(ctx, colSlackEvents, "received_at", now.Add(-db.cfg.EventTTL)); err != nil {
		return out, db.fail("sweep event ids", err)
	}
	sweepReplies := db.sweepOld
	if db.onShelf(colReplies) {
		sweepReplies = db.sweepShelvedReplies
	}
	if out.Replies, err = sweepReplies(ctx, colReplies, "at", now.Add(-ReplyAge)); err != nil {
		return out, db.fail("sweep replies", err)
	}
	if db.mem != nil {
		// Reply locations left memory with the commit that removed them.
		db.mem.forget(now)
	}
	return out, nil
}

// sweepOld deletes the documents of a collection whose time field is
// before cutoff: one range, never a list of ids (the embedded engine matches
// $in against every document).
func (db *DB) sweepOld(ctx context.Context, coll, field string, cutoff time.Time) (int, error) {
	n := 0
	err := db.write(ctx, func(ctx context.Context) error {
		res, err := db.db.Collection(coll).DeleteMany(ctx, bson.D{{Key: field, Value: bson.D{{Key: "$lt", Value: cutoff}}}})
		if err == nil {
			n = int(res.DeletedCount)
		}
		return err
	})
	return n, err
}

// sweepShelvedReplies is sweepOld for the reply locations on the shelf
// (coll and field are the engine's: colReplies, "at").
func (db *DB) sweepShelvedReplies(ctx context.Context, _, _ string, cutoff time.Time) (int, error) {
	if len(db.mem.repliesBefore(cutoff)) == 0 {
		return 0, nil // no commit for nothing
	}
	n := 0
	err := db.write(ctx, func(ctx context.Context) error {
		old := db.mem.repliesBefore(cutoff)
		n = len(old)
		for _, r := range old {
			if err := db.stageReplyDelete(r); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// stageReplyDelete removes a reply location from the shelf with the
// commit of the unit of work being run.
func (db *DB) stageReplyDelete(r replyDoc) error {
	raw, err := bson.Marshal(r)
	if err == nil {
		db.stageDelete(colReplies, raw)
	}
	return err
}

// idsWhere lists up to limit ids of the matching documents.
func (db *DB) idsWhere(ctx context.Context, coll string, filter bson.D, limit int) (bson.A, error) {
	docs, err := findAll[struct {
		ID any `bson:"_id"`
	}](ctx, db, coll, filter, nil)
	if err != nil {
		return nil, err
	}
	ids := bson.A{}
	for _, d := range docs {
		if len(ids) == limit {
			break
		}
		ids = append(ids, d.ID)
	}
	return ids, nil
}

// sweepWakeUps keeps each shift's latest wakeUpsKept radar wake-ups (App
// Home shows three) and those of the last day: the radar writes one per
// look, and they would otherwise be most of the events collection.
func (db *DB) sweepWakeUps(ctx context.Context, now time.Time) (int, error) {
	evs, err := findAll[eventDoc](ctx, db, colEvents, bson.D{{Key: "type", Value: bh.EventWakeUp}}, bson.D{{Key: "at", Value: -1}})
	if err != nil {
		return 0, err
	}
	seen := map[string]int{}
	trimAt := map[[2]string]time.Time{} // team, shift → delete before this
	for _, e := range evs {
		k := [2]string{e.TeamID, e.ShiftID}
		seen[e.TeamID+"/"+e.ShiftID]++
		if seen[e.TeamID+"/"+e.ShiftID] == wakeUpsKept {
			cut := e.At
			if day := now.Add(-24 * time.Hour); day.Before(cut) {
				cut = day
			}
			trimAt[k] = cut
		}
	}
	n := 0
	for k, cut := range trimAt {
		err := db.write(ctx, func(ctx context.Context) error {
			res, err := db.c.events.DeleteMany(ctx, bson.D{{Key: "team_id", Value: k[0]}, {Key: "shift_id", Value: k[1]},
				{Key: "type", Value: bh.EventWakeUp}, {Key: "at", Value: bson.D{{Key: "$lt", Value: cut}}}})
			if err == nil {
				n += int(res.DeletedCount)
			}
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// wakeUpsKept is how many of a shift's radar wake-ups are kept past a day.
const wakeUpsKept = 3

// sweepRunDetails removes the details of runs created before cutoff and
// marks each run, so a card that old says why it cannot show them.
func (db *DB) sweepRunDetails(ctx context.Context, cutoff time.Time) (int, error) {
	ids, err := db.idsWhere(ctx, colRuns, bson.D{{Key: "created_at", Value: bson.D{{Key: "$lt", Value: cutoff}}},
		{Key: "details_removed_at", Value: bson.D{{Key: "$exists", Value: false}}}}, runSweepBatch)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	byRun := bson.D{{Key: "run_id", Value: bson.D{{Key: "$in", Value: ids}}}}
	details := []string{colTasks, colMessages, colContextPacks, colProposals, colArtifacts}
	if db.shelf != nil {
		// Before the runs are marked: a crash in between leaves runs whose
		// details are gone but unmarked, and the next sweep marks them.
		runIDs := make([]string, 0, len(ids))
		for _, id := range ids {
			if s, ok := id.(string); ok {
				runIDs = append(runIDs, s)
			}
		}
		if err := db.shelf.removeRuns(details, runIDs); err != nil {
			return 0, fmt.Errorf("run details: %w", err)
		}
		details = nil
	}
	err = db.write(ctx, func(ctx context.Context) error {
		for _, c := range append(details, colEvents) {
			if _, err := db.db.Collection(c).DeleteMany(ctx, byRun); err != nil {
				return fmt.Errorf("%s: %w", c, err)
			}
		}
		_, err := db.c.runs.UpdateMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "details_removed_at", Value: db.now()}}}})
		return err
	})
	return len(ids), err
}

// sweepNotes removes notes done or removed before cutoff, with their reply
// locations.
func (db *DB) sweepNotes(ctx context.Context, cutoff time.Time) (int, error) {
	old := bson.D{{Key: "$lt", Value: cutoff}}
	closed := bson.D{{Key: "$or", Value: bson.A{bson.D{{Key: "deleted_at", Value: old}}, bson.D{{Key: "done_at", Value: old}}}}}
	var docs []logDoc
	if db.notesShelved() {
		docs = db.sweepableNotes(cutoff, noteSweepBatch)
	} else {
		var err error
		if docs, err = findAll[logDoc](ctx, db, colLogs, closed, nil); err != nil {
			return 0, err
		}
	}
	if len(docs) == 0 {
		return 0, nil
	}
	if len(docs) > noteSweepBatch {
		docs = docs[:noteSweepBatch]
	}
	ids := make([]string, 0, len(docs))
	for _, d := range docs {
		ids = append(ids, d.ID)
	}
	// Still closed at the commit: a note reopened since the scan stays.
	stillClosed := bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}, closed[0]}
	var gone []logDoc
	err := db.write(ctx, func(ctx context.Context) error {
		var err error
		if db.notesShelved() {
			gone, err = db.unstageNotes(ids, cutoff)
		} else {
			gone, err = findAll[logDoc](ctx, db, colLogs, stillClosed, nil)
		}
		if err != nil {
			return err
		}
		// The shift keeps the revisions its notes take with them: the
		// radar orders its states by the sum, which must not fall. Raised
		// before the notes go, so that on MongoDB (no transaction here) it
		// can run high for a moment, never low.
		revs := map[[2]string]int{}
		goneIDs := bson.A{}
		for _, d := range gone {
			revs[[2]string{d.TeamID, d.ShiftID}] += d.Rev
			goneIDs = append(goneIDs, d.ID)
		}
		for k, rev := range revs {
			if _, err := db.c.shifts.UpdateOne(ctx, bson.D{{Key: "_id", Value: k[1]}, {Key: "team_id", Value: k[0]}},
				bson.D{{Key: "$inc", Value: bson.D{{Key: "swept_rev", Value: rev}}}}); err != nil {
				return err
			}
		}
		if !db.notesShelved() {
			if _, err := db.c.logs.DeleteMany(ctx, stillClosed); err != nil {
				return err
			}
		}
		if db.onShelf(colReplies) {
			for _, d := range gone {
				if r, ok := db.mem.reply(d.ID); ok {
					if err := db.stageReplyDelete(r); err != nil {
						return err
					}
				}
			}
			return nil
		}
		_, err = db.c.replies.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: goneIDs}}}})
		return err
	})
	if err != nil {
		return 0, err
	}
	// In memory, the commit took the notes, their messages and their
	// replies away (notecache.go).
	return len(gone), nil
}

// detailsGone is what a person sees for a run whose details were swept.
func (db *DB) detailsGone(d runDoc) error {
	return bh.Errorf(bh.ENOTFOUND, "Plan v%d is from %s: a plan's details (handoff.md, the transcript, the other plans) are kept for %d days, so they are no longer here. Run /plan for a fresh one.",
		d.Version, d.CreatedAt.Format("Jan 2"), int(db.cfg.RunDetailAge.Hours()/24))
}
