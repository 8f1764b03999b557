package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: families. A family is a shift (its list); conversations map
// Slack conversations to it, members say who belongs, people hold what
// follows a person, invites ask someone to join.
//
// A conversation's row, once written, is never removed: a DM whose person
// left its family keeps a row with no shift, so its next note starts a new
// family instead of going back to the shift its own id founded. A
// conversation without a row is a sample, or one from before families:
// its family is the shift it founded, if any.

const shiftCols = "id, team_id, channel_id, tz, sample, swept_rev, created_at, updated_at"

func scanShift(s scanner) (bh.Shift, error) {
	var sh bh.Shift
	var created, updated int64
	err := s.Scan(&sh.ID, &sh.TeamID, &sh.ChannelID, &sh.TZ, &sh.Sample, &sh.SweptRev, &created, &updated)
	sh.CreatedAt, sh.UpdatedAt = fromMs(created), fromMs(updated)
	return sh, err
}

func shiftByID(ctx context.Context, q querier, teamID, id string) (bh.Shift, error) {
	return scanShift(q.QueryRowContext(ctx, "SELECT "+shiftCols+" FROM shifts WHERE id = ? AND team_id = ?", id, teamID))
}

const convCols = "team_id, channel_id, shift_id, kind, user_id, since"

func scanConv(s scanner) (bh.Conversation, error) {
	var c bh.Conversation
	var since int64
	err := s.Scan(&c.TeamID, &c.ChannelID, &c.ShiftID, &c.Kind, &c.UserID, &since)
	c.Since = fromMs(since)
	return c, err
}

// convAndShift is team/channel's conversation row and the family it
// feeds, in one read (a note's ack takes it); sh.ID is "" when the row
// names no shift, or one that is gone. sql.ErrNoRows: no row.
func convAndShift(ctx context.Context, q querier, teamID, channelID string) (c bh.Conversation, sh bh.Shift, err error) {
	var (
		since                   int64
		id, team, channel, tz   sql.NullString
		sample                  sql.NullBool
		swept, created, updated sql.NullInt64
	)
	err = q.QueryRowContext(ctx, `SELECT c.team_id, c.channel_id, c.shift_id, c.kind, c.user_id, c.since,
		s.id, s.team_id, s.channel_id, s.tz, s.sample, s.swept_rev, s.created_at, s.updated_at
		FROM conversations c LEFT JOIN shifts s ON s.id = c.shift_id AND s.team_id = c.team_id
		WHERE c.team_id = ? AND c.channel_id = ?`, teamID, channelID).Scan(&c.TeamID, &c.ChannelID, &c.ShiftID, &c.Kind, &c.UserID, &since,
		&id, &team, &channel, &tz, &sample, &swept, &created, &updated)
	if err != nil {
		return bh.Conversation{}, bh.Shift{}, err
	}
	c.Since = fromMs(since)
	if id.Valid {
		sh = bh.Shift{ID: id.String, TeamID: team.String, ChannelID: channel.String, TZ: tz.String, Sample: sample.Bool, SweptRev: int(swept.Int64),
			CreatedAt: fromMs(created.Int64), UpdatedAt: fromMs(updated.Int64)}
	}
	return c, sh, nil
}

// family is the family team/channel feeds (bh.ConversationFamily).
func family(ctx context.Context, q querier, teamID, channelID string) (bh.Conversation, bool, error) {
	return bh.ConversationFamily(ctx, familyRows{q}, teamID, channelID)
}

// familyRows are a read's (or a write's) rows of families, as
// bh.ConversationFamily and bh.NoteFamily read them.
type familyRows struct{ q querier }

func (r familyRows) Row(ctx context.Context, teamID, channelID string) (bh.Conversation, bool, error) {
	c, err := scanConv(r.q.QueryRowContext(ctx, "SELECT "+convCols+" FROM conversations WHERE team_id = ? AND channel_id = ?", teamID, channelID))
	ok, err := found(err)
	return c, ok, err
}

