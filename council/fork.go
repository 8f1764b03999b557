package council

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a what-if made from its parent's context pack with some
// inputs changed (bh.ForkRun), and its replay from that parent.

// ForkPack is the pack a what-if plans from: its parent's, without the
// notes its changes leave out or mark done. Its ids are the caller's
// (Execute gives them). Nothing left out: the parent's pack as it is.
func ForkPack(parent bh.ContextPack, changes []bh.InputChange) bh.ContextPack {
	out := bh.LeftOut(changes)
	p := parent
	if len(out) == 0 {
		return p
	}
	p.LogRefs, p.IncludedLogIDs = nil, nil
	var text strings.Builder
	text.WriteString(packHeader)
	gone := 0
	for _, r := range parent.LogRefs {
		if out[r.LogID] {
			gone++
			continue
		}
		p.LogRefs = append(p.LogRefs, r)
		p.IncludedLogIDs = append(p.IncludedLogIDs, r.LogID)
		text.WriteString(packLine(r))
		text.WriteByte('\n')
	}
	p.CompiledText = text.String()
	p.TokenEstimate = EstimateTokens(p.CompiledText)
	if gone > 0 {
		p.Summary += fmt.Sprintf(" This what-if plans without %s.", plural(gone, "note", "notes"))
	}
	return p
}

// ExactFork reports whether run is a what-if made from parent's pack and
// clock (a fresh card's what-if): ReplayFork makes it again from parent.
// A what-if of a card whose window had run, or a /plan that forked the
// latest run, read the notes afresh: it replays from its own pack.
func ExactFork(parent, run bh.Run) bool {
	return len(run.WhatIf) > 0 && run.ParentRunID == parent.ID && !run.ReadNotes
}

// ReplayFork makes a what-if (rec, with its WhatIf) again from its stored
// parent: parent's run with the changes applied (bh.ForkRun) and parent's
// pack without the notes they leave out (ForkPack), planned again; and
// reports what differs from what was stored, the settings and the pack
// first, then as Replay does.
func (c *Council) ReplayFork(ctx context.Context, parent, rec bh.RunRecord) (Output, []string, error) {
	if !ExactFork(parent.Run, rec.Run) {
		return Output{}, nil, bh.Errorf(bh.EINVALID, "council: run %s is not a what-if made from run %s's pack", rec.Run.ID, parent.Run.ID)
	}
	run, err := bh.ForkRun(parent.Run, rec.Run.WhatIf, parent.Run.Location(time.UTC))
	if err != nil {
		return Output{}, nil, fmt.Errorf("council: replay what-if %s: %w", rec.Run.ID, err)
	}
	var diffs []string
	run.Mode = rec.Run.Mode // a what-if plans in the mode of its day
	if !reflect.DeepEqual(settingsOf(run), settingsOf(rec.Run)) || run.Only != rec.Run.Only || run.Change != rec.Run.Change {
		diffs = append(diffs, "settings")
	}
	// The replay runs on the stored run (its id, version and trace), with
	// the settings the change makes.
	again := rec.Run
	again.Energy, again.From, again.HorizonH, again.Quiet, again.Only = run.Energy, run.From, run.HorizonH, run.Quiet, run.Only
	pack := ForkPack(parent.Pack, rec.Run.WhatIf)
	pack.ID, pack.RunID = rec.Pack.ID, rec.Pack.RunID
	if !reflect.DeepEqual(pack, rec.Pack) {
		diffs = append(diffs, "context pack")
	}
	stored := rec
	stored.Run, stored.Pack = again, pack
	// Replay compares what it makes with the record as it was saved.
	out, more, err := c.Replay(ctx, stored)
	if err != nil {
		return Output{}, nil, err
	}
	return out, append(diffs, more...), nil
}
