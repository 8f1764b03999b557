package council

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// This file: a run made by editing its parent's plan (bh.Apply), stored as
// a version of its own, without planning again.

// editSituation is the situation of run's plan as its planners saw it:
// the same facts, window and night.
func editSituation(run bh.Run, pack bh.ContextPack) (situation, []bh.Fact) {
	loc := run.Location(time.UTC)
	facts := normalize.Notes(notesFromPack(pack), loc, run.Now)
	s := newSituation(facts, loc, run.Now, run.Start(), time.Duration(run.HorizonH)*time.Hour, run.Energy, run.For)
	if len(run.Rest) == 0 {
		s.setNight(run.Quiet)
	}
	return s, facts
}

// Waiting is what run's plan with blocks leaves for later and an edit may
// add (bh.AddItem): the open deadlines, supplies and tasks of its pack no
// block does, most urgent first, each with the op that adds it.
func Waiting(run bh.Run, pack bh.ContextPack, blocks []bh.Block) []WaitingItem {
	s, _ := editSituation(run, pack)
	var out []WaitingItem
	for _, w := range unplaced(&s, blocks) {
		if w.title == "" || w.medical {
			continue
		}
		title, stamps := blockTitle(w)
		it := bh.Item{Text: title, NoteIDs: w.noteIDs, Due: w.due, Stamps: stamps}
		kind := w.kind
		if kind == "" || kind == bh.KindCare || kind == bh.KindCommitment {
			kind = "home"
		}
		dur := w.dur
		if dur <= 0 {
			dur = defaultTaskTime
		}
		out = append(out, WaitingItem{Item: it, Op: bh.AddItem(it, kind, roundUp(dur))})
	}
	return out
}

// WaitingItem is an item a plan leaves for later and the op that adds it.
type WaitingItem struct {
	Item bh.Item
	Op   bh.PlanOp
}

// Edited is the output of run, made by an edit of parent's plan (its
// Edit, or a version brought back): the parent's proposals and decision,
// the winner's blocks replaced by blocks and its lists that follow from
// them (Top, Now) made again as its planner makes them; handoff.md and
// the transcript written for the new version. Nothing is planned again.
func Edited(parent bh.RunRecord, run bh.Run, blocks []bh.Block) Output {
	loc := run.Location(time.UTC)
	pack := parent.Pack
	pack.ID, pack.RunID = run.ID+":pack", run.ID
	s, facts := editSituation(run, pack)
	dec := parent.Decision
	dec.ID, dec.RunID = run.ID+":decision", run.ID
	props := make([]bh.Proposal, len(parent.Proposals))
	var winner bh.Proposal
	for i, p := range parent.Proposals {
		p.ID, p.RunID = run.ID+":"+string(p.Archetype), run.ID
		if p.Archetype == dec.Winner {
			p.Blocks = stamped(&s, blocks)
			p.Top = topFive(&s, p.Blocks, unplaced(&s, p.Blocks))
			p.Now = nowList(&s, p.Blocks)
			winner = p
		}
		props[i] = p
	}
	run.Status = bh.StatusCompleted
	run.StartedAt, run.FinishedAt = run.CreatedAt, run.CreatedAt
	handoff := bh.Artifact{ID: run.ID + ":handoff", RunID: run.ID, Kind: bh.ArtifactHandoff, Name: fmt.Sprintf("handoff-v%d.md", run.Version),
		Content: Handoff(run, pack, facts, winner, dec, loc), CreatedAt: run.CreatedAt.UTC()}
	what := "edited"
	if run.Edit != nil && len(run.Edit.Ops) == 0 {
		what = "brought back"
	}
	ev := bh.Event{ID: run.ID + ":e001", TeamID: run.TeamID, ShiftID: run.ShiftID, RunID: run.ID, At: run.CreatedAt.UTC(),
		Agent: AgentCoordinator, Type: "run_edited", Text: fmt.Sprintf("v%d %s: %s", run.Version, what, run.Change)}
	if run.Edit != nil && run.Edit.By != "" {
		ev.Text += " (by " + run.Edit.By + ")"
	}
	out := Output{Run: run, Pack: pack, Facts: facts, Proposals: props, Decision: dec, Handoff: handoff, Events: []bh.Event{ev}}
	out.Council = bh.Artifact{ID: run.ID + ":council", RunID: run.ID, Kind: bh.ArtifactTranscript, Name: fmt.Sprintf("council-v%d.md", run.Version),
		Content: Transcript(run, pack, nil, nil, out.Events), CreatedAt: run.CreatedAt.UTC()}
	return out
}

