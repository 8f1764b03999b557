package blocks

// This file: times as Slack shows them to each reader.
//
// Slack renders a date token (<!date^UNIX^{time}|fallback>) in each
// reader's own zone and 12- or 24-hour clock; its fallback is ours, and it
// is what notifications, some clients, screen readers, search and
// copy-paste show. So every time here is written for a reader's clock
// (bh.Clock), never on one clock for all:
//   - a message in a DM, an ephemeral message and App Home have one
//     reader: their clock (from their Slack locale, else their zone);
//     a DM's message updated later (the radar's standing message, while
//     someone else is on duty) keeps the DM's owner's clock, not the
//     clock of whoever the update is about;
//   - a message in a channel (several readers, who may read different
//     clocks) is on the clock of the family's zone, the one most people
//     read where the family lives (bh.ClockFor with no locale: 12-hour in
//     a US zone): every message there, card, handoff or radar, agrees;
//   - a plan's card follows the same rule (the bot sets the CardInput's
//     Run.Clock: the plan's reader's in a DM, the family's in a channel;
//     its files keep the plan's reader's), and so do the forms opened
//     from it (Why this plan?, Edit plan…, Versions…) and its thread's
//     replies.
//
// Slack timepicker values (initial_time "HH:mm") stay 24-hour: that is
// Slack's format, and the picker shows the reader's own clock.

import (
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Layouts of WhenOn: a clock time, a day and time, a day.
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

// StampedOn is text written by the planner or the radar (its times in the
// shift's zone l on the shift's clock, listed in stamps) escaped and cut to
// n runes like Echo, with each stamp shown in Slack's date formatting, for
// a reader who reads the clock c: the fallback inside each date token
// (what a notification or an old client shows) is the stamp as
// Clock.Restamp writes it for c in l ("Fri 5 PM"), as is the weekday's
// time. Stamps are found from the end, where plan texts put them ("… —
// overdue since Tue 17:00"), so a note's own words that look like a time
// stay as written; a stamp the cut removed stays plain. A message made at
// now names a stamp's day within the coming week by its weekday in l
// (where the shift's days turn; WhenNearOn); a zero now keeps the stamps'
// days as Slack writes them.
func StampedOn(text string, stamps []bh.Stamp, n int, now time.Time, l *time.Location, c bh.Clock) string {
	s := Echo(text, n)
	l = cmpLoc(l)
	if !now.IsZero() {
		now = now.In(l)
	}
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
		fallback := c.Restamp(st.Text, []bh.Stamp{st}, l)
		tok := tokenFor(st.At, st.Layout, fallback)
		if wd, ok := weekdayNear(st.At, now, st.Layout, fallback); ok {
			tok = wd
		}
		s = s[:at] + tok + s[at+len(st.Text):]
		end = at
	}
	return s
}

// cmpLoc is l, or UTC for none.
func cmpLoc(l *time.Location) *time.Location {
	if l == nil {
		return time.UTC
	}
	return l
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

// WhenOn is t for a Slack message: <!date^UNIX^{tokens}|fallback>, its
// fallback on the reader's clock c ("9:42 PM", "21:42"). It only renders
// in mrkdwn text outside code (never in backticks) and never in
// plain_text (headers, buttons): those take the fallback, Plain.
func WhenOn(t time.Time, l *time.Location, layout string, c bh.Clock) string {
	return tokenFor(t, layout, Plain(t, l, c, layout))
}

// WhenNearOn is WhenOn for a message made at now, its fallback on the
// reader's clock c: a day after tomorrow and within the coming week is
// named by its weekday, then the time in Slack's formatting ("Fri 11:59
// PM"), where Slack's own date token would write "Nov 27, 2026". Today and
// tomorrow stay Slack's words, which Slack keeps true on any later day. A
// zero now is WhenOn.
func WhenNearOn(t, now time.Time, l *time.Location, layout string, c bh.Clock) string {
	if l == nil {
		l = time.UTC
	}
	if wd, ok := weekdayNear(t, now.In(l), layout, Plain(t, l, c, layout)); ok {
		return wd
	}
	return WhenOn(t, l, layout, c)
}

// weekdayNear is t as "Fri <time token>" when layout writes a day, the
// fallback names it by its weekday (its first word, on the shift's clock)
// and t falls 2 to 6 days after now.
func weekdayNear(t, now time.Time, layout, fallback string) (string, bool) {
	if now.IsZero() || (layout != DayTime && layout != Day) {
		return "", false
	}
	loc := now.Location()
	day := func(x time.Time) time.Time {
		x = x.In(loc)
		return time.Date(x.Year(), x.Month(), x.Day(), 0, 0, 0, 0, time.UTC)
	}
	days := int(day(t).Sub(day(now)).Hours() / 24)
	wd, rest, _ := strings.Cut(fallback, " ")
	if days < 2 || days > 6 || len(wd) != 3 {
		return "", false
	}
	if layout == Day {
		return wd, true
	}
	return wd + " " + tokenFor(t, Clock, rest), true
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
	if s := StampedOn(text, stamps, MaxOptionText, time.Time{}, l, c); len([]rune(s)) <= MaxOptionText && strings.Contains(s, "<!date^") {
		return slack.NewOptionBlockObject(value, slack.NewTextBlockObject(slack.MarkdownType, s, false, false), nil)
	}
	return slack.NewOptionBlockObject(value, plain(c.Restamp(text, stamps, l), MaxOptionText), nil)
}
