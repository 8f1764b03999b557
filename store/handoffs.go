package store

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: who is on duty in a conversation, and the handoffs that change
// it. Both collections stay small (one duty per conversation; a handoff a
// shift change), so reading them costs nothing on the hot path.

type dutyDoc struct {
	ID        string    `bson:"_id"` // team/shift
	TeamID    string    `bson:"team_id"`
	ShiftID   string    `bson:"shift_id"`
	UserID    string    `bson:"user_id"`
	Since     time.Time `bson:"since"`
	Until     time.Time `bson:"until,omitempty"`
	HandoffID string    `bson:"handoff_id,omitempty"`
}

// Duty is who is on duty in a shift; the zero Duty (no UserID) when nobody
// has been.
func (db *DB) Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error) {
	var d dutyDoc
	err := db.c.duty.FindOne(ctx, bson.D{{Key: "_id", Value: teamID + "/" + shiftID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Duty{TeamID: teamID, ShiftID: shiftID}, nil
	}
	if err != nil {
		return bh.Duty{}, db.fail("get duty", err)
	}
	return bh.Duty{TeamID: d.TeamID, ShiftID: d.ShiftID, UserID: d.UserID, Since: d.Since.UTC(), Until: utcOrZero(d.Until), HandoffID: d.HandoffID}, nil
}

// SetDuty records who is on duty in a shift, replacing who was.
func (db *DB) SetDuty(ctx context.Context, d bh.Duty) error {
	if d.TeamID == "" || d.ShiftID == "" || d.UserID == "" {
		return bh.Errorf(bh.EINVALID, "A duty needs a team, a conversation and a person.")
	}
	doc := dutyDoc{ID: d.TeamID + "/" + d.ShiftID, TeamID: d.TeamID, ShiftID: d.ShiftID, UserID: d.UserID,
		Since: d.Since.UTC(), Until: d.Until.UTC(), HandoffID: d.HandoffID}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.duty.ReplaceOne(ctx, bson.D{{Key: "_id", Value: doc.ID}}, doc, options.Replace().SetUpsert(true))
		return err
	})
	return db.fail("set duty", err)
}

type handoffMessageDoc struct {
	UserID    string `bson:"user_id,omitempty"`
	ChannelID string `bson:"channel_id"`
	TS        string `bson:"ts"`
}

type handoffDoc struct {
	ID            string              `bson:"_id"`
	TeamID        string              `bson:"team_id"`
	ShiftID       string              `bson:"shift_id"`
	ChannelID     string              `bson:"channel_id"`
	From          string              `bson:"from"`
	To            []string            `bson:"to,omitempty"`
	Everyone      bool                `bson:"everyone,omitempty"`
	Post          string              `bson:"post,omitempty"`
	Start         time.Time           `bson:"start"`
	Hours         int                 `bson:"hours"`
	Message       string              `bson:"message,omitempty"`
	RunID         string              `bson:"run_id,omitempty"`
	CreatedAt     time.Time           `bson:"created_at"`
	ThreadChannel string              `bson:"thread_channel,omitempty"`
	ThreadTS      string              `bson:"thread_ts,omitempty"`
	Sent          []handoffMessageDoc `bson:"sent,omitempty"`
	GotBy         string              `bson:"got_by,omitempty"`
	GotAt         time.Time           `bson:"got_at,omitempty"`
	RemindedAt    time.Time           `bson:"reminded_at,omitempty"`
}

func (d handoffDoc) domain() bh.Handoff {
	h := bh.Handoff{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, From: d.From, To: d.To, Everyone: d.Everyone,
		Post: d.Post, Start: d.Start.UTC(), Hours: d.Hours, Message: d.Message, RunID: d.RunID, CreatedAt: d.CreatedAt.UTC(),
		ThreadChannel: d.ThreadChannel, ThreadTS: d.ThreadTS, GotBy: d.GotBy, GotAt: utcOrZero(d.GotAt), RemindedAt: utcOrZero(d.RemindedAt)}
	for _, m := range d.Sent {
		h.Sent = append(h.Sent, bh.HandoffMessage{UserID: m.UserID, ChannelID: m.ChannelID, TS: m.TS})
	}
	return h
}