// stamped is blocks, each added one (an op carries no stamps) with the
// times its title writes, as its planner would have stamped it.
func stamped(s *situation, blocks []bh.Block) []bh.Block {
	out := append([]bh.Block(nil), blocks...)
	for i, b := range out {
		if len(b.Stamps) > 0 || len(b.NoteIDs) == 0 {
			continue
		}
		for _, ws := range [][]work{s.deadlines, s.tasks, s.restock} {
			for _, w := range ws {
				if title, st := blockTitle(w); w.noteIDs[0] == b.NoteIDs[0] && title == b.Title {
					out[i].Stamps = st
				}
			}
		}
	}
	return out
}

// SaveEdit stores the run an edit of parent makes (run from bh.EditRun,
// blocks from bh.Apply): it gets its id and version, then its record, in
// the store. A failed write leaves the run failed with its reason.
func SaveEdit(ctx context.Context, st Store, parent bh.RunRecord, run bh.Run, blocks []bh.Block) (Output, error) {
	created, err := st.CreateRun(ctx, run)
	if err != nil {
		return Output{}, err
	}
	out := Edited(parent, created, blocks)
	if err := st.SaveRunRecord(ctx, out.Record()); err != nil {
		if ferr := st.FailRun(context.WithoutCancel(ctx), created.TeamID, created.ID, "the edit could not be saved: "+bh.ErrorMessage(err)); ferr != nil {
			return Output{}, fmt.Errorf("council: edit %s: %w (and %v)", created.ID, err, ferr)
		}
		return Output{}, fmt.Errorf("council: edit %s: %w", created.ID, err)
	}
	return out, nil
}

// RunKind is why a version was made, as Versions… lists it: "plan",
// "what-if", "edit", "back to an older version" or "handoff".
func RunKind(r bh.Run) string {
	switch {
	case r.Edit != nil && len(r.Edit.Ops) == 0:
		return "version brought back"
	case r.Edit != nil:
		return "edit"
	case len(r.Rest) > 0 || r.For != "" && r.CardTS == "":
		return "handoff"
	case r.ParentRunID != "":
		return "what-if"
	}
	return "plan"
}

// BackTo is the change of a run that brings version v's plan back.
func BackTo(v int, why string) string {
	return strings.TrimSpace(fmt.Sprintf("back to v%d's plan %s", v, why))
}

// ReplayEdit makes an edited run (rec, with its Edit) again from its
// stored parent: its ops applied to the parent's plan (none: the parent's
// plan brought back), and reports which outputs differ from what was
// stored, as Replay does for a run the council made.
func ReplayEdit(parent, rec bh.RunRecord) (Output, []string, error) {
	e := rec.Run.Edit
	if e == nil || rec.Run.ParentRunID != parent.Run.ID {
		return Output{}, nil, bh.Errorf(bh.EINVALID, "council: run %s is not an edit of run %s", rec.Run.ID, parent.Run.ID)
	}
	bs := parent.Winner().Blocks
	var diffs []string
	if len(e.Ops) > 0 {
		var ch bh.Change
		var err error
		bs, ch, err = bh.ApplyChange(bs, e.Ops, EditRules(parent.Run, parent.Pack))
		if err != nil {
			return Output{}, nil, fmt.Errorf("council: replay edit %s: %w", rec.Run.ID, err)
		}
		if ch.Text != rec.Run.Change {
			diffs = append(diffs, "change")
		}
	}
	out := Edited(parent, rec.Run, bs)
	if !reflect.DeepEqual(normalizeProposals(out.Proposals), normalizeProposals(rec.Proposals)) {
		diffs = append(diffs, "proposals")
	}
	if !reflect.DeepEqual(out.Decision, rec.Decision) {
		diffs = append(diffs, "decision")
	}
	if stored, _ := rec.Artifact(bh.ArtifactHandoff); out.Handoff.Content != stored.Content {
		diffs = append(diffs, "handoff.md")
	}
	return out, diffs, nil
}
