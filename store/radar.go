package store

import (
	"context"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// WatchNotes opens a change stream on notes after the resume token (nil:
// from now) and returns its next and stop functions. The embedded engine
// keeps a short oplog and a real standalone server has no change streams:
// callers must be ready for an error here, or from next, and catch up from
// the collections instead. next returns io.EOF when the stream ends. next
// waits for one change and returns it with every change already waiting
// (up to maxBatch): a burst is read at once.
func (db *DB) WatchNotes(ctx context.Context, resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error) {
	if db.notesShelved() {
		next, stop, err := db.feed.watch(resume)
		return next, stop, db.fail("watch notes", err)
	}
	opts := options.ChangeStream().SetFullDocument(options.UpdateLookup)
	if len(resume) > 0 {
		opts.SetResumeAfter(bson.Raw(resume))
	}
	// An empty pipeline: the embedded engine panics on any other, so events
	// are filtered in Go.
	cs, err := db.c.logs.Watch(ctx, []bson.D{}, opts)
	if err != nil {
		return nil, nil, db.fail("watch notes", err)
	}
	read := func() ([]bh.NoteChange, error) {
		var ev struct {
			Doc bson.Raw `bson:"fullDocument"`
		}
		if err := cs.Decode(&ev); err != nil {
			return nil, db.fail("read note change", err)
		}
		if shift, _ := ev.Doc.Lookup("shift_id").StringValueOK(); shift == "" {
			// A hard deletion (notes are soft-deleted; only by hand): the
			// catch-up covers it.
			return nil, nil
		}
		return noteChanges(ev.Doc, append([]byte(nil), cs.ResumeToken()...)), nil
	}
	next := func(ctx context.Context) ([]bh.NoteChange, error) {
		var out []bh.NoteChange
		for len(out) == 0 && cs.Next(ctx) {
			chs, err := read()
			if err != nil {
				return nil, err
			}
			out = append(out, chs...)
		}
		if len(out) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if err := cs.Err(); err != nil {
				return nil, db.fail("watch notes", err)
			}
			return nil, io.EOF
		}
		for len(out) < maxChangeBatch && cs.TryNext(ctx) {
			chs, err := read()
			if err != nil {
				return nil, err
			}
			out = append(out, chs...)
		}
		return out, nil
	}
	return next, func() error { return cs.Close(context.Background()) }, nil
}

// maxChangeBatch bounds how many waiting changes one read takes.
const maxChangeBatch = 1000

// ShiftsChangedSince lists the shifts with a note created, edited, re-tagged
// or deleted at or after since: the radar's catch-up.
func (db *DB) ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error) {
	type ref struct {
		TeamID  string `bson:"team_id"`
		ShiftID string `bson:"shift_id"`
	}
	var refs []ref
	if db.notesShelved() {
		for _, k := range db.notesChangedSince(since) {
			refs = append(refs, ref{TeamID: k[0], ShiftID: k[1]})
		}
	} else {
		docs, err := findAll[logDoc](ctx, db, colLogs, bson.D{{Key: "updated_at", Value: bson.D{{Key: "$gte", Value: since.UTC()}}}}, nil)
		if err != nil {
			return nil, db.fail("shifts changed since", err)
		}
		for _, d := range docs {
			refs = append(refs, ref{TeamID: d.TeamID, ShiftID: d.ShiftID})
			if left := d.left(); left != "" {
				// The list a moved note left changed too.
				refs = append(refs, ref{TeamID: d.TeamID, ShiftID: left})
			}
		}
	}
	seen := map[string]bool{}
	var out []bh.Shift
	for _, r := range refs {
		if seen[r.TeamID+"/"+r.ShiftID] {
			continue
		}
		seen[r.TeamID+"/"+r.ShiftID] = true
		sh, err := db.ShiftByID(ctx, r.TeamID, r.ShiftID)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			continue // a list a note left, gone since: nothing to recompute
		}
		if err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, nil
}

// ShiftByID returns a shift of the team by id.
func (db *DB) ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error) {
	var d shiftDoc
	var err error
	if db.mem != nil {
		var ok bool
		if d, ok = db.mem.shiftByID(teamID, shiftID); !ok {
			err = mongo.ErrNoDocuments
		}
	} else {
		err = db.c.shifts.FindOne(ctx, bson.D{{Key: "_id", Value: shiftID}, {Key: "team_id", Value: teamID}}).Decode(&d)
	}
	if isNoDocs(err) {
		return bh.Shift{}, db.fail("get shift "+shiftID, bh.Errorf(bh.ENOTFOUND, "That conversation has no shift."))
	}
	if err != nil {
		return bh.Shift{}, db.fail("get shift "+shiftID, err)
	}
	return d.domain(), nil
}

type riskItemDoc struct {
	Key     string     `bson:"key"`
	Kind    string     `bson:"kind"`
	Text    string     `bson:"text"`
	At      *time.Time `bson:"at,omitempty"`
	Overdue bool       `bson:"overdue,omitempty"`
	Dropped bool       `bson:"dropped,omitempty"`
	Since   *time.Time `bson:"since,omitempty"`
	Level   int        `bson:"level"`
	NoteIDs []string   `bson:"note_ids,omitempty"`
	Ask     bool       `bson:"ask,omitempty"`
	Mood    bool       `bson:"mood,omitempty"`
}

