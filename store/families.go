package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: families. A family is a shift (its list); conversations map
// Slack conversations to it, members say who belongs, people hold what
// follows a person (quiet hours), invites ask someone to join. All four
// stay small (a family has a few), so they live in the engine like duty;
// conversations and members are also in memory (memindex.go), so a note's
// capture finds its family without a query.
//
// A conversation's row, once written, is never removed: a DM whose person
// left its family keeps a row with no shift, so its next note starts a new
// family instead of going back to the shift its own id founded. A
// conversation without a row is one from before families (or a sample):
// its shift is the one it founded, if any.

type convDoc struct {
	ID        string `bson:"_id"` // team/channel
	TeamID    string `bson:"team_id"`
	ChannelID string `bson:"channel_id"`
	// ShiftID is "" once the DM's person left the family it fed.
	ShiftID string    `bson:"shift_id"`
	Kind    string    `bson:"kind"`
	UserID  string    `bson:"user_id,omitempty"`
	Since   time.Time `bson:"since"`
}

func (d convDoc) domain() bh.Conversation {
	return bh.Conversation{TeamID: d.TeamID, ChannelID: d.ChannelID, ShiftID: d.ShiftID, Kind: bh.ConversationKind(d.Kind),
		UserID: d.UserID, Since: d.Since.UTC()}
}

func convID(team, channel string) string { return team + "/" + channel }

type memberDoc struct {
	ID        string    `bson:"_id"` // team/shift/user
	TeamID    string    `bson:"team_id"`
	ShiftID   string    `bson:"shift_id"`
	UserID    string    `bson:"user_id"`
	JoinedAt  time.Time `bson:"joined_at"`
	InvitedBy string    `bson:"invited_by,omitempty"`
}

func (d memberDoc) domain() bh.Member {
	return bh.Member{TeamID: d.TeamID, ShiftID: d.ShiftID, UserID: d.UserID, JoinedAt: d.JoinedAt.UTC(), InvitedBy: d.InvitedBy}
}

func memberID(team, shift, user string) string { return team + "/" + shift + "/" + user }

type personDoc struct {
	ID        string    `bson:"_id"` // team/user
	TeamID    string    `bson:"team_id"`
	UserID    string    `bson:"user_id"`
	Quiet     *quietDoc `bson:"quiet,omitempty"`
	UpdatedAt time.Time `bson:"updated_at"`
}

type inviteDoc struct {
	ID         string    `bson:"_id"`
	TeamID     string    `bson:"team_id"`
	ShiftID    string    `bson:"shift_id"`
	From       string    `bson:"from"`
	To         string    `bson:"to"`
	HandoffID  string    `bson:"handoff_id,omitempty"`
	CreatedAt  time.Time `bson:"created_at"`
	Answer     string    `bson:"answer,omitempty"`
	AnsweredAt time.Time `bson:"answered_at,omitempty"`
}

func (d inviteDoc) domain() bh.Invite {
	return bh.Invite{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, From: d.From, To: d.To, HandoffID: d.HandoffID,
		CreatedAt: d.CreatedAt.UTC(), Answer: bh.InviteAnswer(d.Answer), AnsweredAt: utcOrZero(d.AnsweredAt)}
}

// convTx is a conversation's row as a write function (inTxn) or a reader
// sees it: from memory when it is there; a reader on the embedded engine
// takes a miss as the answer (every row is in memory), a write asks the
// engine, which also sees what its transaction wrote.
func (db *DB) convTx(ctx context.Context, team, channel string, inTxn bool) (convDoc, bool, error) {
	if d, ok := db.mem.conv(team, channel); ok {
		return d, true, nil
	} else if db.mem != nil && !inTxn {
		return convDoc{}, false, nil
	}
	var d convDoc
	err := db.c.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: convID(team, channel)}}).Decode(&d)
	if isNoDocs(err) {
		return convDoc{}, false, nil
	}
	return d, err == nil, err
}

// shiftTx is a shift by id as a write function sees it.
func (db *DB) shiftTx(ctx context.Context, team, id string) (shiftDoc, error) {
	if d, ok := db.mem.shiftByID(team, id); ok {
		return d, nil
	}
	var d shiftDoc
	err := db.c.shifts.FindOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: team}}).Decode(&d)
	return d, err
}

