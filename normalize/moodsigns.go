package normalize

// This file: the parent's mood read by the shape of the phrase: beliefs
// that are not true (the baby is not theirs, someone is watching), wanting
// to leave and not come back, checking that cannot stop, not sleeping
// when the baby sleeps, feeling low. They may be written about the
// writer or about the partner; either is the family's mood.

// delusionRe is someone saying, sure of or feeling what cannot be: "keeps
// saying the baby isnt ours", "i feel the baby is not mine", "saying the baby is watching him". Being watched
// or followed is read only after a verb of belief, not "says": "grandma
// says the baby is watching tv" is a baby watching.
var delusionRe = guard(`\b(?:says?|saying|said|thinks?|thought|convinced|believes?|insists?|sure|feel|feels|felt|feeling)\s+(?:that\s+|like\s+)?(?:the baby|baby|our baby|my baby|he|she|the twins)\s+(?:is|isnt|s|was|wasnt|are|arent)\s+(?:not\s+)?(?:ours|mine|hers|his|theirs|real|our baby|my baby|an? impost[oe]r|a stranger|possessed|evil|the devil|fake|replaced|swapped|switched)\b` +
	`|\b(?:saying|convinced|believes?|insists?|sure|thinks?)\s+(?:that\s+)?(?:the baby|baby|someone|somebody|people|they|the neighbou?rs?|the tv|the phone|the government|god|the devil)\s+(?:is|are|s|keeps?|has been|have been)\s+(?:\w+\s+)?(?:(?:watching|following|controlling)\s+(?:me|him|her|us|them|everything|our)\b|spying|poisoning|out to get|sending)` +
	`|\b(?:switched|swapped)\s+at\s+birth\b` +
	// Voices heard where no one is: "says she heard someone talking in
	// nursery, no one there".
	`|\b(?:hear|hears|heard|hearing)\s+(?:someone|somebody|people|voices|a voice|a man|a woman)\s+(?:talking|calling|whispering|saying|say|speaking)\b[^.;!?]{0,40}?\b(?:no one|nobody|noone)\s+(?:was\s+|is\s+)?there\b` +
	// Hearing or seeing the baby when she is not there or not crying.
	`|\b(?:hear|hearing|heard|see|seeing|saw)\s+(?:\w+\s+){0,4}?when\s+(?:she|he|they|the baby|baby)\s+(?:isnt|is not|wasnt|was not|arent|isnt there|is asleep|was asleep)\b`)

// escapeRe is wanting to leave and never come back: "thought about just
// driving off and never coming back". Leaving work early is not this: the
// never coming back is.
var escapeRe = guard(`\b(?:thought|thinking|think|thoughts|fantasi[sz]\w*|daydream\w*|want\w*|wish\w*|urge\w*|tempted|imagine|imagining)\b[^.;!?]{0,40}?` +
	`(?:\b(?:leav\w*|left|run\w* (?:away|off)|ran (?:away|off)|driv\w* (?:off|away)|walk\w* (?:out|away|off)|disappear\w*|go\w* away|get\w* away|escap\w*)\b[^.;!?]{0,30}?\b(?:never (?:coming|come|came|going|go) back|not (?:come|coming) back|and not return\w*|never return\w*)\b` +
	// Leaving a flat for good is a move: "for good" is read only after
	// running, driving or walking away.
	`|\b(?:run\w* (?:away|off)|ran (?:away|off)|driv\w* (?:off|away)|walk\w* (?:out|away|off)|disappear\w*|escap\w*)\b[^.;!?]{0,30}?\b(?:for good|forever)\b)` +
	// Wanting to run away, from everything or with nowhere named: "too
	// much for me, i want to run away", "feel like running away from
	// this house". Running away somewhere ("to the beach") is a holiday.
	`|\b(?:want|wanna|wants|wanted|wanting|(?:feel|feels|felt|feeling) like)\s+(?:to\s+)?(?:just\s+)?(?:run|running)\s+away\b(?:\s*$|\s*[^\w\s]|\s+(?:from|and|but|so|again|sometimes|every)\b)`)

// checkingRe is checking the baby over and over: "checking shes breathing
// every 5 min all night". The post checked every five minutes is not, nor
// a nap looked in on every half hour: the interval is ten minutes or less.
var checkingRe = guard(`\bcheck\w*\s+(?:(?:on|that|if|whether)\s+)?(?:she|he|shes|hes|her|him|the baby|baby|lo|bub|they|theyre|the monitor|her breathing|his breathing)\s+(?:\w+\s+){0,3}?(?:every|each)\s+(?:[1-9]|10|few|couple of|five|ten|two|three)\s*(?:min\w*|seconds?|secs?|m)\b`)

