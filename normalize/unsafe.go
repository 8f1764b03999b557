package normalize

// This file: the baby in an unsafe situation, whoever caused it: a carer
// drunk or high, a carer asleep holding the baby, a baby found face down
// or under an adult's duvet, something over the face or round the neck,
// left alone in a car or a bath, shaken or hit, smoked around, bitten by
// a pet. Such a
// note is the family's health note even when it names someone outside the
// family, so it is read before someone else's illness is set aside.

import "strings"

// impairedRe is whoever minds the baby drunk or high: "partner drunk and
// fell asleep with baby", "took something at the party and is out of
// it, meant to be on baby duty", "nanny seems drunk? slurring her words",
// "dad smoked weed and then co-slept with her".
//
// "drunk" must end its phrase: "he drunk all his milk" is a feed.
var impairedRe = guard(`\b(?:au pair|aunt|auntie|babysitter|bf|boyfriend|brother|carer|childminder|dad|dh|dw|ex|fil|friend|gf|girlfriend|grandad|granddad|grandma|grandpa|granny|he|hes|hubby|husband|mil|mom|mum|nan|nana|nanny|partner|she|shes|sister|sitter|uncle|wife)\b[^.;!?]{0,30}\b(?:(?:drunk|hammered|high|smashed|stoned|tipsy|wasted)(?:\s*$|\s*[,.;!?]|\s+(?:again|and|at|last night|now|on|tonight|while|with))|got high|smel\w* of (?:alcohol|booze|drink|weed)|off (?:her|his|my) face|took something|taken something|on something|slurr\w*|smok\w* (?:a joint|a spliff|cannabis|crack|pot|weed))`)

// impairedSelfRe is the writer drunk or high: "im still a bit drunk",
// "we smoked a joint".
var impairedSelfRe = guard(`\b(?:i|im|ive|we|were)\b[^.;!?]{0,20}\b(?:(?:drunk|hammered|high|stoned|tipsy|wasted)(?:\s*$|\s*[,.;!?]|\s+(?:again|and|now|tonight|while|with))|smok\w* (?:a joint|a spliff|cannabis|pot|weed))`)

// drinksRe is a carer's count of drinks: "had 4 glasses of wine", "a
// couple pints". A count is read only beside a duty of care (dutyRe).
var drinksRe = guard(`\b(?:after|downed|drank|drunk|had|has|having)\s+(?:\d+|two|three|four|five|six|a few|a couple(?: of)?|several|loads of|too many)\s+(?:\w+\s+)?(?:beers|bottles|cans|ciders|drinks|gins|glasses|pints|proseccos|shots|vodkas|wines)\b`)

// babyDutyRe is a task of caring for a baby: holding, feeding, bathing,
// putting to bed, sharing a bed. It names the baby as much as "baby" does.
var babyDutyRe = guard(`\b(?:alone with (?:her|him|them)|look after (?:her|him)|looking after (?:her|him)|mind the|babysit\w*|hold (?:her|him)|holding (?:her|him)|put (?:baby|her|him|the baby|them) (?:down|to bed)|bed\s*-?\s*shar\w*|co\s*-?\s*sle\w*|night feed|the feed|do the bath|the bath|bath (?:her|him)|bathe|nappy|diaper)\b`)

// dutyRe is any duty of care, driving too: a count of drinks matters
// before one.
var dutyRe = guard(`\b(?:alone with|in charge|on duty|look after|looking after|mind the|minding|babysit\w*|hold|holding|put (?:baby|her|him|the baby|them) (?:down|to bed)|bed\s*-?\s*shar\w*|co\s*-?\s*sle\w*|night feed|feed|feeding|bath|drive|driving|in the car|take (?:baby|her|him|the baby) out)\b`)

// writerDutyRe is the writer taking the duty: "dad had a few pints, im
// doing the night feed" is not the drinker's duty.
var writerDutyRe = guard(`\b(?:i am|i did|i do|i got|i will|ill|im|im on|ive got|me on)\s+(?:\w+\s+)?(?:did|do|doing|drive|driving|got|handling|on|taking)\b|\bim\s+(?:driving|on)\b`)

// carerWords are people whose work is minding the baby: a note about them
// is about the baby.
var carerWords = indexPlain([]string{"nanny", "nannys", "sitter", "sitters", "babysitter", "babysitters", "childminder",
	"childminders", "au pair", "night feed", "co-slept",
	"co slept", "coslept", "bed-shared", "bed shared", "bedshared", "co-sleep*", "cosleep*", "bed-shar*", "bed shar*"})

// impaired: a carer drunk or high, or a count of drinks beside a duty of
// care, in a note about the baby; "out of it" said of the baby is
// sleepiness, read elsewhere.
func impaired(t string) bool {
	baby := childWords.in(t) || strings.Contains(t, "baby") || carerWords.in(t) || babyDutyRe.MatchString(t)
	return baby && (impairedRe.MatchString(t) || impairedSelfRe.MatchString(t) ||
		drinksRe.MatchString(t) && dutyRe.MatchString(t) && !writerDutyRe.MatchString(t))
}

// asleepHoldingRe is whoever holds the baby falling asleep with them:
// "fell asleep on the sofa with him on my chest", "kept falling asleep on
// the couch holding baby". The baby falling asleep is not this: what
// follows is the baby held, not a place.
var asleepHoldingRe = guard(`\b(?:conked|crashed|dozed|dozing|drifted|drifting|fallen|falling|falls|fell|nodded|nodding|passed)\s+(?:asleep|off|out)\b[^.;!?]{0,40}?\b(?:cuddling|holding|with)\s+(?:baby|bub|her|him|lo|the baby|them)(?:\s*$|\s*[,.;!?]|\s+(?:again|against|and|at|for|in|on|still|while)\b)`)