// foundedShift is the shift a conversation founded (its ChannelID), if
// any, seen as convTx sees a row.
func (db *DB) foundedShift(ctx context.Context, team, channel string, inTxn bool) (shiftDoc, error) {
	if d, ok := db.mem.shift(team, channel); ok {
		return d, nil
	} else if db.mem != nil && !inTxn {
		return shiftDoc{}, mongo.ErrNoDocuments
	}
	var d shiftDoc
	err := db.c.shifts.FindOne(ctx, bson.D{{Key: "team_id", Value: team}, {Key: "channel_id", Value: channel}}).Decode(&d)
	return d, err
}

// ensureShift is the family a note in team/channel goes to, made on the
// conversation's first note: a shift, the conversation's row and the
// writer as its member, in the caller's write. Only from a write function.
func (db *DB) ensureShift(ctx context.Context, teamID, channelID, userID string, now time.Time) (shiftDoc, error) {
	if bh.IsSampleChannel(channelID) {
		// A sample lives apart from every family.
		return db.ensureFoundedShift(ctx, teamID, channelID, channelID, now)
	}
	conv, found, err := db.convTx(ctx, teamID, channelID, true)
	if err != nil {
		return shiftDoc{}, err
	}
	if found && conv.ShiftID != "" {
		sd, err := db.shiftTx(ctx, teamID, conv.ShiftID)
		if err == nil && conv.Kind == string(bh.ConvDM) && conv.UserID == "" && userID != "" {
			// A DM whose person the migration could not tell: now known.
			if _, err := db.c.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: conv.ID}, {Key: "user_id", Value: bson.D{{Key: "$exists", Value: false}}}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "user_id", Value: userID}}}}); err != nil {
				return shiftDoc{}, err
			}
			return sd, db.addMember(ctx, memberDoc{TeamID: teamID, ShiftID: sd.ID, UserID: userID, JoinedAt: now})
		}
		if !isNoDocs(err) {
			return sd, err
		}
		// A row pointing at no shift (not expected): a new family, as
		// after a Leave.
	}
	if !found {
		// The conversation's own shift from before families keeps it,
		// unless its person left that family (an import without the DM's
		// row): then theirs is a new family, keyed apart.
		sd, err := db.foundedShift(ctx, teamID, channelID, true)
		if err != nil && !isNoDocs(err) {
			return shiftDoc{}, err
		}
		if err == nil && userID != "" && slices.Contains(sd.Left, userID) && bh.ConversationKindOf(channelID) == bh.ConvDM {
			if sd, err = db.newFamily(ctx, teamID, now); err != nil {
				return shiftDoc{}, err
			}
		}
		if err != nil {
			// A writer already in a family brings the conversation to it:
			// a channel's first note (one list, not a second keyed by
			// the channel), or their DM's first after a channel made them
			// a member.
			var ok bool
			if sd, ok, err = db.writersFamily(ctx, teamID, userID, bh.ConversationKindOf(channelID) == bh.ConvDM); err != nil {
				return shiftDoc{}, err
			} else if !ok {
				// A new family keyed by the conversation; the unique key
				// makes concurrent first notes one.
				if sd, err = db.ensureFoundedShift(ctx, teamID, channelID, channelID, now); err != nil {
					return shiftDoc{}, err
				}
			}
		}
		return db.mapConversation(ctx, teamID, channelID, userID, sd, now)
	}
	// Its person left the family it fed: a new family, keyed apart from
	// the shift the conversation founded.
	sd, err := db.newFamily(ctx, teamID, now)
	if err != nil {
		return shiftDoc{}, err
	}
	id := sd.ID
	res, err := db.c.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: conv.ID}, {Key: "shift_id", Value: conv.ShiftID}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "shift_id", Value: id}, {Key: "since", Value: now}}}})
	if err != nil {
		return shiftDoc{}, err
	}
	if res.ModifiedCount == 0 {
		// Another note started it first (on a deployment): that one.
		if _, err := db.c.shifts.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}}); err != nil {
			return shiftDoc{}, err
		}
		var have convDoc
		if err := db.c.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: conv.ID}}).Decode(&have); err != nil {
			return shiftDoc{}, err
		}
		return db.shiftTx(ctx, teamID, have.ShiftID)
	}
	return sd, db.addMember(ctx, memberDoc{TeamID: teamID, ShiftID: id, UserID: userID, JoinedAt: now})
}

