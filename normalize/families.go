package normalize

// This file: families of signs that several writers' batches phrased
// each their own way, read by what they share rather than one phrase per
// note: a scald, an oxygen reading, a reaction after a vaccination, a baby
// who does not stir when handled, and something round the neck.

import (
	"strconv"
)

// tooHotRe is something too hot on the skin: the bath, a drink or a
// bottle too hot, and what it did ("bath water was too hot, his legs are
// bright pink", "the tea was too hot and her hand went red").
var tooHotRe = guard(`\b(?:bath|bathwater|bottle|coffee|formula|hob|iron|kettle|milk|oven|radiator|soup|tea|water)\b[^.;!?]{0,25}?\btoo\s+hot\b[^.;!?]{0,60}?\b(?:red|pink|blister\w*|burn\w*|scream\w*|sore|peel\w*|raw|skin|mark\w*)\b`)

// oxygenRe is an oxygen saturation reading: "sats 92", "owlet showing
// sats 91%", "sats dropped to 88". oxygenLow reads its figure.
var oxygenRe = guard(`\b(?:sats|spo2|sp02|o2 sats?|oxygen sats?|oxygen saturation|oxygen levels?|o2 levels?)\b[^.;!?]{0,20}?\b(\d{2,3})\b`)

// oxygenFallRe is a saturation said to fall, or the breathing sign a
// reading comes with ("subcostal recession").
var oxygenFallRe = guard(`\b(?:o2|oxygen|sats|spo2)\s+(?:ke(?:eps?|pt)\s+)?(?:dropp\w*|drops?|drift\w*|dipp\w*|dips?|fall\w*|fell|low|going down|went down)\b` +
	`|\b(?:chest|intercostal|sternal|subcostal|tracheal)\s+recession\b`)

// oxygenLow: a saturation below 95 %.
func oxygenLow(t string) bool {
	if oxygenFallRe.MatchString(t) {
		return true
	}
	if !oxygenRe.may(t) {
		return false
	}
	for _, m := range oxygenRe.FindAllStringSubmatch(t, -1) {
		if v, err := strconv.Atoi(m[1]); err == nil && v >= 50 && v < 95 {
			return true
		}
	}
	return false
}

// vaccineEventRe is a vaccination that happened ("got her shots today",
// "2mo shots today", "had her injections this morning", "post-imms") and,
// later in the sentence, a sign after it: hot, a temperature, puffy,
// swollen, screaming, unsettled, sleepy. vaccineRe reads "after the
// jabs"; this reads the event said first and the sign after it.
var vaccineEventRe = guard(`(?:\b(?:did|done|gave|get|given|got|had)\s+(?:\w+\s+){0,3}?(?:shots|jabs?|vaccin\w*|injections?|imms|immuni[sz]\w*|needles?)` +
	`|\b(?:shots|jabs|vaccin\w*|injections|imms|immuni[sz]ations?)\s+(?:today|this morning|this afternoon|yesterday|earlier|tonight|at \d+)` +
	`|\bpost[\s-]?(?:imms|vax|vaccin\w*|jabs?|shots)\b)` +
	`[^.;!?]{0,60}?\b(?:hot|warm|temp\w*|fever\w*|\d{2,3}(?:\.\d)?|puffy|swollen|swelling|lump\w*|red|scream\w*|crying|cries|unsettled|wont settle|inconsolable|sleepy|floppy|limp|tender|rash\w*|hives|vomit\w*)\b`)

// noStirRe is a baby who does not stir, flinch or startle at something
// that would rouse her ("didnt stir when I changed her nappy", "doesnt
// even startle at the dog barking"); sleeping through the night without
// stirring is not one.
var noStirRe = guard(`\b(?:barely|did not|didnt|does not|doesnt|dont|hardly|will not|wont)\s+(?:even\s+)?(?:flinch|flinched|flinches|rouse|roused|rouses|startle|startled|startles|stir|stirred|stirs)\s+(?:as|at|if|to|when|while)\b` +
	`|\b(?:not\s+(?:anywhere\s+near|nearly|near|half)|nowhere\s+near)\s+as\s+(?:active|alert|interested|lively|playful|responsive)\b`)

// neckRe is a cord, tubing or strap round the baby's neck.
var neckRe = guard(`\b(?:caught|got|looped|tangled|twisted|wound|wrapped)\s+(?:\w+\s+){0,2}?(?:around|round)\s+(?:babys|her|his|the|the babys|their)\s+neck\b`)

// graveFamilySigns: the families above that are an emergency whatever
// else the note names (something round the neck, a low oxygen reading, a
// baby who does not stir when handled, a scald): strong signs
// (strongSign), never set aside by the veto. A note that also names a
// supply ("his feeding tube got wrapped round his neck") is no errand.
func graveFamilySigns(t string) bool {
	return tooHotRe.MatchString(t) || oxygenLow(t) || noStirRe.MatchString(t) || neckRe.MatchString(t)
}

// familySigns: one of the families above, a reaction after a vaccination
// being the one that is not grave.
func familySigns(t string) bool {
	return graveFamilySigns(t) || vaccineEventRe.MatchString(t)
}
