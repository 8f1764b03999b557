package normalize

// This file: notes that raise a health question.

import (
	"regexp"
	"strings"
)

var tempRe = regexp.MustCompile(`\b(?:3[5-9]|4[0-2])(?:[.,]\d)?\s*(?:°|degrees)|\b(?:9[7-9]|10[0-6])(?:\.\d)?\s*(?:°|degrees)`)

// bareTempRe is a temperature written without a unit: one decimal in the
// range of a fever, Celsius or Fahrenheit ("37.9 under arm", "100.8"), not
// a price.
var bareTempRe = regexp.MustCompile(`(?:^|[^$\d.,])(?:3[7-9]|4[0-2]|99|10[0-6])[.,]\d(?:$|[^\d%])`)

// isMedical: a symptom or a health question, a medicine named outside a
// note about its supply, or a fever's temperature.
func isMedical(s string) bool {
	if isMood(s) || medicalWords.in(mask(s, notMedical)) {
		return true
	}
	if medicineWords.in(s) && !supplyWords.in(s) {
		return true
	}
	if (strings.Contains(s, "°") || strings.Contains(s, "degree")) && tempRe.MatchString(s) {
		return true
	}
	if bodyWords.in(s) && concernWords.in(s) {
		return true
	}
	return bareTempRe.MatchString(s) || tempNumberRe.MatchString(s)
}

// tempNumberRe is "temp 38", "temperature was 101": a reading, with or
// without decimals.
var tempNumberRe = regexp.MustCompile(`\btemp(?:erature)?\s*(?:of|is|was|at|=|:)?\s*\d`)

// isMood: the note is about the parent's own low mood or worry.
func isMood(s string) bool { return moodWords.in(s) }

// IsHealth reports whether text reads as a health concern, as a note's
// Medical flag does. The council asks it of a plan's own words, so a
// model's block that schedules a health check is refused even when it
// cites no health note.
func IsHealth(text string) bool { return isMedical(prepareText(text)) }
