package planfile

import (
	"strconv"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// parse reads a calendar back with the library that wrote it.
func parse(t *testing.T, a bh.Artifact) *ics.Calendar {
	t.Helper()
	cal, err := ics.ParseCalendar(strings.NewReader(a.Content))
	require.NoError(t, err)
	return cal
}

func prop(c interface {
	GetProperty(ics.ComponentProperty) *ics.IANAProperty
}, p ics.ComponentProperty) string {
	if v := c.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

func calProp(cal *ics.Calendar, p ics.Property) string {
	for _, cp := range cal.CalendarProperties {
		if cp.IANAToken == string(p) {
			return cp.Value
		}
	}
	return ""
}

// split sorts a calendar's events into the blocks' and the deadlines'.
func split(cal *ics.Calendar) (blocks, dues []*ics.VEvent) {
	for _, ev := range cal.Events() {
		if strings.Contains(ev.Id(), "-due-") {
			dues = append(dues, ev)
		} else {
			blocks = append(blocks, ev)
		}
	}
	return blocks, dues
}

func TestCalendarArtifact(t *testing.T) {
	in := fixture()
	a, err := Calendar(in)
	require.NoError(t, err)
	assert.Equal(t, bh.Artifact{RunID: "r2", Kind: bh.ArtifactCalendar, Name: "plan-v2.ics", Content: a.Content, CreatedAt: monday16}, a)
}

func TestCalendarBlocksComeBack(t *testing.T) {
	in := fixture()
	a, err := Calendar(in)
	require.NoError(t, err)
	blocks, _ := split(parse(t, a))
	require.Len(t, blocks, len(in.Plan.Blocks))
	for i, b := range in.Plan.Blocks {
		ev := blocks[i]
		assert.Regexp(t, `^bh-[0-9a-z]+-block-[0-9a-z]+@babyhandoff$`, ev.Id())
		assert.Equal(t, "2", prop(ev, ics.ComponentPropertySequence), "the version")
		assert.Equal(t, b.Title, prop(ev, ics.ComponentPropertySummary))
		assert.Equal(t, b.Kind, prop(ev, ics.ComponentPropertyCategories))
		start, err := ev.GetStartAt()
		require.NoError(t, err)
		end, err := ev.GetEndAt()
		require.NoError(t, err)
		assert.True(t, b.Start.Equal(start), "block %d starts %v, not %v", i, start, b.Start)
		assert.True(t, b.End.Equal(end), "block %d ends %v, not %v", i, end, b.End)
		stamp, err := ev.GetDtStampTime()
		require.NoError(t, err)
		assert.True(t, monday16.Equal(stamp))
		desc := prop(ev, ics.ComponentPropertyDescription)
		assert.Contains(t, desc, "Kind: "+b.Kind)
		for _, id := range b.NoteIDs {
			assert.Contains(t, desc, "“"+in.Labels[id]+"”", "the note by its words")
			if l := in.Links[id]; l != "" {
				assert.Contains(t, desc, "“"+in.Labels[id]+"”: "+l)
			}
		}
	}
}

func TestCalendarLinks(t *testing.T) {
	in := fixture()
	in.Links["bad"] = "javascript:alert(1)"
	in.Links["n8"] = "https://example.com/a b" // a space: not a link a content line can hold
	in.Plan.Blocks[5].NoteIDs = []string{"bad"}
	a, err := Calendar(in)
	require.NoError(t, err)
	blocks, dues := split(parse(t, a))
	tests := []struct {
		name string
		ev   *ics.VEvent
		url  string
	}{
		{"the first note has a link", blocks[0], in.Links["n3"]},
		{"the only note has a link", blocks[1], in.Links["n2"]},
		{"no notes", blocks[2], ""},
		{"a note without a link", blocks[3], ""},
		{"not http", blocks[5], ""},
		{"not a whole link", blocks[6], ""},
		{"a deadline", dues[1], in.Links["n3"]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.url, prop(tt.ev, ics.ComponentPropertyUrl))
			assert.NotContains(t, prop(tt.ev, ics.ComponentPropertyDescription), "javascript:")
		})
	}
	// Block 0's notes are n3 (linked) and n4 (not): both named, one link.
	desc := prop(blocks[0], ics.ComponentPropertyDescription)
	assert.Contains(t, desc, "From notes: “Pick up diapers +”, “Wipes running low; diaper”")
	assert.Contains(t, desc, "“Pick up diapers +”: "+in.Links["n3"])
	assert.NotContains(t, desc, "diaper”: ")
}

