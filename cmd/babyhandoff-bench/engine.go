package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/normalize"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// The embedded engines the suites run on (-engine), as EMBEDDED_ENGINE
// names them.
const (
	engineSQLite = "sqlite"
	engineBolt   = "bolt"
)

// benchDB is what the suites need of a database, whichever engine keeps
// it: what the bot and the radar define, and what the suites read back.
type benchDB interface {
	bot.Store
	radar.ChangeSource
	radar.Store
	radar.PostStore
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	Sweep(ctx context.Context) (bh.Swept, error)
	// Path is the database file, whose size the suites report.
	Path() string
}

// engineOptions are what a suite sets of a database besides its folder.
type engineOptions struct {
	Now func() time.Time
	// LogSynced hears each commit's write and sync of the log; only the
	// bolt engine tells it (SQLite's commit is the driver's).
	LogSynced func(time.Duration)
}

// openEngine opens engine's database in dir.
func openEngine(ctx context.Context, engine, dir string, o engineOptions) (benchDB, func(), error) {
	switch engine {
	case engineBolt:
		db, err := store.Open(ctx, store.Config{DataDir: dir, Now: o.Now, LogSynced: o.LogSynced})
		if err != nil {
			return nil, nil, err
		}
		return db, func() { _ = db.Close(context.Background()) }, nil
	case engineSQLite:
		db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir, Now: o.Now, Read: normalize.Read})
		if err != nil {
			return nil, nil, err
		}
		return db, func() { _ = db.Close(context.Background()) }, nil
	}
	return nil, nil, fmt.Errorf("unknown engine %q", engine)
}

// engines is the list -engine names: both engines (SQLite first, the
// default) for a written report, so that it shows them side by side from
// one run; else SQLite, the bot's default.
func engines(flag string, report bool) ([]string, error) {
	switch strings.ToLower(strings.TrimSpace(flag)) {
	case "":
		if report {
			return []string{engineSQLite, engineBolt}, nil
		}
		return []string{engineSQLite}, nil
	case "both":
		return []string{engineSQLite, engineBolt}, nil
	case engineSQLite:
		return []string{engineSQLite}, nil
	case engineBolt:
		return []string{engineBolt}, nil
	}
	return nil, fmt.Errorf("unknown -engine %q; use sqlite, bolt or both", flag)
}

// fileSize is the size of the database file at path with its write-ahead
// log beside it (SQLite's "-wal", which holds the latest commits until a
// checkpoint); 0 where unknown.
func fileSize(path string) int64 {
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}
