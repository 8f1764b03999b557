package blocks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// claimSection is the card's "Who does what", or nil.
func claimSection(m blocks.Message) *slack.SectionBlock {
	for _, b := range m.Blocks {
		if s, ok := b.(*slack.SectionBlock); ok && strings.HasPrefix(s.BlockID, blocks.CardClaimPrefix) {
			return s
		}
	}
	return nil
}

// In a family channel a card offers "I'll do it" for its open items and
// names who took what, in the list and beside the block; a DM does not.
func TestCardClaims(t *testing.T) {
	rec := councilRun(t, sampleNotes(), 1, bh.EnergyAuto)
	items := blocks.CheckItems(rec.Winner())
	require.NotEmpty(t, items)
	claimed := items[0]

	rec.Run.ChannelID = "C1"
	// The claimed block first on the card (each block is a line with its
	// ⋯, and the card shows what fits one screen): the nap before it is
	// left out.
	for i := range rec.Proposals {
		bs := rec.Proposals[i].Blocks
		if len(bs) > 0 && bs[0].Kind == bh.KindRest {
			rec.Proposals[i].Blocks = bs[1:]
		}
	}
	in := blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Claims: map[string]string{claimed.NoteID: "U3"}}
	card := blocks.Card(in)
	sec := claimSection(card)
	require.NotNil(t, sec, "a family channel's card")
	assert.Equal(t, blocks.CardClaimPrefix+rec.Run.ID, sec.BlockID)
	require.NotNil(t, sec.Accessory.SelectElement)
	assert.Equal(t, blocks.ActionCardClaim, sec.Accessory.SelectElement.ActionID)
	assert.Len(t, sec.Accessory.SelectElement.Options, len(items), "every open item")
	assert.Contains(t, sec.Text.Text, "🙋 <@U3>: ", "who took what")
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, strings.Count(string(raw), `🙋 \u003c@U3\u003e`), 2, "in the list and beside the block")

	in.Done = map[string]bool{claimed.NoteID: true}
	sec = claimSection(blocks.Card(in))
	require.NotNil(t, sec)
	assert.Len(t, sec.Accessory.SelectElement.Options, len(items)-1, "done items are not offered")

	rec.Run.ChannelID = "D1"
	assert.Nil(t, claimSection(blocks.Card(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals})), "a DM has nobody to share with")
}

// The radar speaks, per item, to whoever took it on, else to the person on
// duty.
func TestRadarSpeaksToTheClaimer(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	st := radarState(now)
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour)}
	first := st.Deadlines[0].NoteIDs[0]
	post := func(claims map[string]string) blocks.Message {
		return blocks.RadarPost(bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "C1"}, State: st, Why: "risk rose",
			Location: time.UTC, Now: now, Duty: duty, Claims: claims}, nil, nil)
	}
	m := post(map[string]string{first: "U4"})
	assert.True(t, strings.HasPrefix(m.Text, "<@U4>, <@U2> "), "the claimer for their item, the one on duty for the rest: %q", m.Text)
	assert.Contains(t, sectionText(m.Blocks[1]), "🙋 <@U4>", "the item names who is on it")
	all := map[string]string{}
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			all[it.NoteIDs[0]] = "U4"
		}
	}
	assert.True(t, strings.HasPrefix(post(all).Text, "<@U4> "), "all taken on: only the claimer")
}
