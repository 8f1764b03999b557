package normalize

import (
	"strconv"
	"strings"
)

// This file: what goes in and what comes out, read by the shape of the
// phrase: a feed far too small however it is worded, weight lost since
// birth, a count of wet nappies too low for the time it covers, and no
// wee or poo at all.

// littleFeedRe is a feed that was very small: "drink very little since
// yesterday", "no eat good", "barely fed all day".
var littleFeedRe = guard(`\b(?:ate|drank|drink|drinking|drinks|eat|eating|eats|fed|feed|feeding|feeds|nurse|nursed|nurses|nursing|take|takes|taking|took)\s+(?:barely|hardly|only|really|so|too|v|very)\s+little\b` +
	`|\b(?:didnt|doesnt|dont|no|not|wont)\s+(?:drink|eat|feed|nurse)\s+(?:anything|enough|good|much|nothing|well)\b` +
	`|\b(?:barely|hardly)\s+(?:eaten|fed|feeding|nursed|nursing)\b`)

// weightLossRe is the baby's weight lost by a share or against birth
// weight: "shes lost 12% since birth", "still below birth weight". A
// share is read only said of the baby or since birth, in a note about
// weight (weightContext): "i lost 10% of my baby weight" is the parent's.
var weightLossRe = guard(`\b(?:baby|babys|bub|dd|ds|has|hasnt|he|hes|lo|she|shes|weight)\s+(?:\w+\s+){0,2}?(?:down|dropped|losing|lost)\s+(?:\w+\s+){0,2}?\d+(?:[.,]\d+)?\s*(?:%|percent|per cent)` +
	`|\d+(?:[.,]\d+)?\s*(?:%|percent|per cent)\s+(?:\w+\s+){0,2}?(?:below|from|of|since|under)\s+(?:her\s+|his\s+)?birth`)

// weightGramsRe is weight lost in grams or down to a newborn's weight in
// kilograms ("lost 300g", "weight down 40g since tuesday", "down to 3.1kg
// at the day 5 check"): a parent does not weigh herself in grams or at
// three kilos, so the figure says whose weight it is.
var weightGramsRe = guard(`\b(?:down|dropped|losing|lost)\s+(?:another\s+|about\s+|around\s+|nearly\s+|almost\s+)?\d+\s*(?:g|gr|grams?)\b` +
	`|\b(?:down|dropped)\s+to\s+[1-5][.,]\d+\s*(?:kg|kgs|kilos?)\b`)

// weighedRe is a weight now beside a heavier one at birth: "weighed
// 3.0kg today, was 3.4 at birth" (weighedLess compares them).
var weighedRe = guard(`\b(?:weighed|weighing|weighs|weight)\s+(?:is\s+|was\s+|now\s+|in at\s+|at\s+)?([1-6][.,]\d+)\s*(?:kg|kgs|kilos?)?\b[^.;!?]{0,30}?\bwas\s+([1-6][.,]\d+)\s*(?:kg|kgs|kilos?)?\s+(?:at|from)\s+birth\b`)

func weighedLess(t string) bool {
	for _, re := range []*guardedRe{weighedRe, weighedThenRe, kilosBirthRe} {
		for _, m := range re.FindAllStringSubmatch(t, -1) {
			if less(strings.ReplaceAll(m[1], ",", "."), strings.ReplaceAll(m[2], ",", ".")) {
				return true
			}
		}
	}
	for _, m := range birthThenRe.FindAllStringSubmatch(t, -1) {
		birth := m[1] + m[2] // one of the two is empty
		if less(strings.ReplaceAll(m[3], ",", "."), strings.ReplaceAll(birth, ",", ".")) {
			return true
		}
	}
	for _, m := range weighedPoundsRe.FindAllStringSubmatch(t, -1) {
		if ounces(m[1], m[2]) < ounces(m[3], m[4]) {
			return true
		}
	}
	return weightLoseRe.MatchString(t)
}

// weighedThenRe is a weight now beside the one before, however the
// earlier is said: "weight 3.2 at neuvola, birth 3.5", "weighed at clinic
// 3.1 kg, birth was 3.4", "weighed 3.2kg, birth weight 3.5kg".
var weighedThenRe = guard(`\b(?:weighed|weighing|weighs|weight|weigh in|weigh-in)\s+(?:\w+\s+){0,3}?([1-9][.,]\d+)\s*(?:kg|kgs|kilos?)?(?:\s|,|$)[^.;!?]{0,30}?\b(?:birth(?:\s+weight)?|birth\s+was|at birth|last time|last week|he was|she was|was)\s*(?:was\s+|is\s+|:\s*)?([1-9][.,]\d+)`)

