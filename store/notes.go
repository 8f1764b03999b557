package store

import (
	"context"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

type shiftDoc struct {
	ID        string    `bson:"_id"`
	TeamID    string    `bson:"team_id"`
	ChannelID string    `bson:"channel_id"`
	TZ        string    `bson:"tz,omitempty"`
	Sample    bool      `bson:"sample,omitempty"`
	SweptRev  int       `bson:"swept_rev,omitempty"`
	CreatedAt time.Time `bson:"created_at"`
	UpdatedAt time.Time `bson:"updated_at"`
	// Left are the people who left this family (Leave) and have not
	// joined it again. It travels with the shift, in every export: an
	// import without the family's rows (a format-1 dump) does not make
	// them members again, nor map the DM of one who founded it back.
	Left []string `bson:"left,omitempty"`
}

func (d shiftDoc) domain() bh.Shift {
	return bh.Shift{ID: d.ID, TeamID: d.TeamID, ChannelID: d.ChannelID, TZ: d.TZ, Sample: d.Sample, SweptRev: d.SweptRev,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC()}
}

type logDoc struct {
	ID        string     `bson:"_id"`
	TeamID    string     `bson:"team_id"`
	ShiftID   string     `bson:"shift_id"`
	ChannelID string     `bson:"channel_id"`
	UserID    string     `bson:"user_id,omitempty"`
	Text      string     `bson:"text"`
	RawText   string     `bson:"raw_text"`
	Tag       string     `bson:"tag"`
	TagSource string     `bson:"tag_source"`
	Source    string     `bson:"source"`
	MessageTS string     `bson:"message_ts,omitempty"`
	Permalink string     `bson:"permalink,omitempty"`
	EventID   string     `bson:"event_id,omitempty"`
	CreatedAt time.Time  `bson:"created_at"`
	UpdatedAt time.Time  `bson:"updated_at"`
	DeletedAt *time.Time `bson:"deleted_at,omitempty"`
	DoneAt    *time.Time `bson:"done_at,omitempty"`
	// DoneBy and DoneByNote say who marked it done (absent in notes
	// written before they were recorded).
	DoneBy     string `bson:"done_by,omitempty"`
	DoneByNote string `bson:"done_by_note,omitempty"`
	Dropped    bool   `bson:"dropped,omitempty"`
	// StillOnAt is absent until a person says an overdue deadline is on.
	StillOnAt *time.Time `bson:"still_on_at,omitempty"`
	// ClaimedBy and ClaimedAt are absent until someone says "I'll do it".
	ClaimedBy string     `bson:"claimed_by,omitempty"`
	ClaimedAt *time.Time `bson:"claimed_at,omitempty"`
	Rev       int        `bson:"rev"`
	// MovedFrom is the shift the note last moved from (MoveOpenNotes),
	// at MovedAt; absent for a note that never moved.
	MovedFrom string     `bson:"moved_from,omitempty"`
	MovedAt   *time.Time `bson:"moved_at,omitempty"`
}

// left is the shift this version of the note left ("" unless the version
// is the move itself): a change to it is a change to that shift's list
// too, whose radar state must lose the note.
func (d logDoc) left() string {
	if d.MovedFrom == "" || d.MovedAt == nil || !d.MovedAt.Equal(d.UpdatedAt) {
		return ""
	}
	return d.MovedFrom
}

func (d logDoc) domain() bh.Note {
	n := bh.Note{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, UserID: d.UserID,
		Text: d.Text, RawText: d.RawText, Tag: bh.Tag(d.Tag), TagSource: bh.TagSource(d.TagSource),
		Source: bh.NoteSource(d.Source), MessageTS: d.MessageTS, Permalink: d.Permalink,
		EventID:   d.EventID,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(), Rev: d.Rev}
	if d.DeletedAt != nil {
		t := d.DeletedAt.UTC()
		n.DeletedAt = &t
	}
	if d.DoneAt != nil {
		t := d.DoneAt.UTC()
		n.DoneAt = &t
		n.DoneBy = bh.DoneBy{User: d.DoneBy, Note: d.DoneByNote, Dropped: d.Dropped}
	}
	if d.StillOnAt != nil {
		t := d.StillOnAt.UTC()
		n.StillOnAt = &t
	}
	if d.ClaimedBy != "" && d.ClaimedAt != nil {
		t := d.ClaimedAt.UTC()
		n.ClaimedBy, n.ClaimedAt = d.ClaimedBy, &t
	}
	return n
}

type slackEventDoc struct {
	ID         string    `bson:"_id"`
	TeamID     string    `bson:"team_id"`
	EventID    string    `bson:"event_id"`
	ReceivedAt time.Time `bson:"received_at"`
}

func newID() string { return primitive.NewObjectID().Hex() }

// CaptureNote stores a note in the family the conversation feeds, making
// a family of one (its writer) on the conversation's first note
// (families.go). It is idempotent per Slack message: a second capture of the same
// message (a retry, or the app_mention twin of a message event) returns the
// stored note with created false. When CaptureNote returns nil the note is
// durable, so the caller may ack the Slack envelope.
func (db *DB) CaptureNote(ctx context.Context, in bh.NewNote) (bh.Note, bool, error) {
	if in.TeamID == "" || in.ChannelID == "" {
		return bh.Note{}, false, db.fail("capture note", bh.Errorf(bh.EINVALID, "A note needs a team and a conversation."))
	}
	if in.Inferred == "" {
		at := in.WrittenAt
		if at.IsZero() {
			at = db.cfg.Now()
		}
		in.Inferred = db.infer(in.RawText, at)
	}
	r, err := in.Resolve()
	if err != nil {
		return bh.Note{}, false, db.fail("capture note", err)
	}
	text, tag, source := r.Text, r.Tag, r.TagSource
	now := db.now()
	if id, ok := db.mem.note(in.TeamID, in.ChannelID, in.MessageTS); ok {
		// A retry of a message already stored: no write at all.
		n, err := db.Note(ctx, in.TeamID, id)
		if err != nil {
			return bh.Note{}, false, err
		}
		return n, false, nil
	}
	var (
		out     logDoc
		created bool
	)
	err = db.write(ctx, func(ctx context.Context) error {
		out, created = logDoc{}, false
		shift, err := db.ensureShift(ctx, in.TeamID, in.ChannelID, in.UserID, now)
		if err != nil {
			return err
		}
		byMessage := bson.D{{Key: "team_id", Value: in.TeamID}, {Key: "channel_id", Value: in.ChannelID}, {Key: "message_ts", Value: in.MessageTS}}
		if in.MessageTS != "" && db.mem == nil {
			// On the embedded engine the index above already answered; a
			// query here would scan every note inside the write lock.
			found, err := db.findLog(ctx, byMessage)
			if err == nil {
				out = found
				return nil
			}
			if !isNoDocs(err) {
				return err
			}
		}
		doc := logDoc{ID: newID(), TeamID: in.TeamID, ShiftID: shift.ID, ChannelID: in.ChannelID, UserID: in.UserID,
			Text: text, RawText: bh.CleanText(in.RawText), Tag: string(tag), TagSource: string(source), Source: string(in.Source),
			MessageTS: in.MessageTS, Permalink: in.Permalink, EventID: in.EventID, CreatedAt: now, UpdatedAt: now, Rev: 1}
		if !in.WrittenAt.IsZero() {
			// The note's time is its message's: every rule counts from it.
			doc.CreatedAt = in.WrittenAt.UTC()
		}
		if db.notesShelved() {
			var err error
			if out, created, err = db.captureShelved(doc); err != nil || !created {
				return err
			}
			return db.captureEvent(ctx, in, now)
		}
		if _, err := db.c.logs.InsertOne(ctx, doc); err != nil {
			if isDup(err) && in.MessageTS != "" {
				// Stored a moment ago (by another delivery or process).
				found, ferr := db.findLog(ctx, byMessage)
				if ferr != nil {
					return ferr
				}
				out = found
				return nil
			}
			return err
		}
		out, created = doc, true
		return db.captureEvent(ctx, in, now)
	})
	if err != nil {
		return bh.Note{}, false, db.fail("capture note", err)
	}
	if created && in.EventID != "" {
		db.mem.eventMarked(in.TeamID+":"+in.EventID, now)
	}
	// In memory, the commit recorded the note and its message (notecache.go).
	n := out.domain()
	if !created {
		if r, ok, err := db.reply(ctx, n.ID); err == nil && ok {
			n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
		}
	}
	return n, created, nil
}

// captureEvent records the event of a note just stored, for EventSeen.
func (db *DB) captureEvent(ctx context.Context, in bh.NewNote, now time.Time) error {
	if in.EventID == "" {
		return nil
	}
	_, err := db.c.slackEvents.InsertOne(ctx, slackEventDoc{ID: in.TeamID + ":" + in.EventID, TeamID: in.TeamID, EventID: in.EventID, ReceivedAt: now})
	if isDup(err) {
		return nil
	}
	return err
}

func (db *DB) findLog(ctx context.Context, filter bson.D) (logDoc, error) {
	var d logDoc
	err := db.c.logs.FindOne(ctx, filter).Decode(&d)
	return d, err
}

// MarkEvent records a Slack event id and reports whether this is its first
// delivery. Use it for events that change state without creating a note
// (edits, deletions); CaptureNote de-duplicates by message on its own.
func (db *DB) MarkEvent(ctx context.Context, teamID, eventID string) (bool, error) {
	if eventID == "" {
		return true, nil
	}
	key := teamID + ":" + eventID
	now := db.now()
	if db.mem.seen(key, now) {
		return false, nil
	}
	first := false
	err := db.write(ctx, func(ctx context.Context) error {
		// Insert and let the unique _id say whether it was there: no query.
		_, err := db.c.slackEvents.InsertOne(ctx, slackEventDoc{ID: key, TeamID: teamID, EventID: eventID, ReceivedAt: now})
		if isDup(err) {
			first = false
			return nil
		}
		first = err == nil
		return err
	})
	if err != nil {
		return false, db.fail("mark event "+eventID, err)
	}
	db.mem.eventMarked(key, now)
	return first, nil
}

// EventSeen reports whether MarkEvent (or CaptureNote) recorded the event.
func (db *DB) EventSeen(ctx context.Context, teamID, eventID string) (bool, error) {
	if eventID == "" {
		return false, nil
	}
	if db.mem != nil {
		// The embedded index holds every event id this process stored.
		return db.mem.seen(teamID+":"+eventID, db.now()), nil
	}
	var d slackEventDoc
	err := db.c.slackEvents.FindOne(ctx, bson.D{{Key: "_id", Value: teamID + ":" + eventID}}).Decode(&d)
	if isNoDocs(err) {
		return false, nil
	}
	if err != nil {
		return false, db.fail("check event "+eventID, err)
	}
	return true, nil
}

// Note returns a note of the team by id, deleted or not.
func (db *DB) Note(ctx context.Context, teamID, id string) (bh.Note, error) {
	var d logDoc
	var err error
	if db.notesShelved() {
		var ok bool
		if d, ok = db.mem.noteByID(id); !ok || d.TeamID != teamID {
			err = mongo.ErrNoDocuments
		}
	} else {
		d, err = db.findLog(ctx, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}})
	}
	if isNoDocs(err) {
		return bh.Note{}, db.fail("get note "+id, bh.Errorf(bh.ENOTFOUND, "That note no longer exists."))
	}
	if err != nil {
		return bh.Note{}, db.fail("get note "+id, err)
	}
	return db.withReply(ctx, d.domain())
}

