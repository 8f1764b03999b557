package normalize

// This file: injuries read by the shape of the phrase: how the baby
// landed, how far they fell, someone sitting on them, something heavy
// pulled down onto a child, a limb not used.

import "strings"

// landingRe is how the baby landed: "she landed face down on wooden
// floor", "fell head first". Landed "on her" ends there or goes on with
// a conjunction, as droppedRe's does: "landed on her feet" is no fall.
var landingRe = guard(`\b(?:land|landed|lands)\s+(?:\w+\s+){0,2}?(?:face|head|on (?:her|his|their) (?:back|face|front|head|side|tummy)|on (?:the\s+)?(?:\w+\s+)?(?:floor|ground|tiles?|concrete|pavement|stairs|steps))\b` +
	`|\b(?:land|landed|lands)\s+(?:\w+\s+){0,2}?on (?:her|him|the baby)(?:\s*(?:$|[^\w\s])|\s+(?:and|by|from|when|while|with)\b)` +
	`|\b(?:fall|falls|fell|tumbled|went)\s+(?:\w+\s+)?(?:face|head)\s*-?\s*(?:down|first)\b`)

// fallHeightRe is a fall with its height: "fell about 3 feet", "boy fall
// maybe 1 metre".
var fallHeightRe = guard(`\b(?:dropped|fall|fallen|falls|fell|tumbled)\s+(?:\w+\s+){0,3}?(?:\d+(?:[.,]\d+)?|a|one|two|three|half a)\s*(?:m|metres?|meters?|ft|feet|foot|inches|cm)\b`)

// satOnRe is someone sitting, standing or landing on the baby: "toddler
// sat on the baby's head", "i rolled onto him". The baby lying on her own
// tummy is not this: the verbs are those done to someone, and the baby
// is what they land on, not the baby's chair ("sat on the baby's bouncer").
var satOnRe = guard(`\b(?:fell|jumped|kneeling|knelt|landed|rolled|sat|sits|sitting|standing|stepped|stepping|stood|trod)\s+(?:right\s+)?on(?:to)?\s+(?:top of\s+)?(?:the\s+)?(?:babys?|lo|los|newborn|bub)(?:\s+(?:head|face|chest|tummy|belly|arm|arms|leg|legs|hand|hands|foot|feet|neck|fingers?)\b|\s*$|\s*[^\w\s]|\s+(?:while|when|and|by|in (?:bed|her sleep|his sleep|my sleep|the night)|accidentally|again)\b)` +
	`|\b(?:jumped|kneeling|knelt|sat|sits|sitting|standing|stepped|stepping|stood|trod)\s+(?:right\s+)?on(?:to)?\s+(?:her|him|his)\s+(?:head|face|chest|tummy|belly|arm|arms|leg|legs|hand|hands|foot|feet|neck|fingers?)\b`)

// heavyOnRe is something heavy or hot pulled or knocked onto a child:
// "pulled the tv down on herself", "knocked the kettle over onto him".
var heavyOnRe = guard(`\b(?:pulled|tipped|knocked|toppled|fell|came down|brought|pulled down|spilled|spilt)\b[^.;!?]{0,30}?\b(?:on|onto|on top of|over)\s+(?:herself|himself|themselves|her|him|them|the baby|baby|lo)\b`)

var heavyThings = indexPlain([]string{"tv", "telly", "television", "dresser", "drawers", "bookcase", "shelf", "shelves",
	"wardrobe", "furniture", "lamp", "chair", "mirror", "gate", "pan", "kettle", "mug", "hot tea", "hot coffee", "tea",
	"coffee", "iron", "table", "cupboard", "cabinet", "unit"})

// heavyOn: heavyOnRe's match, or the few words just before its verb,
// names a heavy or hot thing. The thing is as often the one that fell
// ("bookcase fell on him", "the tv came down on her") as the one pulled;
// not a place or a time before the subject ("at the table she spilled
// yoghurt over herself", "after tea she fell asleep on him").
func heavyOn(t string) bool {
	for _, m := range heavyOnRe.FindAllStringIndex(t, -1) {
		match := t[m[0]:m[1]]
		if strings.Contains(match, "asleep") {
			continue
		}
		before := t[:m[0]]
		if i := strings.LastIndexAny(before, ".,;:!?"); i >= 0 {
			before = before[i+1:]
		}
		if w := strings.Fields(before); len(w) > 3 {
			before = strings.Join(w[len(w)-3:], " ")
		}
		if subjectWord.in(before) {
			before = ""
		}
		if heavyThings.in(match) || heavyThings.in(before) {
			return true
		}
	}
	return false
}

// subjectWord: a person is the verb's subject, so a thing before it is a
// place or a time ("at the table she spilled ...").
var subjectWord = indexPlain([]string{"she", "he", "i", "we", "they", "baby", "lo"})

// limbItRe is a limb named earlier and then not used: "pulled his arm and
// now he wont use it", "arm hangs by his side".
var limbItRe = guard(`\b(?:wont|cant|doesnt|didnt|not|isnt|stopped|refus\w* to|wouldnt)\s+(?:\w+\s+)?(?:bend|bending|lift|lifting|move|moving|straighten|use|using)\s+(?:it|them)\b|\b(?:hangs?|hanging|hung)\s+(?:limp\s+)?(?:at|by|down by)\s+(?:her|his|their)\s+side\b`)

