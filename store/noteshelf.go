package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/256dpi/lungo/mongokit"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// On the embedded engine the notes live on the shelf (shelf.go), keyed by
// id, and in memory (memIndex, by shift). The engine copied the whole
// notes collection on every commit that touched it, so each note cost in
// proportion to every note ever written. Writes are staged with the
// commit of their unit of work (write.go), and a unit reads the notes it
// staged itself, or an earlier unit of its batch did, before memIndex,
// which a commit updates only once it is durable.

// notesShelved reports whether the notes are on the shelf.
func (db *DB) notesShelved() bool { return db.onShelf(colLogs) }

// allNotes reads every note.
func (db *DB) allNotes(ctx context.Context) ([]logDoc, error) {
	return allOf[logDoc](ctx, db, colLogs)
}

// stagedNote returns the newest version of a note that the transaction
// being run staged and that match accepts (it sees the stored bytes:
// decoding every staged note for every lookup would make a batch cost the
// square of its size); gone is set when that version is a removal. Only
// from a write function, on the committer.
func (db *DB) stagedNote(match func(raw bson.Raw) bool) (raw bson.Raw, found, gone bool) {
	for i := len(db.staged) - 1; i >= 0; i-- {
		s := db.staged[i]
		if s.h[1] == colLogs && match(s.raw) {
			return s.raw, true, s.del
		}
	}
	return nil, false, false
}

// str is a string field of a stored document ("" when it is not one).
func str(raw bson.Raw, key string) string {
	v, _ := raw.Lookup(key).StringValueOK()
	return v
}

// currentNote is a note as a write function sees it, as stored: staged in
// this transaction, or committed.
func (db *DB) currentNote(id string) (logDoc, bson.Raw, bool, error) {
	raw, found, gone := db.stagedNote(func(raw bson.Raw) bool { return str(raw, "_id") == id })
	if !found {
		if _, ok := db.mem.noteByID(id); !ok {
			return logDoc{}, nil, false, nil
		}
		var err error
		if raw, err = db.shelf.get(colLogs, idDoc(id)); err != nil || raw == nil {
			return logDoc{}, nil, false, err
		}
	} else if gone {
		return logDoc{}, nil, false, nil
	}
	var d logDoc
	if err := bson.Unmarshal(raw, &d); err != nil {
		return logDoc{}, nil, false, err
	}
	return d, raw, true, nil
}

// messageNote is the note captured from a message, as a write function
// sees it.
func (db *DB) messageNote(team, channel, ts string) (logDoc, bool, error) {
	raw, found, gone := db.stagedNote(func(raw bson.Raw) bool {
		return str(raw, "message_ts") == ts && str(raw, "channel_id") == channel && str(raw, "team_id") == team
	})
	if found {
		var d logDoc
		if gone {
			return d, false, nil
		}
		return d, true, bson.Unmarshal(raw, &d)
	}
	id, ok := db.mem.note(team, channel, ts)
	if !ok {
		return logDoc{}, false, nil
	}
	// Not staged (looked at above): memory has it as committed; no read of
	// the file on the committer.
	d, ok := db.mem.noteByID(id)
	return d, ok, nil
}

// captureShelved is CaptureNote's write on the shelf: the stored note of
// the message if there is one (out, false), or doc staged (doc, true).
func (db *DB) captureShelved(doc logDoc) (logDoc, bool, error) {
	if doc.MessageTS != "" {
		found, ok, err := db.messageNote(doc.TeamID, doc.ChannelID, doc.MessageTS)
		if err != nil || ok {
			return found, false, err
		}
	}
	raw, err := bson.Marshal(doc)
	if err != nil {
		return logDoc{}, false, err
	}
	db.stage(colLogs, raw)
	return doc, true, nil
}

