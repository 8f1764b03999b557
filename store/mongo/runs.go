package mongo

import (
	"context"
	"errors"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: plan runs (collection runs, by id), what a completed one
// produced (run_details, by run id; the sweep keeps its decision), its
// files (artifacts), the version counters and the council's agents.

type runDoc struct {
	bh.Run           `bson:",inline"`
	DetailsRemovedAt *time.Time `bson:"details_removed_at,omitempty"`
}

// runDetails is what a completed run produced beside its run, files and events.
type runDetails struct {
	TeamID    string `bson:"teamid"`
	Pack      bh.ContextPack
	Tasks     []bh.Task
	Messages  []bh.Message
	Proposals []bh.Proposal
	Decision  bh.Decision
}

type artifactDoc struct {
	TeamID      string `bson:"teamid"`
	bh.Artifact `bson:",inline"`
}

var errRunSaved = bh.Errorf(bh.ECONFLICT, "This run was already saved.")

// RegisterAgents writes the council's agents and their skills (idempotent).
func (db *DB) RegisterAgents(ctx context.Context, agents []bh.Agent) error {
	for _, a := range agents {
		if err := put(ctx, db.c(colAgents), a.Name, a); err != nil {
			return db.fail("register agents", err)
		}
	}
	return nil
}

// Agents lists the registered agents by name.
func (db *DB) Agents(ctx context.Context) ([]bh.Agent, error) {
	out, err := all[bh.Agent](ctx, db.c(colAgents), bson.M{}, by("_id"), 0)
	return out, db.fail("list agents", err)
}

func runVersions(teamID, shiftID string) string { return "runs:" + key(teamID, shiftID) }

// CreateRun stores run as running, with an id and its family's next
// version (bh.ErrFamilyDeleted when the family is gone).
func (db *DB) CreateRun(ctx context.Context, run bh.Run) (bh.Run, error) {
	if run.TeamID == "" || run.ShiftID == "" {
		return bh.Run{}, db.fail("create run", bh.Errorf(bh.EINVALID, "A run needs a team and a shift."))
	}
	id := newID()
	err := db.write(ctx, "create run", func(ctx context.Context, now time.Time) error {
		r := run
		r.CreatedAt, r.StartedAt, r.Status, r.ID = now, now, bh.StatusRunning, id
		if r.Now.IsZero() {
			r.Now = now
		}
		if err := db.holdFamily(ctx, r.TeamID, r.ShiftID); err != nil {
			return err
		}
		var c struct{ Value int }
		err := db.c(colCounters).FindOneAndUpdate(ctx, bson.M{"_id": runVersions(r.TeamID, r.ShiftID)}, bson.M{"$inc": bson.M{"value": 1}},
			options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&c)
		r.Version = c.Value
		if err == nil {
			_, err = insert(ctx, db.c(colRuns), id, runDoc{Run: r})
		}
		return err
	})
	if err != nil {
		return bh.Run{}, err
	}
	return db.Run(ctx, run.TeamID, id) // as stored: times to the millisecond
}

// SaveRunRecord stores what a run produced and marks it completed, in one
// transaction, once (ECONFLICT after). A run gone with its family's data
// is refused (bh.ErrFamilyDeleted). The run's own document is written
// too, so a DeleteTeam at the same time conflicts with it (teamdata.go).
func (db *DB) SaveRunRecord(ctx context.Context, rec bh.RunRecord) error {
	r := rec.Run
	return db.write(ctx, "save run "+r.ID, func(ctx context.Context, now time.Time) error {
		have, err := one[runDoc](ctx, db.c(colRuns), bson.M{"_id": r.ID, "teamid": r.TeamID})
		if errors.Is(err, errNoDocs) {
			if err := db.holdFamily(ctx, r.TeamID, r.ShiftID); err != nil {
				return err
			}
		}
		if err != nil || have.Status == bh.StatusCompleted {
			return notFound(errOr(err, errRunSaved), "That run no longer exists.")
		}
		r.Status, r.FinishedAt = bh.StatusCompleted, now
		events := slices.Clone(rec.Events)
		for i := range events {
			events[i].TeamID, events[i].ShiftID, events[i].RunID = r.TeamID, r.ShiftID, r.ID
		}
		err = put(ctx, db.c(colRunDetails), r.ID, runDetails{TeamID: r.TeamID, Pack: rec.Pack, Tasks: rec.Tasks, Messages: rec.Messages,
			Proposals: rec.Proposals, Decision: rec.Decision})
		if err == nil {
			_, err = db.c(colRuns).ReplaceOne(ctx, bson.M{"_id": r.ID}, runDoc{Run: r})
		}
		return errOr(err, db.saveFiles(ctx, r.TeamID, rec.Artifacts, events))
	})
}

// saveFiles writes a run's files and events.
func (db *DB) saveFiles(ctx context.Context, teamID string, files []bh.Artifact, events []bh.Event) error {
	for _, a := range files {
		if err := db.putArtifact(ctx, teamID, a); err != nil {
			return err
		}
	}
	for _, e := range events {
		if _, err := db.putEvent(ctx, e); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) putArtifact(ctx context.Context, teamID string, a bh.Artifact) error {
	return put(ctx, db.c(colArtifacts), key(a.RunID, a.Kind), artifactDoc{TeamID: teamID, Artifact: a})
}

// SaveArtifact stores an extra file of a run, replacing one of its kind;
// a run gone with its family's data takes none (bh.ErrFamilyDeleted).
func (db *DB) SaveArtifact(ctx context.Context, teamID, _ string, a bh.Artifact) error {
	return db.write(ctx, "save artifact "+a.ID, func(ctx context.Context, _ time.Time) error {
		if err := db.holdRun(ctx, teamID, a.RunID); err != nil {
			return err
		}
		return db.putArtifact(ctx, teamID, a)
	})
}

// runOf reads one run, ENOTFOUND with msg when there is none.
func (db *DB) runOf(ctx context.Context, op, msg string, filter bson.M, opts ...*options.FindOneOptions) (bh.Run, error) {
	r, err := one[bh.Run](ctx, db.c(colRuns), filter, opts...)
	return r, db.fail(op, notFound(err, msg))
}

// Run returns a run of the team.
func (db *DB) Run(ctx context.Context, teamID, runID string) (bh.Run, error) {
	return db.runOf(ctx, "get run "+runID, "That plan no longer exists.", bson.M{"_id": runID, "teamid": teamID})
}

// RunByID finds a run by id alone (the replay command, which has no team).
func (db *DB) RunByID(ctx context.Context, runID string) (bh.Run, error) {
	return db.runOf(ctx, "get run "+runID, "There is no run "+runID+".", bson.M{"_id": runID})
}

// LatestRun returns the family's newest completed run.
func (db *DB) LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error) {
	return db.runOf(ctx, "latest run", "No plan yet for this conversation.",
		bson.M{"teamid": teamID, "shiftid": shiftID, "status": bh.StatusCompleted}, options.FindOne().SetSort(by("-version")))
}

// RunByVersion returns a family's run of that version.
func (db *DB) RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error) {
	return db.runOf(ctx, "get run", bh.Errorf(bh.ENOTFOUND, "There is no plan v%d here.", version).Message,
		bson.M{"teamid": teamID, "shiftid": shiftID, "version": version})
}

