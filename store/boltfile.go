package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/256dpi/lungo"
	"github.com/256dpi/lungo/bsonkit"
	"github.com/256dpi/lungo/mongokit"
	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
	"go.mongodb.org/mongo-driver/bson"
)

// boltFile is the embedded engine's storage (lungo's Store interface) on a
// bbolt file. lungo hands Store the whole catalog on every commit, but its
// catalog is copy-on-write: a namespace no operation touched is the same
// pointer as in the catalog stored last, and inside a touched one every
// document that did not change is the same pointer too. So a commit writes
// only the documents that changed, as one record of the log in front of
// the file (wal.go, boltcommit.go), and its cost follows the size of the
// change, not of the database.
//
// Layout: one bucket per namespace ("babyhandoff.logs", "local.oplog")
// whose keys are 8-byte sequence numbers in insertion order, so a load gives
// back lungo's natural order (the oplog depends on it; a replaced document
// keeps its place, as in lungo's sets); the bucket "_indexes" holds each
// namespace's index definitions; "_meta" holds the format version.
type boltFile struct {
	bolt *bbolt.DB
	path string
	ns   map[lungo.Handle]*nsFile
	// committed, when set, hears each namespace's new or changed documents
	// (as written) and the stored versions of removed ones, after they are
	// durable.
	committed func(h lungo.Handle, puts []bson.Raw, gone bsonkit.List)
	// applyFailed, when set, hears that records could not be moved into
	// the bbolt file (they stay in the log, and are tried again), and
	// with nil that they could again.
	applyFailed func(error)
	// logSynced, when set, hears how long each record's write and sync
	// took (Config.LogSynced).
	logSynced func(time.Duration)

	// staged holds shelf documents (shelf.go) to write in the transaction
	// of the next commit, so they are durable with the engine's changes of
	// the same unit of work. Only the committer stages, while its engine
	// transaction holds the token every commit needs, so the next Store is
	// that transaction's commit; Store takes them first, whatever happens.
	stagedMu sync.Mutex
	staged   []shelfDoc

	w walState
}

// shelfDoc is a shelf document to write (or, with del, remove) with a
// commit.
type shelfDoc struct {
	h   lungo.Handle // for the committed hook
	raw bson.Raw
	del bool // remove the document with raw's key; raw is the stored version
}

// stage sets the shelf documents of the next commit.
func (f *boltFile) stage(docs []shelfDoc) {
	f.stagedMu.Lock()
	f.staged = docs
	f.stagedMu.Unlock()
}

// takeStaged returns and clears the staged documents.
func (f *boltFile) takeStaged() []shelfDoc {
	f.stagedMu.Lock()
	defer f.stagedMu.Unlock()
	docs := f.staged
	f.staged = nil
	return docs
}

// stagedOps are the log's operations for shelf documents.
func stagedOps(docs []shelfDoc) ([]walOp, error) {
	ops := make([]walOp, 0, len(docs))
	for _, d := range docs {
		k, err := shelfKey(d.h[1], d.raw)
		if err != nil {
			return nil, err
		}
		if d.del {
			ops = append(ops, shelfOp(opDel, d.h[1], k, nil))
		} else {
			ops = append(ops, shelfOp(opPut, d.h[1], k, d.raw))
		}
	}
	return ops, nil
}

// writeStaged writes shelf documents in a commit of their own (a commit
// that changed nothing in the engine does not call Store) and tells the
// committed hook.
func (f *boltFile) writeStaged(docs []shelfDoc) error {
	ops, err := stagedOps(docs)
	if err != nil {
		return err
	}
	if err := f.commit(ops); err != nil {
		return err
	}
	f.announceStaged(docs)
	return nil
}