func (r familyRows) Founded(ctx context.Context, teamID, key string) (sh bh.Shift, leavers []string, found bool, err error) {
	var created, updated int64
	var raw []byte
	err = r.q.QueryRowContext(ctx, "SELECT "+shiftCols+", leavers FROM shifts WHERE team_id = ? AND channel_id = ?", teamID, key).Scan(
		&sh.ID, &sh.TeamID, &sh.ChannelID, &sh.TZ, &sh.Sample, &sh.SweptRev, &created, &updated, &raw)
	if err == sql.ErrNoRows {
		return bh.Shift{}, nil, false, nil
	} else if err == nil {
		err = json.Unmarshal(raw, &leavers)
	}
	sh.CreatedAt, sh.UpdatedAt = fromMs(created), fromMs(updated)
	return sh, leavers, err == nil, err
}

func (r familyRows) WroteIn(ctx context.Context, teamID, channelID string, users []string) (wrote bool, err error) {
	list, err := json.Marshal(users)
	if err == nil {
		err = r.q.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM notes WHERE team_id = ? AND channel_id = ? AND user_id IN (SELECT value FROM json_each(?)))",
			teamID, channelID, string(list)).Scan(&wrote)
	}
	return wrote, err
}

// ensureShift is the family a note in team/channel goes to, made on the
// conversation's first note (bh.NoteFamily).
func (tx *Tx) ensureShift(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error) {
	return bh.NoteFamily(ctx, familyWriter{familyRows{tx}, tx}, tx.Now, teamID, channelID, userID)
}

// familyWriter is a write's reads and writes of families, as
// bh.NoteFamily needs them.
type familyWriter struct {
	familyRows
	tx *Tx
}

func (w familyWriter) Conversation(ctx context.Context, teamID, channelID string) (bh.Conversation, bh.Shift, bool, error) {
	c, sh, err := convAndShift(ctx, w.tx, teamID, channelID)
	ok, err := found(err)
	return c, sh, ok, err
}

// WritersFamily is the one their DM feeds, else the one they joined first.
func (w familyWriter) WritersFamily(ctx context.Context, teamID, userID string, dm bool) (bh.Shift, bool, error) {
	if dm {
		// A DM brings its person to their family only as their first DM
		// (after a channel made them a member): a second DM of theirs
		// founds its own, as in the bolt engine.
		var n int
		if err := w.tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM conversations WHERE team_id = ? AND user_id = ?", teamID, userID).Scan(&n); err != nil || n > 0 {
			return bh.Shift{}, false, err
		}
	}
	var id string
	var sh bh.Shift
	err := w.tx.QueryRowContext(ctx, `SELECT m.shift_id FROM members m
		LEFT JOIN conversations c ON c.team_id = m.team_id AND c.shift_id = m.shift_id AND c.user_id = m.user_id
		WHERE m.team_id = ? AND m.user_id = ?
		ORDER BY c.channel_id IS NULL, m.joined_at, m.shift_id LIMIT 1`, teamID, userID).Scan(&id)
	if err == nil {
		sh, err = shiftByID(ctx, w.tx, teamID, id)
	}
	ok, err := found(err)
	return sh, ok, err
}

func (w familyWriter) AddShift(ctx context.Context, sh bh.Shift) error {
	_, err := w.tx.ExecContext(ctx, "INSERT INTO shifts ("+shiftCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
		sh.ID, sh.TeamID, sh.ChannelID, sh.TZ, sh.Sample, sh.SweptRev, ms(sh.CreatedAt), ms(sh.UpdatedAt))
	return err
}

func (w familyWriter) PutConversation(ctx context.Context, c bh.Conversation) error {
	return w.tx.putConv(ctx, c)
}

func (w familyWriter) AddMember(ctx context.Context, m bh.Member) error {
	return w.tx.addMember(ctx, m)
}

func (familyWriter) NewID() string { return newID() }

