package normalize

// This file: something swallowed or drunk that should not be: a hazard
// and a word of the mouth (hazardWords, ingestWords), a medicine or a
// hazard found open, a child who drank alcohol. Such a note is the
// family's concern even when someone else's things or someone else's
// care are named, so it is read before someone else's illness is set
// aside, and before supplies are.

// foundOpenRe is a medicine or a hazard found open or half gone: "found
// the calpol open and half gone".
var foundOpenRe = guard(`\bfound\s+(?:\w+\s+){0,4}?(?:cap off|chewed|emptied|empty|half empty|half gone|lid off|open|opened|spilled|spilt)\b`)

// alcoholDrunkRe is a child who drank alcohol: "she got the gin glass
// left on the table, drank some". The alcohol and the drinking are in
// one sentence with the child as subject, so a parent's glass of wine
// beside a feed is not this.
var alcoholDrunkRe = guard(`\b(?:she|he|baby|lo|toddler|ds|dd|kid|son|daughter|\d+\s*yo)\b[^.;!?]{0,50}?(?:\b(?:gin|vodka|wine|beer|prosecco|cider|rum|whiske?y|alcohol|booze|cocktail|champagne|baileys|liqueur|spirits)\b[^.;!?]{0,40}?\b(?:drank|drunk|drinked|sipped|swallowed|licked|had (?:a |some )?(?:gulp|mouthful|sip|swig))\b|\b(?:drank|drunk|drinked|sipped|swallowed|licked|had (?:a |some )?(?:gulp|mouthful|sip|swig))\b[^.;!?]{0,20}?\b(?:gin|vodka|wine|beer|prosecco|cider|rum|whiske?y|alcohol|booze|cocktail|champagne|baileys|liqueur|spirits)\b)`)

// honeyRe is honey given to a baby, a risk in the first year: "gave him
// honey on his dummy". Honey bought or on toast is not this, nor a rule
// ("don't feed her honey": affirmed).
var honeyRe = guard(`\b(?:gave|give|giving|given|fed|feed|put|dipped|dip)\s+(?:\w+\s+){0,2}?honey\b|\bhoney\s+on\s+(?:a|her|his|the)\s+(?:binky|dummy|pacifier|soother)\b`)

// goneRe is a hazard the baby held that is now gone: "twin a had a coin in
// her hand and now its gone", "he had a button, cant find it".
var goneRe = guard(`\b(?:she|he|baby|lo|toddler|twin \w|twin|her|his|him)\b[^.;!?]{0,50}?\b(?:now\s+)?(?:it is|its|its not there|one is|ones|theyre)\s+(?:gone|missing)\b|\b(?:cannot|cant|couldnt)\s+find\s+(?:it|them|the \w+|one)\b`)

// tookPillsRe is a child who took medicine from where it is kept: "she
// took pills from my pill organiser", "he grabbed tablets out of my bag".
// Taken from a place at home, not given (a dose the baby "took" fine is
// read as medicine) nor fetched ("from the pharmacy"); read here, as the
// place named would set it aside as a supply.
var tookPillsRe = guard(`\b(?:she|he|baby|lo|toddler|ds|dd|bub)\s+(?:\w+\s+)?(?:took|grabbed|got hold of|helped (?:herself|himself) to)\s+(?:some\s+|a few\s+|a\s+|the\s+|my\s+|your\s+|our\s+|\d+\s+|two\s+|three\s+)?(?:\w+\s+)?(?:pills?|tablets?|capsules?|meds|medicines?|painkillers?)\s+(?:from|out of|off)\s+(?:\w+\s+){0,2}?(?:organi[sz]ers?|pill ?box|dosette|bag|handbag|purse|drawer|cupboard|cabinet|box|bedside|nightstand|table|counter|side|shelf|pocket|coat|packet|pack|bottle|floor)\b`)

// tookPills: tookPillsRe, not an adult taking their own ("she took her
// pills from the cupboard this morning, before her shift").
func tookPills(t string) bool {
	return tookPillsRe.MatchString(t) && !ownPillsRe.MatchString(t)
}

var ownPillsRe = guard(`\b(?:took|grabbed|got)\s+(?:her|his|their)\s+(?:own\s+|usual\s+|morning\s+|evening\s+|daily\s+)?(?:pills?|tablets?|capsules?|meds|medicines?|painkillers?)\b`)

// swallowed: one of the readings above. A pet's chewing is not the
// family's (petChewing).
func swallowed(t string) bool {
	return hazardWords.in(t) && (ingestWords.in(t) || goneRe.MatchString(t)) && !petChewing(t) ||
		foundOpenRe.MatchString(t) && (hazardWords.in(t) || medicineWords.in(t)) || alcoholDrunkRe.MatchString(t) || tookPills(t) || affirmed(honeyRe, t)
}
