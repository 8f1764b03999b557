package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	bh "github.com/babyhandoff/babyhandoff"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationFS is where the migrations are read; tests give broken ones.
var migrationFS fs.FS = migrationFiles

// appID marks a SQLite file as this program's (the header's
// application_id): "BbyH".
const appID = 0x42627948

type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the files of migrations/, by number ("0001_x.sql").
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: no number", base)
		}
		b, err := fs.ReadFile(migrationFS, name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	slices.SortFunc(out, func(a, b migration) int { return a.version - b.version })
	return out, nil
}

// migrate applies the migrations the file lacks, all in one transaction,
// and records each.
func (db *DB) migrate(ctx context.Context, fresh bool) error {
	all, err := migrations()
	if err != nil {
		return db.fail("read migrations", err)
	}
	return db.write(ctx, "migrate "+db.path, func(tx *Tx) error {
		if fresh {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", appID)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM migrations").Scan(&have); err != nil {
			return err
		}
		if latest := all[len(all)-1].version; have > latest {
			return newerFile(db.path, have, latest)
		}
		for _, m := range all {
			if m.version <= have {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)", m.version, m.name, ms(tx.Now)); err != nil {
				return err
			}
			db.log.Info("sqlite: schema migrated", "file", db.path, "migration", m.name)
		}
		return nil
	})
}

// create makes the database file whole or not at all: the schema is
// applied to a file beside it, which is renamed into place once complete,
// so a first start stopped half-way leaves no file to refuse.
func (db *DB) create(ctx context.Context) (err error) {
	tmp := db.path + ".new"
	for _, p := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return db.fail("create "+db.path, err)
		}
	}
	if db.wr, err = openWriter(tmp, db.cfg.BusyTimeout, db.cfg.WriteCacheKB); err != nil {
		return db.fail("create "+db.path, err)
	}
	db.ws = newStmts(db.wr)
	err = db.migrate(ctx, true)
	if serr := db.settle(ctx); err == nil {
		err = serr // the writer's housekeeping uses the connection closed next
	}
	db.ws.close()
	if cerr := db.wr.Close(); err == nil && cerr != nil {
		err = db.fail("create "+db.path, cerr)
	}
	db.wr = nil
	if err != nil {
		return err
	}
	if hasLog(tmp) {
		// Closing moves the log into the file; a log left means it did not.
		return db.fail("create "+db.path, fmt.Errorf("%s-wal was not moved into the file", tmp))
	}
	if err := os.Rename(tmp, db.path); err != nil {
		return db.fail("create "+db.path, err)
	}
	return db.fail("create "+db.path, syncDir(filepath.Dir(db.path)))
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkFile refuses, without writing to it, a file at path that is not
// this program's SQLite database, is cut short, or was written by a newer
// version. fresh is true when there is no file yet.
func checkFile(ctx context.Context, path string) (fresh bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot read the database file %s: check its owner and permissions.", path), Detail: err.Error(), Err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false, refuse(path, "cannot be read", err)
	}
	if st.Size() == 0 {
		return false, refuse(path, "is empty (0 bytes), so it holds no notes", nil)
	}
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || !bytes.HasPrefix(h[:], []byte("SQLite format 3\x00")) {
		return false, refuse(path, "is not a SQLite database", nil)
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:]))
	// The page count is valid only when written by the same change as the
	// header's counter; a log beside the file (a crash, or a checkpoint
	// cut short) completes the file, so only a file alone is measured.
	if binary.BigEndian.Uint32(h[92:]) == binary.BigEndian.Uint32(h[24:]) && !hasLog(path) &&
		(st.Size() < pages*pageSize || st.Size()%pageSize != 0) {
		return false, refuse(path, fmt.Sprintf("is cut short (%d bytes of %d): it was truncated while copied or written", st.Size(), pages*pageSize), nil)
	}
	// The version, read through a read-only connection, which writes
	// neither the file nor its header. Without a log the file is whole,
	// and read as immutable: no log or index files are made beside it.
	params := []string{"mode=ro"}
	if !hasLog(path) {
		params = append(params, "immutable=1")
	}
	ro, err := sql.Open("sqlite", dsn(path, params...))
	if err != nil {
		return false, refuse(path, "cannot be opened", err)
	}
	defer ro.Close()
	all, err := migrations()
	if err != nil {
		return false, err
	}
	// Read through the connection, not the header: the file's first
	// commit may still be in the log.
	var id uint32
	if err := ro.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil {
		return false, refuse(path, "cannot be read", err)
	}
	if id != appID {
		return false, refuse(path, "is another program's SQLite database, not BabyHandoff's", nil)
	}
	var have int
	if err := ro.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM migrations").Scan(&have); err != nil {
		return false, refuse(path, "cannot be read as BabyHandoff's database", err)
	}
	if latest := all[len(all)-1].version; have > latest {
		return false, newerFile(path, have, latest)
	}
	return false, nil
}

func hasLog(path string) bool {
	st, err := os.Stat(path + "-wal")
	return err == nil && st.Size() > 0
}

// refuse says that the file at path is not used, why, and what to do. The
// message is the whole story, so it is printed once (no detail beside it).
func refuse(path, why string, cause error) error {
	return &bh.Error{Code: bh.EINVALID, Err: cause, Message: fmt.Sprintf(
		"The database file %s %s. Nothing was written to it. Move it away to start with an empty database, or put a backup in its place.", path, why)}
}

func newerFile(path string, have, latest int) error {
	return &bh.Error{Code: bh.EINVALID, Message: fmt.Sprintf(
		"The database file %s was written by a newer version of BabyHandoff (schema %d; this version knows up to %d). Nothing was written to it. Run the newer version, or restore a backup made by this one.", path, have, latest)}
}