// NotesByID returns the team's notes of ids that exist, deleted ones too,
// in the order of ids: a card's cited notes, without the shift's months of
// others.
func (db *DB) NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error) {
	if db.mem != nil {
		return db.mem.notesByID(teamID, ids), nil
	}
	docs, err := findAll[logDoc](ctx, db, colLogs, bson.D{{Key: "team_id", Value: teamID}, {Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}}, nil)
	if err != nil {
		return nil, db.fail("list notes by id", err)
	}
	replies, err := db.repliesOf(ctx, teamID)
	if err != nil {
		return nil, db.fail("list notes by id", err)
	}
	byID := make(map[string]bh.Note, len(docs))
	for _, d := range docs {
		n := d.domain()
		if r, ok := replies[n.ID]; ok {
			n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
		}
		byID[n.ID] = n
	}
	out := make([]bh.Note, 0, len(ids))
	for _, id := range ids {
		if n, ok := byID[id]; ok {
			out = append(out, n)
		}
	}
	return out, nil
}

// withReply adds where the note's confirmation is.
func (db *DB) withReply(ctx context.Context, n bh.Note) (bh.Note, error) {
	r, ok, err := db.reply(ctx, n.ID)
	if err != nil {
		return n, db.fail("get note reply "+n.ID, err)
	}
	if ok {
		n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
	}
	return n, nil
}

