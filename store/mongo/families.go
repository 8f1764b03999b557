package mongo

import (
	"context"
	"errors"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: families, in the collections shifts (a family's list, by
// id), conversations (a Slack conversation's family, by team/channel;
// kept with no shift once a DM's person left, so its next note starts a
// new family) and members (by team/shift/user). A conversation without a
// document (a sample, or from before families) feeds the shift it founded.

// shiftDoc is a shift with the sum of its notes' revisions and who left it.
type shiftDoc struct {
	bh.Shift `bson:",inline"`
	NotesRev int      `bson:"notes_rev"`
	Leavers  []string `bson:"leavers"`
}

func (db *DB) shiftByID(ctx context.Context, teamID, id string) (bh.Shift, error) {
	sh, err := one[bh.Shift](ctx, db.c(colShifts), bson.M{"_id": id, "teamid": teamID})
	return sh, notFound(err, "That family no longer exists.")
}

// foundedShift is the family whose founding key is key.
func (db *DB) foundedShift(ctx context.Context, teamID, key string) (shiftDoc, error) {
	return one[shiftDoc](ctx, db.c(colShifts), bson.M{"teamid": teamID, "channelid": key})
}

// bumpRevs adds to a shift's swept and notes revisions.
func (db *DB) bumpRevs(ctx context.Context, shiftID string, swept, notes int) error {
	_, err := db.c(colShifts).UpdateOne(ctx, bson.M{"_id": shiftID}, bson.M{"$inc": bson.M{"sweptrev": swept, "notes_rev": notes}})
	return err
}

// family is the family team/channel feeds (bh.ConversationFamily).
func (db *DB) family(ctx context.Context, teamID, channelID string) (bh.Conversation, bool, error) {
	return bh.ConversationFamily(ctx, familyWriter{db: db}, teamID, channelID)
}

// ensureShift is the family a note in team/channel goes to, made at its
// first (bh.NoteFamily).
func (db *DB) ensureShift(ctx context.Context, now time.Time, teamID, channelID, userID string) (bh.Shift, error) {
	return bh.NoteFamily(ctx, familyWriter{db, now}, now, teamID, channelID, userID)
}

// familyWriter is a transaction's reads and writes of families, as
// bh.ConversationFamily and bh.NoteFamily need them (now: when it writes).
type familyWriter struct {
	db  *DB
	now time.Time
}

func (w familyWriter) Conversation(ctx context.Context, teamID, channelID string) (c bh.Conversation, sh bh.Shift, ok bool, err error) {
	if c, ok, err = w.Row(ctx, teamID, channelID); ok && c.ShiftID != "" {
		if sh, err = w.db.shiftByID(ctx, teamID, c.ShiftID); bh.ErrorCode(err) == bh.ENOTFOUND {
			sh, err = bh.Shift{}, nil // gone: the row names none
		}
	}
	return c, sh, ok, err
}

func (w familyWriter) Row(ctx context.Context, teamID, channelID string) (bh.Conversation, bool, error) {
	c, err := get[bh.Conversation](ctx, w.db.c(colConversations), key(teamID, channelID))
	ok, err := found(err)
	return c, ok, err
}

func (w familyWriter) WroteIn(ctx context.Context, teamID, channelID string, users []string) (bool, error) {
	k, err := w.db.c(colNotes).CountDocuments(ctx, bson.M{"teamid": teamID, "channelid": channelID, "userid": bson.M{"$in": users}})
	return k > 0, err
}

func (w familyWriter) Founded(ctx context.Context, teamID, key string) (bh.Shift, []string, bool, error) {
	d, err := w.db.foundedShift(ctx, teamID, key)
	ok, err := found(err)
	return d.Shift, d.Leavers, ok, err
}

// WritersFamily is the one their DM feeds, else their first.
func (w familyWriter) WritersFamily(ctx context.Context, teamID, userID string, dm bool) (bh.Shift, bool, error) {
	db := w.db
	if dm {
		// Only a person's first DM goes to their family: a second founds its own.
		if k, err := db.c(colConversations).CountDocuments(ctx, bson.M{"teamid": teamID, "userid": userID}); err != nil || k > 0 {
			return bh.Shift{}, false, err
		}
	}
	ms, err := db.members(ctx, bson.M{"teamid": teamID, "userid": userID})
	if err != nil || len(ms) == 0 {
		return bh.Shift{}, false, err
	}
	pick := ms[0].ShiftID
	for _, m := range slices.Backward(ms) {
		if k, err := db.c(colConversations).CountDocuments(ctx, bson.M{"teamid": teamID, "shiftid": m.ShiftID, "userid": userID}); err != nil {
			return bh.Shift{}, false, err
		} else if k > 0 {
			pick = m.ShiftID
		}
	}
	sh, err := db.shiftByID(ctx, teamID, pick)
	return sh, err == nil, err
}

func (w familyWriter) AddShift(ctx context.Context, sh bh.Shift) error {
	_, err := insert(ctx, w.db.c(colShifts), sh.ID, shiftDoc{Shift: sh, Leavers: []string{}})
	return err
}

func (w familyWriter) PutConversation(ctx context.Context, c bh.Conversation) error {
	return w.db.putConv(ctx, c)
}

func (w familyWriter) AddMember(ctx context.Context, m bh.Member) error {
	return w.db.addMember(ctx, w.now, m)
}

func (familyWriter) NewID() string { return newID() }

// HasShift holds the family for the Join's transaction (teamdata.go), so
// a Join cannot outlive a DeleteTeam at the same time.
func (w familyWriter) HasShift(ctx context.Context, teamID, shiftID string) (bool, error) {
	if err := w.db.holdFamily(ctx, teamID, shiftID); errors.Is(err, bh.ErrFamilyDeleted) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	return true, nil
}

func (w familyWriter) IsMember(ctx context.Context, teamID, shiftID, userID string) (bool, error) {
	k, err := w.db.c(colMembers).CountDocuments(ctx, bson.M{"_id": key(teamID, shiftID, userID)})
	return k > 0, err
}

func (w familyWriter) Unleave(ctx context.Context, _, shiftID, userID string) error {
	_, err := w.db.c(colShifts).UpdateOne(ctx, bson.M{"_id": shiftID}, bson.M{"$pull": bson.M{"leavers": userID}})
	return err
}

func (w familyWriter) RemoveMember(ctx context.Context, teamID, shiftID, userID string) error {
	_, err := w.db.c(colMembers).DeleteOne(ctx, bson.M{"_id": key(teamID, shiftID, userID)})
	return err
}

func (db *DB) putConv(ctx context.Context, c bh.Conversation) error {
	return put(ctx, db.c(colConversations), key(c.TeamID, c.ChannelID), c)
}

// addMember adds a member, as of now, unless they are one ("" adds nobody).
func (db *DB) addMember(ctx context.Context, now time.Time, m bh.Member) error {
	if m.UserID == "" {
		return nil
	}
	m.JoinedAt = now
	_, err := insert(ctx, db.c(colMembers), key(m.TeamID, m.ShiftID, m.UserID), m)
	return err
}

// Shift returns the family (its shift) that the conversation feeds.
func (db *DB) Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error) {
	c, err := db.FamilyOf(ctx, teamID, channelID)
	if err != nil {
		return bh.Shift{}, err
	}
	sh, err := db.shiftByID(ctx, teamID, c.ShiftID)
	return sh, db.fail("get shift", notFound(err, "There are no notes in this conversation yet."))
}

// ShiftByID returns a family's shift by id.
func (db *DB) ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error) {
	sh, err := one[bh.Shift](ctx, db.c(colShifts), bson.M{"_id": shiftID, "teamid": teamID})
	return sh, db.fail("get shift "+shiftID, notFound(err, "That conversation has no shift."))
}