var limbWords = indexPlain([]string{"arm", "arms", "leg", "legs", "elbow", "wrist", "hand", "shoulder", "knee", "ankle", "foot"})

// knockRe is a knock to the head or face, however it is said: "bonked
// head on crib rail", "banged her face on the table", "goose egg", "big
// egg on his forehead", "toddler hit the baby".
var knockRe = guard(`\b(?:bang\w*|bonk\w*|bump\w*|hit|hits|knock\w*|smack\w*|whack\w*|conk\w*|thump\w*|clonk\w*|bash\w*)\s+(?:the (?:back|front|side|top) of\s+)?(?:babys|her|his|its|the babys|their)?\s*(?:chin|eye|face|forehead|head|lip|lips|mouth|nose|teeth|temple|tooth)\b` +
	`|\bgoose\s*-?\s*egg\b|\begg\s+on\s+(?:her|his|its|the|their)?\s*(?:face|forehead|head|temple)\b`)

// hurtByRe is someone hurting the baby, or pushing or pulling them off or
// out of something: "toddler hit the baby", "her brother pushed her off
// the bed". Whoever did it, the baby is hurt: the note is read whole, not
// set aside as about someone else.
var hurtByRe = guard(`\b(?:hit|kicked|punched|bit|scratched|smacked|whacked|poked|jabbed|elbowed|headbutted|threw \w+ at)\s+(?:the\s+)?(?:baby|bub|lo|newborn)\b` +
	`|\b(?:push\w*|pull\w*|shov\w*|knock\w*|tipp\w*|drag\w*)\s+(?:baby|bub|her|him|lo|the baby)\s+(?:down from|down the|off|onto the floor|out of|over the)\b` +
	// "older brother poked her in the eye", "the cat scratched him on the
	// cheek": a blow that lands on her or him somewhere.
	`|\b(?:hit|kick\w*|punch\w*|bit|bitten|scratch\w*|smack\w*|whack\w*|pok\w*|jabb\w*|elbow\w*|headbutt\w*|stood on|trod on|stepped on|sat on|fell on|landed on|jumped on|squash\w*)\s+(?:her|him)\s+(?:in|into|on|with)\s+(?:a|her|his|the)\b`)

// trappedRe is a finger or a limb shut or caught in something:
// "finger shut in the car door", "caught his hand in the high chair".
var trappedRe = guard(`\b(?:caught|crushed|jammed|pinched|shut|slammed|squashed|stuck|trapped)\b[^.;!?]{0,25}?\b(?:by|in|under)\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:bars|buggy|cot|cupboard|door|drawer|folding|gate|high chair|highchair|hinge|pram|recliner|stroller|window)\b`)

var trappedParts = indexPlain([]string{"finger*", "hand", "hands", "toe", "toes", "foot", "feet", "arm", "arms", "leg",
	"legs", "thumb*", "head", "nail"})

// outOfRe is a fall said without who fell, as notes often are: "tipped out
// of the swing", "rolled off the changing table". Only off or out of
// what a baby is put on or in, so a frame off the wall is not one.
var outOfRe = guard(`(?:^|[.!?,;:]\s*|\b(?:and|just|then)\s+)(?:bounced|fell|flipped|rolled|slid|slipped|tipped|toppled|tumbled)\s+(?:right\s+|straight\s+|head first\s+)?(?:off|out of)\s+(?:a|her|his|my|our|the)\s+(?:big\s+)?(?:bed|sofa|couch|swing|bouncer|chair|changing|table|cot|crib|pram|stroller|buggy|high ?chair|car ?seat|counter|bath|stairs|steps?|bumbo|rocker|sling|carrier|moses|bassinet|playmat|ottoman|seat)`)

// scaldRe is something hot spilled or touched onto the body: "he grabbed
// my coffee and it spilled on his hand", "touched the hot pan".
var scaldRe = guard(`\b(?:boiling water|candle|coffee|curling iron|hob|hot chocolate|hot drink|hot water|iron|kettle|noodles|oven|pan|radiator|soup|stove|straighteners|tea)\b[^.;!?]{0,30}?\b(?:spill\w*|splash\w*|pour\w*|tipp\w*|touch\w*|grabb\w*|knock\w*)\b[^.;!?]{0,20}?\b(?:on|onto|over|down|against|with)\s+(?:her|him|his|the babys|their)\b([^.;!?]{0,15})`)

func scalded(t string) bool {
	for _, m := range scaldRe.FindAllStringSubmatch(t, -1) {
		if rest := strings.TrimSpace(m[1]); rest == "" || bodyWords.in("her "+rest) || bodyWords.in(rest) {
			return true
		}
	}
	return false
}

// injuryRead: one of the injuries above.
func injuryRead(t string) bool {
	return knockRe.MatchString(t) || hurtByRe.MatchString(t) || outOfRe.MatchString(t) || scalded(t) || trappedRe.MatchString(t) && trappedParts.in(t) || landingRe.MatchString(t) || fallHeightRe.MatchString(t) || satOnRe.MatchString(t) || heavyOn(t) ||
		limbItRe.MatchString(t) && limbWords.in(t)
}
