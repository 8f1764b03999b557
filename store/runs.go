package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

type runDoc struct {
	ID          string `bson:"_id"`
	TeamID      string `bson:"team_id"`
	ShiftID     string `bson:"shift_id"`
	ChannelID   string `bson:"channel_id"`
	Version     int    `bson:"version"`
	ParentRunID string `bson:"parent_run_id,omitempty"`
	Change      string `bson:"change,omitempty"`
	// ChangeStamps and the stamps below are absent from runs made before
	// texts carried their times: those texts show as written.
	ChangeStamps []stampDoc `bson:"change_stamps,omitempty"`
	Status       string     `bson:"status"`
	Energy       string     `bson:"energy"`
	HorizonH     int        `bson:"horizon_hours"`
	Mode         string     `bson:"mode"`
	TZ           string     `bson:"tz"`
	TokenBudget  int        `bson:"token_budget"`
	Now          time.Time  `bson:"now"`
	// From and Quiet are absent from runs made before plans had windows.
	From        time.Time `bson:"from,omitempty"`
	Quiet       *quietDoc `bson:"quiet,omitempty"`
	Sample      bool      `bson:"sample,omitempty"`
	RequestedBy string    `bson:"requested_by,omitempty"`
	CardChannel string    `bson:"card_channel,omitempty"`
	CardTS      string    `bson:"card_ts,omitempty"`
	CardPosted  bool      `bson:"card_posted,omitempty"`
	Error       string    `bson:"error,omitempty"`
	CreatedAt   time.Time `bson:"created_at"`
	StartedAt   time.Time `bson:"started_at,omitempty"`
	FinishedAt  time.Time `bson:"finished_at,omitempty"`
	// DetailsRemovedAt is when Sweep removed the run's details.
	DetailsRemovedAt *time.Time `bson:"details_removed_at,omitempty"`
	// For, ForName and ForUntil are absent from runs made before plans
	// knew who is on duty.
	For      string    `bson:"for,omitempty"`
	ForName  string    `bson:"for_name,omitempty"`
	ForUntil time.Time `bson:"for_until,omitempty"`
	// Rest is absent from runs made before plans knew of another's sleep.
	Rest []restDoc `bson:"rest,omitempty"`
	// Clock is absent from runs made before readers had one (24-hour).
	Clock string `bson:"clock,omitempty"`
	// Edit is absent from runs the council made (bh.PlanEdit).
	Edit *editDoc `bson:"edit,omitempty"`
	// TraceID is absent from runs made before runs were traced.
	TraceID string `bson:"trace_id,omitempty"`
	// WhatIf and Only are absent from runs that are no typed what-if.
	WhatIf    []forkDoc `bson:"what_if,omitempty"`
	Only      string    `bson:"only,omitempty"`
	ReadNotes bool      `bson:"read_notes,omitempty"`
}

// forkDoc is one input a what-if changed (bh.InputChange).
type forkDoc struct {
	Kind   string `bson:"kind"`
	From   string `bson:"from,omitempty"`
	To     string `bson:"to,omitempty"`
	NoteID string `bson:"note_id,omitempty"`
	Text   string `bson:"text,omitempty"`
}

func toForkDocs(cs []bh.InputChange) []forkDoc {
	var out []forkDoc
	for _, c := range cs {
		out = append(out, forkDoc{Kind: string(c.Kind), From: c.From, To: c.To, NoteID: c.NoteID, Text: c.Text})
	}
	return out
}

func forksOf(ds []forkDoc) []bh.InputChange {
	var out []bh.InputChange
	for _, d := range ds {
		out = append(out, bh.InputChange{Kind: bh.ForkKind(d.Kind), From: d.From, To: d.To, NoteID: d.NoteID, Text: d.Text})
	}
	return out
}

// editDoc is the edit that made a run from its parent (bh.PlanEdit).
type editDoc struct {
	Ops []opDoc   `bson:"ops"`
	By  string    `bson:"by"`
	At  time.Time `bson:"at"`
}

// opDoc is one op of an edit (bh.PlanOp); durations in nanoseconds.
type opDoc struct {
	Kind       string    `bson:"kind"`
	BlockKey   string    `bson:"block_key,omitempty"`
	BlockStart time.Time `bson:"block_start,omitempty"`
	By         int64     `bson:"by,omitempty"`
	To         time.Time `bson:"to,omitempty"`
	Title      string    `bson:"title,omitempty"`
	BlockKind  string    `bson:"block_kind,omitempty"`
	NoteIDs    []string  `bson:"note_ids,omitempty"`
	Len        int64     `bson:"len,omitempty"`
}

func toEditDoc(e *bh.PlanEdit) *editDoc {
	if e == nil {
		return nil
	}
	d := &editDoc{By: e.By, At: e.At.UTC()}
	for _, op := range e.Ops {
		d.Ops = append(d.Ops, opDoc{Kind: string(op.Kind), BlockKey: op.Block.Key, BlockStart: utcOrZero(op.Block.Start), By: int64(op.By),
			To: utcOrZero(op.To), Title: op.Title, BlockKind: op.BlockKind, NoteIDs: op.NoteIDs, Len: int64(op.Len)})
	}
	return d
}

func (d *editDoc) domain() *bh.PlanEdit {
	if d == nil {
		return nil
	}
	e := &bh.PlanEdit{By: d.By, At: d.At.UTC()}
	for _, o := range d.Ops {
		e.Ops = append(e.Ops, bh.PlanOp{Kind: bh.OpKind(o.Kind), Block: bh.BlockRef{Key: o.BlockKey, Start: utcOrZero(o.BlockStart)}, By: time.Duration(o.By),
			To: utcOrZero(o.To), Title: o.Title, BlockKind: o.BlockKind, NoteIDs: o.NoteIDs, Len: time.Duration(o.Len)})
	}
	return e
}

// restDoc is another caregiver's sleep in a plan's window (bh.Rest).
type restDoc struct {
	UserID string    `bson:"user_id"`
	Name   string    `bson:"name,omitempty"`
	Start  time.Time `bson:"start"`
	End    time.Time `bson:"end"`
}

