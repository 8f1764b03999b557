package normalize

// This file: time phrases: dates, times, ranges, "tonight", "EOD", through olebedev/when's rules and a few of our own.

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/olebedev/when/rules"
	"github.com/olebedev/when/rules/en"

	bh "github.com/babyhandoff/babyhandoff"
)

type ruleID int

const (
	nrWeekday ruleID = iota
	nrCasualDate
	nrCasualTime
	nrHour
	nrHourMinute
	nrDeadline
	nrPastTime
	nrMonthDate
	nrSlashDate
	nrISODate
	nrEOD
	nrEOW
	nrMidnight
	nrWeekend
	nrAtHour
	nrRange
)

type dateRule struct {
	id    ruleID
	re    *regexp.Regexp
	apply func(*rules.Match, *rules.Context, *rules.Options, time.Time) (bool, error) // when's; nil for ours
	need  []string                                                                    // runs only if the text holds one of these
	digit bool                                                                        // runs only if the text holds a digit
	pre   func(string) bool                                                           // and only if this says yes
}

var whenOptions = &rules.Options{Distance: 5, MatchByOrder: true}

// dateRules are applied in this order within one phrase (later wins).
var dateRules = buildRules()

func buildRules() []dateRule {
	from := func(id ruleID, r rules.Rule, digit bool, need ...string) dateRule {
		f, ok := r.(*rules.F)
		if !ok || f.RegExp == nil || f.Applier == nil {
			return dateRule{id: id}
		}
		return dateRule{id: id, re: f.RegExp, apply: f.Applier, need: need, digit: digit}
	}
	own := func(id ruleID, expr string, digit bool, need ...string) dateRule {
		return dateRule{id: id, re: regexp.MustCompile(expr), need: need, digit: digit}
	}
	ampm := `(a\.?m\.?|p\.?m\.?)`
	rs := []dateRule{
		from(nrWeekday, en.Weekday(rules.Override), false, "mon", "tue", "wed", "thu", "fri", "sat", "sun"),
		from(nrCasualDate, en.CasualDate(rules.Override), false, "today", "tonight", "tomorrow", "tmr", "yesterday", "last night"),
		from(nrCasualTime, en.CasualTime(rules.Override), false, "morning", "noon", "evening"),
		from(nrHour, en.Hour(rules.Override), true),
		from(nrHourMinute, en.HourMinute(rules.Override), true, ":"),
		from(nrDeadline, en.Deadline(rules.Override), false, "in"),
		from(nrPastTime, en.PastTime(rules.Override), false, "ago"),
		from(nrMonthDate, en.ExactMonthDate(rules.Override), false,
			"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
		own(nrSlashDate, `(?:^|[^0-9/.])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?:$|[^0-9/])`, true, "/"),
		own(nrISODate, `\b((?:19|20|21)\d\d)[-/.](\d{1,2})[-/.](\d{1,2})\b`, true),
		own(nrEOD, `\b(eod|cob|eob|end of (?:the )?(?:day|business)|close of business)\b`, false, "eod", "cob", "eob", "end of", "close of"),
		own(nrEOW, `\b(eow|end of (?:the )?week)\b`, false, "eow", "end of"),
		own(nrMidnight, `\b(midnight)\b`, false, "midnight"),
		own(nrWeekend, `\b(?:(this|next|the)\s+)?(weekend)\b`, false, "weekend"),
		own(nrAtHour, `(?:^|[^a-z0-9])(?:at|@)\s*(\d{1,2})(?::(\d{2}))?(\s*(?:a\.?m\.?|p\.?m\.?|a|p)\b)?`, true, "at", "@"),
		own(nrRange, `(?:^|[^a-z0-9:/.-])(?:(from)\s+)?(\d{1,2})(?::(\d{2}))?\s*`+ampm+`?\s*(?:-|to|until|till|til)\s*(\d{1,2})(?::(\d{2}))?\s*`+ampm+`?`, true),
	}
	// Cheap checks that spare most notes most rules.
	for i := range rs {
		switch rs[i].id {
		case nrHour:
			rs[i].pre = func(s string) bool { return digitThen(s, "ap") }
		case nrHourMinute:
			rs[i].pre = func(s string) bool { return digitThen(s, ":") }
		case nrDeadline:
			rs[i].pre = func(s string) bool { return hasNeeds(s, unitStems) }
		case nrMonthDate:
			rs[i].pre = func(s string) bool {
				return strings.ContainsAny(s, "0123456789") || hasNeeds(s, []string{"first", "second", "third", "th"})
			}
		case nrSlashDate:
			rs[i].pre = func(s string) bool { return digitThen(s, "/") }
		case nrISODate:
			rs[i].pre = hasYearDate
		case nrAtHour:
			rs[i].pre = hasAtDigit
		case nrRange:
			rs[i].pre = func(s string) bool {
				return digitThen(s, "-tu") ||
					(strings.IndexByte(s, '-') >= 0 || strings.Contains(s, " to ") || strings.Contains(s, "til")) && digitThen(s, "ap:")
			}
		}
	}
	return rs
}

var unitStems = []string{"sec", "min", "hour", "day", "week", "month", "year"}

// digitThen reports whether a number in s is followed, after spaces, by
// one of the bytes in next.
func digitThen(s, next string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		k := j
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k < len(s) && strings.IndexByte(next, s[k]) >= 0 {
			return true
		}
		i = j
	}
	return false
}

