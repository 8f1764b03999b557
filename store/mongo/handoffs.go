package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: handoffs (by id) and who is on duty (duty, by team/shift).

// Duty is who is on duty in a family (the zero Duty when nobody is).
func (db *DB) Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error) {
	d, err := get[bh.Duty](ctx, db.c(colDuty), key(teamID, shiftID))
	if ok, err := found(err); !ok {
		return bh.Duty{TeamID: teamID, ShiftID: shiftID}, db.fail("get duty", err)
	}
	return d, nil
}

// SetDuty records who is on duty, while the family is there
// (bh.ErrFamilyDeleted).
func (db *DB) SetDuty(ctx context.Context, d bh.Duty) error {
	if d.TeamID == "" || d.ShiftID == "" || d.UserID == "" {
		return bh.Errorf(bh.EINVALID, "A duty needs a team, a conversation and a person.")
	}
	return db.write(ctx, "set duty", func(ctx context.Context, _ time.Time) error {
		if err := db.holdFamily(ctx, d.TeamID, d.ShiftID); err != nil {
			return err
		}
		return put(ctx, db.c(colDuty), key(d.TeamID, d.ShiftID), d)
	})
}

// CreateHandoff stores a handoff with a new id, made now, while its
// family is there (bh.ErrFamilyDeleted).
func (db *DB) CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error) {
	h.ID = newID()
	err := db.write(ctx, "create handoff", func(ctx context.Context, now time.Time) error {
		if err := db.holdFamily(ctx, h.TeamID, h.ShiftID); err != nil {
			return err
		}
		h.CreatedAt = now
		_, err := insert(ctx, db.c(colHandoffs), h.ID, h)
		return err
	})
	if err != nil {
		return bh.Handoff{}, err
	}
	return db.Handoff(ctx, h.TeamID, h.ID) // as stored: times to the millisecond
}

// Handoff is one handoff of a team.
func (db *DB) Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error) {
	h, err := one[bh.Handoff](ctx, db.c(colHandoffs), bson.M{"_id": id, "teamid": teamID})
	return h, db.fail("get handoff", notFound(err, "That handoff no longer exists."))
}

// setHandoff sets fields of a handoff if it matches cond; true if it did.
func (db *DB) setHandoff(ctx context.Context, op, teamID, id string, cond, set bson.M) (bh.Handoff, bool, error) {
	h, err := db.Handoff(ctx, teamID, id)
	if err != nil {
		return h, false, err
	}
	cond["_id"], cond["teamid"] = id, teamID
	res, err := db.c(colHandoffs).UpdateOne(ctx, cond, bson.M{"$set": set})
	if err != nil || res.MatchedCount == 0 {
		return h, false, db.fail(op, err)
	}
	h, err = db.Handoff(ctx, teamID, id)
	return h, err == nil, err
}

// HandoffSent records the thread and the messages a handoff was sent as.
func (db *DB) HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error {
	_, _, err := db.setHandoff(ctx, "record handoff messages", teamID, id, bson.M{},
		bson.M{"threadchannel": threadChannel, "threadts": threadTS, "sent": sent})
	return err
}

// TakeHandoff records who took a handoff, once (false: h says who did).
func (db *DB) TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (bh.Handoff, bool, error) {
	return db.setHandoff(ctx, "take handoff", teamID, id, bson.M{"gotby": ""}, bson.M{"gotby": user, "gotat": t})
}

// ClaimHandoffReminder claims the one reminder of a handoff nobody took.
func (db *DB) ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error) {
	_, claimed, err := db.setHandoff(ctx, "claim handoff reminder", teamID, id, bson.M{"gotby": "", "remindedat": time.Time{}}, bson.M{"remindedat": t})
	return claimed, err
}

// WaitingHandoffs lists handoffs since since nobody took nor was reminded of.
func (db *DB) WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error) {
	out, err := all[bh.Handoff](ctx, db.c(colHandoffs), bson.M{"createdat": bson.M{"$gte": since}, "gotby": "", "remindedat": time.Time{}}, by("createdat"), 0)
	return out, db.fail("list waiting handoffs", err)
}

// RecentHandoffs lists a family's handoffs made since since, oldest first.
func (db *DB) RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error) {
	out, err := all[bh.Handoff](ctx, db.c(colHandoffs), bson.M{"teamid": teamID, "shiftid": shiftID, "createdat": bson.M{"$gte": since}}, by("createdat"), 0)
	return out, db.fail("list recent handoffs", err)
}

// HandoffByThread finds the handoff sent as the thread channel/ts.
func (db *DB) HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error) {
	h, err := one[bh.Handoff](ctx, db.c(colHandoffs), bson.M{"teamid": teamID, "threadchannel": channelID, "threadts": bson.M{"$eq": ts, "$ne": ""}})
	return h, db.fail("find handoff by thread", notFound(err, "No handoff there."))
}
