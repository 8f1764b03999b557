package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/radar"

	"golang.org/x/sync/errgroup"
)

// familyNotes are thirty notes of the kind a family sends in a day.
var familyNotes = []string{
	"slept 3h, up twice for feeds", "wipes < 1 day", "daycare form due tomorrow 5pm",
	"pediatrician appointment friday 10:30am, bring the vaccination card", "out of formula", "diapers running low, maybe 2 days",
	"fed 4oz at 3am", "call grandma about the weekend", "pay daycare invoice due fri 5pm", "laundry: baby clothes and sheets",
	"grocery run: milk, bread, bananas, coffee", "bottle brush broke, get a new one", "slept 2 hours straight after the 6am feed",
	"task: return the library books", "baby's nails need trimming", "deadline: class assignment due Thursday 11:59pm",
	"grandma visiting at 3pm saturday", "dishwasher tablets almost out", "energy is low today", "pick up prescription at the pharmacy",
	"register the birth certificate by Dec 10", "thank-you cards for the shower gifts", "car seat check appointment next tuesday 9am",
	"vitamin D drops running low", "email HR about parental leave dates", "nap 45 min at 1pm", "trash and recycling go out tonight",
	"order more burp cloths", "renew the parking permit by the 30th", "feeling better after the walk",
}

// soakClock is the simulated time of the soak: the bot, the store and the
// radar all read it.
type soakClock struct{ ns atomic.Int64 }