// hasYearDate reports whether s holds four digits and a date separator.
func hasYearDate(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			run++
		case run == 4 && (c == '-' || c == '/' || c == '.'):
			return true
		default:
			run = 0
		}
	}
	return false
}

// hasAtDigit reports whether "at" or "@" is followed by a number.
func hasAtDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		var j int
		switch {
		case s[i] == '@':
			j = i + 1
		case s[i] == 'a' && i+1 < len(s) && s[i+1] == 't' && (i == 0 || !isWord(s[i-1])):
			j = i + 2
		default:
			continue
		}
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			return true
		}
	}
	return false
}

type ruleMatch struct {
	rule        int
	left, right int
	caps        []string
}

// span builds a match the way when's rules.F.Find does: from the first
// to the last captured group.
func span(s string, idx []int) (ruleMatch, bool) {
	m := ruleMatch{left: -1}
	for i := 2; i+1 < len(idx); i += 2 {
		if m.left == -1 && idx[i] >= 0 {
			m.left = idx[i]
		}
		if idx[i] >= 0 && idx[i+1] >= 0 {
			m.caps = append(m.caps, s[idx[i]:idx[i+1]])
			m.right = idx[i+1]
		} else {
			m.caps = append(m.caps, "")
		}
	}
	if m.left < 0 || m.right < m.left || len(m.caps) == 0 {
		return m, false
	}
	return m, true
}

