package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"
)

// spacedRounds bounds the syncs of the spaced row.
const spacedRounds = 300

// benchDisk times what every durable commit pays the disk, whatever the
// code: a 4 KB write and its fsync, alone and twice in a row (an engine
// that syncs its pages, then a page that points to them), and a 4 KB
// write in place in a preallocated file with a data-only sync (what a
// commit to a log reused in place pays, as SQLite's WAL). A note's ack cannot be quicker than that, so its tail is read
// against this one's. The last row writes in place again, but spaced as the
// soak's notes are: a disk left idle between syncs answers slower than one
// kept busy by syncs back to back, and the soak's acks meet that one. It
// takes gap (the soak's) apart, at most spacedRounds of them: 30 s at the
// soak's default pace.
func benchDisk(ctx context.Context, rounds int, gap time.Duration, w, stderr io.Writer) int {
	dir, err := os.MkdirTemp("", "babyhandoff-disk-")
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	f, err := os.Create(dir + "/sync.bin")
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer f.Close()
	cpu := readCPUTimes()
	page := make([]byte, 4096)
	var one, pair []time.Duration
	write := func(off int64) error {
		if _, err := f.WriteAt(page, off); err != nil {
			return err
		}
		return f.Sync()
	}
	// The log: a megabyte written once, then records over it from its
	// start, as the store's log is after each batch is applied.
	logf, err := os.Create(dir + "/log.bin")
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer logf.Close()
	const logSize = 1 << 20
	if _, err := logf.Write(make([]byte, logSize)); err == nil {
		err = logf.Sync()
	}
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	// syncInPlace writes a page in place and syncs its data, n times,
	// pause apart.
	syncInPlace := func(n int, pause time.Duration) ([]time.Duration, error) {
		var took []time.Duration
		for i := 0; i < n && ctx.Err() == nil; i++ {
			if pause > 0 {
				select {
				case <-time.After(pause):
				case <-ctx.Done():
				}
			}
			start := time.Now()
			if _, err := logf.WriteAt(page, int64(i%(logSize/len(page)))*int64(len(page))); err != nil {
				return nil, err
			}
			if err := fdatasync(logf); err != nil {
				return nil, err
			}
			took = append(took, time.Since(start))
		}
		return took, nil
	}
	inPlace, err := syncInPlace(rounds, 0)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	spaced, err := syncInPlace(min(rounds, spacedRounds), gap)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	for i := 0; i < rounds && ctx.Err() == nil; i++ {
		start := time.Now()
		if err := write(int64(i+1) * 4096); err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		mid := time.Now()
		if err := write(0); err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		one = append(one, mid.Sub(start))
		pair = append(pair, time.Since(start))
	}
	fmt.Fprintf(w, "## Disk: %d rounds of a 4 KB write + fsync, then another; then %d of a 4 KB write in place + data-only sync (a commit's record in the log), and %d of those %s apart (as the soak's notes come), in the temporary folder the databases use (%s, %d CPUs)\n\n", rounds, rounds, len(spaced), gap, runtime.Version(), runtime.NumCPU())
	fmt.Fprintln(w, "| measure | p50 | p99 | max |")
	fmt.Fprintln(w, "|---|---|---|---|")
	fmt.Fprintf(w, "| one write + fsync | %s | %s | %s |\n", ms(pct(one, 50)), ms(pct(one, 99)), ms(pct(one, 100)))
	fmt.Fprintf(w, "| two in a row | %s | %s | %s |\n", ms(pct(pair, 50)), ms(pct(pair, 99)), ms(pct(pair, 100)))
	fmt.Fprintf(w, "| one write in place + data-only sync (a commit's floor: its record in the log) | %s | %s | %s |\n", ms(pct(inPlace, 50)), ms(pct(inPlace, 99)), ms(pct(inPlace, 100)))
	fmt.Fprintf(w, "| the same, %s apart (a note's floor in the soak) | %s | %s | %s |\n", gap, ms(pct(spaced, 50)), ms(pct(spaced, 99)), ms(pct(spaced, 100)))
	stolenLine(w, cpu)
	return 0
}
