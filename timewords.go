package babyhandoff

import (
	"regexp"
	"strconv"
	"strings"
)

// This file: the one grammar of time words that capture (normalize),
// /plan and /handoff windows and /radar quiet hours share, so that
// "tonight", "tmrw", "7pm" or "midnight" mean one thing everywhere.

// The night "tonight" names, on the family's clock: from TonightFrom until
// Morning the next day (a /plan tonight covers it). Something to do
// "tonight" is due at TonightDue, before bed; said later than that, by the
// end of the day.
const (
	TonightFrom = 19
	TonightDue  = 21
	Morning     = 7
)

// TimeWordKind is what a time word names.
type TimeWordKind int

// The kinds of time words.
const (
	WordToday    TimeWordKind = iota + 1 // "today", "now"
	WordTonight                          // "tonight": the night from TonightFrom
	WordTomorrow                         // "tomorrow"
	WordClock                            // a time of day: "7pm", "19:30", "noon", "midnight"
)

// TimeWord is one word of a time phrase, read.
type TimeWord struct {
	Kind TimeWordKind
	// Hour and Min are a clock word's time, 0–24 (24:00 is "midnight",
	// the end of the day).
	Hour, Min int
	// Bare says the clock word had neither am/pm nor a name ("9",
	// "9:30"): a sentence reads its hour by BareHour, an hour range
	// ("22-7") as a 24-hour clock.
	Bare bool
	// Number says it was a number alone ("9"), which a /plan does not
	// read as a time: it would be an hour count or a typo.
	Number bool
}

// DaySpellings are the spellings of the day words that thumbs type at
// 3 a.m., by the word they mean.
var DaySpellings = map[string][]string{
	"tomorrow": {"tmrw", "tmr", "tmrow", "tmrrw", "tmro", "tmw", "2moro", "2morow", "2morrow", "2mrw", "2mro", "tomorow", "tommorow", "tommorrow", "tomorro", "tomoro", "tomorrw", "tomrrow", "tomrw"},
	"tonight":  {"tonite", "2nite", "2night", "tonigt"},
	"today":    {"2day", "tdy"},
	"noon":     {"midday"},
}

var daySpelling = func() map[string]string {
	m := map[string]string{}
	for canon, forms := range DaySpellings {
		m[canon] = canon
		for _, f := range forms {
			m[f] = canon
		}
	}
	return m
}()

var clockWord = regexp.MustCompile(`^(\d{1,2})(?::(\d{2}))?(am|pm|a|p)?$`)

// ReadTimeWord reads one word of a time phrase ("7 pm" is one word to it:
// callers join a lone am/pm to the number before it). ok is false for
// anything else, and for impossible times ("13pm", "7:75").
func ReadTimeWord(w string) (t TimeWord, ok bool) {
	w = strings.ToLower(strings.TrimSpace(w))
	w = strings.ReplaceAll(strings.ReplaceAll(w, "a.m.", "am"), "p.m.", "pm")
	if canon, ok := daySpelling[w]; ok {
		w = canon
	}
	switch w {
	case "today", "now":
		return TimeWord{Kind: WordToday}, true
	case "tonight":
		return TimeWord{Kind: WordTonight}, true
	case "tomorrow":
		return TimeWord{Kind: WordTomorrow}, true
	case "noon":
		return TimeWord{Kind: WordClock, Hour: 12}, true
	case "midnight":
		return TimeWord{Kind: WordClock, Hour: 24}, true
	}
	g := clockWord.FindStringSubmatch(w)
	if g == nil {
		return TimeWord{}, false
	}
	h, _ := strconv.Atoi(g[1])
	m := 0
	if g[2] != "" {
		m, _ = strconv.Atoi(g[2])
	}
	t = TimeWord{Kind: WordClock, Bare: g[3] == "", Number: g[2] == "" && g[3] == ""}
	switch {
	case m > 59:
		return TimeWord{}, false
	case g[3] == "":
		if h > 24 || (h == 24 && m > 0) {
			return TimeWord{}, false
		}
	case h < 1 || h > 12:
		return TimeWord{}, false
	case g[3][0] == 'a':
		h %= 12
	default:
		h = h%12 + 12
	}
	t.Hour, t.Min = h, m
	return t, true
}

// BareHour is the hour a sentence means by an hour said without am/pm
// ("at 9", "9:30"): 7–11 the morning, 12 noon, 1–6 the afternoon; said of
// tonight, 5–11 the evening.
func BareHour(h int, tonight bool) int {
	switch {
	case h <= 0 || h >= 12:
		return h
	case tonight && h >= 5:
		return h + 12
	case h <= 6:
		return h + 12
	}
	return h
}
