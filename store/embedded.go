package store

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/256dpi/lungo"
	"go.etcd.io/bbolt"

	bh "github.com/babyhandoff/babyhandoff"
)

// FileName is the embedded database's file inside DataDir.
const FileName = "babyhandoff.bolt"

// LegacyFileName is the single-file database of versions before FileName,
// which rewrote the whole file on every commit. Found alone at open, it is
// migrated once and kept beside the new file as LegacyFileName+".migrated".
const LegacyFileName = "babyhandoff.db"

// openFile opens the embedded database file in dir, migrating a legacy file
// first. Every failure names the file and says what to do; nothing that
// exists is overwritten.
func openFile(dir string, log *slog.Logger) (*boltFile, error) {
	path := filepath.Join(dir, FileName)
	legacy := filepath.Join(dir, LegacyFileName)
	_, err := os.Stat(path)
	switch {
	case os.IsNotExist(err):
		if _, lerr := os.Stat(legacy); lerr == nil {
			if err := migrateLegacy(legacy, path, log); err != nil {
				return nil, err
			}
		}
	case err != nil:
		return nil, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot read the embedded database %s.", path), Detail: err.Error(), Err: err}
	default:
		// A migration that stopped after the new file was in place.
		if _, lerr := os.Stat(legacy); lerr == nil {
			if err := os.Rename(legacy, legacy+".migrated"); err == nil {
				log.Warn("store: the old-format database was already migrated; kept as "+legacy+".migrated", "file", path)
			}
		}
	}
	f, err := openBoltFile(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	return f, nil
}

// fileError says what to do about a file that cannot be opened.
func fileError(path string, err error) error {
	if errors.Is(err, errLogAhead) {
		return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
			"The embedded database %s and its log %s do not belong together: the log holds changes the database never had before them (was the database file replaced by an older copy?). Nothing was changed. Put back the database file that was there, or move the log away to open the database as it is, without the log's changes.", path, path+WALSuffix),
			Detail: err.Error(), Err: err}
	}
	if errors.Is(err, errLogOrphan) {
		return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
			"The embedded database's log %s holds changes, but the database %s is not there (moved away, or a copy restored without it). Nothing was changed. Put the database file back, or move the log away to start with an empty database.", path+WALSuffix, path),
			Detail: err.Error(), Err: err}
	}
	if errors.Is(err, errNotOurs) {
		return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
			"The embedded database %s is not a BabyHandoff database this version can read (another program's file, a damaged file, or one written by a newer BabyHandoff). Nothing was changed. Run the version that wrote it, restore a backup, or move the file away to start with an empty database.", path),
			Detail: err.Error(), Err: err}
	}
	return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot open the embedded database %s.", path), Detail: err.Error(), Err: err}
}

// migrateLegacy copies a legacy single-file database into a new file at
// path. It writes a temporary file and renames it into place only when it is
// complete, so a migration stopped half-way is simply done again; the legacy
// file is renamed, never changed.
func migrateLegacy(legacy, path string, log *slog.Logger) error {
	start := time.Now()
	log.Info("store: migrating the database to the new format (once)", "from", legacy, "to", path)
	catalog, err := lungo.NewFileStore(legacy, 0o600).Load()
	if err != nil {
		return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
			"The embedded database %s could not be read to migrate it (a damaged file, or not a BabyHandoff database). Nothing was changed. Restore a backup, or move the file away to start with an empty database.", legacy),
			Detail: err.Error(), Err: err}
	}
	tmp := path + ".migrating"
	// What a migration stopped half-way left; its log too, which would
	// otherwise be applied to the new file.
	_ = os.Remove(tmp)
	_ = os.Remove(tmp + WALSuffix)
	f, err := openBoltFile(tmp)
	if err != nil {
		return fileError(tmp, err)
	}
	if err := f.Store(catalog); err != nil {
		_ = f.Close()
		_ = os.Remove(tmp)
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot write the migrated database %s (is the disk full?). %s was not changed.", tmp, legacy), Detail: err.Error(), Err: err}
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(tmp)
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot write the migrated database %s. %s was not changed.", tmp, legacy), Detail: err.Error(), Err: err}
	}
	if err := os.Rename(tmp, path); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot move the migrated database into place as %s. %s was not changed.", path, legacy), Detail: err.Error(), Err: err}
	}
	syncDir(filepath.Dir(path))
	if err := os.Rename(legacy, legacy+".migrated"); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Migrated into %s, but cannot rename the old file %s: move it away by hand.", path, legacy), Detail: err.Error(), Err: err}
	}
	syncDir(filepath.Dir(path))
	docs := 0
	for _, ns := range catalog.Namespaces {
		docs += len(ns.Documents.List)
	}
	log.Info("store: migrated; the old file is kept until you delete it", "documents", docs, "took", time.Since(start).Round(time.Millisecond), "old", legacy+".migrated")
	return nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// FileUse is what the embedded database takes on disk, its file and the
