package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"slices"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: notes, a row each, every field a column (migration 0008):
// reading a family's notes decodes nothing.

// noteCols are a note's columns as scanNote reads them; its reading's are
// readCols (reading.go).
const noteCols = `id, team_id, shift_id, channel_id, user_id, message_ts, rev, created_at, updated_at, deleted_at, done_at,
	text, raw_text, tag, tag_source, source, permalink, event_id, done_by, done_by_note, dropped, still_on_at, claimed_by, claimed_at,
	reply_channel, reply_ts, ` + readCols

type scanner interface{ Scan(dest ...any) error }

// noteRow holds a note's columns as they are scanned: one value whose
// fields Scan fills (each a pointer into it), reused row after row, so a
// family's thousand notes do not allocate a scan target per column.
type noteRow struct {
	n                                 bh.Note
	created, updated                  int64
	deleted, done, stillOn, claimedAt sql.NullInt64
	tag, tagSource, source            string
	doneBy, doneByNote, claimedBy     string
	dropped                           bool
	r                                 readingRow
	dest                              []any
}

func newNoteRow() *noteRow {
	w := &noteRow{}
	n := &w.n
	w.dest = append([]any{&n.ID, &n.TeamID, &n.ShiftID, &n.ChannelID, &n.UserID, &n.MessageTS, &n.Rev, &w.created, &w.updated, &w.deleted, &w.done,
		&n.Text, &n.RawText, &w.tag, &w.tagSource, &w.source, &n.Permalink, &n.EventID, &w.doneBy, &w.doneByNote, &w.dropped, &w.stillOn,
		&w.claimedBy, &w.claimedAt, &n.ReplyChannel, &n.ReplyTS}, w.r.dest()...)
	return w
}

// scan reads the next row.
func (w *noteRow) scan(s scanner) (bh.Note, error) {
	if err := s.Scan(w.dest...); err != nil {
		return bh.Note{}, err
	}
	n := w.n
	n.CreatedAt, n.UpdatedAt, n.DeletedAt, n.DoneAt = fromMs(w.created), fromMs(w.updated), fromNullMs(w.deleted), fromNullMs(w.done)
	n.Tag, n.TagSource, n.Source = bh.Tag(w.tag), bh.TagSource(w.tagSource), bh.NoteSource(w.source)
	n.DoneBy, n.ClaimedBy, n.ClaimedAt = bh.DoneBy{}, "", nil
	if n.DoneAt != nil {
		n.DoneBy = bh.DoneBy{User: w.doneBy, Note: w.doneByNote, Dropped: w.dropped}
	}
	n.StillOnAt = fromNullMs(w.stillOn)
	if w.claimedBy != "" && w.claimedAt.Valid {
		n.ClaimedBy, n.ClaimedAt = w.claimedBy, fromNullMs(w.claimedAt)
	}
	n.Reading = w.r.reading()
	return n, nil
}

func scanNote(s scanner) (bh.Note, error) { return newNoteRow().scan(s) }

// noteWriteCols are a note's columns but its seq and id, in noteValues' order.
var noteWriteCols = append([]string{"team_id", "shift_id", "channel_id", "user_id", "message_ts", "rev", "created_at", "updated_at", "deleted_at", "done_at",
	"text", "raw_text", "tag", "tag_source", "source", "permalink", "event_id", "done_by", "done_by_note", "dropped", "still_on_at",
	"claimed_by", "claimed_at", "reply_channel", "reply_ts", "open_until"}, readingCols...)

// putNote's statements, made once (not per note).
var (
	insertNoteSQL = "INSERT INTO notes (" + strings.Join(noteWriteCols, ", ") + ", seq, id) VALUES (?" + strings.Repeat(", ?", len(noteWriteCols)+1) +
		") ON CONFLICT DO NOTHING"
	updateNoteSQL = "UPDATE notes SET " + strings.Join(noteWriteCols, " = ?, ") + " = ?, seq = coalesce(?, seq) WHERE id = ?"
)

// noteValues are n's values in noteWriteCols' order, for an INSERT or an
// UPDATE, with room for its seq and id.
func noteValues(n bh.Note) []any {
	var by bh.DoneBy
	if n.DoneAt != nil {
		by = n.DoneBy
	}
	vals := make([]any, 0, len(noteWriteCols)+2)
	vals = append(vals, n.TeamID, n.ShiftID, n.ChannelID, n.UserID, n.MessageTS, n.Rev, ms(n.CreatedAt), ms(n.UpdatedAt), nullMs(n.DeletedAt), nullMs(n.DoneAt),
		n.Text, n.RawText, string(n.Tag), string(n.TagSource), string(n.Source), n.Permalink, n.EventID, by.User, by.Note, by.Dropped, nullMs(n.StillOnAt),
		n.ClaimedBy, nullMs(n.ClaimedAt), n.ReplyChannel, n.ReplyTS, openUntil(n))
	return readingValues(vals, n.Reading)
}

