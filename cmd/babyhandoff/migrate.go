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
	"slices"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/archive"
	"github.com/babyhandoff/babyhandoff/store/legacy"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// This file: the one-time move of the bolt engine's data (the current
// file and its log, or the older single file) into SQLite, at the first
// start on SQLite. The old formats are read only here, by store/legacy,
// which never writes them; this file and that package go together, once
// no install older than the SQLite default is left to move (the package's
// comment says when).

// sqliteMagic begins every SQLite file.
var sqliteMagic = []byte("SQLite format 3\x00")

// oldFiles are the bolt engine's files in dir that a move takes: the
// current file and its log, or else the older single file (named as
// SQLite's file is, so it is told apart by its first bytes), with a log
// left without its file (which the move refuses if it holds changes;
// beside a SQLite file, it is left alone).
// None: nothing to move (a new DATA_DIR, or one moved already).
func oldFiles(dir string) ([]string, error) {
	var files []string
	for _, name := range []string{legacy.FileName, legacy.LogName} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			files = append(files, name)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	if slices.Contains(files, legacy.FileName) {
		return files, nil
	}
	f, err := os.Open(filepath.Join(dir, legacy.SingleFileName))
	if errors.Is(err, os.ErrNotExist) {
		return files, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if n == 0 || bytes.Equal(head[:n], sqliteMagic) {
		// SQLite's own file (or an empty one, which SQLite refuses as
		// such): moved already, or never bolt's; a log beside it is not
		// moved over it.
		return nil, nil
	}
	return append([]string{legacy.SingleFileName}, files...), nil
}

// moved counts what a move took.
type moved struct {
	Families, Notes, Runs, Handoffs int
}

// migrationHook, when set (by tests), runs after the families are written
// to the new file and before anything is renamed; an error stops the move.
var migrationHook func() error

// moveToSQLite moves the bolt engine's data in dir into SQLite, once, and
// says what it moved (nothing when there was nothing to move). The old
// files are only read (store/legacy); the new file is made in a folder of
// its own, each family is checked (its notes', runs' and handoffs' ids)
// against what was read, and only then are the old files renamed to
// NAME.migrated-YYYYMMDD and the new one renamed into place. Any failure
// before that leaves dir as it was, byte for byte; an old file that
// cannot be read is refused with a message that names it
// (legacy.ErrBadFile). The caller holds dir's lock.
func moveToSQLite(ctx context.Context, dir string, now time.Time, loc *time.Location, log *slog.Logger) (moved, []string, error) {
	files, err := oldFiles(dir)
	if err != nil || len(files) == 0 {
		return moved{}, nil, err
	}
	if files[0] == legacy.FileName {
		// Both engines' files (the bolt ones put back after a move, say):
		// which is current only a person can tell.
		if _, err := os.Stat(filepath.Join(dir, sqlite.FileName)); err == nil {
			return moved{}, nil, fmt.Errorf("%s holds both %s and %s; keep the one with the newest notes and move the other away (%s is moved into SQLite at the next start if it is alone)",
				dir, legacy.FileName, sqlite.FileName, legacy.FileName)
		}
	}
	records, err := readOld(dir, now)
	if errors.Is(err, legacy.ErrBadFile) {
		return moved{}, nil, err
	} else if err != nil {
		return moved{}, nil, fmt.Errorf("read %s: %w", filepath.Join(dir, files[0]), err)
	}
	work, err := os.MkdirTemp(dir, ".moving-to-sqlite-")
	if err != nil {
		return moved{}, nil, err
	}
	defer os.RemoveAll(work)
	made := filepath.Join(work, sqlite.FileName)
	out, err := writeNew(ctx, filepath.Join(work, "new"), made, loc, records)
	if err != nil {
		return moved{}, nil, err
	}
	if migrationHook != nil {
		if err := migrationHook(); err != nil {
			return moved{}, nil, err
		}
	}

	// The new file is whole: say so, so that a start after a kill in the
	// renames below finishes them (finishMoves) instead of starting empty.
	suffix := ".migrated-" + now.UTC().Format("20060102")
	for _, name := range files {
		if _, err := os.Stat(filepath.Join(dir, name+suffix)); err == nil {
			return moved{}, nil, fmt.Errorf("%s is in the way of keeping %s; move it away and start again", filepath.Join(dir, name+suffix), name)
		}
	}
	if err := writeReady(work, suffix, files); err != nil {
		return moved{}, nil, err
	}
	kept, err := finishMove(dir, work, suffix, files)
	if err != nil {
		return moved{}, nil, err
	}
	log.Info(fmt.Sprintf("moved the embedded database into SQLite: %d families, %d notes, %d plans, %d handoffs; the old files are kept as %v",
		out.Families, out.Notes, out.Runs, out.Handoffs, kept), "file", filepath.Join(dir, sqlite.FileName),
		"families", out.Families, "notes", out.Notes, "plans", out.Runs, "handoffs", out.Handoffs)
	return out, kept, nil
}

// readyName marks a move's folder whose new file is whole: its first line
// is the suffix the old files take, the others their names.
const readyName = "ready"

func writeReady(work, suffix string, files []string) error {
	f, err := os.OpenFile(filepath.Join(work, readyName), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(strings.Join(append([]string{suffix}, files...), "\n") + "\n")
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncDir(work)
	}
	return err
}

// finishMove renames the old files aside (kept) and the new one in, each
// step only if not done yet, so a move stopped in the middle is finished
// by the next start. A failure puts back what this call renamed and
// removes the ready mark: the move is then not done, and nothing changed.
func finishMove(dir, work, suffix string, files []string) (kept []string, err error) {
	var done []string
	defer func() {
		if err == nil {
			return
		}
		for _, name := range slices.Backward(done) {
			_ = os.Rename(filepath.Join(dir, name+suffix), filepath.Join(dir, name))
		}
		_ = os.Remove(filepath.Join(work, readyName))
	}()
	for _, name := range files {
		kept = append(kept, filepath.Join(dir, name+suffix))
		if _, err := os.Stat(filepath.Join(dir, name)); errors.Is(err, os.ErrNotExist) {
			continue // renamed by the start that was stopped
		}
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(dir, name+suffix)); err != nil {
			return nil, err
		}
		done = append(done, name)
	}
	if err := os.Rename(filepath.Join(work, sqlite.FileName), filepath.Join(dir, sqlite.FileName)); err != nil {
		return nil, err
	}
	if err := syncDir(dir); err != nil {
		// Moved: only the renames' durability is in doubt; the next start
		// finds the old files renamed or finishes again.
		return kept, nil
	}
	return kept, nil
}

