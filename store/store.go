// Package store is the only package that knows MongoDB. It keeps BabyHandoff's
// collections on a real deployment (MONGODB_URI: Atlas, a replica set) or, by
// default, in the embedded engine github.com/256dpi/lungo, written once
// against lungo's driver interfaces.
//
// The embedded engine keeps its data in a bbolt file (boltfile.go) to which
// a commit writes only the documents it changed, with one fsync pair; writes
// go through a group committer that folds whatever is waiting into one
// transaction, so a burst of notes shares that fsync. A run's details, the
// radar's states and the notes live beside the engine in that file, not in
// its memory (shelf.go, noteshelf.go); states and notes are kept in memory
// by this package instead, for reads (memindex.go), with each shift's live
// notes — what plans and the radar read (LiveNotes) — apart from the
// closed and past ones (notecache.go). Driver errors never
// leave this package: callers get *babyhandoff.Error values with the
// domain's codes.
package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/256dpi/lungo"
	"github.com/256dpi/lungo/bsonkit"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// Config configures Open. The zero value opens an embedded database in ./data.
type Config struct {
	// URI of a MongoDB deployment. Empty means the embedded engine.
	URI string
	// Database name. Default "babyhandoff".
	Database string
	// DataDir holds the embedded database file and its lock. Default "./data".
	DataDir string
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now. Times are stored to the millisecond.
	Now func() time.Time
	// EventTTL is how long processed Slack event ids are remembered for
	// de-duplication. Default 24h (Slack retries for minutes; reconnect
	// redeliveries can come later).
	EventTTL time.Duration
	// MaxBatch caps how many writes share one embedded commit. Default 256.
	MaxBatch int
	// Unindexed runs the embedded engine without its in-process index, so
	// every lookup takes the query path a real deployment uses, and keeps
	// run details, states and notes in the engine's collections instead
	// of on the shelf (shelf.go). For the contract tests: it is slow on
	// large files, and does not see what a normal start put on the shelf.
	Unindexed bool
	// LazyDelay is how long a write nobody waits on (a reply's location)
	// may wait for a commit to share. Default 200 ms.
	LazyDelay time.Duration
	// RunDetailAge is how long a run's details (tasks, messages, context
	// pack, proposals, artifacts) and events are kept; Sweep removes older
	// ones. Runs and decisions stay. Default 90 days.
	RunDetailAge time.Duration
	// ClosedNoteAge is how long a note is kept after it was done or
	// removed. Default 365 days.
	ClosedNoteAge time.Duration
	// LogSynced, when set, hears how long each commit's write and sync of
	// the embedded database's log took (one per commit; a note's ack
	// waits for its own). It is called on the committing goroutine, with
	// every other commit waiting, so it must return at once. For
	// measuring: the benchmark's soak sets it, to show the disk's part of
	// each ack. Default nil.
	LogSynced func(took time.Duration)
	// Location is the zone of shifts that have none of their own, where
	// LiveNotes reads their notes' times ("pediatrician 2pm" ends at 3 p.m.
	// there). Default UTC; give the bot's.
	Location *time.Location
}

// DB is an open store.
type DB struct {
	cfg      Config
	log      *slog.Logger
	client   lungo.IClient
	engine   *lungo.Engine // nil on a real deployment
	file     *boltFile     // the embedded engine's file; nil on a real deployment
	db       lungo.IDatabase
	unlock   func()
	embedded bool
	path     string
	mem      *memIndex // embedded only; nil on a real deployment
	shelf    *shelf    // embedded only: where run details live; nil on a real deployment
	feed     *noteFeed // WatchNotes while the notes are on the shelf
	// hook is mem once it is built, for the file's commits (which run on
	// the committer's and the engine's goroutines).
	hook atomic.Pointer[memIndex]

	staged    []shelfDoc // the committer's: shelf documents of the transaction it runs
	writes    chan *writeReq
	lazy      chan *writeReq
	closing   chan struct{}
	writerWG  sync.WaitGroup
	closeOnce sync.Once

	c collections
}

type collections struct {
	agents, shifts, logs, shiftState, runs, tasks, events, messages,
	contextPacks, proposals, decisions, artifacts, slackEvents, counters, replies, nudges, radarSettings, uploads,
	duty, handoffs, conversations, members, people, invites lungo.ICollection
}