// openUntil is when n stops being live (bh.Note.OpenUntil), in Unix
// nanoseconds: live while now is before it; a large number: never ends.
func openUntil(n bh.Note) int64 {
	until, ok := n.OpenUntil()
	switch {
	case !ok:
		return math.MaxInt64
	case until.IsZero():
		return 0
	}
	return until.UnixNano()
}

// errNoteExists is putNote's insert of a note whose message is stored.
var errNoteExists = errors.New("sqlite: a note of that message exists")

// putNote writes n, read in its family's zone already (readIn): a new
// row, or the row of its id. A change (anything the radar should hear of)
// takes the next number of the notes' changes (nextSeq), which no note has
// had before. An insert of a note whose message is stored already is
// errNoteExists.
func (tx *Tx) putNote(ctx context.Context, n bh.Note, insert, change bool) error {
	var seq sql.NullInt64
	if change {
		if err := tx.QueryRowContext(ctx, nextSeq).Scan(&seq); err != nil {
			return err
		}
		tx.notes = true
	}
	vals := append(noteValues(n), seq, n.ID)
	if insert {
		k, err := affected(tx.ExecContext(ctx, insertNoteSQL, vals...))
		if err == nil && k == 0 {
			return errNoteExists
		}
		return err
	}
	_, err := tx.ExecContext(ctx, updateNoteSQL, vals...)
	return err
}

// zone is where a family's notes are read.
func (db *DB) zone(sh bh.Shift) *time.Location { return sh.Location(db.cfg.Location) }

func noteWhere(ctx context.Context, q querier, where string, args ...any) (bh.Note, error) {
	return scanNote(q.QueryRowContext(ctx, "SELECT "+noteCols+" FROM notes WHERE "+where, args...))
}

func notesWhere(ctx context.Context, q querier, where string, args ...any) ([]bh.Note, error) {
	return notesWhereCap(ctx, q, 0, where, args...)
}

// notesWhereCap is notesWhere with room for about capHint notes made at
// once.
func notesWhereCap(ctx context.Context, q querier, capHint int, where string, args ...any) ([]bh.Note, error) {
	return appendNotesWhere(ctx, q, make([]bh.Note, 0, capHint), where, args...)
}

