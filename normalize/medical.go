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

// tempNumberRe is "temp 38", "temperature was 101": a reading, with or
// without decimals.
var tempNumberRe = regexp.MustCompile(`\btemp(?:erature)?\s*(?:of|is|was|at|=|:)?\s*\d`)

// feedingRe is a feed that does not happen or is too small: "cant feed",
// "wont take the bottle", "barely drinking", "isnt gaining", "too sleepy
// to feed". Read on text without apostrophes.
var feedingRe = regexp.MustCompile(`\b(?:cant|cannot|can not|wont|will not|isnt|not|stopped|stops|barely|hardly|refus(?:es|ed|ing)(?: to)?|too (?:sleepy|tired|weak) to)\s+(?:feed|feeding|finish|finishing|nurse|nursing|eat|eating|latch|latching|drink|drinking|suck|sucking|gain|gaining|take (?:the |a |her |his |any )?(?:bottle|boob|breast))\b`)

// wetDiaperRe is too few wet diapers; a wet diaper alone is a log of the
// day, not a worry.
var wetDiaperRe = regexp.MustCompile(`\b(?:no|only|just|not many|few|fewer|barely any|hasnt had an?y?|hasnt had a)\s+(?:\d+\s+|one\s+|two\s+|three\s+)?wet\s+(?:diaper|nappy|nappie)`)

// vaccineRe is something noticed after a vaccination ("fussy and warm after
// her vaccinations", "since the 4 month vaccines").
var vaccineRe = regexp.MustCompile(`\b(?:after|since|from|post)\b[^.,;!?]{0,20}\b(?:vaccin\w*|shots?|jabs?|immuni[sz]\w*|injections?)\b`)

// isMedical: a symptom or a health question, a medicine named outside a
// note about its supply, or a fever's temperature — of the family, not of
// someone else or a pet.
func isMedical(s string) bool {
	t := plain(s)
	if aboutSomeoneElse(t) {
		return false
	}
	if moodWords.in(t) || medicalWords.in(mask(t, notMedical)) {
		return true
	}
	if medicineWords.in(t) && !supplyWords.in(mask(t, notSupply)) {
		return true
	}
	if (strings.Contains(s, "°") || strings.Contains(s, "degree")) && tempRe.MatchString(s) {
		return true
	}
	if bodyWords.in(t) && concernWords.in(t) {
		return true
	}
	if feedingRe.MatchString(t) || wetDiaperRe.MatchString(t) || vaccineRe.MatchString(t) {
		return true
	}
	return bareTempRe.MatchString(s) || tempNumberRe.MatchString(s)
}

// plain drops apostrophes, so "won't" and "wont", "baby's" and "babys" read
// alike: the health word lists are written without them.
func plain(s string) string {
	if strings.IndexByte(s, '\'') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "'", "")
}

// aboutSomeoneElse: the note names someone outside the family, a person or
// a pet ("the dog is sick", "my coworker is out sick"), and no one in it
// (the baby, "I", "we"). Someone else unwell is not the family's health
// note.
func aboutSomeoneElse(t string) bool {
	if !otherPeople.in(t) {
		return false
	}
	return !familyWords.in(otherPeople.blank(t))
}

// isMood: the note is about the parent's own low mood or worry.
func isMood(s string) bool {
	t := plain(s)
	return moodWords.in(t) && !aboutSomeoneElse(t)
}

// IsHealth reports whether text reads as a health concern, as a note's
// Medical flag does. The council asks it of a plan's own words, so a
// model's block that schedules a health check is refused even when it
// cites no health note.
func IsHealth(text string) bool { return isMedical(prepareText(text)) }
