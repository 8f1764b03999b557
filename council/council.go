package council

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Agent names, as stored in the agents registry.
const (
	AgentCoordinator = "Coordinator"
	AgentNormalizer  = "Normalizer"
	AgentSleep       = "SleepPlanner"
	AgentErrands     = "ErrandsPlanner"
	AgentAdmin       = "AdminPlanner"
	AgentReferee     = "Referee"
	AgentWriter      = "HandoffWriter"
)

// Task names, as in the orchestration doc.
const (
	TaskNormalize = "normalize_logs"
	TaskSleep     = "plan_sleep_first"
	TaskErrands   = "plan_errands_first"
	TaskAdmin     = "plan_admin_first"
	TaskScore     = "score_and_select"
	TaskHandoff   = "write_handoff"
)

// Agent is a registered agent and what it can do.
type Agent = bh.Agent

// DefaultAgents is the village: one agent per skill.
func DefaultAgents() []Agent {
	return []Agent{
		{Name: AgentNormalizer, Skills: []string{"normalize"}, Description: "Turns raw notes into structured facts: kinds, due times, durations, energy, supplies, commitments."},
		{Name: AgentSleep, Skills: []string{"plan:" + string(bh.SleepFirst)}, Description: "Protects rest windows, reduces workload, adds buffers, defers non-urgent errands."},
		{Name: AgentErrands, Skills: []string{"plan:" + string(bh.ErrandsFirst)}, Description: "Batches outside tasks into one trip, by time windows and dependencies."},
		{Name: AgentAdmin, Skills: []string{"plan:" + string(bh.AdminFirst)}, Description: "Handles deadlines, forms and scheduling first; keeps the rest minimal."},
		{Name: AgentReferee, Skills: []string{"score"}, Description: "Scores the three plans on the five-point rubric and picks a winner."},
		{Name: AgentWriter, Skills: []string{"write_handoff"}, Description: "Writes handoff.md and the council transcript."},
	}
}

// AgentFor names the planner of an archetype.
func AgentFor(a bh.Archetype) string {
	switch a {
	case bh.SleepFirst:
		return AgentSleep
	case bh.ErrandsFirst:
		return AgentErrands
	}
	return AgentAdmin
}

func taskFor(a bh.Archetype) string {
	switch a {
	case bh.SleepFirst:
		return TaskSleep
	case bh.ErrandsFirst:
		return TaskErrands
	}
	return TaskAdmin
}

// graph is the fixed task graph and the skill each task needs.
var graph = []struct{ task, skill string }{
	{TaskNormalize, "normalize"},
	{TaskSleep, "plan:" + string(bh.SleepFirst)},
	{TaskErrands, "plan:" + string(bh.ErrandsFirst)},
	{TaskAdmin, "plan:" + string(bh.AdminFirst)},
	{TaskScore, "score"},
	{TaskHandoff, "write_handoff"},
}

// Config configures a Council.
type Config struct {
	// Agents is the registry tasks are assigned from. Default DefaultAgents().
	Agents []Agent
	// Clock times tasks and events (audit only; plans use the run's Now).
	// Default time.Now.
	Clock func() time.Time
	// MaxAttempts is 1 + AGENT_MAX_RETRIES, recorded on each task. Default 1.
	MaxAttempts int
	// Planner, when set, makes the three plans (COUNCIL_MODE openai and
	// multi); a planner whose model fails or answers badly twice falls back
	// to its heuristic plan. Judge, when set too, scores the rubric
	// (multi); its failure falls back to the deterministic rubric.
	Planner Model
	Judge   Model
	// Logger hears each step at debug (step, agent, duration, hashes) and
	// each failure at warn, with the run's trace. Default: discards.
	Logger *slog.Logger
}

// Council runs the village council. It is safe for concurrent runs.
type Council struct {
	agents      []Agent
	clock       func() time.Time
	maxAttempts int
	planner     Model
	judge       Model
	log         *slog.Logger
	// facts remembers what notes were read as, across runs (facts.go).
	facts *factMemo
}

