// Command babyhandoff runs the BabyHandoff Slack bot.
//
// It is the only place that reads the environment and wires the parts
// together (Main). The benchmarks are a program of their own,
// cmd/babyhandoff-bench, so this binary links no fake. Usage:
//
//	babyhandoff          run the bot (Socket Mode, or HTTP with SLACK_SIGNING_SECRET; embedded database by default)
//	babyhandoff demo     the sample shift through the council, offline
//	babyhandoff replay   re-run a stored run and compare its outputs
//	babyhandoff export   write conversations as JSON and Markdown (backup, moving to MongoDB)
//	babyhandoff import   read an export into the database
//	babyhandoff version  print the version and build information
//	babyhandoff help     print this help
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // time zones work on machines without a zoneinfo database

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/council"
	councilopenai "github.com/babyhandoff/babyhandoff/council/openai"
	"github.com/babyhandoff/babyhandoff/internal/memlimit"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
	"golang.org/x/sync/errgroup"
)

// Compile-time checks that the embedded engine provides what the
// consumers define (store/mongo's are in mongo.go).
var (
	_ bot.Store          = (*sqlite.DB)(nil)
	_ radar.ChangeSource = (*sqlite.DB)(nil)
	_ radar.Store        = (*sqlite.DB)(nil)
	_ radar.PostStore    = (*sqlite.DB)(nil)
)

func main() {
	memoryLimiter = debug.SetMemoryLimit
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `BabyHandoff — a Slack bot for exhausted parents.

Usage:
  babyhandoff [--data-dir DIR] [command]
                       --data-dir is the embedded database's folder; it wins over DATA_DIR
                       (in .env or the environment): the Docker image and the systemd unit use it
  babyhandoff          run the bot (reads .env and the environment; see .env.example)
  babyhandoff demo [--energy auto|high|medium|low] [--hours 12] [--out DIR] [--tz ZONE] [--now 2026-11-23T10:00]
                       the sample shift through the whole council, offline; writes handoff.md, council.md, card.json
  babyhandoff replay RUN_ID
                       re-run a stored run from its context pack and say whether the outputs match
  babyhandoff export --out DIR [--team T --conversation C]
                       write conversations (notes, plans, handoffs) as JSON and Markdown: a backup, or a move to MongoDB
  babyhandoff backup --out FILE
                       a consistent copy of the embedded database, also while the bot runs
  babyhandoff import DIR
                       read an export into the database (MONGODB_URI or DATA_DIR); importing twice changes nothing
  babyhandoff version  print the version and how it was built
  babyhandoff help     show this help
`

// memoryLimiter is how Run sets Go's soft memory limit (it logs which):
// debug.SetMemoryLimit once main runs; the tests, many bots in one
// process, leave the process's limit alone.
var memoryLimiter = func(int64) int64 { return 0 }

// run is the whole program; main only adds signals, the exit code and
// the process's memory limit.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	args, dataDir, err := dataDirFlag(args)
	if err != nil {
		fmt.Fprintf(stderr, "babyhandoff: %v\n\n%s", err, usage)
		return 2
	}
	if dataDir != "" {
		// The flag is DATA_DIR for this process: it wins over the
		// environment and over .env (which never overrides a set variable),
		// so a copied .env.example cannot move a container's or a service's
		// database away from its volume.
		if err := os.Setenv("DATA_DIR", dataDir); err != nil {
			fmt.Fprintln(stderr, "babyhandoff:", err)
			return 2
		}
	}
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "":
		return runBot(ctx, stderr, nil)
	case "demo":
		return runDemo(ctx, args[1:], stdout, stderr)
	case "replay":
		return runReplay(ctx, args[1:], stdout, stderr)
	case "export":
		return runExport(ctx, args[1:], stdout, stderr)
	case "backup":
		return runBackup(ctx, args[1:], stdout, stderr)
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

// dataDirFlag takes a leading --data-dir DIR (or --data-dir=DIR) off args.
func dataDirFlag(args []string) (rest []string, dir string, err error) {
	if len(args) == 0 {
		return args, "", nil
	}
	if v, ok := strings.CutPrefix(args[0], "--data-dir="); ok {
		dir, rest = v, args[1:]
	} else if args[0] == "--data-dir" {
		if len(args) < 2 {
			return nil, "", errors.New("--data-dir needs a folder")
		}
		dir, rest = args[1], args[2:]
	} else {
		return args, "", nil
	}
	if strings.TrimSpace(dir) == "" {
		return nil, "", errors.New("--data-dir needs a folder")
	}
	return rest, dir, nil
}

// runBot runs the bot until ctx ends. setup, when set, adjusts the Main
// before it runs (the end-to-end tests give it their clock).
func runBot(ctx context.Context, stderr io.Writer, setup func(*Main)) int {
	cfg, err := loadConfig(".env", true)
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff:", err)
		return 2
	}
	m := &Main{Config: cfg, Log: newLogger(stderr, cfg.LogLevel, cfg.LogFormat, cfg.secrets())}
	if setup != nil {
		setup(m)
	}
	err = m.Run(ctx)
	if cerr := m.Close(); cerr != nil {
		m.Log.Error("close database", "err", cerr)
	}
	if err != nil {
		msg := err.Error()
		for _, s := range cfg.secrets() {
			msg = strings.ReplaceAll(msg, s, "[redacted]")
		}
		m.Log.Error(msg)
		var ce *configError
		if errors.As(err, &ce) {
			return 2
		}
		return 1
	}
	m.Log.Info("stopped cleanly")
	return 0
}

