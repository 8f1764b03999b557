package council

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// When the recent notes fill the budget but leave exactly what the oldest,
// shortest note costs, that note is still in the pack.
func TestAPackFillsToTheLastToken(t *testing.T) {
	at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	short := bh.Note{ID: "n00", Tag: bh.TagNote, Text: "k", CreatedAt: at.Add(-72 * time.Hour)}
	notes := []bh.Note{short}
	long := strings.Repeat("pick up the prescription at the pharmacy ", 3)
	for i := 1; i <= 40; i++ {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("n%03d", i), Tag: bh.TagTask, Text: long, CreatedAt: at.Add(time.Duration(i) * time.Minute)})
	}
	cost := func(n bh.Note) int {
		return EstimateTokens(packLine(bh.LogRef{LogID: n.ID, Kind: n.Tag, Text: n.Text})) + 1
	}
	require.Equal(t, lineTokensAtLeast(short.ID, short.Tag), cost(short), "the short note costs the least a line can")
	// Ten long notes, then exactly the short one's cost; no long note is
	// cut into that room (less than 40 characters of text would fit).
	budget := EstimateTokens(packHeader) + 10*cost(notes[1]) + cost(short)
	p := BuildPack("r", "s", notes, nil, nil, budget, at)
	assert.Len(t, p.IncludedLogIDs, 11)
	assert.Equal(t, short.ID, p.IncludedLogIDs[0], "oldest first, and there")
}

// A budget smaller than the header alone, with no health note, is not
// "0 health notes kept whole past the budget": the summary only says that
// of health notes there are.
func TestATinyBudgetWithNoHealthNote(t *testing.T) {
	at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	notes := []bh.Note{{ID: "n1", Tag: bh.TagTask, Text: "call grandma", CreatedAt: at.Add(-time.Hour)}}
	budget := EstimateTokens(packHeader) - 5
	p := BuildPack("r", "s", notes, nil, nil, budget, at)
	require.Greater(t, p.TokenEstimate, budget, "the header alone is past the budget")
	assert.Empty(t, p.IncludedLogIDs)
	assert.NotContains(t, p.Summary, "health note")
	assert.Equal(t, "1 notes in the shift; 1 older notes left out to fit the token budget.", p.Summary)

	withHealth := BuildPack("r", "s", append(notes, bh.Note{ID: "h", Tag: bh.TagNote, Text: "fever 39", CreatedAt: at.Add(-time.Hour)}), nil,
		map[string]bool{"h": true}, budget, at)
	assert.Contains(t, withHealth.Summary, fmt.Sprintf("The 1 health note is kept whole past the %d-token budget.", budget))
}

// BenchmarkBuildPackMonths is a pack from a shift of three months (1,200
// open notes): go test ./council -run x -bench BuildPack.
func BenchmarkBuildPackMonths(b *testing.B) {
	at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	var notes []bh.Note
	for i := 0; i < 1200; i++ {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("6560a1b2c3d4e5f6a7b8%04d", i), Tag: bh.Tags[i%len(bh.Tags)],
			Text: "slept 2 hours straight after the 6am feed", CreatedAt: at.Add(-time.Duration(i) * 30 * time.Minute)})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		BuildPack("r", "s", notes, nil, nil, DefaultTokenBudget, at)
	}
}

// A pack's note carries the stored reading of its note only while it
// carries that note's words, tag and time: a cut text, another tag or a
// note never read is read again.
func TestPackNotesKeepTheirReading(t *testing.T) {
	at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	read := bh.Reading{Version: 4, Zone: "UTC", Kind: bh.TagTask, Title: "call daycare"}
	notes := []bh.Note{
		{ID: "same", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at, Reading: read},
		{ID: "cut", Text: "call daycare about the form", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at, Reading: read},
		{ID: "retagged", Text: "call daycare", Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at, Reading: read},
		{ID: "unread", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
	}
	pack := []bh.Note{
		{ID: "same", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
		{ID: "cut", Text: "call daycare…", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
		{ID: "retagged", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
		{ID: "unread", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
		{ID: "gone", Text: "call daycare", Tag: bh.TagTask, TagSource: bh.TagByInferred, CreatedAt: at},
	}
	got := map[string]int{}
	for _, n := range withReadings(pack, notes) {
		got[n.ID] = n.Reading.Version
	}
	assert.Equal(t, map[string]int{"same": 4, "cut": 0, "retagged": 0, "unread": 0, "gone": 0}, got)
}