// runRecord is what is kept of a run: details (ok false: none), files, events.
func (db *DB) runRecord(ctx context.Context, r runDoc) (rec bh.RunRecord, ok bool, err error) {
	d, err := get[runDetails](ctx, db.c(colRunDetails), r.ID)
	if ok, err = found(err); err != nil {
		return rec, ok, err
	}
	bh.NoneIfEmpty(d.Proposals)
	rec = bh.RunRecord{Run: r.Run, Pack: d.Pack, Tasks: d.Tasks, Messages: d.Messages, Proposals: d.Proposals, Decision: d.Decision}
	files, err := all[artifactDoc](ctx, db.c(colArtifacts), bson.M{"runid": r.ID}, by("kind"), 0)
	for _, f := range files {
		rec.Artifacts = append(rec.Artifacts, f.Artifact)
	}
	if err == nil {
		rec.Events, err = all[bh.Event](ctx, db.c(colEvents), bson.M{"runid": r.ID}, by("at", "_id"), 0)
		rec.Events = nilIfEmpty(rec.Events)
	}
	return rec, ok, err
}

// RunRecord loads everything a completed run wrote.
func (db *DB) RunRecord(ctx context.Context, teamID, runID string) (bh.RunRecord, error) {
	r, err := one[runDoc](ctx, db.c(colRuns), bson.M{"_id": runID, "teamid": teamID})
	if err != nil {
		return bh.RunRecord{}, db.fail("load run "+runID, notFound(err, "That plan no longer exists."))
	}
	if r.DetailsRemovedAt != nil {
		return bh.RunRecord{}, db.fail("load run "+runID, bh.RunDetailsGone(r.Run, db.cfg.RunDetailAge))
	}
	rec, ok, err := db.runRecord(ctx, r)
	if err == nil && (!ok || r.Status != bh.StatusCompleted) {
		err = bh.RunNotSaved(r.Run)
	}
	rec.ReadOrder()
	return rec, db.fail("load run "+runID, err)
}