func hasNeeds(s string, need []string) bool {
	if len(need) == 0 {
		return true
	}
	for _, w := range need {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

var unitAfter = regexp.MustCompile(`^\s*(?:months?|mos?\b|weeks?|wks?\b|days?|years?|yrs?\b|mins?\b|minutes?|hours?|hrs?\b|h\b|oz\b|ml\b|lbs?\b|kg\b|g\b|%|percent|times|x\b|feeds?|bottles?|diapers?|percent|degrees|°|cm\b|inch)`)

var dateLead = map[string]bool{
	"on": true, "by": true, "due": true, "until": true, "till": true, "til": true, "before": true,
	"from": true, "every": true, "this": true, "next": true, "thru": true, "through": true, "after": true,
}

var timeAfter = regexp.MustCompile(`^\s*(?:\d|at\b|@|noon|morning|afternoon|evening|night|eod|am\b|pm\b)`)

// prevWord is the word just before index i (spaces, "~" and "<" skipped).
func prevWord(s string, i int) string {
	if i <= 0 || i > len(s) {
		return ""
	}
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '~' || s[j-1] == '<') {
		j--
	}
	k := j
	for k > 0 && (isWord(s[k-1]) || s[k-1] == '\'') {
		k--
	}
	return s[k:j]
}

// accept filters when's false friends and checks our own rules' numbers.
func accept(id ruleID, s string, m *ruleMatch, commit bool) bool {
	text := s[m.left:m.right]
	switch id {
	case nrWeekday:
		if m.left > 0 && s[m.left-1] == '\'' {
			return false // "c'mon"
		}
		day := strings.TrimSpace(m.caps[1])
		if m.caps[0] == "" && m.caps[2] == "" {
			switch day {
			case "sat", "sun", "wed", "mon":
				return dateLead[prevWord(s, m.left)] || timeAfter.MatchString(s[m.right:])
			}
		}
	case nrCasualDate:
		return strings.TrimSpace(m.caps[0]) != "now"
	case nrHour:
		// "5 a day" is not 5 am.
		suffix := m.caps[len(m.caps)-1]
		return !(len(suffix) == 1 && strings.ContainsAny(text, " \t"))
	case nrHourMinute:
		return strings.Contains(text, ":")
	case nrDeadline, nrPastTime:
		num := m.caps[1]
		if id == nrPastTime {
			num = m.caps[0]
		}
		num = strings.TrimSpace(num)
		return len(num) <= 4 || num[0] < '0' || num[0] > '9' // "in 99999999999 days" would overflow
	case nrMonthDate:
		// A month alone ("may", "march") is not a date.
		return m.caps[0] != "" || m.caps[1] != "" || m.caps[3] != "" || m.caps[4] != ""
	case nrSlashDate:
		switch text {
		case "24/7", "1/2", "1/3", "2/3", "1/4", "3/4":
			return dateLead[prevWord(s, m.left)]
		}
		return !unitAfter.MatchString(s[m.right:])
	case nrAtHour:
		if m.caps[2] != "" {
			return false // "at 9am": when's Hour rule reads it
		}
		h, _ := strconv.Atoi(m.caps[0])
		mi, _ := strconv.Atoi(m.caps[1])
		return h <= 23 && mi <= 59 && !unitAfter.MatchString(s[m.right:]) && !strings.HasPrefix(s[m.right:], ".")
	case nrRange:
		if m.right < len(s) && (isWord(s[m.right]) || s[m.right] == '.' && m.right+1 < len(s) && isWord(s[m.right+1])) {
			return false
		}
		if unitAfter.MatchString(s[m.right:]) {
			return false
		}
		strong := m.caps[0] != "" || m.caps[2] != "" || m.caps[3] != "" || m.caps[5] != "" || m.caps[6] != ""
		return strong || commit
	}
	return true
}

// findTimes lists the time phrases of s, left to right, without overlaps
// (the longer phrase wins).
func findTimes(s string, commit bool) []ruleMatch {
	hasDigit := strings.ContainsAny(s, "0123456789")
	var ms []ruleMatch
	for i, r := range dateRules {
		if r.re == nil || (r.digit && !hasDigit) || !hasNeeds(s, r.need) || (r.pre != nil && !r.pre(s)) {
			continue
		}
		for _, idx := range r.re.FindAllStringSubmatchIndex(s, 8) {
			m, ok := span(s, idx)
			if !ok {
				continue
			}
			m.rule = i
			if accept(r.id, s, &m, commit) {
				ms = append(ms, m)
			}
		}
	}
	sort.SliceStable(ms, func(a, b int) bool {
		if ms[a].left != ms[b].left {
			return ms[a].left < ms[b].left
		}
		la, lb := ms[a].right-ms[a].left, ms[b].right-ms[b].left
		if la != lb {
			return la > lb
		}
		return ms[a].rule > ms[b].rule // ours over when's on a tie
	})
	kept := ms[:0]
	end := -1
	for _, m := range ms {
		if m.left >= end {
			kept = append(kept, m)
			end = m.right
		}
	}
	return kept
}

// moment is one resolved time phrase.
type moment struct {
	t, end      time.Time
	hasEnd      bool
	dateNamed   bool
	timeNamed   bool
	allDay      bool
	left, right int
}

// findMoments resolves up to four time phrases of s; matches at most five
// bytes apart form one phrase, as in when.
func findMoments(s string, now time.Time, commit bool) []moment {
	ms := findTimes(s, commit)
	var out []moment
	for i := 0; i < len(ms) && len(out) < 4; {
		end := ms[i].right
		j := i + 1
		for j < len(ms) && ms[j].left <= end+whenOptions.Distance {
			if ms[j].right > end {
				end = ms[j].right
			}
			j++
		}
		cluster := append([]ruleMatch(nil), ms[i:j]...)
		sort.SliceStable(cluster, func(a, b int) bool { return cluster[a].rule < cluster[b].rule })
		st := parseState{wd: -1, hour: -1}
		for _, m := range cluster {
			st.apply(dateRules[m.rule], m, s, now)
		}
		if mo, ok := st.resolve(now); ok {
			mo.left, mo.right = ms[i].left, end
			out = append(out, mo)
		}
		i = j
	}
	return out
}

type parseState struct {
	days     int
	hasDays  bool
	months   int
	dur      time.Duration
	year     int
	month    int
	day      int
	wd       int
	wdMode   string
	hour     int
	min      int
	bare     bool
	thisPart bool
	rng      bool
	sh, sm   int
	eh, em   int
	eod      bool
	eow      bool
	midnight bool
	tonight  bool
	weekend  int
	invalid  bool
}

// applyWhen runs one of when's appliers on a fresh context.
func applyWhen(r dateRule, m ruleMatch, s string, now time.Time) (*rules.Context, bool) {
	ctx := &rules.Context{Text: s[m.left:m.right]}
	wm := &rules.Match{Left: m.left, Right: m.right, Text: s[m.left:m.right], Captures: m.caps}
	ok, err := r.apply(wm, ctx, whenOptions, now)
	return ctx, ok && err == nil
}

const oneDay = 24 * time.Hour

func (st *parseState) addDuration(d time.Duration) {
	if d%oneDay == 0 {
		st.days += int(d / oneDay)
		st.hasDays = true
	} else {
		st.dur += d
	}
}

func isAM(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "a") }

