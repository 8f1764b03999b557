package mongo

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the notes collection: each a bh.Note, with when it stops
// being live, where a move took it from and when its reply was posted.

type noteDoc struct {
	bh.Note `bson:",inline"`
	// OpenUntil is when the note stops being live, in Unix nanoseconds.
	OpenUntil int64      `bson:"open_until"`
	MovedFrom string     `bson:"moved_from,omitempty"`
	MovedAt   *time.Time `bson:"moved_at,omitempty"`
	ReplyAt   *time.Time `bson:"reply_at,omitempty"`
}

// moved is whether the note's latest change was a move (from MovedFrom).
func (d *noteDoc) moved() bool { return d.MovedAt != nil && d.MovedAt.Equal(d.UpdatedAt) }

// openUntil is when n stops being live (bh.Note.OpenUntil), in Unix
// nanoseconds: live while now is before it.
func openUntil(n bh.Note) int64 {
	if until, ok := n.OpenUntil(); !ok {
		return math.MaxInt64
	} else if until.IsZero() {
		return 0
	} else {
		return until.UnixNano()
	}
}

// read makes n's reading in loc (Config.Read); one whose tag nobody chose
// takes the kind it read, when inferred.
func (db *DB) read(n *bh.Note, loc *time.Location, inferred bool) {
	if db.cfg.Read != nil {
		n.Reading = db.cfg.Read(*n, loc)
	}
	if inferred && n.TagSource == bh.TagByDefault && n.Reading.Version > 0 && n.Reading.Kind.Valid() {
		n.Tag, n.TagSource = n.Reading.Kind, bh.TagByInferred
	}
}

// putNote writes n, read in sh's zone, with what d (if any) has beside it.
func (db *DB) putNote(ctx context.Context, n bh.Note, sh bh.Shift, d *noteDoc) error {
	if d == nil {
		d = &noteDoc{}
	}
	if n.Reading.Version == 0 || n.Reading.Zone != db.zone(sh).String() { // never read, or in another zone
		db.read(&n, db.zone(sh), false)
	}
	d.Note, d.OpenUntil = n, openUntil(n)
	return put(ctx, db.c(colNotes), n.ID, d)
}

// zone is where a family's notes are read.
func (db *DB) zone(sh bh.Shift) *time.Location { return sh.Location(db.cfg.Location) }

func byMessage(teamID, channelID, ts string) bson.M {
	return bson.M{"teamid": teamID, "channelid": channelID, "messagets": ts}
}

func (db *DB) notes(ctx context.Context, filter bson.M) ([]bh.Note, error) {
	return all[bh.Note](ctx, db.c(colNotes), filter, by("createdat", "_id"), 0)
}

// CaptureNote stores a note in the family the conversation feeds, making
// a family of one (its writer) on the conversation's first note, in one
// transaction. A second capture of the same Slack message returns the
// stored note with created false. When it returns nil the note is
// stored, so the caller may ack the envelope.
func (db *DB) CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error) {
	if db.cfg.Read != nil {
		in.Inferred = "" // the note's reading infers its kind
	}
	r, bad := in.Resolve()
	if in.TeamID == "" || in.ChannelID == "" {
		bad = bh.Errorf(bh.EINVALID, "A note needs a team and a conversation.")
	}
	stored := func() (bool, error) { // the message's note, stored before (or meanwhile, by another process)
		if in.MessageTS == "" || bad != nil {
			return false, bad
		}
		var err error
		n, err = one[bh.Note](ctx, db.c(colNotes), byMessage(in.TeamID, in.ChannelID, in.MessageTS))
		return found(err)
	}
	if ok, err := stored(); ok || err != nil {
		return n, false, db.fail("capture note", err)
	}
	err = db.write(ctx, "capture note", func(ctx context.Context, now time.Time) error {
		sh, err := db.ensureShift(ctx, now, in.TeamID, in.ChannelID, in.UserID)
		n = bh.Note{ID: newID(), TeamID: in.TeamID, ShiftID: sh.ID, ChannelID: in.ChannelID, UserID: in.UserID,
			Text: r.Text, RawText: bh.CleanText(in.RawText), Tag: r.Tag, TagSource: r.TagSource, Source: in.Source,
			MessageTS: in.MessageTS, Permalink: in.Permalink, EventID: in.EventID, CreatedAt: now, UpdatedAt: now, Rev: 1}
		if !in.WrittenAt.IsZero() { // the note's time is its message's: every rule counts from it
			n.CreatedAt = in.WrittenAt.UTC().Truncate(time.Millisecond)
		}
		db.read(&n, db.zone(sh), true)
		if err == nil && in.EventID != "" { // the event is handled (EventSeen): its redelivery is not applied again
			_, err = insert(ctx, db.c(colSlackEvents), key(in.TeamID, in.EventID), bson.M{"teamid": in.TeamID, "receivedat": now})
		}
		if err == nil {
			err = db.bumpRevs(ctx, sh.ID, 0, 1)
		}
		return errOr(err, db.putNote(ctx, n, sh, nil))
	})
	if isDuplicate(err) {
		if ok, serr := stored(); ok || serr != nil {
			return n, false, db.fail("capture note", serr)
		}
	}
	return n, err == nil, err
}