func toRestDocs(rs []bh.Rest) []restDoc {
	var out []restDoc
	for _, r := range rs {
		out = append(out, restDoc{UserID: r.UserID, Name: r.Name, Start: r.Start.UTC(), End: r.End.UTC()})
	}
	return out
}

func restOf(ds []restDoc) []bh.Rest {
	var out []bh.Rest
	for _, d := range ds {
		out = append(out, bh.Rest{UserID: d.UserID, Name: d.Name, Start: d.Start.UTC(), End: d.End.UTC()})
	}
	return out
}

func toRunDoc(r bh.Run) runDoc {
	return runDoc{ID: r.ID, TeamID: r.TeamID, ShiftID: r.ShiftID, ChannelID: r.ChannelID, Version: r.Version, ParentRunID: r.ParentRunID,
		Change: r.Change, ChangeStamps: toStampDocs(r.ChangeStamps), Status: string(r.Status), Energy: string(r.Energy), HorizonH: r.HorizonH, Mode: r.Mode, TZ: r.TZ,
		TokenBudget: r.TokenBudget, Now: r.Now.UTC(), Sample: r.Sample, RequestedBy: r.RequestedBy, CardChannel: r.CardChannel,
		CardTS: r.CardTS, CardPosted: r.CardPosted, Error: r.Error, CreatedAt: r.CreatedAt.UTC(), StartedAt: r.StartedAt.UTC(), FinishedAt: r.FinishedAt.UTC(),
		From: r.From.UTC(), Quiet: toQuietDoc(r.Quiet), For: r.For, ForName: r.ForName, ForUntil: r.ForUntil.UTC(), Rest: toRestDocs(r.Rest),
		Clock: string(r.Clock), Edit: toEditDoc(r.Edit), TraceID: r.TraceID,
		WhatIf: toForkDocs(r.WhatIf), Only: string(r.Only), ReadNotes: r.ReadNotes}
}

func toQuietDoc(q *bh.QuietHours) *quietDoc {
	if q == nil {
		return nil
	}
	return &quietDoc{From: q.From, To: q.To}
}

func (d *quietDoc) domain() *bh.QuietHours {
	if d == nil {
		return nil
	}
	return &bh.QuietHours{From: d.From, To: d.To}
}

func (d runDoc) domain() bh.Run {
	return bh.Run{ID: d.ID, TeamID: d.TeamID, ShiftID: d.ShiftID, ChannelID: d.ChannelID, Version: d.Version, ParentRunID: d.ParentRunID,
		Change: d.Change, ChangeStamps: fromStampDocs(d.ChangeStamps), Status: bh.Status(d.Status), Energy: bh.Energy(d.Energy), HorizonH: d.HorizonH, Mode: d.Mode, TZ: d.TZ,
		TokenBudget: d.TokenBudget, Now: d.Now.UTC(), Sample: d.Sample, RequestedBy: d.RequestedBy, CardChannel: d.CardChannel,
		CardTS: d.CardTS, CardPosted: d.CardPosted, Error: d.Error, CreatedAt: d.CreatedAt.UTC(), StartedAt: d.StartedAt.UTC(), FinishedAt: d.FinishedAt.UTC(),
		From: utcOrZero(d.From), Quiet: d.Quiet.domain(), For: d.For, ForName: d.ForName, ForUntil: utcOrZero(d.ForUntil),
		Rest: restOf(d.Rest), Clock: bh.Clock(d.Clock), Edit: d.Edit.domain(), TraceID: d.TraceID,
		WhatIf: forksOf(d.WhatIf), Only: bh.Archetype(d.Only), ReadNotes: d.ReadNotes}
}

