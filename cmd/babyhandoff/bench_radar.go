package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
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

func (n *timedNotifier) FindRadar(ctx context.Context, channelID, key string) (string, error) {
	return n.next.FindRadar(ctx, channelID, key)
}

// benchRadar measures the Risk Radar with shifts already in the embedded
// store: note stored → shift_state saved (the change stream, the recompute,
// the write), and note stored → nudge posted in the fake Slack (that plus
// the debounce and chat.postMessage).
// settleAfterCatchUp lets the start-up's work end before sampling.
const settleAfterCatchUp = 3 * time.Second

func benchRadar(ctx context.Context, shifts, samples int, debounce time.Duration, stdout, stderr io.Writer) int {
	db, closeDB, err := benchStore(ctx)
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
	watcher, err := radar.New(radar.Config{Source: db, Store: db, Normalize: council.Normalize,
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

	// A catch-up longer than the embedded oplog keeps its entries (10 s)
	// loses the stream's place; the watcher reopens it at once and catches
	// up the gap, which with the prefill a moment ago means looking at every
	// shift again (≈1.3 s). That is start-up, reported above, not the
	// steady state measured below.
	time.Sleep(settleAfterCatchUp)

	// Measured one at a time: a critical note in a shift of its own.
	var toState, toNudge []time.Duration
	for i := 0; i < samples; i++ {
		ch := fmt.Sprintf("DBENCH%d", i)
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "TBENCH", ChannelID: ch, UserID: "U1", RawText: "out of formula", Inferred: bh.TagInventory, MessageTS: fmt.Sprintf("9.%06d", i)})
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		stored := time.Now()
		deadline := time.Now().Add(30 * time.Second)
		for {
			notify.mu.Lock()
			posted, ok := notify.at[n.ShiftID]
			notify.mu.Unlock()
			if ok {
				mu.Lock()
				toState = append(toState, saved[n.ShiftID].Sub(stored))
				mu.Unlock()
				toNudge = append(toNudge, posted.Sub(stored))
				break
			}
			if time.Now().After(deadline) {
				fmt.Fprintf(stderr, "bench: no nudge for sample %d\n", i)
				return 1
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	fmt.Fprintf(stdout, "## Risk Radar: %d shifts present (%d notes), %d samples, debounce %s (%s, %d CPUs)\n\n",
		shifts, shifts*len(texts), samples, debounce, runtime.Version(), runtime.NumCPU())
	fmt.Fprintf(stdout, "catch-up of %d shifts at start-up: %s; heap after: %.1f MB. Sampling starts %s later: a note arriving during the start-up's second, short catch-up (its stream reopened after the long first one) waits for it, up to ≈1.3 s when this pause was left out.\n\n",
		shifts, catchUp.Round(time.Millisecond), float64(mem.HeapAlloc)/(1<<20), settleAfterCatchUp)
	fmt.Fprintln(stdout, "| measure | p50 | p95 | max | goal |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|")
	fmt.Fprintf(stdout, "| note stored → shift_state saved | %s | %s | %s | p95 ≤ 50 ms |\n", ms(pct(toState, 50)), ms(pct(toState, 95)), ms(pct(toState, 100)))
	fmt.Fprintf(stdout, "| note stored → nudge posted | %s | %s | %s | p95 ≤ debounce + 200 ms = %s |\n", ms(pct(toNudge, 50)), ms(pct(toNudge, 95)), ms(pct(toNudge, 100)), ms(debounce+200*time.Millisecond))
	return 0
}