// Note returns a note of the team by id, deleted or not.
func (db *DB) Note(ctx context.Context, teamID, id string) (bh.Note, error) {
	n, err := one[bh.Note](ctx, db.c(colNotes), bson.M{"_id": id, "teamid": teamID})
	return n, db.fail("get note "+id, notFound(err, "That note no longer exists."))
}

// NoteByMessage returns the note captured from a Slack message.
func (db *DB) NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error) {
	n, err := one[bh.Note](ctx, db.c(colNotes), bson.M{"teamid": teamID, "channelid": channelID, "messagets": bson.M{"$eq": ts, "$ne": ""}})
	return n, db.fail("get note by message "+ts, notFound(err, "No note was saved from that message."))
}

// NotesByID returns the team's notes of ids that exist, in their order.
func (db *DB) NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error) {
	got, err := db.notes(ctx, bson.M{"teamid": teamID, "_id": bson.M{"$in": ids}})
	out := make([]bh.Note, 0, len(got))
	for _, id := range ids {
		if i := slices.IndexFunc(got, func(n bh.Note) bool { return n.ID == id }); i >= 0 {
			out = append(out, got[i])
		}
	}
	return out, db.fail("list notes by id", err)
}

// Notes returns a family's notes (deleted ones if withDeleted), oldest first.
func (db *DB) Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error) {
	f := bson.M{"teamid": teamID, "shiftid": shiftID}
	if !withDeleted {
		f["deletedat"] = nil
	}
	out, err := db.notes(ctx, f)
	return out, db.fail("list notes", err)
}

// LiveNotes is what plans and the radar read of a family's notes at now.
func (db *DB) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	live := bh.LiveNotes{Notes: []bh.Note{}}
	sh, err := one[shiftDoc](ctx, db.c(colShifts), bson.M{"_id": shiftID, "teamid": teamID})
	if ok, err := found(err); !ok {
		return live, db.fail("live notes", err)
	}
	live.Rev = sh.SweptRev + sh.NotesRev
	live.Notes, err = db.notes(ctx, bson.M{"teamid": teamID, "shiftid": shiftID, "open_until": bson.M{"$gt": now.UnixNano()}})
	return live, db.fail("live notes", err)
}