// NoteByMessage returns the note captured from a Slack message.
func (db *DB) NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error) {
	var d logDoc
	var err error
	if db.notesShelved() {
		id, ok := db.mem.note(teamID, channelID, ts)
		if ok {
			d, ok = db.mem.noteByID(id)
		}
		if !ok {
			err = mongo.ErrNoDocuments
		}
	} else {
		d, err = db.findLog(ctx, bson.D{{Key: "team_id", Value: teamID}, {Key: "channel_id", Value: channelID}, {Key: "message_ts", Value: ts}})
	}
	if isNoDocs(err) {
		return bh.Note{}, db.fail("get note by message "+ts, bh.Errorf(bh.ENOTFOUND, "No note was saved from that message."))
	}
	if err != nil {
		return bh.Note{}, db.fail("get note by message "+ts, err)
	}
	return db.withReply(ctx, d.domain())
}

// updateNote applies update to one note of the team and returns the result.
func (db *DB) updateNote(ctx context.Context, op string, filter bson.D, set bson.D, unset bson.D) (bh.Note, error) {
	now := db.now()
	set = append(set, bson.E{Key: "updated_at", Value: now})
	update := bson.D{{Key: "$set", Value: set}, {Key: "$inc", Value: bson.D{{Key: "rev", Value: 1}}}}
	if len(unset) > 0 {
		update = append(update, bson.E{Key: "$unset", Value: unset})
	}
	var d logDoc
	err := db.write(ctx, func(ctx context.Context) error {
		d = logDoc{}
		if db.notesShelved() {
			var err error
			d, err = db.updateShelved(filter, update)
			return err
		}
		return db.c.logs.FindOneAndUpdate(ctx, filter, update, options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&d)
	})
	if isNoDocs(err) {
		return bh.Note{}, db.fail(op, bh.Errorf(bh.ENOTFOUND, "That note no longer exists."))
	}
	if err != nil {
		return bh.Note{}, db.fail(op, err)
	}
	return db.withReply(ctx, d.domain())
}

