package babyhandoff

import (
	"fmt"
	"strings"
	"time"
)

// Clock is how a reader writes the time of day: "17:00" or "5 PM". Slack's
// date tokens follow each reader's own setting, but notifications, plain
// text (buttons, headers) and files are written by us, so they follow the
// reader's Clock. The zero value is the 24-hour clock, as before readers
// had one: a run stored before reads back the same.
type Clock string

const (
	Clock24 Clock = ""    // "17:00", "Tue 07:45"
	Clock12 Clock = "12h" // "5 PM", "Tue 7:45 AM"
)

// ClockFor is a reader's clock from what Slack says of them: their locale
// ("en-US") when Slack gives one, else their zone (a US zone reads a
// 12-hour clock, as most people there do).
func ClockFor(locale, tz string) Clock {
	if locale != "" {
		if twelveHourLocale(locale) {
			return Clock12
		}
		return Clock24
	}
	if usZone(tz) {
		return Clock12
	}
	return Clock24
}

// twelveHourLocale reports whether people of locale ("en-US", "en_IN")
// usually read a 12-hour clock. Only English is asked: our texts are in
// English, and a 24-hour "17:00" reads in any language.
func twelveHourLocale(locale string) bool {
	lang, region, _ := strings.Cut(strings.ReplaceAll(locale, "_", "-"), "-")
	if !strings.EqualFold(lang, "en") {
		return false
	}
	switch strings.ToUpper(region) {
	case "US", "CA", "AU", "NZ", "IN", "PH", "PK":
		return true
	}
	return false
}

// usZone reports whether tz (an IANA name) is a zone of the United States.
func usZone(tz string) bool {
	switch tz {
	case "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
		"America/Anchorage", "America/Adak", "America/Juneau", "America/Sitka", "America/Nome", "America/Yakutat",
		"America/Metlakatla", "America/Boise", "America/Detroit", "America/Menominee", "Pacific/Honolulu",
		"America/Puerto_Rico", "US/Eastern", "US/Central", "US/Mountain", "US/Pacific", "US/Alaska", "US/Hawaii", "US/Arizona":
		return true
	}
	return strings.HasPrefix(tz, "America/Indiana/") || strings.HasPrefix(tz, "America/Kentucky/") ||
		strings.HasPrefix(tz, "America/North_Dakota/")
}

// Format is t written in layout, a time.Format layout in the project's
// 24-hour style ("15:04", "Mon 15:04", "Mon Jan 2 15:04"), on c: Clock12
// writes its "15:04" as "5 PM" or "5:30 PM". t is on the reader's clock
// already (callers pass t.In(loc)).
func (c Clock) Format(t time.Time, layout string) string {
	before, after, ok := strings.Cut(layout, "15:04")
	if c != Clock12 || !ok {
		return t.Format(layout)
	}
	return t.Format(before) + hour12(t) + t.Format(after)
}

// hour12 is t's time of day as "5 PM", "5:30 PM", "12 AM" (midnight).
func hour12(t time.Time) string {
	h, m := t.Hour(), t.Minute()
	half := "AM"
	if h >= 12 {
		half = "PM"
	}
	h %= 12
	if h == 0 {
		h = 12
	}
	if m == 0 {
		return fmt.Sprintf("%d %s", h, half)
	}
	return fmt.Sprintf("%d:%02d %s", h, m, half)
}

// Span is from–to on c, the day written once: "21:45–22:15", "9:45–10:15
// PM", "11 PM–12:30 AM". Both are on the reader's clock already.
func (c Clock) Span(from, to time.Time) string {
	if c != Clock12 {
		return from.Format("15:04") + "–" + to.Format("15:04")
	}
	f, t := hour12(from), hour12(to)
	if (from.Hour() < 12) == (to.Hour() < 12) {
		f = strings.TrimSuffix(strings.TrimSuffix(f, " AM"), " PM")
	}
	return f + "–" + t
}

// Restamp is text with each of its stamps (written on loc's clock in the
// 24-hour style, as plans and the radar write them) rewritten on c: "Get
// formula — out since Mon 9:40 PM" for Clock12. Stamps are found from the
// end, as blocks.Stamped finds them, so a note's own words that look like
// a time stay as written. On Clock24 text is returned as it is.
func (c Clock) Restamp(text string, stamps []Stamp, loc *time.Location) string {
	if c != Clock12 || len(stamps) == 0 {
		return text
	}
	if loc == nil {
		loc = time.UTC
	}
	end := len(text)
	for i := len(stamps) - 1; i >= 0; i-- {
		st := stamps[i]
		if st.Text == "" {
			continue
		}
		at := strings.LastIndex(text[:end], st.Text)
		if at < 0 {
			continue
		}
		text = text[:at] + c.Format(st.At.In(loc), st.Layout) + text[at+len(st.Text):]
		end = at
	}
	return text
}

// ZoneName is a zone as people say it: "New York time" for
// America/New_York, "UTC" for UTC; a zone with no city is its abbreviation
// now ("EST").
func ZoneName(l *time.Location, now time.Time) string {
	if l == nil || l == time.UTC || l.String() == "UTC" {
		return "UTC"
	}
	name := l.String()
	if i := strings.LastIndexByte(name, '/'); i >= 0 && !strings.HasPrefix(name, "Etc/") {
		city := strings.ReplaceAll(name[i+1:], "_", " ")
		if city != "" && strings.ToUpper(city) != city {
			return city + " time"
		}
	}
	abbr, _ := now.In(l).Zone()
	return abbr
}

// Say is the quiet hours as a reader says them: "10 PM–7 AM" on a 12-hour
// clock, "22:00–07:00" on a 24-hour one, "off" for none.
func (q QuietHours) Say(c Clock) string {
	if q.Off() || c != Clock12 {
		return q.String()
	}
	day := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	return hour12(day.Add(time.Duration(q.From)*time.Hour)) + "–" + hour12(day.Add(time.Duration(q.To)*time.Hour))
}

// noteLabelWords is how many of a note's first words name it.
const noteLabelWords = 5

// NoteLabel names a note by its own first words, quoted, for a reader who
// cannot open its Slack message (a note written in another person's DM):
// “daycare form due tomorrow 5pm”, “baby 38.4 fever since 6pm…” when cut.
// "" for a note with no words. Never its id or number.
func NoteLabel(text string) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return ""
	}
	more := ""
	if len(words) > noteLabelWords {
		words, more = words[:noteLabelWords], "…"
	}
	s := strings.Join(words, " ")
	if more != "" {
		s = strings.TrimRight(s, ",;:—-")
	}
	return "“" + Truncate(s, 48) + more + "”"
}
