package mongo

import (
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// indexes are what the queries of each collection's file filter and sort
// by. A unique one is a rule the data keeps: one note per Slack message,
// one family per founding conversation, one run per version.
var indexes = map[string][]mongo.IndexModel{
	colNotes: {ix(true, "teamid", "channelid", "messagets"), ix(false, "teamid", "shiftid", "open_until"), ix(false, "teamid", "shiftid", "createdat"),
		ix(false, "updatedat"), ix(false, "reply_at"), ix(false, "deletedat"), ix(false, "doneat")},
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
	// A team's holds counters, which DeleteTeam and TeamRows find by team.
	colCounters: {ix(false, "teamid")},
}

// ix is an index on fields, ascending. A unique one on a Slack message's
// ts holds only where there is one (a note without a message is none).
func ix(unique bool, fields ...string) mongo.IndexModel {
	keys := by(fields...)
	o := options.Index().SetUnique(unique)
	if unique && fields[len(fields)-1] == "messagets" {
		o.SetPartialFilterExpression(bson.M{"messagets": bson.M{"$gt": ""}})
	}
	return mongo.IndexModel{Keys: keys, Options: o}
}
