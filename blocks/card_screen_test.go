package blocks_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// eveningCard is Maya's card at 9:43 PM in New York (the evening):
// out of formula, a fever, a bill due before midnight, the daycare form
// tomorrow; low energy from "slept 2h"; Sleep-first won on 20 points
// against 17 and 16. Built by hand, so it tests the layout, not the
// planners.
func eveningCard(t *testing.T) blocks.CardInput {
	t.Helper()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, ny) }
	stamp := func(tm time.Time, layout string) bh.Stamp { return bh.StampOf(tm.In(ny), layout) }
	planned, bill, form := stamp(at(24, 21, 45), blocks.Clock), stamp(at(24, 23, 55), blocks.Clock), stamp(at(25, 17, 0), blocks.DayTime)
	block := func(from, to time.Time, title, kind string, notes ...string) bh.Block {
		return bh.Block{Start: from, End: to, Title: title, Kind: kind, NoteIDs: notes}
	}
	win := bh.Proposal{Archetype: bh.SleepFirst,
		Health: []bh.Item{{Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"fever"}}},
		Now: []bh.Item{
			{Text: "Out of formula — needed before the next feed · planned " + planned.Text, NoteIDs: []string{"formula"}, Stamps: []bh.Stamp{planned}},
			{Text: "Pay pediatrician bill — due " + bill.Text, NoteIDs: []string{"bill"}, Stamps: []bh.Stamp{bill}},
		},
		Blocks: []bh.Block{
			block(at(24, 21, 45), at(24, 22, 15), "Get formula — out, needed before the next feed", "errand", "formula"),
			block(at(24, 22, 15), at(24, 22, 30), "Pay pediatrician bill", "admin", "bill"),
			block(at(24, 22, 30), at(25, 6, 0), "Night: sleep between feeds", "rest"),
			block(at(25, 6, 15), at(25, 7, 45), "Rest / nap window (protect it)", "rest"),
			block(at(25, 8, 0), at(25, 8, 30), "Errand run: Restock wipes", "errand", "wipes"),
			block(at(25, 8, 45), at(25, 9, 45), "Rest / nap window (protect it)", "rest"),
		},
		Top: []bh.Item{{Text: "Later: Daycare form — due " + form.Text, NoteIDs: []string{"form"}, Stamps: []bh.Stamp{form}}},
	}
	card := func(a bh.Archetype, total int) bh.Scorecard { return bh.Scorecard{Archetype: a, Total: total} }
	night := bh.DefaultNightHours
	return blocks.CardInput{
		Run: bh.Run{ID: "run1", TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Version: 1, Energy: bh.EnergyAuto, HorizonH: 12,
			TZ: "America/New_York", Now: at(24, 21, 43), Quiet: &night},
		Decision: bh.Decision{Winner: bh.SleepFirst, Energy: bh.EnergyLow, EnergyNoteIDs: []string{"slept"},
			Scorecards: []bh.Scorecard{card(bh.ErrandsFirst, 17), card(bh.SleepFirst, 20), card(bh.AdminFirst, 16)}},
		Proposals: []bh.Proposal{{Archetype: bh.ErrandsFirst}, win, {Archetype: bh.AdminFirst}},
		Links:     blocks.Links{"fever": "https://fake.slack.test/archives/D1/p1795574400000002"},
	}
}

// shown is mrkdwn (or its JSON) as read: date tokens by their fallback.
func shown(s string) string {
	s = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">").Replace(s)
	return regexp.MustCompile(`<!date\^\d+\^[^|]*\|([^>]*)>`).ReplaceAllString(s, "$1")
}

// buttonsOf lists a card's buttons (accessories and controls) by action id.
func buttonsOf(bl []slack.Block) []*slack.ButtonBlockElement {
	var out []*slack.ButtonBlockElement
	for _, b := range bl {
		switch x := b.(type) {
		case *slack.SectionBlock:
			if x.Accessory != nil && x.Accessory.ButtonElement != nil {
				out = append(out, x.Accessory.ButtonElement)
			}
		case *slack.ActionBlock:
			for _, e := range x.Elements.ElementSet {
				if btn, ok := e.(*slack.ButtonBlockElement); ok {
					out = append(out, btn)
				}
			}
		}
	}
	return out
}

