package sqlite

import (
	"context"
	"fmt"
	"slices"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a workspace's data removed whole (DeleteTeam, when its
// installer asks), and its rows counted table by table (TeamRows), which
// tells a table DeleteTeam does not know.

// teamTables are the tables that hold a team's rows, each with how they
// are found: by team_id, except where said. DeleteTeam removes them in
// this order; TeamRows refuses a table with a team_id column missing here.
var teamTables = []struct{ table, where string }{
	{"notes", "team_id = ?1"},
	{"conversations", "team_id = ?1"},
	{"members", "team_id = ?1"},
	{"people", "team_id = ?1"},
	{"invites", "team_id = ?1"},
	{"slack_events", "team_id = ?1"},
	{"runs", "team_id = ?1"},
	{"run_details", "team_id = ?1"},
	{"artifacts", "team_id = ?1"},
	{"events", "team_id = ?1"},
	{"shift_states", "team_id = ?1"},
	{"posts", "team_id = ?1"},
	{"radar_settings", "team_id = ?1"},
	{"duty", "team_id = ?1"},
	{"handoffs", "team_id = ?1"},
	{"shifts", "team_id = ?1"},
	// A family's run versions ('runs:<team>:<shift>').
	{"counters", "substr(name, 1, length('runs:' || ?1 || ':')) = 'runs:' || ?1 || ':'"},
	// An upload has its team in its document only.
	{"uploads", "json_extract(doc, '$.TeamID') = ?1"},
	// An org-wide install is kept under the org's id, and serves no team
	// by the team's id: only the team's own goes.
	{"installations", "key = ?1 OR team_id = ?1"},
}

// sharedTables hold nothing of any one team.
var sharedTables = []string{
	"agents",       // the council's agents
	"radar_cursor", // where the radar has read the notes' changes to
	"oauth_states", // install pages' states, before any team is known
	"migrations",   // the schema's version
}

// DeleteTeam removes every row of teamID, in one transaction: its
// families and all they hold, its people, the radar's states, posts and
// settings, event ids, uploads and its installation (with the tokens).
// The messages the bot posted stay in Slack.
func (db *DB) DeleteTeam(ctx context.Context, teamID string) (bh.Deleted, error) {
	var out bh.Deleted
	if teamID == "" {
		return out, db.fail("delete team", bh.Errorf(bh.EINVALID, "Which workspace's data? None was named."))
	}
	err := db.write(ctx, "delete team "+teamID, func(tx *Tx) error {
		out = bh.Deleted{}
		for _, t := range teamTables {
			res, err := tx.ExecContext(ctx, "DELETE FROM "+t.table+" WHERE "+t.where, teamID)
			if err != nil {
				return fmt.Errorf("%s: %w", t.table, err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("%s: %w", t.table, err)
			}
			out.Add(t.table, int(n))
		}
		return nil
	})
	if err != nil {
		return bh.Deleted{}, err
	}
	return out, nil
}

// TeamRows counts teamID's rows in every table of the database, found as
// DeleteTeam finds them. A table it cannot count (one added without
// being named in teamTables or sharedTables) is an error: a team's data
// must never be left behind unsaid.
func (db *DB) TeamRows(ctx context.Context, teamID string) (map[string]int, error) {
	out := map[string]int{}
	err := db.read(ctx, "count team rows", func(q querier) error {
		tables, err := rowsOf(ctx, q, func(s scanner) (name string, err error) { return name, s.Scan(&name) },
			"SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
		if err != nil {
			return err
		}
		for _, table := range tables {
			if slices.Contains(sharedTables, table) {
				continue
			}
			i := slices.IndexFunc(teamTables, func(t struct{ table, where string }) bool { return t.table == table })
			if i < 0 {
				return bh.Errorf(bh.EINTERNAL, "table %s is neither a team's (DeleteTeam) nor shared", table)
			}
			var n int
			if err := q.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE "+teamTables[i].where, teamID).Scan(&n); err != nil {
				return fmt.Errorf("%s: %w", table, err)
			}
			out[table] = n
		}
		return nil
	})
	return out, err
}

// Work under way when DeleteTeam commits (the radar's look at a family, a
// /plan, a handoff, a post being sent) writes afterwards what it made of
// the family's notes before. Each of its writes that adds a row holds the
// family (or the run) in its own transaction: the row is written only if
// the family is still there, else the write is refused whole with
// bh.ErrFamilyDeleted. Writes here are immediate transactions, one at a
// time across every process (the write lock is taken at BEGIN), so
// DeleteTeam commits either before the check (refused) or after the
// write (and deletes it too). A write that only changes a row (a post
// sent, a run failed) changes nothing of a deleted one, and a note after
// the deletion starts a new family: neither needs a hold.

// holdFamily refuses the write unless teamID's family shiftID is there.
func (tx *Tx) holdFamily(ctx context.Context, teamID, shiftID string) error {
	return tx.hold(ctx, "SELECT EXISTS (SELECT 1 FROM shifts WHERE id = ? AND team_id = ?)", shiftID, teamID)
}

// holdRun refuses the write unless teamID's run runID is there (a run
// goes only with its family's data).
func (tx *Tx) holdRun(ctx context.Context, teamID, runID string) error {
	return tx.hold(ctx, "SELECT EXISTS (SELECT 1 FROM runs WHERE id = ? AND team_id = ?)", runID, teamID)
}

func (tx *Tx) hold(ctx context.Context, exists string, args ...any) error {
	var there bool
	if err := tx.QueryRowContext(ctx, exists, args...).Scan(&there); err != nil {
		return err
	}
	if !there {
		return bh.ErrFamilyDeleted
	}
	return nil
}
