package normalize

// This file: the parent's mood read by the shape of the phrase: beliefs
// that are not true (the baby is not theirs, someone is watching), wanting
// to leave and not come back, checking that cannot stop, not sleeping
// when the baby sleeps, feeling low. They may be written about the
// writer or about the partner; either is the family's mood.

import "strings"

// delusionRe is someone saying, sure of or feeling what cannot be: "keeps
// saying the baby isnt ours", "i feel the baby is not mine", "saying the baby is watching him". Being watched
// or followed is read only after a verb of belief, not "says": "grandma
// says the baby is watching tv" is a baby watching.
var delusionRe = guard(`\b(?:says?|saying|said|thinks?|thought|convinced|believes?|insists?|sure|feel|feels|felt|feeling)\s+(?:that\s+|like\s+)?(?:baby|he|my baby|our baby|she|the baby|the twins)\s+(?:are|arent|is|isnt|s|was|wasnt)\s+(?:not\s+)?(?:ours|mine|hers|his|theirs|real|our baby|my baby|an? impost[oe]r|a stranger|possessed|evil|the devil|fake|replaced|swapped|switched)\b` +
	`|\b(?:saying|convinced|believes?|insists?|sure|thinks?)\s+(?:that\s+)?(?:the baby|baby|someone|somebody|people|they|the neighbou?rs?|the tv|the phone|the government|god|the devil)\s+(?:is|are|s|keeps?|has been|have been)\s+(?:\w+\s+)?(?:(?:controlling|following|watching)\s+(?:everything|her|him|me|our|them|us)\b|spying|poisoning|out to get|sending)` +
	`|\b(?:swapped|switched)\s+at\s+birth\b` +
	// Voices heard where no one is: "says she heard someone talking in
	// nursery, no one there".
	`|\b(?:hear|heard|hearing|hears)\s+(?:a man|a voice|a woman|people|somebody|someone|voices)\s+(?:calling|say|saying|speaking|talking|whispering)\b[^.;!?]{0,40}?\b(?:no one|nobody|noone)\s+(?:was\s+|is\s+)?there\b` +
	// Hearing or seeing the baby when she is not there or not crying.
	`|\b(?:hear|heard|hearing|saw|see|seeing)\s+(?:\w+\s+){0,4}?when\s+(?:baby|he|she|the baby|they)\s+(?:arent|is asleep|is not|isnt|isnt there|was asleep|was not|wasnt)\b`)

// escapeRe is wanting to leave and never come back: "thought about just
// driving off and never coming back". Leaving work early is not this: the
// never coming back is.
var escapeRe = guard(`\b(?:thought|thinking|think|thoughts|fantasi[sz]\w*|daydream\w*|want\w*|wish\w*|urge\w*|tempted|imagine|imagining)\b[^.;!?]{0,40}?` +
	`(?:\b(?:leav\w*|left|run\w* (?:away|off)|ran (?:away|off)|driv\w* (?:away|off)|walk\w* (?:away|off|out)|disappear\w*|go\w* away|get\w* away|escap\w*)\b[^.;!?]{0,30}?\b(?:never (?:came|come|coming|go|going) back|not (?:come|coming) back|and not return\w*|never return\w*)\b` +
	// Leaving a flat for good is a move: "for good" is read only after
	// running, driving or walking away.
	`|\b(?:run\w* (?:away|off)|ran (?:away|off)|driv\w* (?:away|off)|walk\w* (?:away|off|out)|disappear\w*|escap\w*)\b[^.;!?]{0,30}?\b(?:for good|forever)\b)` +
	// Wanting to run away, from everything or with nowhere named: "too
	// much for me, i want to run away", "feel like running away from
	// this house". Running away somewhere ("to the beach") is a holiday.
	`|\b(?:want|wanna|wants|wanted|wanting|(?:feel|feeling|feels|felt) like)\s+(?:to\s+)?(?:just\s+)?(?:run|running)\s+away\b(?:\s*(?:$|[^\w\s])|\s+(?:again|and|but|every|from|so|sometimes)\b)`)

// checkingRe is checking the baby over and over: "checking shes breathing
// every 5 min all night". The post checked every five minutes is not, nor
// a nap looked in on every half hour: the interval is ten minutes or less.
var checkingRe = guard(`\bcheck\w*\s+(?:(?:if|on|that|whether)\s+)?(?:baby|bub|he|her|her breathing|hes|him|his breathing|lo|she|shes|the baby|the monitor|they|theyre)\s+(?:\w+\s+){0,3}?(?:each|every)\s+(?:[1-9]|10|few|couple of|five|ten|two|three)\s*(?:min\w*|seconds?|secs?|m)\b`)

