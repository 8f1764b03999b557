package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// This file: online copies. A copy is one read snapshot written out by
// SQLite (VACUUM INTO) while the bot keeps writing: it holds every commit
// before it and none after, and opens as a database of its own.

// BackupDir is where the daily copies are kept, inside DataDir.
const BackupDir = "backups"

// BackupTo writes a consistent copy of the database to path, beside it
// first and renamed in when complete and synced, so a copy at path is
// whole. An existing file at path is replaced.
func (db *DB) BackupTo(ctx context.Context, path string) error {
	tmp := path + ".partial"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return db.fail("backup to "+path, err)
	}
	conn, err := db.rd.Conn(ctx) // VACUUM INTO takes its snapshot outside any transaction
	if err == nil {
		_, err = conn.ExecContext(ctx, "VACUUM INTO ?", tmp)
		if cerr := conn.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		err = syncFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil {
		err = syncDir(filepath.Dir(path))
	}
	if err != nil {
		_ = os.Remove(tmp) // the copy failed: nothing half-written stays
		return db.fail("backup to "+path, err)
	}
	return nil
}

// DailyBackup keeps a copy of the database per day in DataDir/backups
// (babyhandoff-2027-01-04.db), the newest keep of them, and returns the
// copy's path ("" when today's exists already).
func (db *DB) DailyBackup(ctx context.Context, keep int) (string, error) {
	dir := filepath.Join(db.cfg.DataDir, BackupDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", db.fail("backup", err)
	}
	path := filepath.Join(dir, "babyhandoff-"+db.now().Format("2006-01-02")+".db")
	if _, err := os.Stat(path); err == nil {
		return "", nil
	}
	if err := db.BackupTo(ctx, path); err != nil {
		return "", err
	}
	old, err := filepath.Glob(filepath.Join(dir, "babyhandoff-*.db"))
	sort.Strings(old) // dates sort as text
	for ; err == nil && len(old) > keep; old = old[1:] {
		err = os.Remove(old[0])
	}
	return path, db.fail("backup: remove an old copy", err)
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