// CreateHandoff records a handoff about to be sent, with a new id and the
// store's time.
func (db *DB) CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error) {
	h.ID, h.CreatedAt = newID(), db.now()
	doc := handoffDoc{ID: h.ID, TeamID: h.TeamID, ShiftID: h.ShiftID, ChannelID: h.ChannelID, From: h.From, To: h.To, Everyone: h.Everyone,
		Post: h.Post, Start: h.Start.UTC(), Hours: h.Hours, Message: h.Message, RunID: h.RunID, CreatedAt: h.CreatedAt}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.handoffs.InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		return bh.Handoff{}, db.fail("create handoff", err)
	}
	return h, nil
}

// Handoff is one handoff of a team.
func (db *DB) Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error) {
	var d handoffDoc
	err := db.c.handoffs.FindOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Handoff{}, bh.Errorf(bh.ENOTFOUND, "That handoff no longer exists.")
	}
	if err != nil {
		return bh.Handoff{}, db.fail("get handoff", err)
	}
	return d.domain(), nil
}

// HandoffSent records where a handoff was posted: the sender's thread and
// the receivers' messages.
func (db *DB) HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error {
	docs := make([]handoffMessageDoc, 0, len(sent))
	for _, m := range sent {
		docs = append(docs, handoffMessageDoc{UserID: m.UserID, ChannelID: m.ChannelID, TS: m.TS})
	}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.handoffs.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "thread_channel", Value: threadChannel}, {Key: "thread_ts", Value: threadTS}, {Key: "sent", Value: docs}}}})
		return err
	})
	return db.fail("record handoff messages", err)
}

// TakeHandoff records that user tapped Got it at t. Only the first taker
// wins: took is false (and h says who has it) when someone already did.
func (db *DB) TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (h bh.Handoff, took bool, err error) {
	took, err = db.changedOne(ctx, db.c.handoffs, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "got_by", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "got_by", Value: user}, {Key: "got_at", Value: t.UTC()}}}})
	if err != nil {
		return bh.Handoff{}, false, db.fail("take handoff", err)
	}
	h, err = db.Handoff(ctx, teamID, id)
	return h, took, err
}

// ClaimHandoffReminder claims a handoff's one reminder at t: true for the
// one caller that may send it, while nobody has tapped Got it.
func (db *DB) ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error) {
	claimed, err := db.changedOne(ctx, db.c.handoffs, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID},
		{Key: "got_by", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "reminded_at", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "reminded_at", Value: t.UTC()}}}})
	return claimed, db.fail("claim handoff reminder", err)
}

// WaitingHandoffs are the handoffs made since since that nobody has taken
// and that have not been reminded: a restarted process schedules their
// reminders again.
func (db *DB) WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error) {
	docs, err := findAll[handoffDoc](ctx, db, colHandoffs, bson.D{{Key: "created_at", Value: bson.D{{Key: "$gte", Value: since.UTC()}}},
		{Key: "got_by", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "reminded_at", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "created_at", Value: 1}})
	if err != nil {
		return nil, db.fail("list waiting handoffs", err)
	}
	out := make([]bh.Handoff, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// RecentHandoffs are a shift's handoffs made since since, oldest first,
// taken or not: the messages someone may still be reading.
func (db *DB) RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error) {
	docs, err := findAll[handoffDoc](ctx, db, colHandoffs, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID},
		{Key: "created_at", Value: bson.D{{Key: "$gte", Value: since.UTC()}}}}, bson.D{{Key: "created_at", Value: 1}})
	if err != nil {
		return nil, db.fail("list recent handoffs", err)
	}
	out := make([]bh.Handoff, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// HandoffByThread is the handoff whose sender's thread is channelID/ts:
// an answer there goes to the receivers.
func (db *DB) HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error) {
	var d handoffDoc
	err := db.c.handoffs.FindOne(ctx, bson.D{{Key: "team_id", Value: teamID}, {Key: "thread_channel", Value: channelID}, {Key: "thread_ts", Value: ts}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Handoff{}, bh.Errorf(bh.ENOTFOUND, "No handoff there.")
	}
	if err != nil {
		return bh.Handoff{}, db.fail("find handoff by thread", err)
	}
	return d.domain(), nil
}
