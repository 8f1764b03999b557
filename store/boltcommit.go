package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	bh "github.com/babyhandoff/babyhandoff"
)

// How a commit reaches the bbolt file (wal.go says why): commit appends a
// record to the log and syncs it, and is then durable; the applier writes
// the records to the bbolt file in batches. Until a record is applied, the
// shelf's documents it writes are kept in memory (pending), and the
// shelf's reads see them over the bbolt file's: a read never waits for the
// applier. Engine namespaces are read only at open, after every record is
// applied.

// walApplyDelay is the longest the applier lets records gather before
// writing them to the bbolt file: one bbolt commit (two syncs) for a burst
// of notes and their follow-ups, instead of one each. A variable for the
// tests that need records left unapplied; read at open.
var walApplyDelay = time.Second

// walApplyIdle is how long no commit must come before the applier writes
// what gathered. The bbolt file's syncs make the disk flush everything it
// has, and a commit's sync that comes meanwhile waits for them. A note's
// commit, its reply's and the radar's come within a few ms of each other;
// the next note, minutes later (100 ms in the soak).
var walApplyIdle = 25 * time.Millisecond

// walMaxLength bounds the log: past it, a commit waits until every record
// is applied and the log starts over. Under a steady load the applier
// never catches up on its own (commits land while it writes), and a log
// that only grows would cost a full sync per record past its preallocated
// part, and memory to read at open. A variable for the tests.
var walMaxLength int64 = 4 << 20

const (
	// walApplyBytes applies at once when this much waits, bounding the
	// memory records take.
	walApplyBytes = 1 << 20

	// walRetryDelay is the pause before applying again after a failure (a
	// full disk): the records stay in the log and in memory meanwhile.
	walRetryDelay = time.Second
)

var keyWALApplied = []byte("wal")

// walState is the log's side of a boltFile.
type walState struct {
	log *wal

	// commitMu makes one commit at a time, so the log's order is the
	// order records are applied in, and a write that reads first (a fresh
	// put) sees no other write between its read and its record.
	commitMu sync.Mutex

	mu       sync.Mutex
	cond     *sync.Cond
	queue    []walRecord // appended, not yet applied, in order
	queued   int         // their payload bytes
	appended uint64      // the last record's sequence number
	applied  uint64      // the last one in the bbolt file
	pending  map[string]map[string]pendingDoc
	applyErr error  // the last apply's error
	attempts uint64 // applies tried
	broken   error  // a failed sync: no more commits
	closed   bool

	applyDelay, applyIdle time.Duration

	work, urgent, stop chan struct{}
	done               chan struct{}
	closeOnce          sync.Once
}

// pendingDoc is a shelf document written by a record not yet applied: the
// newest value for its key, or its removal.
type pendingDoc struct {
	seq uint64
	val []byte // nil: removed
}

// recoverWAL opens the log beside the bbolt file, applies the records the
// bbolt file does not have yet, and starts the applier.
func (f *boltFile) recoverWAL() error {
	var applied uint64
	err := f.bolt.View(func(tx *bbolt.Tx) error {
		applied = txApplied(tx)
		return nil
	})
	if err != nil {
		return err
	}
	path := f.path + WALSuffix
	log, recs, err := openWAL(path)
	if err != nil {
		return err
	}
	for len(recs) > 0 && recs[0].seq <= applied {
		recs = recs[1:]
	}
	if len(recs) > 0 && recs[0].seq != applied+1 {
		_ = log.close()
		return fmt.Errorf("%w: the log %s starts at change %d, but the database has changes up to %d only (was the database file replaced by an older copy?)", errLogAhead, path, recs[0].seq, applied)
	}
	if len(recs) > 0 {
		if err := f.applyRecords(recs); err != nil {
			_ = log.close()
			return fmt.Errorf("apply the log %s: %w", path, err)
		}
		applied = recs[len(recs)-1].seq
	}
	w := &f.w
	w.log = log
	w.cond = sync.NewCond(&w.mu)
	w.appended, w.applied = applied, applied
	w.applyDelay, w.applyIdle = walApplyDelay, walApplyIdle
	w.pending = map[string]map[string]pendingDoc{}
	w.work, w.urgent, w.stop, w.done = make(chan struct{}, 1), make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
	go f.applyLoop()
	return nil
}

// txApplied is the last record the bbolt file holds as of tx.
func txApplied(tx *bbolt.Tx) uint64 {
	if v := tx.Bucket(bucketMeta).Get(keyWALApplied); len(v) == 8 {
		return binary.BigEndian.Uint64(v)
	}
	return 0
}

// checkOps refuses, before they are acknowledged, operations the bbolt
// file would refuse when they are applied: one such record would stop
// every apply after it.
func checkOps(ops []walOp) error {
	for _, op := range ops {
		if len(op.bucket) == 0 || len(op.bucket) > bbolt.MaxKeySize || len(op.sub) > bbolt.MaxKeySize {
			return bh.Errorf(bh.EINVALID, "A collection name of %d bytes cannot be stored.", max(len(op.bucket), len(op.sub)))
		}
		if op.kind == opDrop {
			continue
		}
		if len(op.key) == 0 || len(op.key) > bbolt.MaxKeySize {
			return bh.Errorf(bh.EINVALID, "A document key of %d bytes cannot be stored (1 to %d).", len(op.key), bbolt.MaxKeySize)
		}
		if len(op.val) > bbolt.MaxValueSize {
			return bh.Errorf(bh.EINVALID, "A document of %d bytes is too large to store.", len(op.val))
		}
	}
	return nil
}

