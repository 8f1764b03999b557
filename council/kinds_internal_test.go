package council

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A remembered kind is the one a fresh reading gives, on every later run;
// a note whose words or tag changed is read again.
func TestKindMemoMatchesAFreshReading(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	written := time.Date(2026, 11, 23, 9, 0, 0, 0, ny)
	texts := []string{"daycare form due tomorrow 5pm", "wipes < 1 day", "slept 3h", "pick up diapers today", "pediatrician fri 2pm",
		"got diapers", "call the insurance company", "grandma visiting at 3pm", "deadline: taxes", "low: formula", "feeling really down"}
	var notes []bh.Note
	for i, s := range texts {
		p, _ := bh.ParseNoteText(s)
		notes = append(notes, bh.Note{ID: string(rune('a' + i)), Text: p.Text, RawText: s, Tag: bh.TagNote, TagSource: bh.TagByDefault,
			CreatedAt: written.Add(time.Duration(i) * time.Minute)})
	}
	memo := &kindMemo{}
	for _, now := range []time.Time{written.Add(time.Hour), written.Add(50 * time.Hour), written.Add(30 * 24 * time.Hour)} {
		fresh := map[string]bh.Tag{}
		for _, f := range normalize.Notes(notes, ny, now) {
			fresh[f.NoteID] = f.Kind
		}
		assert.Equal(t, fresh, memo.kinds(notes, ny, now), "at %s", now)
	}
	assert.Len(t, memo.m, len(notes), "each note read once")

	notes[2].Text, notes[2].RawText = "deadline: form due Friday", "deadline: form due Friday"
	notes[2].Tag, notes[2].TagSource = bh.TagDeadline, bh.TagByPrefix
	assert.Equal(t, bh.TagDeadline, memo.kinds(notes, ny, written.Add(2*time.Hour))["c"], "edited: read again")
	assert.Equal(t, normalize.Notes(notes, ny, written)[0].Kind, (*kindMemo)(nil).kinds(notes, ny, written)["a"], "no memo: a fresh reading")
}