// appendNotesWhere appends the notes where says to out.
func appendNotesWhere(ctx context.Context, q querier, out []bh.Note, where string, args ...any) ([]bh.Note, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+noteCols+" FROM notes WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	row := newNoteRow()
	for rows.Next() {
		n, err := row.scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// byMessage finds a note by its Slack message; the last term lets the
// query use the index of notes that have one.
const byMessage = "team_id = ? AND channel_id = ? AND message_ts = ? AND message_ts <> ''"

// CaptureNote stores a note in the family the conversation feeds, making
// a family of one (its writer) on the conversation's first note. It is
// idempotent per Slack message: a second capture of the same message
// returns the stored note with created false, without a write. When it
// returns nil the note is durable, so the caller may ack the envelope.
//
// A redelivery (NewNote.Redelivered) is looked for first, on a reader: it
// is answered without waiting for the writer, which may be what held its
// first delivery's ack. Any other message is looked for by the writer's
// insert, which does nothing when its note is stored (a commit that
// writes nothing, without a sync): looked for on a reader, every note
// paid that read's own snapshot of the log before the writer's turn (in a
// soak p50 0.2 ms, p99 up to 1 ms), and a message is almost always new.
//
// What needs no lock is done before the writer takes the note: its
// reading, in the zone its conversation's family had at its last note
// (zones). The writer holds the file only for the family, the rows and the
// commit, and reads the note again only if its family's zone is not the
// one it was read in.
func (db *DB) CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error) {
	if in.TeamID == "" || in.ChannelID == "" {
		return bh.Note{}, false, db.fail("capture note", bh.Errorf(bh.EINVALID, "A note needs a team and a conversation."))
	}
	if db.cfg.Read != nil {
		in.Inferred = "" // the note's reading infers its kind (readInferred)
	}
	if in.MessageTS != "" && in.Redelivered {
		// Detached from ctx: a read never waits for a writer, and a query
		// on a context that can end costs a goroutine of the driver's.
		n, err := noteWhere(context.WithoutCancel(ctx), db.rq, byMessage, in.TeamID, in.ChannelID, in.MessageTS)
		if err == nil {
			return n, false, nil
		} else if err != sql.ErrNoRows {
			return bh.Note{}, false, db.fail("capture note", err)
		}
	}
	r, err := in.Resolve()
	if err != nil {
		return bh.Note{}, false, db.fail("capture note", err)
	}
	now := db.now()
	unread := bh.Note{ID: newID(), TeamID: in.TeamID, ChannelID: in.ChannelID, UserID: in.UserID,
		Text: r.Text, RawText: bh.CleanText(in.RawText), Tag: r.Tag, TagSource: r.TagSource, Source: in.Source,
		MessageTS: in.MessageTS, Permalink: in.Permalink, EventID: in.EventID, CreatedAt: now, UpdatedAt: now, Rev: 1}
	if !in.WrittenAt.IsZero() {
		// The note's time is its message's: every rule counts from it.
		unread.CreatedAt = in.WrittenAt.UTC().Truncate(time.Millisecond)
	}
	key := in.TeamID + "/" + in.ChannelID
	guess, ok := db.zones.get(key)
	if !ok {
		guess = db.cfg.Location
	}
	n = unread
	db.readInferred(&n, guess)
	var moved *time.Location // the family's zone, when it is not the guess
	err = db.write(ctx, "capture note", func(tx *Tx) error {
		created = false
		sh, err := tx.ensureShift(ctx, in.TeamID, in.ChannelID, in.UserID)
		if err != nil {
			return err
		}
		if loc := db.zone(sh); loc.String() != guess.String() {
			n, moved = unread, loc
			db.readInferred(&n, loc)
		}
		n.ShiftID, n.UpdatedAt = sh.ID, tx.Now
		switch err := tx.putNote(ctx, n, true, true); {
		case err == errNoteExists:
			// Stored before (the message came as a mention too, or a
			// redelivery not said to be one) or meanwhile by another
			// process: the insert did nothing, and no note changed.
			tx.notes = false
			n, err = noteWhere(ctx, tx, byMessage, in.TeamID, in.ChannelID, in.MessageTS)
			return err
		case err != nil:
			return err
		}
		created = true
		// Its event is seen through the note (EventSeen): a redelivery of
		// it as an edit or a deletion is not applied twice.
		return nil
	})
	if err != nil {
		return bh.Note{}, false, err
	}
	if moved != nil {
		// Remembered once committed, and only when it changed: the memo's
		// lock is not taken for every note.
		db.zones.put(key, moved)
	}
	return n, created, nil
}

// readInferred reads n in loc; a note whose tag nobody chose (TagByDefault)
// takes the kind the reading inferred, which the reading already assumed.
func (db *DB) readInferred(n *bh.Note, loc *time.Location) {
	db.readNote(n, loc)
	if n.TagSource == bh.TagByDefault && n.Reading.Version > 0 && n.Reading.Kind.Valid() {
		n.Tag, n.TagSource = n.Reading.Kind, bh.TagByInferred
	}
}

// Note returns a note of the team by id, deleted or not.
func (db *DB) Note(ctx context.Context, teamID, id string) (bh.Note, error) {
	n, err := noteWhere(ctx, db.rq, "id = ? AND team_id = ?", id, teamID)
	return n, db.fail("get note "+id, notFound(err, "That note no longer exists."))
}

// NoteByMessage returns the note captured from a Slack message.
func (db *DB) NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error) {
	n, err := noteWhere(ctx, db.rq, byMessage, teamID, channelID, ts)
	return n, db.fail("get note by message "+ts, notFound(err, "No note was saved from that message."))
}

