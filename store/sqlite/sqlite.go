// Package sqlite keeps BabyHandoff's notes and families in one SQLite file,
// through modernc.org/sqlite (pure Go, no cgo).
//
// The file is in WAL mode with synchronous=FULL: a write is durable when it
// returns. Writes go through one connection, each in an immediate
// transaction (Tx) that carries its time from the injected clock; reads go
// through a pool of read-only connections and never wait for a writer. The
// schema is the numbered files in migrations/, applied in one transaction
// at open and recorded in the migrations table. Driver errors become domain
// errors in one place (fail, errors.go).
package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver

	bh "github.com/babyhandoff/babyhandoff"
)

// FileName is the database file's name in Config.DataDir.
const FileName = "babyhandoff.db"

// Config configures Open. The zero value opens ./data/babyhandoff.db.
type Config struct {
	// DataDir holds the database file. Default "./data".
	DataDir string
	// Logger hears what a person must look at. Default: discard.
	Logger *slog.Logger
	// Now is the clock. Default time.Now. Times are stored to the millisecond.
	Now func() time.Time
	// Location is the zone of families that have none of their own, where a
	// note's words are read ("pediatrician 2pm" ends at 3 p.m. there).
	// Default UTC.
	Location *time.Location
	// Read reads a note's words in its family's zone (normalize.Read): the
	// store calls it when a note is stored and when its words, its tag or
	// its zone change, and keeps the reading on the note; it never reads
	// words itself. Default: none; notes are stored unread (Reading.Version
	// 0, live until done or removed) and Reread reads them later.
	Read bh.Reader
	// Readers is how many read-only connections may be open. Default 4.
	Readers int
	// ReadCacheKB is each read-only connection's page cache, in KiB.
	// Default 256. In WAL mode a reader empties its cache whenever another
	// connection has committed since its last read, which here is nearly
	// every read (each note is a commit), so a large cache buys little
	// speed and holds its pages outside Go's heap until the next read:
	// SQLite's default (2,000 KiB) held 10 MB over the pool after a 90-day
	// soak.
	ReadCacheKB int
	// WriteCacheKB is the writer's page cache, in KiB. Default 512. Its
	// cache survives its own commits, so it fills up to the limit as the
	// file grows; each 4 KiB page then takes an 8 KiB block of
	// modernc.org/sqlite's allocator, which keeps freed blocks for reuse:
	// at SQLite's default (2,000 KiB) the allocator had 10 MB mapped by
	// day 30 of the soak, 6-7 MB at 512 KiB. A commit touches a few dozen
	// pages (the note's row and its indexes); one not cached is read from
	// the OS's file cache.
	WriteCacheKB int
	// BusyTimeout is how long a write waits for another process's write
	// before it fails as unavailable. Default 5 s.
	BusyTimeout time.Duration
	// Poll is how often a change stream looks for changes that another
	// process wrote (this process's own wake it at once). Default 1 s.
	Poll time.Duration
	// EventTTL is how long processed Slack event ids are remembered.
	// Default 24 h.
	EventTTL time.Duration
	// RunDetailAge is how long a run's details and events are kept (Sweep).
	// Default 90 days.
	RunDetailAge time.Duration
	// ClosedNoteAge is how long a done or removed note is kept (Sweep).
	// Default 365 days.
	ClosedNoteAge time.Duration
	// MaxBatch caps how many writes share one commit. Default 128.
	MaxBatch int
	// CheckpointAfter is how many commits pass between background
	// checkpoints. Default 100.
	CheckpointAfter int
}

// DB is an open SQLite store.
type DB struct {
	cfg  Config
	log  *slog.Logger
	path string
	wr   *sql.DB // one connection: every write, in order (commit.go)
	rd   *sql.DB // read-only connections
	rq   pooled  // rd, its statements prepared once (stmts.go)
	rs   *stmts  // rd's prepared statements
	ws   *stmts  // wr's prepared statements
	ck   *sql.DB // one connection for checkpoints

	zones memo[*time.Location] // the zone each conversation's family had at its last note (memo.go)
	live  memo[int]            // how many live notes each family had at its last look

	queue      chan *request // writes waiting for the writer
	writerDone chan struct{}
	commits    atomic.Int64
	ckpt       chan struct{} // asks for a checkpoint
	// ckptOwed is the commit at which a checkpoint fell due and was not
	// yet asked for (0: none). The writer's.
	ckptOwed int64
	ckptDone chan struct{}

	mu     sync.Mutex
	bell   chan struct{} // closed and replaced after a commit that changed notes
	closed chan struct{}
	once   sync.Once
}

