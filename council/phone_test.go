package council_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// The phone a handoff.md is read on at 3 AM: 40 characters a row, 30 rows
// a screen, as a Markdown viewer shows it (links as their words, no marks).
const phoneCols, phoneRows = 40, 30

var (
	mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	// clockTime is a time of day with its AM/PM (or a note's own "pm").
	clockTime = regexp.MustCompile(`\d{1,2}:\d{2}( ?[AP]M|[ap]m|–)?`)
	mdMarks   = strings.NewReplacer("**", "", "## ", "", "# ", "", "- [ ] ", "☐ ", "- [x] ", "☑ ", "\\", "")
)

// screenRows is each line of md as rows on the phone: wrapped at
// phoneCols, a blank line one row.
func screenRows(md string) []string {
	var rows []string
	for _, line := range strings.Split(strings.TrimRight(md, "\n"), "\n") {
		line = mdMarks.Replace(mdLink.ReplaceAllString(line, "$1"))
		n := max(1, (utf8.RuneCountInString(line)+phoneCols-1)/phoneCols)
		for i := 0; i < n; i++ {
			rows = append(rows, line)
		}
	}
	return rows
}

// The evening of the family story, handed to Sam at 9:45 PM and read at
// 3 AM on a 12-hour phone: two screens at most; the first holds who is on,
// the health notes, what to do now and the next three hours; no front
// matter first, no escape a viewer would show, no 24-hour time, no note's
// number.
func TestHandoffForThreeAMFitsTwoPhoneScreens(t *testing.T) {
	tue2140 := time.Date(2026, 11, 24, 21, 40, 0, 0, councilTZ)
	var notes []bh.Note
	for i, text := range []string{
		"out of formula", "baby 38.4 fever since 6pm", "daycare form due tomorrow 5pm", "slept 2h",
		"wipes < 1 day", "bottle at 11pm", "pay pediatrician bill by 11:55pm", "call grandma tomorrow",
	} {
		notes = append(notes, bh.Note{ID: string(rune('a' + i)), TeamID: "T1", ShiftID: "s1", ChannelID: "DU1", UserID: "U1", Text: text, RawText: text,
			Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: tue2140, Rev: 1})
	}
	now := tue2140.Add(5 * time.Minute)
	run := bh.Run{ID: "r2", TeamID: "T1", ShiftID: "s1", Version: 2, Energy: bh.EnergyAuto, HorizonH: 10, TZ: "America/New_York",
		TokenBudget: 4000, Now: now, Mode: "heuristic", RequestedBy: "U1", For: "U2", ForName: "Sam", ForUntil: now.Add(10 * time.Hour),
		Clock: bh.Clock12}
	if rs, re, ok := bh.DefaultNightHours.RestIn(run.Start(), run.ForUntil, councilTZ); ok {
		run.Rest = []bh.Rest{{UserID: "U1", Name: "Maya", Start: rs, End: re}}
	}
	out, err := newCouncil(t).Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	h := out.Handoff.Content

	rows := screenRows(h)
	assert.LessOrEqual(t, len(rows), 2*phoneRows, "two phone screens at most:\n%s", strings.Join(rows, "\n"))
	first := strings.Join(rows[:min(phoneRows, len(rows))], "\n")
	for _, want := range []string{"Who's on", "Sam, until Wed 7:45 AM", "Maya sleeps 10 PM–Wed 6 AM", "Health notes", "38.4 fever", "Do now", "Next 3 hours"} {
		assert.Contains(t, first, want, "on the first screen")
	}
	assert.True(t, strings.HasPrefix(h, "# Handoff v2"), "no front matter first")
	assert.Contains(t, h, "“wipes < 1 day”", "no escape where a reader acts on nothing")
	assert.NotContains(t, h, `\<`)
	for _, m := range clockTime.FindAllStringSubmatch(h, -1) {
		assert.NotEmpty(t, m[1], "%q: 12-hour times only", m[0])
	}
	assert.Regexp(t, `\*\*\d{1,2}(:\d{2})?–\d{1,2}(:\d{2})? [AP]M\*\*`, h, "the plan's blocks on a 12-hour clock")
	assert.NotRegexp(t, `note \d`, h)
	assert.NotContains(t, h, "window · rest", "a rest block is not called rest twice (a row on the phone)")

	// The same run on a 24-hour clock: the same file, times as before.
	run.Clock = bh.Clock24
	out24, err := newCouncil(t).Run(context.Background(), council.Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	assert.Contains(t, out24.Handoff.Content, "- Sam, until Wed 07:45\n")
}
