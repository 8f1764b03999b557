package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// indexes are what the queries of each collection's file filter and
// sort by. A unique one is a rule the data keeps: one note per Slack
// message, one family per founding conversation, one run per version.
var indexes = map[string][]mongo.IndexModel{
	colNotes: {
		partial(ix(true, "teamid", "channelid", "messagets"), bson.M{"messagets": bson.M{"$gt": ""}}),
		ix(false, "teamid", "shiftid", "open_until"), ix(false, "teamid", "shiftid", "createdat"),
		ix(false, "updatedat"), ix(false, "reply_at"), ix(false, "deletedat"), ix(false, "doneat"),
	},
	colShifts:        {ix(true, "teamid", "channelid")},
	colConversations: {ix(false, "teamid", "shiftid"), ix(false, "teamid", "userid")},
	colMembers:       {ix(false, "teamid", "shiftid", "joinedat"), ix(false, "teamid", "userid", "joinedat")},
	colInvites:       {ix(false, "teamid", "to", "createdat")},
	colRuns:          {ix(true, "teamid", "shiftid", "version"), ix(false, "status", "createdat"), ix(false, "createdat")},
	colArtifacts:     {ix(false, "runid")},
	colEvents:        {ix(false, "teamid", "shiftid", "type", "at"), ix(false, "runid"), ix(false, "at")},
	colSlackEvents:   {ix(false, "receivedat")},
	colPosts:         {ix(false, "teamid", "shiftid", "kind", "day", "seq"), ix(false, "teamid", "shiftid", "claimedat"), ix(false, "ts", "failed", "claimedat")},
	colHandoffs:      {ix(false, "teamid", "shiftid", "createdat"), ix(false, "createdat"), ix(false, "teamid", "threadchannel", "threadts")},
	colShiftStates:   {ix(false, "at_risk"), ix(false, "level")},
	colUploads:       {ix(false, "createdat")},
}

// ix is an index on fields, ascending.
func ix(unique bool, fields ...string) mongo.IndexModel {
	keys := bson.D{}
	for _, f := range fields {
		keys = append(keys, bson.E{Key: f, Value: 1})
	}
	return mongo.IndexModel{Keys: keys, Options: options.Index().SetUnique(unique)}
}

// partial is m on the documents that match filter only.
func partial(m mongo.IndexModel, filter any) mongo.IndexModel {
	m.Options.SetPartialFilterExpression(filter)
	return m
}

// ensureIndexes makes every collection's indexes (creating one that
// exists changes nothing).
func (db *DB) ensureIndexes(ctx context.Context) error {
	for col, models := range indexes {
		if _, err := db.c(col).Indexes().CreateMany(ctx, models); err != nil {
			return db.fail("make the indexes of "+col, err)
		}
	}
	return nil
}