func (c *soakClock) Now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *soakClock) Set(t time.Time)     { c.ns.Store(t.UnixNano()) }
func (c *soakClock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// soakWindow collects one stretch of days' samples.
type soakWindow struct {
	acks, arrived, cards, states []time.Duration
	// cpu is the machine's CPU times when the window began.
	cpu cpuTimes
	// alloc is what the process had allocated when the window began.
	alloc allocCounts
}

// allocCounts are the process's allocations since it started, and its
// collections: each note's garbage brings the next collection nearer, and
// one that starts during an ack is in that ack's time.
type allocCounts struct{ bytes, objects, gcs uint64 }

func readAllocs() allocCounts {
	ms := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/allocs:objects"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(ms)
	return allocCounts{ms[0].Value.Uint64(), ms[1].Value.Uint64(), ms[2].Value.Uint64()}
}

// allocLine says what the window's days allocated (to stderr: the table is
// not changed by it).
func allocLine(day int, win soakWindow) string {
	now := readAllocs()
	notes := max(len(win.acks), 1)
	return fmt.Sprintf("bench: soak: day %d: since the last row %.1f MB allocated in %d objects (%.1f KB, %d objects a note of %d, everything counted), %d collections",
		day, float64(now.bytes-win.alloc.bytes)/(1<<20), now.objects-win.alloc.objects, float64(now.bytes-win.alloc.bytes)/float64(notes)/1024,
		(now.objects-win.alloc.objects)/uint64(notes), len(win.acks), now.gcs-win.alloc.gcs)
}

// benchSoak plays a family's ordinary use for days simulated days on the
// settable clock, beside idle other conversations: each day 30 notes, 5
// /plans, one Energy what-if and one handoff.md download through the fake
// Slack, with the Risk Radar running and the retention sweep at each day's
// start. The family keeps up: each morning the tasks, deadlines and supplies
// of the day before are marked done. Every 10 days it prints the database's
// size, memory and the latencies of those days.
func benchSoak(ctx context.Context, engine string, days, idle int, gap time.Duration, memProfile string, w, stderr io.Writer) int {
	fail := func(err error) int { fmt.Fprintln(stderr, "bench: soak:", err); return 1 }
	clk := &soakClock{}
	start := time.Date(2027, 1, 4, 7, 0, 0, 0, time.UTC)
	clk.Set(start)
	dir, err := os.MkdirTemp("", "babyhandoff-soak-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(dir)
	db, closeDB, err := openEngine(ctx, engine, dir, engineOptions{Now: clk.Now})
	if err != nil {
		return fail(err)
	}
	defer closeDB()

	// The other conversations: a deadline, a supply and a sleep note each.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	for i := 0; i < idle; i++ {
		for k, text := range []string{"deadline: form due in 30 days", "low: wipes 5 days", "slept 4h"} {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				_, _, _ = db.CaptureNote(ctx, bh.NewNote{TeamID: fmt.Sprintf("TIDLE%d", i%50), ChannelID: fmt.Sprintf("CIDLE%d", i), RawText: text, MessageTS: fmt.Sprintf("%d.%06d", i, k)})
			}()
		}
	}
	wg.Wait()

	fake := slacktest.New(slacktest.Config{})
	defer fake.Close()
	const family = "DFAMILY"
	sb, err := startSoakBot(ctx, db, fake, clk, 50*time.Millisecond)
	if err != nil {
		return fail(err)
	}
	defer func() {
		if err := sb.stop(); err != nil {
			fmt.Fprintf(stderr, "bench: soak: the bot, watcher or nudger ended with: %v\n", err)
		}
	}()
	familyShift, stateSaved := &sb.familyShift, sb.saved
	// Let the radar catch up with the idle conversations first.
	time.Sleep(settleAfterCatchUp)

	fmt.Fprintf(w, "## Soak: %d days of a family's use beside %d idle conversations, %s engine (%s, %d CPUs)\n\n", days, idle, engine, runtime.Version(), runtime.NumCPU())
	fmt.Fprintf(w, "Each simulated day: 30 notes (one every 25 minutes of the clock from 07:00, %s apart in real time so the last one's reply, App Home and nudge are done, as they would be), 5 `/plan`, one Energy what-if and one Download plan (handoff.md, calendar and picture, waited for until all three are delivered), through the fake Slack, with the Risk Radar running (nudge debounce 50 ms); the retention sweep runs at each day's start, and each morning the family marks the day before's tasks, deadlines and supplies done. Latencies are over the ten days up to the row's day; sizes and memory at its end. A note's ack is timed from the envelope's send to the fake Slack's read of the ack, and \"at the socket\" to its arrival in the fake's socket (the kernel's receive time): the fake shares this process and its CPUs with the bot, and its reader may wait for the bot's work after the ack, which Slack's servers would not. A note's ack waits for its commit's write and sync of the database's log: the disk suite times that alone. \"CPU stolen by the host\" is the share of this virtual machine's CPU time the hypervisor gave to others while it wanted to run, over the row's days (/proc/stat): a stolen moment stalls whatever was running, an ack or a sync's completion. Heap and RSS are this process's after a collection that hands freed memory back: the bot's, with its database connections (SQLite's page caches are outside Go's heap, in RSS), and the fake Slack's, which shares the process. Each day the fake drops what the bot can no longer ask it for (its record of calls, the envelopes acked and their acks, the text and blocks of the messages the bot posted, the bytes of delivered files); it keeps each message's id and state, as Slack does, so that the bot can still update or delete it: that rest grows with the days, a few hundred bytes a message.%s%s\n", gap, limitNote(), ownProcess())
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| day | database file (with its log) | notes (not done; open and not past: what plans read) | runs | heap | RSS (anon + file) | note ack p50 | note ack p99 | ack p99 at the socket | /plan → card p50 | /plan → card p99 | radar note → state p95 | CPU stolen by the host |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")

	// With a profile, how many goroutines ran at once at most: each one
	// that ever ran keeps its record in the heap.
	var peakG atomic.Int64
	if memProfile != "" {
		burst := false
		go func() {
			t := time.NewTicker(time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-sb.done:
					return
				case <-t.C:
					if n := int64(runtime.NumGoroutine()); n > peakG.Load() {
						peakG.Store(n)
						if n > 300 && !burst {
							// Who they are, once: they come and go in a burst.
							burst = true
							if f, err := os.Create(strings.TrimSuffix(memProfile, filepath.Ext(memProfile)) + "-burst-goroutines.txt"); err == nil {
								_ = pprof.Lookup("goroutine").WriteTo(f, 1)
								_ = f.Close()
							}
						}
					}
				}
			}
		}()
	}
	team := fake.Config().TeamID
	version := 0
	win := soakWindow{cpu: readCPUTimes(), alloc: readAllocs()}
	began := time.Now()
	for day := 1; day <= days; day++ {
		clk.Set(start.Add(time.Duration(day-1) * 24 * time.Hour))
		fake.Forget()
		if _, err := db.Sweep(ctx); err != nil {
			return fail(err)
		}
		if err := soakKeepUp(ctx, db, team, family, clk.Now()); err != nil {
			return fail(err)
		}
		for i := 0; i < 30; i++ {
			// A family's notes are minutes apart: let the last one's
			// follow-up (its reply, App Home, the radar's nudge) finish
			// first, as it would, instead of piling 30 notes into a second.
			time.Sleep(gap)
			clk.Add(25 * time.Minute)
			for len(stateSaved) > 0 {
				<-stateSaved
			}
			sent := time.Now()
			id, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": family, "channel_type": "im", "user": "UFAMILY",
				"text": familyNotes[(i+day)%len(familyNotes)], "ts": fmt.Sprintf("%d.%06d", clk.Now().Unix(), i)})
			if err != nil {
				return fail(err)
			}
			actx, acancel := context.WithTimeout(ctx, 10*time.Second)
			a, err := fake.WaitAck(actx, id)
			acancel()
			if err != nil {
				return fail(fmt.Errorf("day %d note %d: %w", day, i, err))
			}
			win.acks = append(win.acks, a.Latency)
			win.arrived = append(win.arrived, a.Arrived)
			if familyShift.Load().(string) == "" {
				if sh, err := db.Shift(ctx, team, family); err == nil {
					familyShift.Store(sh.ID)
				}
				continue
			}
			stored := sent.Add(a.Latency)
			select {
			case at := <-stateSaved:
				win.states = append(win.states, at.Sub(stored))
			case <-time.After(5 * time.Second):
				return fail(fmt.Errorf("day %d note %d: the radar saved no state", day, i))
			}
			if i%6 == 5 {
				version++
				took, card, err := soakPlan(ctx, fake, team, family, version)
				if err != nil {
					return fail(fmt.Errorf("day %d: /plan: %w", day, err))
				}
				win.cards = append(win.cards, took)
				if i == 29 {
					version++
					if err := soakWhatIf(ctx, fake, team, family, card, version); err != nil {
						return fail(fmt.Errorf("day %d: what-if: %w", day, err))
					}
					if err := soakDownload(ctx, fake, team, family, card); err != nil {
						return fail(fmt.Errorf("day %d: download: %w", day, err))
					}
				}
			}
		}
		if day%10 == 0 || day == days {
			fmt.Fprintln(stderr, allocLine(day, win)) // before the row's own work
			if err := soakRow(ctx, w, db, engine, team, day, clk.Now(), win); err != nil {
				return fail(err)
			}
			if memProfile != "" {
				if err := writeHeapProfile(dayFile(memProfile, day)); err != nil {
					return fail(err)
				}
				fmt.Fprintf(stderr, "bench: soak: day %d: at most %d goroutines at once since the last row; %s\n", day, peakG.Swap(0), memClasses())
			}
			win = soakWindow{cpu: readCPUTimes(), alloc: readAllocs()}
		}
	}
	fmt.Fprintf(w, "\nThe %d simulated days took %s.\n", days, time.Since(began).Round(time.Second))
	return 0
}

