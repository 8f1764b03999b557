package normalize

// This file: signs of the baby's body read by the shape of their phrase
// rather than one more word: a sound in the chest, a colour that changed,
// a fit.

import "strings"

// chestSoundRe is a sound in the chest or the throat: "sound like rattle
// in chest", "a whistle in his throat", "a click in her hip".
var chestSoundRe = guard(`\b(?:rattl\w*|crackl\w*|whistl\w*|wheez\w*|gurgl\w*|bubbl\w*|click\w*|squeak\w*|noises?|sounds?)\s+(?:from|in)\s+(?:her|his|its|my|the|their)?\s*(?:chest|lungs?|throat|hips?)\b`)

// colourChangeRe is the baby's colour changing: "pale grey colour all of a
// sudden", "she went grey", "his face turned white". A colour in a note
// about clothes or paint is an outfit or a wall (clothingWords).
var colourChangeRe = guard(`\b(?:ashen|blotchy|blue|bluish|dusky|gray|grayish|grey|greyish|mottled|pale|purple|waxy|white)\s+(?:\w+\s+)?(?:colou?r|colou?ring|complexion)\b[^.;!?]{0,30}?\b(?:sudden\w*|just now|out of nowhere|again|now)\b` +
	`|\b(?:baby|bub|face|he|lips|lo|she|skin)\s+(?:\w+\s+)?(?:goes|going|gone|turned|turning|turns|went)\s+(?:a\s+)?(?:bit\s+|really\s+|very\s+|all\s+|kind of\s+|kinda\s+)?(?:ashen|blotchy|dusky|gray|grayish|grey|greyish|mottled|pale|waxy|white)\b`)

// babyColourRe is the baby's whole colour said as it is ("baby is blue",
// "baby boy is blue", "hes gone blue", "shes grey", "lo looks grey", "babys looking blue"): a
// sign, and a red flag (babyColour), not a shade ("baby blue", shadeRe).
var babyColourRe = guard(`\b(?:baby|bub|he|lo|she)(?:'s|s)\s+(?:(?:gone|going|looking|turned|turning|turnin)\s+)?` + babyColour1 +
	`|\b(?:baby(?:\s+(?:boy|girl))?|bub|he|lo|she)\s+(?:(?:is|has|was)\s+)?(?:is|looks|looking|looked|seems|gone|going|goes|went|turned|turning|turns)\s+` + babyColour1)

const babyColour1 = `(?:a\s+)?(?:bit\s+|little\s+|really\s+|very\s+|so\s+|all\s+)?(?:blue|bluish|grey|gray|greyish|grayish|ashen|dusky|mottled)\b`

// babyColour: the baby's whole colour (babyColourRe), but not said of
// clothes, a toy, hair, a team or a gender reveal ("gender reveal: baby is
// blue", "its a boy! baby is blue", "hes blue, chelsea won", "hes grey
// haired"). A word that may stand beside an emergency ("car", "monitor",
// "game") sets nothing aside, nor does "boy" alone ("baby boy is blue").
func babyColour(t string) bool {
	return babyColourRe.MatchString(t) && !clothingWords.in(t) && !hasWord(t, colourAside) && !strings.Contains(t, "haired") &&
		!strings.Contains(t, "its a boy") && !strings.Contains(t, "its a girl")
}

// colourAside are words that say a colour is not the baby's skin.
var colourAside = []string{"reveal", "gender", "team", "kit", "theme", "hair", "bunny", "bear", "teddy", "toy", "babygrow",
	"babygro", "sleepsuit", "vest", "painted", "chelsea", "everton", "city", "rangers", "united"}

// fitRe is a fit, a seizure as parents in Britain say it: "fit??", "had a
// fit", "she was fitting", "fitting again", "had a fit in the car", "at
// nursery", "during his nap", "having a fit right now". A coughing fit is
// read elsewhere; a tantrum ("threw a fit", "having a fit about the bath",
// "a fit of giggles") and a fitting (of a car seat, "fitting in well") are
// not fits. A baby "had a fit" somewhere is read as one, even where a
// toddler's tantrum is meant: a missed fit is the worse mistake.
var fitRe = guard(`(?:^|[.!?,;:]\s*)fits?\s*\?` +
	`|\b(?:had|has|another|think (?:he|she) had|was (?:it|that|this)|is (?:it|that|this)|febrile|shaking|jerking|little|small|short|possible)\s+(?:(?:a|like\s+a|an?)\s+)?fits?\b(?:\s*(?:$|[^\w\s])|\s+(?:and|then|with|for|lasting|lasted|earlier|today|tonight|just|in (?:her|his) sleep|(?:in|at|during|on) (?:the|her|his|my|a|an) \w+|at (?:nursery|daycare|home|night|school|church)|in (?:the night|bed)|during (?:\w+ )?(?:nap|feed|sleep|bath)|again|while|after))` +
	`|\bhaving\s+(?:a|another)\s+fit\s*(?:$|[.!?,;]|\s+(?:right now|now|again))` +
	`|\b(?:baby|he|hes|lo|she|shes)\s+(?:(?:is|was|been|keeps)\s+)?fitting\s+in\s+(?:the|her|his|my)\s+(?:car|cot|crib|pram|buggy|bath|bed|arms|sleep|seat|bouncer)\b` +
	`|\b(?:baby|he|hes|lo|she|shes)\s+(?:been|is|keeps|kept|started|was)\s+fitting\b` +
	`|(?:^|[.!?,;:]\s*|\b(?:baby|he|hes|lo|she|shes)\s+)fitting\s*(?:$|[.!?,;]|\s+(?:again|now)\s*(?:$|[.!?,;]|\s+(?:and|since|for \d|twice))|\s+(?:for \d|since|on and off|twice|every))`)

// signsRead: one of the signs above.
func signsRead(t string) bool {
	return chestSoundRe.MatchString(t) || colourChangeRe.MatchString(t) && !clothingWords.in(t) || babyColour(t) || fitRe.MatchString(t)
}