func (f *boltFile) announceStaged(docs []shelfDoc) {
	if f.committed == nil {
		return
	}
	// One call per collection, as Store makes for the engine's changes:
	// a batch of notes updates memory and wakes the radar once. A handler
	// applies removals before puts, so a removal staged after a put of
	// the same collection starts a call of its own.
	type change struct {
		h    lungo.Handle
		puts []bson.Raw
		gone bsonkit.List
	}
	var calls []*change
	last := map[lungo.Handle]*change{}
	for _, d := range docs {
		c := last[d.h]
		if c == nil || (d.del && len(c.puts) > 0) {
			c = &change{h: d.h}
			last[d.h] = c
			calls = append(calls, c)
		}
		if !d.del {
			c.puts = append(c.puts, d.raw)
			continue
		}
		var gone bson.D
		if err := bson.Unmarshal(d.raw, &gone); err == nil {
			c.gone = append(c.gone, &gone)
		}
	}
	for _, c := range calls {
		f.committed(c.h, c.puts, c.gone)
	}
}

// nsFile is what the file holds for one namespace, as of the last commit.
type nsFile struct {
	coll    *mongokit.Collection // the collection as stored (compared by identity)
	keys    map[string]uint64    // encoded _id → its sequence key
	next    uint64               // next sequence key
	indexes []byte               // encoded index definitions as stored
}

// boltFormat is the version of the layout above. A file with a higher one
// was written by a newer BabyHandoff and is never opened for writing.
// Format 2 may hold run details and states on the shelf (shelf.go), and
// format 3 the notes too, which a version of an earlier format would not
// see (it would start with no notes), so an older file is raised when
// opened and an older version refuses it.
//
// Format 4 may have commits in the log beside the file (wal.go) that the
// file does not have yet, which an earlier version would not read.
const boltFormat = 4

var (
	bucketMeta    = []byte("_meta")
	bucketIndexes = []byte("_indexes")
	keyFormat     = []byte("format")
)

// errNotOurs says the file exists but is not a database this version can
// use (another program's file, damaged, or from a newer version).
var errNotOurs = errors.New("not a BabyHandoff database this version can read")

// openBoltFile opens (or creates) the file. The caller holds the data
// folder's lock, so bbolt's own file lock is never contended.
func openBoltFile(path string) (*boltFile, error) {
	if err := checkBoltSize(path); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		// A log with no database beside it belongs to one that was moved
		// away or not restored with it: its changes must neither land in
		// a new, empty file nor be dropped.
		if err := orphanLog(path + WALSuffix); err != nil {
			return nil, err
		}
	}
	b, err := bbolt.Open(path, 0o600, &bbolt.Options{
		Timeout:      time.Second,
		FreelistType: bbolt.FreelistMapType,
		// The freelist is rebuilt by a scan at open instead of written on
		// every commit: commits stay small as the file grows (etcd does
		// the same).
		NoFreelistSync: true,
	})
	if err != nil {
		if errors.Is(err, bolterrors.ErrInvalid) || errors.Is(err, bolterrors.ErrVersionMismatch) || errors.Is(err, bolterrors.ErrChecksum) || errors.Is(err, bolterrors.ErrInvalidMapping) {
			return nil, fmt.Errorf("%w: %w", errNotOurs, err)
		}
		return nil, err
	}
	// Grow the file a megabyte at a time (default 16 MB), so its size
	// stays close to what it holds.
	b.AllocSize = 1 << 20
	f := &boltFile{bolt: b, path: path, ns: map[lungo.Handle]*nsFile{}}
	err = b.Update(func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			// A new file, or one from before the format was written: a
			// file with namespaces but no meta is not ours.
			empty := true
			_ = tx.ForEach(func(name []byte, _ *bbolt.Bucket) error {
				empty = false
				return nil
			})
			if !empty {
				return fmt.Errorf("%w: no format version", errNotOurs)
			}
			meta, err := tx.CreateBucket(bucketMeta)
			if err != nil {
				return err
			}
			if err := meta.Put(keyFormat, []byte(strconv.Itoa(boltFormat))); err != nil {
				return err
			}
			_, err = tx.CreateBucket(bucketIndexes)
			return err
		}
		v, err := strconv.Atoi(string(meta.Get(keyFormat)))
		if err != nil {
			return fmt.Errorf("%w: format %q", errNotOurs, meta.Get(keyFormat))
		}
		if v > boltFormat {
			return fmt.Errorf("%w: format %d is newer than this version's %d", errNotOurs, v, boltFormat)
		}
		if v < boltFormat {
			return meta.Put(keyFormat, []byte(strconv.Itoa(boltFormat)))
		}
		return nil
	})
	if err == nil {
		err = f.recoverWAL()
	}
	if err != nil {
		_ = b.Close()
		return nil, err
	}
	return f, nil
}