// NotesByID returns the team's notes of ids that exist, deleted ones too,
// in the order of ids.
func (db *DB) NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error) {
	var got []bh.Note
	err := db.read(ctx, "list notes by id", func(q querier) error {
		// byIDs at a time, the last batch padded with an id no note has:
		// one statement, prepared once, whatever the count.
		args := make([]any, byIDs+1)
		args[0] = teamID
		got = make([]bh.Note, 0, len(ids))
		for start := 0; start < len(ids); start += byIDs {
			for i := range byIDs {
				args[1+i] = ""
				if start+i < len(ids) {
					args[1+i] = ids[start+i]
				}
			}
			more, err := appendNotesWhere(ctx, q, got, notesByIDs, args...)
			if err != nil {
				return err
			}
			got = more
		}
		return nil
	})
	// Put in the order of ids where they are, not copied again (a note is
	// 600 bytes, and a radar post reads those it cites).
	pos := make(map[string]int, len(ids))
	for i, id := range ids {
		if _, ok := pos[id]; !ok {
			pos[id] = i
		}
	}
	if len(pos) == len(ids) { // no id twice: each note found once
		slices.SortFunc(got, func(a, b bh.Note) int { return pos[a.ID] - pos[b.ID] })
		return got, err
	}
	at := make(map[string]int, len(got))
	for i, n := range got {
		at[n.ID] = i
	}
	out := make([]bh.Note, 0, len(ids))
	for _, id := range ids {
		if i, ok := at[id]; ok {
			out = append(out, got[i])
		}
	}
	return out, err
}

// byIDs is how many ids one NotesByID query asks for.
const byIDs = 32

// notesByIDs is the condition of a NotesByID query: a team, byIDs ids.
var notesByIDs = "team_id = ? AND id IN (?" + strings.Repeat(", ?", byIDs-1) + ")"

// Notes returns a family's notes, oldest first (of one time, first
// stored first), without deleted ones unless withDeleted.
func (db *DB) Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error) {
	where := "team_id = ? AND shift_id = ?"
	if !withDeleted {
		where += " AND deleted_at IS NULL"
	}
	out, err := notesWhere(ctx, db.rq, where+" ORDER BY created_at, id", teamID, shiftID)
	return out, db.fail("list notes", err)
}

// LiveNotes returns what plans and the radar read of a family's notes at
// now (bh.LiveNotes), through the index on when each stops being live: its
// cost follows the open notes, not the family's history.
func (db *DB) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	live := bh.LiveNotes{Notes: []bh.Note{}}
	err := db.read(ctx, "live notes", func(q querier) error {
		var swept, rev int
		err := q.QueryRowContext(ctx, "SELECT swept_rev, notes_rev FROM shifts WHERE id = ? AND team_id = ?", shiftID, teamID).Scan(&swept, &rev)
		if err != nil {
			return ignoreNoRows(err)
		}
		live.Rev = swept + rev
		live.Notes, err = notesWhereCap(ctx, q, db.liveHint(shiftID), "team_id = ? AND shift_id = ? AND open_until > ? ORDER BY created_at, id",
			teamID, shiftID, now.UnixNano())
		if err == nil {
			db.live.put(shiftID, len(live.Notes))
		}
		return err
	})
	return live, err
}

// changeNote applies e (bh.NoteEdit) to a note of the team as one
// write: its revision rises, it is updated now and the radar hears of it.
func (db *DB) changeNote(ctx context.Context, teamID, id string, e bh.NoteEdit) (n bh.Note, err error) {
	op := e.Op + " " + id
	if e.Invalid != nil {
		return bh.Note{}, db.fail(op, e.Invalid)
	}
	err = db.write(ctx, op, func(tx *Tx) error {
		if n, err = noteWhere(ctx, tx, "id = ? AND team_id = ?", id, teamID); err != nil {
			return notFound(err, "That note no longer exists.")
		}
		if n.DeletedAt != nil && !e.DeletedToo {
			return bh.Errorf(bh.ENOTFOUND, "That note no longer exists.")
		}
		was := n
		if !e.Apply(&n, tx.Now) {
			return nil
		}
		n.Rev++
		n.UpdatedAt = tx.Now
		sh, err := shiftByID(ctx, tx, teamID, n.ShiftID)
		if err != nil {
			return err
		}
		if n.Text != was.Text || n.RawText != was.RawText || n.Tag != was.Tag || n.TagSource != was.TagSource {
			// New words or a new tag: read once more.
			db.readInferred(&n, db.zone(sh))
		} else {
			db.readIn(&n, db.zone(sh))
		}
		return tx.putNote(ctx, n, false, true)
	})
	return n, err
}

// RetagNote sets a note's tag as a person's choice.
func (db *DB) RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.RetagEdit(tag))
}

// DeleteNote soft-deletes a note (bh.DeleteEdit).
func (db *DB) DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.DeleteEdit())
}

// RestoreNote undoes DeleteNote.
func (db *DB) RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.RestoreEdit())
}