// The evening's card is one phone screen, and its first screen is kept
// as a golden file (go test ./blocks -update rewrites it; the README's
// picture is drawn from it).
func TestEveningCardIsOneScreen(t *testing.T) {
	card := blocks.Card(eveningCard(t))
	assert.LessOrEqual(t, blocks.Height(card.Blocks), blocks.MaxCard, "%d px", blocks.Height(card.Blocks))
	assert.Empty(t, slacktest.ValidateBlocks("message", toAny(t, card.Blocks)))
	golden(t, "card_evening_first_screen.json", firstScreen(card.Blocks))
	assert.Equal(t, "Now: Out of formula · plan v1 · next 12h · Sleep-first", card.Text)
}

// The line under the head: when, what energy, and which plan won, with
// all three plans' points; the why is behind Why this plan?.
func TestCardMetaNamesEveryPlan(t *testing.T) {
	card := blocks.Card(eveningCard(t))
	meta, ok := card.Blocks[1].(*slack.SectionBlock)
	require.True(t, ok)
	assert.Equal(t, "made 21:43 · energy low · Sleep-first won (20 · 17 · 16)", shown(meta.Text.Text))
	require.NotNil(t, meta.Accessory.SelectElement, "the Energy menu beside the energy it names")
	assert.Equal(t, "Low — from your notes", meta.Accessory.SelectElement.InitialOption.Text.Text)
	assert.Equal(t, blocks.CardMetaPrefix+"run1", meta.BlockID)
	assert.Equal(t, "Sleep-first won (20 · 19 · 19)", blocks.WonLine(bh.Decision{Winner: bh.SleepFirst,
		Scorecards: []bh.Scorecard{{Archetype: bh.AdminFirst, Total: 19}, {Archetype: bh.ErrandsFirst, Total: 19}, {Archetype: bh.SleepFirst, Total: 20}}}))
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "tie on points", "why is behind Why this plan?")
}

// The Energy menu starts at the energy in use and says where it came from.
func TestEnergyMenuStartsAtTheEnergyInUse(t *testing.T) {
	tests := []struct {
		name string
		run  bh.Energy
		d    bh.Decision
		want string
	}{
		{"from the notes", bh.EnergyAuto, bh.Decision{Energy: bh.EnergyLow, EnergyNoteIDs: []string{"n1"}}, "Low — from your notes"},
		{"chosen", bh.EnergyHigh, bh.Decision{Energy: bh.EnergyHigh, EnergyChosen: true}, "High — you chose"},
		{"no sleep note", bh.EnergyAuto, bh.Decision{Energy: bh.EnergyMedium}, "Medium — no recent sleep note"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, inUse := blocks.EnergyOptions(bh.Run{Energy: tt.run}, tt.d)
			require.NotNil(t, inUse)
			assert.Equal(t, tt.want, inUse.Text.Text)
			assert.Contains(t, opts, inUse, "Slack shows an initial option only if it is one of the options")
			assert.Len(t, opts, 3)
		})
	}
}

// The one green button is the next action: Done on the first Now item,
// else Hand off.
func TestCardPrimaryIsTheNextAction(t *testing.T) {
	primary := func(in blocks.CardInput) []string {
		var out []string
		for _, b := range buttonsOf(blocks.Card(in).Blocks) {
			if b.Style == slack.StylePrimary {
				out = append(out, b.ActionID+":"+b.Value)
			}
		}
		return out
	}
	in := eveningCard(t)
	assert.Equal(t, []string{blocks.ActionRadarDone + ":formula"}, primary(in))
	for i := range in.Proposals[1].Now {
		in.Proposals[1].Now[i].NoteIDs = nil
	}
	in.Proposals[1].Now = nil
	assert.Equal(t, []string{blocks.ActionHandoffOpen + ":run1"}, primary(in))
	in.Run.Sample = true
	assert.Empty(t, primary(in), "the sample is nobody's to hand off")
}

// blockMenus are a card's time blocks' ⋯, by block id: their options'
// values.
func blockMenus(bl []slack.Block) map[string][]string {
	out := map[string][]string{}
	for _, b := range bl {
		if s, ok := b.(*slack.SectionBlock); ok && s.Accessory != nil && s.Accessory.OverflowElement != nil {
			var values []string
			for _, o := range s.Accessory.OverflowElement.Options {
				values = append(values, o.Value)
			}
			out[s.BlockID] = values
		}
	}
	return out
}

