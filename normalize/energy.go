package normalize

// This file: what a note says about the parent's sleep and energy.

import (
	"regexp"
	"strconv"
	"strings"

	bh "github.com/babyhandoff/babyhandoff"
)

const numPattern = `(\d{1,2}(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?)`

var (
	sleptRe = regexp.MustCompile(`\bslept\s+(?:for\s+)?(?:(?:only|just|about|around|like|maybe|roughly|approx\.?|approximately|barely|under|<)\s+|~\s*)*` +
		numPattern + `(?:\s*(?:-|to|or)\s*` + numPattern + `)?\s*(?:h\b|hrs?\b|hours?\b)`)
	sleepRe = regexp.MustCompile(`(?:^|[^a-z0-9.])(?:~\s*)?` + numPattern + `(?:\s*(?:-|to|or)\s*` + numPattern +
		`)?\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:total\s+|broken\s+|interrupted\s+|straight\s+|solid\s+)?sleep\b`)
)

var numberWords = map[string]float64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "half a": 0.5,
	"half an": 0.5, "a couple": 2, "a couple of": 2, "couple": 2, "a few": 3, "few": 3,
}

func parseNumber(s string) float64 {
	s = strings.Join(strings.Fields(s), " ")
	if v, ok := numberWords[s]; ok {
		return v
	}
	if strings.Contains(s, "few") {
		return 3
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return v
}

// otherSubject reports whether the words just before i (in the same
// clause) are about the baby or someone else.
func otherSubject(s string, i int) bool {
	w := s[max(0, i-32):i]
	if k := strings.LastIndexAny(w, ".;!?\n,"); k >= 0 {
		w = w[k+1:]
	}
	for _, f := range strings.Fields(w) {
		if otherSubjects[strings.Trim(f, "\"'()*_:")] {
			return true
		}
	}
	return false
}

var energyRank = map[bh.Energy]int{bh.EnergyLow: 1, bh.EnergyMedium: 2, bh.EnergyHigh: 3}

func readEnergy(s string) (bh.Energy, float64) {
	var e bh.Energy
	note := func(v bh.Energy) {
		if e == "" || energyRank[v] < energyRank[e] {
			e = v
		}
	}
	hours := -1.0
	for i, re := range []*regexp.Regexp{sleptRe, sleepRe} {
		if hours >= 0 || !strings.Contains(s, []string{"slept", "sleep"}[i]) {
			continue
		}
		for _, idx := range re.FindAllStringSubmatchIndex(s, 4) {
			if otherSubject(s, idx[2]) || strings.HasPrefix(strings.TrimLeft(s[idx[1]:], " "), "ago") {
				continue // the baby's sleep; "slept 3 hours ago"
			}
			a := parseNumber(s[idx[2]:idx[3]])
			b := a
			if idx[4] >= 0 {
				b = parseNumber(s[idx[4]:idx[5]])
			}
			if a <= 0 || b <= 0 || a > 24 || b > 24 {
				continue
			}
			hours = (a + b) / 2
			break
		}
	}
	if hours >= 0 {
		switch {
		case hours < 5:
			note(bh.EnergyLow)
		case hours < 7:
			note(bh.EnergyMedium)
		default:
			note(bh.EnergyHigh)
		}
	}
	if lowEnergy.in(s) {
		note(bh.EnergyLow)
	}
	if mediumEnergy.in(s) {
		note(bh.EnergyMedium)
	}
	if highEnergy.in(s) {
		note(bh.EnergyHigh)
	}
	for _, p := range highSleep {
		if i := wordIndex(s, p); i >= 0 && !otherSubject(s, i) {
			note(bh.EnergyHigh)
			break
		}
	}
	for _, p := range napPhrases {
		if i := wordIndex(s, p); i >= 0 && !otherSubject(s, i) {
			note(bh.EnergyMedium)
			break
		}
	}
	if hours < 0 {
		hours = 0
	}
	return e, hours
}
