package mongo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a workspace's data removed whole (DeleteTeam, when its
// installer asks), and its documents counted collection by collection
// (TeamRows), which tells a collection DeleteTeam does not know.

// teamOf finds a team's documents in a collection: by teamid, except the
// collections of teamFilters.
func teamOf(col, teamID string) bson.M {
	if f, ok := teamFilters[col]; ok {
		return f(teamID)
	}
	return bson.M{"teamid": teamID}
}

var teamFilters = map[string]func(teamID string) bson.M{
	// A family's run versions (runVersions: "runs:<team>/<shift>"): the
	// ids between "runs:<team>/" and the next prefix ('0' follows '/');
	// lungo has no $regex. The holds' counters (hold) carry their team.
	colCounters: func(teamID string) bson.M {
		return bson.M{"$or": bson.A{bson.M{"_id": bson.M{"$gte": "runs:" + teamID + "/", "$lt": "runs:" + teamID + "0"}}, bson.M{"teamid": teamID}}}
	},
	// An org-wide install is kept under the org's id and serves no team
	// by the team's id: only the team's own goes.
	colInstallations: func(teamID string) bson.M {
		return bson.M{"$or": bson.A{bson.M{"_id": teamID}, bson.M{"teamid": teamID}}}
	},
}

// teamCollections hold a team's documents, removed by DeleteTeam in this
// order; sharedCollections hold nothing of any one team. Every collection
// is one or the other (TeamRows checks the database's).
var (
	teamCollections = []string{colNotes, colConversations, colMembers, colPeople, colInvites, colSlackEvents, colRuns, colRunDetails,
		colArtifacts, colEvents, colShiftStates, colPosts, colRadarSettings, colDuty, colHandoffs, colShifts, colCounters, colUploads,
		colInstallations}
	sharedCollections = []string{colAgents, colRadar, colOAuthStates}
)

// DeleteTeam removes every document of teamID: its families and all they
// hold, its people, the radar's states, posts and settings, event ids,
// uploads and its installation (with the tokens). The messages the bot
// posted stay in Slack.
//
// It is one transaction: all of it goes, or none. MongoDB bounds a
// transaction (60 s by default, transactionLifetimeLimitSeconds); a
// workspace too large for one fails whole, is logged, and can be asked
// again.
func (db *DB) DeleteTeam(ctx context.Context, teamID string) (bh.Deleted, error) {
	var out bh.Deleted
	if teamID == "" {
		return out, db.fail("delete team", bh.Errorf(bh.EINVALID, "Which workspace's data? None was named."))
	}
	err := db.write(ctx, "delete team "+teamID, func(ctx context.Context, _ time.Time) error {
		out = bh.Deleted{} // the transaction may run again
		for _, col := range teamCollections {
			res, err := db.c(col).DeleteMany(ctx, teamOf(col, teamID))
			if err != nil {
				return fmt.Errorf("%s: %w", col, err)
			}
			out.Add(col, int(res.DeletedCount))
		}
		return nil
	})
	if err != nil {
		return bh.Deleted{}, err
	}
	return out, nil
}

// TeamRows counts teamID's documents in every collection of the
// database, found as DeleteTeam finds them. A collection it cannot count
// (one added without being named in teamCollections or
// sharedCollections) is an error: a team's data must never be left
// behind unsaid.
func (db *DB) TeamRows(ctx context.Context, teamID string) (map[string]int, error) {
	names, err := db.db.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		return nil, db.fail("count team rows", err)
	}
	out := map[string]int{}
	for _, col := range names {
		switch {
		case slices.Contains(sharedCollections, col):
			continue
		case !slices.Contains(teamCollections, col):
			return nil, db.fail("count team rows", bh.Errorf(bh.EINTERNAL, "collection %s is neither a team's (DeleteTeam) nor shared", col))
		}
		n, err := db.c(col).CountDocuments(ctx, teamOf(col, teamID))
		if err != nil {
			return nil, db.fail("count team rows", fmt.Errorf("%s: %w", col, err))
		}
		out[col] = int(n)
	}
	return out, nil
}

// Work under way when DeleteTeam commits (the radar's look at a family, a
// /plan, a handoff, a post being sent) writes afterwards what it made of
// the family's notes before. Each of its writes that adds a document runs
// in a transaction that first holds the family (or the run): it writes
// the family's hold counter (hold), which DeleteTeam deletes with the
// family, and finds none when the family is gone, so the write is refused
// whole with bh.ErrFamilyDeleted.
//
// What is atomic, and what is not: a transaction reads one snapshot, so a
// read alone ("the family is there") could be stale by the time it
// commits, and DeleteTeam, which never saw the new document, would not
// conflict with it: both would commit and the document would outlive its
// family. Writing a document DeleteTeam deletes makes the two transactions
// write one document: on a server, the second to write it fails with a
// write conflict and runs again (WithTransaction retries it), so either
// the write sees the family gone, or DeleteTeam runs after it and deletes
// what it wrote. lungo runs one transaction at a time, so there the hold
// is plain. A write that only changes a document (a post sent, a run
// failed) changes nothing of a deleted one, and a note after the deletion
// starts a new family: neither needs a hold. The hold's cost: writes that
// hold one family conflict with each other on a server and are retried.

// holdFamily holds teamID's family shiftID for the transaction of ctx,
// or refuses the write (bh.ErrFamilyDeleted) when it is gone.
func (db *DB) holdFamily(ctx context.Context, teamID, shiftID string) error {
	return db.hold(ctx, colShifts, teamID, shiftID)
}

// holdRun holds teamID's run runID (a run goes only with its family's
// data), or refuses the write (bh.ErrFamilyDeleted).
func (db *DB) holdRun(ctx context.Context, teamID, runID string) error {
	return db.hold(ctx, colRuns, teamID, runID)
}

// hold counts a hold of col's document id in a counter of its own
// ("holds:<col>:<id>" in counters), not in that document: a family's is
// written by every note's capture (its revisions, bumpRevs), and a hold
// written there made a capture meet a write conflict on a server whenever
// a /plan or the radar saved at the same moment. The counter is made by
// the first hold, which writes the document itself (a counter made then
// is no document DeleteTeam could have met), and is gone with its family.
func (db *DB) hold(ctx context.Context, col, teamID, id string) error {
	counter := "holds:" + col + ":" + id
	res, err := db.c(colCounters).UpdateOne(ctx, bson.M{"_id": counter, "teamid": teamID}, bson.M{"$inc": bson.M{"value": 1}})
	if err != nil || res.MatchedCount > 0 {
		return err
	}
	if res, err = db.c(col).UpdateOne(ctx, bson.M{"_id": id, "teamid": teamID}, bson.M{"$inc": bson.M{"holds": 1}}); err != nil {
		return err
	} else if res.MatchedCount == 0 {
		return bh.ErrFamilyDeleted
	}
	_, err = db.c(colCounters).InsertOne(ctx, bson.M{"_id": counter, "teamid": teamID, "value": 1})
	return err
}
