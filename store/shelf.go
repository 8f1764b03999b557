package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"log/slog"
	"slices"

	"go.etcd.io/bbolt"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// The shelf keeps a run's details (tasks, messages, context pack,
// proposals, decision, artifacts) on the embedded engine, beside the
// engine's collections in the same bbolt file but not in the engine: lungo
// holds every document it has in memory for as long as the process runs,
// and these are read only to show or replay one run. On a day-90 database
// they were a fifth of the bot's heap, and every save copied the
// collections they were in.
//
// Layout: the bucket "_shelf" (the engine's loader skips names starting
// with "_") holds one bucket per collection; a document's key is its run's
// id, a zero byte and the field that is unique within the run (a task's
// name, a message's seq, a proposal's archetype, an artifact's kind;
// nothing for the pack and the decision), so one run's documents are one
// prefix, in the order a reader wants them. Values are the documents as
// the engine would have stored them (zipped, keys plain), so export,
// import and the sizes read the same bytes on either engine.
type shelf struct {
	file *boltFile
}

var bucketShelf = []byte("_shelf")

// shelved names the collections on the shelf, with the field that makes a
// document unique within its run ("" when a run has one). The radar's
// states, the notes and where each note's confirmation is (replies) are
// there too, keyed by their _id (a state's is "team/shift", a reply's its
// note's): the engine finds a document only by matching every document of
// its collection, and copies a whole collection on each commit that
// changes it; a state is saved after every note, and every note is a
// commit, with its reply's after it. They are also kept in memory
// (memIndex), for reads.
var shelved = map[string]string{
	colTasks: "name", colMessages: "seq", colContextPacks: "", colProposals: "archetype", colDecisions: "", colArtifacts: "kind",
	colShiftState: byID, colLogs: byID, colReplies: byID,
}

// byID marks a shelved collection keyed by _id alone.
const byID = "_id"

// onShelf reports whether coll's documents are on the shelf.
func (db *DB) onShelf(coll string) bool {
	if db.shelf == nil {
		return false
	}
	_, ok := shelved[coll]
	return ok
}

