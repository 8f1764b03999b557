package council

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	bh "github.com/babyhandoff/babyhandoff"
)

// Store is what a persisted run needs. The store package's *DB satisfies it;
// council itself never knows the database.
type Store interface {
	CreateRun(ctx context.Context, run bh.Run) (bh.Run, error)
	SaveRunRecord(ctx context.Context, rec bh.RunRecord) error
	FailRun(ctx context.Context, teamID, runID, reason string) error
}

// Record is the output as the store keeps it.
func (o Output) Record() bh.RunRecord {
	return bh.RunRecord{Run: o.Run, Pack: o.Pack, Tasks: o.Tasks, Messages: o.Messages, Events: o.Events,
		Proposals: o.Proposals, Decision: o.Decision, Artifacts: []bh.Artifact{o.Handoff, o.Council}}
}

// FromRecord rebuilds an output from a stored run (no facts: they are
// recomputed by a replay).
func FromRecord(r bh.RunRecord) Output {
	o := Output{Run: r.Run, Pack: r.Pack, Tasks: r.Tasks, Messages: r.Messages, Events: r.Events, Proposals: r.Proposals, Decision: r.Decision}
	o.Handoff, _ = r.Artifact(bh.ArtifactHandoff)
	o.Council, _ = r.Artifact(bh.ArtifactTranscript)
	return o
}

// Execute creates a versioned run from in.Run (its id and version are
// assigned), runs the council on in.Notes, or on in.Pack for a what-if that
// forks a stored run, and stores everything it produced in one write. A
// failed run is recorded as failed with its reason.
func (c *Council) Execute(ctx context.Context, st Store, in Input, observe Observer) (Output, error) {
	if in.Run.TraceID == "" {
		in.Run.TraceID = bh.TraceID(ctx)
	}
	run, err := st.CreateRun(ctx, in.Run)
	if err != nil {
		return Output{}, err
	}
	if in.Pack != nil {
		// The fork keeps the parent's notes; only the pack's ids are new.
		p := *in.Pack
		p.ID, p.RunID = run.ID+":pack", run.ID
		in.Pack = &p
	}
	in.Run = run
	out, err := c.Run(ctx, in, observe)
	if err == nil {
		err = st.SaveRunRecord(ctx, out.Record())
	}
	if errors.Is(err, bh.ErrFamilyDeleted) {
		// The family's data was deleted while the council worked: its run
		// went with it, and nothing is left to mark failed.
		return Output{}, fmt.Errorf("council: run %s: %w", run.ID, err)
	}
	if err != nil {
		reason := "the council could not finish: " + bh.ErrorMessage(err)
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			reason = "interrupted before it finished"
		}
		c.log.WarnContext(ctx, "council: run failed", "run_id", run.ID, "version", run.Version, "err", err)
		// Record the failure even when ctx is what ended the run.
		if ferr := st.FailRun(context.WithoutCancel(ctx), run.TeamID, run.ID, reason); ferr != nil {
			return Output{}, errors.Join(err, ferr)
		}
		return Output{}, fmt.Errorf("council: run %s: %w", run.ID, err)
	}
	return out, nil
}

// Replay re-runs a stored run from its persisted context pack and settings
// and reports which outputs differ from what was stored (none, when the
// council is deterministic, as it must be).
func (c *Council) Replay(ctx context.Context, rec bh.RunRecord) (Output, []string, error) {
	pack := rec.Pack
	rc := c
	if rec.Run.Mode == "openai" || rec.Run.Mode == "multi" {
		// The model is not asked again: its stored answers are replayed.
		cp := *c
		m := newReplayModel(rec.Run.ID, rec.Messages)
		cp.planner, cp.judge = m, nil
		if rec.Run.Mode == "multi" {
			cp.judge = m
		}
		rc = &cp
	}
	out, err := rc.Run(ctx, Input{Run: rec.Run, Pack: &pack}, nil)
	if err != nil {
		return Output{}, nil, err
	}
	var diffs []string
	if step := FirstDifferentStep(rec.Tasks, out.Tasks); step != "" {
		diffs = append(diffs, step)
	}
	if !reflect.DeepEqual(normalizeProposals(out.Proposals), normalizeProposals(rec.Proposals)) {
		diffs = append(diffs, "proposals")
	}
	if !reflect.DeepEqual(out.Decision, rec.Decision) {
		diffs = append(diffs, "decision")
	}
	stored, _ := rec.Artifact(bh.ArtifactHandoff)
	if out.Handoff.Content != stored.Content {
		diffs = append(diffs, "handoff.md")
	}
	return out, diffs, nil
}

