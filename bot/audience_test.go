package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

func TestAnAudienceSeesWhatItMay(t *testing.T) {
	const base = "https://t.slack.com/archives/"
	notes := []bh.Note{{ID: "here", ChannelID: "C1"}, {ID: "dm", ChannelID: "DU3"}, {ID: "other", ChannelID: "C2"}}
	links := blocks.Links{"here": base + "C1/p1", "dm": base + "DU3/p1", "other": base + "C2/p1"}
	ids := func(ns []bh.Note) (out []string) {
		for _, n := range ns {
			out = append(out, n.ID)
		}
		return out
	}
	for _, tc := range []struct {
		name       string
		aud        audience
		notes      []string
		hides      bool
		linksShown int
	}{
		{"a channel everyone in which joined", audience{where: "C1", whole: true}, []string{"here", "dm", "other"}, false, 2},
		{"a channel not everyone in which joined", audience{where: "C1"}, []string{"here"}, true, 2},
		{"a DM", audience{where: "DU3", whole: true}, []string{"here", "dm", "other"}, false, 3},
		{"nowhere known", audience{}, nil, true, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.notes, ids(tc.aud.notes(notes)))
			assert.Equal(t, tc.hides, tc.aud.hides(notes))
			assert.Len(t, tc.aud.links(notes, links), tc.linksShown)
		})
	}
}