// shelfColls lists the shelved collections in a fixed order.
func shelfColls() []string {
	out := make([]string, 0, len(shelved))
	for c := range shelved {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// detailColls lists the collections of a run's details.
func detailColls() []string {
	return slices.DeleteFunc(shelfColls(), func(c string) bool { return shelved[c] == byID })
}

// runPrefix is the start of every key of one run's documents.
func runPrefix(runID string) []byte { return append([]byte(runID), 0) }

// shelfKey is where doc goes in coll.
func shelfKey(coll string, doc bson.Raw) ([]byte, error) {
	field, ok := shelved[coll]
	if !ok {
		return nil, fmt.Errorf("shelf: %s is not shelved", coll)
	}
	if field == byID {
		id, ok := doc.Lookup("_id").StringValueOK()
		if !ok || id == "" {
			return nil, bh.Errorf(bh.EINVALID, "A document in %s has no usable _id.", coll)
		}
		return []byte(id), nil
	}
	run, ok := doc.Lookup("run_id").StringValueOK()
	if !ok || run == "" || bytes.IndexByte([]byte(run), 0) >= 0 {
		return nil, bh.Errorf(bh.EINVALID, "A document in %s has no usable run_id.", coll)
	}
	key := runPrefix(run)
	switch field {
	case "":
	case "seq":
		seq, ok := doc.Lookup("seq").AsInt64OK()
		if !ok {
			return nil, bh.Errorf(bh.EINVALID, "A message of run %s has no seq.", run)
		}
		// Sign bit flipped: the bytes sort as the numbers do.
		key = binary.BigEndian.AppendUint64(key, uint64(seq)^(1<<63))
	default:
		v, ok := doc.Lookup(field).StringValueOK()
		if !ok {
			return nil, bh.Errorf(bh.EINVALID, "A document in %s of run %s has no %s.", coll, run, field)
		}
		key = append(key, v...)
	}
	return key, nil
}

// errShelfTaken says a fresh put found a key already there: the engine's
// unique indexes refuse the same.
var errShelfTaken = bh.Errorf(bh.ECONFLICT, "These run details are already saved.")

// put stores docs (collection → documents) in one transaction. With fresh
// set, every key must be new, in the shelf and in docs, or nothing is
// written (errShelfTaken); otherwise a document replaces the one with its key.
func (s *shelf) put(docs map[string][]bson.Raw, fresh bool) error {
	byColl := map[string][]shelfKV{}
	for coll, list := range docs {
		seen := map[string]bool{}
		for _, d := range list {
			k, err := shelfKey(coll, d)
			if err != nil {
				return err
			}
			if fresh && seen[string(k)] {
				return errShelfTaken
			}
			seen[string(k)] = true
			byColl[coll] = append(byColl[coll], shelfKV{k, d})
		}
	}
	return s.file.write(func() ([]walOp, error) {
		var ops []walOp
		for coll, list := range byColl {
			for _, p := range list {
				if fresh {
					have, err := s.file.shelfGet(coll, p.k)
					if err != nil {
						return nil, err
					}
					if have != nil {
						return nil, errShelfTaken
					}
				}
				ops = append(ops, shelfOp(opPut, coll, p.k, p.v))
			}
		}
		return ops, nil
	})
}

// all returns every document of coll, in key order.
func (s *shelf) all(coll string) ([]bson.Raw, error) {
	kvs, err := s.file.shelfScan(coll, nil)
	if err != nil {
		return nil, err
	}
	out := make([]bson.Raw, len(kvs))
	for i, kv := range kvs {
		out[i] = kv.v
	}
	return out, nil
}

// get returns the stored document with doc's key, or nil.
func (s *shelf) get(coll string, doc bson.Raw) (bson.Raw, error) {
	k, err := shelfKey(coll, doc)
	if err != nil {
		return nil, err
	}
	return s.file.shelfGet(coll, k)
}

// run returns one run's documents of coll in key order. A document of
// another team is not returned (run ids are unique, but a read never
// crosses teams).
func (s *shelf) run(coll, teamID, runID string) ([]bson.Raw, error) {
	kvs, err := s.file.shelfScan(coll, runPrefix(runID))
	if err != nil {
		return nil, err
	}
	var out []bson.Raw
	for _, kv := range kvs {
		if team, _ := bson.Raw(kv.v).Lookup("team_id").StringValueOK(); team == teamID {
			out = append(out, kv.v)
		}
	}
	return out, nil
}

// removeRuns deletes every document of the runs from colls, in one
// transaction.
func (s *shelf) removeRuns(colls []string, runIDs []string) error {
	return s.file.write(func() ([]walOp, error) {
		var ops []walOp
		for _, coll := range colls {
			for _, id := range runIDs {
				kvs, err := s.file.shelfScan(coll, runPrefix(id))
				if err != nil {
					return nil, err
				}
				for _, kv := range kvs {
					ops = append(ops, shelfOp(opDel, coll, kv.k, nil))
				}
			}
		}
		return ops, nil
	})
}

// shelfBucket is coll's bucket; nil when it is not there.
func shelfBucket(tx *bbolt.Tx, coll string) *bbolt.Bucket {
	if top := tx.Bucket(bucketShelf); top != nil {
		return top.Bucket([]byte(coll))
	}
	return nil
}

// moveToShelf moves run details an earlier version kept in the engine onto
// the shelf, collection by collection: copied first, then the engine's
// collection dropped, so a crash between the two copies them again (the
// same keys) on the next start.
func (db *DB) moveToShelf(ctx context.Context, log *slog.Logger) error {
	names, err := db.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return err
	}
	for _, coll := range shelfColls() {
		if !slices.Contains(names, coll) {
			continue
		}
		cur, err := db.db.Collection(coll).Find(ctx, bson.D{})
		if err != nil {
			return fmt.Errorf("%s: %w", coll, err)
		}
		var all, docs []bson.Raw
		if err := cur.All(ctx, &all); err != nil {
			return fmt.Errorf("%s: %w", coll, err)
		}
		moved := bson.A{}
		for _, d := range all {
			// One no run's reader could find (no run id) stays where it is.
			if _, err := shelfKey(coll, d); err == nil {
				docs = append(docs, d)
				moved = append(moved, d.Lookup("_id"))
			}
		}
		if err := db.shelf.put(map[string][]bson.Raw{coll: docs}, false); err != nil {
			return fmt.Errorf("%s: %w", coll, err)
		}
		switch {
		case len(docs) == len(all):
			err = db.db.Collection(coll).Drop(ctx)
		case len(docs) > 0:
			log.WarnContext(ctx, "store: documents without the fields that place them on the shelf were left in the engine", "collection", coll, "documents", len(all)-len(docs))
			err = db.write(ctx, func(ctx context.Context) error {
				_, err := db.db.Collection(coll).DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: moved}}}})
				return err
			})
		}
		if err != nil {
			return fmt.Errorf("%s: %w", coll, err)
		}
		if len(docs) > 0 {
			log.InfoContext(ctx, "store: moved out of the engine's memory", "collection", coll, "documents", len(docs))
		}
	}
	return nil
}

// allOf reads every document of coll, from the shelf when it is there.
func allOf[T any](ctx context.Context, db *DB, coll string) ([]T, error) {
	if !db.onShelf(coll) {
		return findAll[T](ctx, db, coll, bson.D{}, nil)
	}
	raws, err := db.shelf.all(coll)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(raws))
	for i, r := range raws {
		if err := bson.Unmarshal(r, &out[i]); err != nil {
			return nil, fmt.Errorf("%s: %w", coll, err)
		}
	}
	return out, nil
}