// memClasses splits the process's memory for a profile's reader: Go's
// memory by class (runtime/metrics: heap objects, goroutine stacks, free
// heap pages, the runtime's metadata, the profile's own records, ...),
// and what the resident anonymous memory has beyond all Go holds: memory
// not allocated by Go, which here is SQLite's (modernc.org/sqlite
// allocates outside Go's heap).
func memClasses() string {
	runtime.GC() // not the garbage of writing the profiles
	var ms []metrics.Sample
	for _, d := range metrics.All() {
		if strings.HasPrefix(d.Name, "/memory/classes/") && d.Name != "/memory/classes/total:bytes" {
			ms = append(ms, metrics.Sample{Name: d.Name})
		}
	}
	metrics.Read(ms)
	mb := func(v uint64) string { return fmt.Sprintf("%.1f MB", float64(v)/(1<<20)) }
	var b strings.Builder
	held := uint64(0)
	for _, m := range ms {
		v := m.Value.Uint64()
		name := strings.TrimSuffix(strings.TrimPrefix(m.Name, "/memory/classes/"), ":bytes")
		if name != "heap/released" {
			held += v
		}
		if v >= 64<<10 {
			fmt.Fprintf(&b, "%s %s, ", name, mb(v))
		}
	}
	anon := uint64(0)
	if kb := procStatusKB(); kb != nil {
		anon = uint64(kb["RssAnon"]) << 10
	}
	outside := "0"
	if anon > held {
		outside = mb(anon - held)
	}
	return fmt.Sprintf("%d goroutines; %sGo holds %s; RSS anon %s, outside Go at least %s", runtime.NumGoroutine(), b.String(), mb(held), mb(anon), outside)
}