// RetagNote sets a note's tag as a person's choice.
func (db *DB) RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error) {
	if !tag.Valid() {
		return bh.Note{}, db.fail("retag note "+id, bh.Errorf(bh.EINVALID, "%q is not a tag.", tag))
	}
	return db.updateNote(ctx, "retag note "+id, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}},
		bson.D{{Key: "tag", Value: string(tag)}, {Key: "tag_source", Value: string(bh.TagByUser)}}, nil)
}

// SetNoteReply records where the bot's confirmation for a note is. It is an
// insert into the small replies collection, not an update of the note: the
// embedded engine would scan every note to find the one to update.
func (db *DB) SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error {
	doc := replyDoc{ID: id, TeamID: teamID, Channel: channelID, TS: ts, At: db.now()}
	write := func(ctx context.Context) error {
		if db.onShelf(colReplies) {
			raw, err := bson.Marshal(doc)
			if err == nil {
				db.stage(colReplies, raw)
			}
			return err
		}
		_, err := db.c.replies.InsertOne(ctx, doc)
		if isDup(err) {
			_, err = db.c.replies.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}}, doc)
		}
		return err
	}
	if db.mem == nil {
		return db.fail("set note reply "+id, db.write(ctx, write))
	}
	// Embedded: readers see it at once through the index; the write rides
	// along with the next commit instead of costing one of its own.
	db.mem.setReply(doc)
	db.writeLater("set note reply "+id, write)
	return nil
}