// errLogAhead says the log holds changes that do not follow the bbolt
// file's last one.
var errLogAhead = errors.New("the database's log does not follow it")

// errLogOrphan says a log holds changes and its database is not there.
var errLogOrphan = errors.New("a log without its database")

// commit makes ops durable as one record.
func (f *boltFile) commit(ops []walOp) error {
	f.w.commitMu.Lock()
	defer f.w.commitMu.Unlock()
	return f.commitLocked(ops)
}

// write builds ops and commits them with no other commit in between, so
// build may read the shelf (shelfGet, shelfScan) and decide on what it
// found.
func (f *boltFile) write(build func() ([]walOp, error)) error {
	f.w.commitMu.Lock()
	defer f.w.commitMu.Unlock()
	ops, err := build()
	if err != nil {
		return err
	}
	return f.commitLocked(ops)
}

func (f *boltFile) commitLocked(ops []walOp) error {
	if len(ops) == 0 {
		// A namespace touched but not changed (its indexes and documents
		// are as stored): nothing to write, and a record without
		// operations would read as the end of the log.
		return nil
	}
	if err := checkOps(ops); err != nil {
		return err
	}
	w := &f.w
	if w.log.off > walMaxLength {
		if err := f.settle(); err != nil {
			return err
		}
	}
	w.mu.Lock()
	if w.broken != nil || w.closed {
		err := w.broken
		w.mu.Unlock()
		if err == nil {
			err = errors.New("the database is closed")
		}
		return err
	}
	seq := w.appended + 1
	// Every record before is in the bbolt file: the log starts over.
	restart := w.applied == w.appended
	w.mu.Unlock()

	var began time.Time
	if f.logSynced != nil {
		began = time.Now()
	}
	size, err := w.log.append(seq, ops, restart)
	if err == nil && f.logSynced != nil {
		f.logSynced(time.Since(began))
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		var se *walSyncError
		if errors.As(err, &se) {
			w.broken = err
		}
		return err
	}
	w.appended = seq
	w.queue = append(w.queue, walRecord{seq: seq, ops: ops, size: size})
	w.queued += size
	for _, op := range ops {
		if !op.onShelf() {
			continue
		}
		coll := w.pending[string(op.sub)]
		if coll == nil {
			coll = map[string]pendingDoc{}
			w.pending[string(op.sub)] = coll
		}
		coll[string(op.key)] = pendingDoc{seq: seq, val: op.val}
	}
	if w.queued >= walApplyBytes {
		signal(w.urgent)
	} else {
		signal(w.work)
	}
	return nil
}

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// applyLoop applies records once no commit came for walApplyIdle, or
// walApplyDelay after the first of a batch, at once when asked (urgent),
// and again after a failure.
func (f *boltFile) applyLoop() {
	w := &f.w
	defer close(w.done)
	idle, longest := time.NewTimer(time.Hour), time.NewTimer(time.Hour)
	idle.Stop()
	longest.Stop()
	defer idle.Stop()
	defer longest.Stop()
	gathering := false
	for {
		select {
		case <-w.stop:
			return
		case <-w.work:
			if !gathering {
				gathering = true
				longest.Reset(w.applyDelay)
			}
			idle.Reset(min(w.applyIdle, w.applyDelay))
			continue
		case <-idle.C:
		case <-longest.C:
		case <-w.urgent:
		}
		idle.Stop()
		longest.Stop()
		gathering = false
		if f.applyPending() != nil {
			gathering = true
			longest.Reset(walRetryDelay)
		}
	}
}

// applyPending writes every queued record to the bbolt file.
func (f *boltFile) applyPending() error {
	w := &f.w
	w.mu.Lock()
	recs := w.queue
	w.mu.Unlock()
	if len(recs) == 0 {
		return nil
	}
	err := f.applyRecords(recs)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.attempts++
	// Logged once when applies start failing, and once when they work
	// again, not at every retry.
	if f.applyFailed != nil && (err != nil) != (w.applyErr != nil) {
		f.applyFailed(err)
	}
	w.applyErr = err
	if err == nil {
		w.queue = slices.Clone(w.queue[len(recs):])
		w.applied = recs[len(recs)-1].seq
		for _, r := range recs {
			w.queued -= r.size
			for _, op := range r.ops {
				if !op.onShelf() {
					continue
				}
				coll := w.pending[string(op.sub)]
				if p, ok := coll[string(op.key)]; ok && p.seq <= w.applied {
					delete(coll, string(op.key))
				}
			}
		}
	}
	w.cond.Broadcast()
	return err
}