// A calendar names no store id: the run's and the notes' ids (24 hex
// digits, as the store makes them) are neither in the UIDs nor in the
// descriptions; a note without a label is "a note".
func TestCalendarWritesNoIDs(t *testing.T) {
	const runID, noteA, noteB = "6744d2b1c0ffee0123456789", "6744d2b1c0ffee0123456790", "6744d2b1c0ffee0123456791"
	in := fixture()
	in.Run.ID = runID
	in.Plan.Blocks[0].NoteIDs = []string{noteA, noteB}
	in.Plan.Admin[0].NoteIDs = []string{noteA}
	in.Links = map[string]string{noteA: "https://babyhandoff.slack.com/archives/D1/p1763900000000300"}
	in.Labels = map[string]string{noteA: "out of formula"}
	a, err := Calendar(in)
	require.NoError(t, err)
	unfolded := strings.ReplaceAll(a.Content, "\r\n ", "")
	assert.NotRegexp(t, `[0-9a-f]{24}`, unfolded)
	assert.Contains(t, unfolded, `From notes: “out of formula”\, a note`)
	again, err := Calendar(in)
	require.NoError(t, err)
	assert.Equal(t, a.Content, again.Content, "the same UIDs for the same run")
	in.Run.ID = noteB
	later, err := Calendar(in)
	require.NoError(t, err)
	assert.Equal(t, a.Content, later.Content, "another run of the shift: the same items, the same UIDs")
	in.Run.ShiftID = "s2"
	other, err := Calendar(in)
	require.NoError(t, err)
	assert.NotEqual(t, uidsOf(parse(t, a)), uidsOf(parse(t, other)), "another shift, other UIDs")
}

func uidsOf(cal *ics.Calendar) []string {
	var out []string
	for _, ev := range cal.Events() {
		out = append(out, ev.Id())
	}
	return out
}

// A calendar that imports plan v1 and then v2 (an edit: a block moved, one
// dropped, the night shorter) holds each item once, as v2 has it: every
// event of v2 updates v1's of the same item (same UID, higher SEQUENCE).
// It keeps v1's dropped block: a PUBLISH file only adds and updates.
func TestCalendarVersionsUpdateNotDouble(t *testing.T) {
	v1 := fixture()
	v1.Run.ID, v1.Run.Version = "r1", 1
	v2 := fixture()
	v2.Run.ID, v2.Run.Version, v2.Run.ParentRunID = "r2", 2, "r1"
	v2.Run.CreatedAt = monday16.Add(10 * time.Minute)
	focus := v2.Plan.Blocks[4]
	edited, err := bh.Apply(v2.Plan.Blocks, []bh.PlanOp{bh.Drop(v2.Plan.Blocks[5]), bh.MoveBy(focus, bh.EditStep)},
		bh.PlanRules{Start: at(0, 0), End: at(12, 0), Loc: newYork})
	require.NoError(t, err)
	v2.Plan.Blocks = edited

	a1, err := Calendar(v1)
	require.NoError(t, err)
	a2, err := Calendar(v2)
	require.NoError(t, err)
	cal1, cal2 := parse(t, a1), parse(t, a2)

	// A calendar's import: an event replaces the one of its UID when its
	// SEQUENCE is higher.
	held := map[string]*ics.VEvent{}
	for _, cal := range []*ics.Calendar{cal1, cal2} {
		for _, ev := range cal.Events() {
			if old, ok := held[ev.Id()]; ok {
				require.Greater(t, seqOf(t, ev), seqOf(t, old), "v2 updates %s", prop(ev, ics.ComponentPropertySummary))
			}
			held[ev.Id()] = ev
		}
	}
	assert.Len(t, cal1.Events(), len(held), "no item twice: v2's events are all v1's items")
	assert.Len(t, cal2.Events(), len(held)-1, "v2 has one block less")
	for _, ev := range cal2.Events() {
		assert.Equal(t, 2, seqOf(t, ev))
		stamp, err := ev.GetDtStampTime()
		require.NoError(t, err)
		assert.True(t, v2.Run.CreatedAt.Equal(stamp), "stamped when the edit was made")
	}
	var moved *ics.VEvent
	for _, ev := range held {
		if prop(ev, ics.ComponentPropertySummary) == focus.Title {
			moved = ev
		}
	}
	require.NotNil(t, moved)
	start, err := moved.GetStartAt()
	require.NoError(t, err)
	assert.True(t, focus.Start.Add(bh.EditStep).Equal(start), "the moved block at its new time")
}