// Close applies what the log holds and closes the file.
func (f *boltFile) Close() error {
	return errors.Join(f.closeWAL(), f.bolt.Close())
}

// Load reads the whole catalog; lungo calls it once, at open.
func (f *boltFile) Load() (*lungo.Catalog, error) {
	file := lungo.File{Namespaces: map[string]lungo.FileNamespace{}}
	states := map[string]*nsFile{}
	err := f.bolt.View(func(tx *bbolt.Tx) error {
		idx := tx.Bucket(bucketIndexes)
		return tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
			if name[0] == '_' {
				return nil
			}
			st := &nsFile{keys: map[string]uint64{}, next: 1}
			var fns lungo.FileNamespace
			err := b.ForEach(func(k, v []byte) error {
				if len(k) != 8 {
					return fmt.Errorf("%w: bad key in %s", errNotOurs, name)
				}
				var d bson.D
				if err := bson.Unmarshal(v, &d); err != nil {
					return fmt.Errorf("%w: a document in %s: %w", errNotOurs, name, err)
				}
				id, err := idKey(&d)
				if err != nil {
					return fmt.Errorf("%w: a document in %s: %w", errNotOurs, name, err)
				}
				seq := binary.BigEndian.Uint64(k)
				st.keys[id] = seq
				st.next = seq + 1
				fns.Documents = append(fns.Documents, &d)
				return nil
			})
			if err != nil {
				return err
			}
			if raw := idx.Get(name); raw != nil {
				defs, err := decodeIndexes(raw)
				if err != nil {
					return fmt.Errorf("%w: the indexes of %s: %w", errNotOurs, name, err)
				}
				fns.Indexes = defs
				st.indexes = append([]byte(nil), raw...)
			}
			file.Namespaces[string(name)] = fns
			states[string(name)] = st
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	catalog, err := file.BuildCatalog()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotOurs, err)
	}
	for h, coll := range catalog.Namespaces {
		if st := states[h.String()]; st != nil {
			st.coll = coll
			f.ns[h] = st
		}
	}
	return catalog, nil
}

// nsChange is one namespace's part of a commit, applied to f.ns only once
// the bbolt transaction has committed.
type nsChange struct {
	handle  lungo.Handle
	coll    *mongokit.Collection
	puts    []docPut
	dels    []string     // encoded _ids
	gone    bsonkit.List // the stored versions of the removed documents
	indexes []byte       // nil: unchanged
	next    uint64
}

type docPut struct {
	id  string
	seq uint64
	doc bsonkit.Doc
	raw bson.Raw // doc encoded, once written
}