func (w familyWriter) HasShift(ctx context.Context, teamID, shiftID string) (bool, error) {
	_, err := shiftByID(ctx, w.tx, teamID, shiftID)
	return found(err)
}

func (w familyWriter) IsMember(ctx context.Context, teamID, shiftID, userID string) (bool, error) {
	var one int
	return found(w.tx.QueryRowContext(ctx, "SELECT 1 FROM members WHERE team_id = ? AND shift_id = ? AND user_id = ?", teamID, shiftID, userID).Scan(&one))
}

func (w familyWriter) Unleave(ctx context.Context, teamID, shiftID, userID string) error {
	_, err := w.tx.ExecContext(ctx, `UPDATE shifts SET leavers = (SELECT json_group_array(value) FROM json_each(leavers) WHERE value <> ?)
		WHERE id = ? AND team_id = ? AND EXISTS (SELECT 1 FROM json_each(leavers) WHERE value = ?)`, userID, shiftID, teamID, userID)
	return err
}

func (w familyWriter) RemoveMember(ctx context.Context, teamID, shiftID, userID string) error {
	_, err := w.tx.ExecContext(ctx, "DELETE FROM members WHERE team_id = ? AND shift_id = ? AND user_id = ?", teamID, shiftID, userID)
	return err
}

func (tx *Tx) putConv(ctx context.Context, c bh.Conversation) error {
	_, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO conversations ("+convCols+") VALUES (?, ?, ?, ?, ?, ?)",
		c.TeamID, c.ChannelID, c.ShiftID, c.Kind, c.UserID, ms(c.Since))
	return err
}

// addMember adds a member, as of now, unless they are one ("" adds nobody).
func (tx *Tx) addMember(ctx context.Context, m bh.Member) error {
	if m.UserID == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO members (team_id, shift_id, user_id, joined_at, invited_by) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, m.TeamID, m.ShiftID, m.UserID, ms(tx.Now), m.InvitedBy)
	return err
}

// Shift returns the family (its shift) that the conversation feeds.
func (db *DB) Shift(ctx context.Context, teamID, channelID string) (sh bh.Shift, err error) {
	err = db.read(ctx, "get shift", func(q querier) error {
		c, found, err := family(ctx, q, teamID, channelID)
		if err != nil {
			return err
		}
		if !found {
			return bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet.")
		}
		sh, err = shiftByID(ctx, q, teamID, c.ShiftID)
		return notFound(err, "There are no notes in this conversation yet.")
	})
	return sh, err
}

// ShiftByID returns a family's shift by id.
func (db *DB) ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error) {
	sh, err := shiftByID(ctx, db.rq, teamID, shiftID)
	return sh, db.fail("get shift "+shiftID, notFound(err, "That conversation has no shift."))
}

// FamilyOf is the family whose list team/channel feeds. ENOTFOUND before
// the conversation's first note, and after its person left that family.
func (db *DB) FamilyOf(ctx context.Context, teamID, channelID string) (c bh.Conversation, err error) {
	err = db.read(ctx, "get family", func(q querier) error {
		var found bool
		c, found, err = family(ctx, q, teamID, channelID)
		if err == nil && !found {
			err = bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet.")
		}
		return err
	})
	return c, err
}

// FamilyConversations lists the conversations that feed a family, by
// channel id.
func (db *DB) FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error) {
	rows, err := db.rq.QueryContext(ctx, "SELECT "+convCols+" FROM conversations WHERE team_id = ? AND shift_id = ? ORDER BY channel_id", teamID, shiftID)
	if err != nil {
		return nil, db.fail("list family conversations", err)
	}
	out, err := collect(rows, scanConv)
	return out, db.fail("list family conversations", err)
}

const memberCols = "team_id, shift_id, user_id, joined_at, invited_by"

