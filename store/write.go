package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// writeReq is one unit of writes that must commit together.
type writeReq struct {
	ctx  context.Context
	fn   func(ctx context.Context) error
	done chan error
	lazy string // operation name of a writeLater; "" when someone waits
	// state is who has the request: queued, taken by the committer, or
	// abandoned by its caller (its context ended first). A caller may only
	// walk away from a request the committer has not taken: fn writes into
	// the caller's variables.
	state atomic.Int32
}

const (
	reqQueued int32 = iota
	reqTaken
	reqAbandoned
)

// write runs fn so that its writes are durable when write returns nil.
//
// On the embedded engine every commit is one bbolt transaction with its
// fsyncs (about a millisecond, whatever the size of the database), so
// concurrent callers are folded into one transaction by a single committer
// goroutine: a burst of notes costs one commit, not one each. On a real deployment fn runs directly; every
// fn is written so that its steps are safe without a transaction (unique
// indexes make them idempotent).
func (db *DB) write(ctx context.Context, fn func(ctx context.Context) error) error {
	// A caller that has given up gets no write: without this check the
	// select below may still pick the queue, and a cancelled run would be
	// stored as if nothing had happened.
	if err := ctx.Err(); err != nil {
		return err
	}
	if !db.embedded {
		return fn(ctx)
	}
	req := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case db.writes <- req:
	case <-db.closing:
		return lungo.ErrEngineClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		if req.state.CompareAndSwap(reqQueued, reqAbandoned) {
			return ctx.Err() // never run
		}
		// Taken: fn is running or ran, and writes into our variables; its
		// result is the truth (a commit that lands is durable).
		return <-req.done
	}
}

// writeLater queues fn to commit with the next write, or alone after
// LazyDelay, and returns at once. It is for writes nobody waits on (where a
// reply was posted): on the embedded engine they would otherwise double the
// number of commits. Errors are logged. On a real deployment it
// writes directly.
func (db *DB) writeLater(op string, fn func(ctx context.Context) error) {
	if !db.embedded {
		if err := fn(context.Background()); err != nil {
			db.log.Error("store: "+op, "err", db.fail(op, err))
		}
		return
	}
	req := &writeReq{ctx: context.Background(), fn: fn, done: make(chan error, 1), lazy: op}
	select {
	case db.lazy <- req:
	case <-db.closing:
		db.log.Error("store: " + op + ": the store is closing; not written")
	}
}

func (db *DB) groupCommitter() {
	defer db.writerWG.Done()
	var later []*writeReq
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	drain := func(batch []*writeReq) []*writeReq {
		for len(batch) < db.cfg.MaxBatch {
			select {
			case r := <-db.writes:
				batch = append(batch, r)
			case r := <-db.lazy:
				batch = append(batch, r)
			default:
				return batch
			}
		}
		return batch
	}
	for {
		select {
		case r := <-db.writes:
			batch := drain(append(later, r))
			later = nil
			timer.Stop()
			db.commit(batch)
		case r := <-db.lazy:
			if len(later) == 0 {
				timer.Reset(db.cfg.LazyDelay)
			}
			later = append(later, r)
		case <-timer.C:
			db.commit(drain(later))
			later = nil
		case <-db.closing:
			// Commit what is queued so Close never drops an accepted write.
			for {
				batch := drain(later)
				later = nil
				if len(batch) == 0 {
					return
				}
				db.commit(batch)
			}
		}
	}
}

// commit runs a batch in one transaction. If any unit fails, the batch is
// aborted and every unit is retried alone, so one bad write never costs the
// others theirs.
func (db *DB) commit(batch []*writeReq) {
	live := batch[:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			if r.state.CompareAndSwap(reqQueued, reqAbandoned) {
				r.done <- err
			}
			continue
		}
		if !r.state.CompareAndSwap(reqQueued, reqTaken) {
			continue // its caller gave up before we got to it
		}
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	if len(live) > 1 {
		if err := db.runTxn(live); err == nil {
			for _, r := range live {
				r.done <- nil
			}
			return
		}
	}
	for _, r := range live {
		err := db.runTxn([]*writeReq{r})
		if err != nil && r.lazy != "" {
			db.log.Error("store: "+r.lazy, "err", db.fail(r.lazy, err))
		}
		r.done <- err
	}
}

