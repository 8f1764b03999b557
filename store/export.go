package store

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// ExportFormat is the version of what Export produces. Import refuses a
// higher one: it was written by a newer BabyHandoff.
// Format 2 carries families: the conversations that feed the shift, its
// members, their people and its invites; format 1 dumps import as before
// families (each shift becomes a family of its own).
const ExportFormat = 2

// Dump is one family's documents (its shift's), collection by collection, exactly
// as stored (as MongoDB Extended JSON when written out), so an import gives
// back the same database: ids, times, versions, zipped run details, radar
// state. Sent Slack event ids and files being uploaded are not part of it.
type Dump struct {
	Shift       bh.Shift
	Collections map[string][]bson.Raw
}

// Conversations lists every shift (a family's list), or the one
// team/channel feeds when both are given.
func (db *DB) Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error) {
	if teamID != "" && channelID != "" {
		sh, err := db.Shift(ctx, teamID, channelID)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			return []bh.Shift{}, nil
		}
		if err != nil {
			return nil, err
		}
		return []bh.Shift{sh}, nil
	}
	filter := bson.D{}
	if teamID != "" {
		filter = append(filter, bson.E{Key: "team_id", Value: teamID})
	}
	if channelID != "" {
		filter = append(filter, bson.E{Key: "channel_id", Value: channelID})
	}
	docs, err := findAll[shiftDoc](ctx, db, colShifts, filter, bson.D{{Key: "team_id", Value: 1}, {Key: "channel_id", Value: 1}})
	if err != nil {
		return nil, db.fail("list conversations", err)
	}
	out := make([]bh.Shift, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// Export reads everything a family's shift owns, with who belongs to it.
func (db *DB) Export(ctx context.Context, sh bh.Shift) (Dump, error) {
	d := Dump{Shift: sh, Collections: map[string][]bson.Raw{}}
	byShift := bson.D{{Key: "team_id", Value: sh.TeamID}, {Key: "shift_id", Value: sh.ID}}
	raw := func(coll string, filter bson.D) error {
		cur, err := db.db.Collection(coll).Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
		if err != nil {
			return err
		}
		var docs []bson.Raw
		if err := cur.All(ctx, &docs); err != nil {
			return err
		}
		if len(docs) > 0 {
			d.Collections[coll] = docs
		}
		return nil
	}
	for _, c := range []struct {
		name   string
		filter bson.D
	}{
		{colShifts, bson.D{{Key: "_id", Value: sh.ID}, {Key: "team_id", Value: sh.TeamID}}},
		{colLogs, byShift}, {colShiftState, byShift}, {colRuns, byShift}, {colEvents, byShift},
		{colNudges, byShift}, {colRadarSettings, byShift}, {colDuty, byShift}, {colHandoffs, byShift},
		{colCounters, bson.D{{Key: "_id", Value: "runs:" + sh.TeamID + ":" + sh.ID}}},
		{colConversations, byShift}, {colMembers, byShift}, {colInvites, byShift},
	} {
		if c.name == colLogs && db.notesShelved() {
			docs, err := db.shiftNotesRaw(sh.TeamID, sh.ID)
			if err != nil {
				return Dump{}, db.fail("export notes", err)
			}
			if len(docs) > 0 {
				d.Collections[colLogs] = docs
			}
			continue
		}
		if db.onShelf(c.name) { // the shift's state, by its id
			have, err := db.shelf.get(c.name, idDoc(sh.TeamID+"/"+sh.ID))
			if err != nil {
				return Dump{}, db.fail("export "+c.name, err)
			}
			if have != nil {
				d.Collections[c.name] = []bson.Raw{have}
			}
			continue
		}
		if err := raw(c.name, c.filter); err != nil {
			return Dump{}, db.fail("export "+c.name, err)
		}
	}
	// The row of the conversation that founded it, once its person left
	// (no shift, or a family of their own since): without it an import
	// would map that conversation back to the family it founded and make
	// them a member again. It goes as not feeding this family.
	if !bh.IsFamilyKey(sh.ChannelID) && !bh.IsSampleChannel(sh.ChannelID) {
		var founding convDoc
		err := db.c.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: convID(sh.TeamID, sh.ChannelID)}}).Decode(&founding)
		switch {
		case err == nil && founding.ShiftID != sh.ID:
			founding.ShiftID = ""
			b, err := bson.Marshal(founding)
			if err != nil {
				return Dump{}, db.fail("export conversations", err)
			}
			d.Collections[colConversations] = append(d.Collections[colConversations], bson.Raw(b))
		case err != nil && !isNoDocs(err):
			return Dump{}, db.fail("export conversations", err)
		}
	}
	// A run's details carry its run's id (zipped ones no shift id).
	runs := idsOf(d.Collections[colRuns])
	if len(runs) > 0 {
		byRun := bson.D{{Key: "team_id", Value: sh.TeamID}, {Key: "run_id", Value: bson.D{{Key: "$in", Value: runs}}}}
		for _, c := range []string{colTasks, colMessages, colContextPacks, colProposals, colDecisions, colArtifacts} {
			if db.onShelf(c) {
				if err := db.exportShelved(d, c, sh.TeamID, runs); err != nil {
					return Dump{}, db.fail("export "+c, err)
				}
				continue
			}
			if err := raw(c, byRun); err != nil {
				return Dump{}, db.fail("export "+c, err)
			}
		}
	}
	// The people of its members (their quiet hours).
	if ms := d.Collections[colMembers]; len(ms) > 0 {
		ids := bson.A{}
		for _, m := range ms {
			ids = append(ids, sh.TeamID+"/"+str(m, "user_id"))
		}
		if err := raw(colPeople, bson.D{{Key: "team_id", Value: sh.TeamID}, {Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}}); err != nil {
			return Dump{}, db.fail("export people", err)
		}
	}
	notes := idsOf(d.Collections[colLogs])
	if len(notes) > 0 && db.onShelf(colReplies) {
		var docs []bson.Raw
		for _, id := range notes {
			rv, _ := id.(bson.RawValue)
			s, _ := rv.StringValueOK()
			have, err := db.shelf.get(colReplies, idDoc(s))
			if err != nil {
				return Dump{}, db.fail("export replies", err)
			}
			if have != nil && str(have, "team_id") == sh.TeamID {
				docs = append(docs, have)
			}
		}
		if len(docs) > 0 {
			d.Collections[colReplies] = docs
		}
	} else if len(notes) > 0 {
		if err := raw(colReplies, bson.D{{Key: "team_id", Value: sh.TeamID}, {Key: "_id", Value: bson.D{{Key: "$in", Value: notes}}}}); err != nil {
			return Dump{}, db.fail("export replies", err)
		}
	}
	return d, nil
}

