package council

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A remembered reading is the one a fresh reading gives, on every later
// run; a note whose words or tag changed is read again; who wrote it and
// its "still on it" answer come from the note, not the memo.
func TestFactMemoMatchesAFreshReading(t *testing.T) {
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
			CreatedAt: written.Add(time.Duration(i) * time.Minute), UserID: "U1"})
	}
	done := written.Add(time.Hour)
	notes = append(notes, bh.Note{ID: "done", Text: "buy wipes", Tag: bh.TagTask, TagSource: bh.TagByUser, CreatedAt: written, DoneAt: &done})
	memo := &factMemo{}
	for _, now := range []time.Time{written.Add(time.Hour), written.Add(50 * time.Hour), written.Add(30 * 24 * time.Hour)} {
		assert.Equal(t, normalize.Notes(notes, ny, now), memo.facts("s", notes, ny, now), "at %s", now)
	}
	assert.Len(t, memo.sets["s"], len(texts), "each open note remembered once; the done one not")

	// Only the words change, tag and time stay: read again.
	at := written.Add(2 * time.Hour)
	kindsAt := func() map[string]bh.Tag { _, k, _ := memo.current("s", notes, ny, at); return k }
	before := kindsAt()["c"]
	notes[2].Text, notes[2].RawText = "daycare form due tomorrow 5pm", "daycare form due tomorrow 5pm"
	after := kindsAt()["c"]
	assert.NotEqual(t, before, after, "edited words: read again")
	assert.Equal(t, normalize.One(notes[2], ny, at).Kind, after)
	// A person's tag is a reading of its own.
	notes[1].Tag, notes[1].TagSource = bh.TagTask, bh.TagByUser
	assert.Equal(t, bh.TagTask, kindsAt()["b"])
	// The writer and a "still on it" are the note's, whatever was read.
	notes[0].UserID, notes[0].StillOnAt = "U2", &at
	assert.Equal(t, normalize.Notes(notes, ny, at), memo.facts("s", notes, ny, at))

	// A note without a time is read from now, as normalize does.
	untimed := []bh.Note{{ID: "z", Text: "form due tomorrow 5pm", RawText: "form due tomorrow 5pm", Tag: bh.TagNote, TagSource: bh.TagByDefault}}
	memo.facts("u", untimed, ny, written)
	assert.Empty(t, memo.sets["u"], "a note without a time is not remembered")
	assert.Equal(t, normalize.Notes(untimed, ny, written.Add(24*time.Hour)), memo.facts("u", untimed, ny, written.Add(24*time.Hour)))
	assert.Equal(t, normalize.Notes(notes, ny, written), (*factMemo)(nil).facts("s", notes, ny, written), "no memo: a fresh reading")

	// A note done since the last plan leaves the memo.
	notes[0].DoneAt = &at
	memo.facts("s", notes, ny, at)
	_, kept := memo.sets["s"][keyOf(notes[0], ny)]
	assert.False(t, kept, "done: forgotten")
	assert.Len(t, memo.sets["s"], len(texts)-1)
}

// A plan reads yesterday's "slept 3h" and this morning's finished
// appointment no more: they are past. Health notes, work and done notes
// (the card lists those) stay.
func TestCurrentLeavesPastNotesOut(t *testing.T) {
	written := time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC)
	note := func(id, text string) bh.Note {
		return bh.Note{ID: id, Text: text, RawText: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: written}
	}
	done := written.Add(time.Hour)
	finished := note("done", "pick up diapers")
	finished.DoneAt = &done
	notes := []bh.Note{note("slept", "slept 3h"), note("fed", "fed 4oz at 3am"), note("appt", "pediatrician appointment 9am"),
		note("fever", "fever 38.5 after the 6am feed"), note("task", "call grandma about the weekend"), finished}
	all := []string{"slept", "fed", "appt", "fever", "task", "done"}
	tests := []struct {
		at   time.Time
		want []string
	}{
		{written.Add(time.Hour), all},
		{written.Add(3 * time.Hour), []string{"slept", "fed", "fever", "task", "done"}},
		{written.Add(24 * time.Hour), []string{"slept", "fed", "fever", "task", "done"}},
		{written.Add(25 * time.Hour), []string{"fever", "task", "done"}},
		{written.Add(90 * 24 * time.Hour), []string{"fever", "task", "done"}},
	}
	memo := &factMemo{}
	for _, tt := range tests {
		live, kinds, health := memo.current("s", notes, time.UTC, tt.at)
		assert.Equal(t, map[string]bool{"fever": true}, health, "the health notes, for the pack to keep")
		var ids []string
		for _, n := range live {
			ids = append(ids, n.ID)
		}
		assert.Equal(t, tt.want, ids, "at %s", tt.at)
		for _, id := range tt.want {
			if id != "done" {
				assert.Contains(t, kinds, id)
			}
		}
	}
}