// utcPtr is t in UTC, nil for nil.
func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// utcOrZero keeps a zero time zero (UTC() of a decoded zero is not).
func utcOrZero(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

type taskDoc struct {
	ID          string            `bson:"_id"`
	TeamID      string            `bson:"team_id"`
	ShiftID     string            `bson:"shift_id"`
	RunID       string            `bson:"run_id"`
	Name        string            `bson:"name"`
	AgentName   string            `bson:"agent_name"`
	Status      string            `bson:"status"`
	Attempt     int               `bson:"attempt"`
	MaxAttempts int               `bson:"max_attempts"`
	Inputs      map[string]string `bson:"inputs,omitempty"`
	Outputs     map[string]string `bson:"outputs,omitempty"`
	Error       string            `bson:"error,omitempty"`
	TraceID     string            `bson:"trace_id,omitempty"`
	QueuedAt    time.Time         `bson:"queued_at"`
	StartedAt   time.Time         `bson:"started_at"`
	FinishedAt  time.Time         `bson:"finished_at"`
	UpdatedAt   time.Time         `bson:"updated_at"`
}

type messageDoc struct {
	ID        string            `bson:"_id"`
	TeamID    string            `bson:"team_id"`
	ShiftID   string            `bson:"shift_id"`
	RunID     string            `bson:"run_id"`
	TaskID    string            `bson:"task_id,omitempty"`
	Seq       int               `bson:"seq"`
	Sender    string            `bson:"sender"`
	Role      string            `bson:"role"`
	Content   string            `bson:"content"`
	Meta      map[string]string `bson:"meta,omitempty"`
	CreatedAt time.Time         `bson:"created_at"`
}

type logRefDoc struct {
	LogID     string    `bson:"log_id"`
	Kind      string    `bson:"kind"`
	TagSource string    `bson:"tag_source"`
	Text      string    `bson:"text"`
	CreatedAt time.Time `bson:"created_at"`
	// StillOnAt is absent from packs made before "still on it"; UserID and
	// Link from packs made before plans were for the person on duty.
	StillOnAt *time.Time `bson:"still_on_at,omitempty"`
	UserID    string     `bson:"user_id,omitempty"`
	Link      string     `bson:"link,omitempty"`
}

type packDoc struct {
	ID             string      `bson:"_id"`
	TeamID         string      `bson:"team_id"`
	ShiftID        string      `bson:"shift_id"`
	RunID          string      `bson:"run_id"`
	Summary        string      `bson:"summary"`
	CompiledText   string      `bson:"compiled_text"`
	LogRefs        []logRefDoc `bson:"log_refs"`
	TokenBudget    int         `bson:"token_budget"`
	TokenEstimate  int         `bson:"token_estimate"`
	IncludedLogIDs []string    `bson:"included_log_ids"`
	Omitted        int         `bson:"omitted"`
	// Done is absent from packs made before handoffs said what was done.
	Done      []doneRefDoc `bson:"done,omitempty"`
	CreatedAt time.Time    `bson:"created_at"`
}

type blockDoc struct {
	Start   time.Time  `bson:"start"`
	End     time.Time  `bson:"end"`
	Title   string     `bson:"title"`
	Kind    string     `bson:"kind"`
	NoteIDs []string   `bson:"note_ids,omitempty"`
	Stamps  []stampDoc `bson:"stamps,omitempty"`
}

type itemDoc struct {
	Text    string     `bson:"text"`
	NoteIDs []string   `bson:"note_ids,omitempty"`
	Due     *time.Time `bson:"due,omitempty"`
	Ask     bool       `bson:"ask,omitempty"`
	Stamps  []stampDoc `bson:"stamps,omitempty"`
}

// stampDoc is a time written in a text (bh.Stamp).
type stampDoc struct {
	At     time.Time `bson:"at"`
	Layout string    `bson:"layout"`
	Text   string    `bson:"text"`
}

func toStampDocs(ss []bh.Stamp) []stampDoc {
	if len(ss) == 0 {
		return nil
	}
	out := make([]stampDoc, 0, len(ss))
	for _, st := range ss {
		out = append(out, stampDoc{At: st.At.UTC(), Layout: st.Layout, Text: st.Text})
	}
	return out
}

func fromStampDocs(ds []stampDoc) []bh.Stamp {
	if len(ds) == 0 {
		return nil
	}
	out := make([]bh.Stamp, 0, len(ds))
	for _, d := range ds {
		out = append(out, bh.Stamp{At: d.At.UTC(), Layout: d.Layout, Text: d.Text})
	}
	return out
}

type doneRefDoc struct {
	LogID string    `bson:"log_id"`
	Text  string    `bson:"text"`
	At    time.Time `bson:"at"`
	By    string    `bson:"by,omitempty"`
}

type proposalDoc struct {
	ID         string     `bson:"_id"`
	TeamID     string     `bson:"team_id"`
	ShiftID    string     `bson:"shift_id"`
	RunID      string     `bson:"run_id"`
	Archetype  string     `bson:"archetype"`
	Agent      string     `bson:"agent_name"`
	Summary    string     `bson:"summary"`
	Blocks     []blockDoc `bson:"blocks"`
	Top        []itemDoc  `bson:"top"`
	Admin      []itemDoc  `bson:"admin"`
	RunningLow []itemDoc  `bson:"running_low"`
	// Health and MoodSupport are absent from runs made before they were.
	Health      []itemDoc `bson:"health,omitempty"`
	Now         []itemDoc `bson:"now,omitempty"`
	StillOpen   []itemDoc `bson:"still_open,omitempty"`
	MoodSupport bool      `bson:"mood_support,omitempty"`
	Source      string    `bson:"source"`
	Model       string    `bson:"model,omitempty"`
	Fallback    string    `bson:"fallback,omitempty"`
}

type scoreDoc struct {
	Dimension string     `bson:"dimension"`
	Value     int        `bson:"value"`
	Why       string     `bson:"why"`
	Stamps    []stampDoc `bson:"stamps,omitempty"`
}

type scorecardDoc struct {
	Archetype string     `bson:"archetype"`
	Scores    []scoreDoc `bson:"scores"`
	Total     int        `bson:"total"`
}

type reasonDoc struct {
	Text    string     `bson:"text"`
	NoteIDs []string   `bson:"note_ids,omitempty"`
	Stamps  []stampDoc `bson:"stamps,omitempty"`
}

type decisionDoc struct {
	ID            string         `bson:"_id"`
	TeamID        string         `bson:"team_id"`
	ShiftID       string         `bson:"shift_id"`
	RunID         string         `bson:"run_id"`
	Winner        string         `bson:"winner"`
	Confidence    float64        `bson:"confidence"`
	Scorecards    []scorecardDoc `bson:"scorecards"`
	Rationale     []reasonDoc    `bson:"rationale"`
	TieBreak      string         `bson:"tie_break,omitempty"`
	Energy        string         `bson:"energy"`
	EnergyChosen  bool           `bson:"energy_chosen"`
	EnergyNoteIDs []string       `bson:"energy_note_ids,omitempty"`
	JudgedBy      string         `bson:"judged_by,omitempty"`
	JudgeFallback string         `bson:"judge_fallback,omitempty"`
}

type artifactDoc struct {
	ID        string    `bson:"_id"`
	TeamID    string    `bson:"team_id"`
	ShiftID   string    `bson:"shift_id"`
	RunID     string    `bson:"run_id"`
	Kind      string    `bson:"kind"`
	Name      string    `bson:"name"`
	Content   string    `bson:"content"`
	CreatedAt time.Time `bson:"created_at"`
}

type eventDoc struct {
	ID      string            `bson:"_id"`
	TeamID  string            `bson:"team_id"`
	ShiftID string            `bson:"shift_id"`
	RunID   string            `bson:"run_id,omitempty"`
	At      time.Time         `bson:"at"`
	Agent   string            `bson:"agent"`
	Type    string            `bson:"type"`
	Text    string            `bson:"text"`
	Meta    map[string]string `bson:"meta,omitempty"`
}

type agentDoc struct {
	ID          string   `bson:"_id"`
	Name        string   `bson:"name"`
	Skills      []string `bson:"skills"`
	Description string   `bson:"description"`
}

type counterDoc struct {
	ID  string `bson:"_id"`
	Seq int    `bson:"seq"`
}

// RegisterAgents writes the council's agents and their skills (idempotent).
func (db *DB) RegisterAgents(ctx context.Context, agents []bh.Agent) error {
	err := db.write(ctx, func(ctx context.Context) error {
		for _, a := range agents {
			doc := agentDoc{ID: a.Name, Name: a.Name, Skills: a.Skills, Description: a.Description}
			if _, err := db.c.agents.ReplaceOne(ctx, bson.D{{Key: "_id", Value: a.Name}}, doc, options.Replace().SetUpsert(true)); err != nil {
				return err
			}
		}
		return nil
	})
	return db.fail("register agents", err)
}

// Agents lists the registered agents by name.
func (db *DB) Agents(ctx context.Context) ([]bh.Agent, error) {
	cur, err := db.c.agents.Find(ctx, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, db.fail("list agents", err)
	}
	var docs []agentDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, db.fail("list agents", err)
	}
	out := make([]bh.Agent, 0, len(docs))
	for _, d := range docs {
		out = append(out, bh.Agent{Name: d.Name, Skills: d.Skills, Description: d.Description})
	}
	return out, nil
}

