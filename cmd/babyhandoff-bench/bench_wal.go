package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// benchWAL puts SQLite as it comes (notes of 1.5 KB, as the issue that
// chose SQLite measured it) beside the store (a family's notes), both
// holding as many notes, and times durable writes that come gap apart, as a
// family's notes do. Out of the box, SQLite checkpoints inside the commit
// that passes 1,000 pages of log, and lets the log's file grow; the store
// checkpoints on a connection of its own and starts the log over when it
// passes its bound (store/sqlite/commit.go). Each round writes to both,
// in turns, and between them a 4 KB write in place with a data-only sync:
// the disk's own answer at that moment, so a tail that the disk has too is
// told from one that the engine adds.
func benchWAL(ctx context.Context, notes, rounds int, gap time.Duration, w, stderr io.Writer) int {
	fail := func(err error) int { fmt.Fprintln(stderr, "bench: wal:", err); return 1 }
	dir, err := os.MkdirTemp("", "babyhandoff-wal-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(dir)
	body := strings.Repeat("slept 3h, wipes low, daycare form due friday 5pm. ", 30)[:1500]

	// SQLite out of the box: WAL, synchronous=FULL, one connection, its
	// automatic checkpoint left on; one index on family, live, time.
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "raw.db")+"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		return fail(err)
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	if _, err := raw.ExecContext(ctx, `CREATE TABLE notes (id INTEGER PRIMARY KEY, family TEXT, live INTEGER, at INTEGER, body TEXT);
		CREATE INDEX notes_family ON notes (family, live, at)`); err != nil {
		return fail(err)
	}
	insert := func(ctx context.Context, tx interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}, i int) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO notes (family, live, at, body) VALUES (?, 1, ?, ?)", fmt.Sprintf("F%d", i%1000), i, body)
		return err
	}
	for i := 0; i < notes; {
		tx, err := raw.BeginTx(ctx, nil)
		if err != nil {
			return fail(err)
		}
		for end := min(i+1000, notes); i < end; i++ {
			if err := insert(ctx, tx, i); err != nil {
				_ = tx.Rollback()
				return fail(err)
			}
		}
		if err := tx.Commit(); err != nil {
			return fail(err)
		}
	}

	// The store, filled with as many notes in as many families through its
	// own writes: a family's words (the soak's), with their readings.
	store, closeStore, err := openEngine(ctx, engineSQLite, filepath.Join(dir, "store"), engineOptions{Now: time.Now})
	if err != nil {
		return fail(err)
	}
	defer closeStore()
	capture := func(i int) error {
		_, _, err := store.CaptureNote(ctx, bh.NewNote{TeamID: "TWAL", ChannelID: fmt.Sprintf("D%d", i%1000), UserID: "U1",
			RawText: familyNotes[i%len(familyNotes)], MessageTS: fmt.Sprintf("%d.000000", 1000000+i)})
		return err
	}
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	sem := make(chan struct{}, 32)
	for i := 0; i < notes; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := capture(i); err != nil {
				select {
				case errs <- err:
				default:
				}
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errs:
		return fail(err)
	default:
	}

	logf, err := os.Create(filepath.Join(dir, "sync.bin"))
	if err != nil {
		return fail(err)
	}
	defer logf.Close()
	page := make([]byte, 4096)
	if _, err := logf.Write(make([]byte, 1<<20)); err != nil {
		return fail(err)
	}
	disk := func(i int) (time.Duration, error) {
		start := time.Now()
		if _, err := logf.WriteAt(page, int64(i%256)*4096); err != nil {
			return 0, err
		}
		err := fdatasync(logf)
		return time.Since(start), err
	}
	cpu := readCPUTimes()
	var rawTook, storeTook, diskTook []time.Duration
	timed := func(out *[]time.Duration, fn func() error) error {
		start := time.Now()
		if err := fn(); err != nil {
			return err
		}
		*out = append(*out, time.Since(start))
		return nil
	}
	for r := 0; r < rounds && ctx.Err() == nil; r++ {
		steps := []func() error{
			func() error { return timed(&rawTook, func() error { return insert(ctx, raw, notes+r) }) },
			func() error { return timed(&storeTook, func() error { return capture(notes + r) }) },
		}
		if r%2 == 1 {
			steps[0], steps[1] = steps[1], steps[0]
		}
		for k, step := range steps {
			select {
			case <-time.After(gap / 2):
			case <-ctx.Done():
				return fail(ctx.Err())
			}
			if err := step(); err != nil {
				return fail(err)
			}
			if k == 0 {
				d, err := disk(r)
				if err != nil {
					return fail(err)
				}
				diskTook = append(diskTook, d)
			}
		}
	}
	fmt.Fprintf(w, "## SQLite's tail when notes come spaced: %d durable writes %s apart on each, beside %d notes (%s, %d CPUs)\n\n",
		len(rawTook), gap, notes, runtime.Version(), runtime.NumCPU())
	fmt.Fprintln(w, "Out of the box is SQLite with WAL and synchronous=FULL on one connection, its automatic checkpoint on (inside the commit that passes 1,000 pages of log) and its log left to grow: one insert of 1.5 KB a commit into a table with one index on family, live and time. The store is store/sqlite as the bot runs it: a note's whole capture (the note, its reading, its family, its event), the checkpoint on a connection of its own, the log started over at its bound. The two take turns, and between them the disk alone answers a 4 KB write in place with a data-only sync.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| writes | p50 | p99 | max |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, row := range []struct {
		name string
		took []time.Duration
	}{
		{"SQLite out of the box: one insert", rawTook},
		{"the store: a note's capture", storeTook},
		{"the disk alone: 4 KB in place + data-only sync", diskTook},
	} {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", row.name, ms(pct(row.took, 50)), ms(pct(row.took, 99)), ms(pct(row.took, 100)))
	}
	fmt.Fprintln(w)
	stolenLine(w, cpu)
	return 0
}