// Done is on each line from a note, once per note (a time block's in its
// ⋯); a block Now already shows is not repeated; the face has no list of
// checkboxes, and Mark done… opens the whole list; the files and Share
// are in ⋯.
func TestCardDoneIsPerLine(t *testing.T) {
	doneButtons := func(bl []slack.Block) map[string]string {
		out := map[string]string{}
		for _, b := range bl {
			if s, ok := b.(*slack.SectionBlock); ok && s.Accessory != nil && s.Accessory.ButtonElement != nil {
				out[s.Accessory.ButtonElement.Value] = s.BlockID
			}
		}
		return out
	}
	in := eveningCard(t)
	card := blocks.Card(in)
	assert.Equal(t, map[string]string{"formula": "card_item:run1:formula", "bill": "card_item:run1:bill", "fever": "card_item:run1:health"}, doneButtons(card.Blocks))
	raw, err := json.Marshal(card.Blocks)
	require.NoError(t, err)
	doc := shown(string(raw))
	assert.NotContains(t, doc, "Get formula — out", "Now says when formula is planned")
	assert.NotContains(t, doc, `"checkboxes"`)
	assert.Contains(t, doc, "Mark done…")
	var more *slack.OverflowBlockElement
	for _, b := range card.Blocks {
		if a, ok := b.(*slack.ActionBlock); ok {
			for _, e := range a.Elements.ElementSet {
				if o, ok := e.(*slack.OverflowBlockElement); ok {
					more = o
				}
			}
		}
	}
	require.NotNil(t, more)
	var values []string
	for _, o := range more.Options {
		values = append(values, o.Value)
	}
	assert.Equal(t, []string{blocks.ActionEditPlan, blocks.ActionVersions, blocks.ActionDownload, blocks.ActionTranscript, blocks.ActionShare}, values)

	// Without Now, each of the next hours' lines from a note has its Done
	// in its ⋯; one done is struck through, with Undo done.
	in.Proposals[1].Now, in.Proposals[1].Health = nil, nil
	in.Done = map[string]bool{"formula": true}
	card = blocks.Card(in)
	assert.Empty(t, doneButtons(card.Blocks))
	edits := []string{blocks.BlockMove, blocks.EditShorter, blocks.EditLonger, blocks.BlockDrop}
	assert.Equal(t, map[string][]string{
		"card_item:run1:block-0": append([]string{blocks.BlockUndone}, edits...),
		"card_item:run1:block-1": append([]string{blocks.BlockDone}, edits...),
		"card_item:run1:block-4": append([]string{blocks.BlockDone}, edits...),
		"card_item:run1:block-3": edits,
	}, blockMenus(card.Blocks))
	raw, err = json.Marshal(card.Blocks)
	require.NoError(t, err)
	assert.Contains(t, shown(string(raw)), `*Next hours*\n✅ ~*21:45–22:15* Get formula — out, needed before the next feed 🛒~`)
}

// Mark done… lists every item from a note, Now first, ticked when done;
// its metadata remembers what was done when it opened.
func TestMarkDoneModal(t *testing.T) {
	in := eveningCard(t)
	in.Done = map[string]bool{"bill": true}
	m := blocks.MarkDoneModal(in)
	assert.Empty(t, slacktest.ValidateView(viewMap(t, m)))
	var ids, texts []string
	for _, it := range blocks.MarkDoneItems(in.Proposals[1]) {
		ids, texts = append(ids, it.NoteID), append(texts, it.Text)
	}
	assert.Equal(t, []string{"formula", "bill", "wipes", "form"}, ids)
	assert.Equal(t, "Out of formula", texts[0])
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"initial_options":[{"text":{"type":"plain_text","text":"Pay pediatrician bill","emoji":false},"value":"bill"}]`)
	run, was := blocks.ParseMarkDoneMetadata(m.PrivateMetadata)
	assert.Equal(t, "run1", run)
	assert.Equal(t, map[string]bool{"bill": true}, was)
	assert.True(t, strings.HasPrefix(m.PrivateMetadata, "run1 "))
}
