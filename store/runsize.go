package store

import (
	"context"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"
)

// RunSize is what one run's records take in the database, in BSON bytes per
// collection: the measure behind the goal of a lean run.
func (db *DB) RunSize(ctx context.Context, teamID, runID string) (map[string]int, error) {
	out := map[string]int{}
	for _, name := range []string{colRuns, colTasks, colMessages, colEvents, colContextPacks, colProposals, colDecisions, colArtifacts} {
		filter := bson.D{{Key: "team_id", Value: teamID}, {Key: "run_id", Value: runID}}
		if name == colRuns {
			filter = bson.D{{Key: "_id", Value: runID}, {Key: "team_id", Value: teamID}}
		}
		var docs []bson.Raw
		var err error
		if db.onShelf(name) {
			docs, err = db.shelf.run(name, teamID, runID)
		} else {
			var cur lungo.ICursor
			if cur, err = db.db.Collection(name).Find(ctx, filter); err == nil {
				err = cur.All(ctx, &docs)
			}
		}
		if err != nil {
			return nil, db.fail("measure run", err)
		}
		for _, d := range docs {
			out[name] += len(d)
		}
	}
	return out, nil
}
