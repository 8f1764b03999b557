package sqlite

import (
	"context"
	"database/sql"
	"os"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: group commit and the background checkpoint.
//
// Every write goes to one goroutine (commit). Writes that wait while a
// commit is being made are taken together into the next: one transaction,
// one sync, each write in a savepoint of its own, so a write that fails
// is undone alone and the others commit. The transaction and every
// statement in it run on a context of their own: one caller's deadline can
// neither interrupt a statement (SQLite would roll back the whole
// transaction) nor end the batch. A caller whose context ends before its
// write is taken gets its error and its write never runs; once taken, it
// waits for the commit, which it shares.
//
// The writer never checkpoints (wal_autocheckpoint is off on its
// connection): after every Config.CheckpointAfter commits, a goroutine
// checkpoints on a connection of its own, so no note's commit waits for
// one; the writer starts the log over from its beginning once it passes
// logCycle (boundLog), and the log's file keeps that size: commits write
// into it in place. (Cut back to nothing, the file grew with every commit
// after, and a sync that grows a file writes its new size too: the disk's
// tail was twice what it is in place.)

// logCycle is how much log is written before it starts over; the file is
// cut back to it when it starts over (journal_size_limit), in case a large
// batch grew it.
const logCycle = 2 << 20

// walLimit bounds the log's file: a cycle and a batch.
const walLimit = 2 * logCycle

// request is one write waiting for the writer; one without fn only waits
// for the writer to finish what it took before (settle). rings, set before
// its answer, says its writer wakes the change streams (heard): the last
// write of its batch that changed notes, so a batch rings once.
type request struct {
	ctx   context.Context
	op    string
	fn    func(*Tx) error
	done  chan error
	rings bool
}

// write runs fn as one write (see the top of this file) and returns when it
// is durable, or failed and undone.
func (db *DB) write(ctx context.Context, op string, fn func(*Tx) error) error {
	if err := ctx.Err(); err != nil {
		// Gone already: never queued (a queue with room would take it).
		return db.fail(op, err)
	}
	req := &request{ctx: ctx, op: op, fn: fn, done: make(chan error, 1)}
	select {
	case db.queue <- req:
		select {
		case err := <-req.done:
			return db.heard(req, err)
		case <-db.writerDone:
			// The writer answers every write it took before it stops; one
			// still in the queue then was never run.
			select {
			case err := <-req.done:
				return db.heard(req, err)
			default:
				return db.fail(op, bh.Errorf(bh.EUNAVAILABLE, "The database is closed."))
			}
		}
	case <-ctx.Done():
		return db.fail(op, ctx.Err())
	case <-db.closed:
		return db.fail(op, bh.Errorf(bh.EUNAVAILABLE, "The database is closed."))
	}
}

// heard is a write's answer, once its writer has it: the batch's last
// writer of notes wakes the change streams itself, so that the radar's
// work they start waits behind what the writer does next on its CPU (a
// note's ack), not the other way round (woken by the commit's goroutine, a
// stream took the place the scheduler keeps for the goroutine it readied
// last: the note's writer). Once a batch: a stream woken reads every change
// committed, and each more ring woke it again to find none.
func (db *DB) heard(req *request, err error) error {
	if err == nil && req.rings {
		db.ring()
	}
	return err
}

// commit takes the writes that wait, one batch a transaction, until Close.
func (db *DB) commit() {
	defer close(db.writerDone)
	for {
		var batch []*request
		select {
		case req := <-db.queue:
			batch = append(batch, req)
		case <-db.closed:
			return
		}
		if batch[0].fn == nil {
			batch[0].done <- nil // settle: the housekeeping before it is done
			continue
		}
		var settle *request
	more:
		for len(batch) < db.cfg.MaxBatch {
			select {
			case req := <-db.queue:
				if req.fn == nil {
					settle = req
					break more
				}
				batch = append(batch, req)
			default:
				break more
			}
		}
		db.commitBatch(batch)
		if settle != nil {
			settle.done <- nil
		}
	}
}

// settle returns once the writer has finished what it took before (its
// housekeeping too): its connection may then be closed or replaced.
func (db *DB) settle(ctx context.Context) error { return db.write(ctx, "settle", nil) }

// commitBatch runs a batch in one transaction and tells each its outcome.
func (db *DB) commitBatch(batch []*request) {
	errs := make([]error, len(batch))
	notes := make([]bool, len(batch))
	undone := false
	sqlTx, err := db.wr.BeginTx(context.Background(), nil)
	if err == nil {
		for i, req := range batch {
			if errs[i] = req.ctx.Err(); errs[i] != nil {
				continue // gone before its turn: never run
			}
			tx := &Tx{Tx: sqlTx, db: db, Now: db.now()}
			if len(batch) == 1 {
				// Alone in its transaction: a failure undoes the whole of
				// it, so no savepoint is needed (a note's ack, most often).
				errs[i] = req.fn(tx)
				undone, notes[i] = errs[i] != nil, errs[i] == nil && tx.notes
				break
			}
			if errs[i], err = tx.savepoint(req.fn); err != nil {
				break // the transaction itself failed: the batch is lost
			}
			notes[i] = errs[i] == nil && tx.notes
		}
	}
	if err == nil && !undone {
		err = sqlTx.Commit()
	} else if sqlTx != nil {
		_ = sqlTx.Rollback() // the error that matters is err, or the write's own
	}
	committed := err == nil && !undone
	if committed {
		db.commits.Add(1)
	}
	ringer := -1 // the last write that changed notes
	for i := range batch {
		if committed && notes[i] {
			ringer = i
		}
	}
	// The writers hear first: a note's ack waits for its answer, not for
	// the housekeeping below (starting the log over copies and syncs the
	// database file: a note whose commit came at that moment had its ack
	// held for it), nor for the change streams, which the ringer wakes once
	// it has its answer (heard).
	for i, req := range batch {
		if err != nil && errs[i] == nil {
			errs[i] = err
		}
		req.rings = i == ringer
		req.done <- db.fail(req.op, errs[i])
	}
	if afterAnswer != nil {
		afterAnswer(batch)
	}
	if committed {
		db.boundLog()
		db.checkpointDue(ringer >= 0)
	}
	// The writer's connection is free: prepare what the batch met first.
	db.ws.warm(context.Background())
}

// checkpointDue asks for the background checkpoint every
// Config.CheckpointAfter commits, but not after a commit that changed
// notes: its writers are about to ack a person's message, and the
// checkpoint's copy and sync, started at once on the other processor,
// held those acks (in a soak, the notes whose commit started one were
// acked some 2-3 ms later than the others: a p99 of their own). The next
// commit that changed no note asks instead (the radar's state, which
// saves after the note's ack); one that never comes is waited for a
// whole CheckpointAfter at most. The writer's own.
func (db *DB) checkpointDue(changedNotes bool) {
	n := db.commits.Load()
	if db.ckptOwed == 0 && n%int64(db.cfg.CheckpointAfter) == 0 {
		db.ckptOwed = n
	}
	if db.ckptOwed == 0 || changedNotes && n-db.ckptOwed < int64(db.cfg.CheckpointAfter) {
		return
	}
	db.ckptOwed = 0
	if checkpointAsked != nil {
		checkpointAsked()
	}
	select {
	case db.ckpt <- struct{}{}:
	default: // one is on its way
	}
}

// Hooks set only by tests before Open. afterAnswer runs once a batch's
// writers have their answers, before the writer's housekeeping; it hears
// every batch, the store's own writes too: a test picks its own by the
// writes' ops. checkpointAsked runs when the writer asks for a checkpoint
// (once in Config.CheckpointAfter commits at most).
var (
	afterAnswer     func(batch []*request)
	checkpointAsked func()
)

// savepoint runs fn in a savepoint: its error undoes what it wrote and
// nothing else. A failure of the savepoint itself is the batch's (err).
func (tx *Tx) savepoint(fn func(*Tx) error) (fnErr, err error) {
	if _, err := tx.Tx.ExecContext(context.Background(), "SAVEPOINT w"); err != nil {
		return err, err
	}
	if fnErr = fn(tx); fnErr != nil {
		if _, err := tx.Tx.ExecContext(context.Background(), "ROLLBACK TO w"); err != nil {
			return fnErr, err
		}
	}
	_, err = tx.Tx.ExecContext(context.Background(), "RELEASE w")
	return fnErr, err
}

// A write's statements run detached from its caller's context (see above).

// They use the writer's prepared statements (stmts.go).

func (tx *Tx) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	return txQuerier{tx: tx.Tx, s: tx.db.ws}.ExecContext(context.Background(), query, args...)
}

