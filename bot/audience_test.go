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

// A radar state shown in a channel not everyone in which joined keeps only
// the items of notes written there, their level, and no energy told by a
// note from elsewhere; the whole family's audience sees it all.
func TestAnAudienceSeesOnlyItsItemsOfTheRadar(t *testing.T) {
	notes := []bh.Note{{ID: "here", ChannelID: "C1"}, {ID: "dm", ChannelID: "DU3"}}
	st := bh.ShiftState{Level: bh.RiskCritical, Energy: bh.EnergyLow, EnergyNoteIDs: []string{"dm"}, Notes: 2,
		Inventory:   []bh.RiskItem{{Key: "inventory:dm", Level: bh.RiskCritical, NoteIDs: []string{"dm"}}, {Key: "inventory:here", Level: bh.RiskHigh, NoteIDs: []string{"here"}}},
		Health:      []bh.RiskItem{{Key: "health:dm", NoteIDs: []string{"dm"}}},
		NextActions: []bh.Item{{Text: "Restock formula", NoteIDs: []string{"dm"}}, {Text: "Restock wipes", NoteIDs: []string{"here"}}}}

	assert.Equal(t, st, audience{where: "C1", whole: true}.state(st, notes), "everyone joined: all of it")
	got := audience{where: "C1"}.state(st, notes)
	assert.Equal(t, bh.RiskHigh, got.Level, "the level of what is shown")
	assert.Equal(t, []bh.RiskItem{st.Inventory[1]}, got.Inventory)
	assert.Empty(t, got.Health, "a health note from a DM stays there")
	assert.Equal(t, []bh.Item{st.NextActions[1]}, got.NextActions)
	assert.NotEqual(t, bh.EnergyLow, got.Energy, "the energy a DM's note told")
	assert.Empty(t, got.EnergyNoteIDs)
	assert.Equal(t, 1, got.Notes)
	assert.Len(t, st.Inventory, 2, "the state it was given is not changed")
}
