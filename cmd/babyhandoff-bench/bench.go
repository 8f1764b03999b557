package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/internal/memlimit"
	"github.com/babyhandoff/babyhandoff/radar"
)

// runBench measures the bot end to end through the fake Slack on loopback:
// nothing leaves the machine.
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rate := fs.Int("rate", 50, "note messages per second")
	dur := fs.Duration("duration", 20*time.Second, "how long to send")
	sizes := fs.String("prefill-mb", "0,10", "embedded database sizes to measure at, in MB (comma-separated)")
	sustain := fs.String("sustain", "200,500", "higher rates to hold for -duration on an empty database (capture suite)")
	suite := fs.String("suite", "all", "capture, plan, radar, model, hosted, memory, disk, wal, soak or all")
	diskRounds := fs.Int("disk-rounds", 1000, "rounds of each disk measure: two 4 KB writes with fsync, and one written in place with a data-only sync, back to back and (at most 300) -gap apart (disk suite)")
	modelRounds := fs.Int("model-rounds", 20, "council runs against the local model server (model suite)")
	modelLatency := fs.Duration("model-latency", 300*time.Millisecond, "what the local model server adds to each call (model suite)")
	shifts := fs.Int("shifts", 1000, "shifts present in the store (radar suite)")
	samples := fs.Int("samples", 40, "notes measured one by one (radar suite)")
	debounce := fs.Duration("debounce", 500*time.Millisecond, "the radar's debounce (radar suite)")
	plans := fs.Int("plans", 50, "how many /plan and what-if rounds (plan suite)")
	walNotes := fs.Int("wal-notes", 30000, "notes of 1.5 KB in each database before the spaced writes (wal suite)")
	soakDays := fs.Int("days", 90, "simulated days (soak suite)")
	soakIdle := fs.Int("idle", 1000, "idle conversations beside the family (soak suite)")
	soakGap := fs.Duration("gap", 100*time.Millisecond, "real time between two of the family's notes (soak suite), and between the disk suite's spaced syncs")
	hosted := hostedOpts{}
	fs.IntVar(&hosted.teams, "teams", 1000, "installed teams, one family each (hosted suite)")
	fs.IntVar(&hosted.rate, "hosted-rate", 200, "envelopes a second over HTTP, all teams together (hosted suite)")
	fs.IntVar(&hosted.busy, "busy", 10, "teams that send a burst of notes into one DM (hosted suite)")
	fs.IntVar(&hosted.burst, "burst", 10, "notes each busy team sends at once (hosted suite)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	memProfile := fs.String("memprofile", "", "write a heap profile (in use after a collection, and allocated) and the goroutines at each of the soak's rows, to FILE-dayN and FILE-dayN-goroutines.txt, and Go's memory by class to stderr (soak suite; go tool pprof; GODEBUG=memprofilerate=4096 samples finer than every 512 KB)")
	out := fs.String("out", "", "also write the results, with the method and the machine, to this Markdown file (e.g. BENCHMARKS.md)")
	engine := fs.String("engine", engineSQLite, "embedded engine to measure: sqlite (the only one)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	engs, err := engines(*engine)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		defer f.Close()
		w = io.MultiWriter(stdout, f)
		benchHeader(w, engs)
	}
	want := func(name string) bool { return *suite == "all" || *suite == name }
	steps := []struct {
		name string
		run  func() int
	}{
		{"memory", func() int { return benchMemory(ctx, engs, w, stderr) }},
		{"disk", func() int { return benchDisk(ctx, *diskRounds, *soakGap, w, stderr) }},
		{"wal", func() int { return benchWAL(ctx, *walNotes, min(*diskRounds, spacedRounds), *soakGap, w, stderr) }},
		{"capture", func() int { return benchCaptureSuite(ctx, engs, *rate, *dur, *sizes, *sustain, w, stderr) }},
		{"plan", func() int {
			return eachEngine(engs, w, func(e string) int { return benchPlans(ctx, e, *plans, w, stderr) })
		}},
		{"radar", func() int {
			return eachEngine(engs, w, func(e string) int { return benchRadar(ctx, e, *shifts, *samples, *debounce, w, stderr) })
		}},
		{"model", func() int { return benchModel(ctx, *modelRounds, *modelLatency, w, stderr) }},
		{"hosted", func() int {
			return eachEngine(engs, w, func(e string) int { return benchHosted(ctx, e, hosted, w, stderr) })
		}},
		{"soak", func() int {
			return eachEngine(engs, w, func(e string) int {
				if *suite == "all" {
					// In a process of its own, so that its heap and RSS are a
					// bot's after months, not what the suites before left.
					return benchChild(ctx, w, stderr, "-suite", "soak", "-engine", e, "-days", strconv.Itoa(*soakDays), "-idle", strconv.Itoa(*soakIdle),
						"-gap", soakGap.String(), "-memprofile", *memProfile)
				}
				return benchSoak(ctx, e, *soakDays, *soakIdle, *soakGap, *memProfile, w, stderr)
			})
		}},
	}
	ran := false
	for _, st := range steps {
		if !want(st.name) {
			continue
		}
		ran = true
		if code := st.run(); code != 0 {
			return code
		}
		fmt.Fprintln(w)
	}
	if !ran {
		fmt.Fprintf(stderr, "bench: unknown -suite %q; use capture, plan, radar, model, hosted, memory, disk, wal, soak or all\n", *suite)
		return 2
	}
	return 0
}

