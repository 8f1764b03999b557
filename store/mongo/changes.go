package mongo

import (
	"context"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's "changes since position P" on the notes
// collection: a change stream, whose resume token is the position. A
// token the server (or lungo's oplog) no longer holds fails WatchNotes;
// the radar then catches up from ShiftsChangedSince and its cursor.

// maxChangeBatch bounds how many waiting changes one read takes.
const maxChangeBatch = 1000

// noteEvent is what WatchNotes reads of a change event.
type noteEvent struct {
	Op     string   `bson:"operationType"`
	Doc    *noteDoc `bson:"fullDocument"`
	Update struct {
		Fields bson.M `bson:"updatedFields"`
	} `bson:"updateDescription"`
}

// quietFields are those whose change alone the radar need not hear of.
var quietFields = map[string]bool{"replychannel": true, "replyts": true, "reply_at": true, "reading": true, "open_until": true}

// changes are the note changes an event tells: none for a removal (only
// the sweep removes notes, closed ones) or a quiet update; for a move,
// the list the note left too.
func (ev noteEvent) changes(token []byte) []bh.NoteChange {
	quiet := ev.Op == "update"
	for f := range ev.Update.Fields {
		quiet = quiet && quietFields[f]
	}
	if ev.Doc == nil || quiet {
		return nil
	}
	out := []bh.NoteChange{{TeamID: ev.Doc.TeamID, ShiftID: ev.Doc.ShiftID, Token: token}}
	if ev.Doc.moved() {
		out = append(out, bh.NoteChange{TeamID: ev.Doc.TeamID, ShiftID: ev.Doc.MovedFrom, Token: token})
	}
	return out
}

// WatchNotes streams note changes after the resume token (nil: from now).
// next waits for a change, ctx or the stream's end (io.EOF), and returns
// it with every change already waiting (up to maxChangeBatch), oldest
// first, each with the token to resume after it.
func (db *DB) WatchNotes(ctx context.Context, resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error) {
	opts := options.ChangeStream().SetFullDocument(options.UpdateLookup)
	if len(resume) > 0 {
		opts.SetResumeAfter(bson.Raw(resume))
	}
	cs, err := db.c(colNotes).Watch(ctx, []bson.D{}, opts) // lungo applies no pipeline: events are read here
	if err != nil {
		if len(resume) > 0 {
			db.cfg.Logger.Warn("mongo: the notes' change stream cannot resume at the radar's cursor (the oplog moved on, or the cursor is not this deployment's); the radar catches up from the notes' times", "err", err)
		}
		return nil, nil, db.fail("watch notes", err)
	}
	next := func(ctx context.Context) ([]bh.NoteChange, error) {
		var out []bh.NoteChange
		for len(out) < maxChangeBatch && (len(out) == 0 && cs.Next(ctx) || len(out) > 0 && cs.TryNext(ctx)) {
			var ev noteEvent
			if err := cs.Decode(&ev); err != nil {
				return nil, db.fail("read note change", err)
			}
			out = append(out, ev.changes(append([]byte(nil), cs.ResumeToken()...))...)
		}
		if len(out) > 0 {
			return out, nil
		}
		return nil, errOr(ctx.Err(), errOr(db.fail("watch notes", cs.Err()), io.EOF))
	}
	return next, func() error { return db.fail("stop watching notes", cs.Close(context.Background())) }, nil
}

// ShiftsChangedSince lists the families with a note changed (or moved,
// both) at or after since.
func (db *DB) ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error) {
	docs, err := all[noteDoc](ctx, db.c(colNotes), bson.M{"updatedat": bson.M{"$gte": since}}, nil, 0)
	ids := []string{}
	for _, d := range docs {
		if ids = append(ids, d.ShiftID); d.moved() {
			ids = append(ids, d.MovedFrom)
		}
	}
	if err != nil {
		return nil, db.fail("shifts changed since", err)
	}
	out, err := all[bh.Shift](ctx, db.c(colShifts), bson.M{"_id": bson.M{"$in": ids}}, by("_id"), 0)
	return out, db.fail("shifts changed since", err)
}
