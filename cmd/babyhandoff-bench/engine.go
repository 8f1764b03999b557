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
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// engineSQLite is the embedded engine the suites run on (-engine): the
// only one since the bolt engine was removed.
const engineSQLite = "sqlite"

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
}

// openEngine opens engine's database in dir.
func openEngine(ctx context.Context, engine, dir string, o engineOptions) (benchDB, func(), error) {
	switch engine {
	case engineSQLite:
		db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir, Now: o.Now, Read: normalize.Read})
		if err != nil {
			return nil, nil, err
		}
		return db, func() { _ = db.Close(context.Background()) }, nil
	}
	return nil, nil, fmt.Errorf("unknown engine %q", engine)
}

// engines is the list -engine names: SQLite, the bot's embedded engine.
// The bolt engine and "both" (SQLite beside it) are gone, and said so.
func engines(flag string) ([]string, error) {
	switch f := strings.ToLower(strings.TrimSpace(flag)); f {
	case "", engineSQLite:
		return []string{engineSQLite}, nil
	case "bolt", "both":
		return nil, fmt.Errorf("-engine %s: the bolt engine was removed; sqlite is the only embedded engine (BENCHMARKS.md keeps the last figures measured beside bolt)", f)
	}
	return nil, fmt.Errorf("unknown -engine %q; use sqlite", flag)
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
