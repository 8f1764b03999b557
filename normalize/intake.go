package normalize

// This file: what goes in and what comes out, read by the shape of the
// phrase: a feed far too small however it is worded, weight lost since
// birth, a count of wet nappies too low for the time it covers, and no
// wee or poo at all.

// littleFeedRe is a feed that was very small: "drink very little since
// yesterday", "no eat good", "barely fed all day".
var littleFeedRe = guard(`\b(?:eat|eats|eating|ate|drink|drinks|drinking|drank|feed|feeds|feeding|fed|take|takes|taking|took|nurse|nurses|nursing|nursed)\s+(?:very|so|really|only|too|v|hardly|barely)\s+little\b` +
	`|\b(?:no|not|dont|doesnt|didnt|wont)\s+(?:eat|drink|feed|nurse)\s+(?:good|well|much|nothing|anything|enough)\b` +
	`|\b(?:barely|hardly)\s+(?:fed|nursed|eaten|feeding|nursing)\b`)

// weightLossRe is the baby's weight lost by a share or against birth
// weight: "shes lost 12% since birth", "still below birth weight". A
// share is read only said of the baby or since birth, in a note about
// weight (weightContext): "i lost 10% of my baby weight" is the parent's.
var weightLossRe = guard(`\b(?:she|he|shes|hes|baby|babys|lo|bub|ds|dd|has|hasnt|weight)\s+(?:\w+\s+){0,2}?(?:lost|losing|dropped|down)\s+(?:\w+\s+){0,2}?\d+(?:[.,]\d+)?\s*(?:%|percent|per cent)` +
	`|\d+(?:[.,]\d+)?\s*(?:%|percent|per cent)\s+(?:\w+\s+){0,2}?(?:since|from|of|below|under)\s+(?:her\s+|his\s+)?birth`)

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

// lowWetsRe is the wet nappies counted and found few: "wet nappy count is
// low, only 3 today", "wees: just 2 since breakfast".
var lowWetsRe = guard(`\b(?:wet|wee|wees|pee|pees)\s*(?:nappy|nappies|diapers?)?\s*(?:count\s*)?(?:is|are|was|were|:)?\s*(?:really\s+|very\s+|quite\s+)?(?:low|down)\b` +
	`|\b(?:wet|wee|wees|pee|pees)\s+(?:nappy|nappies|diapers?|count)\b[^.;!?]{0,25}?\b(?:only|just)\s+[0-3]\b`)

// noOutputRe is no wee or poo done: "hasnt done a wee since last night".
// Not on the potty, which is training (pottyWords).
var noOutputRe = guard(`\b(?:hasnt|havent|has not|have not|not|didnt|hadnt)\s+(?:done|had|made|passed|produced)\s+(?:a\s+|any\s+|one\s+|a single\s+)?(?:wee|wees|pee|pees|poo|poos|poop|poops|wet|wet nappy|wet diaper|dirty nappy|dirty diaper|bm|stool|urine)\b` +
	`|\b(?:hasnt|havent|has not|have not|not|didnt|hadnt)\s+passed\s+(?:any\s+)?water\b` +
	// A nappy that is barely wet is as good as dry.
	`|\b(?:nappy|nappies|diaper|diapers)\s+(?:\w+\s+){0,2}?(?:barely|hardly|only just|not even)\s+(?:damp|wet)\b`)

func fewWets(t string) bool {
	return fewWetsCountRe.MatchString(t) && wetStretch.MatchString(t) || lowWetsRe.MatchString(t) || noOutputRe.MatchString(t) && !pottyWords.in(t)
}

var pottyWords = indexPlain([]string{"potty", "toilet", "loo", "potty training"})
