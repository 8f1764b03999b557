package normalize

// This file: temperatures, as parents write them: a reading with or
// without its unit, a fever said in words, and whether a reading is a
// fever, a low one or in the normal range.

import (
	"strconv"
	"strings"
)

var tempRe = guard(`\b(?:3[5-9]|4[0-2])(?:[.,]\d)?\s*(?:°|degrees)|\b(?:9[7-9]|10[0-6])(?:\.\d)?\s*(?:°|degrees)`)

// bareTempRe is a temperature written without a unit: one decimal in the
// range of a fever, Celsius or Fahrenheit ("37.9 under arm", "100.8"), not
// a price.
var bareTempRe = guard(`(?:^|[^$\d.,])(?:3[7-9]|4[0-2]|99|10[0-6])[.,]\d(?:$|[^\d%])`)

// tempNumberRe is "temp 38", "temperature was 101": a reading, with or
// without decimals.
var tempNumberRe = guard(`\btemp(?:erature)?\s*(?:(?:[=:]|about|armpit|around|at|back to|climbed|climbing|down to|dropped to|got to|has been|hit|hitting|is|jumped|just|measured|now|of|only|peaked|reached|read|reading|reads|rectal|rising|rose|said|says|showed|showing|shows|spiked|spikes|spiking|still|this evening|this morning|to|tonight|under ?arm|up to|was|went to|went up)\s*)*\d[\d.,]*`)

// feelsHotRe is someone feeling hot: "she feels warm", "baby is burning
// up", "i feel hot and shivery"; a room that feels hot is not.
var feelsHotRe = guard(`\b(?:baby|babys|body|bub|chest|forehead|he|head|her|hes|him|his|i|im|lo|she|shes|skin|tummy)\s+(?:\w+\s+)?(?:been|feel|feeling|feels|felt|getting|got|is|looks|running|s|seemed|seems|was)\s+(?:\w+\s+)?(?:boiling|burning|clammy|hot|roasting|warm)\b`)

// feverFigure: t reads a fever in a figure, named ("temp 38.4") or bare
// ("38.9 this morning", read with the units of other figures blanked).
func feverFigure(t string) bool {
	return feverReading(t, tempNumberRe) || feverReading(unitNumberRe.ReplaceAllStringFunc(t, spaces), bareTempRe)
}

// degreesFever: a fever said in degrees ("39°", "101 degrees").
func degreesFever(t string) bool {
	return (strings.Contains(t, "°") || strings.Contains(t, "degree")) && feverReading(t, tempRe)
}

// feverReading: a temperature in t read by re is a concern: a fever or a
// low one. A reading in the normal range ("temp 36.8, all good") is a log,
// unless the note asks about it; a figure not read as degrees keeps the
// old reading (a concern).
func feverReading(t string, re *guardedRe) bool {
	for _, m := range re.FindAllString(t, -1) {
		v, ok := readingValue(m)
		// A low reading said to be low ("temp only 36.0") is a concern
		// a little above the line.
		low := v < 36 || v < 36.5 && (lowSaid.MatchString(m) || newbornCold.MatchString(t))
		if !ok || low || v >= 37.5 && v < 45 || v >= 45 && v < 96.8 || v >= 99.5 || strings.Contains(t, "?") {
			return true
		}
	}
	return false
}

// newbornCold: a note about a newborn or a baby cold to the touch, where
// a reading just under 36.5 is low.
var newbornCold = guard(`\b(?:cold|chilly|days? old|newborn|nb|\d+\s*(?:d|days?)\s*old)\b`)

var lowSaid = guard(`\b(?:down to|dropped to|just|only)\b`)

var readingNumber = guard(`\d+(?:[.,]\d+)?`)

// readingValue is the first number of a temperature match; ok is false
// when it is not one a thermometer shows (an hour, a count).
func readingValue(m string) (float64, bool) {
	n := strings.Replace(readingNumber.FindString(m), ",", ".", 1)
	v, err := strconv.ParseFloat(n, 64)
	if err != nil || v < 34 || v > 43 && v < 93 || v > 110 {
		return 0, false
	}
	return v, true
}

// lowBareRe is a low reading written without a unit or "temp": "35.8
// even with a hat on", "35.9 rectal", "low again 36.0 so i put his hat
// on" (under 36.5 °C, 97.5 °F, is cold for a baby), "under 36 again, skin
// cool". Only in a note that speaks of cold or of taking a temperature
// (lowContext), and not a length or a weight ("head 35.8 cm").
var lowBareRe = guard(`(?:^|[^$\d.,])(?:3[45][.,]\d|36[.,][0-4]|9[4-6][.,]\d|97[.,][0-4])(?:\s*([a-z%]+))?` +
	`|\b(?:under|below|less than)\s+(?:36|97)\b(?:\s*([a-z%]+))?`)

var lowContext = indexPlain([]string{"cold", "chilly", "temp", "temps", "temperature", "thermometer", "rectal",
	"armpit", "under the arm", "under her arm", "under his arm", "underarm", "skin to skin", "low", "hat", "blanket",
	"shivering", "feels cool", "cool to"})