// dayFile names the heap profile of a day: /tmp/soak.prof → /tmp/soak-day30.prof.
func dayFile(name string, day int) string {
	ext := filepath.Ext(name)
	return fmt.Sprintf("%s-day%d%s", strings.TrimSuffix(name, ext), day, ext)
}

// writeHeapProfile writes the heap as it is after a collection (the
// profile's inuse figures are as of the last one) to name.
func writeHeapProfile(name string) error {
	runtime.GC()
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	// The goroutines beside it, as text: each one's stack is memory the
	// heap profile does not show.
	g, err := os.Create(strings.TrimSuffix(name, filepath.Ext(name)) + "-goroutines.txt")
	if err != nil {
		return err
	}
	if err := pprof.Lookup("goroutine").WriteTo(g, 1); err != nil {
		_ = g.Close()
		return err
	}
	return g.Close()
}

// ownProcess says, in the full run, that the soak had a process of its
// own (benchChild): its memory is not the earlier suites'.
func ownProcess() string {
	if os.Getenv(childEnv) != "" {
		return " In the full run this suite has a process of its own, so its memory is not what the suites before it left."
	}
	return ""
}

// soakKeepUp marks done the family's tasks, deadlines and supplies noted
// before today.
func soakKeepUp(ctx context.Context, db benchDB, team, channel string, now time.Time) error {
	sh, err := db.Shift(ctx, team, channel)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	notes, err := db.Notes(ctx, team, sh.ID, false)
	if err != nil {
		return err
	}
	today := now.Truncate(24 * time.Hour)
	for _, n := range notes {
		if n.Done() || !n.CreatedAt.Before(today) {
			continue
		}
		switch n.Tag {
		case bh.TagTask, bh.TagDeadline, bh.TagInventory:
			if _, err := db.MarkNoteDone(ctx, team, n.ID, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// soakPlan sends /plan and waits for the card of that version.
func soakPlan(ctx context.Context, fake *slacktest.Server, team, channel string, version int) (time.Duration, slacktest.Message, error) {
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	payload, _ := json.Marshal(map[string]any{"team_id": team, "channel_id": channel, "user_id": "UFAMILY", "command": "/plan", "text": "",
		"trigger_id": "1.2.x", "response_url": "https://hooks.slack.test/x"})
	start := time.Now()
	if _, err := fake.Send(ctx, slacktest.Envelope{Type: "slash_commands", Payload: payload, AcceptsResponsePayload: true}); err != nil {
		return 0, slacktest.Message{}, err
	}
	card, err := fake.WaitMessage(wait, func(m slacktest.Message) bool {
		return m.Channel == channel && isCard(m, fmt.Sprintf("v%d · ", version))
	})
	return time.Since(start), card, err
}

// soakWhatIf changes the card's energy and waits for the new version.
func soakWhatIf(ctx context.Context, fake *slacktest.Server, team, channel string, card slacktest.Message, version int) error {
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	action, _ := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": "UFAMILY"},
		"channel": map[string]any{"id": channel}, "container": map[string]any{"type": "message", "message_ts": card.TS, "channel_id": channel},
		"trigger_id": "1.2.y", "actions": []any{map[string]any{"type": "static_select", "action_id": "card_energy", "block_id": "card_meta:" + cardRun(card),
			"selected_option": map[string]any{"value": otherEnergy(card), "text": map[string]any{"type": "plain_text", "text": "energy"}}}}})
	if _, err := fake.Send(ctx, slacktest.Envelope{Type: "interactive", Payload: action}); err != nil {
		return err
	}
	_, err := fake.WaitMessage(wait, func(m slacktest.Message) bool {
		return m.Channel == channel && isCard(m, fmt.Sprintf("v%d · ", version))
	})
	return err
}

// soakDownload taps Download plan and waits until its three files
// (handoff.md, the calendar and the picture) are all delivered, so the
// next measure finds the bot at rest, not in the middle of a picture.
func soakDownload(ctx context.Context, fake *slacktest.Server, team, channel string, card slacktest.Message) error {
	// The what-if's diff file may still be on its way: count the plan's
	// files by kind.
	delivered := func() [3]int {
		var n [3]int
		for _, f := range fake.Files() {
			switch {
			case !f.Completed:
			case strings.HasPrefix(f.Name, "handoff-"):
				n[0]++
			case strings.HasSuffix(f.Name, ".ics"):
				n[1]++
			case strings.HasSuffix(f.Name, ".png"):
				n[2]++
			}
		}
		return n
	}
	before := delivered()
	action, _ := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": "UFAMILY"},
		"channel": map[string]any{"id": channel}, "container": map[string]any{"type": "message", "message_ts": card.TS, "channel_id": channel},
		// slack-go reads an action only with its text or chosen option:
		// without it the tap was read as no action at all (the diff file of
		// the what-if before hid that no handoff.md was ever uploaded).
		"trigger_id": "1.2.z", "actions": []any{map[string]any{"type": "overflow", "action_id": "card_more", "block_id": "card_actions:" + cardRun(card), "action_ts": "1.3",
			"selected_option": map[string]any{"value": "card_download", "text": map[string]any{"type": "plain_text", "text": "Download plan"}}}}})
	if _, err := fake.Send(ctx, slacktest.Envelope{Type: "interactive", Payload: action}); err != nil {
		return err
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		now := delivered()
		if now[0] > before[0] && now[1] > before[1] && now[2] > before[2] {
			return nil
		}
	}
	return fmt.Errorf("the plan's files were not all delivered")
}