// newFamily makes a family keyed apart from every conversation (its
// founding conversation's key is another family's).
func (db *DB) newFamily(ctx context.Context, teamID string, now time.Time) (shiftDoc, error) {
	id := newID()
	sd := shiftDoc{ID: id, TeamID: teamID, ChannelID: bh.FamilyKey(id), CreatedAt: now, UpdatedAt: now}
	_, err := db.c.shifts.InsertOne(ctx, sd)
	return sd, err
}

// writersFamily is the family a conversation's first note by userID goes
// to when the conversation has none: the one their DM feeds, else the one
// they joined first; ok is false when they are in none, and for a DM
// (dm) when they have a DM row of their own already (theirs fed a family
// before: it does not follow another). Only from a write function: it
// reads what the write's transaction sees.
func (db *DB) writersFamily(ctx context.Context, teamID, userID string, dm bool) (sd shiftDoc, ok bool, err error) {
	if userID == "" {
		return shiftDoc{}, false, nil
	}
	ms, err := findAll[memberDoc](ctx, db, colMembers, bson.D{{Key: "team_id", Value: teamID}, {Key: "user_id", Value: userID}}, nil)
	if err != nil || len(ms) == 0 {
		return shiftDoc{}, false, err
	}
	slices.SortFunc(ms, func(a, b memberDoc) int {
		if c := a.JoinedAt.Compare(b.JoinedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	// A DM's row names its person; a channel's names nobody.
	dms, err := findAll[convDoc](ctx, db, colConversations, bson.D{{Key: "team_id", Value: teamID}, {Key: "user_id", Value: userID}}, nil)
	if err != nil {
		return shiftDoc{}, false, err
	}
	if dm && len(dms) > 0 {
		return shiftDoc{}, false, nil
	}
	pick := ms[0].ShiftID
	for _, d := range dms {
		if d.ShiftID != "" && slices.ContainsFunc(ms, func(m memberDoc) bool { return m.ShiftID == d.ShiftID }) {
			pick = d.ShiftID
			break
		}
	}
	sd, err = db.shiftTx(ctx, teamID, pick)
	if isNoDocs(err) {
		return shiftDoc{}, false, nil
	}
	return sd, err == nil, err
}

// ensureFoundedShift is the shift key founded, made if there is none.
func (db *DB) ensureFoundedShift(ctx context.Context, teamID, channelID, key string, now time.Time) (shiftDoc, error) {
	sd, err := db.foundedShift(ctx, teamID, key, true)
	if err == nil || !isNoDocs(err) {
		return sd, err
	}
	sd = shiftDoc{ID: newID(), TeamID: teamID, ChannelID: key, Sample: bh.IsSampleChannel(channelID), CreatedAt: now, UpdatedAt: now}
	if _, err := db.c.shifts.InsertOne(ctx, sd); err != nil {
		if !isDup(err) {
			return sd, err
		}
		return db.foundedShift(ctx, teamID, key, true)
	}
	return sd, nil
}

// mapConversation writes the row of a conversation that has none, to sd,
// with the writer as a member; if a row appeared meanwhile, its family it
// is.
func (db *DB) mapConversation(ctx context.Context, teamID, channelID, userID string, sd shiftDoc, now time.Time) (shiftDoc, error) {
	kind := bh.ConversationKindOf(channelID)
	row := convDoc{ID: convID(teamID, channelID), TeamID: teamID, ChannelID: channelID, ShiftID: sd.ID, Kind: string(kind), Since: now}
	if kind == bh.ConvDM {
		row.UserID = userID
	}
	if _, err := db.c.conversations.InsertOne(ctx, row); err != nil {
		if !isDup(err) {
			return shiftDoc{}, err
		}
		var have convDoc
		if err := db.c.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: row.ID}}).Decode(&have); err != nil {
			return shiftDoc{}, err
		}
		if have.ShiftID != sd.ID {
			return db.shiftTx(ctx, teamID, have.ShiftID)
		}
	}
	return sd, db.addMember(ctx, memberDoc{TeamID: teamID, ShiftID: sd.ID, UserID: userID, JoinedAt: now})
}

// addMember adds a member unless they are one ("" adds nobody).
func (db *DB) addMember(ctx context.Context, m memberDoc) error {
	if m.UserID == "" {
		return nil
	}
	m.ID = memberID(m.TeamID, m.ShiftID, m.UserID)
	if _, err := db.c.members.InsertOne(ctx, m); err != nil && !isDup(err) {
		return err
	}
	return nil
}

