package normalize

// This file: reading a note's text: masking, titles, clauses, word indexes.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	bh "github.com/babyhandoff/babyhandoff"
)

const maxScan = 1000

var entities = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")

// masked are phrases that look like cues but are not.
var masked = []string{"at the end of the day", "due to "}

// prepareText lowercases ASCII, maps typographic dashes and quotes to ASCII,
// replaces invalid UTF-8 and control characters by spaces and cuts the text
// to maxScan bytes.
func prepareText(text string) string {
	var b strings.Builder
	if len(text) < maxScan {
		b.Grow(len(text))
	} else {
		b.Grow(maxScan + 4)
	}
	for i := 0; i < len(text) && b.Len() < maxScan; {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteByte(' ')
		case r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case r == '\n':
			b.WriteByte('\n')
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
		default:
			switch r {
			case '–', '—', '‒', '―', '−', '‐', '‑':
				b.WriteByte('-')
			case '‘', '’', 'ʼ', '′':
				b.WriteByte('\'')
			case '“', '”':
				b.WriteByte('"')
			case '≤', '＜':
				b.WriteByte('<')
			case '〜', '～', '≈':
				b.WriteByte('~')
			case '：':
				b.WriteByte(':')
			case '\u2028', '\u2029':
				b.WriteByte('\n')
			default:
				if unicode.IsSpace(r) || unicode.IsControl(r) {
					b.WriteByte(' ')
				} else {
					b.WriteRune(r)
				}
			}
		}
	}
	s := b.String()
	if strings.IndexByte(s, '&') >= 0 {
		s = entities.Replace(s)
	}
	return mask(respell(s), masked)
}

// spellings maps what thumbs type at 3 a.m. to the words the time rules
// read: shorthand ("tmrw", "2nite", "thurs") and common misspellings of
// "tomorrow" and the weekdays. Only the text that is read changes; a
// note's title keeps what the person wrote.
var spellings = func() map[string]string {
	m := map[string]string{}
	for canon, forms := range bh.DaySpellings { // the day words /plan reads alike
		for _, f := range forms {
			m[f] = canon
		}
	}
	for canon, forms := range map[string][]string{
		"monday":    {"mondy", "monady"},
		"tuesday":   {"tues", "tusday", "teusday", "tuseday", "tuesdy"},
		"wednesday": {"weds", "wendsday", "wensday", "wednsday", "wedensday", "wednesdy", "wedsday", "wednseday"},
		"thursday":  {"thurs", "thrus", "thrusday", "thursay", "thurday", "thurdsay", "thusday"},
		"friday":    {"firday", "fridy", "frday", "fryday"},
		"saturday":  {"saterday", "satruday", "saturady", "satuday", "saturdy"},
		"sunday":    {"sundy", "sunady"},
	} {
		for _, f := range forms {
			m[f] = canon
		}
	}
	return m
}()