// seqOf is an event's SEQUENCE as the number a calendar compares ("10"
// is after "9").
func seqOf(t *testing.T, ev *ics.VEvent) int {
	t.Helper()
	n, err := strconv.Atoi(prop(ev, ics.ComponentPropertySequence))
	require.NoError(t, err)
	return n
}

// Each night's plan is its own: importing Tuesday's plan (v10) after
// Monday's (v9) keeps Monday's note-less blocks and deadlines where they
// were rather than moving them to Tuesday.
func TestCalendarNightsDoNotMoveEachOther(t *testing.T) {
	night := func(id string, version, day int) Input {
		in := fixture()
		in.Run.ID, in.Run.Version = id, version
		d := time.Duration(day) * 24 * time.Hour
		in.Run.Now = monday16.Add(d)
		in.Plan = bh.Proposal{Blocks: []bh.Block{
			{Start: at(4, 30).Add(d), End: at(4, 45).Add(d), Title: "Buffer", Kind: "buffer"},
			{Start: at(6, 0).Add(d), End: at(15, 0).Add(d), Title: "Night sleep (quiet hours)", Kind: "rest"},
		}, Admin: []bh.Item{{Text: "Pay daycare", Due: ptr(at(2, 0).Add(d))}}}
		return in
	}
	held := map[string]*ics.VEvent{}
	for _, in := range []Input{night("r9", 9, 0), night("r10", 10, 1)} {
		a, err := Calendar(in)
		require.NoError(t, err)
		for _, ev := range parse(t, a).Events() {
			if old, ok := held[ev.Id()]; ok {
				require.Greater(t, seqOf(t, ev), seqOf(t, old))
			}
			held[ev.Id()] = ev
		}
	}
	assert.Len(t, held, 6, "both nights' buffer, sleep and deadline")
}

func TestCalendarDeadlines(t *testing.T) {
	in := fixture()
	a, err := Calendar(in)
	require.NoError(t, err)
	_, dues := split(parse(t, a))
	// n9 (Now, already past), n3 (in Top and in Admin: once), n2 (after the
	// window, and planned as a block too: still its own event).
	want := []struct {
		summary string
		due     time.Time
	}{
		{"Due: Get formula — out since 15:00", at(0, -15)},
		{"Due: Pick up diapers + wipes today", at(7, 59)},
		{"Due: Submit daycare deposit form", at(25, 0)},
	}
	require.Len(t, dues, len(want))
	for i, w := range want {
		ev := dues[i]
		assert.Equal(t, w.summary, prop(ev, ics.ComponentPropertySummary))
		assert.Equal(t, "deadline", prop(ev, ics.ComponentPropertyCategories))
		start, err := ev.GetStartAt()
		require.NoError(t, err)
		end, err := ev.GetEndAt()
		require.NoError(t, err)
		assert.True(t, w.due.Equal(start), "%s at %v", w.summary, start)
		assert.Equal(t, 15*time.Minute, end.Sub(start))
		alarms := ev.Alarms()
		require.Len(t, alarms, 1, w.summary)
		assert.Equal(t, "-PT30M", prop(alarms[0], ics.ComponentPropertyTrigger))
		assert.Equal(t, "DISPLAY", prop(alarms[0], ics.ComponentPropertyAction))
		assert.Equal(t, w.summary, prop(alarms[0], ics.ComponentPropertyDescription))
	}
}