// Store writes what changed since the catalog stored last. It is called
// under lungo's engine lock, once per commit.
func (f *boltFile) Store(catalog *lungo.Catalog) error {
	// Taken first, on every path: staged documents are this commit's, and
	// if it fails they fail with it.
	staged := f.takeStaged()
	var changes []*nsChange
	for h, coll := range catalog.Namespaces {
		st := f.ns[h]
		if st != nil && st.coll == coll {
			continue
		}
		ch, err := f.diff(h, st, coll)
		if err != nil {
			return err
		}
		changes = append(changes, ch)
	}
	var dropped []lungo.Handle
	for h := range f.ns {
		if catalog.Namespaces[h] == nil {
			dropped = append(dropped, h)
		}
	}
	if len(changes) == 0 && len(dropped) == 0 && len(staged) == 0 {
		return nil
	}
	ops, err := stagedOps(staged)
	if err != nil {
		return err
	}
	for _, ch := range changes {
		name := []byte(ch.handle.String())
		for _, d := range ch.dels {
			key := binary.BigEndian.AppendUint64(nil, f.ns[ch.handle].keys[d])
			ops = append(ops, walOp{kind: opDel, bucket: name, key: key})
		}
		for i := range ch.puts {
			p := &ch.puts[i]
			raw, err := bson.Marshal(p.doc)
			if err != nil {
				return err
			}
			p.raw = raw
			ops = append(ops, walOp{kind: opPut, bucket: name, key: binary.BigEndian.AppendUint64(nil, p.seq), val: raw})
		}
		if ch.indexes != nil {
			ops = append(ops, walOp{kind: opPut, bucket: bucketIndexes, key: name, val: ch.indexes})
		}
	}
	for _, h := range dropped {
		name := []byte(h.String())
		ops = append(ops, walOp{kind: opDrop, bucket: name}, walOp{kind: opDel, bucket: bucketIndexes, key: name})
	}
	if err := f.commit(ops); err != nil {
		return err
	}
	for _, ch := range changes {
		st := f.ns[ch.handle]
		if st == nil {
			st = &nsFile{keys: map[string]uint64{}}
			f.ns[ch.handle] = st
		}
		for _, d := range ch.dels {
			delete(st.keys, d)
		}
		for _, p := range ch.puts {
			st.keys[p.id] = p.seq
		}
		st.coll, st.next = ch.coll, ch.next
		if ch.indexes != nil {
			st.indexes = ch.indexes
		}
	}
	for _, h := range dropped {
		delete(f.ns, h)
	}
	if f.committed != nil {
		for _, ch := range changes {
			puts := make([]bson.Raw, 0, len(ch.puts))
			for _, p := range ch.puts {
				puts = append(puts, p.raw)
			}
			f.committed(ch.handle, puts, ch.gone)
		}
	}
	f.announceStaged(staged)
	return nil
}

// diff finds the documents of coll that are not in the stored namespace st
// (new or replaced) and the stored ones whose _id is gone.
func (f *boltFile) diff(h lungo.Handle, st *nsFile, coll *mongokit.Collection) (*nsChange, error) {
	ch := &nsChange{handle: h, coll: coll, next: 1}
	var changed bsonkit.List
	var gone bsonkit.List
	if st == nil {
		changed = coll.Documents.List
	} else {
		ch.next = st.next
		changed, gone = changedDocs(st.coll.Documents, coll.Documents)
	}
	keys := map[string]uint64{}
	if st != nil {
		keys = st.keys
	}
	written := make(map[string]bool, len(changed))
	for _, d := range changed {
		id, err := idKey(d)
		if err != nil {
			return nil, err
		}
		seq, ok := keys[id]
		if !ok {
			seq = ch.next
			ch.next++
		}
		written[id] = true
		ch.puts = append(ch.puts, docPut{id: id, seq: seq, doc: d})
	}
	for _, d := range gone {
		id, err := idKey(d)
		if err != nil {
			return nil, err
		}
		if !written[id] {
			if _, ok := keys[id]; ok {
				ch.dels = append(ch.dels, id)
				ch.gone = append(ch.gone, d)
			}
		}
	}
	defs, err := encodeIndexes(coll)
	if err != nil {
		return nil, err
	}
	if st == nil || string(defs) != string(st.indexes) {
		ch.indexes = defs
	}
	return ch, nil
}