// sleepHazardRe is a baby found face down, wedged or under an adult's
// bedding: "woke up and she was face down under the duvet", "he was
// wedged down the side".
var sleepHazardRe = guard(`\b(?:found|got|had|is|was|were|woke up)\b[^.;!?]{0,25}?\b(?:face\s*-?\s*down|wedged|squashed)\b` +
	`|\b(?:baby|her|him|lo|the baby|them)\s+(?:\w+\s+)?under\s+(?:the\s+|a\s+|my\s+|our\s+)?(?:duvet|covers|quilt|pillows?|comforter)\b`)

// slumpedRe is the baby slumped with chin on chest, in a seat or a sling,
// awake or asleep: "baby slumped chin on chest the whole drive".
var slumpedRe = guard(`\bchin\s+(?:against|into|on|to)\s+(?:her\s+|his\s+|the\s+)?chest\b` +
	`|\b(?:baby|bub|he|head|her head|his head|lo|she)\s+(?:was\s+|is\s+|keeps\s+|kept\s+|all\s+)?slump\w*`)

// sleepContext: a face-down baby is a hazard asleep, not at tummy time.
var sleepContext = indexPlain([]string{"asleep", "sleep*", "slept", "cot", "crib", "bed", "duvet", "pillow*", "sofa",
	"couch", "woke", "night", "nap*", "wedged", "squashed", "moses", "bassinet"})

// leftAloneRe is the baby left alone in a car or a bath: "left the baby
// in the car while i ran into the shop". Left in the car seat to finish a
// nap, or in the car with dad, is read by what follows (leftAlone).
var leftAloneRe = guard(`\bleft\s+(?:baby|bub|her|him|lo|the baby|the twins|them)\s+(?:alone\s+|asleep\s+|sleeping\s+|on (?:her|his) own\s+)?(?:in|inside)\s+(?:a|my|our|the)\s+(?:car|van|bath|tub|bathtub)\b`)

func leftAlone(t string) bool {
	for _, ix := range leftAloneRe.FindAllStringIndex(t, -1) {
		if rest := strings.TrimSpace(t[ix[1]:]); !strings.HasPrefix(rest, "seat") && !strings.HasPrefix(rest, "with") &&
			!negatedRe.MatchString(t[:ix[0]]) {
			return true
		}
	}
	return false
}

// roughRe is the baby shaken or hit: "bf got angry and shook him", "my
// partner hit the baby". Shaking a rattle, hitting her head or a hand
// shaken is not: the baby must end the phrase.
var roughRe = guard(`\b(?:hit|hits|hitting|hurt|hurting|kicked|pinched|punched|shaken|shaking|shook|slapped|slapping|smacked|smacking|smothered|squeezed|threw|thrown)\s+(?:(?:the )?baby|her|him|lo|them)(?:\s*(?:$|[^\w\s])|\s+(?:across|again|and|around|because|hard|i think|in the (?:chest|face|head|tummy)|on the (?:arm|face|head|leg)|really|roughly|so|to (?:make|shut|stop)|too|until|violently|when|while))`)

// petHarmRe is a pet biting, scratching or knocking the baby: "the dog
// bit her cheek". The pet is named, but the hurt is the baby's.
var petHarmRe = guard(`\b(?:cat|dogs?|kitten|pup(?:py)?)\s+(?:\w+\s+)?(?:attacked|bit|bites|bitten|(?:jumped|lay|lying|sat) on|knocked over|nipped|scratched|scratches)\s+(?:(?:the )?baby|bub|her|him|lo|my daughter|my son|them)\b`)

// coveredRe is something over the baby's face or round the neck: "found
// her with a plastic bag over her head", "cord from the blind was round
// his neck". A vest pulled over her head is dressing: only a bag, bedding
// or a cord counts.
var coveredRe = guard(`\b(?:bag|blanket|cable|cord|cushion|duvet|lead|muslin|necklace|pillow|plastic|ribbon|strap|string|wire)\b[^.;!?]{0,30}?\b(?:across|around|over|round)\s+(?:babys|her|his|the babys)\s+(?:face|head|mouth|neck|nose)\b`)

// aloneInRe is the baby alone in the bath or a pool: "he was in the bath
// alone when i ran to get a towel". The writer's bath alone is not.
var aloneInRe = guard(`\b(?:baby|bub|he|her|him|lo|she|the twins|they)\s+(?:\w+\s+){0,3}?(?:in|inside)\s+(?:the\s+)?(?:bath|bathtub|paddling pool|pool|tub)\s+(?:alone|unattended|on (?:her|his) own|by (?:her|him)self)\b`)

// smokeRe is someone smoking with the baby near: "dad was smoking in the
// car with her".
var smokeRe = guard(`\bsmok\w*\s+(?:\w+\s+){0,4}?(?:around|beside|holding|near|next to|with)\s+(?:baby|her|him|lo|the baby|them)\b|\bsmok\w*\s+in\s+the\s+(?:car|nursery)\b`)

// unsafeRead: one of the situations above.
func unsafeRead(t string) bool {
	return impaired(t) || asleepHoldingRe.MatchString(t) || sleepHazardRe.MatchString(t) && sleepContext.in(t) || slumpedRe.MatchString(t) ||
		leftAlone(t) || affirmed(roughRe, t) || petHarmRe.MatchString(t) || coveredRe.MatchString(t) ||
		affirmed(aloneInRe, t) || affirmed(smokeRe, t)
}