// eachEngine runs a suite on each engine in turn, a blank line between.
func eachEngine(engs []string, w io.Writer, run func(engine string) int) int {
	for i, e := range engs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if code := run(e); code != 0 {
			return code
		}
	}
	return 0
}

// childEnv is set for a suite run in a process of its own (benchChild):
// the test binary reads it to run the benchmark instead of its tests.
const childEnv = "BABYHANDOFF_BENCH_CHILD"

// benchChild runs this program again with args, its output going to w.
func benchChild(ctx context.Context, w, stderr io.Writer, args ...string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdout, cmd.Stderr = w, stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(stderr, "bench: %s: %v\n", strings.Join(args, " "), err)
		if code := cmd.ProcessState.ExitCode(); code > 0 {
			return code
		}
		return 1
	}
	return 0
}

// benchHeader says how and where the figures were made.
func benchHeader(w io.Writer, engs []string) {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	fmt.Fprintf(w, "# BabyHandoff benchmarks\n\nMade by `go run ./cmd/babyhandoff-bench -out BENCHMARKS.md` on %s: %s, %d CPUs, %s/%s, %s.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	fmt.Fprintf(w, "Method: every suite drives the real bot through a fake Slack on loopback (Socket Mode and Web API; nothing leaves the machine) against a temporary embedded database (engine: %s). Latencies are measured from the envelope (or the stored note) to what Slack receives; percentiles are nearest-rank. A note event the bot leaves unacked for 3 s is delivered again, as Slack does (up to three retries; column redelivered), and ack percentiles are over first deliveries. The machine is shared: repeat a run to see its spread. docs/measured.md gives the goals each figure is held to.%s\n", strings.Join(engs, " and "), limitNote())
	fmt.Fprintln(w)
}

// limitNote says under which soft memory limit the process ran (main).
func limitNote() string {
	return fmt.Sprintf(" Go's soft memory limit: %s (GOMEMLIMIT; the bot's default is none).", memlimit.String(debug.SetMemoryLimit(-1)))
}

// benchCaptureSuite is the capture table: the base rate at each database
// size, then higher rates held on an empty database.
func benchCaptureSuite(ctx context.Context, engs []string, rate int, dur time.Duration, sizes, sustain string, w, stderr io.Writer) int {
	fmt.Fprintf(w, "## Capture: notes through the fake Slack for %s each (%s, %d CPUs, %s)\n\n", dur, runtime.Version(), runtime.NumCPU(), runtime.GOARCH)
	fmt.Fprintln(w, "| engine | database | rate | sent (in s) | stored | lost | duplicates | redelivered | ack p50 | ack p99 | ack max | ack p99 at the socket | reply p50 | reply p99 | reply max | CPU stolen by the host |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	// probe marks the higher rates: they find the limit, and a loss there
	// is a finding, not a failed run.
	type runSpec struct {
		rate, mb int
		probe    bool
	}
	var specs []runSpec
	for _, s := range strings.Split(sizes, ",") {
		var mb int
		if _, err := fmt.Sscan(strings.TrimSpace(s), &mb); err != nil {
			fmt.Fprintf(stderr, "bench: bad -prefill-mb %q\n", s)
			return 2
		}
		specs = append(specs, runSpec{rate, mb, false})
	}
	for _, s := range strings.Split(sustain, ",") {
		var r int
		if strings.TrimSpace(s) == "" {
			continue
		}
		if _, err := fmt.Sscan(strings.TrimSpace(s), &r); err != nil || r <= 0 {
			fmt.Fprintf(stderr, "bench: bad -sustain %q\n", s)
			return 2
		}
		specs = append(specs, runSpec{r, 0, true})
	}
	failed := false
	// Each row on each engine measured, one right after the other: the
	// engines meet the same moment of a shared machine.
	type runOn struct {
		runSpec
		engine string
	}
	var runs []runOn
	for _, sp := range specs {
		for _, e := range engs {
			runs = append(runs, runOn{sp, e})
		}
	}
	for _, sp := range runs {
		r, err := benchCapture(ctx, sp.engine, sp.rate, dur, sp.mb)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		fmt.Fprintf(w, "| %s | %s | %d/s | %d (%.1f) | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", sp.engine, r.label, sp.rate, r.sent, r.offered.Seconds(), r.stored, r.sent-r.stored, r.dups, r.redelivered,
			ms(pct(r.acks, 50)), ms(pct(r.acks, 99)), ms(pct(r.acks, 100)), ms(pct(r.arrived, 99)), ms(pct(r.replies, 50)), ms(pct(r.replies, 99)), ms(pct(r.replies, 100)), r.stolen)
		if (r.sent != r.stored || r.dups > 0) && !sp.probe {
			failed = true
		}
	}
	fmt.Fprintln(w, "\nThe ack at the socket is its arrival in the fake Slack's socket (the kernel's receive time), before the fake's reader, which shares this process's CPUs with the bot, reads it. A note's ack waits for its commit's write and sync of the database's log, so the disk's tail is the ack's floor (the disk suite times it alone). The CPU stolen by the host is the share of this virtual machine's CPU time the hypervisor gave to others while the notes came (/proc/stat).")
	fmt.Fprintln(w, "\nRows above the base rate probe the limit: where notes are lost there, the bot was overloaded for the whole run (Slack's retries could not catch up).")
	if failed {
		fmt.Fprintln(stderr, "bench: notes were lost or doubled at the base rate")
		return 1
	}
	return 0
}

// benchMemory is the bot's memory at idle: connected, nothing to do.
func benchMemory(ctx context.Context, engs []string, w, stderr io.Writer) int {
	fmt.Fprintln(w, "## Memory at idle")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The bot connected to the fake Slack with an empty embedded database, after a GC (this benchmark process, the fake Slack included; an engine measured after another carries what the first left in the OS's figures). With 1,000 shifts: see the radar suite."+limitNote())
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| engine | heap | from the OS | resident |\n|---|---|---|---|")
	for _, e := range engs {
		db, closeDB, err := benchStore(ctx, e)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		_, _, stop, err := startBenchBot(ctx, db)
		if err != nil {
			closeDB()
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Fprintf(w, "| %s | %.1f MB | %.1f MB | %s |\n", e, float64(m.HeapAlloc)/(1<<20), float64(m.Sys)/(1<<20), rss())
		stop()
		closeDB()
	}
	return 0
}

// rss is the process's resident memory, where the OS tells it.
func rss() string {
	kb := procStatusKB()
	if kb == nil {
		return "unknown"
	}
	return fmt.Sprintf("%d kB", kb["VmRSS"])
}

// procStatusKB reads the process's memory figures (in kB) from
// /proc/self/status; nil where the OS does not tell.
func procStatusKB() map[string]int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil
	}
	kb := map[string]int{}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		var n int
		if _, err := fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), " kB"), &n); err == nil {
			kb[k] = n
		}
	}
	return kb
}