func (tx *Tx) QueryContext(_ context.Context, query string, args ...any) (*sql.Rows, error) {
	return txQuerier{tx: tx.Tx, s: tx.db.ws}.QueryContext(context.Background(), query, args...)
}

func (tx *Tx) QueryRowContext(_ context.Context, query string, args ...any) *sql.Row {
	return txQuerier{tx: tx.Tx, s: tx.db.ws}.QueryRowContext(context.Background(), query, args...)
}

// checkpoints copies the log into the file when commit asks, on its own
// connection, until Close.
func (db *DB) checkpoints() {
	defer close(db.ckptDone)
	for {
		select {
		case <-db.ckpt:
			if _, _, err := db.Checkpoint(context.Background()); err != nil {
				db.log.Warn("sqlite: background checkpoint", "file", db.path, "err", err)
			}
		case <-db.closed:
			return
		}
	}
}

// Checkpoint copies what the log holds into the database file without
// waiting for readers or the writer (PASSIVE), and reports how many pages
// the log held and how many it copied.
func (db *DB) Checkpoint(ctx context.Context) (logPages, copied int, err error) {
	var busy int
	err = db.ck.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logPages, &copied)
	return logPages, copied, db.fail("checkpoint", err)
}

// boundLog starts the log over once it passes logCycle, which its file
// then does (it is cut back to logCycle when the log starts over). Under
// steady writes the log is never all copied at a moment a write begins, so
// the writer never starts it over by itself, and a checkpoint on another
// connection that waits for the writer would wait for ever. So the writer
// does it, between two commits: the passive checkpoints have copied most
// of it already, and the next batch waits only for the rest. The file is
// not cut (RESTART, not TRUNCATE): the next commits write over it.
func (db *DB) boundLog() {
	fi, err := os.Stat(db.path + "-wal")
	if err != nil || fi.Size() <= logCycle {
		return
	}
	var busy, logPages, copied int
	err = db.wr.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(RESTART)").Scan(&busy, &logPages, &copied)
	if err == nil && busy == 0 {
		// The log's first commit writes its header and syncs it apart:
		// made here, a row that counts the cycles, not by the next note.
		_, err = db.wr.ExecContext(context.Background(), "INSERT INTO counters (name, value) VALUES ('log cycles', 1) ON CONFLICT DO UPDATE SET value = value + 1")
	}
	if err != nil || busy != 0 {
		db.log.Warn("sqlite: the log could not be started over", "file", db.path, "busy", busy, "err", err)
	}
}

// Commits is how many transactions the writer committed (a batch is one).
func (db *DB) Commits() int64 { return db.commits.Load() }
