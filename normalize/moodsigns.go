package normalize

// This file: the parent's mood read by the shape of the phrase: beliefs
// that are not true (the baby is not theirs, someone is watching), wanting
// to leave and not come back, checking that cannot stop, not sleeping
// when the baby sleeps, feeling low. They may be written about the
// writer or about the partner; either is the family's mood.

// delusionRe is someone saying or sure of what cannot be: "keeps saying
// the baby isnt ours, they swapped him", "saying the baby is watching
// him".
var delusionRe = guard(`\b(?:says?|saying|said|thinks?|thought|convinced|believes?|insists?|sure)\s+(?:that\s+)?(?:the baby|baby|our baby|my baby|someone|somebody|people|they|the neighbou?rs?|the tv|the phone|the government|god|the devil)\s+(?:is|are|isnt|arent|was|were|s|has been|have been|keeps|keep)\s+(?:\w+\s+)?(?:watching|spying|following|poisoning|after|talking to|controlling|out to|listening|sending|not (?:ours|mine|real|hers|his)|ours|mine|possessed|evil|the devil|swapped|switched|replaced|a stranger|an? impost[oe]r|fake)\b` +
	`|\b(?:swapped|switched|replaced)\s+(?:him|her|the baby|our baby|my baby)\b|\bswitched at birth\b`)

// escapeRe is wanting to leave and never come back: "thought about just
// driving off and never coming back". Leaving work early is not this: the
// never coming back is.
var escapeRe = guard(`\b(?:thought|thinking|think|thoughts|fantasi[sz]\w*|daydream\w*|want\w*|wish\w*|urge\w*|tempted|imagine|imagining)\b[^.;!?]{0,50}?\b(?:never (?:coming|come|came|going|go) back|not (?:come|coming) back|for good|and not return\w*|never return\w*)\b`)

// checkingRe is checking the baby over and over: "checking shes breathing
// every 5 min all night".
var checkingRe = guard(`\bcheck\w*\s+(?:\w+\s+){0,4}?(?:every|each)\s+(?:\d+|few|couple of|five|ten|two|three)\s*(?:min\w*|seconds?|secs?|m)\b`)

// sleeplessRe is the parent not sleeping while the baby does: "baby asleep
// but I can't sleep at all".
var sleeplessRe = guard(`\b(?:baby|she|he|lo|bub|they)\s+(?:is\s+|s\s+|was\s+|finally\s+)?(?:asleep|sleeping|sleeps|down|slept)\b[^.;!?]{0,25}?\b(?:but|and|yet)\s+(?:i|im)\s+(?:still\s+)?(?:cant|cannot|couldnt|can not|unable to|not able to)\s+(?:get to\s+|fall\s+)?(?:sleep|asleep)\b` +
	`|\b(?:cant|cannot|couldnt)\s+(?:get to\s+|fall\s+)?(?:sleep|asleep)\s+at all\b`)

// lowRe is feeling low, however it is put: "feeling so low today". Low on
// something is a supply.
var lowRe = guard(`\b(?:feel|feels|feeling|felt|been|so|really|very)\s+(?:so\s+|really\s+|very\s+|pretty\s+|super\s+|quite\s+)?low\b(?:\s*$|\s*[^\w\s]|\s+(?:today|lately|again|all|and|since|recently|at|for|these|this|every|most|in|but|i))`)

// moodSigns: one of the readings above.
func moodSigns(t string) bool {
	return delusionRe.MatchString(t) || escapeRe.MatchString(t) || checkingRe.MatchString(t) ||
		sleeplessRe.MatchString(t) || lowRe.MatchString(t)
}
