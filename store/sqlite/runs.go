package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: plan runs, their details and files (tables runs, run_details,
// artifacts) and the council's agents.

// runDetails is what a completed run produced beside its run, its files
// and its events: one document, removed whole by the sweep.
type runDetails struct {
	Pack      bh.ContextPack
	Tasks     []bh.Task
	Messages  []bh.Message
	Proposals []bh.Proposal
	Decision  bh.Decision
}

// UnmarshalJSON reads a run's details with a plan's empty lists as none
// (nil), however they were written: as the current store reads them, so
// a run reads the same before and after an export and import.
func (d *runDetails) UnmarshalJSON(b []byte) error {
	type plain runDetails
	err := json.Unmarshal(b, (*plain)(d))
	bh.NoneIfEmpty(d.Proposals)
	return err
}

var (
	errRunGone  = bh.Errorf(bh.ENOTFOUND, "That run no longer exists.")
	errRunSaved = bh.Errorf(bh.ECONFLICT, "This run was already saved.")
)

// RegisterAgents writes the council's agents and their skills (idempotent).
func (db *DB) RegisterAgents(ctx context.Context, agents []bh.Agent) error {
	return db.write(ctx, "register agents", func(tx *Tx) error {
		for _, a := range agents {
			doc, err := jsonOf(a)
			if err == nil {
				_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO agents (name, doc) VALUES (?, ?)", a.Name, doc)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// Agents lists the registered agents by name.
func (db *DB) Agents(ctx context.Context) ([]bh.Agent, error) {
	out, err := allDocs[bh.Agent](ctx, db.rq, "SELECT doc FROM agents ORDER BY name")
	return out, db.fail("list agents", err)
}

// putRun writes a run's row (new when insert).
func (tx *Tx) putRun(ctx context.Context, r bh.Run, insert bool) error {
	doc, err := jsonOf(r)
	if err != nil {
		return err
	}
	if insert {
		_, err = tx.ExecContext(ctx, "INSERT INTO runs (id, team_id, shift_id, version, status, created_at, doc) VALUES (?, ?, ?, ?, ?, ?, ?)",
			r.ID, r.TeamID, r.ShiftID, r.Version, string(r.Status), ms(r.CreatedAt), doc)
		return err
	}
	ok, err := changed(tx.ExecContext(ctx, "UPDATE runs SET status = ?, doc = ? WHERE id = ? AND team_id = ?", string(r.Status), doc, r.ID, r.TeamID))
	if err == nil && !ok {
		err = errRunGone
	}
	return err
}

// CreateRun gives run the next version of its family and an id, and
// stores it as running (bh.ErrFamilyDeleted when the family is gone).
func (db *DB) CreateRun(ctx context.Context, run bh.Run) (bh.Run, error) {
	if run.TeamID == "" || run.ShiftID == "" {
		return bh.Run{}, db.fail("create run", bh.Errorf(bh.EINVALID, "A run needs a team and a shift."))
	}
	err := db.write(ctx, "create run", func(tx *Tx) error {
		run.CreatedAt, run.StartedAt, run.Status, run.ID = tx.Now, tx.Now, bh.StatusRunning, newID()
		if run.Now.IsZero() {
			run.Now = tx.Now
		}
		if err := tx.holdFamily(ctx, run.TeamID, run.ShiftID); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO counters (name, value) VALUES (?, 1)
			ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`, "runs:"+run.TeamID+":"+run.ShiftID).Scan(&run.Version); err != nil {
			return err
		}
		return tx.putRun(ctx, run, true)
	})
	if err != nil {
		return bh.Run{}, err
	}
	return asStored(run), nil
}

// SaveRunRecord stores everything a run produced and marks it completed,
// in one transaction. A run is saved once (ECONFLICT after); a run gone
// with its family's data is refused (bh.ErrFamilyDeleted).
func (db *DB) SaveRunRecord(ctx context.Context, rec bh.RunRecord) error {
	r := rec.Run
	return db.write(ctx, "save run "+r.ID, func(tx *Tx) error {
		have, err := runWhere(ctx, tx, "id = ? AND team_id = ?", r.ID, r.TeamID)
		if err == sql.ErrNoRows {
			return cmp.Or[error](tx.holdFamily(ctx, r.TeamID, r.ShiftID), errRunGone)
		} else if err != nil {
			return err
		}
		if have.Status == bh.StatusCompleted {
			return errRunSaved
		}
		r.Status, r.FinishedAt = bh.StatusCompleted, tx.Now
		doc, err := zipJSON(runDetails{Pack: rec.Pack, Tasks: rec.Tasks, Messages: rec.Messages, Proposals: rec.Proposals, Decision: rec.Decision})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO run_details (run_id, team_id, doc) VALUES (?, ?, ?)", r.ID, r.TeamID, doc); err != nil {
			return err
		}
		for _, a := range rec.Artifacts {
			if err := tx.putArtifact(ctx, r.TeamID, a); err != nil {
				return err
			}
		}
		for _, e := range rec.Events {
			e.TeamID, e.ShiftID, e.RunID = r.TeamID, r.ShiftID, r.ID
			if _, err := tx.putEvent(ctx, e); err != nil {
				return err
			}
		}
		return tx.putRun(ctx, r, false)
	})
}

func (tx *Tx) putArtifact(ctx context.Context, teamID string, a bh.Artifact) error {
	doc, err := zipJSON(a)
	if err == nil {
		_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO artifacts (run_id, kind, team_id, doc) VALUES (?, ?, ?, ?)", a.RunID, a.Kind, teamID, doc)
	}
	return err
}

// SaveArtifact stores an extra file of a run (a what-if's diff); a second
// of the same kind replaces the first. A run gone with its family's data
// takes none (bh.ErrFamilyDeleted).
func (db *DB) SaveArtifact(ctx context.Context, teamID, _ string, a bh.Artifact) error {
	return db.write(ctx, "save artifact "+a.ID, func(tx *Tx) error {
		if err := tx.holdRun(ctx, teamID, a.RunID); err != nil {
			return err
		}
		return tx.putArtifact(ctx, teamID, a)
	})
}

// runRow is a run with what only the store keeps of it.
type runRow struct {
	bh.Run
	detailsRemoved bool
}

func runWhere(ctx context.Context, q querier, where string, args ...any) (runRow, error) {
	var raw []byte
	var removed sql.NullInt64
	var r runRow
	if err := q.QueryRowContext(ctx, "SELECT doc, details_removed_at FROM runs WHERE "+where, args...).Scan(&raw, &removed); err != nil {
		return r, err
	}
	r.detailsRemoved = removed.Valid
	return r, json.Unmarshal(raw, &r.Run)
}

// runOf reads one run, ENOTFOUND with msg when there is none.
func (db *DB) runOf(ctx context.Context, op, msg, where string, args ...any) (bh.Run, error) {
	r, err := runWhere(ctx, db.rq, where, args...)
	return r.Run, db.fail(op, notFound(err, msg))
}

// Run returns a run of the team.
func (db *DB) Run(ctx context.Context, teamID, runID string) (bh.Run, error) {
	return db.runOf(ctx, "get run "+runID, "That plan no longer exists.", "id = ? AND team_id = ?", runID, teamID)
}

// RunByID finds a run by id alone (the replay command, which has no team).
func (db *DB) RunByID(ctx context.Context, runID string) (bh.Run, error) {
	return db.runOf(ctx, "get run "+runID, "There is no run "+runID+".", "id = ?", runID)
}

// LatestRun returns the family's newest completed run.
func (db *DB) LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error) {
	return db.runOf(ctx, "latest run", "No plan yet for this conversation.",
		"team_id = ? AND shift_id = ? AND status = ? ORDER BY version DESC LIMIT 1", teamID, shiftID, string(bh.StatusCompleted))
}

// RunByVersion returns a family's run of that version.
func (db *DB) RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error) {
	return db.runOf(ctx, "get run", bh.Errorf(bh.ENOTFOUND, "There is no plan v%d here.", version).Message,
		"team_id = ? AND shift_id = ? AND version = ?", teamID, shiftID, version)
}

// RunRecord loads everything a completed run wrote.
func (db *DB) RunRecord(ctx context.Context, teamID, runID string) (rec bh.RunRecord, err error) {
	err = db.read(ctx, "load run "+runID, func(q querier) error {
		r, err := runWhere(ctx, q, "id = ? AND team_id = ?", runID, teamID)
		if err != nil {
			return notFound(err, "That plan no longer exists.")
		}
		if r.detailsRemoved {
			return bh.RunDetailsGone(r.Run, db.cfg.RunDetailAge)
		}
		d, err := oneDoc[runDetails](ctx, q, "SELECT doc FROM run_details WHERE run_id = ?", runID)
		if r.Status != bh.StatusCompleted || err == sql.ErrNoRows {
			return bh.RunNotSaved(r.Run)
		} else if err != nil {
			return err
		}
		rec = bh.RunRecord{Run: r.Run, Pack: d.Pack, Tasks: d.Tasks, Messages: d.Messages, Proposals: d.Proposals, Decision: d.Decision}
		rec.ReadOrder()
		if rec.Artifacts, err = allDocs[bh.Artifact](ctx, q, "SELECT doc FROM artifacts WHERE run_id = ? AND team_id = ? ORDER BY kind", runID, teamID); err != nil {
			return err
		}
		rec.Events, err = allDocs[bh.Event](ctx, q, "SELECT doc FROM events WHERE run_id = ? AND team_id = ? ORDER BY at, id", runID, teamID)
		return err
	})
	if len(rec.Artifacts) == 0 {
		rec.Artifacts = nil // as a run without files was always read
	}
	if len(rec.Events) == 0 {
		rec.Events = nil
	}
	return rec, err
}

// changeRun applies change to a run of the team in one write.
func (db *DB) changeRun(ctx context.Context, op, teamID, runID string, change func(r *bh.Run, now time.Time)) error {
	return db.write(ctx, op, func(tx *Tx) error {
		r, err := runWhere(ctx, tx, "id = ? AND team_id = ?", runID, teamID)
		if err != nil {
			return ignoreNoRows(err) // none: as an update of no document
		}
		change(&r.Run, tx.Now)
		return tx.putRun(ctx, r.Run, false)
	})
}

// FailRun marks a run failed with a reason a person can read.
func (db *DB) FailRun(ctx context.Context, teamID, runID, reason string) error {
	return db.changeRun(ctx, "fail run "+runID, teamID, runID, func(r *bh.Run, now time.Time) {
		r.Status, r.Error, r.FinishedAt = bh.StatusFailed, reason, now
	})
}

// SetRunCard records where a run's Decision Card is in Slack.
func (db *DB) SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error {
	return db.changeRun(ctx, "set run card "+runID, teamID, runID, func(r *bh.Run, _ time.Time) {
		r.CardChannel, r.CardTS, r.CardPosted = channelID, ts, true
	})
}

// FailInterruptedRuns marks runs left running or queued by a stopped
// process, made olderThan ago or before, as failed, and returns them. Of
// several processes looking, one marks each (the write lock decides).
func (db *DB) FailInterruptedRuns(ctx context.Context, olderThan time.Duration) (out []bh.Run, err error) {
	err = db.write(ctx, "fail interrupted runs", func(tx *Tx) error {
		out = nil
		runs, err := allDocs[bh.Run](ctx, tx, "SELECT doc FROM runs WHERE status IN (?, ?) AND created_at <= ? ORDER BY created_at",
			string(bh.StatusRunning), string(bh.StatusQueued), ms(tx.Now.Add(-olderThan)))
		for _, r := range runs {
			r.Status, r.Error, r.FinishedAt = bh.StatusFailed, "interrupted: the bot stopped during this run", tx.Now
			if err = tx.putRun(ctx, r, false); err != nil {
				return err
			}
			out = append(out, r)
		}
		return err
	})
	return out, err
}

// UnpostedRuns lists completed runs since since whose Decision Card was
// never posted (the process stopped between saving the run and posting).
func (db *DB) UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error) {
	runs, err := allDocs[bh.Run](ctx, db.rq, "SELECT doc FROM runs WHERE status = ? AND created_at >= ? ORDER BY created_at",
		string(bh.StatusCompleted), ms(since))
	var out []bh.Run
	for _, r := range runs {
		if !r.CardPosted && r.CardTS != "" {
			out = append(out, r)
		}
	}
	return out, db.fail("list unposted runs", err)
}
