package council

import (
	"fmt"
	"sort"

	"github.com/aymanbagabas/go-udiff"

	bh "github.com/babyhandoff/babyhandoff"
)

// Diff compares a run with its what-if child: did the winner change, which
// blocks of the winning plan were added, removed or moved, and the unified
// diff of handoff.md. Blocks are matched by title.
func Diff(from, to Output) bh.RunDiff {
	d := bh.RunDiff{FromVersion: from.Run.Version, ToVersion: to.Run.Version, Change: to.Run.Change,
		WinnerBefore: from.Decision.Winner, WinnerAfter: to.Decision.Winner}
	before := map[string]bh.Block{}
	for _, b := range from.Winner().Blocks {
		before[b.Title] = b
	}
	after := map[string]bh.Block{}
	for _, b := range to.Winner().Blocks {
		after[b.Title] = b
		old, ok := before[b.Title]
		switch {
		case !ok:
			d.BlocksAdded = append(d.BlocksAdded, b)
		case !old.Start.Equal(b.Start) || !old.End.Equal(b.End):
			d.BlocksMoved = append(d.BlocksMoved, bh.BlockMove{Title: b.Title, From: old.Start, To: b.Start})
		}
	}
	for _, b := range from.Winner().Blocks {
		if _, ok := after[b.Title]; !ok {
			d.BlocksRemoved = append(d.BlocksRemoved, b)
		}
	}
	sort.SliceStable(d.BlocksRemoved, func(i, j int) bool { return d.BlocksRemoved[i].Start.Before(d.BlocksRemoved[j].Start) })
	d.UnifiedDiff = udiff.Unified(fmt.Sprintf("handoff-v%d.md", from.Run.Version), fmt.Sprintf("handoff-v%d.md", to.Run.Version),
		from.Handoff.Content, to.Handoff.Content)
	return d
}
