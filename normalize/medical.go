package normalize

// This file: notes that raise a health question.

import (
	"regexp"
	"strings"
)

var tempRe = regexp.MustCompile(`\b(?:3[5-9]|4[0-2])(?:[.,]\d)?\s*(?:°|degrees)|\b(?:9[7-9]|10[0-6])(?:\.\d)?\s*(?:°|degrees)`)

func isMedical(s string) bool {
	if medicalWords.in(mask(s, notMedical)) {
		return true
	}
	return (strings.Contains(s, "°") || strings.Contains(s, "degree")) && tempRe.MatchString(s)
}