func TestCalendarHeader(t *testing.T) {
	tests := []struct {
		tz, want string
	}{
		{"America/New_York", "America/New_York"},
		{"Asia/Kolkata", "Asia/Kolkata"},
		{"", "UTC"},
		{"Not/AZone", "UTC"}, // the run planned in UTC then too
	}
	for _, tt := range tests {
		t.Run(tt.want+"/"+tt.tz, func(t *testing.T) {
			in := fixture()
			in.Run.TZ = tt.tz
			a, err := Calendar(in)
			require.NoError(t, err)
			cal := parse(t, a)
			assert.Equal(t, tt.want, calProp(cal, ics.PropertyXWRTimezone))
			assert.Equal(t, "BabyHandoff plan v2", calProp(cal, ics.PropertyXWRCalName))
			assert.Equal(t, "-//BabyHandoff//plan//EN", calProp(cal, ics.PropertyProductId))
			assert.Equal(t, "2.0", calProp(cal, ics.PropertyVersion))
			assert.Equal(t, "PUBLISH", calProp(cal, ics.PropertyMethod))
		})
	}
}

// TestCalendarIsRFC5545Text checks the file's lines as RFC 5545 (3.1) has
// them: CRLF, at most 75 octets, folded with a space, whole UTF-8 on each.
func TestCalendarIsRFC5545Text(t *testing.T) {
	in := fixture()
	in.Plan.Blocks[0].Title = strings.Repeat("crème brûlée 🍰, ", 20)
	a, err := Calendar(in)
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(a.Content, "END:VCALENDAR\r\n"))
	lines := strings.Split(strings.TrimSuffix(a.Content, "\r\n"), "\r\n")
	assert.Equal(t, "BEGIN:VCALENDAR", lines[0])
	begins, ends := 0, 0
	for _, l := range lines {
		if strings.HasPrefix(l, "BEGIN:") {
			begins++
		}
		if strings.HasPrefix(l, "END:") {
			ends++
		}
		assert.LessOrEqual(t, len(l), 75, l)
		assert.NotContains(t, l, "\n")
		assert.NotContains(t, l, "\r")
		assert.True(t, strings.ToValidUTF8(l, "") == l, "a fold splits a character: %q", l)
	}
	assert.Equal(t, begins, ends)
	assert.Contains(t, a.Content, "\r\nDTSTART:20261123T210000Z\r\n", "times are UTC")
	assert.NotContains(t, a.Content, "TZID")
}