// changeNote applies e (bh.NoteEdit) to a note of the team in one
// transaction, raising its revision.
func (db *DB) changeNote(ctx context.Context, teamID, id string, e bh.NoteEdit) (n bh.Note, err error) {
	op := e.Op + " " + id
	if e.Invalid != nil {
		return bh.Note{}, db.fail(op, e.Invalid)
	}
	err = db.write(ctx, op, func(ctx context.Context, now time.Time) error {
		d, err := one[noteDoc](ctx, db.c(colNotes), bson.M{"_id": id, "teamid": teamID})
		if n = d.Note; err != nil || (n.DeletedAt != nil && !e.DeletedToo) {
			return notFound(errOr(err, errNoDocs), "That note no longer exists.")
		}
		if !e.Apply(&n, now) {
			return nil
		}
		n.Rev, n.UpdatedAt = n.Rev+1, now
		sh, err := db.shiftByID(ctx, teamID, n.ShiftID)
		if was := d.Note; n.Text != was.Text || n.RawText != was.RawText || n.Tag != was.Tag || n.TagSource != was.TagSource {
			db.read(&n, db.zone(sh), true) // new words or a new tag: read once more
		}
		if err == nil {
			err = db.bumpRevs(ctx, sh.ID, 0, 1)
		}
		return errOr(err, db.putNote(ctx, n, sh, &noteDoc{ReplyAt: d.ReplyAt}))
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

// EditNote follows an edit of the note's message (bh.TextEdit; inferred
// is the normaliser's kind, unless the store reads the words itself).
func (db *DB) EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error) {
	n, err := db.NoteByMessage(ctx, teamID, channelID, ts)
	if err != nil {
		return bh.Note{}, err
	}
	if db.cfg.Read != nil {
		inferred = "" // the reading of the new words infers the tag
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

// SetNoteReply records where the bot's confirmation for a note is: no
// change of the note (its revision stays; the radar's stream passes it by).
func (db *DB) SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error {
	res, err := db.c(colNotes).UpdateOne(ctx, bson.M{"_id": id, "teamid": teamID},
		bson.M{"$set": bson.M{"replychannel": channelID, "replyts": ts, "reply_at": db.now()}})
	if err == nil && res.MatchedCount == 0 {
		err = bh.Errorf(bh.ENOTFOUND, "That note no longer exists.")
	}
	return db.fail("set note reply "+id, err)
}

// SetShiftTZ records the family's time zone and reads its open notes there.
func (db *DB) SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error {
	return db.write(ctx, "set shift tz", func(ctx context.Context, now time.Time) error {
		f := bson.M{"_id": shiftID, "teamid": teamID}
		if res, err := db.c(colShifts).UpdateOne(ctx, f, bson.M{"$set": bson.M{"tz": strings.TrimSpace(tz), "updatedat": now}}); err != nil || res.MatchedCount == 0 {
			return err
		}
		sh, err := db.shiftByID(ctx, teamID, shiftID)
		open, oerr := db.notes(ctx, bson.M{"teamid": teamID, "shiftid": shiftID, "deletedat": nil, "doneat": nil})
		for _, n := range open {
			if err = errOr(err, oerr); err == nil {
				db.read(&n, db.zone(sh), false)
				_, err = db.c(colNotes).UpdateOne(ctx, bson.M{"_id": n.ID}, bson.M{"$set": bson.M{"reading": n.Reading, "open_until": openUntil(n)}})
			}
		}
		return errOr(err, oerr)
	})
}

// Reread reads again (Config.Read) every note whose reading was made under
// rules older than version, or never: once, at start, when the rules
// changed. It is no change of the notes (their revision stays, the radar
// hears nothing); what is live may change. It returns how many it read.
func (db *DB) Reread(ctx context.Context, version int) (total int, err error) {
	for k := 1; k > 0 && err == nil && db.cfg.Read != nil; total += k { // in batches: no transaction holds many
		err = db.write(ctx, "read notes again", func(ctx context.Context, _ time.Time) error {
			notes, err := all[bh.Note](ctx, db.c(colNotes), bson.M{"reading.version": bson.M{"$lt": version}}, by("_id"), 500)
			for k = 0; k < len(notes) && err == nil; k++ {
				n := notes[k]
				sh, serr := one[bh.Shift](ctx, db.c(colShifts), bson.M{"_id": n.ShiftID})
				if _, err = found(serr); err == nil {
					db.read(&n, db.zone(sh), false)
					_, err = db.c(colNotes).UpdateOne(ctx, bson.M{"_id": n.ID}, bson.M{"$set": bson.M{"reading": n.Reading, "open_until": openUntil(n)}})
				}
				if err == nil && n.Reading.Version < version { // the reader is older than asked: stop rather than loop
					err = bh.Errorf(bh.EINTERNAL, "The note reader makes version %d readings, not %d.", n.Reading.Version, version)
				}
			}
			return err
		})
	}
	return total, err
}
