package normalize_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// Phone shorthand and misspellings read the way a person reads them. The
// clock is Monday 2026-11-23 10:00 in New York; each row is a note and the
// moment it means.
func TestPhoneShorthand(t *testing.T) {
	tue, wed, thu, fri, sat, sun := 24, 25, 26, 27, 28, 29
	at := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, newYork) }
	for _, tc := range []struct {
		text string
		due  time.Time
	}{
		// Tomorrow, as thumbs type it.
		{"form due tmrw 5pm", at(tue, 17, 0)},
		{"form due tmr 5pm", at(tue, 17, 0)},
		{"form due tmrow 9am", at(tue, 9, 0)},
		{"form due tmw 9am", at(tue, 9, 0)},
		{"form due 2moro 5pm", at(tue, 17, 0)},
		{"form due 2morrow at 5pm", at(tue, 17, 0)},
		{"form due 2mrw 5pm", at(tue, 17, 0)},
		{"form due tomorow 5pm", at(tue, 17, 0)},
		{"form due tommorow 5pm", at(tue, 17, 0)},
		{"form due tommorrow 5pm", at(tue, 17, 0)},
		{"form due tomorro 5pm", at(tue, 17, 0)},
		{"form due tmrw noon", at(tue, 12, 0)},
		{"form due tmrw at noon", at(tue, 12, 0)},
		{"form due tmrw midday", at(tue, 12, 0)},
		{"form due tmrw eod", at(tue, 17, 0)},
		{"form due eod tmrw", at(tue, 17, 0)},
		// Today and tonight.
		{"form due 2day 3pm", at(23, 15, 0)},
		{"form due tonite", at(23, 21, 0)},
		{"form due 2nite", at(23, 21, 0)},
		{"form due eod", at(23, 17, 0)},
		// Weekdays, short and followed by a time.
		{"form due sat 9am", at(sat, 9, 0)},
		{"form due sun 10am", at(sun, 10, 0)},
		{"form due thurs 2:30", at(thu, 14, 30)},
		{"form due thurs 2:30pm", at(thu, 14, 30)},
		{"form due thur 10am", at(thu, 10, 0)},
		{"form due thu 3pm", at(thu, 15, 0)},
		{"form due tues 4pm", at(tue, 16, 0)},
		{"form due tue 4pm", at(tue, 16, 0)},
		{"form due weds 11am", at(wed, 11, 0)},
		{"form due wed 11am", at(wed, 11, 0)},
		{"form due fri 3pm", at(fri, 15, 0)},
		{"form due thurs eod", at(thu, 17, 0)},
		// Weekdays, misspelled.
		{"form due wendsday 5pm", at(wed, 17, 0)},
		{"form due wensday 5pm", at(wed, 17, 0)},
		{"form due wednsday 5pm", at(wed, 17, 0)},
		{"form due wedensday 5pm", at(wed, 17, 0)},
		{"form due thrusday 5pm", at(thu, 17, 0)},
		{"form due thursay 5pm", at(thu, 17, 0)},
		{"form due thurday 5pm", at(thu, 17, 0)},
		{"form due tusday 5pm", at(tue, 17, 0)},
		{"form due teusday 5pm", at(tue, 17, 0)},
		{"form due firday 5pm", at(fri, 17, 0)},
		{"form due fridy 5pm", at(fri, 17, 0)},
		{"form due saterday 10am", at(sat, 10, 0)},
		{"form due satruday 10am", at(sat, 10, 0)},
		{"form due sundy 10am", at(sun, 10, 0)},
		// The end of the week is Friday's end of day.
		{"form due end of week", at(fri, 17, 0)},
		{"form due by end of the week", at(fri, 17, 0)},
		{"form due eow", at(fri, 17, 0)},
	} {
		t.Run(tc.text, func(t *testing.T) {
			n := bh.Note{ID: "n1", Text: tc.text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}
			f := normalize.One(n, newYork, mon10)
			require.NotNil(t, f.Due, "%q: no due time", tc.text)
			assert.Equal(t, tc.due, *f.Due, "%q", tc.text)
			assert.Equal(t, "form", f.Title, "the title is the item, not the words for when (the shorthand itself stays in the note)")
		})
	}
}