// Open opens (or creates) the database file in cfg.DataDir and brings its
// schema up to date. A file that is not this program's SQLite database, is
// truncated, or was written by a newer version is refused, unchanged.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	if cfg.DataDir == "" {
		cfg.DataDir = "./data"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.Readers <= 0 {
		cfg.Readers = 4
	}
	if cfg.ReadCacheKB <= 0 {
		cfg.ReadCacheKB = 256
	}
	if cfg.WriteCacheKB <= 0 {
		cfg.WriteCacheKB = 512
	}
	if cfg.BusyTimeout <= 0 {
		cfg.BusyTimeout = 5 * time.Second
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.EventTTL <= 0 {
		cfg.EventTTL = 24 * time.Hour
	}
	if cfg.RunDetailAge <= 0 {
		cfg.RunDetailAge = 90 * 24 * time.Hour
	}
	if cfg.ClosedNoteAge <= 0 {
		cfg.ClosedNoteAge = 365 * 24 * time.Hour
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 128
	}
	if cfg.CheckpointAfter <= 0 {
		cfg.CheckpointAfter = 100
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot create the data folder %s.", cfg.DataDir), Detail: err.Error(), Err: err}
	}
	db := &DB{cfg: cfg, log: cfg.Logger, path: filepath.Join(cfg.DataDir, FileName),
		bell: make(chan struct{}), closed: make(chan struct{}), queue: make(chan *request, cfg.MaxBatch), writerDone: make(chan struct{}),
		ckpt: make(chan struct{}, 1), ckptDone: make(chan struct{})}
	fresh, err := checkFile(ctx, db.path)
	if err != nil {
		return nil, err
	}
	go db.commit()
	defer func() {
		if db.rd == nil { // Open failed: the writer stops
			close(db.closed)
			<-db.writerDone
		}
	}()
	if fresh {
		if err := db.create(ctx); err != nil {
			return nil, err
		}
	}
	if db.wr, err = openWriter(db.path, cfg.BusyTimeout, cfg.WriteCacheKB); err != nil {
		return nil, db.fail("open "+db.path, err)
	}
	db.ws = newStmts(db.wr)
	if err := db.migrate(ctx, false); err != nil {
		_ = db.wr.Close() // the migration's error is the one to tell
		return nil, err
	}
	// Opened after the writer made the file WAL: readers then never take
	// the write lock, and read a snapshot each transaction.
	rd, err := sql.Open("sqlite", dsn(db.path, "mode=ro", busyTimeout(cfg.BusyTimeout), cacheKB(cfg.ReadCacheKB)))
	if err != nil {
		_ = db.wr.Close()
		return nil, db.fail("open "+db.path, err)
	}
	db.rd = rd
	db.rd.SetMaxOpenConns(cfg.Readers)
	db.rs = newStmts(rd)
	db.rq = pooled{db.rs}
	if err := db.openCheckpointer(); err != nil {
		_ = db.rd.Close() // the checkpointer's error is the one to tell
		_ = db.wr.Close()
		db.rd = nil
		return nil, err
	}
	return db, nil
}

// openCheckpointer opens the checkpoints' own connection and starts them.
func (db *DB) openCheckpointer() error {
	// A checkpoint copies pages from the log to the file without its
	// cache: the reader's small one is plenty.
	ck, err := sql.Open("sqlite", dsn(db.path, busyTimeout(db.cfg.BusyTimeout), cacheKB(db.cfg.ReadCacheKB)))
	if err != nil {
		return db.fail("open "+db.path, err)
	}
	ck.SetMaxOpenConns(1)
	db.ck = ck
	go db.checkpoints()
	return nil
}

