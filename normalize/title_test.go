package normalize_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A title names the item, not when the note said it was: read the next
// afternoon, "tomorrow" would be false, and every surface writes the due
// or start time itself. Times that do not count from the note stay.
func TestTitleIsTheItem(t *testing.T) {
	written := time.Date(2026, 11, 24, 21, 40, 0, 0, newYork)
	for _, c := range []struct{ text, title string }{
		{"daycare form due tomorrow 5pm", "daycare form"},
		{"pay daycare deposit online by 11:59pm tonight", "pay daycare deposit online"},
		{"pediatrician appt tomorrow 10:30am", "pediatrician appt"},
		{"call grandma tomorrow", "call grandma"},
		{"form due by fri", "form"},
		{"form due fri, then call grandma", "form, then call grandma"},
		{"doctor at 3pm tomorrow — bring card", "doctor — bring card"},
		{"library books due in 2 days", "library books"},
		{"deadline: tmrw 5pm daycare form", "daycare form"},
		// Nothing understood to write instead: a relative phrase goes, a
		// clock time stays.
		{"fever started this morning", "fever started"},
		{"fever 38.4 since this morning, she won't feed", "fever 38.4, she won't feed"},
		{"daycare form was due yesterday 5pm", "daycare form"},
		{"bottle at 11pm", "bottle at 11pm"},
		{"baby 38.4 fever since 6pm", "baby 38.4 fever since 6pm"},
		{"out of formula", "out of formula"},
		{"wipes < 1 day", "wipes < 1 day"},
		// Nothing left but the time: the words as written.
		{"tomorrow 5pm", "tomorrow 5pm"},
	} {
		for _, read := range []time.Time{written, written.Add(6 * time.Hour), written.Add(17*time.Hour + 20*time.Minute)} {
			f := normalize.One(bh.Note{ID: "n1", Text: c.text, CreatedAt: written}, newYork, read)
			assert.Equal(t, c.title, f.Title, "%q read at %s", c.text, read.Format("Mon 15:04"))
		}
	}
}