// Mode is the council's COUNCIL_MODE: heuristic, openai or multi.
func (c *Council) Mode() string {
	switch {
	case c.planner != nil && c.judge != nil:
		return "multi"
	case c.planner != nil:
		return "openai"
	}
	return "heuristic"
}

// New builds a Council. It fails when a task of the graph has no agent with
// its skill.
func New(cfg Config) (*Council, error) {
	if len(cfg.Agents) == 0 {
		cfg.Agents = DefaultAgents()
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 1
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Judge != nil && cfg.Planner == nil {
		return nil, bh.Errorf(bh.EINVALID, "council: a model referee needs model planners (multi mode)")
	}
	c := &Council{agents: cfg.Agents, clock: cfg.Clock, maxAttempts: cfg.MaxAttempts, planner: cfg.Planner, judge: cfg.Judge, log: cfg.Logger, facts: &factMemo{}}
	for _, g := range graph {
		if c.assign(g.skill) == "" {
			return nil, bh.Errorf(bh.EINVALID, "council: no agent has the skill %q needed by %s", g.skill, g.task)
		}
	}
	return c, nil
}

// assign looks an agent up by skill (the first registered wins).
func (c *Council) assign(skill string) string {
	for _, a := range c.agents {
		for _, s := range a.Skills {
			if s == skill {
				return a.Name
			}
		}
	}
	return ""
}

// Input is what a run needs.
type Input struct {
	// Run carries the settings: ID, ShiftID, Version, Energy, HorizonH, TZ,
	// TokenBudget, Now, Mode.
	Run bh.Run
	// Notes are the shift's notes; ignored when Pack is set.
	Notes []bh.Note
	// Pack, when set, replays a stored run from its context pack.
	Pack *bh.ContextPack
	// Names are people's names by Slack user id, for "done by Sam" in the
	// handoff; a missing one leaves the name out.
	Names map[string]string
	// Links are the notes' Slack messages by note id, for handoff.md's
	// "note 3" links; kept in the pack, so a replay writes the same file.
	Links map[string]string
}

// Output is everything a run produced, for the caller to persist.
type Output struct {
	Run       bh.Run
	Pack      bh.ContextPack
	Facts     []bh.Fact
	Tasks     []bh.Task
	Messages  []bh.Message
	Events    []bh.Event
	Proposals []bh.Proposal
	Decision  bh.Decision
	Handoff   bh.Artifact
	Council   bh.Artifact
}

// Winner returns the winning proposal.
func (o Output) Winner() bh.Proposal { return bh.WinnerOf(o.Proposals, o.Decision) }

// Observer hears every task state change, for live progress.
type Observer func(bh.Task)

// recorder collects a run's tasks, messages and events.
type recorder struct {
	mu     sync.Mutex
	ctx    context.Context // for the log lines' trace
	c      *Council
	run    bh.Run
	tasks  map[string]*bh.Task
	order  []string
	msgs   []bh.Message
	events []bh.Event
	obs    Observer
}

func (r *recorder) event(agent, typ, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, bh.Event{ID: fmt.Sprintf("%s:e%03d", r.run.ID, len(r.events)+1), TeamID: r.run.TeamID, ShiftID: r.run.ShiftID,
		RunID: r.run.ID, At: r.c.clock().UTC(), Agent: agent, Type: typ, Text: text, Meta: traceMeta(r.run.TraceID)})
}

func (r *recorder) message(taskName, sender, role, content string, meta map[string]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	taskID := ""
	if t, ok := r.tasks[taskName]; ok {
		taskID = t.ID
	}
	seq := len(r.msgs) + 1
	r.msgs = append(r.msgs, bh.Message{ID: fmt.Sprintf("%s:m%03d", r.run.ID, seq), RunID: r.run.ID, TaskID: taskID, Seq: seq,
		Sender: sender, Role: role, Content: content, Meta: meta, At: r.c.clock().UTC()})
}