// family is the row of team/channel, or for a conversation from before
// families, one made up from the shift it founded; inTxn as convTx.
func (db *DB) family(ctx context.Context, team, channel string, inTxn bool) (convDoc, bool, error) {
	if !bh.IsSampleChannel(channel) {
		d, found, err := db.convTx(ctx, team, channel, inTxn)
		if err != nil || found {
			return d, found && d.ShiftID != "", err
		}
	}
	sd, err := db.foundedShift(ctx, team, channel, inTxn)
	if isNoDocs(err) {
		return convDoc{}, false, nil
	}
	if err != nil {
		return convDoc{}, false, err
	}
	return convDoc{ID: convID(team, channel), TeamID: team, ChannelID: channel, ShiftID: sd.ID,
		Kind: string(bh.ConversationKindOf(channel)), Since: sd.CreatedAt}, true, nil
}

// FamilyOf is the family whose list team/channel feeds. ENOTFOUND before
// the conversation's first note, and after its person left that family.
func (db *DB) FamilyOf(ctx context.Context, teamID, channelID string) (bh.Conversation, error) {
	d, found, err := db.family(ctx, teamID, channelID, false)
	if err != nil {
		return bh.Conversation{}, db.fail("get family", err)
	}
	if !found {
		return bh.Conversation{}, db.fail("get family", bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet."))
	}
	return d.domain(), nil
}

// FamilyConversations lists the conversations that feed a family, by
// channel id.
func (db *DB) FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error) {
	var docs []convDoc
	if db.mem != nil {
		docs = db.mem.convs.group("s:" + teamID + "/" + shiftID)
	} else {
		var err error
		if docs, err = findAll[convDoc](ctx, db, colConversations, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}}, nil); err != nil {
			return nil, db.fail("list family conversations", err)
		}
	}
	slices.SortFunc(docs, func(a, b convDoc) int { return strings.Compare(a.ChannelID, b.ChannelID) })
	out := make([]bh.Conversation, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// Members lists a family's members, first joined first.
func (db *DB) Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error) {
	return db.members(ctx, "list members", "s:"+teamID+"/"+shiftID, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}})
}

// FamiliesOf lists the families a person belongs to (one row each), first
// joined first.
func (db *DB) FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error) {
	return db.members(ctx, "list families", "u:"+teamID+"/"+userID, bson.D{{Key: "team_id", Value: teamID}, {Key: "user_id", Value: userID}})
}

func (db *DB) members(ctx context.Context, op, group string, filter bson.D) ([]bh.Member, error) {
	var docs []memberDoc
	if db.mem != nil {
		docs = db.mem.members.group(group)
	} else {
		var err error
		if docs, err = findAll[memberDoc](ctx, db, colMembers, filter, nil); err != nil {
			return nil, db.fail(op, err)
		}
	}
	slices.SortFunc(docs, func(a, b memberDoc) int {
		if c := a.JoinedAt.Compare(b.JoinedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	out := make([]bh.Member, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// Join makes m.UserID a member of the family m.ShiftID (as of the store's
// time). With dm (the person's DM with the bot), that DM feeds the family
// from now on, and the person is no longer a member of the family it fed
// before, whose id is from ("" when none, or the same family). Its open
// notes stay there: MoveOpenNotes moves them, when the person agreed. A
// Join asked by someone (m.InvitedBy) who is no longer in the family is
// refused (ECONFLICT): their invite no longer stands.
func (db *DB) Join(ctx context.Context, m bh.Member, dm string) (from string, err error) {
	if err := db.checkJoin(ctx, m, dm); err != nil {
		return "", db.fail("join family", err)
	}
	now := db.now()
	err = db.write(ctx, func(ctx context.Context) error {
		from, err = db.joinTx(ctx, m, dm, now)
		return err
	})
	if err != nil {
		return "", db.fail("join family", err)
	}
	return from, nil
}

// AcceptInvite is Join by the invite id names, answered by userID, the
// person it asks: the invite is answered Join in the same write as the
// Join, so it is answered only if they joined (on a MongoDB deployment,
// without a transaction, the Join is written first). An invite answered
// before, or whose sender is no longer in its family, is refused
// (ECONFLICT) and changes nothing.
func (db *DB) AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error) {
	inv, err = db.Invite(ctx, teamID, id)
	switch {
	case err != nil:
		return bh.Invite{}, "", err
	case inv.To != userID:
		return inv, "", db.fail("accept invite", bh.Errorf(bh.EFORBIDDEN, "That invite is for someone else; nothing was changed."))
	case inv.Answered():
		return inv, "", db.fail("accept invite", errInviteAnswered)
	}
	m := bh.Member{TeamID: teamID, ShiftID: inv.ShiftID, UserID: userID, InvitedBy: inv.From}
	if err := db.checkJoin(ctx, m, dm); err != nil {
		return inv, "", db.fail("accept invite", err)
	}
	now := db.now()
	err = db.write(ctx, func(ctx context.Context) error {
		if from, err = db.joinTx(ctx, m, dm, now); err != nil {
			return err
		}
		res, err := db.c.invites.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "answer", Value: bson.D{{Key: "$exists", Value: false}}}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "answer", Value: string(bh.InviteJoin)}, {Key: "answered_at", Value: now}}}})
		if err == nil && res.ModifiedCount == 0 {
			// Answered meanwhile (Not now, or a second press): on the
			// embedded engine the Join is undone with this write.
			err = errInviteAnswered
		}
		return err
	})
	if err != nil {
		return inv, "", db.fail("accept invite", err)
	}
	inv, err = db.Invite(ctx, teamID, id)
	return inv, from, err
}

