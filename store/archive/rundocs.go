package archive

import (
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a plan's documents: its run, the run's details (tasks,
// messages, context pack, proposals, decision, artifacts, zipped when
// written: zipped.go), its events and the family's run counter.

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
type counterDoc struct {
	ID  string `bson:"_id"`
	Seq int    `bson:"seq"`
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

func toEventDoc(e bh.Event) eventDoc {
	return eventDoc{ID: e.ID, TeamID: e.TeamID, ShiftID: e.ShiftID, RunID: e.RunID, At: e.At.UTC(), Agent: e.Agent, Type: e.Type, Text: e.Text, Meta: e.Meta}
}
