package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

type notesOnly []bh.Note

func (n notesOnly) Notes(context.Context, string, string, bool) ([]bh.Note, error) { return n, nil }

func (n notesOnly) NotesByID(_ context.Context, _ string, ids []string) ([]bh.Note, error) {
	var out []bh.Note
	for _, id := range ids {
		for _, x := range n {
			if x.ID == id {
				out = append(out, x)
			}
		}
	}
	return out, nil
}

// byIDOnly fails a test that reads every note of the family.
type byIDOnly struct {
	notesOnly
	t *testing.T
}

func (b byIDOnly) Notes(context.Context, string, string, bool) ([]bh.Note, error) {
	b.t.Error("read every note of the family")
	return b.notesOnly, nil
}

// A plan's files read only the notes its pack cites: a family's months of
// notes were read and mapped for every Download plan.
func TestHandoffFilesReadOnlyTheirPacksNotes(t *testing.T) {
	notes := byIDOnly{notesOnly{{ID: "cited", ChannelID: "C1", Text: "daycare form due Fri"}, {ID: "done", ChannelID: "C1", Text: "got wipes"},
		{ID: "old", ChannelID: "C1", Text: "a month ago"}}, t}
	b := &Bot{}
	s := &sharer{b: b, links: &links{b: b, store: notes}}
	rec := bh.RunRecord{Run: bh.Run{TeamID: "T1", ShiftID: "S1"},
		Pack: bh.ContextPack{LogRefs: []bh.LogRef{{LogID: "cited"}}, Done: []bh.DoneRef{{LogID: "done"}}}}
	_, labels := s.links.citedIn(context.Background(), rec, "C1")
	assert.Equal(t, map[string]string{"cited": "daycare form due Fri", "done": "got wipes"}, labels)
}

// A handoff's files sent in a channel link no note written in a DM: the
// channel's people cannot open it (the note is named by its words).
func TestHandoffFilesInAChannelLinkNoDM(t *testing.T) {
	const base = "https://t.slack.com/archives/"
	notes := notesOnly{
		{ID: "dm", ChannelID: "DU1", Permalink: base + "DU1/p1"},
		{ID: "channel", ChannelID: "C1", Permalink: base + "C1/p2"},
	}
	b := &Bot{}
	s := &sharer{b: b, links: &links{b: b, store: notes}}
	rec := bh.RunRecord{Run: bh.Run{TeamID: "T1", ShiftID: "S1"}, Pack: bh.ContextPack{LogRefs: []bh.LogRef{{LogID: "dm"}, {LogID: "channel"}}}}
	for _, tc := range []struct {
		where string
		want  []string
	}{
		{"C1", []string{"channel"}},
		{"DU1", []string{"channel", "dm"}},
	} {
		got, _ := s.links.citedIn(context.Background(), rec, tc.where)
		var ids []string
		for id := range got {
			ids = append(ids, id)
		}
		assert.ElementsMatch(t, tc.want, ids, tc.where)
	}
}