type shiftStateDoc struct {
	ID            string        `bson:"_id"`
	TeamID        string        `bson:"team_id"`
	ShiftID       string        `bson:"shift_id"`
	ChannelID     string        `bson:"channel_id"`
	Energy        string        `bson:"energy"`
	EnergyChosen  bool          `bson:"energy_chosen,omitempty"`
	EnergyNoteIDs []string      `bson:"energy_note_ids,omitempty"`
	Level         int           `bson:"level"`
	Deadlines     []riskItemDoc `bson:"deadlines"`
	Inventory     []riskItemDoc `bson:"inventory"`
	Commitments   []riskItemDoc `bson:"commitments"`
	// Health is absent from states saved before it was.
	Health      []riskItemDoc `bson:"health,omitempty"`
	NextActions []itemDoc     `bson:"next_actions"`
	Notes       int           `bson:"notes"`
	NotesRev    int           `bson:"notes_rev"`
	Fingerprint string        `bson:"fingerprint"`
	ComputedAt  time.Time     `bson:"computed_at"`
}

func toRiskDocs(items []bh.RiskItem) []riskItemDoc {
	out := make([]riskItemDoc, 0, len(items))
	for _, it := range items {
		d := riskItemDoc{Key: it.Key, Kind: string(it.Kind), Text: it.Text, Overdue: it.Overdue, Dropped: it.Dropped, Level: int(it.Level), NoteIDs: it.NoteIDs,
			Ask: it.Ask, Mood: it.Mood}
		if it.At != nil {
			t := it.At.UTC()
			d.At = &t
		}
		if it.Since != nil {
			t := it.Since.UTC()
			d.Since = &t
		}
		out = append(out, d)
	}
	return out
}

func fromRiskDocs(ds []riskItemDoc) []bh.RiskItem {
	if len(ds) == 0 {
		return nil
	}
	out := make([]bh.RiskItem, 0, len(ds))
	for _, d := range ds {
		it := bh.RiskItem{Key: d.Key, Kind: bh.Tag(d.Kind), Text: d.Text, Overdue: d.Overdue, Dropped: d.Dropped, Level: bh.RiskLevel(d.Level), NoteIDs: d.NoteIDs,
			Ask: d.Ask, Mood: d.Mood}
		if d.At != nil {
			t := d.At.UTC()
			it.At = &t
		}
		if d.Since != nil {
			t := d.Since.UTC()
			it.Since = &t
		}
		out = append(out, it)
	}
	return out
}