// sleeplessRe is the parent not sleeping while the baby does: "baby asleep
// but I can't sleep at all". With "and", only when it goes on ("and i
// still cant sleep", "at all", night after night): "and i cant sleep
// either, too excited" is a night, not a sign.
var sleeplessRe = guard(`\b(?:baby|babys|bub|he|hes|lo|she|shes|they|theyre)\s+(?:is\s+|s\s+|was\s+|finally\s+)?(?:asleep|down|sleeping|sleeps|slept)\b[^.;!?]{0,25}?\b(?:(?:but|yet)\s+(?:i|im)\s+(?:still\s+)?|and\s+(?:i|im)\s+still\s+)(?:can not|cannot|cant|couldnt|not able to|unable to)\s+(?:get to\s+|fall\s+)?(?:asleep|sleep)\b` +
	`|\bi\s+(?:still\s+|just\s+)?(?:cannot|cant|couldnt)\s+(?:get to\s+|fall\s+)?(?:asleep|sleep)\s+at all\b`)

// lowRe is feeling low, however it is put: "feeling so low today", "i am
// very low, nothing makes me happy". Low on something is a supply.
var lowRe = guard(`\b(?:feel|feeling|feels|felt|i am|i m|im)\s+(?:so\s+|really\s+|very\s+|pretty\s+|super\s+|quite\s+)?low\b(?:\s*(?:$|[^\w\s])|\s+(?:again|all|and|at|but|every|for|i|in|lately|most|recently|since|these|this|today))` +
	// No pleasure in anything, however it is put: "dont care about
	// anything", "nothing makes me happy", "cant get out of bed",
	// "havent showered in 4 days"; not getting out of bed is read by
	// bedRe.
	`|\b(?:do not|does not|doesnt|dont|nuh)\s+(?:even\s+|really\s+)?care\s+about\s+(?:anybody|anyone|anything|nothing)(?:\s*(?:$|[^\w\s])|\s+(?:and|any more|anymore|at all|lately|no more|now|or|really|since|so|these days|today)\b)` +
	`|\bnothing\s+(?:\w+\s+)?(?:makes?|making|made)\s+(?:her|him|me)\s+(?:happy|smile)\b` +
	`|\b(?:has not|hasnt|have not|havent)\s+(?:had a shower|showered|washed)\s+(?:for|in)\s+(?:\d+|two|three|four|five|six|several|days)\b`)

// feelingRe is the writer naming a heavy feeling of their own: "i feel
// trapped", "im terrified to be alone with him", "scared of my own
// thoughts", "my thoughts are racing". The feeling is the word a parent
// reaches for, so it is read as a word of a kind after "i" rather than
// one sentence per note; said with a laugh, or of a thing ("terrified of
// spiders"), it is not (feelingNotMood).
var feelingRe = guard(`\b(?:feel|feeling|i|i am|i feel|i felt|i have been|i keep feeling|im|ive been)\s+(?:\w+\s+){0,2}?(?:terrified|frightened|trapped|hopeless|worthless|ashamed|miserable|desperate|overwhelmed|drowning|broken|numb|empty|detached|disconnected|resentful|furious|dread\w*|panick\w*|paranoid|suffocat\w*|like a prisoner|like im losing it|like im going crazy|like im going mad|like im failing)\b` +
	`|\b(?:afraid|anxious|frightened|nervous|scared|terrified)\s+(?:of being|to be)\s+(?:left\s+)?alone\s+with\b` +
	`|\b(?:afraid|frightened|scared|terrified)\s+of\s+(?:my\s+)?(?:own\s+)?(?:feelings|head|mind|myself|thoughts)\b` +
	`|\b(?:my\s+)?(?:head|heart|mind|thoughts)\s+(?:is|are|keeps?|wont stop|been|was|were)\s+(?:\w+\s+)?racing\b`)

var feelingNotMood = indexPlain([]string{"lol", "haha", "lmao", "of spiders", "of heights", "of flying", "of the dentist",
	"of driving", "the traffic", "the film", "the movie", "the show", "the match", "the game", "exam", "interview"})

func feeling(t string) bool {
	for _, c := range splitClauses(t) {
		if feelingRe.MatchString(c) && !feelingNotMood.in(c) {
			return true
		}
	}
	return false
}

