package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

type notesOnly []bh.Note

func (n notesOnly) Notes(context.Context, string, string, bool) ([]bh.Note, error) { return n, nil }

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
	rec := bh.RunRecord{Run: bh.Run{TeamID: "T1", ShiftID: "S1"}}
	for _, tc := range []struct {
		where string
		want  []string
	}{
		{"C1", []string{"channel"}},
		{"DU1", []string{"channel", "dm"}},
	} {
		got, _ := s.fileLinks(context.Background(), rec, tc.where)
		var ids []string
		for id := range got {
			ids = append(ids, id)
		}
		assert.ElementsMatch(t, tc.want, ids, tc.where)
	}
}