// FamilyOf is the family team/channel feeds (ENOTFOUND: none).
func (db *DB) FamilyOf(ctx context.Context, teamID, channelID string) (bh.Conversation, error) {
	c, ok, err := db.family(ctx, teamID, channelID)
	if err == nil && !ok {
		err = bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet.")
	}
	return c, db.fail("get family", err)
}

// FamilyConversations lists the conversations that feed a family, by id.
func (db *DB) FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error) {
	out, err := all[bh.Conversation](ctx, db.c(colConversations), bson.M{"teamid": teamID, "shiftid": shiftID}, by("channelid"), 0)
	return out, db.fail("list family conversations", err)
}

func (db *DB) members(ctx context.Context, filter bson.M) ([]bh.Member, error) {
	return all[bh.Member](ctx, db.c(colMembers), filter, by("joinedat", "shiftid", "userid"), 0)
}

// Members lists a family's members, first joined first.
func (db *DB) Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error) {
	out, err := db.members(ctx, bson.M{"teamid": teamID, "shiftid": shiftID})
	return out, db.fail("list members", err)
}

// FamiliesOf lists the families a person belongs to, first joined first.
func (db *DB) FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error) {
	out, err := db.members(ctx, bson.M{"teamid": teamID, "userid": userID})
	return out, db.fail("list families", err)
}

