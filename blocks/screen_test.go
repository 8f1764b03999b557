package blocks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// The layout model, row by row: what each kind of block costs on the phone.
func TestHeightModel(t *testing.T) {
	btn := func(label string) slack.BlockElement {
		return slack.NewButtonBlockElement("a", "v", slack.NewTextBlockObject("plain_text", label, false, false))
	}
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, slack.NewTextBlockObject("plain_text", "Energy", false, false), "e")
	md := func(s string) *slack.TextBlockObject { return slack.NewTextBlockObject("mrkdwn", s, false, false) }
	tests := []struct {
		name  string
		block slack.Block
		want  int
	}{
		{"a short header is one line", slack.NewHeaderBlock(slack.NewTextBlockObject("plain_text", "Now: Get formula", false, false)), 28},
		{"a header wraps at 32 characters", slack.NewHeaderBlock(slack.NewTextBlockObject("plain_text", strings.Repeat("x", 33), false, false)), 56},
		{"a section line holds 44 characters", slack.NewSectionBlock(md(strings.Repeat("x", 44)), nil, nil), 36},
		{"each paragraph starts a line", slack.NewSectionBlock(md("a\nb\nc"), nil, nil), 66},
		{"a long line wraps", slack.NewSectionBlock(md(strings.Repeat("x", 100)), nil, nil), 66},
		{"a link counts by its label", slack.NewSectionBlock(md("<https://example.com/"+strings.Repeat("a", 200)+"|form>\nb\nc"), nil, nil), 66},
		{"markup and entities count as read", slack.NewSectionBlock(md("*"+strings.Repeat("&lt;", 44)+"*\nb\nc"), nil, nil), 66},
		{"emoji draw two wide", slack.NewSectionBlock(md(strings.Repeat("🍼", 23)+"\nb"), nil, nil), 66},
		{"a button beside text narrows it", slack.NewSectionBlock(md(strings.Repeat("x", 40)+"\nb"), nil, slack.NewAccessory(btn("Done"))), 66},
		{"context is small print", slack.NewContextBlock("", md(strings.Repeat("x", 51))), 18},
		{"a select takes its row", slack.NewActionBlock("", sel, btn("Share")), 44 + 8 + 36},
		{"buttons share a row while they fit", slack.NewActionBlock("", btn("Other plans"), btn("Transcript"), btn("Share")), 36},
		{"and wrap when they do not", slack.NewActionBlock("", btn("Download handoff.md"), btn("Other plans"), btn("Transcript")), 36 + 8 + 36},
		{"a divider", slack.NewDividerBlock(), 17},
		{"the ⋯ menu flows with the buttons", slack.NewActionBlock("", btn("Hand off"), btn("Why this plan?"), slack.NewOverflowBlockElement("m")), 36},
		{"and wraps like one", slack.NewActionBlock("", btn("Hand off"), btn("Why this plan?"), btn("Mark done…"), slack.NewOverflowBlockElement("m")), 36 + 8 + 36},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, 56+tt.want+8, blocks.Height([]slack.Block{tt.block}))
		})
	}
}

// firstScreen is the part of a card a phone shows before scrolling.
func firstScreen(bl []slack.Block) []slack.Block {
	for i := range bl {
		if blocks.Height(bl[:i+1]) > blocks.FirstScreen {
			return bl[:i]
		}
	}
	return bl
}

func cardOf(t *testing.T, now time.Time, texts ...string) blocks.CardInput {
	t.Helper()
	var notes []bh.Note
	links := blocks.Links{}
	for i, s := range texts {
		id := fmt.Sprintf("n%02d", i)
		notes = append(notes, bh.Note{ID: id, Text: s, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: now.Add(-time.Duration(len(texts)-i) * time.Minute)})
		links[id] = "https://fake.slack.test/archives/D1/p" + id
	}
	c, err := council.New(council.Config{Clock: func() time.Time { return now }})
	require.NoError(t, err)
	out, err := c.Run(context.Background(), council.Input{Run: bh.Run{ID: "run1", TeamID: "T1", ShiftID: "s1", ChannelID: "D1",
		Version: 1, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "America/New_York", Now: now}, Notes: notes}, nil)
	require.NoError(t, err)
	rec := out.Record()
	return blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Links: links}
}

