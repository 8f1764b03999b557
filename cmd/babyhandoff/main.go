// Command babyhandoff runs the BabyHandoff Slack bot.
//
// It is the only place that reads the environment and wires the parts
// together. Usage:
//
//	babyhandoff          run the bot (Socket Mode; embedded database by default)
//	babyhandoff demo     the sample shift through the council, offline
//	babyhandoff replay   re-run a stored run and compare its outputs
//	babyhandoff export   write conversations as JSON and Markdown (backup, moving to MongoDB)
//	babyhandoff import   read an export into the database
//	babyhandoff bench    measure capture, /plan, the Risk Radar and 90 days of use through a fake Slack on loopback
//	babyhandoff version  print the version and build information
//	babyhandoff help     print this help
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
	_ "time/tzdata" // time zones work on machines without a zoneinfo database

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/council"
	councilopenai "github.com/babyhandoff/babyhandoff/council/openai"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store"
)

// Compile-time checks that the store provides what its consumers define.
var (
	_ bot.Store          = (*store.DB)(nil)
	_ radar.ChangeSource = (*store.DB)(nil)
	_ radar.Store        = (*store.DB)(nil)
	_ radar.PostStore    = (*store.DB)(nil)
)

// hooks let the end-to-end tests drive time; nil fields mean real time.
var hooks struct {
	now       func() time.Time
	afterFunc func(time.Duration, func()) func() bool
	// nudger hears the radar's nudger once it is built.
	nudger func(*radar.Nudger)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `BabyHandoff — a Slack bot for exhausted parents.

Usage:
  babyhandoff          run the bot (reads .env and the environment; see .env.example)
  babyhandoff demo [--energy auto|high|medium|low] [--hours 12] [--out DIR] [--tz ZONE] [--now 2026-11-23T10:00]
                       the sample shift through the whole council, offline; writes handoff.md, council.md, card.json
  babyhandoff replay RUN_ID
                       re-run a stored run from its context pack and say whether the outputs match
  babyhandoff export --out DIR [--team T --conversation C]
                       write conversations (notes, plans, handoffs) as JSON and Markdown: a backup, or a move to MongoDB
  babyhandoff import DIR
                       read an export into the database (MONGODB_URI or DATA_DIR); importing twice changes nothing
  babyhandoff bench [-suite capture|plan|radar|model|memory|soak|all] [-out BENCHMARKS.md]
                       measure capture, /plan, the Risk Radar and 90 days of use through a fake Slack on loopback (see README)
  babyhandoff version  print the version and how it was built
  babyhandoff help     show this help
`

// run is the whole program; main only adds signals and the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "":
		return runBot(ctx, stderr)
	case "demo":
		return runDemo(ctx, args[1:], stdout, stderr)
	case "replay":
		return runReplay(ctx, args[1:], stdout, stderr)
	case "bench":
		return runBench(ctx, args[1:], stdout, stderr)
	case "export":
		return runExport(ctx, args[1:], stdout, stderr)
	case "import":
		return runImport(ctx, args[1:], stdout, stderr)
	case "version", "--version":
		return runVersion(stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "babyhandoff: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
}

func runBot(ctx context.Context, stderr io.Writer) int {
	cfg, err := loadConfig(".env", true)
	if err != nil {
		var ce *configError
		if errors.As(err, &ce) {
			fmt.Fprintln(stderr, "babyhandoff: "+ce.msg)
			return 2
		}
		fmt.Fprintln(stderr, "babyhandoff:", err)
		return 2
	}
	log := newLogger(stderr, cfg.LogLevel, cfg.LogFormat, cfg.secrets())
	loc, _ := time.LoadLocation(cfg.DefaultTZ) // validated by loadConfig

	now := time.Now
	if hooks.now != nil {
		now = hooks.now
	}
	db, err := store.Open(ctx, store.Config{URI: cfg.MongoURI, Database: cfg.MongoDB, DataDir: cfg.DataDir, Logger: log, Now: now,
		RunDetailAge: time.Duration(cfg.RunDetailDays) * 24 * time.Hour, ClosedNoteAge: time.Duration(cfg.NoteDays) * 24 * time.Hour})
	if err != nil {
		log.Error("cannot open the database: "+bh.ErrorMessage(err), "err", err)
		return 1
	}
	defer func() {
		if err := db.Close(context.Background()); err != nil {
			log.Error("close database", "err", err)
		}
	}()
	where := "MongoDB at MONGODB_URI"
	if db.Embedded() {
		where = "embedded database " + db.Path()
	}
	log.Info("database ready", "where", where)
	if err := db.RegisterAgents(ctx, council.DefaultAgents()); err != nil {
		log.Error("cannot register the council's agents", "err", err)
		return 1
	}
	// The coordinator assigns tasks by skill from the stored registry.
	agents, err := db.Agents(ctx)
	if err != nil {
		log.Error("cannot read the agents registry", "err", err)
		return 1
	}
	ccfg := council.Config{Agents: agents, MaxAttempts: 1 + cfg.AgentMaxRetries}
	if cfg.CouncilMode != "heuristic" {
		model, err := councilopenai.New(councilopenai.Config{APIKey: cfg.OpenAIAPIKey, Model: cfg.OpenAIModel, BaseURL: cfg.OpenAIBaseURL,
			MaxAttempts: 1 + cfg.AgentMaxRetries, Timeout: time.Duration(cfg.AgentTimeoutSeconds) * time.Second, Logger: log})
		if err != nil {
			log.Error("cannot use the model: " + bh.ErrorMessage(err))
			return 2
		}
		ccfg.Planner = model
		if cfg.CouncilMode == "multi" {
			ccfg.Judge = model
		}
		log.Info("council on a model", "mode", cfg.CouncilMode, "model", cfg.OpenAIModel)
	}
	cncl, err := council.New(ccfg)
	if err != nil {
		log.Error("the agents registry cannot staff the council", "err", err)
		return 1
	}
	// A run a stopped process left "running" would stay so forever. The
	// embedded file is this process's alone (it is locked), so every such
	// run is a dead process's; with several processes on one MongoDB, only
	// runs older than a council run can take are touched.
	olderThan := bot.InterruptedAfter
	if db.Embedded() {
		olderThan = 0
	}
	interrupted, err := db.FailInterruptedRuns(ctx, olderThan)
	if err != nil {
		log.Error("cannot check for interrupted runs", "err", err)
		return 1
	}
	for _, r := range interrupted {
		log.Warn("marked an interrupted run as failed", "run_id", r.ID, "version", r.Version, "shift_id", r.ShiftID)
	}

	var watcher *radar.Watcher // made below: it needs the nudger, which needs the bot
	b, err := bot.New(bot.Config{
		BotToken: cfg.SlackBotToken,
		AppToken: cfg.SlackAppToken,
		APIURL:   cfg.SlackAPIURL,
		Store:    db,
		Logger:   log,
		Location: loc,
		Council:  cncl,
		Now:      now,
		// Put right at start-up: their messages still show the council working.
		Interrupted:    interrupted,
		ExclusiveStore: db.Embedded(),
		// The radar may have read the first note in DEFAULT_TZ.
		ZoneLearnt: func(ctx context.Context, teamID, shiftID string) { watcher.Recompute(ctx, teamID, shiftID) },
	})
	if err != nil {
		log.Error("cannot start the bot", "err", err)
		return 2
	}
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: db, Notify: b, Location: loc, Now: now, AfterFunc: hooks.afterFunc, Exclusive: db.Embedded(),
		Debounce: time.Duration(cfg.RadarDebounceSeconds) * time.Second, ReminderLead: time.Duration(cfg.RadarReminderMinutes) * time.Minute, Logger: log})
	if err != nil {
		log.Error("cannot start the Risk Radar", "err", err)
		return 2
	}
	watcher, err = radar.New(radar.Config{Source: db, Store: db, Normalize: council.Normalize, Location: loc, Now: now, Changed: nudger.Changed, Logger: log})
	if err != nil {
		log.Error("cannot start the Risk Radar", "err", err)
		return 2
	}
	if hooks.nudger != nil {
		hooks.nudger(nudger)
	}
	// The radar (watcher and nudger) runs beside the bot and stops with it.
	radarCtx, stopRadar := context.WithCancel(ctx)
	var radarWG sync.WaitGroup
	radarWG.Add(3)
	go func() { defer radarWG.Done(); _ = watcher.Run(radarCtx) }()
	go func() { defer radarWG.Done(); _ = nudger.Run(radarCtx) }()
	go func() { defer radarWG.Done(); sweep(radarCtx, db, time.Hour, cfg.BackupDays, log) }()
	err = b.Run(ctx)
	stopRadar()
	radarWG.Wait()
	if err != nil {
		msg := err.Error()
		for _, s := range cfg.secrets() {
			msg = strings.ReplaceAll(msg, s, "[redacted]")
		}
		log.Error("bot stopped: " + msg)
		return 1
	}
	log.Info("stopped cleanly")
	return 0
}

// sweep removes what is kept no longer (RUN_DETAIL_DAYS, NOTE_DAYS) and
// keeps the embedded database's daily copy (BACKUP_DAYS of them; 0: none),
// at start-up and then every interval, until ctx ends.
func sweep(ctx context.Context, db *store.DB, interval time.Duration, backups int, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		swept, err := db.Sweep(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Error("retention sweep", "err", err)
		case swept != store.Swept{}:
			log.Info("retention sweep", "run_details", swept.RunDetails, "events", swept.Events, "notes", swept.Notes, "slack_ids", swept.SlackIDs, "replies", swept.Replies)
		}
		if backups > 0 {
			if path, err := db.DailyBackup(backups); err != nil {
				log.Error("daily copy of the database", "err", err)
			} else if path != "" {
				log.Info("daily copy of the database", "path", path)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