var notDegrees = map[string]bool{"cm": true, "cms": true, "mm": true, "kg": true, "kgs": true, "g": true, "lb": true,
	"lbs": true, "oz": true, "percent": true, "%": true, "weeks": true, "wks": true, "wk": true, "w": true, "in": true,
	"inches": true, "ml": true, "mls": true, "months": true, "month": true, "mo": true, "mos": true, "m": true,
	"years": true, "yrs": true, "days": true}

// lowReading: a bare reading under 36 in a note about cold or a
// temperature.
func lowReading(t string) bool {
	if !lowContext.in(t) {
		return false
	}
	for _, m := range lowBareRe.FindAllStringSubmatch(t, -1) {
		if !notDegrees[m[1]+m[2]] { // the unit of one alternative or the other
			return true
		}
	}
	return false
}

// unitNumberRe is a number with a unit that is not a temperature's: "38.5
// hours of labour", "37.5 weeks". Blanked before a bare reading is read.
var unitNumberRe = guard(`\b\d+(?:[.,]\d+)?\s*(?:hours?|hrs?|h|mins?|minutes?|weeks?|wks?|kg|kgs|lbs?|cm|mm|oz|ml|mls|%|percent|months?|days?|secs?|seconds?)\b`)

// thermometerRe is a thermometer's reading of a fever: "thermometer
// reading 38", "thermometer says 101". A room's or a fridge's reading
// ("thermometer says 19") is not in the range.
var thermometerRe = guard(`\bthermometer\s+(?:at|is|read|reading|reads|said|says|showed|showing|shows|was)\s+(?:3[89]|4[01]|10[0-5])(?:[.,]\d)?\b`)

// normalReadingRe is a reading with a decimal in the normal band, in
// Celsius or Fahrenheit: "36.6", "37,1", "98.4".
var normalReadingRe = guard(`(?:^|[^\d.,])(3[67][.,]\d|9[6-9][.,]\d)(?:$|[^\d%])`)

// warmFeltRe is a warmth felt, said of anyone or of no one ("felt warm so
// i checked"): blanked with the reading that answers it.
var warmFeltRe = guard(`(?:\b(?:baby|babys|body|bub|chest|forehead|he|head|her|hes|him|his|lo|she|shes|skin|tummy)\s+(?:\w+\s+)?)?\b(?:feel|feeling|feels|felt|seemed|seems)\s+(?:a bit\s+|a little\s+|bit\s+|kinda\s+|quite\s+|really\s+|so\s+|very\s+)?(?:hot|warm|warmish)\b`)

// warmthCause names what made a baby warm: a warmth felt is answered by a
// normal reading only beside its cause ("just the blanket"); without one
// ("she felt warm, 37.2, had her jabs yesterday") the note is still read.
var warmthCause = indexPlain([]string{"blanket*", "wrap*", "swaddl*", "carrier", "sling", "car seat", "in the car", "sun",
	"bath", "hat", "layers", "bundled", "onesie", "sleeping bag", "heater", "radiator", "snuggl*", "cuddl*",
	"skin to skin", "against me", "on me", "from me", "pram", "buggy", "stroller", "nap", "napping", "after sleep", "just woke"})

// tempWordRe is the name of a temperature.
var tempWordRe = guard(`\btemp(?:erature)?s?\b`)

// blankNormalTemp: a temperature taken and found normal ("checked her
// temp before bed, 36.6") is a log, so its name is blanked; so is a
// warmth felt that the reading answers ("felt warm so i checked, 37.0,
// just the blanket"); not when any reading in the note is out of the band
// or the note asks.
func blankNormalTemp(t string) string {
	// A warmth still doubted ("feels hot to me but thermometer says 98.9,
	// checking again") is watched, not answered.
	named := tempNames.in(t)
	felt := warmFeltRe.MatchString(t) && warmthCause.in(t) && !watchAgain.in(t) && !strings.Contains(t, " but ")
	if !named && !felt || strings.Contains(t, "?") || askedRe.MatchString(t) || !normalReadingRe.may(t) {
		return t
	}
	ms := normalReadingRe.FindAllStringSubmatch(t, -1)
	if len(ms) == 0 {
		return t
	}
	for _, m := range ms {
		v, err := strconv.ParseFloat(strings.Replace(m[1], ",", ".", 1), 64)
		if err != nil || v < 36.0 || v >= 37.5 && v < 96.8 || v >= 99.5 {
			return t
		}
	}
	if feverFigure(t) {
		return t
	}
	if felt {
		t = warmFeltRe.ReplaceAllStringFunc(t, spaces)
	}
	return tempWordRe.ReplaceAllStringFunc(t, spaces)
}

// watchedSign: a vital sign watched (watchRe), unless all that is watched
// is the temperature and the note's reading is normal (blankNormalTemp).
func watchedSign(s string) bool {
	if !watchRe.MatchString(s) {
		return false
	}
	for _, m := range watchRe.FindAllString(s, -1) {
		if !tempWordRe.MatchString(m) {
			return true
		}
	}
	// Watched again and again is a watch, whatever the last reading.
	return watchAgain.in(s) || blankNormalTemp(s) == s
}

var watchAgain = indexPlain([]string{"every", "hourly", "each hour", "all night", "through the night", "keep", "keeping", "again"})