func (db *DB) runTxn(units []*writeReq) error {
	db.staged = nil
	return db.client.UseSession(context.Background(), func(sc lungo.ISessionContext) error {
		if err := sc.StartTransaction(); err != nil {
			return err
		}
		for _, u := range units {
			if err := u.fn(sc); err != nil {
				_ = sc.AbortTransaction(sc)
				return err
			}
		}
		if len(db.staged) > 0 {
			dirty, err := txnDirty(sc)
			if err != nil {
				_ = sc.AbortTransaction(sc)
				return err
			}
			if dirty {
				// The engine's commit writes them in its transaction: this
				// transaction holds the engine's token until that commit,
				// so no other commit comes between.
				db.file.stage(db.staged)
			} else if err := db.file.writeStaged(db.staged); err != nil {
				// The engine has nothing to write: they go alone, while
				// the token is still held.
				_ = sc.AbortTransaction(sc)
				return err
			}
		}
		err := sc.CommitTransaction(sc)
		// The commit's Store took them; if it never ran (the engine
		// closed), they must not ride on another commit.
		db.file.takeStaged()
		return err
	})
}

// txnDirty reports whether the session's transaction changed anything, so
// that the engine's commit will call Store.
func txnDirty(sc lungo.ISessionContext) (bool, error) {
	var s *lungo.Session
	switch c := sc.(type) {
	case lungo.SessionContext:
		s = c.Session
	case *lungo.SessionContext:
		s = c.Session
	}
	if s == nil || s.Transaction() == nil {
		return false, fmt.Errorf("store: a write outside an engine transaction (%T)", sc)
	}
	return s.Transaction().Dirty(), nil
}

// stage writes doc to the shelf with the commit of the unit of work being
// run (only from a write function, on the committer).
func (db *DB) stage(coll string, doc bson.Raw) {
	db.staged = append(db.staged, shelfDoc{h: lungo.Handle{db.cfg.Database, coll}, raw: doc})
}

// stageDelete removes doc (its stored version) from the shelf with the
// commit of the unit of work being run, as stage writes.
func (db *DB) stageDelete(coll string, doc bson.Raw) {
	db.staged = append(db.staged, shelfDoc{h: lungo.Handle{db.cfg.Database, coll}, raw: doc, del: true})
}

// isDup reports a unique-index violation on either engine.
func isDup(err error) bool { return lungo.IsUniquenessError(err) }

func isNoDocs(err error) bool { return errors.Is(err, mongo.ErrNoDocuments) }

func isUnavailable(err error) bool {
	if mongo.IsTimeout(err) || mongo.IsNetworkError(err) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "server selection") || strings.Contains(s, "connection refused") || strings.Contains(s, "token acquisition timeout")
}

// redactURI removes the URI (and its password) from a message: driver errors
// sometimes echo the connection string.
func redactURI(msg, uri string) string {
	if uri == "" {
		return msg
	}
	msg = strings.ReplaceAll(msg, uri, "[MONGODB_URI]")
	if u, err := url.Parse(uri); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "[redacted]")
		}
	}
	return msg
}

// changedOne applies update to the document filter matches, through the
// write path, and reports whether it changed one. Filters that name the
// state they expect make it a compare-and-set: of several callers (or
// processes) one wins a claim, a take, a move.
func (db *DB) changedOne(ctx context.Context, coll lungo.ICollection, filter, update bson.D) (bool, error) {
	changed := false
	err := db.write(ctx, func(ctx context.Context) error {
		res, err := coll.UpdateOne(ctx, filter, update)
		if err != nil {
			return err
		}
		changed = res.ModifiedCount == 1
		return nil
	})
	return changed, err
}