func (st *parseState) apply(r dateRule, m ruleMatch, s string, now time.Time) {
	switch r.id {
	case nrWeekday:
		day := strings.TrimSpace(m.caps[1])
		wd, ok := en.WEEKDAY_OFFSET[day]
		if !ok {
			return
		}
		switch {
		case m.caps[0] == "next" || m.caps[0] == "last" || m.caps[0] == "past" || m.caps[2] == "last" || m.caps[2] == "past":
			if ctx, ok := applyWhen(r, m, s, now); ok {
				st.addDuration(ctx.Duration)
			}
		case m.caps[2] == "next":
			st.wd, st.wdMode = wd, "nextweek"
		default:
			st.wd, st.wdMode = wd, ""
		}
	case nrCasualDate:
		word := strings.TrimSpace(m.caps[0])
		if t, ok := bh.ReadTimeWord(word); ok && t.Kind == bh.WordTonight {
			st.tonight = true
			return
		}
		ctx, ok := applyWhen(r, m, s, now)
		if !ok {
			return
		}
		if ctx.Hour != nil { // last night
			st.hour, st.min, st.bare = *ctx.Hour, 0, false
		}
		st.addDuration(ctx.Duration)
		st.hasDays = true
	case nrCasualTime:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil {
			return
		}
		st.hour, st.min, st.bare = *ctx.Hour, 0, false
		st.thisPart = strings.TrimSpace(m.caps[1]) == "this"
	case nrHour:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil {
			return
		}
		h := *ctx.Hour
		if h == 12 && isAM(m.caps[1]) {
			h = 0
		}
		st.hour, st.min, st.bare = h, 0, false
	case nrHourMinute:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil || ctx.Minute == nil {
			return
		}
		h := *ctx.Hour
		bare := false
		if m.caps[2] == "" {
			bare = h >= 1 && h <= 12 && !strings.HasPrefix(m.caps[0], "0")
		} else if h == 12 && isAM(m.caps[2]) {
			h = 0
		}
		st.hour, st.min, st.bare = h, *ctx.Minute, bare
	case nrDeadline, nrPastTime:
		num, unit, sign := m.caps[1], m.caps[2], 1
		if r.id == nrPastTime {
			num, unit, sign = m.caps[0], m.caps[1], -1
		}
		if strings.Contains(unit, "month") || strings.Contains(unit, "year") {
			n := parseNumber(num)
			months := int(n)
			if strings.Contains(unit, "year") {
				months = int(n * 12)
			} else if n != float64(int(n)) {
				// half a month
				st.days += sign * 14
				st.hasDays = true
				return
			}
			st.months += sign * months
			return
		}
		ctx, ok := applyWhen(r, m, s, now)
		if !ok {
			return
		}
		st.addDuration(ctx.Duration)
	case nrMonthDate:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Month == nil || ctx.Day == nil {
			st.invalid = !ok
			return
		}
		st.month, st.day = *ctx.Month, *ctx.Day
		if y := yearAfter.FindStringSubmatch(s[m.right:]); y != nil {
			st.year, _ = strconv.Atoi(y[1])
		}
	case nrSlashDate:
		a, _ := strconv.Atoi(m.caps[0])
		b, _ := strconv.Atoi(m.caps[1])
		if a > 12 && b <= 12 {
			a, b = b, a // 20/11: day/month
		}
		st.month, st.day = a, b
		if m.caps[2] != "" {
			y, _ := strconv.Atoi(m.caps[2])
			if len(m.caps[2]) == 2 {
				y += 2000
			}
			st.year = y
		}
		if a < 1 || a > 12 || b < 1 || b > 31 {
			st.invalid = true
		}
	case nrISODate:
		st.year, _ = strconv.Atoi(m.caps[0])
		st.month, _ = strconv.Atoi(m.caps[1])
		st.day, _ = strconv.Atoi(m.caps[2])
	case nrEOD:
		st.eod = true
	case nrEOW:
		st.eow = true
	case nrMidnight:
		st.midnight = true
	case nrWeekend:
		st.weekend = 1
		if m.caps[0] == "next" {
			st.weekend = 2
		}
	case nrAtHour:
		h, _ := strconv.Atoi(m.caps[0])
		mi, _ := strconv.Atoi(m.caps[1])
		st.hour, st.min = h, mi
		st.bare = h >= 1 && h <= 12 && !strings.HasPrefix(m.caps[0], "0")
	case nrRange:
		st.applyRange(m)
	}
}