// The card is one phone screen (MaxCard) and its first screen holds the
// head, the first Now item's Done, Energy and the ⋯ menu, however full the
// plan; a plan's block is on the card or counted in a line that says where
// the rest are, and every health note is on it (health notes may take the
// card past one screen: they are never cut).
func TestCardControlsOnTheFirstScreen(t *testing.T) {
	morning := time.Date(2026, 11, 23, 8, 0, 0, 0, time.FixedZone("EST", -5*3600))
	night := time.Date(2026, 11, 23, 21, 41, 0, 0, time.FixedZone("EST", -5*3600))
	var busy []string
	for i := 0; i < 14; i++ {
		busy = append(busy, fmt.Sprintf("task: call the insurance company about the claim for the hospital stay, part %d", i))
	}
	worried := []string{"out of formula", "wipes < 1 day", "daycare form was due yesterday 5pm",
		"she's breathing fast and wheezing", "fever 38.4 since this morning, she won't feed", "feeling really down, crying a lot since the birth",
		"baby rolled off the couch, bumped head, seems ok?", "red eye with some yellow goo"}
	var sample []string
	for _, n := range bh.SampleShift {
		sample = append(sample, n.Text)
	}
	cases := map[string]blocks.CardInput{
		"sample":                     cardOf(t, morning, sample...),
		"out of formula at night":    cardOf(t, night, "out of formula", "slept 2h, exhausted"),
		"a full day":                 cardOf(t, morning, busy...),
		"health, now and a full day": cardOf(t, morning, append(worried, busy...)...),
		"nothing":                    cardOf(t, morning),
	}
	more := regexp.MustCompile(`…and (\d+) more in handoff\.md`)
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			card := blocks.Card(in)
			first := firstScreen(card.Blocks)
			raw, err := json.Marshal(first)
			require.NoError(t, err)
			doc := string(raw)
			assert.Contains(t, doc, `"action_id":"card_energy"`, "Energy on the first screen")
			assert.Contains(t, doc, `"action_id":"card_more"`, "the ⋯ menu on the first screen")
			_, isHead := card.Blocks[0].(*slack.HeaderBlock)
			assert.True(t, isHead)
			w := in.Proposals[0]
			for _, p := range in.Proposals {
				if p.Archetype == in.Decision.Winner {
					w = p
				}
			}
			if len(w.Health) <= 2 {
				assert.LessOrEqual(t, blocks.Height(card.Blocks), blocks.MaxCard, "one screen")
			}
			if len(w.Now) > 0 {
				assert.Contains(t, doc, `"action_id":"radar_done"`, "the first Now item's Done on the first screen")
			}
			if len(w.Health) > 0 {
				assert.Contains(t, doc, "contact a licensed professional", "the health line on the first screen")
			}
			all, err := json.Marshal(card.Blocks)
			require.NoError(t, err)
			inNow := map[string]bool{}
			for _, it := range w.Now {
				for _, id := range it.NoteIDs {
					inNow[id] = true
				}
			}
			shown, counted := 0, 0
			for _, b := range w.Blocks {
				prefix, _ := json.Marshal(string([]rune(b.Title)[:min(12, len([]rune(b.Title)))]))
				now := len(b.NoteIDs) > 0
				for _, id := range b.NoteIDs {
					now = now && inNow[id]
				}
				if now || strings.Contains(string(all), strings.Trim(string(prefix), `"`)) {
					shown++ // on the card, or in Now with its time
				}
			}
			for _, m := range more.FindAllStringSubmatch(string(all), -1) {
				n, _ := strconv.Atoi(m[1])
				counted += n
			}
			assert.GreaterOrEqual(t, shown+counted, len(w.Blocks), "every block on the card or counted")
			for _, h := range w.Health {
				assert.Contains(t, string(all), blocks.Echo(h.Text, 120), "every health note still on the card")
			}
		})
	}
}

// The head is the next action: what the radar calls critical, else the
// plan's first block; the notification text leads with it.
func TestCardHeadIsTheNextAction(t *testing.T) {
	est := time.FixedZone("EST", -5*3600)
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, est)
	nap := bh.Block{Start: at, End: at.Add(time.Hour), Title: "Rest / nap window", Kind: "rest"}
	long := bh.Block{Start: at, End: at.Add(time.Hour), Title: "Errand run: Restock wipes, diaper cream; Pick up diapers + wipes today", Kind: "errand"}
	tests := []struct {
		name string
		p    bh.Proposal
		want string
	}{
		{"critical first", bh.Proposal{Now: []bh.Item{{Text: "Get formula — out since Mon 21:40 · planned Tue 08:00: sooner if you can"}}, Blocks: []bh.Block{nap}}, "Now: Get formula"},
		{"else the first block", bh.Proposal{Blocks: []bh.Block{nap, long}}, "Next at 08:00: Rest / nap window"},
		{"cut to two lines", bh.Proposal{Blocks: []bh.Block{long}}, "Next at 08:00: Errand run: Restock wipes, diaper cream; Pick u…"},
		{"nothing to do", bh.Proposal{}, "Nothing pressing: rest when you can"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.p.Archetype = bh.SleepFirst
			in := blocks.CardInput{Run: bh.Run{ID: "r1", Version: 2, HorizonH: 12, TZ: "America/New_York", Now: at},
				Decision: bh.Decision{Winner: bh.SleepFirst}, Proposals: []bh.Proposal{tt.p}}
			card := blocks.Card(in)
			head, ok := card.Blocks[0].(*slack.HeaderBlock)
			require.True(t, ok)
			assert.Equal(t, tt.want, head.Text.Text)
			assert.Equal(t, blocks.Escape(tt.want)+" · plan v2 · next 12h · Sleep-first", card.Text)
		})
	}
	// On a 12-hour reader's clock: the header and the notification are
	// plain text, where Slack's tokens do not reach.
	in := blocks.CardInput{Run: bh.Run{ID: "r1", Version: 2, HorizonH: 12, TZ: "America/New_York", Now: at, Clock: bh.Clock12},
		Decision: bh.Decision{Winner: bh.SleepFirst}, Proposals: []bh.Proposal{{Archetype: bh.SleepFirst, Blocks: []bh.Block{nap}}}}
	assert.Equal(t, "Next at 8 AM: Rest / nap window · plan v2 · next 12h · Sleep-first", blocks.Card(in).Text)
}
