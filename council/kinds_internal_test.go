package council

import (
	"crypto/sha256"
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

	// Only the words change, tag and time stay: read again.
	before := memo.kinds(notes, ny, written.Add(2*time.Hour))["c"]
	notes[2].Text, notes[2].RawText = "daycare form due tomorrow 5pm", "daycare form due tomorrow 5pm"
	after := memo.kinds(notes, ny, written.Add(2*time.Hour))["c"]
	assert.NotEqual(t, before, after, "edited words: read again")
	assert.Equal(t, normalize.One(notes[2], ny, written.Add(2*time.Hour)).Kind, after)
	// A note without a time is read from now, as normalize does.
	untimed := []bh.Note{{ID: "z", Text: "form due tomorrow 5pm", RawText: "form due tomorrow 5pm", Tag: bh.TagNote, TagSource: bh.TagByDefault}}
	memo.kinds(untimed, ny, written)
	_, kept := memo.m[kindKey{id: "z", words: sha256.Sum256([]byte(untimed[0].Text + "\x00" + untimed[0].RawText)), tag: bh.TagNote,
		src: bh.TagByDefault, at: time.Time{}.UnixNano(), loc: ny.String()}]
	assert.False(t, kept, "a note without a time is not remembered")
	assert.Equal(t, normalize.Notes(notes, ny, written)[0].Kind, (*kindMemo)(nil).kinds(notes, ny, written)["a"], "no memo: a fresh reading")
}
