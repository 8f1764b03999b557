package normalize

// This file: what goes in and what comes out, read by the shape of the
// phrase: a feed far too small however it is worded, weight lost since
// birth, and a count of wet nappies too low for the time it covers.

// littleFeedRe is a feed that was very small: "drink very little since
// yesterday", "no eat good", "barely fed all day".
var littleFeedRe = guard(`\b(?:eat|eats|eating|ate|drink|drinks|drinking|drank|feed|feeds|feeding|fed|take|takes|taking|took|nurse|nurses|nursing|nursed)\s+(?:very|so|really|only|too|v|hardly|barely)\s+little\b` +
	`|\b(?:no|not|dont|doesnt|didnt|wont)\s+(?:eat|drink|feed|nurse)\s+(?:good|well|much|nothing|anything|enough)\b` +
	`|\b(?:barely|hardly)\s+(?:fed|nursed|eaten|feeding|nursing)\b`)

// weightLossRe is weight lost by a share or against birth weight: "lost
// 12% since birth", "still below birth weight". A share counts only in a
// note about weight (weightContext).
var weightLossRe = guard(`\b(?:lost|losing|loss of|down|dropped|drop of)\s+(?:\w+\s+){0,2}?\d+(?:[.,]\d+)?\s*(?:%|percent|per cent)`)

var birthWeightRe = guard(`\b(?:below|under|not back to|not yet back to|not back up to|hasnt regained|hasnt got back to|not regained|lost)\s+(?:\w+\s+)?(?:her|his|their)?\s*birth\s*-?\s*weight\b`)

var weightContext = indexPlain([]string{"weigh*", "birth", "scales", "kg", "kgs", "lb", "lbs", "grams", "oz"})

func weightLost(t string) bool {
	return weightLossRe.MatchString(t) && weightContext.in(t) || birthWeightRe.MatchString(t)
}

// fewWetsCountRe is a count of three or fewer wees with the stretch it
// covers, a day or most of one, elsewhere in the note (wetStretch): "nappy count 24h: 1 wee 0
// poo". A count alone is a log.
var fewWetsCountRe = guard(`\b[0-3]\s*(?:wet|wets|wees?|pees?)\b(?:\s*$|\s*[^\w\s]|\s+(?:\d|and|or|in|since|today|all|so far|overnight|yesterday|last|over|for|only|no|zero))`)

// wetStretch is a day or most of one: "so far today" is not.
var wetStretch = guard(`\b24\s*(?:h|hrs?|hours)\b|\ball day\b|\bwhole day\b|\bsince (?:yesterday|last night)\b|\bovernight\b|\b(?:in|last|over)\s+(?:the\s+)?(?:last\s+)?(?:[6-9]|1\d|2\d)\s*(?:h|hrs?|hours)\b`)

func fewWets(t string) bool {
	return fewWetsCountRe.MatchString(t) && wetStretch.MatchString(t)
}