// kilosBirthRe is a weight in kilos beside the birth weight, with no word
// for weighing ("3.1 kg, birth was 3.4"): a clinic visit's "weighed at
// clinic" is blanked as an appointment before the figures are read.
var kilosBirthRe = guard(`\b([1-9][.,]\d+)\s*(?:kg|kgs|kilos?)\b[^.;!?]{0,20}?\bbirth\s+(?:weight\s+)?(?:was\s+|is\s+|:\s*)?([1-9][.,]\d+)`)

// birthThenRe is the birth weight said first, the weight now after it:
// "birth weight 3.5, today 3.2", "she was 3.5 at birth, now 3.2".
var birthThenRe = guard(`\b(?:birth(?:\s+weight)?\s*(?:was\s+|is\s+|:\s*|of\s+)?([1-9][.,]\d+)|(?:was|weighed)\s+([1-9][.,]\d+)\s*(?:kg|kgs|kilos?)?\s+at\s+birth)\s*(?:kg|kgs|kilos?)?[^.;!?]{0,20}?\b(?:today|now|this week|at the check|at clinic|at the clinic)\s*(?:is\s+|was\s+|:\s*|only\s+)?([1-9][.,]\d+)`)

// weighedPoundsRe is the same in pounds and ounces: "weighed him at
// clinic, 7lb 2oz, he was 7lb 10".
var weighedPoundsRe = guard(`\b(?:weighed|weighing|weighs|weight)\b[^.;!?]{0,30}?\b(\d{1,2})\s*(?:lb|lbs|pounds?)\s*(?:(\d{1,2})\s*(?:oz|ounces?)?)?[^.;!?]{0,25}?\b(?:birth(?:\s+weight)?|birth\s+was|at birth|last time|last week|he was|she was|was)\s*(?:was\s+|is\s+|:\s*)?(\d{1,2})\s*(?:lb|lbs|pounds?)\s*(?:(\d{1,2})\s*(?:oz|ounces?)?)?`)

// weightLoseRe is a weight said lost without its figure, as a second
// language says it ("weight 3,9 kg at CB, she lose from last time"), or as
// a percentage down ("weight -11%").
var weightLoseRe = guard(`\bweigh\w*\b[^.;!?]{0,40}?\b(?:lose|lost|losing|loses|less|down|dropped)\s+(?:weight\s+)?(?:from|since|than)\s+(?:the\s+)?(?:last|birth|before)\b` +
	`|\bweight\s*(?:is\s+|was\s+)?-\s*\d+(?:[.,]\d+)?\s*%`)

// ounces is a weight in pounds and ounces as ounces.
func ounces(lb, oz string) int {
	p, _ := strconv.Atoi(lb)
	o, _ := strconv.Atoi(oz)
	return p*16 + o
}

// fewFeedsRe is few feeds over a day or since the morning: "3 feeds
// total in 24 hrs", "only 2 feeds since this morning".
var fewFeedsRe = guard(`\bonly\s+(?:[0-3]|one|two|three)\s+(?:feeds?|feedings|bottles)\s+(?:all|in|over|since|the whole|today)\b` +
	`|\b(?:[0-3]|one|two|three)\s+(?:feeds?|feedings|bottles)\s+(?:total\s+|in total\s+|altogether\s+)?(?:all|in|over)\s+(?:the\s+)?(?:last\s+)?(?:24|day|twenty four|whole day)\b`)

// spitMoreRe is spitting up or being sick more than usual: "spat up
// heaps, way more than usual".
var spitMoreRe = guard(`\b(?:spit|spits|spitting|spat|sick|vomit\w*|brought up|bringing up|possett?\w*|throw\w* up|threw up)\s+(?:up\s+)?(?:\w+\s*,?\s+){0,3}?(?:heaps more|loads more|more than normal|more than usual|much more|way more)\b` +
	`|\bmilk\b[^.;!?]{0,25}?\b(?:from|out|out of|through)\s+(?:her\s+|his\s+|the\s+|their\s+)?nose\b` +
	`|\b(?:spit\w*|spat)\s+(?:up\s+)?(?:is\s+|was\s+)?(?:bright\s+|dark\s+)?(?:black|bloody|brown|green|pink|red|yellow)\b`)

var birthWeightRe = guard(`\b(?:below|hasnt got back to|hasnt regained|lost|not back to|not back up to|not regained|not yet back to|under)\s+(?:\w+\s+)?(?:her|his|their)?\s*birth\s*-?\s*weight\b`)

// A loss topped up with formula is a weight's: "he lost 10 percent, need
// to top up w formula".
var weightContext = indexPlain([]string{"weigh*", "birth", "scales", "kg", "kgs", "lb", "lbs", "grams", "oz", "top up", "top-up", "topup"})