var (
	errInviteAnswered = bh.Errorf(bh.ECONFLICT, "You answered that invite already; nothing was changed.")
	errInviterLeft    = bh.Errorf(bh.ECONFLICT, "The person who asked you is no longer in the family that invite was for, so it no longer stands; nothing was changed.")
)

// checkJoin refuses a Join that names no one, a DM that is not one, or a
// family that is not there.
func (db *DB) checkJoin(ctx context.Context, m bh.Member, dm string) error {
	if m.TeamID == "" || m.ShiftID == "" || m.UserID == "" {
		return bh.Errorf(bh.EINVALID, "Joining needs a team, a family and a person.")
	}
	if dm != "" && (bh.ConversationKindOf(dm) != bh.ConvDM) {
		return bh.Errorf(bh.EINVALID, "Only a DM joins with its person.")
	}
	_, err := db.ShiftByID(ctx, m.TeamID, m.ShiftID)
	return err
}

// joinTx is Join's writes, from a write function.
func (db *DB) joinTx(ctx context.Context, m bh.Member, dm string, now time.Time) (from string, err error) {
	if m.InvitedBy != "" && m.InvitedBy != m.UserID {
		// Who asked must still be in the family: asked by someone who
		// left, the invite no longer stands.
		var have memberDoc
		err := db.c.members.FindOne(ctx, bson.D{{Key: "_id", Value: memberID(m.TeamID, m.ShiftID, m.InvitedBy)}}).Decode(&have)
		if isNoDocs(err) {
			return "", errInviterLeft
		} else if err != nil {
			return "", err
		}
	}
	if err := db.addMember(ctx, memberDoc{TeamID: m.TeamID, ShiftID: m.ShiftID, UserID: m.UserID, JoinedAt: now, InvitedBy: m.InvitedBy}); err != nil {
		return "", err
	}
	// Back in a family they once left: no longer one who left it.
	if _, err := db.c.shifts.UpdateOne(ctx, bson.D{{Key: "_id", Value: m.ShiftID}, {Key: "team_id", Value: m.TeamID}, {Key: "left", Value: m.UserID}},
		bson.D{{Key: "$pull", Value: bson.D{{Key: "left", Value: m.UserID}}}}); err != nil {
		return "", err
	}
	if dm == "" {
		return "", nil
	}
	had, found, err := db.family(ctx, m.TeamID, dm, true)
	if err != nil {
		return "", err
	}
	if found && had.ShiftID == m.ShiftID {
		return "", nil
	}
	row := convDoc{ID: convID(m.TeamID, dm), TeamID: m.TeamID, ChannelID: dm, ShiftID: m.ShiftID, Kind: string(bh.ConvDM), UserID: m.UserID, Since: now}
	if _, err := db.c.conversations.ReplaceOne(ctx, bson.D{{Key: "_id", Value: row.ID}}, row, options.Replace().SetUpsert(true)); err != nil {
		return "", err
	}
	if !found {
		return "", nil
	}
	_, err = db.c.members.DeleteOne(ctx, bson.D{{Key: "_id", Value: memberID(m.TeamID, had.ShiftID, m.UserID)}})
	return had.ShiftID, err
}

