package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store/mongo"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// Compile-time checks: both engines provide what the council defines.
var (
	_ council.Store = (*sqlite.DB)(nil)
	_ council.Store = (*mongo.DB)(nil)
)

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	energy := fs.String("energy", "auto", "auto, high, medium or low")
	hours := fs.Int("hours", 12, "how many hours to plan (1–24)")
	out := fs.String("out", "babyhandoff-demo", "folder for handoff.md, council.md and card.json")
	tz := fs.String("tz", "", "time zone (default: DEFAULT_TZ, else UTC)")
	at := fs.String("now", "", "plan as if it were this local time, e.g. 2026-11-23T10:00 (default: now)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	e := bh.Energy(strings.ToLower(*energy))
	switch e {
	case bh.EnergyAuto, bh.EnergyHigh, bh.EnergyMedium, bh.EnergyLow:
	default:
		fmt.Fprintf(stderr, "babyhandoff demo: --energy must be auto, high, medium or low\n")
		return 2
	}
	if *hours < 1 || *hours > 24 {
		fmt.Fprintf(stderr, "babyhandoff demo: --hours must be between 1 and 24\n")
		return 2
	}
	zone := *tz
	if zone == "" {
		zone = os.Getenv("DEFAULT_TZ")
	}
	if zone == "" {
		zone = "UTC"
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		fmt.Fprintf(stderr, "babyhandoff demo: unknown time zone %q\n", zone)
		return 2
	}
	now := time.Now().In(loc)
	if *at != "" {
		if now, err = time.ParseInLocation("2006-01-02T15:04", *at, loc); err != nil {
			fmt.Fprintf(stderr, "babyhandoff demo: --now must look like 2026-11-23T10:00\n")
			return 2
		}
	}

	dir, err := os.MkdirTemp("", "babyhandoff-demo-db-")
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	// The default engine (SQLite), in a folder of its own that is removed
	// after: the demo never touches DATA_DIR.
	db, err := openDatabase(ctx, Config{DataDir: dir}, dbOptions{Now: func() time.Time { return now }, Location: loc})
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", bh.ErrorMessage(err))
		return 1
	}
	defer db.Close(context.Background())
	notes, err := sampleNotes(ctx, db, "TDEMO", "DDEMO", "UDEMO")
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo: load the sample shift:", err)
		return 1
	}
	c, err := council.New(council.Config{})
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	if err := db.RegisterAgents(ctx, council.DefaultAgents()); err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Sample shift (the PRD's six notes), planning the next %dh from %s, energy %s:\n", *hours, now.Format("Mon Jan 2 15:04 MST"), e)
	for _, n := range notes {
		fmt.Fprintf(stdout, "  · %-11s %s\n", n.Tag.Label(), n.Text)
	}
	fmt.Fprintln(stdout, "\nThe village council is meeting:")
	var mu sync.Mutex
	observe := func(t bh.Task) {
		if t.Status == bh.StatusQueued {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		mark := map[bh.Status]string{bh.StatusRunning: "…", bh.StatusCompleted: "✓", bh.StatusFailed: "✗"}[t.Status]
		fmt.Fprintf(stdout, "  %s %-15s %-19s %s\n", mark, t.Agent, t.Name, t.Status)
	}
	sh, _ := db.Shift(ctx, "TDEMO", bh.SampleChannel("DDEMO"))
	res, err := c.Execute(ctx, db, council.Input{Run: demoRun(sh.ID, zone, e, *hours, now), Notes: notes}, observe)
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, cardText(res))

	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	card := blocks.Card(blocks.CardInput{Run: res.Run, Decision: res.Decision, Proposals: res.Proposals})
	cardJSON, err := json.MarshalIndent(map[string]any{"blocks": card.Blocks}, "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo:", err)
		return 1
	}
	files := map[string][]byte{"handoff.md": []byte(res.Handoff.Content), "council.md": []byte(res.Council.Content), "card.json": append(cardJSON, '\n')}
	for _, name := range []string{"handoff.md", "council.md", "card.json"} {
		if err := os.WriteFile(filepath.Join(*out, name), files[name], 0o644); err != nil {
			fmt.Fprintln(stderr, "babyhandoff demo:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "\nWrote %s, %s and %s (paste card.json into Slack's Block Kit Builder).\n",
		filepath.Join(*out, "handoff.md"), filepath.Join(*out, "council.md"), filepath.Join(*out, "card.json"))

	// Show that the stored run replays exactly.
	rec, err := db.RunRecord(ctx, "TDEMO", res.Run.ID)
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff demo: load the stored run:", err)
		return 1
	}
	if _, diffs, err := c.Replay(ctx, rec); err != nil || len(diffs) > 0 {
		fmt.Fprintf(stderr, "babyhandoff demo: replay of the stored run differs (%v, %v)\n", diffs, err)
		return 1
	}
	fmt.Fprintf(stdout, "Replayed run %s (v%d) from its stored context pack: proposals, decision and handoff.md are byte-identical.\n", res.Run.ID, res.Run.Version)
	return 0
}

// demoRun is the run the demo plans: the sample shift's next hours, with
// the night a family keeps until someone chooses quiet hours, as the bot
// plans it (an evening demo plans sleep, and no errand in the night).
func demoRun(shiftID, zone string, e bh.Energy, hours int, now time.Time) bh.Run {
	night := bh.DefaultNightHours
	return bh.Run{TeamID: "TDEMO", ShiftID: shiftID, ChannelID: "DDEMO", Energy: e, HorizonH: hours, Mode: "heuristic", TZ: zone,
		TokenBudget: council.DefaultTokenBudget, Now: now, Sample: true, Quiet: &night}
}

// cardText is the Decision Card as readable text.
func cardText(o council.Output) string {
	var b strings.Builder
	w := o.Winner()
	loc := o.Run.Location(time.UTC)
	title := blocks.CardTitle(o.Run, w.Archetype)
	fmt.Fprintf(&b, "┌ %s\n│ %s · energy %s\n│\n", title, o.Decision.Verdict(), o.Decision.Energy)
	if len(w.Now) > 0 {
		b.WriteString("│ Now\n")
		for _, it := range w.Now {
			fmt.Fprintf(&b, "│   • %s\n", it.Text)
		}
		b.WriteString("│\n")
	}
	b.WriteString("│ Next hours\n")
	for _, bl := range w.Blocks {
		fmt.Fprintf(&b, "│   %s–%s  %s\n", bl.Start.In(loc).Format("15:04"), bl.End.In(loc).Format("15:04"), bl.Title)
	}
	later := false
	for _, it := range w.Top {
		if rest, ok := strings.CutPrefix(it.Text, "Later: "); ok {
			if !later {
				b.WriteString("│\n│ Later\n")
				later = true
			}
			fmt.Fprintf(&b, "│   • %s\n", rest)
		}
	}
	b.WriteString("│\n│ How the plans scored (* = winner)\n")
	table := strings.TrimSuffix(strings.TrimPrefix(blocks.RubricTable(o.Decision), "```\n"), "\n```")
	for _, l := range strings.Split(table, "\n") {
		b.WriteString("│   " + l + "\n")
	}
	b.WriteString("│\n│ Because\n")
	for _, r := range o.Decision.Rationale {
		fmt.Fprintf(&b, "│   • %s\n", r.Text)
	}
	fmt.Fprintf(&b, "└ %s\n", bh.Disclaimer)
	return b.String()
}

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: babyhandoff replay RUN_ID")
		return 2
	}
	db, code := openStoreFor(ctx, "replay", stderr)
	if db == nil {
		return code
	}
	defer db.Close(context.Background())
	run, err := db.RunByID(ctx, args[0])
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff replay: "+bh.ErrorMessage(err))
		return 1
	}
	rec, err := db.RunRecord(ctx, run.TeamID, run.ID)
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff replay: "+bh.ErrorMessage(err))
		return 1
	}
	c, err := council.New(council.Config{})
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff replay:", err)
		return 1
	}
	var diffs []string
	var parent bh.RunRecord
	if rec.Run.ParentRunID != "" && (rec.Run.Edit != nil || len(rec.Run.WhatIf) > 0) {
		parent, err = db.RunRecord(ctx, run.TeamID, run.ParentRunID)
	}
	switch {
	case err != nil:
	case rec.Run.Edit != nil:
		// An edited run is made again from its parent and its edit.
		_, diffs, err = council.ReplayEdit(parent, rec)
	case council.ExactFork(parent.Run, rec.Run):
		// A what-if is made again from its parent and its changes.
		fmt.Fprintf(stdout, "run %s (v%d) is a what-if of v%d (%s): made again from it\n", run.ID, run.Version, parent.Run.Version, rec.Run.Change)
		_, diffs, err = c.ReplayFork(ctx, parent, rec)
	default:
		_, diffs, err = c.Replay(ctx, rec)
	}
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff replay:", err)
		return 1
	}
	if run.TraceID != "" {
		// grep the logs for it: the work that made the run.
		fmt.Fprintf(stdout, "run %s (v%d) was made in trace %s\n", run.ID, run.Version, run.TraceID)
	}
	if len(diffs) > 0 {
		// The first entry names the first step whose output differs.
		fmt.Fprintf(stdout, "run %s (v%d): replay DIFFERS in %s\n", run.ID, run.Version, strings.Join(diffs, "; "))
		return 1
	}
	fmt.Fprintf(stdout, "run %s (v%d): replay matches: proposals, decision and handoff.md are byte-identical\n", run.ID, run.Version)
	return 0
}

// sampleNotes stores the sample shift in a conversation and returns its
// notes in the sample's order (they are stored concurrently, so the store's
// order varies; the demo's output must not).
func sampleNotes(ctx context.Context, db bh.SampleStore, teamID, channelID, userID string) ([]bh.Note, error) {
	sh, err := bh.LoadSample(ctx, db, teamID, channelID, userID)
	if err != nil {
		return nil, err
	}
	notes, err := db.Notes(ctx, teamID, sh.ID, false)
	slices.SortFunc(notes, func(a, b bh.Note) int { return strings.Compare(a.MessageTS, b.MessageTS) })
	return notes, err
}