func weightLost(t string) bool {
	return weightLossRe.MatchString(t) && weightContext.in(t) || birthWeightRe.MatchString(t) || weightGramsRe.MatchString(t) ||
		weighedLess(t)
}

// fewWetsCountRe is a count of three or fewer wees with the stretch it
// covers, a day or most of one, elsewhere in the note (wetStretch): "nappy count 24h: 1 wee 0
// poo". A count alone is a log.
var fewWetsCountRe = guard(`\b[0-3]\s*(?:wet|wets|wees?|pees?)\b(?:\s*(?:$|[^\w\s])|\s+(?:\d|and|or|in|since|today|all|so far|overnight|yesterday|last|over|for|only|no|zero))`)

// wetStretch is a day or most of one: "so far today" is not.
var wetStretch = guard(`\b24\s*(?:h|hrs?|hours)\b|\ball day\b|\bwhole day\b|\bsince (?:last night|yesterday)\b|\bovernight\b|\b(?:in|last|over)\s+(?:the\s+)?(?:last\s+)?(?:[6-9]|1\d|2\d)\s*(?:h|hrs?|hours)\b`)

// lowWetsRe is the wet nappies counted and found few: "wet nappy count is
// low, only 3 today", "wees: just 2 since breakfast".
var lowWetsRe = guard(`\b(?:pee|pees|wee|wees|wet)\s*(?:nappy|nappies|diapers?)?\s*(?:count\s*)?(?:is|are|was|were|:)?\s*(?:really\s+|very\s+|quite\s+)?(?:down|low)\b` +
	`|\b(?:pee|pees|wee|wees|wet)\s+(?:nappy|nappies|diapers?|count)\b[^.;!?]{0,25}?\b(?:just|only)\s+[0-3]\b`)

// noOutputRe is no wee or poo done: "hasnt done a wee since last night",
// "she not peed since morning" (the auxiliary dropped), or the first in
// many hours ("first wet diaper in 8h"). Not on the potty, which is
// training (pottyWords).
var noOutputRe = guard(`\b(?:didnt|hadnt|has not|hasnt|have not|havent|not)\s+(?:done|had|made|passed|produced)\s+(?:(?:a|a single|any|one)\s+)?(?:wees?|pees?|poos?|poops?|wet(?: diaper| nappy)?|dirty (?:diaper|nappy)|bm|stool|urine)\b` +
	`|\b(?:didnt|hadnt|has not|hasnt|have not|havent|not|no)\s+(?:peed|weed|pooed|pooped|pood)\s+(?:all|for|in|since|today|yet)\b` +
	`|\bfirst\s+(?:wet|pee|wee)(?:\s+(?:diaper|nappy|one))?\s+(?:in|for|since)\s+(?:over\s+|like\s+|about\s+|almost\s+|nearly\s+)?(?:[5-9]|1\d|2[0-4]|five|six|seven|eight|nine|ten|twelve)\s*(?:h|hrs?|hours)\b` +
	`|\b(?:didnt|hadnt|has not|hasnt|have not|havent|not)\s+passed\s+(?:any\s+)?water\b` +
	// A nappy that is barely wet is as good as dry.
	`|\b(?:diaper|diapers|nappies|nappy)\s+(?:\w+\s+){0,2}?(?:barely|hardly|not even|only just)\s+(?:damp|wet)\b`)

func fewWets(t string) bool {
	return fewWetsCountRe.MatchString(t) && wetStretch.MatchString(t) || lowWetsRe.MatchString(t) || noOutputRe.MatchString(t) && !pottyWords.in(t)
}

var pottyWords = indexPlain([]string{"potty", "toilet", "loo", "potty training"})

// countUsualRe is a count of wet nappies or feeds said against the usual
// one ("1 wet diaper this morning, usually 6 or 7 by now", "maybe 3 today
// vs her usual 7"), or said to be well down ("wet diapers are way down"):
// fewerThanUsual reads the first only when the count is the smaller, in
// one sentence, and the usual is a count too ("usually 120ml each" is a
// feed's volume).
var countUsualRe = guard(`\b(\d+)\s+(?:wet\s+)?(?:diapers?|nappies|nappy|wets|feeds)\b[^.;!?]*?\b(?:usually|normally|usual|vs)\s+(?:(?:her|his)\s+)?(?:usual\s+)?(\d+)(\s*(?:g|kg|ml|mls|oz|ounces?)\b)?` +
	`|\b(?:wet\s+(?:diapers|nappies)|wets|feeds)\s+(?:\w+\s+){0,2}?(?:way|well)\s+down\b`)

func fewerThanUsual(t string) bool {
	for _, m := range countUsualRe.FindAllStringSubmatch(t, -1) {
		if m[1] == "" || m[3] == "" && less(m[1], m[2]) {
			return true
		}
	}
	return false
}