// FirstDifferentStep names the first task, in the graph's order, whose
// output hash differs between a stored run and its replay ("step
// plan_sleep_first (SleepPlanner): output …≠…"), and whether what it read
// differed too; "" when every hashed step matches. A task stored without
// a full hash (runs made before every step was hashed) is not compared.
func FirstDifferentStep(stored, replayed []bh.Task) string {
	again := map[string]bh.Task{}
	for _, t := range replayed {
		again[t.Name] = t
	}
	for _, t := range stored {
		was, now := t.Outputs["output_hash"], again[t.Name].Outputs["output_hash"]
		if len(was) != sha256Hex || was == now {
			continue
		}
		read := "from the same input"
		if t.Outputs["input_hash"] != again[t.Name].Outputs["input_hash"] {
			read = "from a different input"
		}
		return fmt.Sprintf("step %s (%s): output %s, now %s, %s", t.Name, t.Agent, Short(was), Short(now), read)
	}
	return ""
}

// sha256Hex is the length of a step's hash.
const sha256Hex = 64

// normalizeProposals puts times in UTC so a stored (UTC) and a fresh (local)
// proposal compare by instant.
func normalizeProposals(ps []bh.Proposal) []bh.Proposal {
	out := make([]bh.Proposal, len(ps))
	for i, p := range ps {
		q := p
		q.Blocks = nil
		for _, b := range p.Blocks {
			b.Start, b.End = b.Start.UTC(), b.End.UTC()
			q.Blocks = append(q.Blocks, b)
		}
		fix := func(items []bh.Item) []bh.Item {
			var r []bh.Item
			for _, it := range items {
				if it.Due != nil {
					d := it.Due.UTC()
					it.Due = &d
				}
				r = append(r, it)
			}
			return r
		}
		q.Top, q.Admin, q.RunningLow = fix(p.Top), fix(p.Admin), fix(p.RunningLow)
		out[i] = q
	}
	return out
}

// replayModel answers from a stored run's messages: each task's raw model
// answers (and failures), in the order they came.
type replayModel struct {
	mu      sync.Mutex
	answers map[string][]bh.Message
}

func newReplayModel(runID string, msgs []bh.Message) *replayModel {
	r := &replayModel{answers: map[string][]bh.Message{}}
	sorted := append([]bh.Message(nil), msgs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Seq < sorted[j].Seq })
	for _, m := range sorted {
		if k := m.Meta["kind"]; k == "model_answer" || k == "model_error" {
			task := strings.TrimPrefix(m.TaskID, runID+":")
			r.answers[task] = append(r.answers[task], m)
		}
	}
	return r
}

// replayedError is a stored failure, word for word.
type replayedError string

func (e replayedError) Error() string { return string(e) }

func (r *replayModel) Ask(_ context.Context, q Question) (Answer, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	list := r.answers[q.Task]
	if len(list) == 0 {
		return Answer{}, &ModelError{Attempts: 1, Err: errors.New("replay: no stored answer")}
	}
	m := list[0]
	r.answers[q.Task] = list[1:]
	if m.Meta["kind"] == "model_error" {
		return Answer{}, replayedError(m.Meta["error"])
	}
	return Answer{Text: m.Content, Provider: m.Meta["provider"], Model: m.Meta["model"], Attempts: 1}, nil
}
