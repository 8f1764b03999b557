package store

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/256dpi/lungo"

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
		return nil, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot read the embedded database %s.", path), Detail: err.Error()}
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
	if errors.Is(err, errNotOurs) {
		return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
			"The embedded database %s is not a BabyHandoff database this version can read (another program's file, a damaged file, or one written by a newer BabyHandoff). Nothing was changed. Run the version that wrote it, restore a backup, or move the file away to start with an empty database.", path),
			Detail: err.Error()}
	}
	return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot open the embedded database %s.", path), Detail: err.Error()}
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
			Detail: err.Error()}
	}
	tmp := path + ".migrating"
	_ = os.Remove(tmp)
	f, err := openBoltFile(tmp)
	if err != nil {
		return fileError(tmp, err)
	}
	if err := f.Store(catalog); err != nil {
		_ = f.Close()
		_ = os.Remove(tmp)
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot write the migrated database %s (is the disk full?). %s was not changed.", tmp, legacy), Detail: err.Error()}
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(tmp)
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot write the migrated database %s. %s was not changed.", tmp, legacy), Detail: err.Error()}
	}
	if err := os.Rename(tmp, path); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot move the migrated database into place as %s. %s was not changed.", path, legacy), Detail: err.Error()}
	}
	syncDir(filepath.Dir(path))
	if err := os.Rename(legacy, legacy+".migrated"); err != nil {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Migrated into %s, but cannot rename the old file %s: move it away by hand.", path, legacy), Detail: err.Error()}
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

// FileUse is the embedded database file's size and the part of it that
// holds data; the rest is free pages the file keeps for later writes (a
// bbolt file does not shrink). Zero on a real deployment.
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
	return fi.Size(), max(0, fi.Size()-free)
}