// hiddenCryRe is a parent crying where no one sees, or on the floor:
// "sobbing in the bathroom at 3am", "sat in the car n cried for an hour",
// "cry in shower every day" (the article dropped, as a second language
// may, read only of the rooms a baby does not cry in); a baby cries in the
// car seat (toldMood), not in the bathroom.
var hiddenCryRe = guard(`\b(?:cried|crying|cry|cries|sobb\w*|sobs|bawl\w*|in tears|wept|weeping)\b[^.;!?]{0,30}?\b(?:in|on)\s+(?:a|my|the)\s+(?:\w+\s+)?(?:bathroom|car|closet|floor|loo|parkin lot|parking lot|shower|stairs|toilet)\b(\s+seat)?` +
	`|(?:^|[,.;!?]\s*|\bi\s+(?:\w+\s+)?)(?:cried|crying|cry|sobb\w*|sobs|bawl\w*|wept|weeping)\s+in\s+(?:bathroom|closet|loo|shower|toilet)\b` +
	`|\b(?:sat|sitting|sit|hid|hiding|hide|locked myself)\s+in\s+(?:my|the)\s+(?:bathroom|car|closet|loo|shower|toilet)\s+(?:\w+\s+){0,2}?(?:and|n|&)\s+(?:bawled|cried|sobbed|wept)\b`)

// toldMoodRe is a mood told without a word for it: the parent calling
// herself a bad mother ("says she is a bad mom"), thoughts she should not
// have, a night that cannot be faced, a room not left for days, staring at
// the wall, no bond felt with the baby, a temper lost, a self not
// recognised. A failure felt is read by failureRe.
var toldMoodRe = guard(`\b(?:is|am|im|a|being|such|shes|hes)\s+(?:\w+\s+)?(?:bad|terrible|useless|awful|rubbish|horrible|crap|shit|shitty|lousy)\s+(?:mom|mum|mother|mama|mommy|parent|dad|father|wife)\b(\s+(?:moment|day|joke|jokes|fail|brain|hack|move))?` +
	`|\bthoughts?\s+(?:that\s+)?(?:he|i|she)\s+(?:should not|shouldnt)\b` +
	`|\b(?:cannot|cant|couldnt|cyaan)\s+face\s+(?:\w+\s+)?(?:night|nights|day|days|evening|evenings|morning|mornings|it|anyone|anything|another|tomorrow|him|her|the baby|people)\b` +
	`|\b(?:did not|didnt|has not|hasnt|have not|havent|not|wont)\s+(?:\w+\s+)?(?:came out of|come out of|leave|leaving|left)\s+(?:her|his|my|our|the)\s+(?:bedroom|room)\b` +
	`|\bstar(?:e|es|ed|ing|in)\s+(?:\w+\s+)?at\s+(?:the\s+)?(?:wall|walls|nothing|space)\b` +
	`|\b(?:did not|didnt|do not|does not|doesnt|dont|not)\s+feel\s+(?:\w+\s+)?(?:anything|attached|bonded|close|connected|love|nothing|nuttin)\s+(?:to|for|towards|with)\b` +
	`|\b(?:lose|losing|lost)\s+my\s+(?:cool|shit|temper)\b|\b(?:recogni[sz]e|know)\s+(?:herself|himself|myself)\s+(?:any more|anymore)?`)