// DeleteNote soft-deletes a note (Undo, or its message was deleted). Deleting
// a deleted note is not an error and keeps the first deletion time.
func (db *DB) DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error) {
	n, err := db.Note(ctx, teamID, id)
	if err != nil || n.Deleted() {
		return n, err
	}
	return db.updateNote(ctx, "delete note "+id, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}},
		bson.D{{Key: "deleted_at", Value: db.now()}}, nil)
}

// RestoreNote undoes DeleteNote.
func (db *DB) RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error) {
	return db.updateNote(ctx, "restore note "+id, bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}},
		bson.D{}, bson.D{{Key: "deleted_at", Value: ""}})
}

// infer is the normaliser's kind for a message's text written at, when the
// caller gave none (the bot leaves reading to the store).
func (db *DB) infer(raw string, at time.Time) bh.Tag {
	t, ok := bh.ParseNoteText(raw)
	if !ok || t.FromPrefix {
		return ""
	}
	return normalize.One(bh.Note{Text: t.Text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at}, db.cfg.Location, at).Kind
}

// EditNote follows an edit of the note's source message: the text is
// re-read, a new prefix re-tags it, a tag a person chose is kept, and an
// inferred tag is inferred again (inferred is the normaliser's kind for the
// new text). An edit that leaves nothing deletes the note.
func (db *DB) EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error) {
	n, err := db.NoteByMessage(ctx, teamID, channelID, ts)
	if err != nil {
		return bh.Note{}, err
	}
	t, ok := bh.ParseNoteText(rawText)
	if !ok {
		return db.DeleteNote(ctx, teamID, n.ID)
	}
	set := bson.D{{Key: "text", Value: t.Text}, {Key: "raw_text", Value: bh.CleanText(rawText)}}
	if inferred == "" {
		inferred = db.infer(rawText, db.cfg.Now())
	}
	if tag, source, keep := bh.EditedTag(n, t, inferred); !keep {
		set = append(set, bson.E{Key: "tag", Value: string(tag)}, bson.E{Key: "tag_source", Value: string(source)})
	}
	return db.updateNote(ctx, "edit note "+n.ID, bson.D{{Key: "_id", Value: n.ID}, {Key: "team_id", Value: teamID}}, set, nil)
}

// Shift returns the family's list (its shift) that the conversation feeds.
func (db *DB) Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error) {
	// Every row and shift is in memory on the embedded engine (read at
	// open, kept by each commit): a miss is an answer too.
	c, found, err := db.family(ctx, teamID, channelID, false)
	if err != nil {
		return bh.Shift{}, db.fail("get shift", err)
	}
	if !found {
		return bh.Shift{}, db.fail("get shift", bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet."))
	}
	var d shiftDoc
	if db.mem != nil {
		var ok bool
		if d, ok = db.mem.shiftByID(teamID, c.ShiftID); !ok {
			err = mongo.ErrNoDocuments
		}
	} else {
		err = db.c.shifts.FindOne(ctx, bson.D{{Key: "_id", Value: c.ShiftID}, {Key: "team_id", Value: teamID}}).Decode(&d)
	}
	if isNoDocs(err) {
		return bh.Shift{}, db.fail("get shift", bh.Errorf(bh.ENOTFOUND, "There are no notes in this conversation yet."))
	}
	if err != nil {
		return bh.Shift{}, db.fail("get shift", err)
	}
	return d.domain(), nil
}

// Notes returns a shift's notes, oldest first, without deleted ones unless
// withDeleted.
func (db *DB) Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error) {
	if db.mem != nil {
		return db.mem.notesOf(teamID, shiftID, withDeleted), nil
	}
	docs, err := findAll[logDoc](ctx, db, colLogs, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}},
		bson.D{{Key: "created_at", Value: 1}, {Key: "_id", Value: 1}})
	if err != nil {
		return nil, db.fail("list notes", err)
	}
	replies, err := db.repliesOf(ctx, teamID)
	if err != nil {
		return nil, db.fail("list notes", err)
	}
	out := make([]bh.Note, 0, len(docs))
	for _, d := range docs {
		if d.DeletedAt != nil && !withDeleted {
			continue
		}
		n := d.domain()
		if r, ok := replies[n.ID]; ok {
			n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
		}
		out = append(out, n)
	}
	return out, nil
}