// CreateRun gives run the next version of its shift and an id, and stores
// it as running. Versions come from a counter per shift, so two processes
// never hand out the same one (the unique index would refuse it anyway).
func (db *DB) CreateRun(ctx context.Context, run bh.Run) (bh.Run, error) {
	if run.TeamID == "" || run.ShiftID == "" {
		return bh.Run{}, db.fail("create run", bh.Errorf(bh.EINVALID, "A run needs a team and a shift."))
	}
	now := db.now()
	run.CreatedAt, run.StartedAt, run.Status = now, now, bh.StatusRunning
	if run.Now.IsZero() {
		run.Now = now
	}
	run.Now = run.Now.UTC().Truncate(time.Millisecond)
	err := db.write(ctx, func(ctx context.Context) error {
		var c counterDoc
		err := db.c.counters.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: "runs:" + run.TeamID + ":" + run.ShiftID}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "seq", Value: 1}}}},
			options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&c)
		if err != nil {
			return err
		}
		run.Version = c.Seq
		run.ID = newID()
		_, err = db.c.runs.InsertOne(ctx, toRunDoc(run))
		return err
	})
	if err != nil {
		return bh.Run{}, db.fail("create run", err)
	}
	return run, nil
}

// SaveRunRecord stores everything a completed run produced in one commit
// and marks the run completed.
func (db *DB) SaveRunRecord(ctx context.Context, rec bh.RunRecord) error {
	r := rec.Run
	now := db.now()
	r.Status, r.FinishedAt = bh.StatusCompleted, now
	team, shift := r.TeamID, r.ShiftID
	var docs struct {
		tasks, msgs, props, arts, events []any
	}
	// Keys every detail keeps plain: its id and whose it is.
	keys := func(id string, more ...bson.E) []bson.E {
		return append([]bson.E{{Key: "_id", Value: id}, {Key: "team_id", Value: team}, {Key: "run_id", Value: r.ID}}, more...)
	}
	var zerr error
	zip := func(list *[]any, doc any, keys []bson.E) {
		z, err := zipDoc(doc, keys...)
		if err != nil && zerr == nil {
			zerr = err
		}
		*list = append(*list, z)
	}
	for _, t := range rec.Tasks {
		zip(&docs.tasks, taskDoc{ID: t.ID, TeamID: team, ShiftID: shift, RunID: r.ID, Name: t.Name, AgentName: t.Agent,
			Status: string(t.Status), Attempt: t.Attempt, MaxAttempts: t.MaxAttempts, Inputs: t.Inputs, Outputs: t.Outputs, Error: t.Error, TraceID: t.TraceID,
			QueuedAt: t.QueuedAt.UTC(), StartedAt: t.StartedAt.UTC(), FinishedAt: t.FinishedAt.UTC(), UpdatedAt: now},
			keys(t.ID, bson.E{Key: "name", Value: t.Name}))
	}
	for _, m := range rec.Messages {
		zip(&docs.msgs, messageDoc{ID: m.ID, TeamID: team, ShiftID: shift, RunID: r.ID, TaskID: m.TaskID, Seq: m.Seq,
			Sender: m.Sender, Role: m.Role, Content: m.Content, Meta: m.Meta, CreatedAt: m.At.UTC()},
			keys(m.ID, bson.E{Key: "seq", Value: m.Seq}))
	}
	for _, p := range rec.Proposals {
		zip(&docs.props, toProposalDoc(team, shift, p), keys(p.ID, bson.E{Key: "archetype", Value: string(p.Archetype)}))
	}
	for _, a := range rec.Artifacts {
		zip(&docs.arts, toArtifactDoc(team, shift, a), keys(a.ID, bson.E{Key: "kind", Value: a.Kind}))
	}
	for _, e := range rec.Events {
		docs.events = append(docs.events, eventDoc{ID: e.ID, TeamID: team, ShiftID: shift, RunID: r.ID, At: e.At.UTC(), Agent: e.Agent, Type: e.Type, Text: e.Text, Meta: e.Meta})
	}
	var pack, dec []any
	zip(&pack, toPackDoc(team, shift, rec.Pack), keys(rec.Pack.ID))
	zip(&dec, toDecisionDoc(team, shift, rec.Decision), keys(rec.Decision.ID))
	if zerr != nil {
		return db.fail("save run "+r.ID, zerr)
	}
	if db.shelf != nil {
		return db.fail("save run "+r.ID, db.saveRunShelved(ctx, r, map[string][]any{colTasks: docs.tasks, colMessages: docs.msgs,
			colProposals: docs.props, colArtifacts: docs.arts, colContextPacks: pack, colDecisions: dec}, docs.events))
	}
	err := db.write(ctx, func(ctx context.Context) error {
		// A fixed order, so a failure always names the same collection.
		for _, b := range []struct {
			name string
			docs []any
		}{{colTasks, docs.tasks}, {colMessages, docs.msgs}, {colProposals, docs.props}, {colArtifacts, docs.arts}, {colEvents, docs.events}} {
			name, batch := b.name, b.docs
			if len(batch) == 0 {
				continue
			}
			if _, err := db.db.Collection(name).InsertMany(ctx, batch); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		if _, err := db.c.contextPacks.InsertOne(ctx, pack[0]); err != nil {
			return err
		}
		if _, err := db.c.decisions.InsertOne(ctx, dec[0]); err != nil {
			return err
		}
		res, err := db.c.runs.ReplaceOne(ctx, bson.D{{Key: "_id", Value: r.ID}, {Key: "team_id", Value: team}}, toRunDoc(r))
		if err != nil {
			return err
		}
		if res.MatchedCount == 0 {
			return errRunGone
		}
		return nil
	})
	if isDup(err) {
		return db.fail("save run "+r.ID, errRunSaved)
	}
	return db.fail("save run "+r.ID, err)
}

var (
	errRunGone  = bh.Errorf(bh.ENOTFOUND, "That run no longer exists.")
	errRunSaved = bh.Errorf(bh.ECONFLICT, "This run was already saved.")
)

// saveRunShelved is SaveRunRecord on the shelf: the details first, then the
// events and the run in one commit, as on MongoDB (details first, the run
// last), so a run marked completed always has its details. A run already
// completed is refused before its details could be overwritten.
func (db *DB) saveRunShelved(ctx context.Context, r bh.Run, details map[string][]any, events []any) error {
	d, err := db.runDoc(ctx, r.TeamID, r.ID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return errRunGone
	}
	if err != nil {
		return err
	}
	if d.Status == string(bh.StatusCompleted) {
		return errRunSaved
	}
	raws := map[string][]bson.Raw{}
	for coll, list := range details {
		for _, doc := range list {
			raw, err := bson.Marshal(doc)
			if err != nil {
				return err
			}
			raws[coll] = append(raws[coll], raw)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := db.shelf.put(raws, true); errors.Is(err, errShelfTaken) {
		return errRunSaved // by another caller since the check above
	} else if err != nil {
		return fmt.Errorf("run details: %w", err)
	}
	notDone := bson.D{{Key: "_id", Value: r.ID}, {Key: "team_id", Value: r.TeamID}, {Key: "status", Value: bson.D{{Key: "$ne", Value: string(bh.StatusCompleted)}}}}
	err = db.write(ctx, func(ctx context.Context) error {
		if len(events) > 0 {
			if _, err := db.c.events.InsertMany(ctx, events); err != nil {
				return fmt.Errorf("%s: %w", colEvents, err)
			}
		}
		res, err := db.c.runs.ReplaceOne(ctx, notDone, toRunDoc(r))
		if err != nil {
			return err
		}
		if res.MatchedCount == 1 {
			return nil
		}
		// Saved by another caller since the check above, or removed.
		if n, err := db.c.runs.CountDocuments(ctx, bson.D{{Key: "_id", Value: r.ID}, {Key: "team_id", Value: r.TeamID}}); err == nil && n > 0 {
			return errRunSaved
		}
		return errRunGone
	})
	if isDup(err) {
		err = errRunSaved
	}
	if err != nil && !errors.Is(err, errRunSaved) {
		// The details just put are this call's (the put was fresh) and
		// the run was not marked: take them back. A crash instead leaves
		// them to the run's sweep; RunRecord reads details of completed
		// runs only.
		if rerr := db.shelf.removeRuns(detailColls(), []string{r.ID}); rerr != nil {
			db.log.ErrorContext(ctx, "store: remove the details of a run not saved", "run", r.ID, "err", rerr)
		}
	}
	return err
}

func toArtifactDoc(team, shift string, a bh.Artifact) artifactDoc {
	return artifactDoc{ID: a.ID, TeamID: team, ShiftID: shift, RunID: a.RunID, Kind: a.Kind, Name: a.Name, Content: a.Content, CreatedAt: a.CreatedAt.UTC()}
}

func toBlockDocs(bs []bh.Block) []blockDoc {
	out := make([]blockDoc, 0, len(bs))
	for _, b := range bs {
		out = append(out, blockDoc{Start: b.Start.UTC(), End: b.End.UTC(), Title: b.Title, Kind: b.Kind, NoteIDs: b.NoteIDs, Stamps: toStampDocs(b.Stamps)})
	}
	return out
}

func fromBlockDocs(ds []blockDoc) []bh.Block {
	if len(ds) == 0 {
		return nil
	}
	out := make([]bh.Block, 0, len(ds))
	for _, d := range ds {
		out = append(out, bh.Block{Start: d.Start.UTC(), End: d.End.UTC(), Title: d.Title, Kind: d.Kind, NoteIDs: d.NoteIDs, Stamps: fromStampDocs(d.Stamps)})
	}
	return out
}

func toItemDocs(is []bh.Item) []itemDoc {
	out := make([]itemDoc, 0, len(is))
	for _, i := range is {
		d := itemDoc{Text: i.Text, NoteIDs: i.NoteIDs, Ask: i.Ask, Stamps: toStampDocs(i.Stamps)}
		if i.Due != nil {
			t := i.Due.UTC()
			d.Due = &t
		}
		out = append(out, d)
	}
	return out
}

func fromItemDocs(ds []itemDoc) []bh.Item {
	if len(ds) == 0 {
		return nil
	}
	out := make([]bh.Item, 0, len(ds))
	for _, d := range ds {
		i := bh.Item{Text: d.Text, NoteIDs: d.NoteIDs, Ask: d.Ask, Stamps: fromStampDocs(d.Stamps)}
		if d.Due != nil {
			t := d.Due.UTC()
			i.Due = &t
		}
		out = append(out, i)
	}
	return out
}

func toProposalDoc(team, shift string, p bh.Proposal) proposalDoc {
	return proposalDoc{ID: p.ID, TeamID: team, ShiftID: shift, RunID: p.RunID, Archetype: string(p.Archetype), Agent: p.Agent, Summary: p.Summary,
		Blocks: toBlockDocs(p.Blocks), Top: toItemDocs(p.Top), Admin: toItemDocs(p.Admin), RunningLow: toItemDocs(p.RunningLow), Source: p.Source,
		Model: p.Model, Fallback: p.Fallback, Health: toItemDocs(p.Health), MoodSupport: p.MoodSupport, Now: toItemDocs(p.Now),
		StillOpen: toItemDocs(p.StillOpen)}
}

func (d proposalDoc) domain() bh.Proposal {
	return bh.Proposal{ID: d.ID, RunID: d.RunID, Archetype: bh.Archetype(d.Archetype), Agent: d.Agent, Summary: d.Summary,
		Blocks: fromBlockDocs(d.Blocks), Top: fromItemDocs(d.Top), Admin: fromItemDocs(d.Admin), RunningLow: fromItemDocs(d.RunningLow), Source: d.Source,
		Model: d.Model, Fallback: d.Fallback, Health: fromItemDocs(d.Health), MoodSupport: d.MoodSupport, Now: fromItemDocs(d.Now),
		StillOpen: fromItemDocs(d.StillOpen)}
}

func toPackDoc(team, shift string, p bh.ContextPack) packDoc {
	d := packDoc{ID: p.ID, TeamID: team, ShiftID: shift, RunID: p.RunID, Summary: p.Summary, CompiledText: p.CompiledText,
		TokenBudget: p.TokenBudget, TokenEstimate: p.TokenEstimate, IncludedLogIDs: p.IncludedLogIDs, Omitted: p.Omitted, CreatedAt: p.CreatedAt.UTC()}
	for _, r := range p.Done {
		d.Done = append(d.Done, doneRefDoc{LogID: r.LogID, Text: r.Text, At: r.At.UTC(), By: r.By})
	}
	for _, r := range p.LogRefs {
		d.LogRefs = append(d.LogRefs, logRefDoc{LogID: r.LogID, Kind: string(r.Kind), TagSource: string(r.TagSource), Text: r.Text, CreatedAt: r.CreatedAt.UTC(), StillOnAt: utcPtr(r.StillOnAt),
			UserID: r.UserID, Link: r.Link})
	}
	return d
}

func (d packDoc) domain() bh.ContextPack {
	p := bh.ContextPack{ID: d.ID, RunID: d.RunID, ShiftID: d.ShiftID, Summary: d.Summary, CompiledText: d.CompiledText,
		TokenBudget: d.TokenBudget, TokenEstimate: d.TokenEstimate, IncludedLogIDs: d.IncludedLogIDs, Omitted: d.Omitted, CreatedAt: d.CreatedAt.UTC()}
	for _, r := range d.Done {
		p.Done = append(p.Done, bh.DoneRef{LogID: r.LogID, Text: r.Text, At: r.At.UTC(), By: r.By})
	}
	for _, r := range d.LogRefs {
		p.LogRefs = append(p.LogRefs, bh.LogRef{LogID: r.LogID, Kind: bh.Tag(r.Kind), TagSource: bh.TagSource(r.TagSource), Text: r.Text, CreatedAt: r.CreatedAt.UTC(), StillOnAt: utcPtr(r.StillOnAt),
			UserID: r.UserID, Link: r.Link})
	}
	return p
}

func toDecisionDoc(team, shift string, d bh.Decision) decisionDoc {
	out := decisionDoc{ID: d.ID, TeamID: team, ShiftID: shift, RunID: d.RunID, Winner: string(d.Winner), Confidence: d.Confidence,
		TieBreak: d.TieBreak, Energy: string(d.Energy), EnergyChosen: d.EnergyChosen, EnergyNoteIDs: d.EnergyNoteIDs,
		JudgedBy: d.JudgedBy, JudgeFallback: d.JudgeFallback}
	for _, c := range d.Scorecards {
		sc := scorecardDoc{Archetype: string(c.Archetype), Total: c.Total}
		for _, s := range c.Scores {
			sc.Scores = append(sc.Scores, scoreDoc{Dimension: s.Dimension, Value: s.Value, Why: s.Why, Stamps: toStampDocs(s.Stamps)})
		}
		out.Scorecards = append(out.Scorecards, sc)
	}
	for _, r := range d.Rationale {
		out.Rationale = append(out.Rationale, reasonDoc{Text: r.Text, NoteIDs: r.NoteIDs, Stamps: toStampDocs(r.Stamps)})
	}
	return out
}

func (d decisionDoc) domain() bh.Decision {
	out := bh.Decision{ID: d.ID, RunID: d.RunID, Winner: bh.Archetype(d.Winner), Confidence: d.Confidence, TieBreak: d.TieBreak,
		Energy: bh.Energy(d.Energy), EnergyChosen: d.EnergyChosen, EnergyNoteIDs: d.EnergyNoteIDs,
		JudgedBy: d.JudgedBy, JudgeFallback: d.JudgeFallback}
	for _, c := range d.Scorecards {
		sc := bh.Scorecard{Archetype: bh.Archetype(c.Archetype), Total: c.Total}
		for _, s := range c.Scores {
			sc.Scores = append(sc.Scores, bh.Score{Dimension: s.Dimension, Value: s.Value, Why: s.Why, Stamps: fromStampDocs(s.Stamps)})
		}
		out.Scorecards = append(out.Scorecards, sc)
	}
	for _, r := range d.Rationale {
		out.Rationale = append(out.Rationale, bh.Reason{Text: r.Text, NoteIDs: r.NoteIDs, Stamps: fromStampDocs(r.Stamps)})
	}
	return out
}

// Run returns a run of the team.
func (db *DB) Run(ctx context.Context, teamID, runID string) (bh.Run, error) {
	d, err := db.runDoc(ctx, teamID, runID)
	if err != nil {
		return bh.Run{}, err
	}
	return d.domain(), nil
}

// runDoc reads a run of the team as stored.
func (db *DB) runDoc(ctx context.Context, teamID, runID string) (runDoc, error) {
	var d runDoc
	err := db.c.runs.FindOne(ctx, bson.D{{Key: "_id", Value: runID}, {Key: "team_id", Value: teamID}}).Decode(&d)
	if isNoDocs(err) {
		return runDoc{}, db.fail("get run "+runID, bh.Errorf(bh.ENOTFOUND, "That plan no longer exists."))
	}
	if err != nil {
		return runDoc{}, db.fail("get run "+runID, err)
	}
	return d, nil
}

// RunByID finds a run by id alone (the replay command, which has no team).
func (db *DB) RunByID(ctx context.Context, runID string) (bh.Run, error) {
	var d runDoc
	err := db.c.runs.FindOne(ctx, bson.D{{Key: "_id", Value: runID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Run{}, db.fail("get run "+runID, bh.Errorf(bh.ENOTFOUND, "There is no run %s.", runID))
	}
	if err != nil {
		return bh.Run{}, db.fail("get run "+runID, err)
	}
	return d.domain(), nil
}

// LatestRun returns the shift's newest completed run.
func (db *DB) LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error) {
	var d runDoc
	var err error
	if db.mem != nil {
		var ok bool
		if d, ok = db.mem.runs.get(teamID, shiftID); !ok {
			err = mongo.ErrNoDocuments
		}
	} else {
		err = db.c.runs.FindOne(ctx, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}, {Key: "status", Value: string(bh.StatusCompleted)}},
			options.FindOne().SetSort(bson.D{{Key: "version", Value: -1}})).Decode(&d)
	}
	if isNoDocs(err) {
		return bh.Run{}, db.fail("latest run", bh.Errorf(bh.ENOTFOUND, "No plan yet for this conversation."))
	}
	if err != nil {
		return bh.Run{}, db.fail("latest run", err)
	}
	return d.domain(), nil
}

func findAll[T any](ctx context.Context, db *DB, name string, filter bson.D, sort bson.D) ([]T, error) {
	opts := options.Find()
	if sort != nil {
		opts.SetSort(sort)
	}
	cur, err := db.db.Collection(name).Find(ctx, filter, opts)
	if err != nil {
		return nil, err
	}
	var out []T
	err = cur.All(ctx, &out)
	return out, err
}

// RunRecord loads everything a run wrote.
func (db *DB) RunRecord(ctx context.Context, teamID, runID string) (bh.RunRecord, error) {
	d, err := db.runDoc(ctx, teamID, runID)
	if err != nil {
		return bh.RunRecord{}, err
	}
	if d.DetailsRemovedAt != nil {
		return bh.RunRecord{}, db.fail("load run "+runID, db.detailsGone(d))
	}
	run := d.domain()
	rec := bh.RunRecord{Run: run}
	fail := func(err error) (bh.RunRecord, error) { return bh.RunRecord{}, db.fail("load run "+runID, err) }
	if run.Status != bh.StatusCompleted {
		// Only a completed run's details are whole: a save stopped between
		// its details and its run (a crash) may have left some.
		return fail(bh.Errorf(bh.ENOTFOUND, "Run %s has no saved results (status %s).", runID, run.Status))
	}
	byRun := bson.D{{Key: "team_id", Value: teamID}, {Key: "run_id", Value: runID}}
	var pd packDoc
	if err := findOneZipped(ctx, db, colContextPacks, teamID, runID, &pd); err != nil {
		if isNoDocs(err) {
			return fail(bh.Errorf(bh.ENOTFOUND, "Run %s has no saved results (status %s).", runID, run.Status))
		}
		return fail(err)
	}
	rec.Pack = pd.domain()
	var dd decisionDoc
	if err := findOneZipped(ctx, db, colDecisions, teamID, runID, &dd); err != nil {
		return fail(err)
	}
	rec.Decision = dd.domain()
	tasks, err := findZipped[taskDoc](ctx, db, colTasks, teamID, runID, nil)
	if err != nil {
		return fail(err)
	}
	order := map[string]int{"normalize_logs": 0, "plan_sleep_first": 1, "plan_errands_first": 2, "plan_admin_first": 3, "score_and_select": 4, "write_handoff": 5}
	rec.Tasks = make([]bh.Task, len(tasks))
	for i, t := range tasks {
		rec.Tasks[i] = bh.Task{ID: t.ID, RunID: t.RunID, Name: t.Name, Agent: t.AgentName, Status: bh.Status(t.Status), Attempt: t.Attempt,
			MaxAttempts: t.MaxAttempts, Inputs: t.Inputs, Outputs: t.Outputs, Error: t.Error, TraceID: t.TraceID, QueuedAt: t.QueuedAt.UTC(), StartedAt: t.StartedAt.UTC(), FinishedAt: t.FinishedAt.UTC()}
	}
	slices.SortStableFunc(rec.Tasks, func(a, b bh.Task) int { return order[a.Name] - order[b.Name] })
	msgs, err := findZipped[messageDoc](ctx, db, colMessages, teamID, runID, bson.D{{Key: "seq", Value: 1}})
	if err != nil {
		return fail(err)
	}
	for _, m := range msgs {
		rec.Messages = append(rec.Messages, bh.Message{ID: m.ID, RunID: m.RunID, TaskID: m.TaskID, Seq: m.Seq, Sender: m.Sender, Role: m.Role, Content: m.Content, Meta: m.Meta, At: m.CreatedAt.UTC()})
	}
	props, err := findZipped[proposalDoc](ctx, db, colProposals, teamID, runID, nil)
	if err != nil {
		return fail(err)
	}
	for _, p := range props {
		rec.Proposals = append(rec.Proposals, p.domain())
	}
	arch := map[bh.Archetype]int{bh.SleepFirst: 0, bh.ErrandsFirst: 1, bh.AdminFirst: 2}
	slices.SortStableFunc(rec.Proposals, func(a, b bh.Proposal) int { return arch[a.Archetype] - arch[b.Archetype] })
	arts, err := findZipped[artifactDoc](ctx, db, colArtifacts, teamID, runID, bson.D{{Key: "kind", Value: 1}})
	if err != nil {
		return fail(err)
	}
	for _, a := range arts {
		rec.Artifacts = append(rec.Artifacts, bh.Artifact{ID: a.ID, RunID: a.RunID, Kind: a.Kind, Name: a.Name, Content: a.Content, CreatedAt: a.CreatedAt.UTC()})
	}
	evs, err := findAll[eventDoc](ctx, db, colEvents, byRun, bson.D{{Key: "at", Value: 1}, {Key: "_id", Value: 1}})
	if err != nil {
		return fail(err)
	}
	for _, e := range evs {
		rec.Events = append(rec.Events, bh.Event{ID: e.ID, TeamID: e.TeamID, ShiftID: e.ShiftID, RunID: e.RunID, At: e.At.UTC(), Agent: e.Agent, Type: e.Type, Text: e.Text, Meta: e.Meta})
	}
	return rec, nil
}

// SaveArtifact stores an extra artifact of a run (a what-if's diff).
func (db *DB) SaveArtifact(ctx context.Context, teamID, shiftID string, a bh.Artifact) error {
	doc, err := zipDoc(toArtifactDoc(teamID, shiftID, a), bson.E{Key: "_id", Value: a.ID}, bson.E{Key: "team_id", Value: teamID},
		bson.E{Key: "run_id", Value: a.RunID}, bson.E{Key: "kind", Value: a.Kind})
	if err != nil {
		return db.fail("save artifact "+a.ID, err)
	}
	if db.shelf != nil {
		raw, err := bson.Marshal(doc)
		if err == nil {
			// Keyed by run and kind: a second diff of the run replaces the first.
			err = db.shelf.put(map[string][]bson.Raw{colArtifacts: {raw}}, false)
		}
		return db.fail("save artifact "+a.ID, err)
	}
	err = db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.artifacts.ReplaceOne(ctx, bson.D{{Key: "_id", Value: a.ID}}, doc, options.Replace().SetUpsert(true))
		return err
	})
	return db.fail("save artifact "+a.ID, err)
}