// exportShelved adds the runs' documents of a shelved collection to d, in
// _id order as the engine's collections are exported.
func (db *DB) exportShelved(d Dump, coll, teamID string, runs bson.A) error {
	var docs []bson.Raw
	for _, id := range runs {
		rv, ok := id.(bson.RawValue)
		if !ok {
			continue
		}
		run, ok := rv.StringValueOK()
		if !ok {
			continue
		}
		got, err := db.shelf.run(coll, teamID, run)
		if err != nil {
			return err
		}
		docs = append(docs, got...)
	}
	slices.SortFunc(docs, func(a, b bson.Raw) int {
		x, _ := a.Lookup("_id").StringValueOK()
		y, _ := b.Lookup("_id").StringValueOK()
		return strings.Compare(x, y)
	})
	if len(docs) > 0 {
		d.Collections[coll] = docs
	}
	return nil
}

// idDoc is a document with only an _id, to look one up on the shelf.
func idDoc(id string) bson.Raw {
	raw, _ := bson.Marshal(bson.D{{Key: "_id", Value: id}}) // a string always encodes
	return raw
}

// CheckDump says whether Import can take d, before anything is written: a
// collection it does not import, or a document without an _id, is refused.
func CheckDump(d Dump) error {
	known := map[string]bool{}
	for _, c := range allCollections {
		known[c] = true
	}
	for name, docs := range d.Collections {
		if !known[name] || name == colSlackEvents || name == colUploads || name == colAgents {
			return bh.Errorf(bh.EINVALID, "The export has a collection %q this version does not import.", name)
		}
		for _, raw := range docs {
			if raw.Lookup("_id").Type == 0 {
				return bh.Errorf(bh.EINVALID, "A document in %s has no _id.", name)
			}
			// A run's detail is found by its run and its place in it.
			if _, ok := shelved[name]; ok {
				if _, err := shelfKey(name, raw); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// idsOf lists the documents' _id values, whatever their type.
func idsOf(docs []bson.Raw) bson.A {
	out := make(bson.A, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.Lookup("_id"))
	}
	return out
}

// Imported counts what Import wrote.
type Imported = bh.Imported

// Import writes a conversation's documents by their ids: a document not
// there is inserted, an equal one left alone, and one that differs is kept
// as it is (the database moved on since the export; an import never takes
// it back), except run counters, which rise to the export's if lower. So
// importing twice, or an old export, changes nothing that was there. A collection it does not know is refused
// before anything is written.
func (db *DB) Import(ctx context.Context, d Dump) (Imported, error) {
	var out Imported
	if err := CheckDump(d); err != nil {
		return out, db.fail("import", err)
	}
	// Shifts first and counters last, so a half-done import (a crash) is
	// never a run numbering behind its runs; the next import completes it.
	order := []string{colShifts, colConversations, colMembers, colPeople, colInvites, colLogs, colReplies, colShiftState, colRuns, colTasks, colMessages, colContextPacks,
		colProposals, colDecisions, colArtifacts, colEvents, colNudges, colRadarSettings, colDuty, colHandoffs, colCounters}
	for _, name := range order {
		docs := d.Collections[name]
		coll := db.db.Collection(name)
		if db.onShelf(name) {
			if err := db.importShelved(ctx, name, docs, &out); err != nil {
				return out, db.fail(fmt.Sprintf("import %s", name), err)
			}
			continue
		}
		for _, raw := range docs {
			id := raw.Lookup("_id")
			if id.Type == 0 {
				return out, db.fail("import", bh.Errorf(bh.EINVALID, "A document in %s has no _id.", name))
			}
			var doc bson.D
			if err := bson.Unmarshal(raw, &doc); err != nil {
				return out, db.fail("import", bh.Errorf(bh.EINVALID, "A document in %s cannot be read: %v", name, err))
			}
			filter := bson.D{{Key: "_id", Value: id}}
			err := db.write(ctx, func(ctx context.Context) error {
				var have bson.Raw
				have, err := coll.FindOne(ctx, filter).Raw()
				switch {
				case isNoDocs(err):
					_, err = coll.InsertOne(ctx, doc)
					switch {
					case err == nil:
						out.New++
					case isDup(err):
						// Another document holds what is unique (a note
						// of the same message): it stays.
						out.Kept++
						err = nil
					}
					return err
				case err != nil:
					return err
				case sameDoc(have, raw):
					out.Same++
					return nil
				case name == colCounters:
					seq, _ := raw.Lookup("seq").AsInt64OK()
					res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "seq", Value: bson.D{{Key: "$lt", Value: seq}}}},
						bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: seq}}}})
					if err == nil && res.ModifiedCount > 0 {
						out.Changed++
					} else if err == nil {
						out.Kept++
					}
					return err
				default:
					out.Kept++
					return nil
				}
			})
			if err != nil {
				return out, db.fail(fmt.Sprintf("import %s", name), err)
			}
		}
	}
	// A dump from before families (format 1) has no conversations: its
	// shift becomes a family as at Open.
	if err := db.migrateFamilies(ctx); err != nil {
		return out, db.fail("import: make families", err)
	}
	return out, nil
}