func scanMember(s scanner) (bh.Member, error) {
	var m bh.Member
	var joined int64
	err := s.Scan(&m.TeamID, &m.ShiftID, &m.UserID, &joined, &m.InvitedBy)
	m.JoinedAt = fromMs(joined)
	return m, err
}

// Members lists a family's members, first joined first.
func (db *DB) Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error) {
	return db.members(ctx, "list members", "shift_id", teamID, shiftID)
}

// FamiliesOf lists the families a person belongs to (one row each),
// first joined first.
func (db *DB) FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error) {
	return db.members(ctx, "list families", "user_id", teamID, userID)
}

func (db *DB) members(ctx context.Context, op, col, teamID, v string) ([]bh.Member, error) {
	rows, err := db.rq.QueryContext(ctx, "SELECT "+memberCols+" FROM members WHERE team_id = ? AND "+col+" = ? ORDER BY joined_at, shift_id, user_id", teamID, v)
	if err != nil {
		return nil, db.fail(op, err)
	}
	out, err := collect(rows, scanMember)
	return out, db.fail(op, err)
}

func collect[T any](rows *sql.Rows, scan func(scanner) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Join makes m.UserID a member of the family m.ShiftID. With dm (the
// person's DM with the bot), that DM feeds the family from now on, and
// the person is no longer a member of the family it fed before, whose id
// is from ("" when none, or the same family). Its open notes stay there:
// MoveOpenNotes moves them, when the person agreed. A Join asked by
// someone (m.InvitedBy) who is no longer in the family is refused
// (ECONFLICT): their invite no longer stands.
func (db *DB) Join(ctx context.Context, m bh.Member, dm string) (from string, err error) {
	if err := m.CheckJoin(dm); err != nil {
		return "", db.fail("join family", err)
	}
	err = db.write(ctx, "join family", func(tx *Tx) error {
		from, err = tx.join(ctx, m, dm)
		return err
	})
	return from, err
}

// AcceptInvite is Join by the invite id names, answered by userID, the
// person it asks: the invite is answered Join in the same transaction as
// the Join, so it is answered only if they joined. An invite answered
// before, or whose sender is no longer in its family, is refused
// (ECONFLICT) and changes nothing; someone else's is EFORBIDDEN.
func (db *DB) AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error) {
	if inv, err = db.Invite(ctx, teamID, id); err != nil {
		return bh.Invite{}, "", err
	}
	m, err := inv.Accept(userID, dm)
	if err != nil {
		return inv, "", db.fail("accept invite", err)
	}
	err = db.write(ctx, "accept invite", func(tx *Tx) error {
		if from, err = tx.join(ctx, m, dm); err != nil {
			return err
		}
		answered, err := tx.answerInvite(ctx, teamID, id, bh.InviteJoin)
		if err == nil && !answered {
			// Answered meanwhile (Not now, or a second press): the Join
			// is undone with this write.
			return bh.ErrInviteAnswered
		}
		return err
	})
	if err != nil {
		return inv, "", err
	}
	inv, err = db.Invite(ctx, teamID, id)
	return inv, from, err
}

// join is Join's writes (bh.JoinFamily).
func (tx *Tx) join(ctx context.Context, m bh.Member, dm string) (from string, err error) {
	return bh.JoinFamily(ctx, familyWriter{familyRows{tx}, tx}, tx.Now, m, dm)
}

// Leave takes a person out of a family. Its notes stay with it; the
// person's DM stops feeding it, so their next note there starts a new
// family. The family remembers who left (leavers). Leaving a family one
// is not in changes nothing.
func (db *DB) Leave(ctx context.Context, teamID, shiftID, userID string) error {
	if teamID == "" || shiftID == "" || userID == "" {
		return db.fail("leave family", bh.Errorf(bh.EINVALID, "Leaving needs a team, a family and a person."))
	}
	return db.write(ctx, "leave family", func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, "DELETE FROM members WHERE team_id = ? AND shift_id = ? AND user_id = ?", teamID, shiftID, userID)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil {
			return err
		} else if k > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE shifts SET leavers = json_insert(leavers, '$[#]', ?)
				WHERE id = ? AND team_id = ? AND NOT EXISTS (SELECT 1 FROM json_each(leavers) WHERE value = ?)`, userID, shiftID, teamID, userID); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, "UPDATE conversations SET shift_id = '', since = ? WHERE team_id = ? AND shift_id = ? AND kind = ? AND user_id = ?",
			ms(tx.Now), teamID, shiftID, bh.ConvDM, userID)
		return err
	})
}

// MoveOpenNotes moves the open notes (live, not done) that userID wrote
// in a family to another family's list, as the person who joined agreed.
// It reports how many moved. Each moved note's revision rises, and from
// keeps (in SweptRev) the revisions its notes take with them, so the
// radar's order of states (LiveNotes.Rev) rises for both.
func (db *DB) MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (moved int, err error) {
	if from == to || userID == "" {
		return 0, nil
	}
	err = db.write(ctx, "move notes", func(tx *Tx) error {
		moved = 0
		if _, err := shiftByID(ctx, tx, teamID, from); err != nil {
			return notFound(err, "That family no longer exists.")
		}
		dest, err := shiftByID(ctx, tx, teamID, to)
		if err != nil {
			return notFound(err, "That family no longer exists.")
		}
		open, err := notesWhere(ctx, tx, "team_id = ? AND shift_id = ? AND open_until > ? AND user_id = ? AND done_at IS NULL AND deleted_at IS NULL AND substr(channel_id, 1, 1) = 'D'",
			teamID, from, tx.Now.UnixNano(), userID)
		if err != nil || len(open) == 0 {
			return err
		}
		// The family left keeps each note's revisions and one more (the
		// update trigger, 0008): its order of states rises.
		for _, n := range open {
			n.ShiftID, n.UpdatedAt = to, tx.Now
			n.Rev++
			db.readIn(&n, db.zone(dest))
			if err := tx.putNote(ctx, n, false, true); err != nil {
				return err
			}
			// The move is a change to the list it left too (Changes,
			// ShiftsChangedSince), so the radar recomputes both.
			if _, err := tx.ExecContext(ctx, "UPDATE notes SET moved_from = ?, moved_at = ? WHERE id = ?", from, ms(tx.Now), n.ID); err != nil {
				return err
			}
		}
		moved = len(open)
		return nil
	})
	return moved, err
}

type personDoc struct {
	Quiet *bh.QuietHours `json:"quiet,omitempty"`
}

// Person is what follows a person (the zero Person of team/user when
// nothing was stored).
func (db *DB) Person(ctx context.Context, teamID, userID string) (bh.Person, error) {
	p, err := personOf(ctx, db.rq, teamID, userID)
	return p, db.fail("get person", err)
}

// personOf reads a person (UpdatedAt zero: never stored).
func personOf(ctx context.Context, q querier, teamID, userID string) (bh.Person, error) {
	p := bh.Person{TeamID: teamID, UserID: userID}
	var raw []byte
	var updated int64
	err := q.QueryRowContext(ctx, "SELECT doc, updated_at FROM people WHERE team_id = ? AND user_id = ?", teamID, userID).Scan(&raw, &updated)
	if err == sql.ErrNoRows {
		return p, nil
	} else if err != nil {
		return bh.Person{}, err
	}
	var d personDoc
	if err := json.Unmarshal(raw, &d); err != nil {
		return bh.Person{}, err
	}
	p.Quiet, p.UpdatedAt = d.Quiet, fromMs(updated)
	return p, nil
}

// SetPerson stores what follows a person, replacing what was.
func (db *DB) SetPerson(ctx context.Context, p bh.Person) error {
	if p.TeamID == "" || p.UserID == "" {
		return db.fail("set person", bh.Errorf(bh.EINVALID, "A person needs a team and an id."))
	}
	raw, err := json.Marshal(personDoc{Quiet: p.Quiet})
	if err != nil {
		return db.fail("set person", err)
	}
	return db.write(ctx, "set person", func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO people (team_id, user_id, doc, updated_at) VALUES (?, ?, ?, ?)", p.TeamID, p.UserID, raw, ms(tx.Now))
		return err
	})
}

const inviteCols = "id, team_id, shift_id, from_user, to_user, handoff_id, created_at, answer, answered_at"

func scanInvite(s scanner) (bh.Invite, error) {
	var inv bh.Invite
	var created int64
	var answered sql.NullInt64
	err := s.Scan(&inv.ID, &inv.TeamID, &inv.ShiftID, &inv.From, &inv.To, &inv.HandoffID, &created, &inv.Answer, &answered)
	inv.CreatedAt = fromMs(created)
	if answered.Valid {
		inv.AnsweredAt = fromMs(answered.Int64)
	}
	return inv, err
}

// CreateInvite records an invite to join a family, with a new id and the
// store's time, while the family is there (bh.ErrFamilyDeleted).
func (db *DB) CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error) {
	if inv.TeamID == "" || inv.ShiftID == "" || inv.From == "" || inv.To == "" {
		return bh.Invite{}, db.fail("create invite", bh.Errorf(bh.EINVALID, "An invite needs a team, a family, who asks and whom."))
	}
	inv.ID, inv.Answer, inv.AnsweredAt = newID(), "", time.Time{}
	err := db.write(ctx, "create invite", func(tx *Tx) error {
		if err := tx.holdFamily(ctx, inv.TeamID, inv.ShiftID); err != nil {
			return err
		}
		inv.CreatedAt = tx.Now
		_, err := tx.ExecContext(ctx, "INSERT INTO invites (id, team_id, shift_id, from_user, to_user, handoff_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			inv.ID, inv.TeamID, inv.ShiftID, inv.From, inv.To, inv.HandoffID, ms(inv.CreatedAt))
		return err
	})
	if err != nil {
		return bh.Invite{}, err
	}
	return inv, nil
}

// Invite is one invite of a team.
func (db *DB) Invite(ctx context.Context, teamID, id string) (bh.Invite, error) {
	inv, err := scanInvite(db.rq.QueryRowContext(ctx, "SELECT "+inviteCols+" FROM invites WHERE id = ? AND team_id = ?", id, teamID))
	return inv, db.fail("get invite", notFound(err, "That invite no longer exists."))
}

// InvitesTo lists the invites sent to a person, newest first, answered
// or not.
func (db *DB) InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error) {
	rows, err := db.rq.QueryContext(ctx, "SELECT "+inviteCols+" FROM invites WHERE team_id = ? AND to_user = ? ORDER BY created_at DESC, id DESC", teamID, userID)
	if err != nil {
		return nil, db.fail("list invites", err)
	}
	out, err := collect(rows, scanInvite)
	return out, db.fail("list invites", err)
}

// AnswerInvite records an invite's answer. Only the first answer counts:
// answered is false (and inv has the answer that stands) when it was
// answered before.
func (db *DB) AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (inv bh.Invite, answered bool, err error) {
	if !answer.Valid() {
		return bh.Invite{}, false, db.fail("answer invite", bh.Errorf(bh.EINVALID, "%q is not an answer.", answer))
	}
	err = db.write(ctx, "answer invite", func(tx *Tx) (err error) {
		answered, err = tx.answerInvite(ctx, teamID, id, answer)
		return err
	})
	if err != nil {
		return bh.Invite{}, false, err
	}
	inv, err = db.Invite(ctx, teamID, id)
	return inv, answered, err
}

// answerInvite records an invite's first answer: false when it had one.
func (tx *Tx) answerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (bool, error) {
	return changed(tx.ExecContext(ctx, "UPDATE invites SET answer = ?, answered_at = ? WHERE id = ? AND team_id = ? AND answer = ''", answer, ms(tx.Now), id, teamID))
}