// Join makes m.UserID a member of family m.ShiftID. With dm (their DM
// with the bot), that DM feeds it from now on, and they leave the family
// it fed before, from ("" when none or the same; its notes stay there). A
// Join asked by one no longer in the family (m.InvitedBy) is ECONFLICT.
func (db *DB) Join(ctx context.Context, m bh.Member, dm string) (from string, err error) {
	if err := m.CheckJoin(dm); err != nil {
		return "", db.fail("join family", err)
	}
	err = db.write(ctx, "join family", func(ctx context.Context, now time.Time) error {
		from, err = db.join(ctx, now, m, dm)
		return err
	})
	return from, err
}

// join is Join's writes (bh.JoinFamily).
func (db *DB) join(ctx context.Context, now time.Time, m bh.Member, dm string) (from string, err error) {
	return bh.JoinFamily(ctx, familyWriter{db, now}, now, m, dm)
}

// Leave takes a person out of a family, which keeps its notes and
// remembers who left; their DM stops feeding it (their next note there
// starts a new family). Leaving a family one is not in changes nothing.
func (db *DB) Leave(ctx context.Context, teamID, shiftID, userID string) error {
	if teamID == "" || shiftID == "" || userID == "" {
		return db.fail("leave family", bh.Errorf(bh.EINVALID, "Leaving needs a team, a family and a person."))
	}
	return db.write(ctx, "leave family", func(ctx context.Context, now time.Time) error {
		res, err := db.c(colMembers).DeleteOne(ctx, bson.M{"_id": key(teamID, shiftID, userID)})
		if err == nil && res.DeletedCount > 0 {
			_, err = db.c(colShifts).UpdateOne(ctx, bson.M{"_id": shiftID, "teamid": teamID}, bson.M{"$addToSet": bson.M{"leavers": userID}})
		}
		if err == nil {
			_, err = db.c(colConversations).UpdateMany(ctx, bson.M{"teamid": teamID, "shiftid": shiftID, "kind": bh.ConvDM, "userid": userID},
				bson.M{"$set": bson.M{"shiftid": "", "since": now}})
		}
		return err
	})
}

// MoveOpenNotes moves the open notes userID wrote in their DM in a family
// to another's list and reports how many moved. Each one's revision
// rises and from keeps (in SweptRev) the revisions they take with them,
// so LiveNotes.Rev rises for both.
func (db *DB) MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (moved int, err error) {
	if from == to || userID == "" {
		return 0, nil
	}
	err = db.write(ctx, "move notes", func(ctx context.Context, now time.Time) error {
		moved = 0
		_, err := db.shiftByID(ctx, teamID, from)
		dest, derr := db.shiftByID(ctx, teamID, to)
		if err = errOr(err, derr); err != nil {
			return err
		}
		open, err := all[noteDoc](ctx, db.c(colNotes), bson.M{"teamid": teamID, "shiftid": from, "open_until": bson.M{"$gt": now.UnixNano()},
			"userid": userID, "doneat": nil, "deletedat": nil}, nil, 0)
		for _, d := range open {
			if n := d.Note; err == nil && bh.ConversationKindOf(n.ChannelID) == bh.ConvDM {
				moved++
				if err = db.bumpRevs(ctx, from, n.Rev+1, -n.Rev); err == nil {
					err = db.bumpRevs(ctx, to, 0, n.Rev+1)
				}
				n.ShiftID, n.UpdatedAt, n.Rev = to, now, n.Rev+1
				d.MovedFrom, d.MovedAt = from, &now // a change of the list it left too
				err = errOr(err, db.putNote(ctx, n, dest, &d))
			}
		}
		return err
	})
	return moved, err
}