// openFailed says a database did not open, its message printed once: a
// domain error's words (with its detail), else the cause's text. The
// cause stays unwrappable.
func openFailed(err error) error {
	var e *bh.Error
	if errors.As(err, &e) && e.Code != bh.EINTERNAL && e.Message != "" {
		return &bh.Error{Code: e.Code, Message: "cannot open the database: " + e.Message, Detail: e.Detail, Err: err}
	}
	return fmt.Errorf("cannot open the database: %w", err)
}

// Main is the bot process: the database, the council, the Risk Radar and
// the Slack front, wired together. Run starts them; Close releases what
// Run opened.
type Main struct {
	// Config is the validated environment (loadConfig).
	Config Config
	// Log is the one logger. Default: discard.
	Log *slog.Logger
	// Now and AfterFunc are the clock and the timers; nil means real time
	// (the end-to-end tests drive them).
	Now       func() time.Time
	AfterFunc func(time.Duration, func()) func() bool
	// NudgerReady, when set, hears the radar's nudger once it is built.
	NudgerReady func(*radar.Nudger)
	// Listening, when set, hears HTTP mode's address once it serves and
	// the bot is connected.
	Listening func(net.Addr)
	// Pace keeps Slack's limits per team, method and channel. Default: a
	// pacer on the wall clock (the tests give one that never sleeps).
	Pace *bot.Pacer

	db *opened
	// zoneAsked, when set, hears each ask for a family's zone (tests).
	zoneAsked func(teamID, shiftID, userID string)
	// setMemoryLimit, when set, is called instead of memoryLimiter (tests:
	// many bots share one process, whose limit they leave alone).
	setMemoryLimit func(int64) int64
}