// LiveNotes returns what plans and the radar read of a shift's notes at
// now (bh.LiveNotes), their times read in the shift's zone (else
// Config.Location). On the embedded store its cost follows the notes still
// live, not the shift's history; on a deployment every note is read and
// filtered here. A note past or long done at now leaves the embedded
// store's live notes for good: callers pass the one clock, which only
// moves forward.
func (db *DB) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	sh, err := db.ShiftByID(ctx, teamID, shiftID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return bh.LiveNotes{Notes: []bh.Note{}}, nil
	} else if err != nil {
		return bh.LiveNotes{}, err
	}
	loc := sh.Location(db.cfg.Location)
	var live bh.LiveNotes
	if db.mem != nil {
		live.Notes, live.Rev = db.mem.liveOf(teamID, shiftID, loc, now)
	} else {
		all, err := db.Notes(ctx, teamID, shiftID, true)
		if err != nil {
			return bh.LiveNotes{}, err
		}
		live.Notes = make([]bh.Note, 0, len(all))
		for _, n := range all {
			live.Rev += n.Rev
			var from time.Time
			if n.DeletedAt == nil && n.DoneAt == nil {
				from = pastFrom(n, loc)
			}
			if !closedAt(&n, from, now) {
				live.Notes = append(live.Notes, n)
			}
		}
	}
	// The shift again, after the notes: a sweep in between then counts the
	// notes it removed twice (an order a little high), never not at all.
	sh, err = db.ShiftByID(ctx, teamID, shiftID)
	switch {
	case err == nil:
		live.Rev += sh.SweptRev
	case bh.ErrorCode(err) != bh.ENOTFOUND:
		return bh.LiveNotes{}, err
	}
	return live, nil
}

// SetShiftTZ records the shift's time zone (from the Slack profile).
func (db *DB) SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error {
	tz = strings.TrimSpace(tz)
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.shifts.UpdateOne(ctx, bson.D{{Key: "_id", Value: shiftID}, {Key: "team_id", Value: teamID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "tz", Value: tz}, {Key: "updated_at", Value: db.now()}}}})
		return err
	})
	return db.fail("set shift tz", err)
}

// replyDoc locates a note's confirmation message.
type replyDoc struct {
	ID      string    `bson:"_id"` // the note id
	TeamID  string    `bson:"team_id"`
	Channel string    `bson:"channel"`
	TS      string    `bson:"ts"`
	At      time.Time `bson:"at"`
}

func (db *DB) reply(ctx context.Context, noteID string) (replyDoc, bool, error) {
	if db.mem != nil {
		r, ok := db.mem.reply(noteID)
		return r, ok, nil
	}
	var r replyDoc
	err := db.c.replies.FindOne(ctx, bson.D{{Key: "_id", Value: noteID}}).Decode(&r)
	if isNoDocs(err) {
		return r, false, nil
	}
	return r, err == nil, err
}

func (db *DB) repliesOf(ctx context.Context, teamID string) (map[string]replyDoc, error) {
	cur, err := db.c.replies.Find(ctx, bson.D{{Key: "team_id", Value: teamID}})
	if err != nil {
		return nil, err
	}
	var rs []replyDoc
	if err := cur.All(ctx, &rs); err != nil {
		return nil, err
	}
	out := make(map[string]replyDoc, len(rs))
	for _, r := range rs {
		out[r.ID] = r
	}
	return out, nil
}