// importShelved imports a shelved collection's documents as Import does
// the others: a new one is stored, an equal one left, a different one kept.
// States and notes go through the committer, as their other writes do, so
// the two never cross.
func (db *DB) importShelved(ctx context.Context, coll string, docs []bson.Raw, out *Imported) error {
	if len(docs) == 0 {
		return nil // no commit for nothing
	}
	var n Imported
	var news []bson.Raw
	classify := func() error {
		n, news = Imported{}, nil
		seen := map[string]bson.Raw{}  // by key: a dump may hold a key twice
		seenMsg := map[string]string{} // notes: message → the key taking it
		for _, raw := range docs {
			if err := bson.Raw(raw).Validate(); err != nil {
				return bh.Errorf(bh.EINVALID, "A document in %s cannot be read: %v", coll, err)
			}
			k, err := shelfKey(coll, raw)
			if err != nil {
				return err
			}
			var have bson.Raw
			if coll == colLogs {
				// As the engine's unique index did: a message is one
				// note; the one there (or earlier in the export) stays.
				if ts := str(raw, "message_ts"); ts != "" {
					mk := msgKey(str(raw, "team_id"), str(raw, "channel_id"), ts)
					d, ok, err := db.messageNote(str(raw, "team_id"), str(raw, "channel_id"), ts)
					if err != nil {
						return err
					}
					if first, dup := seenMsg[mk]; (ok && d.ID != string(k)) || (dup && first != string(k)) {
						n.Kept++
						continue
					}
					seenMsg[mk] = string(k)
				}
				_, have, _, err = db.currentNote(string(k))
			} else if coll == colReplies {
				// Memory has what is staged or waiting to be written too.
				if r, ok := db.mem.reply(string(k)); ok {
					have, err = bson.Marshal(r)
				}
			} else {
				have, err = db.shelf.get(coll, raw)
			}
			if err != nil {
				return err
			}
			if prev, ok := seen[string(k)]; ok && have == nil {
				have = prev
			}
			seen[string(k)] = raw
			switch {
			case have == nil:
				news = append(news, raw)
				n.New++
			case sameDoc(have, raw):
				n.Same++
			default:
				n.Kept++
			}
		}
		return nil
	}
	var err error
	if shelved[coll] == byID {
		err = db.write(ctx, func(ctx context.Context) error {
			if err := classify(); err != nil {
				return err
			}
			for _, raw := range news {
				db.stage(coll, raw)
			}
			return nil
		})
	} else if err = classify(); err == nil && len(news) > 0 {
		err = db.shelf.put(map[string][]bson.Raw{coll: news}, false)
	}
	if err != nil {
		return err
	}
	out.New, out.Same, out.Kept = out.New+n.New, out.Same+n.Same, out.Kept+n.Kept
	return nil
}

// sameDoc reports whether a stored document is the one being imported,
// byte for byte (what this store wrote reads back the same).
func sameDoc(a, b bson.Raw) bool { return bytes.Equal(a, b) }