// slackAckTimeout is how long Slack waits for an ack before it retries.
const slackAckTimeout = 3 * time.Second

type captureResult struct {
	label              string
	sent, stored, dups int
	redelivered        int // deliveries Slack had to repeat
	unacked            int // never acked, even after Slack's retries
	acks, replies      []time.Duration
	// arrived are the acks timed at the fake's socket.
	arrived []time.Duration
	offered time.Duration // how long sending took (the load held)
	stolen  string        // CPU time the host took while notes came
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// pct is the p-th percentile (nearest rank); 100 is the maximum.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (p*len(s)+99)/100 - 1
	return s[max(0, min(len(s)-1, i))]
}

// prefill grows the embedded database to about mb megabytes with notes in
// other shifts, the way months of use would.
func prefill(ctx context.Context, db benchDB, mb int) error {
	if mb <= 0 {
		return nil
	}
	text := strings.Repeat("Pediatrician follow-up moved; bring the blue folder and the insurance card. ", 20)
	for i := 0; ; i += 200 {
		if fileSize(db.Path()) >= int64(mb)<<20 {
			return nil
		}
		var wg sync.WaitGroup
		errs := make(chan error, 200)
		for k := 0; k < 200; k++ {
			wg.Add(1)
			go func(n int) {
				defer wg.Done()
				_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "TPREFILL", ChannelID: fmt.Sprintf("C%d", n%500), RawText: text, MessageTS: fmt.Sprintf("%d.000000", n)})
				if err != nil {
					errs <- err
				}
			}(i + k)
		}
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return err
		}
	}
}

