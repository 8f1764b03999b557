package blocks

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/slack-go/slack"
)

// The phone a message is laid out for: upright, 390 px wide, about 640 px
// of it showing one message (the rest is the app's bars and the composer).
const (
	PhoneWidth  = 390
	FirstScreen = 640
)

// A rough model of Slack's mobile layout, in pixels. Slack publishes no
// layout metrics, so these are typical values for its fonts, chosen to err
// tall: a model that says "fits" when the phone would scroll is the failure
// that matters.
const (
	chrome       = 56 // the app's name, avatar and time above a message
	blockGap     = 8
	column       = PhoneWidth - 2*16 // text column inside the margins
	accessoryW   = 96                // a button beside a section's text
	bodyChar     = 8                 // average width of a 15 px character
	bodyLine     = 22
	headerChar   = 11
	headerLine   = 28
	contextChar  = 7
	contextLine  = 18
	controlH     = 36
	overflowW    = 44 // the ⋯ menu's button
	selectH      = 44
	buttonPad    = 32
	controlGap   = 8
	dividerH     = 17
	wideRuneFrom = 0x2000 // emoji and symbols draw about two characters wide
)

var (
	linkLabel = regexp.MustCompile(`<[^|>]*\|([^>]*)>`)
	entity    = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")
	markup    = strings.NewReplacer("*", "", "_", "", "`", "", "~", "")
)

// visible is mrkdwn as a reader sees it: link labels, not addresses;
// entities as their characters; no markup characters.
func visible(s string) string {
	return entity.Replace(markup.Replace(linkLabel.ReplaceAllString(s, "$1")))
}

// textHeight is how tall text renders in a column of width px with the
// given character width and line height.
func textHeight(s string, width, char, line int) int {
	perLine := max(1, width/char)
	lines := 0
	for _, para := range strings.Split(s, "\n") {
		n := 0
		for _, r := range para {
			n++
			if r >= wideRuneFrom {
				n++
			}
		}
		lines += max(1, (n+perLine-1)/perLine)
	}
	return lines * line
}

// Height estimates how tall bl renders on the phone, the message's chrome
// included.
func Height(bl []slack.Block) int {
	h := chrome
	for _, b := range bl {
		h += blockHeight(b) + blockGap
	}
	return h
}

func blockHeight(b slack.Block) int {
	switch x := b.(type) {
	case *slack.HeaderBlock:
		return textHeight(x.Text.Text, column, headerChar, headerLine)
	case *slack.SectionBlock:
		width := column
		if x.Accessory != nil {
			width -= accessoryW
		}
		text := ""
		if x.Text != nil {
			text = x.Text.Text
		}
		return max(controlH, textHeight(visible(text), width, bodyChar, bodyLine))
	case *slack.ContextBlock:
		var parts []string
		for _, e := range x.ContextElements.Elements {
			if t, ok := e.(*slack.TextBlockObject); ok {
				parts = append(parts, t.Text)
			}
		}
		return textHeight(visible(strings.Join(parts, " ")), column, contextChar, contextLine)
	case *slack.ActionBlock:
		return actionsHeight(x)
	case *slack.DividerBlock:
		return dividerH
	}
	return bodyLine
}

// actionsHeight lays a row of controls out as the app does: a select takes
// a row of its own, buttons (and the ⋯ menu) flow and wrap.
func actionsHeight(a *slack.ActionBlock) int {
	h, row := 0, 0
	for _, e := range a.Elements.ElementSet {
		w := 0
		switch x := e.(type) {
		case *slack.ButtonBlockElement:
			w = utf8.RuneCountInString(x.Text.Text)*bodyChar + buttonPad
		case *slack.OverflowBlockElement:
			w = overflowW
		default:
			if h > 0 {
				h += controlGap
			}
			h += selectH
			row = column // nothing shares a select's row
			continue
		}
		if row > 0 && row+controlGap+w <= column {
			row += controlGap + w
			continue
		}
		if row > 0 {
			h += controlGap
		}
		h += controlH
		row = w
	}
	return h
}