// Run opens the database, builds the parts and runs them — the Slack
// front, the recovery of left work, the radar's watcher and nudger, the
// retention sweep — under one errgroup until ctx ends or one of them fails.
// The first failure stops the others and is returned; a clean stop returns
// nil. A *configError is a setting the person must fix.
func (m *Main) Run(ctx context.Context) error {
	cfg, log := m.Config, m.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
		m.Log = log
	}
	now := m.Now
	if now == nil {
		now = time.Now
	}
	limit := cfg.memoryLimit()
	setLimit := memoryLimiter
	if m.setMemoryLimit != nil {
		setLimit = m.setMemoryLimit
	}
	setLimit(limit)
	log.Info("memory limit", "GOMEMLIMIT", memlimit.String(limit))
	loc, err := time.LoadLocation(cfg.DefaultTZ)
	if err != nil {
		return configErrorf("DEFAULT_TZ %q is not a time zone: %v", cfg.DefaultTZ, err)
	}
	db, err := openDatabase(ctx, cfg, dbOptions{Logger: log, Now: now, Location: loc, Exclusive: true,
		RunDetailAge: time.Duration(cfg.RunDetailDays) * 24 * time.Hour, ClosedNoteAge: time.Duration(cfg.NoteDays) * 24 * time.Hour})
	if err != nil {
		return openFailed(err)
	}
	m.db = db
	log.Info("database ready", "where", db.where)

	cncl, err := newCouncil(ctx, db, cfg, log, now)
	if err != nil {
		return err
	}
	// A run a stopped process left "running" would stay so forever. The
	// embedded file is this process's alone (it is locked), so every such
	// run is a dead process's; with several processes on one MongoDB, only
	// runs older than a council run can take are touched.
	exclusive := db.exclusive
	olderThan := bot.InterruptedAfter
	if exclusive {
		olderThan = 0
	}
	interrupted, err := db.FailInterruptedRuns(ctx, olderThan)
	if err != nil {
		return fmt.Errorf("cannot check for interrupted runs: %w", err)
	}
	for _, r := range interrupted {
		log.Warn("marked an interrupted run as failed", "run_id", r.ID, "version", r.Version, "shift_id", r.ShiftID)
	}

	// The radar's watcher tells the nudger of changed states; the nudger
	// posts through the bot, and the bot shows the watcher's states.
	var nudger *radar.Nudger
	var b *bot.Bot
	watcher, err := radar.New(radar.Config{Source: db, Store: db, Location: loc, Now: now, Logger: log,
		Changed: func(ctx context.Context, prev, next bh.ShiftState, found bool) {
			nudger.Changed(ctx, prev, next, found)
		},
		// Set before the watcher runs: a note's ack goes first.
		Yield: func(ctx context.Context) { b.AcksFirst(ctx) }})
	if err != nil {
		return configErrorf("cannot start the Risk Radar: %s", bh.ErrorMessage(err))
	}
	// The radar may read a shift's first notes in DEFAULT_TZ; it reads
	// them again once the zone is learnt. It never waits for Slack
	// itself: with 20 new workspaces at once, a wait per family held
	// every other family's radar work.
	zones := &zoneLearner{store: db, learnt: watcher.Recompute, asked: m.zoneAsked, log: log, now: now}
	installs, err := newInstalls(db.Database, cfg, now, log)
	if err != nil {
		return err
	}
	b, err = bot.New(bot.Config{
		BotToken: installs.botToken(cfg),
		AppToken: cfg.SlackAppToken,
		HTTP:     cfg.HTTPMode(),
		APIURL:   cfg.SlackAPIURL,
		Store:    db,
		Council:  cncl,
		Radar:    watcher,
		Noted:    zones.noted,
		// What needs a family's times before Noted learnt its zone
		// learns it from the person it answers.
		LearnZone: zones.learn,
		// Someone came into a family's channel: its radar message shows
		// only what they may read.
		ReadersChanged: func(ctx context.Context, teamID, shiftID, channelID string) {
			nudger.Reshow(ctx, teamID, shiftID, channelID)
		},
		Logger:   log,
		Location: loc,
		Now:      now,
		// A handoff's reminder runs on the same timers as the radar's.
		AfterFunc: m.AfterFunc,
		// CONTEXT_PACK_TOKEN_BUDGET: how much of the notes a plan reads.
		TokenBudget: cfg.ContextPackTokenBudget,

		// Installs by OAuth: each team's token; app_uninstalled and
		// tokens_revoked delete it.
		Teams:       installs.teams(),
		Uninstalled: installs.uninstall(),
		InstallURL:  installs.url,
		Pace:        m.Pace,
	})
	if err != nil {
		return configErrorf("cannot start the bot: %s", bh.ErrorMessage(err))
	}
	zones.users = b
	nudger, err = radar.NewNudger(radar.NudgerConfig{Store: db, Notify: b, Router: b, Location: loc, Now: now, AfterFunc: m.AfterFunc, Exclusive: exclusive,
		Debounce: time.Duration(cfg.RadarDebounceSeconds) * time.Second, ReminderLead: time.Duration(cfg.RadarReminderMinutes) * time.Minute, Logger: log,
		// Each family swept at its own time in five minutes, not all at once.
		Spread: 5 * time.Minute})
	if err != nil {
		return configErrorf("cannot start the Risk Radar: %s", bh.ErrorMessage(err))
	}
	if m.NudgerReady != nil {
		m.NudgerReady(nudger)
	}

	g, gctx := errgroup.WithContext(ctx)
	botStopped := make(chan struct{})
	g.Go(func() error {
		defer close(botStopped)
		if err := b.Run(gctx); err != nil {
			return fmt.Errorf("bot stopped: %w", err)
		}
		return nil
	})
	if cfg.HTTPMode() {
		g.Go(func() error { return serveHTTP(gctx, cfg, b, db, installs.pages, log, m.Listening) })
	}
	g.Go(func() error { return recoverLeftWork(gctx, b, botStopped, interrupted, exclusive, time.Minute) })
	g.Go(func() error { return watcher.Run(gctx) })
	g.Go(func() error { return nudger.Run(gctx) })
	g.Go(func() error { sweep(gctx, db, time.Hour, cfg.BackupDays, log); return nil })
	return g.Wait()
}