// FailRun marks a run failed with a reason a person can read.
func (db *DB) FailRun(ctx context.Context, teamID, runID, reason string) error {
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.runs.UpdateOne(ctx, bson.D{{Key: "_id", Value: runID}, {Key: "team_id", Value: teamID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: string(bh.StatusFailed)}, {Key: "error", Value: reason}, {Key: "finished_at", Value: db.now()}}}})
		return err
	})
	return db.fail("fail run "+runID, err)
}

// FailInterruptedRuns marks runs left running by a stopped process as
// failed, so none stays "running" forever, and returns those it marked. Call
// it at start-up (and, with several processes on one MongoDB, from time to
// time): only runs older than olderThan are touched.
func (db *DB) FailInterruptedRuns(ctx context.Context, olderThan time.Duration) ([]bh.Run, error) {
	cutoff := db.now().Add(-olderThan)
	var out []bh.Run
	err := db.write(ctx, func(ctx context.Context) error {
		out = nil
		docs, err := findAll[runDoc](ctx, db, colRuns, bson.D{{Key: "status", Value: bson.D{{Key: "$in", Value: bson.A{string(bh.StatusRunning), string(bh.StatusQueued)}}}}}, nil)
		if err != nil {
			return err
		}
		for _, d := range docs {
			if d.CreatedAt.After(cutoff) {
				continue
			}
			reason := "interrupted: the bot stopped during this run"
			// Compare-and-set on the status: of several processes looking,
			// one marks (and so puts right) each run.
			res, err := db.c.runs.UpdateOne(ctx, bson.D{{Key: "_id", Value: d.ID}, {Key: "status", Value: d.Status}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: string(bh.StatusFailed)}, {Key: "error", Value: reason}, {Key: "finished_at", Value: db.now()}}}})
			if err != nil {
				return err
			}
			if res.ModifiedCount != 1 {
				continue
			}
			r := d.domain()
			r.Status, r.Error = bh.StatusFailed, reason
			out = append(out, r)
		}
		return nil
	})
	if err != nil {
		return nil, db.fail("fail interrupted runs", err)
	}
	return out, nil
}

