package bot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A time phrase means one thing in a note, a /plan or /handoff window and
// quiet hours: they read it with one grammar (bh.ReadTimeWord).
func TestTimePhrasesMeanTheSameEverywhere(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	monday10 := time.Date(2026, 11, 23, 10, 0, 0, 0, ny)
	at := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, ny) }
	noteDue := func(text string) time.Time {
		t.Helper()
		f := normalize.One(bh.Note{Text: text, Tag: bh.TagTask, TagSource: bh.TagByUser, CreatedAt: monday10}, ny, monday10)
		require.NotNil(t, f.Due, text)
		return *f.Due
	}
	planFrom := func(text string) (time.Time, int) {
		t.Helper()
		a, err := parsePlanArgs(text)
		require.NoError(t, err, text)
		return a.when.from(monday10, ny, a.hours)
	}
	handoffFrom := func(text string) time.Time {
		t.Helper()
		w, err := parseWhen(text)
		require.NoError(t, err, text)
		from, _ := w.from(monday10, ny, 12)
		return from
	}
	for _, tc := range []struct {
		phrase string
		want   time.Time
	}{
		{"tmrw 7pm", at(24, 19, 0)},
		{"2moro 7:30pm", at(24, 19, 30)},
		{"tomorrow noon", at(24, 12, 0)},
		{"5pm", at(23, 17, 0)},
		{"tonite 8 p.m.", at(23, 20, 0)},
	} {
		assert.True(t, tc.want.Equal(noteDue("call daycare "+tc.phrase)), "a note: %s", tc.phrase)
		from, _ := planFrom(tc.phrase)
		assert.True(t, tc.want.Equal(from), "/plan %s: %s", tc.phrase, from)
		assert.True(t, tc.want.Equal(handoffFrom(tc.phrase)), "/handoff %s", tc.phrase)
	}

	// Tonight: the night /plan tonight covers holds what a note says is
	// due tonight.
	from, hours := planFrom("tonight")
	assert.True(t, at(23, bh.TonightFrom, 0).Equal(from))
	due := noteDue("call mom tonight")
	assert.True(t, at(23, bh.TonightDue, 0).Equal(due))
	assert.True(t, !due.Before(from) && due.Before(from.Add(time.Duration(hours)*time.Hour)), "due %s in the night %s+%dh", due, from, hours)
	assert.True(t, at(23, bh.TonightFrom, 0).Equal(handoffFrom("tonight")))

	// Midnight is the end of the day: a note due by midnight is due in its
	// last minute, a plan from midnight starts as the day ends.
	from, _ = planFrom("from midnight")
	assert.True(t, at(24, 0, 0).Equal(from))
	assert.Equal(t, time.Minute, from.Sub(noteDue("pay the bill by midnight")))

	// Quiet hours read the same clock words (a number alone is a 24-hour
	// clock's hour there).
	for text, want := range map[string]bh.QuietHours{
		"7pm-7am": {From: 19, To: 7}, "22-7": {From: 22, To: 7}, "midnight-6am": {From: 0, To: 6}, "noon-2pm": {From: 12, To: 14},
	} {
		q, err := bh.ParseQuietHours(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, q, text)
	}
}
