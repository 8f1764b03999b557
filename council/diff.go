package council

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/aymanbagabas/go-udiff"

	bh "github.com/babyhandoff/babyhandoff"
)

// Diff compares a run with its what-if child: did the winner change, which
// blocks of the winning plan were added, removed or moved, and the unified
// diff of handoff.md. Blocks are matched by title.
func Diff(from, to Output) bh.RunDiff {
	d := bh.RunDiff{FromVersion: from.Run.Version, ToVersion: to.Run.Version, Change: to.Run.Change,
		ChangeStamps: to.Run.ChangeStamps, WinnerBefore: from.Decision.Winner, WinnerAfter: to.Decision.Winner}
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
			d.BlocksMoved = append(d.BlocksMoved, bh.BlockMove{Title: b.Title, From: old.Start, To: b.Start, Stamps: b.Stamps})
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

// DiffArtifact stores a what-if's diff as Markdown: what changed, then the
// unified diff of handoff.md.
func DiffArtifact(d bh.RunDiff, to bh.Run) bh.Artifact {
	var b strings.Builder
	fmt.Fprintf(&b, "# v%d → v%d\n\n", d.FromVersion, d.ToVersion)
	if d.Change != "" {
		fmt.Fprintf(&b, "Changed: %s\n\n", MarkdownText(d.Change))
	}
	// Both plans in the run's zone: the parent's times come back from the
	// store in UTC, the new plan's are local.
	loc := to.Location(time.UTC)
	c := to.Clock
	at := func(t time.Time) string { return c.Format(t.In(loc), "15:04") }
	fmt.Fprintf(&b, "Times in %s.\n\n", bh.ZoneName(loc, to.Now))
	if d.WinnerChanged() {
		fmt.Fprintf(&b, "Winner: %s → %s\n\n", d.WinnerBefore.Label(), d.WinnerAfter.Label())
	} else {
		fmt.Fprintf(&b, "Winner: %s (unchanged)\n\n", d.WinnerAfter.Label())
	}
	for _, x := range d.BlocksAdded {
		fmt.Fprintf(&b, "- added: %s %s\n", at(x.Start), MarkdownText(c.Restamp(x.Title, x.Stamps, loc)))
	}
	for _, x := range d.BlocksRemoved {
		fmt.Fprintf(&b, "- removed: %s %s\n", at(x.Start), MarkdownText(c.Restamp(x.Title, x.Stamps, loc)))
	}
	for _, m := range d.BlocksMoved {
		fmt.Fprintf(&b, "- moved: %s %s → %s\n", MarkdownText(c.Restamp(m.Title, m.Stamps, loc)), at(m.From), at(m.To))
	}
	b.WriteString("\n```diff\n" + d.UnifiedDiff + "```\n")
	return bh.Artifact{ID: to.ID + ":diff", RunID: to.ID, Kind: bh.ArtifactDiff, Name: fmt.Sprintf("handoff-v%d-to-v%d.diff.md", d.FromVersion, d.ToVersion),
		Content: b.String(), CreatedAt: to.Now.UTC()}
}