// finishMoves deals with the folders of moves that stopped (a kill): one
// whose new file was whole (ready) is finished, any other removed (its
// move had changed nothing yet).
func finishMoves(dir string, log *slog.Logger) error {
	works, err := filepath.Glob(filepath.Join(dir, ".moving-to-sqlite-*"))
	if err != nil {
		return err
	}
	for _, work := range works {
		raw, err := os.ReadFile(filepath.Join(work, readyName))
		if errors.Is(err, os.ErrNotExist) {
			if err := os.RemoveAll(work); err != nil {
				return err
			}
			continue
		} else if err != nil {
			return err
		}
		lines := strings.Fields(string(raw))
		if len(lines) < 2 {
			return fmt.Errorf("%s is damaged; move %s away and start again", filepath.Join(work, readyName), work)
		}
		if _, err := os.Stat(filepath.Join(work, sqlite.FileName)); err == nil {
			kept, err := finishMove(dir, work, lines[0], lines[1:])
			if err != nil {
				return err
			}
			log.Info(fmt.Sprintf("finished moving the embedded database into SQLite (a start stopped in the middle); the old files are kept as %v", kept))
		}
		if err := os.RemoveAll(work); err != nil {
			return err
		}
	}
	return nil
}

// readOld reads every family of the bolt engine's files in dir, decoded
// as the export format decodes them; now stamps what the old engine's
// open stamped (a DM's quiet hours passed to its person).
func readOld(dir string, now time.Time) ([]bh.FamilyRecord, error) {
	fams, err := legacy.Read(dir, now)
	if err != nil {
		return nil, err
	}
	out := make([]bh.FamilyRecord, 0, len(fams))
	for _, f := range fams {
		r, err := archive.RecordOf(archive.Dump(f))
		if err != nil {
			return nil, fmt.Errorf("family %s: %w", f.Shift.ID, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// writeNew writes records into a new SQLite database in dir, checks each
// family against its record, and leaves a consistent copy of it at path.
// loc is DEFAULT_TZ: where a family without a zone reads its notes' words,
// which SQLite works out as it writes them ("pediatrician 2pm").
func writeNew(ctx context.Context, dir, path string, loc *time.Location, records []bh.FamilyRecord) (moved, error) {
	db, err := sqlite.Open(ctx, sqlite.Config{DataDir: dir, Location: loc})
	if err != nil {
		return moved{}, err
	}
	defer db.Close(context.Background())
	var out moved
	for _, r := range records {
		if _, err := db.ImportFamily(ctx, r); err != nil {
			return moved{}, fmt.Errorf("write family %s into SQLite: %w", r.Shift.ID, err)
		}
		got, err := db.ExportFamily(ctx, r.Shift)
		if err != nil {
			return moved{}, fmt.Errorf("read family %s back from SQLite: %w", r.Shift.ID, err)
		}
		if err := sameIDs(r, got); err != nil {
			return moved{}, fmt.Errorf("family %s: %w", r.Shift.ID, err)
		}
		out.Families++
		out.Notes += len(r.Notes)
		out.Runs += len(r.Runs)
		out.Handoffs += len(r.Handoffs)
	}
	return out, db.BackupTo(ctx, path)
}

// sameIDs checks that SQLite holds what was read of a family: the same
// notes, runs, handoffs, members and conversations, by id.
func sameIDs(want, got bh.FamilyRecord) error {
	for _, c := range []struct {
		what      string
		want, got []string
	}{
		{"notes", ids(want.Notes, func(n bh.Note) string { return n.ID }), ids(got.Notes, func(n bh.Note) string { return n.ID })},
		{"plans", ids(want.Runs, func(r bh.RunRecord) string { return r.Run.ID }), ids(got.Runs, func(r bh.RunRecord) string { return r.Run.ID })},
		{"handoffs", ids(want.Handoffs, func(h bh.Handoff) string { return h.ID }), ids(got.Handoffs, func(h bh.Handoff) string { return h.ID })},
		{"members", ids(want.Members, func(m bh.Member) string { return m.UserID }), ids(got.Members, func(m bh.Member) string { return m.UserID })},
		{"conversations", ids(want.Conversations, func(c bh.Conversation) string { return c.ChannelID }), ids(got.Conversations, func(c bh.Conversation) string { return c.ChannelID })},
	} {
		if !slices.Equal(c.want, c.got) {
			return fmt.Errorf("SQLite holds %d %s, not the %d read (%v, not %v)", len(c.got), c.what, len(c.want), c.got, c.want)
		}
	}
	return nil
}

func ids[T any](s []T, id func(T) string) []string {
	out := []string{}
	for _, v := range s {
		out = append(out, id(v))
	}
	slices.Sort(out)
	return out
}

// syncDir makes a folder's renames durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