// Close closes what Run opened. It is safe to call after a failed Run.
func (m *Main) Close() error {
	if m.db == nil {
		return nil
	}
	err := m.db.Close(context.Background())
	m.db = nil
	return err
}

// newCouncil registers the council's agents, reads the registry back (the
// coordinator assigns tasks by skill from it) and staffs the council, on a
// model when COUNCIL_MODE says so.
func newCouncil(ctx context.Context, db Database, cfg Config, log *slog.Logger, now func() time.Time) (*council.Council, error) {
	if err := db.RegisterAgents(ctx, council.DefaultAgents()); err != nil {
		return nil, fmt.Errorf("cannot register the council's agents: %w", err)
	}
	agents, err := db.Agents(ctx)
	if err != nil {
		return nil, fmt.Errorf("cannot read the agents registry: %w", err)
	}
	ccfg := council.Config{Agents: agents, MaxAttempts: 1 + cfg.AgentMaxRetries, Logger: log, Clock: now}
	if cfg.CouncilMode != "heuristic" {
		model, err := councilopenai.New(councilopenai.Config{APIKey: cfg.OpenAIAPIKey, Model: cfg.OpenAIModel, BaseURL: cfg.OpenAIBaseURL,
			MaxAttempts: 1 + cfg.AgentMaxRetries, Timeout: time.Duration(cfg.AgentTimeoutSeconds) * time.Second, Logger: log})
		if err != nil {
			return nil, configErrorf("cannot use the model: %s", bh.ErrorMessage(err))
		}
		ccfg.Planner = model
		if cfg.CouncilMode == "multi" {
			ccfg.Judge = model
		}
		log.Info("council on a model", "mode", cfg.CouncilMode, "model", cfg.OpenAIModel)
	}
	cncl, err := council.New(ccfg)
	if err != nil {
		return nil, fmt.Errorf("the agents registry cannot staff the council: %w", err)
	}
	return cncl, nil
}

// sweep removes what is kept no longer (RUN_DETAIL_DAYS, NOTE_DAYS) and
// keeps the embedded database's daily copy (BACKUP_DAYS of them; 0: none),
// at start-up and then every interval, until ctx ends.
func sweep(ctx context.Context, db Database, interval time.Duration, backups int, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		swept, err := db.Sweep(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Error("retention sweep", "err", err)
		case swept != bh.Swept{}:
			log.Info("retention sweep", "run_details", swept.RunDetails, "events", swept.Events, "notes", swept.Notes, "slack_ids", swept.SlackIDs, "replies", swept.Replies)
		}
		if backups > 0 {
			// A copy begun is finished, even at shutdown: on SQLite it is
			// a read that a cancelled context would cut short.
			if path, err := db.DailyBackup(context.WithoutCancel(ctx), backups); err != nil {
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