func (r *recorder) set(name string, st bh.Status, outputs map[string]string, errText string) {
	r.mu.Lock()
	t := r.tasks[name]
	now := r.c.clock().UTC()
	t.Status = st
	switch st {
	case bh.StatusRunning:
		t.StartedAt = now
		t.Attempt = 1
	case bh.StatusCompleted, bh.StatusFailed:
		t.FinishedAt = now
	}
	if t.Outputs == nil && len(outputs) > 0 {
		t.Outputs = map[string]string{}
	}
	for k, v := range outputs {
		t.Outputs[k] = v
	}
	if !t.FinishedAt.IsZero() {
		// On the injected clock, as every time of a run: wall time in
		// production; under a test's settable clock, the time the test
		// moved it (usually 0), so a replay or a test sees the same.
		t.Outputs["duration_ms"] = strconv.FormatInt(t.FinishedAt.Sub(t.StartedAt).Milliseconds(), 10)
	}
	// A task that asked a model records its real number of calls, retries
	// included (1 until then, and for the heuristic agents).
	if n, err := strconv.Atoi(outputs["attempts"]); err == nil && n > 0 {
		t.Attempt = n
	}
	t.Error = errText
	snapshot := *t
	obs := r.obs
	r.mu.Unlock()
	if st != bh.StatusRunning {
		r.event(t.Agent, "task_"+string(st), fmt.Sprintf("%s %s", name, st))
		o := snapshot.Outputs
		r.c.log.DebugContext(r.ctx, "council: step", "run_id", r.run.ID, "step", name, "agent", t.Agent, "status", string(st),
			"duration_ms", o["duration_ms"], "input_hash", Short(o["input_hash"]), "output_hash", Short(o["output_hash"]))
		if errText != "" {
			r.c.log.WarnContext(r.ctx, "council: step fell back", "run_id", r.run.ID, "step", name, "agent", t.Agent, "err", errText)
		}
	}
	if obs != nil {
		obs(snapshot)
	}
}

