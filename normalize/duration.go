package normalize

// This file: how long a thing takes ("15 min", "an hour").

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

var (
	durRe      = regexp.MustCompile(`(?:^|[^a-z0-9.:/<-])(\d{1,4}(?:\.\d+)?)\s*(?:(?:-|to)\s*(\d{1,4}(?:\.\d+)?)\s*)?(mins?|minutes?|m|hrs?|hours?|h)\b`)
	durHMRe    = regexp.MustCompile(`\b(\d{1,2})\s*(?:h|hrs?|hours?)\s*(?:and\s+)?(\d{1,2})\s*(?:m|mins?|minutes?)\b|\b(\d{1,2})h(\d{2})\b`)
	durWordsRe = regexp.MustCompile(`\b(an hour and a half|hour and a half|half an hour|half hour|an hour|one hour|two hours|three hours|a couple (?:of )?hours|couple (?:of )?hours|(?:five|ten|fifteen|twenty|thirty|forty|forty-five|ninety) (?:mins?|minutes))\b`)
)

var durWords = map[string]time.Duration{
	"an hour and a half": 90 * time.Minute, "hour and a half": 90 * time.Minute,
	"half an hour": 30 * time.Minute, "half hour": 30 * time.Minute, "an hour": time.Hour,
	"one hour": time.Hour, "two hours": 2 * time.Hour, "three hours": 3 * time.Hour,
	"a couple hours": 2 * time.Hour, "a couple of hours": 2 * time.Hour,
	"couple hours": 2 * time.Hour, "couple of hours": 2 * time.Hour,
	"five": 5 * time.Minute, "ten": 10 * time.Minute, "fifteen": 15 * time.Minute,
	"twenty": 20 * time.Minute, "thirty": 30 * time.Minute, "forty": 40 * time.Minute,
	"forty-five": 45 * time.Minute, "ninety": 90 * time.Minute,
}

var durBefore = map[string]bool{
	"in": true, "within": true, "every": true, "slept": true, "sleep": true, "nap": true,
	"napped": true, "than": true, "under": true, "last": true, "past": true, "after": true,
	"only": false,
}

var durAfter = regexp.MustCompile(`^\s*(?:ago|left|old|late|early|later|apart|behind|of sleep|sleep|nap|straight|stretch|of (?:broken |interrupted )?sleep)\b`)

// durOK rejects "in 2 hours", "every 3 hours", "3 hours ago", sleep.
func durOK(s string, left, right int) bool {
	j := left
	for j > 0 && s[j-1] == ' ' {
		j--
	}
	if j > 0 && s[j-1] == '<' {
		return false // "wipes < 12h" is a horizon
	}
	prev := prevWord(s, left)
	if durBefore[prev] {
		return false
	}
	if prev != "" {
		if pp := prevWord(s, left-len(prev)-1); pp == "slept" || pp == "every" || pp == "in" {
			return false // "slept only 3h", "every other 3h"
		}
	}
	return !durAfter.MatchString(s[right:])
}

func durUnit(u string) time.Duration {
	if strings.HasPrefix(u, "h") {
		return time.Hour
	}
	return time.Minute
}

func duration(s string) (time.Duration, time.Duration) {
	if !strings.ContainsAny(s, "0123456789") && !strings.Contains(s, "hour") && !strings.Contains(s, "min") {
		return 0, 0
	}
	bestLeft := len(s) + 1
	var lo, hi time.Duration
	hasDigit := strings.ContainsAny(s, "0123456789")
	var hm [][]int
	if hasDigit && digitThen(s, "h") {
		hm = durHMRe.FindAllStringSubmatchIndex(s, 4)
	}
	for _, idx := range hm {
		if idx[0] < bestLeft && durOK(s, idx[0], idx[1]) {
			g := 2
			if idx[2] < 0 {
				g = 6
			}
			h, _ := strconv.Atoi(s[idx[g]:idx[g+1]])
			m, _ := strconv.Atoi(s[idx[g+2]:idx[g+3]])
			if m < 60 {
				lo = time.Duration(h)*time.Hour + time.Duration(m)*time.Minute
				hi, bestLeft = lo, idx[0]
			}
			break
		}
	}
	var nums [][]int
	if hasDigit && digitThen(s, "mh") {
		nums = durRe.FindAllStringSubmatchIndex(s, 8)
	}
	for _, idx := range nums {
		left := idx[2]
		if left >= bestLeft {
			break
		}
		if !durOK(s, left, idx[1]) {
			continue
		}
		unit := durUnit(s[idx[6]:idx[7]])
		a, err := strconv.ParseFloat(s[idx[2]:idx[3]], 64)
		if err != nil || a <= 0 || a*float64(unit) > float64(7*oneDay) {
			continue
		}
		b := a
		if idx[4] >= 0 {
			if v, err := strconv.ParseFloat(s[idx[4]:idx[5]], 64); err == nil && v > 0 && v*float64(unit) <= float64(7*oneDay) {
				b = v
			}
		}
		if b < a {
			a, b = b, a
		}
		lo, hi = time.Duration(a*float64(unit)).Round(time.Minute), time.Duration(b*float64(unit)).Round(time.Minute)
		bestLeft = left
		break
	}
	for _, idx := range findAll(durWordsRe, s, 4, "hour", "min") {
		if idx[2] >= bestLeft {
			break
		}
		if !durOK(s, idx[2], idx[3]) {
			continue
		}
		w := s[idx[2]:idx[3]]
		d, ok := durWords[w]
		if !ok {
			d = durWords[strings.Fields(w)[0]]
		}
		if d > 0 {
			lo, hi = d, d
			break
		}
	}
	return lo, hi
}
