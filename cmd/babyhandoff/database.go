package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/legacy"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// What EMBEDDED_ENGINE may say: SQLite is the only embedded engine; bolt,
// the one before it, is refused with what to do (boltRemoved).
const (
	engineBolt   = "bolt"
	engineSQLite = "sqlite"
)

// Database is what this program needs of its database, whichever engine
// keeps it: what the bot, the radar and the council define, and what
// Main, export and import do themselves.
type Database interface {
	bot.Store
	radar.ChangeSource
	radar.Store
	radar.PostStore
	council.Store

	// SetShiftTZ records a family's zone (zoneLearner).
	SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	RegisterAgents(ctx context.Context, agents []bh.Agent) error
	Agents(ctx context.Context) ([]bh.Agent, error)
	// FailInterruptedRuns marks runs left "running" by a stopped process.
	FailInterruptedRuns(ctx context.Context, olderThan time.Duration) ([]bh.Run, error)
	// Sweep removes what is kept only for a while (RUN_DETAIL_DAYS, NOTE_DAYS).
	Sweep(ctx context.Context) (bh.Swept, error)
	// DailyBackup keeps a copy a day in DATA_DIR/backups (embedded engines).
	DailyBackup(ctx context.Context, keep int) (string, error)
	// RunByID is replay's.
	RunByID(ctx context.Context, runID string) (bh.Run, error)
	// Conversations, ExportFamily and ImportFamily are export and
	// import's: a family as domain values, which store/archive writes in
	// the export's format and reads back.
	Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error)
	ExportFamily(ctx context.Context, sh bh.Shift) (bh.FamilyRecord, error)
	ImportFamily(ctx context.Context, r bh.FamilyRecord) (bh.Imported, error)
	Ping(ctx context.Context) error
	Close(ctx context.Context) error
}

// dbOptions are what the bot process sets of a database besides where
// it is.
type dbOptions struct {
	Logger        *slog.Logger
	Now           func() time.Time
	Location      *time.Location
	RunDetailAge  time.Duration
	ClosedNoteAge time.Duration
	// Exclusive takes DATA_DIR's lock on an engine that does not take it
	// itself (SQLite): the bot's process is then the only bot on the file,
	// while export and import may run beside it.
	Exclusive bool
}

// opened is an open database, where it is, and whether this process is
// the only one that may run plans on it.
type opened struct {
	Database
	where     string
	exclusive bool
}

// openDatabase opens the database the settings name: MongoDB at
// MONGODB_URI, else SQLite in DATA_DIR.
func openDatabase(ctx context.Context, cfg Config, o dbOptions) (*opened, error) {
	if cfg.EmbeddedEngine == engineBolt {
		return nil, &bh.Error{Code: bh.EINVALID, Message: boltRemoved(cfg.DataDir)}
	}
	if cfg.MongoURI != "" || testMongoClient != nil {
		return openMongo(ctx, cfg, o)
	}
	var unlock func()
	if o.Exclusive {
		if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
			return nil, err
		}
		var err error
		if unlock, err = lockDataDir(cfg.DataDir); err != nil {
			return nil, err
		}
	}
	if err := moveOnce(ctx, cfg.DataDir, unlock != nil, o); err != nil {
		if unlock != nil {
			unlock()
		}
		return nil, err
	}
	db, err := sqlite.Open(ctx, sqlite.Config{DataDir: cfg.DataDir, Logger: o.Logger, Now: o.Now, Location: o.Location,
		RunDetailAge: o.RunDetailAge, ClosedNoteAge: o.ClosedNoteAge, Read: normalize.Read})
	if err != nil {
		if unlock != nil {
			unlock()
		}
		return nil, err
	}
	if o.Exclusive {
		if err := rereadNotes(ctx, db, o.Logger); err != nil {
			_ = db.Close(ctx) // the reading's error is the one to tell
			if unlock != nil {
				unlock()
			}
			return nil, err
		}
	}
	return &opened{Database: sqliteDB{DB: db, unlock: unlock}, where: "embedded database " + db.Path(), exclusive: o.Exclusive}, nil
}

// rereadNotes reads again, once, the notes whose stored reading was made
// by older rules than normalize's (or none: stored before notes kept one),
// so the store, the radar and plans read them as a new note is read.
func rereadNotes(ctx context.Context, db interface {
	Reread(ctx context.Context, version int) (int, error)
}, log *slog.Logger) error {
	k, err := db.Reread(ctx, normalize.Version)
	if err != nil {
		return fmt.Errorf("read the notes again under the current rules: %w", err)
	}
	if k > 0 && log != nil {
		log.Info("read notes again under the current rules", "notes", k, "version", normalize.Version)
	}
	return nil
}

// moveOnce moves the bolt engine's data in dir into SQLite if it is
// there (moveToSQLite), holding dir's lock for it if the caller does not
// (locked): a bolt process running on dir stops the move, clearly.
func moveOnce(ctx context.Context, dir string, locked bool, o dbOptions) error {
	leftover, err := filepath.Glob(filepath.Join(dir, ".moving-to-sqlite-*"))
	if err != nil {
		return err
	}
	if files, err := oldFiles(dir); err != nil || (len(files) == 0 && len(leftover) == 0) {
		return err
	}
	if !locked {
		unlock, err := lockDataDir(dir)
		if err != nil {
			return err
		}
		defer unlock()
	}
	now, log := time.Now, o.Logger
	if o.Now != nil {
		now = o.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := finishMoves(dir, log); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("Cannot finish the move of the embedded database in %s into SQLite (%v).", dir, err)}
	}
	if _, _, err := moveToSQLite(ctx, dir, now(), o.Location, log); errors.Is(err, legacy.ErrBadFile) {
		return err // its message names the file and what to do
	} else if err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Err: err,
			Message: fmt.Sprintf("Cannot move the embedded database in %s into SQLite (%v). Nothing was changed: the old files are as they were; the previous version of BabyHandoff still runs on them.", dir, err)}
	}
	return nil
}

// boltRemoved is what a start with EMBEDDED_ENGINE=bolt is told: that
// engine is gone, and what becomes of the data in dir once the setting
// is unset.
func boltRemoved(dir string) string {
	const removed = "EMBEDDED_ENGINE=bolt was removed in this version: SQLite is the only embedded engine. Unset EMBEDDED_ENGINE: "
	if f, err := os.Open(filepath.Join(dir, sqlite.FileName)); err == nil {
		defer f.Close()
		head := make([]byte, len(sqliteMagic))
		if _, err := io.ReadFull(f, head); err == nil && bytes.Equal(head, sqliteMagic) {
			return removed + fmt.Sprintf("the data in %s is in SQLite (%s) already.", dir, sqlite.FileName)
		}
	}
	return removed + fmt.Sprintf("the first start moves the bolt data in %s into SQLite once, and keeps the old files renamed.", dir)
}

// sqliteDB is store/sqlite as a Database, holding DATA_DIR's lock when
// it took it.
type sqliteDB struct {
	*sqlite.DB
	unlock func() // DATA_DIR's lock, when taken
}

func (db sqliteDB) Close(ctx context.Context) error {
	err := db.DB.Close(ctx)
	if db.unlock != nil {
		db.unlock()
	}
	return err
}

// Compile-time checks: each engine is a Database.
var (
	_ Database = sqliteDB{}
)