// log beside it, and the part of that which holds data; the rest is free
// pages the file keeps for later writes (a bbolt file does not shrink) and
// the log's room for records. Zero on a real deployment.
func (db *DB) FileUse() (size, used int64) {
	if db.file == nil {
		return 0, 0
	}
	fi, err := os.Stat(db.path)
	if err != nil {
		return 0, 0
	}
	st := db.file.bolt.Stats()
	free := int64(st.FreePageN+st.PendingPageN) * int64(db.file.bolt.Info().PageSize)
	size, used = fi.Size(), max(0, fi.Size()-free)
	if li, err := os.Stat(db.path + WALSuffix); err == nil {
		db.file.w.mu.Lock()
		queued := int64(db.file.w.queued)
		db.file.w.mu.Unlock()
		size += li.Size()
		used += queued
	}
	return size, used
}

// BackupDir is where the embedded store's daily copies are kept, inside
// DataDir.
const BackupDir = "backups"

// Backup writes a consistent copy of the embedded database to w while the
// bot keeps running: it is read in one read-only transaction, so it holds
// every commit before it and none after. A copy opens as a database of its
// own (put it in a DATA_DIR as FileName). EINVALID on a real deployment,
// whose backups are MongoDB's (mongodump, Atlas snapshots).
func (db *DB) Backup(w io.Writer) (int64, error) {
	if db.file == nil {
		return 0, bh.Errorf(bh.EINVALID, "Backups of a MongoDB deployment are MongoDB's own: use mongodump or your provider's snapshots.")
	}
	var n int64
	// The copy is the bbolt file alone, so every commit so far goes in
	// first.
	if err := db.file.settle(); err != nil {
		return 0, db.fail("backup", err)
	}
	err := db.file.bolt.View(func(tx *bbolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, db.fail("backup", err)
	}
	return n, nil
}

// DailyBackup keeps a copy of the embedded database per day in
// DataDir/backups (babyhandoff-2027-01-04.bolt), the newest keep of them,
// and returns the copy's path ("" when today's exists already). The copy is
// written beside its final name and renamed when complete, so a copy that
// is there is whole.
func (db *DB) DailyBackup(keep int) (string, error) {
	if db.file == nil {
		return "", nil
	}
	dir := filepath.Join(db.cfg.DataDir, BackupDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", db.fail("backup", err)
	}
	path := filepath.Join(dir, "babyhandoff-"+db.now().Format("2006-01-02")+".bolt")
	if _, err := os.Stat(path); err == nil {
		return "", nil
	}
	tmp := path + ".partial"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return "", db.fail("backup", err)
	}
	_, err = db.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return "", db.fail("backup", err)
	}
	syncDir(dir)
	old, _ := filepath.Glob(filepath.Join(dir, "babyhandoff-*.bolt"))
	sort.Strings(old) // dates sort as text
	for len(old) > keep {
		if err := os.Remove(old[0]); err != nil {
			return path, db.fail("backup: remove an old copy", err)
		}
		old = old[1:]
	}
	return path, nil
}