var yearAfter = regexp.MustCompile(`^\s*,?\s*((?:19|20|21)\d\d)\b`)

func amPm(s string) byte {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	return s[0]
}

func to24(h int, ap byte) int {
	switch ap {
	case 'a':
		if h == 12 {
			return 0
		}
	case 'p':
		if h < 12 {
			return h + 12
		}
	}
	return h
}

func (st *parseState) applyRange(m ruleMatch) {
	sh, _ := strconv.Atoi(m.caps[1])
	sm, _ := strconv.Atoi(m.caps[2])
	sap := amPm(m.caps[3])
	eh, _ := strconv.Atoi(m.caps[4])
	em, _ := strconv.Atoi(m.caps[5])
	eap := amPm(m.caps[6])
	if sh > 23 || eh > 23 || sm > 59 || em > 59 || (sap != 0 && sh > 12) || (eap != 0 && eh > 12) {
		return
	}
	if eap != 0 {
		eh = to24(eh, eap)
	}
	switch {
	case sap != 0:
		sh = to24(sh, sap)
	case sh >= 1 && sh < 12 && eap == 'p':
		// "6-8pm": the start shares the end's afternoon when that keeps it first.
		if (sh+12)*60+sm < eh*60+em {
			sh += 12
		}
	case sh >= 1 && sh < 12 && eap == 0:
		sh = bh.BareHour(sh, st.tonight)
	}
	if eap == 0 && eh >= 1 && eh < 12 && eh*60+em <= sh*60+sm {
		eh += 12 // "9-5": the end is the first such hour after the start
	}
	st.rng = true
	st.sh, st.sm, st.eh, st.em = sh, sm, eh, em
}

const pastDays = 60