// changedDocs compares two versions of a document set by identity. lungo's
// sets only append, replace in place and remove, so the common case (inserts
// and updates) is found by comparing positions; a removal shifts positions,
// and then both sets are compared through their maps.
func changedDocs(old, cur *bsonkit.Set) (changed, gone bsonkit.List) {
	if len(cur.List) >= len(old.List) {
		shifted := false
		for i, d := range old.List {
			n := cur.List[i]
			if n == d {
				continue
			}
			// The same id as idKey sees it (type included: int32(1) and
			// int64(1) are two documents to the file).
			nk, err1 := idKey(n)
			dk, err2 := idKey(d)
			if err1 != nil || err2 != nil || nk != dk {
				shifted = true
				break
			}
			changed = append(changed, n)
		}
		if !shifted {
			return append(changed, cur.List[len(old.List):]...), nil
		}
		changed = nil
	}
	for _, d := range cur.List {
		if _, ok := old.Index[d]; !ok {
			changed = append(changed, d)
		}
	}
	for _, d := range old.List {
		if _, ok := cur.Index[d]; !ok {
			gone = append(gone, d)
		}
	}
	return changed, gone
}

// idKey encodes a document's _id (type and value), the identity of a
// document across versions of a set.
func idKey(d bsonkit.Doc) (string, error) {
	v := bsonkit.Get(d, "_id")
	if v == bsonkit.Missing {
		return "", errors.New("document without _id")
	}
	t, raw, err := bson.MarshalValue(v)
	if err != nil {
		return "", err
	}
	return string(append([]byte{byte(t)}, raw...)), nil
}

// indexDef is one index definition as stored; a sorted list, so equal
// definitions encode to equal bytes.
type indexDef struct {
	Name  string          `bson:"name"`
	Index lungo.FileIndex `bson:"index"`
}

func encodeIndexes(coll *mongokit.Collection) ([]byte, error) {
	defs := make([]indexDef, 0, len(coll.Indexes))
	for name, ix := range coll.Indexes {
		c := ix.Config()
		defs = append(defs, indexDef{Name: name, Index: lungo.FileIndex{Key: c.Key, Unique: c.Unique, Partial: c.Partial, Expiry: c.Expiry}})
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	return bson.Marshal(struct {
		Indexes []indexDef `bson:"indexes"`
	}{defs})
}

func decodeIndexes(raw []byte) (map[string]lungo.FileIndex, error) {
	var v struct {
		Indexes []indexDef `bson:"indexes"`
	}
	if err := bson.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	out := make(map[string]lungo.FileIndex, len(v.Indexes))
	for _, d := range v.Indexes {
		out[d.Name] = d.Index
	}
	return out, nil
}

// checkBoltSize refuses a file shorter than its own meta page says (a copy
// or a disk that stopped half-way). bbolt does not check this at open and
// would panic, in a goroutine nobody can recover, on the missing pages.
// The meta page layout is bbolt's file format: a 16-byte page header, then
// magic, version, page size, flags (4 bytes each), the root bucket (16),
// the freelist page, the high-water mark, the txid (8 each) and an FNV-64a
// checksum of everything before it.
func checkBoltSize(path string) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return err
	}
	const hdr, magic = 16, 0xED0CDAED
	var best struct{ txid, hwm, pageSize uint64 }
	found := false
	head := make([]byte, hdr+64)
	for i := 0; i < 2; i++ {
		off := int64(0)
		if i == 1 {
			if !found {
				// The second meta page is one page size in; without a
				// valid first one, try bbolt's default size.
				off = int64(os.Getpagesize())
			} else {
				off = int64(best.pageSize)
			}
		}
		if _, err := f.ReadAt(head, off); err != nil {
			continue
		}
		m := head[hdr:]
		le := binary.LittleEndian
		if le.Uint32(m[0:]) != magic {
			continue
		}
		sum := fnv.New64a()
		_, _ = sum.Write(m[:56])
		if sum.Sum64() != le.Uint64(m[56:]) {
			continue
		}
		if txid := le.Uint64(m[48:]); !found || txid > best.txid {
			best.txid, best.hwm, best.pageSize = txid, le.Uint64(m[40:]), uint64(le.Uint32(m[8:]))
			found = true
		}
	}
	if found && uint64(fi.Size()) < best.hwm*best.pageSize {
		return fmt.Errorf("%w: truncated: %d bytes of the %d its pages need", errNotOurs, fi.Size(), best.hwm*best.pageSize)
	}
	return nil
}