// Run executes the council: context pack, normalise, three planners in
// parallel, referee, handoff writer. The same Input always yields the same
// proposals, decision and handoff.
func (c *Council) Run(ctx context.Context, in Input, observe Observer) (Output, error) {
	run := in.Run
	if run.ID == "" {
		return Output{}, bh.Errorf(bh.EINVALID, "council: a run needs an id")
	}
	if run.HorizonH <= 0 {
		run.HorizonH = 12
	}
	if run.TokenBudget <= 0 {
		run.TokenBudget = DefaultTokenBudget
	}
	if run.Energy == "" {
		run.Energy = bh.EnergyAuto
	}
	if run.Mode == "" {
		run.Mode = c.Mode()
	}
	loc := run.Location(time.UTC)
	run.TZ = loc.String() // an unknown or empty zone is planned, and recorded, as UTC
	run.Now = run.Now.In(loc)
	// A run keeps the trace it was made in (a replay, its original's);
	// its log lines and model requests carry the same.
	if run.TraceID == "" {
		run.TraceID = bh.TraceID(ctx)
	}
	if bh.TraceID(ctx) == "" {
		ctx = bh.WithTrace(ctx, run.TraceID)
	}

	rec := &recorder{ctx: ctx, c: c, run: run, tasks: map[string]*bh.Task{}, obs: observe}
	planned := bh.Archetypes
	if run.Only != "" {
		// A what-if that asked for one planner runs only its task.
		planned = []bh.Archetype{run.Only}
	}
	for _, g := range graph {
		if strings.HasPrefix(g.task, "plan_") && !slices.Contains(planned, bh.Archetype(strings.TrimPrefix(g.task, "plan_"))) {
			continue
		}
		t := &bh.Task{ID: run.ID + ":" + g.task, RunID: run.ID, Name: g.task, Agent: c.assign(g.skill), Status: bh.StatusQueued,
			MaxAttempts: c.maxAttempts, Inputs: map[string]string{"context_pack_id": run.ID + ":pack"}, TraceID: run.TraceID, QueuedAt: c.clock().UTC()}
		if strings.HasPrefix(g.task, "plan_") {
			t.Inputs["archetype"] = strings.TrimPrefix(g.task, "plan_")
			t.Inputs["provider"] = run.Mode
		}
		rec.tasks[g.task] = t
		rec.order = append(rec.order, g.task)
	}
	rec.event(AgentCoordinator, "run_started", fmt.Sprintf("v%d started: energy %s, next %dh", run.Version, run.Energy, run.HorizonH))
	if observe != nil {
		for _, name := range rec.order {
			observe(*rec.tasks[name])
		}
	}

	// The coordinator's context pack: from the notes, or the stored one.
	var pack bh.ContextPack
	if in.Pack != nil {
		pack = *in.Pack
	} else {
		live, kinds, health := c.facts.current(run.TeamID+"/"+run.ShiftID+"/notes", in.Notes, loc, run.Now)
		pack = BuildPack(run.ID, run.ShiftID, live, kinds, health, run.TokenBudget, run.Now)
		pack.Done = doneRefs(in.Notes, in.Names, run.Now)
		for i := range pack.LogRefs {
			pack.LogRefs[i].Link = in.Links[pack.LogRefs[i].LogID]
		}
	}
	rec.message("", AgentCoordinator, "system", packMessage(pack), map[string]string{"context_pack_id": pack.ID, "token_estimate": strconv.Itoa(pack.TokenEstimate)})

	if err := ctx.Err(); err != nil {
		return Output{}, err
	}
	// normalize_logs
	rec.set(TaskNormalize, bh.StatusRunning, nil, "")
	packNotes := withReadings(notesFromPack(pack), in.Notes)
	facts := c.facts.facts(run.TeamID+"/"+run.ShiftID+"/pack", packNotes, loc, run.Now)
	rec.message(TaskNormalize, AgentNormalizer, "assistant", factsMessage(facts, loc), nil)
	normOut := stepHashes(struct {
		Notes []bh.Note
		TZ    string
		Now   time.Time
	}{packNotes, run.TZ, run.Now}, facts)
	normOut["facts"] = strconv.Itoa(len(facts))
	rec.set(TaskNormalize, bh.StatusCompleted, normOut, "")
	set := settingsOf(run)

	sit := newSituation(facts, loc, run.Now, run.Start(), time.Duration(run.HorizonH)*time.Hour, run.Energy, run.For)
	if len(run.Rest) == 0 {
		sit.setNight(run.Quiet)
	}
	// else the plan is a handoff's: its person is on duty through the
	// night, which is the others' rest (stated as theirs in handoff.md).

	// Three planners, concurrently, from the same pack. A model planner is
	// bounded by its own time limit: one slow planner never holds up the
	// others beyond it.
	props := make([]bh.Proposal, len(planned))
	talks := make([][]pendingMessage, len(planned))
	// A what-if's planners are told what changed from the plan before.
	changed := bh.Assumed(run, run.WhatIf, loc)
	var wg sync.WaitGroup
	for i, a := range planned {
		wg.Add(1)
		go func(i int, a bh.Archetype) {
			defer wg.Done()
			name := taskFor(a)
			rec.set(name, bh.StatusRunning, nil, "")
			p := plan(&sit, a)
			p.ID = run.ID + ":" + string(a)
			p.RunID = run.ID
			outputs := map[string]string{"llm_used": "false", "fallback": "false"}
			if c.planner != nil {
				var mp modelPlan
				var blocks []bh.Block
				q := plannerQuestion(&sit, pack, a, name, changed)
				_, out, talk, err := c.ask(ctx, c.planner, q, AgentFor(a), func(text string) []string {
					var errs []string
					mp, blocks, errs = checkPlan(&sit, pack, text)
					return errs
				})
				if err == nil {
					p = modelProposal(&sit, p, mp, blocks, out["model"])
				} else {
					p.Source, p.Fallback = "fallback", reasonOf(err)
				}
				outputs, talks[i] = out, talk
			}
			for k, v := range stepHashes(struct {
				Archetype bh.Archetype
				Facts     string
				Settings  settings
			}{a, normOut["output_hash"], set}, p) {
				outputs[k] = v
			}
			outputs["proposal_id"], outputs["blocks"] = p.ID, strconv.Itoa(len(p.Blocks))
			props[i] = p
			rec.set(name, bh.StatusCompleted, outputs, outputs["error"])
		}(i, a)
	}
	wg.Wait()
	// Messages in archetype order, whatever order the planners finished in.
	for i, p := range props {
		for _, m := range talks[i] {
			rec.message(taskFor(p.Archetype), AgentFor(p.Archetype), m.role, m.content, m.meta)
		}
		rec.message(taskFor(p.Archetype), AgentFor(p.Archetype), "assistant", proposalMarkdown(p, loc), map[string]string{"proposal_id": p.ID})
	}
	if err := ctx.Err(); err != nil {
		return Output{}, err
	}

	// score_and_select
	rec.set(TaskScore, bh.StatusRunning, nil, "")
	cards := make([]bh.Scorecard, len(props))
	for i, p := range props {
		cards[i] = score(&sit, p)
	}
	scoreOut := map[string]string{"llm_used": "false", "fallback": "false"}
	var judgedBy, judgeFallback string
	if c.judge != nil {
		var mcards []bh.Scorecard
		_, out, talk, err := c.ask(ctx, c.judge, judgeQuestion(&sit, props), AgentReferee, func(text string) []string {
			var errs []string
			mcards, errs = checkJudge(props, text)
			return errs
		})
		if err == nil {
			cards, judgedBy = mcards, out["model"]
		} else {
			judgeFallback = reasonOf(err)
		}
		for _, m := range talk {
			rec.message(TaskScore, AgentReferee, m.role, m.content, m.meta)
		}
		scoreOut = out
	}
	dec := decide(&sit, props, cards)
	dec.ID, dec.RunID = run.ID+":decision", run.ID
	dec.JudgedBy, dec.JudgeFallback = judgedBy, judgeFallback
	rec.message(TaskScore, AgentReferee, "assistant", decisionMarkdown(dec), map[string]string{"decision_id": dec.ID})
	propHashes := make([]string, len(props))
	for i := range props {
		propHashes[i] = rec.output(taskFor(props[i].Archetype), "output_hash")
	}
	for k, v := range stepHashes(struct {
		Proposals []string
		Settings  settings
		Judge     bool
	}{propHashes, set, c.judge != nil}, dec) {
		scoreOut[k] = v
	}
	scoreOut["decision_id"], scoreOut["winner"] = dec.ID, string(dec.Winner)
	rec.set(TaskScore, bh.StatusCompleted, scoreOut, scoreOut["error"])

	// write_handoff
	rec.set(TaskHandoff, bh.StatusRunning, nil, "")
	var winner bh.Proposal
	for _, p := range props {
		if p.Archetype == dec.Winner {
			winner = p
		}
	}
	handoff := bh.Artifact{ID: run.ID + ":handoff", RunID: run.ID, Kind: bh.ArtifactHandoff, Name: fmt.Sprintf("handoff-v%d.md", run.Version),
		Content: Handoff(run, pack, facts, winner, dec, loc), CreatedAt: run.Now.UTC()}
	rec.message(TaskHandoff, AgentWriter, "assistant", fmt.Sprintf("Wrote `%s` (%d bytes) for %s.", handoff.Name, len(handoff.Content), winner.Archetype.Label()), map[string]string{"artifact_id": handoff.ID})
	handOut := stepHashes(struct {
		Decision, Winner, Pack string
		Settings               settings
	}{scoreOut["output_hash"], rec.output(taskFor(winner.Archetype), "output_hash"), digest(pack), set}, handoff.Content)
	handOut["artifact_id"], handOut["transcript_id"] = handoff.ID, run.ID+":council"
	rec.set(TaskHandoff, bh.StatusCompleted, handOut, "")
	rec.event(AgentCoordinator, "run_completed", fmt.Sprintf("v%d completed: %s wins, %s", run.Version, dec.Winner.Label(), dec.Verdict()))

	out := Output{Run: run, Pack: pack, Facts: facts, Proposals: props, Decision: dec, Handoff: handoff}
	rec.mu.Lock()
	for _, name := range rec.order {
		out.Tasks = append(out.Tasks, *rec.tasks[name])
	}
	out.Messages = append(out.Messages, rec.msgs...)
	out.Events = append(out.Events, rec.events...)
	rec.mu.Unlock()
	// Planners finish concurrently: equal times are ordered by the task
	// graph, so a transcript never depends on goroutine scheduling.
	rank := map[string]int{}
	for i, g := range graph {
		rank[c.assign(g.skill)] = i + 1
	}
	order := func(e bh.Event) int {
		switch e.Type {
		case "run_started":
			return 0
		case "run_completed":
			return len(graph) + 1
		}
		return rank[e.Agent]
	}
	sort.SliceStable(out.Events, func(i, j int) bool {
		a, b := out.Events[i], out.Events[j]
		if !a.At.Equal(b.At) {
			return a.At.Before(b.At)
		}
		return order(a) < order(b)
	})
	out.Council = bh.Artifact{ID: run.ID + ":council", RunID: run.ID, Kind: bh.ArtifactTranscript, Name: fmt.Sprintf("council-v%d.md", run.Version),
		Content: Transcript(run, pack, out.Tasks, out.Messages, out.Events), CreatedAt: run.Now.UTC()}
	out.Run.Status = bh.StatusCompleted
	return out, nil
}