func validDay(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func (st *parseState) resolve(now time.Time) (moment, bool) {
	var mo moment
	if st.invalid {
		return mo, false
	}
	loc := now.Location()
	y, mon, d := now.Date()
	at := func(day time.Time, h, mi int) time.Time {
		return time.Date(day.Year(), day.Month(), day.Day(), h, mi, 0, 0, loc)
	}
	today := time.Date(y, mon, d, 0, 0, 0, 0, loc)
	date := today
	named := false

	if st.month != 0 || st.day != 0 || st.year != 0 {
		yy := st.year
		if yy == 0 {
			yy = y
			if validDay(yy, st.month, st.day) &&
				time.Date(yy, time.Month(st.month), st.day, 0, 0, 0, 0, loc).Before(today.AddDate(0, 0, -pastDays)) {
				yy++
			}
			if !validDay(yy, st.month, st.day) && validDay(yy+1, st.month, st.day) {
				yy++ // Feb 29
			}
		}
		if yy < 1900 || yy > 2200 || !validDay(yy, st.month, st.day) {
			return mo, false
		}
		date = time.Date(yy, time.Month(st.month), st.day, 0, 0, 0, 0, loc)
		named = true
	}
	if st.months != 0 {
		date = date.AddDate(0, st.months, 0)
		named = true
	}
	bareWeekday := false
	if st.wd >= 0 {
		cur := int(date.Weekday())
		off := (st.wd - cur + 7) % 7
		if st.wdMode == "nextweek" {
			off = 7 - (cur+6)%7 + (st.wd+6)%7
		} else {
			bareWeekday = true
		}
		date = date.AddDate(0, 0, off)
		named = true
	}
	if st.hasDays {
		date = date.AddDate(0, 0, st.days)
		named = true
	}
	if date.Year() < 1900 || date.Year() > 2200 {
		return mo, false
	}

	switch {
	case st.dur != 0:
		base := time.Date(date.Year(), date.Month(), date.Day(), now.Hour(), now.Minute(), now.Second(), 0, loc)
		mo.t = base.Add(st.dur)
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	case st.weekend != 0:
		wd := int(today.Weekday())
		sat := today.AddDate(0, 0, 6-wd)
		if wd == 0 {
			sat = today.AddDate(0, 0, -1)
		}
		if st.weekend == 2 {
			mo.t = at(sat.AddDate(0, 0, 7), 12, 0)
		} else {
			mo.t = at(sat, 12, 0)
			if mo.t.Before(now) {
				mo.t = at(sat.AddDate(0, 0, 1), 23, 59)
			}
		}
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	case st.eow:
		wd := int(today.Weekday())
		mo.t = at(today.AddDate(0, 0, (5-wd+7)%7), 17, 0)
		if mo.t.Before(now) {
			mo.t = mo.t.AddDate(0, 0, 7)
		}
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	}

	if st.tonight {
		named = true // tonight is today
	}
	mo.dateNamed = named
	if st.rng {
		start, end := at(date, st.sh, st.sm), at(date, st.eh, st.em)
		if !end.After(start) {
			end = end.AddDate(0, 0, 1)
		}
		switch {
		case !named && !end.After(now):
			start, end = start.AddDate(0, 0, 1), end.AddDate(0, 0, 1)
		case bareWeekday && !end.After(now):
			start, end = start.AddDate(0, 0, 7), end.AddDate(0, 0, 7)
		}
		mo.t, mo.end, mo.hasEnd, mo.timeNamed = start, end, true, true
		return mo, true
	}

	h, mi := st.hour, st.min
	if h >= 0 && st.bare {
		h = bh.BareHour(h, st.tonight)
	}
	var t time.Time
	switch {
	case h >= 0:
		t = at(date, h, mi)
		mo.timeNamed = true
		if !named && !st.thisPart && t.Before(now) {
			t = t.AddDate(0, 0, 1)
		}
	case st.midnight:
		t = at(date, 23, 59)
		mo.timeNamed = true
	case st.tonight:
		t = at(date, bh.TonightDue, 0)
		if t.Before(now) {
			t = at(date, 23, 59)
		}
		mo.timeNamed = true
	case st.eod:
		t = at(date, 17, 0)
		if t.Before(now) {
			t = at(date, 23, 59)
		}
		mo.timeNamed = true
	case named:
		t = at(date, 23, 59)
		mo.allDay = true
	default:
		return mo, false
	}
	if bareWeekday && t.Before(now) {
		t = t.AddDate(0, 0, 7)
	}
	mo.t = t
	return mo, true
}

// dueLead are the words that make the date after them a due date.
var dueLead = []string{
	"due", "due by", "due on", "due date", "by", "before", "until", "till", "til", "deadline",
	"deadline is", "no later than", "expires", "expire", "expiring", "expires on", "latest",
	"on or before", "due in", "due within",
}

// dueBefore reports whether a due word comes right before index left.
func dueBefore(s string, left int) bool {
	p := s[max(0, left-24):left]
	p = strings.TrimRight(p, " :,-(")
	for _, c := range dueLead {
		if strings.HasSuffix(p, c) && (len(p) == len(c) || !isWord(p[len(p)-len(c)-1])) {
			return true
		}
	}
	return false
}
