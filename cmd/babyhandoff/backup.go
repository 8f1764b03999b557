package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: `babyhandoff backup --out FILE`, a consistent copy of the
// embedded database taken while the bot runs.

// backuper is a database that can write a consistent copy of itself while
// others write to it (SQLite: one read snapshot, VACUUM INTO).
type backuper interface {
	BackupTo(ctx context.Context, path string) error
}

// runBackup writes a copy of the embedded database to --out. The bot may
// be running: the copy holds every note acked before it and none after.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "the file to write (it must not exist)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: babyhandoff backup --out FILE")
		return 2
	}
	// A copy never replaces a file: an old backup named by mistake stays.
	if _, err := os.Lstat(*out); err == nil {
		fmt.Fprintf(stderr, "babyhandoff backup: %s exists; choose a new file (nothing was written)\n", *out)
		return 1
	}
	db, code := openStoreFor(ctx, "backup", stderr)
	if db == nil {
		return code
	}
	defer db.Close(context.Background())
	b, ok := db.(backuper)
	if !ok {
		fmt.Fprintln(stderr, "babyhandoff backup: this copies the embedded database; on MongoDB (MONGODB_URI) use its own backups (mongodump, Atlas snapshots), or babyhandoff export")
		return 1
	}
	if err := b.BackupTo(ctx, *out); err != nil {
		fmt.Fprintln(stderr, "babyhandoff backup: "+bh.ErrorMessage(err))
		return 1
	}
	abs, err := filepath.Abs(*out)
	if err != nil {
		abs = *out
	}
	fmt.Fprintf(stdout, "wrote a copy of the database to %s\nTo restore it: stop the bot, copy it to DATA_DIR/babyhandoff.db (moving babyhandoff.db-wal aside if it is there), start the bot.\n", abs)
	return 0
}