// sleeplessRe is the parent not sleeping while the baby does: "baby asleep
// but I can't sleep at all". With "and", only when it goes on ("and i
// still cant sleep", "at all", night after night): "and i cant sleep
// either, too excited" is a night, not a sign.
var sleeplessRe = guard(`\b(?:baby|babys|she|shes|he|hes|lo|bub|they|theyre)\s+(?:is\s+|s\s+|was\s+|finally\s+)?(?:asleep|sleeping|sleeps|down|slept)\b[^.;!?]{0,25}?\b(?:(?:but|yet)\s+(?:i|im)\s+(?:still\s+)?|and\s+(?:i|im)\s+still\s+)(?:cant|cannot|couldnt|can not|unable to|not able to)\s+(?:get to\s+|fall\s+)?(?:sleep|asleep)\b` +
	`|\bi\s+(?:still\s+|just\s+)?(?:cant|cannot|couldnt)\s+(?:get to\s+|fall\s+)?(?:sleep|asleep)\s+at all\b`)

// lowRe is feeling low, however it is put: "feeling so low today", "i am
// very low, nothing makes me happy". Low on something is a supply.
var lowRe = guard(`\b(?:feel|feels|feeling|felt|i am|im|i m)\s+(?:so\s+|really\s+|very\s+|pretty\s+|super\s+|quite\s+)?low\b(?:\s*$|\s*[^\w\s]|\s+(?:today|lately|again|all|and|since|recently|at|for|these|this|every|most|in|but|i))` +
	// Low mood said the other way round: "mood really low since the
	// weekend".
	`|\b(?:my|her|his|your|ur)?\s*mood\s+(?:is\s+|s\s+|been\s+|has been\s+|so\s+)?(?:so\s+|really\s+|very\s+|pretty\s+|super\s+|quite\s+)?(?:low|dark|flat)\b` +
	// "I'm not ok" said in a longer note ("sorry for last night, I'm
	// really not ok", "I'm not okay. Can you take over after work?"), not
	// "not ok with" something.
	`|\b(?:im|i am|youre|you are|ur|u r)\s+(?:really\s+|just\s+|honestly\s+|so\s+|still\s+|actually\s+|def\s+|definitely\s+)?not\s+(?:ok|okay|coping|alright|all right)\b(?:\s*$|\s*[^\w\s]|\s+(?:today|tonight|at all|again|rn|right now|babe|hun|love|mentally|and|can|please|pls|i|im)\b)` +
	// No bond felt, however it is hedged: "I don't think I'm bonding with
	// her".
	`|\b(?:not|dont|cant|isnt|never|arent|havent|hasnt|doesnt)\b(?:\s+\w+){0,3}?\s+(?:bonding|bonded)\s+with\s+(?:her|him|the baby|baby|them|my baby|our baby)\b` +
	// No pleasure in anything, however it is put: "dont care about
	// anything", "nothing makes me happy", "cant get out of bed",
	// "havent showered in 4 days"; not getting out of bed is read by
	// bedRe.
	`|\b(?:dont|do not|doesnt|does not|nuh)\s+(?:even\s+|really\s+)?care\s+about\s+(?:anything|nothing|anyone|anybody)(?:\s*$|\s*[^\w\s]|\s+(?:and|since|anymore|any more|at all|now|today|lately|or|so|really|these days|no more)\b)` +
	`|\bnothing\s+(?:\w+\s+)?(?:makes?|making|made)\s+(?:me|her|him)\s+(?:happy|smile)\b` +
	`|\b(?:havent|hasnt|have not|has not)\s+(?:showered|had a shower|washed)\s+(?:in|for)\s+(?:\d+|two|three|four|five|six|several|days)\b`)