// applyRecords writes recs to the bbolt file in one transaction, with the
// last one's sequence number.
func (f *boltFile) applyRecords(recs []walRecord) error {
	return f.bolt.Update(func(tx *bbolt.Tx) error {
		for _, r := range recs {
			for _, op := range r.ops {
				if err := applyOp(tx, op); err != nil {
					return err
				}
			}
		}
		return tx.Bucket(bucketMeta).Put(keyWALApplied, binary.BigEndian.AppendUint64(nil, recs[len(recs)-1].seq))
	})
}

func applyOp(tx *bbolt.Tx, op walOp) error {
	if op.kind == opDrop {
		if err := tx.DeleteBucket(op.bucket); err != nil && !errors.Is(err, bolterrors.ErrBucketNotFound) {
			return err
		}
		return nil
	}
	if op.kind == opPut {
		b, err := tx.CreateBucketIfNotExists(op.bucket)
		if err == nil && len(op.sub) > 0 {
			b, err = b.CreateBucketIfNotExists(op.sub)
		}
		if err != nil {
			return err
		}
		return b.Put(op.key, op.val)
	}
	b := tx.Bucket(op.bucket)
	if b != nil && len(op.sub) > 0 {
		b = b.Bucket(op.sub)
	}
	if b == nil {
		return nil
	}
	return b.Delete(op.key)
}

// settle waits until every record committed so far is in the bbolt file,
// for readers of the file itself (a backup).
func (f *boltFile) settle() error {
	w := &f.w
	w.mu.Lock()
	defer w.mu.Unlock()
	target, start := w.appended, w.attempts
	signal(w.urgent)
	for w.applied < target {
		if w.closed {
			return errors.New("the database is closed")
		}
		if w.attempts > start && w.applyErr != nil {
			return w.applyErr
		}
		w.cond.Wait()
	}
	return nil
}

// shelfGet returns the document with key in the shelf's collection coll,
// or nil.
func (f *boltFile) shelfGet(coll string, key []byte) ([]byte, error) {
	w := &f.w
	w.mu.Lock()
	p, ok := w.pending[coll][string(key)]
	w.mu.Unlock()
	if ok {
		return bytes.Clone(p.val), nil
	}
	// Not pending: what the bbolt file has is current (a record applied
	// since the look above is in it too).
	var out []byte
	err := f.bolt.View(func(tx *bbolt.Tx) error {
		if b := shelfBucket(tx, coll); b != nil {
			out = bytes.Clone(b.Get(key))
		}
		return nil
	})
	return out, err
}

// shelfKV is a shelf document and its key.
type shelfKV struct{ k, v []byte }

// shelfScan returns the documents of coll whose keys start with prefix,
// in key order: the bbolt file's, with the pending ones over them.
func (f *boltFile) shelfScan(coll string, prefix []byte) ([]shelfKV, error) {
	w := &f.w
	// The pending documents and the bbolt file are read at one moment: a
	// copy of pending is taken with the sequence number applied then (every
	// pending document is newer), and a read transaction that holds
	// exactly that number pairs with it. If the applier committed between
	// the two, the copy is taken again. (Beginning the transaction under
	// w.mu would pair them too, but a bbolt file that grows waits for
	// every read transaction, a backup's too, and every commit would wait
	// behind it.)
	var over map[string][]byte
	var tx *bbolt.Tx
	for {
		w.mu.Lock()
		over = map[string][]byte{}
		for k, p := range w.pending[coll] {
			if bytes.HasPrefix([]byte(k), prefix) {
				over[k] = p.val
			}
		}
		applied := w.applied
		w.mu.Unlock()
		var err error
		if tx, err = f.bolt.Begin(false); err != nil {
			return nil, err
		}
		if txApplied(tx) == applied {
			break
		}
		_ = tx.Rollback()
	}
	defer func() { _ = tx.Rollback() }()
	var out []shelfKV
	if b := shelfBucket(tx, coll); b != nil {
		c := b.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if _, ok := over[string(k)]; ok {
				continue
			}
			out = append(out, shelfKV{bytes.Clone(k), bytes.Clone(v)})
		}
	}
	if len(over) == 0 {
		return out, nil
	}
	for k, v := range over {
		if v != nil {
			out = append(out, shelfKV{[]byte(k), bytes.Clone(v)})
		}
	}
	slices.SortFunc(out, func(a, b shelfKV) int { return bytes.Compare(a.k, b.k) })
	return out, nil
}

// closeWAL stops the applier, applies what is left and, when everything
// is in the bbolt file, removes the log (the next open makes a new one).
// A log that could not be applied (a full disk) is kept for the next open.
func (f *boltFile) closeWAL() error {
	w := &f.w
	var err error
	w.closeOnce.Do(func() {
		// No commit in flight: one that appended after the last apply
		// below would be acknowledged, then removed with the log.
		w.commitMu.Lock()
		defer w.commitMu.Unlock()
		close(w.stop)
		<-w.done
		err = f.applyPending()
		w.mu.Lock()
		w.closed = true
		w.cond.Broadcast()
		w.mu.Unlock()
		cerr := w.log.close()
		if err == nil && cerr == nil {
			err = removeFile(w.log.path)
		}
		err = errors.Join(err, cerr)
	})
	return err
}