// Collection names as in the PRD, plus what reliability needs.
const (
	colAgents        = "agents"
	colShifts        = "shifts"
	colLogs          = "logs"
	colShiftState    = "shift_state"
	colRuns          = "runs"
	colTasks         = "tasks"
	colEvents        = "events"
	colMessages      = "messages"
	colContextPacks  = "context_packs"
	colProposals     = "proposals"
	colDecisions     = "decisions"
	colArtifacts     = "artifacts"
	colSlackEvents   = "slack_events"
	colCounters      = "counters"
	colReplies       = "replies"
	colNudges        = "nudges"
	colRadarSettings = "radar_settings"
	colUploads       = "uploads"
	colDuty          = "duty"
	colHandoffs      = "handoffs"
	// Families (families.go).
	colConversations = "conversations"
	colMembers       = "members"
	colPeople        = "people"
	colInvites       = "invites"
)

// Open connects to (or opens) the database and makes sure every collection
// has its indexes. It is safe to call on every start.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	if cfg.Database == "" {
		cfg.Database = "babyhandoff"
	}
	if cfg.DataDir == "" {
		cfg.DataDir = "./data"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.EventTTL <= 0 {
		cfg.EventTTL = 24 * time.Hour
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 256
	}
	if cfg.LazyDelay <= 0 {
		cfg.LazyDelay = 200 * time.Millisecond
	}
	if cfg.RunDetailAge <= 0 {
		cfg.RunDetailAge = 90 * 24 * time.Hour
	}
	if cfg.ClosedNoteAge <= 0 {
		cfg.ClosedNoteAge = 365 * 24 * time.Hour
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	db := &DB{cfg: cfg, log: cfg.Logger, closing: make(chan struct{})}
	if cfg.URI == "" {
		if err := db.openEmbedded(); err != nil {
			return nil, err
		}
	} else {
		if err := db.openRemote(ctx); err != nil {
			return nil, err
		}
	}
	db.db = db.client.Database(cfg.Database)
	db.c = collections{
		agents: db.db.Collection(colAgents), shifts: db.db.Collection(colShifts),
		logs: db.db.Collection(colLogs), shiftState: db.db.Collection(colShiftState),
		runs: db.db.Collection(colRuns), tasks: db.db.Collection(colTasks),
		events: db.db.Collection(colEvents), messages: db.db.Collection(colMessages),
		contextPacks: db.db.Collection(colContextPacks), proposals: db.db.Collection(colProposals),
		decisions: db.db.Collection(colDecisions), artifacts: db.db.Collection(colArtifacts),
		slackEvents: db.db.Collection(colSlackEvents), counters: db.db.Collection(colCounters),
		replies: db.db.Collection(colReplies), nudges: db.db.Collection(colNudges),
		radarSettings: db.db.Collection(colRadarSettings), uploads: db.db.Collection(colUploads),
		duty: db.db.Collection(colDuty), handoffs: db.db.Collection(colHandoffs),
		conversations: db.db.Collection(colConversations), members: db.db.Collection(colMembers),
		people: db.db.Collection(colPeople), invites: db.db.Collection(colInvites),
	}
	if db.embedded {
		db.writes = make(chan *writeReq, 1024)
		db.lazy = make(chan *writeReq, 1024)
		db.writerWG.Add(1)
		go db.groupCommitter()
	}
	if db.embedded && !cfg.Unindexed {
		db.shelf = &shelf{file: db.file}
		db.feed = newNoteFeed()
	}
	if err := db.ensureIndexes(ctx); err != nil {
		_ = db.Close(context.Background())
		return nil, err
	}
	if db.shelf != nil {
		if err := db.moveToShelf(ctx, db.log); err != nil {
			_ = db.Close(context.Background())
			return nil, db.fail("move run details to the shelf", err)
		}
	}
	if db.embedded && !cfg.Unindexed {
		if err := db.buildIndex(ctx); err != nil {
			_ = db.Close(context.Background())
			return nil, db.fail("load index", err)
		}
	}
	if err := db.migrateFamilies(ctx); err != nil {
		_ = db.Close(context.Background())
		return nil, db.fail("make families of the conversations", err)
	}
	return db, nil
}

func (db *DB) openEmbedded() error {
	if err := os.MkdirAll(db.cfg.DataDir, 0o700); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot create the data folder %s.", db.cfg.DataDir), Detail: err.Error(), Err: err}
	}
	unlock, err := lockDir(db.cfg.DataDir)
	if err != nil {
		return err
	}
	db.path = filepath.Join(db.cfg.DataDir, FileName)
	file, err := openFile(db.cfg.DataDir, db.log)
	if err != nil {
		unlock()
		return err
	}
	file.committed = db.committed
	file.logSynced = db.cfg.LogSynced
	file.applyFailed = func(err error) {
		if err != nil {
			db.log.Error("store: cannot move the log's records into the database file (is the disk full?); they stay in the log and are tried again every second", "file", file.path, "err", err)
			return
		}
		db.log.Info("store: the log's records are in the database file again", "file", file.path)
	}
	client, engine, err := lungo.Open(context.Background(), lungo.Options{
		Store: file,
		// Keep the oplog short: every write copies it (lungo's sets are
		// copy-on-write) and every commit writes its new and expired
		// entries. Entries go once they are both past the newest 200 (or
		// older than 30 min) and older than 2 s: at a family's pace that
		// is 200 entries; at 500 notes/s, 2 s of them (10 s kept 10,000
		// and made every write copy them: notes were lost). The radar's
		// stream is read within milliseconds; when it does fall behind by
		// more than this (a long catch-up), it catches up from the
		// collections and reopens at once.
		MinOplogSize:   50,
		MaxOplogSize:   200,
		MinOplogAge:    2 * time.Second,
		MaxOplogAge:    30 * time.Minute,
		ExpireInterval: time.Minute,
		ExpireErrors: func(err error) {
			db.log.Error("store: expire old documents", "err", err)
		},
	})
	if err != nil {
		_ = file.Close()
		unlock()
		return fileError(db.path, err)
	}
	db.client, db.engine, db.file, db.unlock, db.embedded = client, engine, file, unlock, true
	return nil
}

