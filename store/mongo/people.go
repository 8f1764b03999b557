package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: people (by team/user) and invites (by id).

// Person is what follows a person (zero when nothing was stored).
func (db *DB) Person(ctx context.Context, teamID, userID string) (bh.Person, error) {
	p, err := get[bh.Person](ctx, db.c(colPeople), key(teamID, userID))
	if ok, err := found(err); !ok {
		return bh.Person{TeamID: teamID, UserID: userID}, db.fail("get person", err)
	}
	return p, nil
}

// SetPerson stores what follows a person, replacing what was.
func (db *DB) SetPerson(ctx context.Context, p bh.Person) error {
	if p.TeamID == "" || p.UserID == "" {
		return db.fail("set person", bh.Errorf(bh.EINVALID, "A person needs a team and an id."))
	}
	p.UpdatedAt = db.now()
	return db.fail("set person", put(ctx, db.c(colPeople), key(p.TeamID, p.UserID), p))
}

// CreateInvite records an invite to join a family, with a new id, now,
// while the family is there (bh.ErrFamilyDeleted).
func (db *DB) CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error) {
	if inv.TeamID == "" || inv.ShiftID == "" || inv.From == "" || inv.To == "" {
		return bh.Invite{}, db.fail("create invite", bh.Errorf(bh.EINVALID, "An invite needs a team, a family, who asks and whom."))
	}
	inv.ID, inv.Answer, inv.AnsweredAt = newID(), "", time.Time{}
	err := db.write(ctx, "create invite", func(ctx context.Context, now time.Time) error {
		if err := db.holdFamily(ctx, inv.TeamID, inv.ShiftID); err != nil {
			return err
		}
		inv.CreatedAt = now
		_, err := insert(ctx, db.c(colInvites), inv.ID, inv)
		return err
	})
	if err != nil {
		return bh.Invite{}, err
	}
	return inv, nil
}

// Invite is one invite of a team.
func (db *DB) Invite(ctx context.Context, teamID, id string) (bh.Invite, error) {
	d, err := one[bh.Invite](ctx, db.c(colInvites), bson.M{"_id": id, "teamid": teamID})
	return d, db.fail("get invite", notFound(err, "That invite no longer exists."))
}

// InvitesTo lists the invites sent to a person, newest first.
func (db *DB) InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error) {
	out, err := all[bh.Invite](ctx, db.c(colInvites), bson.M{"teamid": teamID, "to": userID}, by("-createdat", "-_id"), 0)
	return out, db.fail("list invites", err)
}

// answer records an invite's answer unless it has one; true if it did.
func (db *DB) answer(ctx context.Context, now time.Time, teamID, id string, answer bh.InviteAnswer) (bool, error) {
	res, err := db.c(colInvites).UpdateOne(ctx, bson.M{"_id": id, "teamid": teamID, "answer": ""},
		bson.M{"$set": bson.M{"answer": answer, "answeredat": now}})
	return err == nil && res.ModifiedCount > 0, err
}

// AnswerInvite records an invite's first answer (answered false: inv has
// the one that stands).
func (db *DB) AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (inv bh.Invite, answered bool, err error) {
	if !answer.Valid() {
		return bh.Invite{}, false, db.fail("answer invite", bh.Errorf(bh.EINVALID, "%q is not an answer.", answer))
	}
	if answered, err = db.answer(ctx, db.now(), teamID, id, answer); err != nil {
		return bh.Invite{}, false, db.fail("answer invite", err)
	}
	inv, err = db.Invite(ctx, teamID, id)
	return inv, answered, err
}

// AcceptInvite is Join by the invite, by the person it asks, answered in
// the same transaction. One answered before, or whose sender left, is
// ECONFLICT; someone else's EFORBIDDEN.
func (db *DB) AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error) {
	if inv, err = db.Invite(ctx, teamID, id); err != nil {
		return bh.Invite{}, "", err
	}
	m, err := inv.Accept(userID, dm)
	if err != nil {
		return inv, "", db.fail("accept invite", err)
	}
	err = db.write(ctx, "accept invite", func(ctx context.Context, now time.Time) error {
		from, err = db.join(ctx, now, m, dm)
		if ok, aerr := db.answer(ctx, now, teamID, id, bh.InviteJoin); err == nil && !ok {
			err = errOr(aerr, bh.ErrInviteAnswered) // answered meanwhile: the join is undone with the transaction
		}
		return err
	})
	if err == nil {
		inv, err = db.Invite(ctx, teamID, id)
	}
	return inv, from, err
}