func benchCapture(ctx context.Context, engine string, rate int, dur time.Duration, mb int) (captureResult, error) {
	dir, err := os.MkdirTemp("", "babyhandoff-bench-")
	if err != nil {
		return captureResult{}, err
	}
	defer os.RemoveAll(dir)
	db, closeDB, err := openEngine(ctx, engine, dir, engineOptions{})
	if err != nil {
		return captureResult{}, err
	}
	defer closeDB()
	if err := prefill(ctx, db, mb); err != nil {
		return captureResult{}, fmt.Errorf("prefill: %w", err)
	}
	res := captureResult{label: humanSize(fileSize(db.Path()))}

	fake, _, stop, err := startBenchBot(ctx, db)
	if err != nil {
		return res, err
	}
	defer stop()

	sentAt := map[string]time.Time{}
	envs := []string{}
	// Send on a fixed schedule (message i at start + i/rate), catching up
	// when the machine is busy, so the offered load is exactly rate × duration.
	total := int(float64(rate) * dur.Seconds())
	cpu := readCPUTimes()
	begin := time.Now()
	for i := 0; i < total; i++ {
		if d := time.Until(begin.Add(time.Duration(i) * time.Second / time.Duration(rate))); d > 0 {
			time.Sleep(d)
		}
		ts := fmt.Sprintf("1800000000.%06d", i)
		at := time.Now()
		id, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "DBENCH", "channel_type": "im", "user": "UBENCH",
			"text": fmt.Sprintf("wipes < 1 day, note %d", i), "ts": ts})
		if err != nil {
			return res, err
		}
		sentAt[ts] = at
		envs = append(envs, id)
	}
	res.offered = time.Since(begin)
	res.sent = len(sentAt)
	// Wait for every ack and reply (bounded). An envelope the bot leaves
	// unacked (it was too busy to store the note in time) is delivered
	// again, as Slack does, up to Slack's three retries; the ack latency
	// is the first delivery's. Each envelope has its own retries, as at
	// Slack: waited for one after another, a backlog of unacked notes ran
	// out of time before most of them were delivered again, and counted
	// them lost.
	wait, wcancel2 := context.WithTimeout(ctx, 120*time.Second)
	defer wcancel2()
	var (
		mu       sync.Mutex
		retries  sync.WaitGroup
		firstErr error
	)
	for _, id := range envs {
		retries.Go(func() {
			for attempt := 0; ; attempt++ {
				actx, acancel := context.WithTimeout(wait, slackAckTimeout)
				a, err := fake.WaitAck(actx, id)
				acancel()
				mu.Lock()
				switch {
				case err == nil && attempt == 0:
					res.acks = append(res.acks, a.Latency)
					res.arrived = append(res.arrived, a.Arrived)
				case err != nil && (wait.Err() != nil || attempt == 3):
					res.unacked++
				case err != nil:
					res.redelivered++
				}
				mu.Unlock()
				if err == nil || wait.Err() != nil || attempt == 3 {
					return
				}
				if id, err = fake.Redeliver(wait, id, "timeout"); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	retries.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	res.stolen = readCPUTimes().stolenSince(cpu)
	replied := map[string]int{}
	for len(replied) < res.sent {
		if wait.Err() != nil {
			break
		}
		for _, c := range fake.Calls("chat.postMessage") {
			ts := c.Form.Get("thread_ts")
			if _, ok := sentAt[ts]; ok {
				replied[ts]++
			}
		}
		if len(replied) < res.sent {
			replied = map[string]int{}
			time.Sleep(50 * time.Millisecond)
		}
	}
	for _, n := range replied {
		if n > 1 {
			res.dups += n - 1
		}
	}
	for _, c := range fake.Calls("chat.postMessage") {
		if at, ok := sentAt[c.Form.Get("thread_ts")]; ok {
			res.replies = append(res.replies, c.At.Sub(at))
		}
	}
	sh, err := db.Shift(ctx, fake.Config().TeamID, "DBENCH")
	if err != nil {
		return res, err
	}
	notes, err := db.Notes(ctx, fake.Config().TeamID, sh.ID, false)
	if err != nil {
		return res, err
	}
	res.stored = len(notes)
	return res, nil
}

func humanSize(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// benchPlans measures /plan and the Energy what-if through the fake Slack.
func benchPlans(ctx context.Context, engine string, n int, stdout, stderr io.Writer) int {
	db, closeDB, err := benchStore(ctx, engine)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer closeDB()
	fake, _, stop, err := startBenchBot(ctx, db)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer stop()
	team := fake.Config().TeamID
	var acks, cards, samples, whatifs []time.Duration
	titled := func(m slacktest.Message, want string) bool {
		return isCard(m, want)
	}
	cpu := readCPUTimes()
	for i := 0; i < n; i++ {
		// A person of its own per round: a channel's first note by someone
		// already in a family joins that family, and each round measures
		// a family of its own.
		ch, user := fmt.Sprintf("CBENCH%d", i), fmt.Sprintf("UBENCH%d", i)
		wait, cancel := context.WithTimeout(ctx, 30*time.Second)
		slash := func(text, version string) (time.Duration, time.Duration, slacktest.Message, error) {
			payload, _ := json.Marshal(map[string]any{"team_id": team, "channel_id": ch, "user_id": user, "command": "/plan", "text": text,
				"trigger_id": "1.2.x", "response_url": "https://hooks.slack.test/x"})
			start := time.Now()
			id, err := fake.Send(ctx, slacktest.Envelope{Type: "slash_commands", Payload: payload, AcceptsResponsePayload: true})
			if err != nil {
				return 0, 0, slacktest.Message{}, err
			}
			a, err := fake.WaitAck(wait, id)
			if err != nil {
				return 0, 0, slacktest.Message{}, err
			}
			card, err := fake.WaitMessage(wait, func(m slacktest.Message) bool { return m.Channel == ch && titled(m, version+" · ") })
			return a.Latency, time.Since(start), card, err
		}
		// /plan sample loads six notes into the sample shift first; then
		// the same six written as the family's own, and a plain /plan.
		_, took, _, err := slash("sample medium", "Sample · v1")
		samples = append(samples, took)
		for j, s := range bh.SampleShift {
			if err != nil {
				break
			}
			var id string
			id, err = fake.SendEvent(ctx, map[string]any{"type": "message", "channel": ch, "channel_type": "channel", "user": user,
				"text": s.Text, "ts": fmt.Sprintf("%d.%06d", time.Now().Unix(), j+1)})
			if err == nil {
				_, err = fake.WaitAck(wait, id)
			}
		}
		var card slacktest.Message
		if err == nil {
			var ack time.Duration
			ack, took, card, err = slash("medium", "v1")
			acks, cards = append(acks, ack), append(cards, took)
		}
		if err == nil {
			if err == nil {
				runID := cardRun(card)
				action, _ := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": user},
					"channel": map[string]any{"id": ch}, "container": map[string]any{"type": "message", "message_ts": card.TS, "channel_id": ch},
					"trigger_id": "1.2.y", "actions": []any{map[string]any{"type": "static_select", "action_id": "card_energy", "block_id": "card_meta:" + runID,
						"selected_option": map[string]any{"value": "low", "text": map[string]any{"type": "plain_text", "text": "low"}}}}})
				start := time.Now()
				if _, err = fake.Send(ctx, slacktest.Envelope{Type: "interactive", Payload: action}); err == nil {
					_, err = fake.WaitMessage(wait, func(m slacktest.Message) bool { return m.Channel == ch && titled(m, "v2 · ") })
					whatifs = append(whatifs, time.Since(start))
				}
			}
		}
		cancel()
		if err != nil {
			fmt.Fprintln(stderr, "bench: round", i, ":", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "## /plan: %d rounds of /plan sample, /plan, then Energy → Low, through the fake Slack, %s engine (%s, %d CPUs)\n\n", n, engine, runtime.Version(), runtime.NumCPU())
	fmt.Fprintln(stdout, "| step | p50 | p99 | max |\n|---|---|---|---|")
	for _, row := range []struct {
		name string
		ds   []time.Duration
	}{{"/plan envelope → ack", acks}, {"/plan envelope → Decision Card posted (6 notes stored)", cards}, {"/plan sample → card (stores the 6 notes first)", samples}, {"Energy change → what-if card", whatifs}} {
		fmt.Fprintf(stdout, "| %s | %s | %s | %s |\n", row.name, ms(pct(row.ds, 50)), ms(pct(row.ds, 99)), ms(pct(row.ds, 100)))
	}
	stolenLine(stdout, cpu)
	return 0
}

// isCard reports whether m is a Decision Card whose title starts with
// version ("v2 · "): its notification text ends "· plan v2 · next 12h · …".
func isCard(m slacktest.Message, version string) bool {
	return strings.Contains(m.Text, " · plan "+version) && cardRun(m) != ""
}

// otherEnergy is an energy the card's Energy menu offers besides the one
// in use (the same one makes no new version).
func otherEnergy(m slacktest.Message) string {
	var bl []struct {
		Accessory struct {
			ActionID      string `json:"action_id"`
			InitialOption struct {
				Value string `json:"value"`
			} `json:"initial_option"`
			Options []struct {
				Value string `json:"value"`
			} `json:"options"`
		} `json:"accessory"`
	}
	_ = json.Unmarshal(m.Blocks, &bl)
	for _, b := range bl {
		if b.Accessory.ActionID != "card_energy" {
			continue
		}
		for _, o := range b.Accessory.Options {
			if o.Value != b.Accessory.InitialOption.Value {
				return o.Value
			}
		}
	}
	return "low"
}

// cardRun reads the run id from a card's controls (their block id).
func cardRun(m slacktest.Message) string {
	var bl []struct {
		BlockID string `json:"block_id"`
	}
	_ = json.Unmarshal(m.Blocks, &bl)
	for _, b := range bl {
		if id, ok := strings.CutPrefix(b.BlockID, "card_actions:"); ok {
			return id
		}
	}
	return ""
}

// benchStore opens engine's database in a temporary folder; closeDB
// closes it and removes the folder.
func benchStore(ctx context.Context, engine string) (db benchDB, closeDB func(), err error) {
	dir, err := os.MkdirTemp("", "babyhandoff-bench-")
	if err != nil {
		return nil, nil, err
	}
	db, closeIt, err := openEngine(ctx, engine, dir, engineOptions{})
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	return db, func() { closeIt(); os.RemoveAll(dir) }, nil
}

// startBenchBot runs the real bot on db against a fresh fake Slack and
// waits until it is connected. stop ends both.
func startBenchBot(ctx context.Context, db benchDB) (*slacktest.Server, *bot.Bot, func(), error) {
	c, err := council.New(council.Config{})
	if err != nil {
		return nil, nil, nil, err
	}
	// The watcher is not run: it only answers /radar and App Home.
	watcher, err := radar.New(radar.Config{Source: db, Store: db})
	if err != nil {
		return nil, nil, nil, err
	}
	fake := slacktest.New(slacktest.Config{})
	b, err := bot.New(bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(),
		Store: db, Council: c, Radar: watcher, Logger: slog.New(slog.DiscardHandler), Pace: unpaced()})
	if err != nil {
		fake.Close()
		return nil, nil, nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	stop := func() { cancel(); <-done; fake.Close() }
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	if err := fake.WaitConnections(wctx, 1); err != nil {
		stop()
		return nil, nil, nil, fmt.Errorf("bot did not connect: %w", err)
	}
	return fake, b, stop, nil
}

// unpaced is a pacer that keeps its accounts but never waits. The capture,
// plan and soak suites send one DM more notes a second than Slack would
// take there: they measure the bot's own work, not Slack's pace, which the
// hosted suite measures.
func unpaced() *bot.Pacer {
	return bot.NewPacer(bot.PaceConfig{Wait: func(context.Context, time.Duration) error { return nil }})
}