// Leave takes a person out of a family. Its notes stay with it; the
// person's DM stops feeding it, so their next note there starts a new
// family. Leaving a family one is not in changes nothing.
func (db *DB) Leave(ctx context.Context, teamID, shiftID, userID string) error {
	if teamID == "" || shiftID == "" || userID == "" {
		return db.fail("leave family", bh.Errorf(bh.EINVALID, "Leaving needs a team, a family and a person."))
	}
	convs, err := db.FamilyConversations(ctx, teamID, shiftID)
	if err != nil {
		return err
	}
	err = db.write(ctx, func(ctx context.Context) error {
		res, err := db.c.members.DeleteOne(ctx, bson.D{{Key: "_id", Value: memberID(teamID, shiftID, userID)}})
		if err != nil {
			return err
		}
		if res.DeletedCount > 0 {
			// Said on the shift too, which every export carries (Left).
			if _, err := db.c.shifts.UpdateOne(ctx, bson.D{{Key: "_id", Value: shiftID}, {Key: "team_id", Value: teamID}},
				bson.D{{Key: "$addToSet", Value: bson.D{{Key: "left", Value: userID}}}}); err != nil {
				return err
			}
		}
		for _, c := range convs {
			if c.Kind != bh.ConvDM || c.UserID != userID {
				continue
			}
			// Only while it still feeds this family (a Join elsewhere in
			// between stands).
			if _, err := db.c.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: convID(teamID, c.ChannelID)}, {Key: "shift_id", Value: shiftID}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "shift_id", Value: ""}, {Key: "since", Value: db.now()}}}}); err != nil {
				return err
			}
		}
		return nil
	})
	return db.fail("leave family", err)
}

// Person is what follows a person (the zero Person of team/user when
// nothing was stored).
func (db *DB) Person(ctx context.Context, teamID, userID string) (bh.Person, error) {
	var d personDoc
	err := db.c.people.FindOne(ctx, bson.D{{Key: "_id", Value: teamID + "/" + userID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Person{TeamID: teamID, UserID: userID}, nil
	}
	if err != nil {
		return bh.Person{}, db.fail("get person", err)
	}
	p := bh.Person{TeamID: d.TeamID, UserID: d.UserID, UpdatedAt: d.UpdatedAt.UTC()}
	if d.Quiet != nil {
		p.Quiet = &bh.QuietHours{From: d.Quiet.From, To: d.Quiet.To}
	}
	return p, nil
}

// SetPerson stores what follows a person, replacing what was.
func (db *DB) SetPerson(ctx context.Context, p bh.Person) error {
	if p.TeamID == "" || p.UserID == "" {
		return db.fail("set person", bh.Errorf(bh.EINVALID, "A person needs a team and an id."))
	}
	doc := personDoc{ID: p.TeamID + "/" + p.UserID, TeamID: p.TeamID, UserID: p.UserID, UpdatedAt: db.now()}
	if p.Quiet != nil {
		doc.Quiet = &quietDoc{From: p.Quiet.From, To: p.Quiet.To}
	}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.people.ReplaceOne(ctx, bson.D{{Key: "_id", Value: doc.ID}}, doc, options.Replace().SetUpsert(true))
		return err
	})
	return db.fail("set person", err)
}

// CreateInvite records an invite to join a family, with a new id and the
// store's time.
func (db *DB) CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error) {
	if inv.TeamID == "" || inv.ShiftID == "" || inv.From == "" || inv.To == "" {
		return bh.Invite{}, db.fail("create invite", bh.Errorf(bh.EINVALID, "An invite needs a team, a family, who asks and whom."))
	}
	inv.ID, inv.CreatedAt, inv.Answer, inv.AnsweredAt = newID(), db.now(), "", time.Time{}
	doc := inviteDoc{ID: inv.ID, TeamID: inv.TeamID, ShiftID: inv.ShiftID, From: inv.From, To: inv.To, HandoffID: inv.HandoffID, CreatedAt: inv.CreatedAt}
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.invites.InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		return bh.Invite{}, db.fail("create invite", err)
	}
	return inv, nil
}

// Invite is one invite of a team.
func (db *DB) Invite(ctx context.Context, teamID, id string) (bh.Invite, error) {
	var d inviteDoc
	err := db.c.invites.FindOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Invite{}, db.fail("get invite", bh.Errorf(bh.ENOTFOUND, "That invite no longer exists."))
	}
	if err != nil {
		return bh.Invite{}, db.fail("get invite", err)
	}
	return d.domain(), nil
}

