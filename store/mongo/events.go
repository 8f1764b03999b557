package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the collections events (a run's and the radar's timeline, by
// id) and slack_events (the Slack event ids seen, for de-duplication).

// putEvent inserts e unless its id is there; it reports whether it wrote.
func (db *DB) putEvent(ctx context.Context, e bh.Event) (bool, error) {
	if e.ID == "" {
		e.ID = newID()
	}
	return insert(ctx, db.c(colEvents), e.ID, e)
}

// ShiftEvents lists a family's events of type typ ("" for all), newest
// first, at most limit (0: all; none: nil).
func (db *DB) ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error) {
	f := bson.M{"teamid": teamID, "shiftid": shiftID}
	if typ != "" {
		f["type"] = typ
	}
	out, err := all[bh.Event](ctx, db.c(colEvents), f, by("-at", "-_id"), limit)
	return nilIfEmpty(out), db.fail("list events", err)
}

// MarkEvent records a Slack event id and reports whether this is its
// first delivery.
func (db *DB) MarkEvent(ctx context.Context, teamID, eventID string) (bool, error) {
	if eventID == "" {
		return true, nil
	}
	first, err := insert(ctx, db.c(colSlackEvents), key(teamID, eventID), bson.M{"teamid": teamID, "receivedat": db.now()})
	return first, db.fail("mark event "+eventID, err)
}

// EventSeen reports whether MarkEvent recorded the event.
func (db *DB) EventSeen(ctx context.Context, teamID, eventID string) (bool, error) {
	k, err := db.c(colSlackEvents).CountDocuments(ctx, bson.M{"_id": key(teamID, eventID)}) // none for ""
	return k > 0, db.fail("check event "+eventID, err)
}