// EditNote follows an edit of the note's source message (bh.TextEdit):
// an inferred tag is inferred again by the store's reader (Config.Read),
// else as inferred says.
func (db *DB) EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error) {
	n, err := db.NoteByMessage(ctx, teamID, channelID, ts)
	if err != nil {
		return bh.Note{}, err
	}
	if db.cfg.Read != nil {
		// The reading of the new words infers the tag (readInferred).
		inferred = ""
	}
	return db.changeNote(ctx, teamID, n.ID, bh.TextEdit(rawText, inferred))
}

// MarkNoteDone marks a note's item done (or not done any more).
func (db *DB) MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error) {
	if done {
		return db.MarkNoteDoneBy(ctx, teamID, id, bh.DoneBy{})
	}
	return db.changeNote(ctx, teamID, id, bh.UndoneEdit())
}

// MarkNoteDoneBy is MarkNoteDone(done) recording who (bh.DoneEdit).
func (db *DB) MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.DoneEdit(by))
}

// MarkStillOn records that a person says an overdue deadline is still on.
func (db *DB) MarkStillOn(ctx context.Context, teamID, id string) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.StillOnEdit())
}

// ClaimNote records who said "I'll do it"; user "" takes the claim back.
func (db *DB) ClaimNote(ctx context.Context, teamID, id, user string) (bh.Note, error) {
	return db.changeNote(ctx, teamID, id, bh.ClaimEdit(user))
}

// SetNoteReply records where the bot's confirmation for a note is. It is
// not a change of the note: its revision stays and the radar hears nothing.
// reply_at is when, for the sweep: a reply's place is kept bh.ReplyAge.
func (db *DB) SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error {
	return db.write(ctx, "set note reply "+id, func(tx *Tx) error {
		k, err := affected(tx.ExecContext(ctx, "UPDATE notes SET reply_channel = ?, reply_ts = ?, reply_at = ? WHERE id = ? AND team_id = ?",
			channelID, ts, ms(tx.Now), id, teamID))
		if err == nil && k == 0 {
			return bh.Errorf(bh.ENOTFOUND, "That note no longer exists.")
		}
		return err
	})
}

// MarkEvent records a Slack event id and reports whether this is its
// first delivery: an event that stored a note was delivered before.
func (db *DB) MarkEvent(ctx context.Context, teamID, eventID string) (first bool, err error) {
	if eventID == "" {
		return true, nil
	}
	err = db.write(ctx, "mark event "+eventID, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO slack_events (team_id, event_id, received_at) SELECT ?1, ?2, ?3
			WHERE NOT EXISTS (SELECT 1 FROM notes WHERE `+byEvent+`) ON CONFLICT DO NOTHING`, teamID, eventID, ms(tx.Now))
		if err != nil {
			return err
		}
		k, err := res.RowsAffected()
		first = k == 1
		return err
	})
	return first, err
}

// byEvent finds a note by the Slack event that stored it (?1 the team, ?2
// the event); the last term lets the query use the index of notes that
// have one.
const byEvent = "team_id = ?1 AND event_id = ?2 AND event_id <> ''"

// EventSeen reports whether MarkEvent recorded the event, or a note was
// stored from it (CaptureNote).
func (db *DB) EventSeen(ctx context.Context, teamID, eventID string) (bool, error) {
	if eventID == "" {
		return false, nil
	}
	var seen bool
	err := db.rq.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM slack_events WHERE team_id = ?1 AND event_id = ?2) OR EXISTS (SELECT 1 FROM notes WHERE "+byEvent+")",
		teamID, eventID).Scan(&seen)
	return seen, db.fail("check event "+eventID, err)
}

// SetShiftTZ records the family's time zone, and reads its open notes'
// words again there (an appointment at 2 p.m. ends at another moment).
func (db *DB) SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error {
	tz = strings.TrimSpace(tz)
	return db.write(ctx, "set shift tz", func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE shifts SET tz = ?, updated_at = ? WHERE id = ? AND team_id = ?", tz, ms(tx.Now), shiftID, teamID); err != nil {
			return err
		}
		sh, err := shiftByID(ctx, tx, teamID, shiftID)
		if err != nil {
			return ignoreNoRows(err)
		}
		open, err := notesWhere(ctx, tx, "team_id = ? AND shift_id = ? AND deleted_at IS NULL AND done_at IS NULL", teamID, shiftID)
		if err != nil {
			return err
		}
		for _, n := range open {
			db.readNote(&n, db.zone(sh))
			if err := tx.saveReading(ctx, n); err != nil {
				return err
			}
		}
		return nil
	})
}