// InvitesTo lists the invites sent to a person, newest first, answered or
// not.
func (db *DB) InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error) {
	docs, err := findAll[inviteDoc](ctx, db, colInvites, bson.D{{Key: "team_id", Value: teamID}, {Key: "to", Value: userID}}, nil)
	if err != nil {
		return nil, db.fail("list invites", err)
	}
	slices.SortFunc(docs, func(a, b inviteDoc) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	out := make([]bh.Invite, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// AnswerInvite records an invite's answer. Only the first answer counts:
// answered is false (and inv has the answer that stands) when it was
// answered before.
func (db *DB) AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (inv bh.Invite, answered bool, err error) {
	if !answer.Valid() {
		return bh.Invite{}, false, db.fail("answer invite", bh.Errorf(bh.EINVALID, "%q is not an answer.", answer))
	}
	answered, err = db.changedOne(ctx, db.c.invites, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "answer", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "answer", Value: string(answer)}, {Key: "answered_at", Value: db.now()}}}})
	if err != nil {
		return bh.Invite{}, false, db.fail("answer invite", err)
	}
	inv, err = db.Invite(ctx, teamID, id)
	return inv, answered, err
}

// MoveOpenNotes moves the open notes (live, not done) that userID wrote
// in their DM in a family to another family's list, as the person who
// joined agreed; notes they wrote in a channel stay with the channel's
// family, closed ones stay in their history, and other members' notes stay with
// the family they were written for. It reports how many moved. A moved note's revision rises
// and from keeps (in SweptRev) the revisions its notes take with them, so
// the radar's order of states (LiveNotes.Rev) rises for both.
func (db *DB) MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (int, error) {
	if from == to || userID == "" {
		return 0, nil
	}
	for _, id := range []string{from, to} {
		if _, err := db.ShiftByID(ctx, teamID, id); err != nil {
			return 0, db.fail("move notes", err)
		}
	}
	now := db.now()
	live, err := db.LiveNotes(ctx, teamID, from, now)
	if err != nil {
		return 0, db.fail("move notes", err)
	}
	var open []bh.Note
	took := 0
	for _, n := range live.Notes {
		// Only notes written in their own DM: a channel note was written
		// for that channel's readers and stays with the channel's family.
		if n.UserID == userID && bh.ConversationKindOf(n.ChannelID) == bh.ConvDM && n.DoneAt == nil && !n.Deleted() {
			open = append(open, n)
			took += n.Rev + 1
		}
	}
	if len(open) == 0 {
		return 0, nil
	}
	moved := 0
	err = db.write(ctx, func(ctx context.Context) error {
		moved = 0
		// Raised before the notes go, so that on MongoDB (no transaction
		// here) from's order can run high for a moment, never low; a note
		// changed meanwhile stays, and leaves it a little high.
		if _, err := db.c.shifts.UpdateOne(ctx, bson.D{{Key: "_id", Value: from}, {Key: "team_id", Value: teamID}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "swept_rev", Value: took}}}}); err != nil {
			return err
		}
		for _, n := range open {
			// As read: a note edited, done or moved since stays.
			filter := bson.D{{Key: "_id", Value: n.ID}, {Key: "team_id", Value: teamID}, {Key: "shift_id", Value: from}, {Key: "rev", Value: n.Rev}}
			// moved_from: the change says both lists changed (WatchNotes,
			// ShiftsChangedSince), so the radar recomputes the one it
			// left too.
			update := bson.D{{Key: "$set", Value: bson.D{{Key: "shift_id", Value: to}, {Key: "updated_at", Value: now},
				{Key: "moved_from", Value: from}, {Key: "moved_at", Value: now}}}, {Key: "$inc", Value: bson.D{{Key: "rev", Value: 1}}}}
			if db.notesShelved() {
				if _, err := db.updateShelved(filter, update); isNoDocs(err) {
					continue
				} else if err != nil {
					return err
				}
				moved++
				continue
			}
			res, err := db.c.logs.UpdateOne(ctx, filter, update)
			if err != nil {
				return err
			}
			moved += int(res.ModifiedCount)
		}
		return nil
	})
	if err != nil {
		return 0, db.fail("move notes", err)
	}
	return moved, nil
}