// respell replaces whole words of s (lowercase) found in spellings.
func respell(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isWord(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isWord(s[j]) {
			j++
		}
		if canon, ok := spellings[s[i:j]]; ok {
			if last == 0 {
				b.Grow(len(s) + 16)
			}
			b.WriteString(s[last:i])
			b.WriteString(canon)
			last = j
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// mask blanks out phrases, keeping byte offsets.
func mask(s string, phrases []string) string {
	for _, p := range phrases {
		if strings.Contains(s, p) {
			s = strings.ReplaceAll(s, p, strings.Repeat(" ", len(p)))
		}
	}
	return s
}

// titleOf is the text on one line, whitespace collapsed, without a leading
// bullet, at most 120 runes.
func titleOf(text string) string { return titleN(text, 120) }

// titleN is titleOf cut at limit runes.
func titleN(text string, limit int) string {
	text = strings.TrimLeftFunc(text, unicode.IsSpace)
	for _, bullet := range []string{"- ", "* ", "• ", "· ", "▪ "} {
		if strings.HasPrefix(text, bullet) {
			text = text[len(bullet):]
			break
		}
	}
	var b strings.Builder
	runes := 0
	pending := false
	for _, r := range text {
		if runes > limit+1 {
			break
		}
		if unicode.IsSpace(r) || r == '\u2028' || r == '\u2029' {
			pending = true
			continue
		}
		if unicode.IsControl(r) {
			continue
		}
		if r == utf8.RuneError {
			r = '\uFFFD'
		}
		if pending && b.Len() > 0 {
			b.WriteByte(' ')
			runes++
		}
		pending = false
		b.WriteRune(r)
		runes++
	}
	return bh.Truncate(b.String(), limit)
}

// splitClauses splits prepared text at sentence punctuation and newlines.
func splitClauses(s string) []string {
	var out []string
	eachClause(s, func(c string, _ int) { out = append(out, c) })
	return out
}

// clause is one of a note's clauses (splitClauses), where it starts in
// the note, and the cuts between its parts (partCuts).
type clause struct {
	text string
	off  int
	cuts [][]int
}

// noteClauses are s's clauses with their offsets: a note's parts are
// cut once for every reader of them (withoutLogs, isChore).
func noteClauses(s string) []clause {
	var out []clause
	eachClause(s, func(c string, off int) { out = append(out, clause{text: c, off: off}) })
	return out
}

// partCuts are the cuts between c's parts (partCut), each [start, end) in
// c, then the empty cut at its end; cut on first use, once.
func (c *clause) partCuts() [][]int {
	if c.cuts == nil {
		c.cuts = append(partCut.FindAllStringIndex(c.text, -1), []int{len(c.text), len(c.text)})
	}
	return c.cuts
}

// eachClause calls f with each clause of s, trimmed and not empty, and
// the offset in s where it starts.
func eachClause(s string, f func(c string, off int)) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !clauseEnd(s, i) {
			continue
		}
		raw := s[start:i]
		lead := strings.TrimLeftFunc(raw, unicode.IsSpace)
		if c := strings.TrimRightFunc(lead, unicode.IsSpace); c != "" {
			f(c, start+len(raw)-len(lead))
		}
		start = i + 1
	}
}

// clauseEnd reports whether s[i] ends a clause: a newline, ";", "!", "?",
// or a full stop before a space, a newline or the end (not "5.30",
// "3.5oz").
func clauseEnd(s string, i int) bool {
	switch s[i] {
	case '\n', ';', '!', '?':
		return true
	case '.':
		return i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n'
	}
	return false
}

func isWord(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// wordIndex finds w in s as a whole word or phrase; a trailing '*' in w
// accepts any ending ("cough*" finds "coughing").
func wordIndex(s, w string) int {
	prefix := false
	if strings.HasSuffix(w, "*") {
		w, prefix = w[:len(w)-1], true
	}
	if w == "" {
		return -1
	}
	for from := 0; from+len(w) <= len(s); {
		j := strings.Index(s[from:], w)
		if j < 0 {
			return -1
		}
		j += from
		end := j + len(w)
		if (j == 0 || !isWord(s[j-1]) || !isWord(w[0])) &&
			(prefix || end == len(s) || !isWord(s[end]) || !isWord(w[len(w)-1])) {
			return j
		}
		from = j + 1
	}
	return -1
}

// phraseIndex is a list of phrases indexed by their first two bytes, so a
// text is read once per list rather than once per phrase.
type phraseIndex map[string][]string

func indexPhrases(list []string) phraseIndex {
	p := phraseIndex{}
	for _, w := range list {
		if len(w) >= 2 && isWord(w[0]) {
			p[w[:2]] = append(p[w[:2]], w)
		}
	}
	return p
}

// phrasesOf is every phrase of one word of each list, in order, joined by
// spaces ("" leaves a list's word out).
func phrasesOf(lists ...[]string) []string {
	out := []string{""}
	for _, l := range lists {
		var next []string
		for _, p := range out {
			for _, w := range l {
				switch {
				case w == "":
					next = append(next, p)
				case p == "":
					next = append(next, w)
				default:
					next = append(next, p+" "+w)
				}
			}
		}
		out = next
	}
	return out
}

// indexPlain is indexPhrases for text read without apostrophes (plain):
// "won't" is listed as "wont".
func indexPlain(list []string) phraseIndex {
	out := make([]string, len(list))
	for i, w := range list {
		out[i] = strings.ReplaceAll(w, "'", "")
	}
	return indexPhrases(out)
}

// at reports whether one of the phrases starts at s[i:] and ends at a word
// boundary (or anywhere, for a phrase ending in '*').
func (p phraseIndex) at(s string, i int) bool { return p.matchLen(s, i) > 0 }

// matchLen is the length of the longest phrase that starts at s[i:] and
// ends at a word boundary (a phrase ending in '*' covers the rest of its
// word), or 0.
func (p phraseIndex) matchLen(s string, i int) int {
	if i+2 > len(s) {
		return 0
	}
	best := 0
	for _, w := range p[s[i:i+2]] {
		prefix := strings.HasSuffix(w, "*")
		if prefix {
			w = w[:len(w)-1]
		}
		if strings.HasPrefix(s[i:], w) {
			end := i + len(w)
			if prefix {
				for end < len(s) && isWord(s[end]) {
					end++
				}
			}
			if (prefix || end == len(s) || !isWord(s[end]) || !isWord(w[len(w)-1])) && end-i > best {
				best = end - i
			}
		}
	}
	return best
}

// blank is s with every phrase of p blanked out, keeping byte offsets.
func (p phraseIndex) blank(s string) string { return blankBy(p, s) }

// in reports whether s holds one of the phrases as whole words.
func (p phraseIndex) in(s string) bool { return inBy(p, s) }

// phraseMatcher finds the longest phrase starting at s[i:]: a phraseIndex,
// or a kinIndex that builds its phrases from parts.
type phraseMatcher interface {
	matchLen(s string, i int) int
}

// blankBy is s with every phrase of p blanked out, keeping byte offsets.
func blankBy[M phraseMatcher](p M, s string) string {
	var b []byte
	for i := 0; i+2 <= len(s); i++ {
		if !isWord(s[i]) || (i > 0 && isWord(s[i-1])) {
			continue
		}
		if n := p.matchLen(s, i); n > 0 {
			if b == nil {
				b = []byte(s)
			}
			for j := i; j < i+n; j++ {
				b[j] = ' '
			}
			i += n - 1
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// inBy reports whether s holds one of the phrases of p as whole words.
func inBy[M phraseMatcher](p M, s string) bool {
	for i := 0; i+2 <= len(s); i++ {
		if isWord(s[i]) && (i == 0 || !isWord(s[i-1])) && p.matchLen(s, i) > 0 {
			return true
		}
	}
	return false
}

// kinIndex is a phraseIndex of people (base) and, built from parts rather
// than listed, each person's kin said with a possessive: a determiner or
// none ("my ", "our ", "the "), a name of names and "s " ("sister's"
// read plain), and a kin word ("sisters baby", "my neighbours kid"). It
// reads as the phraseIndex of all those phrases would, without holding
// them: listed, they were some 8,000 strings.
type kinIndex struct {
	base, names, kin phraseIndex
}

var kinDeterminers = []string{"", "my ", "our ", "the "}

func (k kinIndex) matchLen(s string, i int) int {
	best := k.base.matchLen(s, i)
	for _, d := range kinDeterminers {
		if !strings.HasPrefix(s[i:], d) {
			continue
		}
		j := i + len(d)
		if j+2 > len(s) {
			continue
		}
		for _, n := range k.names[s[j:j+2]] {
			m := j + len(n) + 2
			if m > len(s) || !strings.HasPrefix(s[j:], n) || s[m-2] != 's' || s[m-1] != ' ' {
				continue
			}
			if l := k.kin.matchLen(s, m); l > 0 && m+l-i > best {
				best = m + l - i
			}
		}
	}
	return best
}

func (k kinIndex) at(s string, i int) bool { return k.matchLen(s, i) > 0 }
func (k kinIndex) in(s string) bool        { return inBy(k, s) }
func (k kinIndex) blank(s string) string   { return blankBy(k, s) }