// toldMood: one of toldMoodRe or hiddenCryRe, not a "bad mum moment" or
// a baby crying in the car seat.
func toldMood(t string) bool {
	for _, re := range []*guardedRe{toldMoodRe, hiddenCryRe} {
		if !re.may(t) {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(t, -1) {
			if m[1] == "" {
				return true
			}
		}
	}
	return false
}

// moodSigns: one of the readings above.
func moodSigns(t string) bool {
	return delusionRe.MatchString(t) || escapeRe.MatchString(t) || checkingRe.MatchString(t) ||
		sleeplessRe.MatchString(t) || lowRe.MatchString(t) || feeling(t) || inBed(t) || toldMood(t) || moodSaid(t)
}

// bedRe is not getting out of bed: "cant get out of bed", "nuh want get
// out of bed". A child who will not get up for nursery is a morning, so a
// clause that names an older child is not read (inBed).
var bedRe = guard(`\b(?:cannot|cant|couldnt|doesnt|dont|not able to|nuh|unable to|wont)\s+(?:\w+\s+){0,2}?get\s+(?:up\s+)?out\s+of\s+bed\b`)

var olderChild = indexPlain([]string{"toddler", "kid", "kids", "son", "daughter", "big sis", "big sister", "big brother",
	"older one", "eldest", "sibling", "nursery", "school", "daycare", "teenager"})

func inBed(t string) bool {
	if !bedRe.may(t) {
		return false
	}
	for _, c := range splitClauses(t) {
		if bedRe.MatchString(c) && !olderChild.in(c) {
			return true
		}
	}
	return false
}

// moodSaid: low mood said the other way round ("mood really low since the
// weekend"), "I'm not ok" said inside a longer note ("sorry for last
// night, I'm really not ok", "I'm not okay. Can you take over after
// work?") but not "not ok with" something, and no bond felt however it is
// hedged ("I don't think I'm bonding with her"). Read with word lists, not
// in lowRe: grown by them, its compiled program passed a size at which the
// compiler doubles its room, some 16 KB more on the heap.
func moodSaid(t string) bool {
	for i := 0; i+2 <= len(t); i++ {
		if !isWord(t[i]) || i > 0 && isWord(t[i-1]) {
			continue
		}
		if n := moodLowSaid.matchLen(t, i); n > 0 && !lowKey(t[i+n:]) {
			return true
		}
		if n := notOkSaid.matchLen(t, i); n > 0 && notOkEnds(t[i+n:]) {
			return true
		}
		if n := helpSaid.matchLen(t, i); n > 0 && helpEnds(t[i+n:]) {
			return true
		}
		if n := bondWith.matchLen(t, i); n > 0 && bondDenied(t[:i]) {
			return true
		}
	}
	return false
}

// helpEnds: help asked for ends its clause, or goes on about the writer
// ("need to talk to someone about how i feel"), not about a thing ("need
// to talk to someone about the boiler", "... about it" after one).
func helpEnds(rest string) bool {
	r := strings.TrimSpace(rest)
	if r == "" || !isWord(r[0]) {
		return true
	}
	for _, w := range []string{"about me", "about how i", "about my mood", "about my mental", "about my head", "about my feelings",
		"about the way i", "soon", "today", "tonight", "asap", "now", "again", "lately", "honestly", "please", "pls", "can", "i"} {
		if strings.HasPrefix(r, w) {
			return true
		}
	}
	return false
}

// lowKey: what follows a mood said low makes it "low key" ("in a good
// mood so low key day"), which is calm, not low.
func lowKey(rest string) bool {
	r := strings.TrimLeft(rest, " -")
	return strings.HasPrefix(r, "key") && (len(r) == 3 || !isWord(r[3]))
}

var (
	intensifiers = []string{"", "so", "really", "very", "pretty", "super", "quite"}
	moodLowSaid  = indexPlain(phrasesOf([]string{"mood"}, []string{"", "is", "s", "been", "has been", "so"}, intensifiers,
		[]string{"low", "dark", "flat"}))
	notOkSaid = indexPlain(phrasesOf([]string{"im", "i am", "youre", "you are", "ur", "u r"},
		[]string{"", "really", "just", "honestly", "so", "still", "actually", "def", "definitely"}, []string{"not"},
		[]string{"ok", "okay", "coping", "alright", "all right", "doing good", "doing well", "doing ok", "doing okay"}))
	// Help asked for or a head not right, as a parent says it: "i think i
	// need to talk to someone", "3rd week feeling this low, i need to see
	// someone", "my head's not right", "can you come home early, losing it".
	helpSaid = indexPlain(append(phrasesOf([]string{"i", "i think i", "think i", "maybe i"},
		[]string{"", "really", "honestly", "just", "actually"}, []string{"need", "need to", "should"},
		[]string{"talk to someone", "talk to somebody", "speak to someone", "speak to somebody", "see someone",
			"talk to a professional", "get help"}),
		"my heads not right", "my head is not right", "my head isnt right", "feeling this low", "feel this low",
		"im not doing so good", "im not doing too good", "im not doing so well", "im not doing too well",
		"im not doing great", "i am not doing well", "i am not doing good"))
	notOkTail = indexPlain([]string{"today", "tonight", "at all", "again", "rn", "right now", "babe", "hun", "love",
		"mentally", "and", "can", "please", "pls", "i", "im"})
	bondWith = indexPlain(phrasesOf([]string{"bonding", "bonded"}, []string{"with"},
		[]string{"her", "him", "the baby", "baby", "them", "my baby", "our baby"}))
	bondNot = map[string]bool{"not": true, "dont": true, "cant": true, "isnt": true, "never": true, "arent": true,
		"havent": true, "hasnt": true, "doesnt": true}
)

// notOkEnds: what follows "im not ok" ends it (the note's end, a mark) or
// goes on about the writer, not "with" something.
func notOkEnds(rest string) bool {
	r := strings.TrimLeft(rest, " \t\n\r\f\v")
	if r == "" {
		return true
	}
	if !isWord(r[0]) {
		return true
	}
	return len(r) < len(rest) && notOkTail.at(r, 0)
}

// bondDenied: a denial among the four words before "bonding with".
func bondDenied(before string) bool {
	f := strings.Fields(before)
	for i := len(f) - 1; i >= 0 && i >= len(f)-4; i-- {
		if bondNot[f[i]] {
			return true
		}
	}
	return false
}