// UnpostedRuns lists completed runs since since whose Decision Card was
// never posted (the process stopped between saving the run and posting).
func (db *DB) UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error) {
	docs, err := findAll[runDoc](ctx, db, colRuns, bson.D{{Key: "status", Value: string(bh.StatusCompleted)},
		{Key: "created_at", Value: bson.D{{Key: "$gte", Value: since.UTC()}}}}, bson.D{{Key: "created_at", Value: 1}})
	if err != nil {
		return nil, db.fail("list unposted runs", err)
	}
	var out []bh.Run
	for _, d := range docs {
		if !d.CardPosted && d.CardTS != "" {
			out = append(out, d.domain())
		}
	}
	return out, nil
}

// SetRunCard records where a run's Decision Card is in Slack.
func (db *DB) SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error {
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.runs.UpdateOne(ctx, bson.D{{Key: "_id", Value: runID}, {Key: "team_id", Value: teamID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "card_channel", Value: channelID}, {Key: "card_ts", Value: ts}, {Key: "card_posted", Value: true}}}})
		return err
	})
	return db.fail("set run card "+runID, err)
}

// RunByVersion returns a shift's run of that version.
func (db *DB) RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error) {
	var d runDoc
	err := db.c.runs.FindOne(ctx, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}, {Key: "version", Value: version}}).Decode(&d)
	if isNoDocs(err) {
		return bh.Run{}, db.fail("get run", bh.Errorf(bh.ENOTFOUND, "There is no plan v%d here.", version))
	}
	if err != nil {
		return bh.Run{}, db.fail("get run", err)
	}
	return d.domain(), nil
}
