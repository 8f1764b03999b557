package blocks

// This file: times as Slack shows them to each reader.

import (
	"fmt"
	"time"
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

// When is t for a Slack message: <!date^UNIX^{tokens}|fallback>. It only
// renders in mrkdwn text outside code (never in backticks) and never in
// plain_text (headers, buttons): those take the fallback, Plain.
func When(t time.Time, l *time.Location, layout string) string {
	tok, ok := slackTokens[layout]
	if !ok {
		tok = "{date_short_pretty} {time}"
	}
	return fmt.Sprintf("<!date^%d^%s|%s>", t.Unix(), tok, Plain(t, l, layout))
}

// Plain is t in the shift's zone, for text where Slack does not format
// dates (notifications, headers, files).
func Plain(t time.Time, l *time.Location, layout string) string {
	if l == nil {
		l = time.UTC
	}
	return t.In(l).Format(layout)
}