// soakRow prints one row of the soak table.
func soakRow(ctx context.Context, w io.Writer, db benchDB, engine, team string, day int, now time.Time, win soakWindow) error {
	// The file with its log beside it; its free pages count too.
	file := humanSize(fileSize(db.Path()))
	sh, err := db.Shift(ctx, team, "DFAMILY")
	if err != nil {
		return err
	}
	notes, err := db.Notes(ctx, team, sh.ID, false)
	if err != nil {
		return err
	}
	open, live := 0, 0
	for _, n := range notes {
		if !n.Done() {
			open++
		}
	}
	// What plans and the radar read: not done, and not past.
	ln, err := db.LiveNotes(ctx, team, sh.ID, now)
	if err != nil {
		return err
	}
	for _, n := range ln.Notes {
		if !n.Done() {
			live++
		}
	}
	runs := 0
	if r, err := db.LatestRun(ctx, team, sh.ID); err == nil {
		runs = r.Version
	}
	// Collect and hand freed memory back, so RSS is what is in use, not what
	// an earlier suite of this process left behind.
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	stolen := readCPUTimes().stolenSince(win.cpu)
	fmt.Fprintf(w, "| %d | %s | %d (%d; %d) | %d | %.0f MB | %s | %s | %s | %s | %s | %s | %s | %s |\n", day, file, len(notes), open, live, runs,
		float64(m.HeapAlloc)/(1<<20), rssSplit(), ms(pct(win.acks, 50)), ms(pct(win.acks, 99)), ms(pct(win.arrived, 99)), ms(pct(win.cards, 50)), ms(pct(win.cards, 99)), ms(pct(win.states, 95)), stolen)
	return nil
}

