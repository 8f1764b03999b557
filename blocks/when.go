package blocks

// This file: times as Slack shows them to each reader.

import (
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Layouts of When: a clock time, a day and time, a day.
const (
	Clock   = "15:04"
	DayTime = "Mon 15:04"
	Day     = "Mon Jan 2"
)

// slackTokens are Slack's date-formatting tokens for each layout: Slack
// renders them in each reader's own zone and 12- or 24-hour clock ("9:42 PM",
// "today at 21:42"); the fallback (our layout, in l) is what notifications
// and old clients show.
var slackTokens = map[string]string{
	Clock:   "{time}",
	DayTime: "{date_short_pretty} {time}",
	Day:     "{date_short_pretty}",
}

// Stamped is text written by the planner or the radar (its times on the
// shift's clock, listed in stamps) escaped and cut to n runes like Echo,
// with each stamp shown in Slack's date formatting. Stamps are found from
// the end, where plan texts put them ("… — overdue since Tue 17:00"), so a
// note's own words that look like a time stay as written; a stamp the cut
// removed stays plain.
func Stamped(text string, stamps []bh.Stamp, n int) string {
	s := Echo(text, n)
	end := len(s)
	for i := len(stamps) - 1; i >= 0; i-- {
		st := stamps[i]
		if st.Text == "" {
			continue
		}
		at := strings.LastIndex(s[:end], st.Text)
		if at < 0 {
			continue
		}
		tok := tokenFor(st.At, st.Layout, st.Text)
		s = s[:at] + tok + s[at+len(st.Text):]
		end = at
	}
	return s
}

// tokenFor is Slack's date formatting for t in layout, with fallback for
// clients and notifications that do not format dates.
func tokenFor(t time.Time, layout, fallback string) string {
	tok, ok := slackTokens[layout]
	if !ok {
		tok = "{date_short_pretty} {time}"
	}
	return fmt.Sprintf("<!date^%d^%s|%s>", t.Unix(), tok, fallback)
}

// When is t for a Slack message: <!date^UNIX^{tokens}|fallback>. It only
// renders in mrkdwn text outside code (never in backticks) and never in
// plain_text (headers, buttons): those take the fallback, Plain.
func When(t time.Time, l *time.Location, layout string) string {
	return tokenFor(t, layout, Plain(t, l, bh.Clock24, layout))
}

// Plain is t in the shift's zone on the reader's clock c ("Tue 7:45 AM"
// or "Tue 07:45"), for text where Slack does not format dates
// (notifications, plain_text).
func Plain(t time.Time, l *time.Location, c bh.Clock, layout string) string {
	if l == nil {
		l = time.UTC
	}
	return c.Format(t.In(l), layout)
}

// checkOption is a checkbox for text and its stamps: mrkdwn with Slack's
// date tokens (each reader sees their own clock) when that fits an
// option's 75 characters, else plain text on the clock c (the tokens'
// markup alone takes some 50 of them).
func checkOption(value, text string, stamps []bh.Stamp, l *time.Location, c bh.Clock) *slack.OptionBlockObject {
	if s := Stamped(text, stamps, MaxOptionText); len([]rune(s)) <= MaxOptionText && strings.Contains(s, "<!date^") {
		return slack.NewOptionBlockObject(value, slack.NewTextBlockObject(slack.MarkdownType, s, false, false), nil)
	}
	return slack.NewOptionBlockObject(value, plain(c.Restamp(text, stamps, l), MaxOptionText), nil)
}