// output is a task's recorded output.
func (r *recorder) output(task, key string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tasks[task].Outputs[key]
}

// traceMeta is an event's meta: its trace, when the run has one.
func traceMeta(trace string) map[string]string {
	if trace == "" {
		return nil
	}
	return map[string]string{"trace_id": trace}
}

func packMessage(p bh.ContextPack) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Context pack `%s`: %s\n\n", p.ID, MarkdownText(p.Summary))
	for _, r := range p.LogRefs {
		fmt.Fprintf(&b, "- `%s` (%s) %s\n", r.LogID, r.Kind, MarkdownText(r.Text))
	}
	return b.String()
}

func factsMessage(facts []bh.Fact, loc *time.Location) string {
	if len(facts) == 0 {
		return "No notes to normalise."
	}
	var b strings.Builder
	for _, f := range facts {
		var bits []string
		if f.Inferred {
			bits = append(bits, "inferred")
		}
		if f.Due != nil {
			bits = append(bits, "due "+f.Due.In(loc).Format("Mon 15:04"))
		}
		if f.Start != nil {
			bits = append(bits, "at "+f.Start.In(loc).Format("Mon 15:04"))
		}
		if f.DurationMax > 0 {
			bits = append(bits, "needs "+bh.Span(f.DurationMin)+"–"+bh.Span(f.DurationMax))
		}
		if f.Energy != "" {
			bits = append(bits, "energy "+string(f.Energy))
		}
		if len(f.Items) > 0 {
			bits = append(bits, "items "+strings.Join(f.Items, ", "))
		}
		if f.Medical {
			bits = append(bits, "health concern: planning only")
		}
		fmt.Fprintf(&b, "- `%s` %s: %s", f.NoteID, f.Kind.Label(), MarkdownText(f.Title))
		if len(bits) > 0 {
			fmt.Fprintf(&b, " — %s", MarkdownText(strings.Join(bits, "; ")))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
