// Package blocks renders BabyHandoff's domain values as Slack Block Kit:
// pure functions from values to blocks and a notification text. It uses
// slack-go's Block Kit value types only, never a Slack client, and keeps every
// surface inside Block Kit's documented limits by cutting text with "…".
package blocks

import (
	"strings"

	bh "github.com/babyhandoff/babyhandoff"
)

// Block Kit limits this package respects (Slack's documented values).
const (
	MaxMessageBlocks = 50
	MaxViewBlocks    = 100
	MaxSectionText   = 3000
	MaxHeaderText    = 150
	MaxButtonText    = 75
	MaxOptionText    = 75
	MaxOptionValue   = 150
	MaxContextItems  = 10
	MaxModalTitle    = 24
	// MaxEcho is how much of a note is echoed back in a reply: enough to
	// recognise it on a phone, short enough to never fill the screen.
	MaxEcho = 200
)

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// Escape makes user text inert in mrkdwn and in a message's text: Slack only
// turns <…> sequences into mentions and links, so escaping &, < and > means a
// note can never ping @channel, mention someone or forge a link.
func Escape(s string) string { return escaper.Replace(s) }

// Echo is user text as it is quoted back: one paragraph, escaped, cut to n
// runes. It cuts before escaping so an entity is never split.
func Echo(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	return Escape(bh.Truncate(s, n))
}

// Fit cuts already-formatted mrkdwn to n runes for a text field. Cutting can
// only split an entity when the cut lands inside one; back off to before it.
func Fit(s string, n int) string {
	t := bh.Truncate(s, n)
	if t == s {
		return s
	}
	body := strings.TrimSuffix(t, "…")
	if i := strings.LastIndexByte(body, '&'); i >= 0 && !strings.Contains(body[i:], ";") {
		body = body[:i]
	}
	return body + "…"
}