// changeRun sets fields of a run of the team (none: no change).
func (db *DB) changeRun(ctx context.Context, op, teamID, runID string, set bson.M) error {
	_, err := db.c(colRuns).UpdateOne(ctx, bson.M{"_id": runID, "teamid": teamID}, bson.M{"$set": set})
	return db.fail(op, err)
}

// FailRun marks a run failed with a reason a person can read.
func (db *DB) FailRun(ctx context.Context, teamID, runID, reason string) error {
	return db.changeRun(ctx, "fail run "+runID, teamID, runID, bson.M{"status": bh.StatusFailed, "error": reason, "finishedat": db.now()})
}

// SetRunCard records where a run's Decision Card is in Slack.
func (db *DB) SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error {
	return db.changeRun(ctx, "set run card "+runID, teamID, runID, bson.M{"cardchannel": channelID, "cardts": ts, "cardposted": true})
}

// FailInterruptedRuns marks failed, and returns, the runs a stopped process
// left running, made olderThan ago or before: each by one process.
func (db *DB) FailInterruptedRuns(ctx context.Context, olderThan time.Duration) (out []bh.Run, err error) {
	now := db.now()
	running := bson.M{"$in": bson.A{bh.StatusRunning, bh.StatusQueued}}
	runs, err := all[runDoc](ctx, db.c(colRuns), bson.M{"status": running, "createdat": bson.M{"$lte": now.Add(-olderThan)}}, by("createdat"), 0)
	for _, r := range runs {
		r.Status, r.Error, r.FinishedAt = bh.StatusFailed, "interrupted: the bot stopped during this run", now
		if err == nil {
			res, uerr := db.c(colRuns).UpdateOne(ctx, bson.M{"_id": r.ID, "status": running}, bson.M{"$set": bson.M{"status": r.Status, "error": r.Error, "finishedat": now}})
			if err = uerr; err == nil && res.ModifiedCount > 0 {
				out = append(out, r.Run)
			}
		}
	}
	return out, db.fail("fail interrupted runs", err)
}

// UnpostedRuns lists completed runs since since whose card was never posted.
func (db *DB) UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error) {
	out, err := all[bh.Run](ctx, db.c(colRuns), bson.M{"status": bh.StatusCompleted, "createdat": bson.M{"$gte": since}, "cardposted": false,
		"cardts": bson.M{"$ne": ""}}, by("createdat"), 0)
	return nilIfEmpty(out), db.fail("list unposted runs", err)
}