// feelingRe is the writer naming a heavy feeling of their own: "i feel
// trapped", "im terrified to be alone with him", "scared of my own
// thoughts", "my thoughts are racing". The feeling is the word a parent
// reaches for, so it is read as a word of a kind after "i" rather than
// one sentence per note; said with a laugh, or of a thing ("terrified of
// spiders"), it is not (feelingNotMood).
var feelingRe = guard(`\b(?:i|im|i am|ive been|i have been|i feel|i felt|i keep feeling|feeling|feel)\s+(?:\w+\s+){0,2}?(?:terrified|frightened|trapped|hopeless|worthless|ashamed|miserable|desperate|overwhelmed|drowning|broken|numb|empty|detached|disconnected|resentful|furious|dread\w*|panick\w*|paranoid|suffocat\w*|like a prisoner|like im losing it|like im going crazy|like im going mad|like im failing)\b` +
	`|\b(?:scared|afraid|terrified|frightened|nervous|anxious)\s+(?:to be|of being)\s+(?:left\s+)?alone\s+with\b` +
	`|\b(?:scared|afraid|terrified|frightened)\s+of\s+(?:my\s+)?(?:own\s+)?(?:thoughts|mind|head|feelings|myself)\b` +
	`|\b(?:my\s+)?(?:thoughts|mind|head|heart)\s+(?:is|are|keeps?|wont stop|been|was|were)\s+(?:\w+\s+)?racing\b`)

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
// "sobbing in the bathroom at 3am", "sat in the car n cried for an hour";
// a baby cries in the car seat (toldMood), not in the bathroom.
var hiddenCryRe = guard(`\b(?:cried|crying|cry|cries|sobb\w*|sobs|bawl\w*|in tears|wept|weeping)\b[^.;!?]{0,30}?\b(?:in|on)\s+(?:the|my|a)\s+(?:\w+\s+)?(?:bathroom|shower|toilet|loo|closet|car|parking lot|parkin lot|stairs|floor)\b(\s+seat)?` +
	`|\b(?:sat|sitting|sit|hid|hiding|hide|locked myself)\s+in\s+(?:the|my)\s+(?:bathroom|shower|toilet|loo|closet|car)\s+(?:\w+\s+){0,2}?(?:and|n|&)\s+(?:cried|sobbed|bawled|wept)\b`)

// toldMoodRe is a mood told without a word for it: the parent calling
// herself a bad mother ("says she is a bad mom"), thoughts she should not
// have, a night that cannot be faced, a room not left for days, staring at
// the wall, no bond felt with the baby, a temper lost, a self not
// recognised. A failure felt is read by failureRe.
var toldMoodRe = guard(`\b(?:is|am|im|a|being|such|shes|hes)\s+(?:\w+\s+)?(?:bad|terrible|useless|awful|rubbish|horrible|crap|shit|shitty|lousy)\s+(?:mom|mum|mother|mama|mommy|parent|dad|father|wife)\b(\s+(?:moment|day|joke|jokes|fail|brain|hack|move))?` +
	`|\bthoughts?\s+(?:that\s+)?(?:i|she|he)\s+(?:shouldnt|should not)\b` +
	`|\b(?:cant|cannot|couldnt|cyaan)\s+face\s+(?:\w+\s+)?(?:night|nights|day|days|evening|evenings|morning|mornings|it|anyone|anything|another|tomorrow|him|her|the baby|people)\b` +
	`|\b(?:hasnt|has not|havent|have not|didnt|did not|wont|not)\s+(?:\w+\s+)?(?:left|leave|leaving|come out of|came out of)\s+(?:the|her|his|my|our)\s+(?:bedroom|room)\b` +
	`|\bstar(?:e|es|ed|ing|in)\s+(?:\w+\s+)?at\s+(?:the\s+)?(?:wall|walls|nothing|space)\b` +
	`|\b(?:doesnt|does not|didnt|did not|dont|do not|not)\s+feel\s+(?:\w+\s+)?(?:connected|bonded|attached|close|anything|nothing|nuttin|love)\s+(?:to|for|towards|with)\b` +
	`|\b(?:lost|lose|losing)\s+my\s+(?:temper|shit|cool)\b|\b(?:recogni[sz]e|know)\s+(?:herself|myself|himself)\s+(?:anymore|any more)?`)

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
		sleeplessRe.MatchString(t) || lowRe.MatchString(t) || feeling(t) || inBed(t) || toldMood(t)
}

// bedRe is not getting out of bed: "cant get out of bed", "nuh want get
// out of bed". A child who will not get up for nursery is a morning, so a
// clause that names an older child is not read (inBed).
var bedRe = guard(`\b(?:cant|cannot|couldnt|dont|doesnt|wont|nuh|not able to|unable to)\s+(?:\w+\s+){0,2}?get\s+(?:up\s+)?out\s+of\s+bed\b`)

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