func (db *DB) openRemote(ctx context.Context) error {
	opts := options.Client().ApplyURI(db.cfg.URI).
		SetServerSelectionTimeout(10 * time.Second).
		SetTimeout(15 * time.Second)
	client, err := lungo.Connect(ctx, opts)
	if err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: "Cannot connect to MongoDB (MONGODB_URI).", Detail: redactURI(err.Error(), db.cfg.URI), Err: err}
	}
	db.client = client
	return nil
}

// Embedded reports whether the store runs on the embedded engine.
func (db *DB) Embedded() bool { return db.embedded }

// Path is the embedded database file ("" on a real deployment).
func (db *DB) Path() string { return db.path }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	select {
	case <-db.closing:
		// The embedded engine still answers a ping once closed.
		return bh.Errorf(bh.EINTERNAL, "store: ping: the database is closed")
	default:
	}
	if err := db.client.Ping(ctx, nil); err != nil {
		return db.fail("ping", err)
	}
	return nil
}

// Close finishes queued writes and releases the database. Safe to call twice.
func (db *DB) Close(ctx context.Context) error {
	var err error
	db.closeOnce.Do(func() {
		close(db.closing)
		db.writerWG.Wait()
		if db.feed != nil {
			db.feed.close()
		}
		if db.engine != nil {
			db.engine.Close()
			err = db.file.Close()
		} else if db.client != nil {
			err = db.client.Disconnect(ctx)
		}
		if db.unlock != nil {
			db.unlock()
		}
	})
	if err != nil {
		return db.fail("close", err)
	}
	return nil
}

// committed hears what a commit changed in the file, before the engine
// wakes its change streams, and keeps the in-memory copies current.
func (db *DB) committed(h lungo.Handle, puts []bson.Raw, gone bsonkit.List) {
	m := db.hook.Load()
	if m == nil || h[0] != db.cfg.Database {
		return
	}
	var err error
	switch h[1] {
	case colLogs:
		err = m.notesCommitted(puts, gone)
		if db.feed != nil && len(puts) > 0 {
			// After the index: whoever the feed wakes reads the change.
			db.feed.publish(puts)
		}
	case colReplies:
		err = m.repliesCommitted(puts, gone)
	case colShifts:
		err = m.shifts.committed(puts, gone)
	case colShiftState:
		err = m.states.committed(puts, gone)
	case colRuns:
		err = m.runs.committed(puts, gone)
	case colConversations:
		err = m.convs.committed(puts, gone)
	case colMembers:
		err = m.members.committed(puts, gone)
	}
	if err != nil {
		// Not expected: these documents were just encoded. Reads would
		// miss the change until the next start, so say so loudly.
		db.log.Error("store: in-memory index out of step; restart the bot", "collection", h[1], "err", err)
	}
}

func (db *DB) now() time.Time { return db.cfg.Now().UTC().Truncate(time.Millisecond) }

// fail turns a driver error into a domain error that names the operation.
// Domain errors pass through with the operation prefixed once.
func (db *DB) fail(op string, err error) error {
	if err == nil {
		return nil
	}
	var de *bh.Error
	if errors.As(err, &de) {
		return fmt.Errorf("store: %s: %w", op, err)
	}
	code := bh.EINTERNAL
	msg := ""
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.Is(err, lungo.ErrEngineClosed) || isUnavailable(err) {
		code = bh.EUNAVAILABLE
		msg = "The database did not answer in time."
	}
	return fmt.Errorf("store: %s: %w", op, &bh.Error{Code: code, Message: msg, Detail: redactURI(err.Error(), db.cfg.URI), Err: err})
}