// ShiftState returns a shift's last radar state and the fingerprint of the
// notes it was computed from; found is false before the first.
func (db *DB) ShiftState(ctx context.Context, teamID, shiftID string) (st bh.ShiftState, fingerprint string, found bool, err error) {
	if db.mem != nil {
		// The cache holds every state (filled at open, kept by each
		// commit), so a miss is an answer too.
		d, ok := db.mem.states.get(teamID + "/" + shiftID)
		if !ok {
			return bh.ShiftState{}, "", false, nil
		}
		return d.domain(), d.Fingerprint, true, nil
	}
	var d shiftStateDoc
	err = db.c.shiftState.FindOne(ctx, bson.D{{Key: "_id", Value: teamID + "/" + shiftID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.ShiftState{}, "", false, nil
	}
	if err != nil {
		return bh.ShiftState{}, "", false, db.fail("get shift state", err)
	}
	return d.domain(), d.Fingerprint, true, nil
}

func (d shiftStateDoc) domain() bh.ShiftState {
	return bh.ShiftState{TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, Energy: bh.Energy(d.Energy), EnergyChosen: d.EnergyChosen,
		EnergyNoteIDs: d.EnergyNoteIDs, Level: bh.RiskLevel(d.Level), Deadlines: fromRiskDocs(d.Deadlines), Inventory: fromRiskDocs(d.Inventory),
		Commitments: fromRiskDocs(d.Commitments), Health: fromRiskDocs(d.Health), NextActions: fromItemDocs(d.NextActions), Notes: d.Notes, NotesRev: d.NotesRev, ComputedAt: d.ComputedAt.UTC()}
}

type cursorDoc struct {
	ID    string    `bson:"_id"`
	Token []byte    `bson:"token,omitempty"`
	At    time.Time `bson:"at"`
}

const radarCursorID = "radar:cursor"

// RadarCursor returns the saved cursor (zero before the first).
func (db *DB) RadarCursor(ctx context.Context) (bh.RadarCursor, error) {
	var d cursorDoc
	err := db.c.counters.FindOne(ctx, bson.D{{Key: "_id", Value: radarCursorID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.RadarCursor{}, nil
	}
	if err != nil {
		return bh.RadarCursor{}, db.fail("get radar cursor", err)
	}
	return bh.RadarCursor{Token: d.Token, At: d.At.UTC()}, nil
}

func (db *DB) putCursor(ctx context.Context, cur bh.RadarCursor) error {
	_, err := db.c.counters.ReplaceOne(ctx, bson.D{{Key: "_id", Value: radarCursorID}},
		cursorDoc{ID: radarCursorID, Token: cur.Token, At: cur.At.UTC()}, options.Replace().SetUpsert(true))
	return err
}

// SaveShiftState stores a recomputed state with the "agent woke up" event
// and, when set, the cursor: one commit, so a crash can never save one
// without the others.
func (db *DB) SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error {
	doc := shiftStateDoc{ID: st.TeamID + "/" + st.ShiftID, TeamID: st.TeamID, ShiftID: st.ShiftID, ChannelID: st.ChannelID, Energy: string(st.Energy),
		EnergyChosen: st.EnergyChosen, EnergyNoteIDs: st.EnergyNoteIDs, Level: int(st.Level), Deadlines: toRiskDocs(st.Deadlines),
		Inventory: toRiskDocs(st.Inventory), Commitments: toRiskDocs(st.Commitments), Health: toRiskDocs(st.Health), NextActions: toItemDocs(st.NextActions), Notes: st.Notes,
		NotesRev: st.NotesRev, Fingerprint: fingerprint, ComputedAt: st.ComputedAt.UTC()}
	if db.onShelf(colShiftState) {
		return db.fail("save shift state", db.saveStateShelved(ctx, doc, ev, cur))
	}
	err := db.write(ctx, func(ctx context.Context) error {
		// Only over a state computed from the same notes or older ones:
		// a process that read the notes before another's change must not
		// undo that process's newer state.
		notOlder := bson.D{{Key: "_id", Value: doc.ID}, {Key: "$or", Value: bson.A{
			bson.D{{Key: "notes_rev", Value: bson.D{{Key: "$lte", Value: doc.NotesRev}}}},
			bson.D{{Key: "notes_rev", Value: bson.D{{Key: "$exists", Value: false}}}},
		}}}
		res, err := db.c.shiftState.ReplaceOne(ctx, notOlder, doc)
		if err != nil {
			return err
		}
		if res.MatchedCount == 0 {
			if _, err := db.c.shiftState.InsertOne(ctx, doc); isDup(err) {
				ev = nil // a newer state is there; only the cursor moves
			} else if err != nil {
				return err
			}
		}
		return db.recordLook(ctx, ev, cur)
	})
	return db.fail("save shift state", err)
}

// saveStateShelved is SaveShiftState with the states on the shelf: the
// state is written in the same commit as its event and the cursor. The
// compare-and-set is against the state in memory, which every commit keeps
// current, on the committer, so no other save comes between.
func (db *DB) saveStateShelved(ctx context.Context, doc shiftStateDoc, ev *bh.Event, cur *bh.RadarCursor) error {
	raw, err := bson.Marshal(doc)
	if err != nil {
		return err
	}
	return db.write(ctx, func(ctx context.Context) error {
		if have, ok := db.mem.states.get(doc.ID); ok && have.NotesRev > doc.NotesRev {
			ev = nil // a newer state is there; only the cursor moves
		} else {
			db.stage(colShiftState, raw)
		}
		return db.recordLook(ctx, ev, cur)
	})
}

// recordLook stores a look's wake-up event (none when its state lost to a
// newer one) and moves the radar's cursor (when given), inside a write.
func (db *DB) recordLook(ctx context.Context, ev *bh.Event, cur *bh.RadarCursor) error {
	if ev != nil {
		e := eventDoc{ID: ev.ID, TeamID: ev.TeamID, ShiftID: ev.ShiftID, At: ev.At.UTC(), Agent: ev.Agent, Type: ev.Type, Text: ev.Text, Meta: ev.Meta}
		if _, err := db.c.events.InsertOne(ctx, e); err != nil && !isDup(err) {
			return err
		}
	}
	if cur != nil {
		return db.putCursor(ctx, *cur)
	}
	return nil
}

// allStates reads every shift's state.
func (db *DB) allStates(ctx context.Context) ([]shiftStateDoc, error) {
	return allOf[shiftStateDoc](ctx, db, colShiftState)
}

// SaveRadarCursor moves the cursor on its own (a catch-up with nothing to do).
func (db *DB) SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error {
	return db.fail("save radar cursor", db.write(ctx, func(ctx context.Context) error { return db.putCursor(ctx, cur) }))
}

// ShiftEvents lists a shift's newest timeline events, newest first.
func (db *DB) ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error) {
	filter := bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}}
	if typ != "" {
		filter = append(filter, bson.E{Key: "type", Value: typ})
	}
	evs, err := findAll[eventDoc](ctx, db, colEvents, filter, bson.D{{Key: "at", Value: -1}})
	if err != nil {
		return nil, db.fail("list events", err)
	}
	var out []bh.Event
	for i, e := range evs {
		if limit > 0 && i == limit {
			break
		}
		out = append(out, bh.Event{ID: e.ID, TeamID: e.TeamID, ShiftID: e.ShiftID, RunID: e.RunID, At: e.At.UTC(), Agent: e.Agent, Type: e.Type, Text: e.Text, Meta: e.Meta})
	}
	return out, nil
}