func TestCalendarTitlesSurvive(t *testing.T) {
	tests := []struct {
		name, title, want string
	}{
		{"comma and semicolon", "Wipes, cream; diapers", "Wipes, cream; diapers"},
		{"newline", "Pack the bag\nthen rest", "Pack the bag\nthen rest"},
		{"CRLF", "Pack the bag\r\nthen rest", "Pack the bag\nthen rest"},
		{"a bare CR", "one\rtwo", "one\ntwo"},
		{"backslash", `C:\baby\notes \n`, `C:\baby\notes \n`},
		{"accents", "Crème for the rash, purée", "Crème for the rash, purée"},
		{"emoji", "🍼 Formula run 👶🏽", "🍼 Formula run 👶🏽"},
		{"colon and quotes", `Call "Dr. A": 5pm`, `Call "Dr. A": 5pm`},
		{"control characters", "bell\a and nul\x00", "bell and nul"},
		{"invalid UTF-8", "ok\xffok", "ok\uFFFDok"},
		{"long", strings.Repeat("Restock wipes, diaper cream; ", 12), strings.Repeat("Restock wipes, diaper cream; ", 12)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := fixture()
			in.Plan.Blocks[2].Title = tt.title
			in.Plan.Now[0].Text = tt.title
			a, err := Calendar(in)
			require.NoError(t, err)
			blocks, dues := split(parse(t, a))
			require.Len(t, blocks, len(in.Plan.Blocks))
			assert.Equal(t, tt.want, prop(blocks[2], ics.ComponentPropertySummary))
			assert.Equal(t, "Due: "+tt.want, prop(dues[0], ics.ComponentPropertySummary))
			start, err := blocks[3].GetStartAt()
			require.NoError(t, err)
			assert.True(t, in.Plan.Blocks[3].Start.Equal(start), "the next event is intact")
		})
	}
}

func TestCalendarEmptyPlan(t *testing.T) {
	in := fixture()
	in.Plan = bh.Proposal{Archetype: bh.SleepFirst}
	a, err := Calendar(in)
	require.NoError(t, err)
	cal := parse(t, a)
	assert.Empty(t, cal.Events())
	assert.Equal(t, "BabyHandoff plan v2", calProp(cal, ics.PropertyXWRCalName))
	assert.Equal(t, "America/New_York", calProp(cal, ics.PropertyXWRTimezone))
}

func TestCalendarOddBlocks(t *testing.T) {
	in := fixture()
	in.Plan.Blocks = []bh.Block{{Start: at(1, 0), End: at(1, 0), Title: "An instant"}}
	a, err := Calendar(in)
	require.NoError(t, err)
	blocks, _ := split(parse(t, a))
	require.Len(t, blocks, 1)
	assert.Nil(t, blocks[0].GetProperty(ics.ComponentPropertyDtEnd), "DTEND must be after DTSTART: none for an instant")
	assert.Equal(t, "other", prop(blocks[0], ics.ComponentPropertyCategories))

	in.Plan.Blocks = []bh.Block{{Title: "No time"}}
	_, err = Calendar(in)
	assert.ErrorContains(t, err, "no start")

	in = fixture()
	in.Run.ID = ""
	_, err = Calendar(in)
	assert.ErrorContains(t, err, "no id")
}

func TestCalendarGolden(t *testing.T) {
	a, err := Calendar(fixture())
	require.NoError(t, err)
	want := golden(t, "plan-v2.ics", []byte(a.Content))
	assert.Equal(t, string(want), a.Content)
}

// A reader on a 12-hour clock gets 12-hour times in the calendar's texts
// and on the picture's axis and labels; the zone is named as people say it.
func TestFilesFollowTheReadersClock(t *testing.T) {
	in := fixture()
	in.Run.Clock = bh.Clock12
	due := at(25, 0)
	in.Plan.Blocks[1].Stamps = []bh.Stamp{bh.StampOf(due.In(newYork), "Mon 15:04")}
	in.Plan.Admin[0].Stamps = nil
	a, err := Calendar(in)
	require.NoError(t, err)
	unfolded := strings.ReplaceAll(a.Content, "\r\n ", "")
	assert.Contains(t, unfolded, "SUMMARY:Submit daycare deposit form by tomorrow 5pm (due Tue 5 PM)")
	assert.NotContains(t, unfolded, "17:00")

	l, err := newLayout(in)
	require.NoError(t, err)
	assert.Equal(t, "4 PM", l.hour(at(0, 0)))
	assert.Equal(t, "12:30 AM", l.hour(at(8, 30)))
	in.Run.Clock = bh.Clock24
	l, err = newLayout(in)
	require.NoError(t, err)
	assert.Equal(t, "16:00", l.hour(at(0, 0)))
}