// rssSplit is the process's resident memory as anonymous (the heap and
// the rest of the process) plus file-backed (the mapped database file, which
// the kernel can drop).
func rssSplit() string {
	kb := procStatusKB()
	if kb == nil {
		return "unknown"
	}
	return fmt.Sprintf("%d + %d MB", kb["RssAnon"]>>10, kb["RssFile"]>>10)
}

// soakBot is the bot as cmd/babyhandoff wires it, with the radar's watcher
// and nudger beside it on the soak's clock, running until stop; saved
// hears (when it has room) each state the watcher saves of familyShift.
type soakBot struct {
	familyShift atomic.Value // string: the family's shift ID once known
	saved       chan time.Time
	// stop ends the three and returns the first error one of them ended
	// with (one that ends early ends the others, and the run's figures
	// would be of a bot that was not there).
	stop func() error
	done <-chan struct{} // closed by stop, or when one of them ends
}

// startSoakBot starts the bot, the watcher and the nudger (debounce as
// given) against db and fake, and returns once the bot is connected.
func startSoakBot(ctx context.Context, db benchDB, fake *slacktest.Server, clk *soakClock, debounce time.Duration) (*soakBot, error) {
	sb := &soakBot{saved: make(chan time.Time, 64)}
	sb.familyShift.Store("")
	var nudger *radar.Nudger
	var b *bot.Bot
	watcher, err := radar.New(radar.Config{Source: db, Store: db, Now: clk.Now,
		Changed: func(ctx context.Context, prev, next bh.ShiftState, found bool) {
			if next.ShiftID == sb.familyShift.Load().(string) {
				select {
				case sb.saved <- time.Now():
				default:
				}
			}
			nudger.Changed(ctx, prev, next, found)
		},
		Yield: func(ctx context.Context) { b.AcksFirst(ctx) }}) // as cmd/babyhandoff wires it
	if err != nil {
		return nil, err
	}
	c, err := council.New(council.Config{})
	if err != nil {
		return nil, err
	}
	b, err = bot.New(bot.Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(),
		Store: db, Council: c, Radar: watcher, Logger: slog.New(slog.DiscardHandler), Now: clk.Now, Pace: unpaced()})
	if err != nil {
		return nil, err
	}
	nudger, err = radar.NewNudger(radar.NudgerConfig{Store: db, Notify: b, Now: clk.Now, Exclusive: true, Debounce: debounce})
	if err != nil {
		return nil, err
	}
	runCtx, stop := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(runCtx)
	g.Go(func() error { return b.Run(gctx) })
	g.Go(func() error { return watcher.Run(gctx) })
	g.Go(func() error { return nudger.Run(gctx) })
	sb.stop, sb.done = func() error { stop(); return g.Wait() }, gctx.Done()
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	if err := fake.WaitConnections(wctx, 1); err != nil {
		return nil, errors.Join(fmt.Errorf("bot did not connect: %w", err), sb.stop())
	}
	return sb, nil
}
