package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/radar"
)

// timedNotifier passes posts to the bot and notes when each shift's first
// nudge was posted.
type timedNotifier struct {
	next radar.Notifier
	mu   sync.Mutex
	at   map[string]time.Time
}

func (n *timedNotifier) PostRadar(ctx context.Context, p bh.RadarPost) (string, error) {
	ts, err := n.next.PostRadar(ctx, p)
	if err == nil && p.Kind == bh.PostNudge && p.UpdateTS == "" {
		n.mu.Lock()
		if _, ok := n.at[p.Shift.ID]; !ok {
			n.at[p.Shift.ID] = time.Now()
		}
		n.mu.Unlock()
	}
	return ts, err
}

// benchRadar measures the Risk Radar with shifts already in the embedded
// store: note stored → shift_state saved (the change stream, the recompute,
// the write), and note stored → nudge posted in the fake Slack (that plus
// the debounce and chat.postMessage).
// settleAfterCatchUp lets the start-up's work end before sampling.
const settleAfterCatchUp = 3 * time.Second

func benchRadar(ctx context.Context, engine string, shifts, samples int, debounce time.Duration, stdout, stderr io.Writer) int {
	db, closeDB, err := benchStore(ctx, engine)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer closeDB()

	// The shifts present: each with a deadline and a supply, in 50 teams.
	texts := []string{"deadline: form due in 30 hours", "low: wipes 2 days", "slept 4h"}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	for i := 0; i < shifts; i++ {
		for k, text := range texts {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				_, _, _ = db.CaptureNote(ctx, bh.NewNote{TeamID: fmt.Sprintf("T%d", i%50), ChannelID: fmt.Sprintf("C%d", i), RawText: text, MessageTS: fmt.Sprintf("%d.%06d", i, k)})
			}()
		}
	}
	wg.Wait()

	_, b, stopBot, err := startBenchBot(ctx, db)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer stopBot()
	notify := &timedNotifier{next: b, at: map[string]time.Time{}}
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: notify, Debounce: debounce})
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	var mu sync.Mutex
	saved := map[string]time.Time{}
	caughtUp := make(chan struct{}, shifts+samples)
	watcher, err := radar.New(radar.Config{Source: db, Store: db,
		Changed: func(ctx context.Context, prev, next bh.ShiftState, found bool) {
			mu.Lock()
			if _, ok := saved[next.ShiftID]; !ok {
				saved[next.ShiftID] = time.Now()
			}
			mu.Unlock()
			nudger.Changed(ctx, prev, next, found)
			caughtUp <- struct{}{}
		}})
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	rctx, stop := context.WithCancel(ctx)
	var rwg sync.WaitGroup
	rwg.Add(2)
	go func() { defer rwg.Done(); _ = watcher.Run(rctx) }()
	go func() { defer rwg.Done(); _ = nudger.Run(rctx) }()
	defer func() { stop(); rwg.Wait() }()
	start := time.Now()
	for i := 0; i < shifts; i++ {
		select {
		case <-caughtUp:
		case <-time.After(2 * time.Minute):
			fmt.Fprintln(stderr, "bench: the radar did not catch up with the shifts present")
			return 1
		}
	}
	catchUp := time.Since(start)
	var mem runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&mem)

	// One note right after the catch-up: a catch-up longer than the
	// embedded oplog keeps its entries (10 s) loses the stream's place, and
	// the watcher reopens it and catches up the gap (with the prefill a
	// moment ago: every shift again) before this note's turn. That is
	// start-up; the steady state is sampled after a pause.
	sample := func(i int) (toState, toNudge time.Duration, err error) {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "TBENCH", ChannelID: fmt.Sprintf("DBENCH%d", i), UserID: "U1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: fmt.Sprintf("9.%06d", i)})
		if err != nil {
			return 0, 0, err
		}
		stored := time.Now()
		deadline := stored.Add(30 * time.Second)
		for time.Now().Before(deadline) {
			notify.mu.Lock()
			posted, ok := notify.at[n.ShiftID]
			notify.mu.Unlock()
			if ok {
				mu.Lock()
				defer mu.Unlock()
				return saved[n.ShiftID].Sub(stored), posted.Sub(stored), nil
			}
			time.Sleep(2 * time.Millisecond)
		}
		return 0, 0, fmt.Errorf("no nudge for sample %d", i)
	}
	firstState, firstNudge, err := sample(samples)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	time.Sleep(settleAfterCatchUp)

	// Measured one at a time: a critical note in a shift of its own.
	var toState, toNudge []time.Duration
	cpu := readCPUTimes()
	for i := 0; i < samples; i++ {
		st, nu, err := sample(i)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		toState, toNudge = append(toState, st), append(toNudge, nu)
	}
	fmt.Fprintf(stdout, "## Risk Radar: %d shifts present (%d notes), %d samples, debounce %s, %s engine (%s, %d CPUs)\n\n",
		shifts, shifts*len(texts), samples, debounce, engine, runtime.Version(), runtime.NumCPU())
	fmt.Fprintf(stdout, "catch-up of %d shifts at start-up: %s; heap after: %.1f MB. A note stored right after it: state in %s, nudge in %s (start-up work still going on). The samples below start %s later.\n\n",
		shifts, catchUp.Round(time.Millisecond), float64(mem.HeapAlloc)/(1<<20), ms(firstState), ms(firstNudge), settleAfterCatchUp)
	fmt.Fprintln(stdout, "| measure | p50 | p95 | max | goal |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|")
	fmt.Fprintf(stdout, "| note stored → shift_state saved | %s | %s | %s | p95 ≤ 50 ms |\n", ms(pct(toState, 50)), ms(pct(toState, 95)), ms(pct(toState, 100)))
	fmt.Fprintf(stdout, "| note stored → nudge posted | %s | %s | %s | p95 ≤ debounce + 200 ms = %s |\n", ms(pct(toNudge, 50)), ms(pct(toNudge, 95)), ms(pct(toNudge, 100)), ms(debounce+200*time.Millisecond))
	stolenLine(stdout, cpu)
	return 0
}
