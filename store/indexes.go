package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// ensureIndexes creates every collection's indexes. Creating an index that
// exists with the same options is a no-op on both engines, so this runs on
// every start.
func (db *DB) ensureIndexes(ctx context.Context) error {
	idx := func(keys bson.D, opts ...*options.IndexOptions) mongo.IndexModel {
		m := mongo.IndexModel{Keys: keys}
		if len(opts) > 0 {
			m.Options = opts[0]
		}
		return m
	}
	unique := func(name string) *options.IndexOptions { return options.Index().SetUnique(true).SetName(name) }
	plan := map[string][]mongo.IndexModel{
		colAgents: {idx(bson.D{{Key: "name", Value: 1}}, unique("name_unique"))},
		colShifts: {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "channel_id", Value: 1}}, unique("team_channel_unique"))},
		colLogs: {
			// A message is one note, however many events (message, app_mention,
			// retries) announce it.
			idx(bson.D{{Key: "team_id", Value: 1}, {Key: "channel_id", Value: 1}, {Key: "message_ts", Value: 1}},
				unique("team_channel_message_unique").SetPartialFilterExpression(bson.D{{Key: "message_ts", Value: bson.D{{Key: "$exists", Value: true}}}})),
			idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}, {Key: "created_at", Value: 1}}, options.Index().SetName("team_shift_created")),
		},
		colShiftState: {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}}, unique("team_shift_unique"))},
		colRuns: {
			idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}, {Key: "version", Value: 1}}, unique("team_shift_version_unique")),
			idx(bson.D{{Key: "status", Value: 1}}, options.Index().SetName("status")),
		},
		colTasks:        {idx(bson.D{{Key: "run_id", Value: 1}, {Key: "name", Value: 1}}, unique("run_name_unique"))},
		colEvents:       {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}, {Key: "at", Value: 1}}, options.Index().SetName("team_shift_at"))},
		colMessages:     {idx(bson.D{{Key: "run_id", Value: 1}, {Key: "seq", Value: 1}}, unique("run_seq_unique"))},
		colContextPacks: {idx(bson.D{{Key: "run_id", Value: 1}}, unique("run_unique"))},
		colProposals:    {idx(bson.D{{Key: "run_id", Value: 1}, {Key: "archetype", Value: 1}}, unique("run_archetype_unique"))},
		colDecisions:    {idx(bson.D{{Key: "run_id", Value: 1}}, unique("run_unique"))},
		colArtifacts:    {idx(bson.D{{Key: "run_id", Value: 1}, {Key: "kind", Value: 1}}, unique("run_kind_unique"))},
		colSlackEvents: {
			idx(bson.D{{Key: "received_at", Value: 1}}, options.Index().SetName("received_ttl").SetExpireAfterSeconds(int32(db.cfg.EventTTL.Seconds()))),
		},
		colCounters: nil,
		// Reply locations matter while a note can still be edited or
		// re-tagged; a month is plenty.
		colReplies: {idx(bson.D{{Key: "at", Value: 1}}, options.Index().SetName("at_ttl").SetExpireAfterSeconds(30*24*3600))},
		// Claims are unique by _id; this finds a day's nudges.
		colNudges:        {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}, {Key: "day", Value: 1}}, options.Index().SetName("team_shift_day"))},
		colRadarSettings: nil,
		colUploads:       nil,
		colDuty:          nil,
		// An answer in a sender's thread finds its handoff.
		colHandoffs: {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "thread_channel", Value: 1}, {Key: "thread_ts", Value: 1}}, options.Index().SetName("team_thread"))},
		// A family's conversations and members; a person's families and
		// invites. (A conversation's row is its _id, team/channel.)
		colConversations: {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}}, options.Index().SetName("team_shift"))},
		colMembers: {
			idx(bson.D{{Key: "team_id", Value: 1}, {Key: "shift_id", Value: 1}}, options.Index().SetName("team_shift")),
			idx(bson.D{{Key: "team_id", Value: 1}, {Key: "user_id", Value: 1}}, options.Index().SetName("team_user")),
		},
		colPeople:  nil,
		colInvites: {idx(bson.D{{Key: "team_id", Value: 1}, {Key: "to", Value: 1}}, options.Index().SetName("team_to"))},
	}
	existing, err := db.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return db.fail("list collections", err)
	}
	have := map[string]bool{}
	for _, n := range existing {
		have[n] = true
	}
	for _, name := range allCollections {
		if have[name] || db.onShelf(name) {
			continue
		}
		// Not through db.write: CreateCollection takes its own transaction.
		if err := db.db.CreateCollection(ctx, name); err != nil && !isNamespaceExists(err) {
			return db.fail(fmt.Sprintf("create collection %s", name), err)
		}
	}
	for _, name := range allCollections {
		models := plan[name]
		if len(models) == 0 || db.onShelf(name) {
			continue
		}
		// Directly, not through db.write: index builds take their own
		// transaction on the embedded engine.
		if _, err := db.db.Collection(name).Indexes().CreateMany(ctx, models); err != nil {
			return db.fail(fmt.Sprintf("create indexes on %s", name), err)
		}
	}
	return nil
}

// allCollections lists every collection the store keeps.
var allCollections = []string{colAgents, colShifts, colLogs, colShiftState, colRuns, colTasks, colEvents,
	colMessages, colContextPacks, colProposals, colDecisions, colArtifacts, colSlackEvents, colCounters, colReplies, colNudges, colRadarSettings, colUploads,
	colDuty, colHandoffs, colConversations, colMembers, colPeople, colInvites}

func isNamespaceExists(err error) bool {
	var ce mongo.CommandError
	if errors.As(err, &ce) && ce.Code == 48 {
		return true
	}
	return strings.Contains(err.Error(), "already exists") || strings.Contains(err.Error(), "existing namespace")
}