// updateShelved applies update to the note filter names by _id, if filter
// matches it (as the engine would: mongokit is its matcher and updater),
// and stages the result. It fails with mongo.ErrNoDocuments when there is
// no such note or it does not match.
func (db *DB) updateShelved(filter, update bson.D) (logDoc, error) {
	var id string
	for _, e := range filter {
		if e.Key == "_id" {
			id, _ = e.Value.(string)
		}
	}
	if id == "" {
		return logDoc{}, fmt.Errorf("store: a note update without an _id (%v)", filter)
	}
	_, stored, ok, err := db.currentNote(id)
	if err != nil {
		return logDoc{}, err
	}
	if !ok {
		return logDoc{}, mongo.ErrNoDocuments
	}
	// From the stored document, not the struct: a field this version does
	// not know stays, as the engine keeps it.
	doc, err := toDoc(stored)
	if err != nil {
		return logDoc{}, err
	}
	query, err := toDoc(filter)
	if err != nil {
		return logDoc{}, err
	}
	if match, err := mongokit.Match(doc, query); err != nil {
		return logDoc{}, err
	} else if !match {
		return logDoc{}, mongo.ErrNoDocuments
	}
	upd, err := toDoc(update)
	if err != nil {
		return logDoc{}, err
	}
	if _, err := mongokit.Apply(doc, query, upd, false, nil); err != nil {
		return logDoc{}, err
	}
	raw, err := bson.Marshal(doc)
	if err != nil {
		return logDoc{}, err
	}
	var out logDoc
	if err := bson.Unmarshal(raw, &out); err != nil {
		return logDoc{}, err
	}
	db.stage(colLogs, raw)
	return out, nil
}

// toDoc turns v into the engine's document form.
func toDoc(v any) (*bson.D, error) {
	raw, err := bson.Marshal(v)
	if err != nil {
		return nil, err
	}
	var d bson.D
	if err := bson.Unmarshal(raw, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// closedBefore reports whether a note was removed or done before cutoff:
// what the sweep takes.
func closedBefore(d *logDoc, cutoff time.Time) bool {
	return (d.DeletedAt != nil && d.DeletedAt.Before(cutoff)) || (d.DoneAt != nil && d.DoneAt.Before(cutoff))
}

// sweepableNotes lists up to limit notes closed before cutoff.
func (db *DB) sweepableNotes(cutoff time.Time, limit int) []logDoc {
	var out []logDoc
	db.mem.eachNote(func(d *logDoc) {
		if len(out) < limit && closedBefore(d, cutoff) {
			out = append(out, *d)
		}
	})
	return out
}

// unstageNotes stages the removal of the notes that are still closed
// before cutoff (a note reopened since it was listed stays), and returns
// them. Only from a write function.
func (db *DB) unstageNotes(ids []string, cutoff time.Time) ([]logDoc, error) {
	var gone []logDoc
	for _, id := range ids {
		d, raw, ok, err := db.currentNote(id)
		if err != nil {
			return nil, err
		}
		if !ok || !closedBefore(&d, cutoff) {
			continue
		}
		db.stageDelete(colLogs, raw)
		gone = append(gone, d)
	}
	return gone, nil
}

// notesChangedSince lists the team/shift pairs with a note updated at or
// after since.
func (db *DB) notesChangedSince(since time.Time) [][2]string {
	seen := map[[2]string]bool{}
	var out [][2]string
	db.mem.eachNote(func(d *logDoc) {
		if d.UpdatedAt.Before(since) {
			return
		}
		for _, shift := range []string{d.ShiftID, d.left()} {
			// A moved note changed the list it left too.
			if k := [2]string{d.TeamID, shift}; shift != "" && !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	})
	slices.SortFunc(out, func(a, b [2]string) int {
		return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1]))
	})
	return out
}

// shiftNotesRaw returns a shift's notes as stored, deleted ones too, in
// _id order (as the engine's collections are exported). A note removed
// since the list was read is left out.
func (db *DB) shiftNotesRaw(teamID, shiftID string) ([]bson.Raw, error) {
	docs := db.mem.shiftNotes(teamID, shiftID)
	slices.SortFunc(docs, func(a, b logDoc) int { return strings.Compare(a.ID, b.ID) })
	var out []bson.Raw
	for _, d := range docs {
		v, err := db.shelf.file.shelfGet(colLogs, []byte(d.ID))
		if err != nil {
			return nil, err
		}
		if v != nil {
			out = append(out, v)
		}
	}
	return out, nil
}