// openWriter is the one connection that writes path: WAL, each commit
// synced (synchronous=FULL), each transaction taking the write lock as it
// begins, no checkpoint inside a commit (commit.go checkpoints), the log
// cut back to logCycle when it restarts.
func openWriter(path string, busy time.Duration, kb int) (*sql.DB, error) {
	wr, err := sql.Open("sqlite", dsn(path, "_txlock=immediate", busyTimeout(busy), cacheKB(kb),
		"_pragma=journal_mode(WAL)", "_pragma=synchronous(FULL)", "_pragma=wal_autocheckpoint(0)",
		fmt.Sprintf("_pragma=journal_size_limit(%d)", logCycle)))
	if err != nil {
		return nil, err
	}
	wr.SetMaxOpenConns(1)
	wr.SetConnMaxIdleTime(0)
	return wr, nil
}

// cacheKB is a connection's page cache of kb KiB (negative: in KiB, not pages).
func cacheKB(kb int) string { return fmt.Sprintf("_pragma=cache_size(%d)", -kb) }

func busyTimeout(d time.Duration) string {
	return fmt.Sprintf("_pragma=busy_timeout(%d)", d.Milliseconds())
}

func dsn(path string, params ...string) string {
	u := "file:" + (&url.URL{Path: path}).EscapedPath() + "?"
	for i, p := range params {
		if i > 0 {
			u += "&"
		}
		u += p
	}
	return u
}

// Path is the database file.
func (db *DB) Path() string { return db.path }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.fail("ping", db.rd.PingContext(ctx))
}

// Close ends every change stream and closes the file. Safe to call twice.
func (db *DB) Close(context.Context) error {
	var err error
	db.once.Do(func() {
		close(db.closed)
		<-db.writerDone // a batch under way ends first
		<-db.ckptDone
		db.rs.close()
		db.ws.close()
		err = db.rd.Close()
		for _, c := range []*sql.DB{db.ck, db.wr} {
			if cerr := c.Close(); err == nil {
				err = cerr
			}
		}
	})
	return db.fail("close", err)
}

// Tx is one write transaction, with the time it happens at.
type Tx struct {
	*sql.Tx
	db  *DB
	Now time.Time
	// notes is set when the transaction changed a note: the commit wakes
	// the change streams.
	notes bool
}

// read runs fn in a read-only transaction on the read pool: one snapshot.
func (db *DB) read(ctx context.Context, op string, fn func(q querier) error) error {
	tx, err := db.rd.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return db.fail(op, err)
	}
	err = fn(txQuerier{tx: tx, s: db.rs})
	if rerr := tx.Rollback(); err == nil {
		err = rerr // read-only: ending it keeps nothing
	}
	db.rs.warm(ctx) // what it met for the first time, for the next read
	return db.fail(op, err)
}

// ring wakes every change stream waiting for a commit.
func (db *DB) ring() {
	db.mu.Lock()
	close(db.bell)
	db.bell = make(chan struct{})
	db.mu.Unlock()
}

func (db *DB) bellNow() <-chan struct{} {
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.bell
}

func (db *DB) now() time.Time { return db.cfg.Now().UTC().Truncate(time.Millisecond) }

// querier is a transaction or a pool: what a query needs.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ms is a time as stored: Unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMs(v int64) time.Time { return time.UnixMilli(v).UTC() }

func fromNullMs(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromMs(v.Int64)
	return &t
}

func nullMs(t *time.Time) sql.NullInt64 {
	if t == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: ms(*t), Valid: true}
}

// newID is an id made as MongoDB makes its ids (12 bytes in hex: the
// second, this process's random bytes, a counter), so ids rise in the order
// they are made, as the current store's do: notes of one instant are
// listed in the order they were stored, also after an import, which
// stores them by id.
func newID() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(time.Now().Unix()))
	copy(b[4:9], idProcess[:])
	c := idCounter.Add(1)
	b[9], b[10], b[11] = byte(c>>16), byte(c>>8), byte(c)
	return hex.EncodeToString(b[:])
}

var (
	idProcess = func() (p [5]byte) {
		_, _ = rand.Read(p[:]) // never fails (crypto/rand)
		return p
	}()
	idCounter = func() *atomic.Uint32 {
		var c atomic.Uint32
		var b [3]byte
		_, _ = rand.Read(b[:])
		c.Store(uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2]))
		return &c
	}()
)
