package normalize

// This file: words of illness and of the body that name something else
// — a product or a vaccine named by what it is for, a course, a device's
// alarm, a pet's chewing — and figures of speech. They are blanked before
// the vocabularies are read, as notMedical is, but by the shape of the
// phrase, so a product or a figure worded some new way is still set aside.

import "strings"

// productNameRe is an illness naming a product or a vaccine: "cough
// medicine", "whooping cough vaccine leaflet", "hay fever tablets". Only
// the illness is blanked: "after her rotavirus vaccine" still reads as a
// vaccination, "cough medicine" as a medicine.
var productNameRe = guard(`\b(?:whooping cough|cough|cold and flu|cold|flu|fever|hay ?fever|allergy|allergies|colic|reflux|teething|nappy rash|diaper rash|rash|headache|sinus|sore throat|rsv|covid|measles|mmr|pertussis|chicken ?pox|rotavirus|meningitis|men ?b|pneumococcal|hep b|polio|tb|bcg)(\s+(?:vaccin\w*|shots?|jabs?|boosters?|immuni[sz]\w*|medicine|meds|syrup|drops|tablets?|sachets?|relief|remed\w*|reducers?|gel|cream|spray|powder|lozenges?|leaflets?))\b`)

// courseRe is a course or an organisation named by an emergency: "baby
// first aid course", "st john ambulance". Booking one is an errand.
var courseRe = guard(`\b(?:(?:baby|infant|pa?ediatric)\s+)?(?:first aid|cpr|resus\w*|choking)\s+(?:course|class(?:es)?|training|session|workshop|refresher|video)\b|\bst\.?\s+johns?\s+ambulance\b|\bred cross\b`)

// dischargeVisitRe is leaving hospital's or a midwife's care, its
// paperwork or visit ("midwife discharge visit tomorrow", "rang to confirm
// discharge"), not a discharge from the body.
var dischargeVisitRe = guard(`\bdischarge\s+(?:visit|appointment|appt|meeting|day|date|letter|plan|call|check|home visit|form|forms)\b` +
	`|\b(?:confirm\w*|arrang\w*|plann\w*|sign\w*|waiting for|ready for|after|before|on|for|awaiting)\s+(?:the\s+|her\s+|his\s+|our\s+|my\s+|your\s+)?discharge\b` +
	// Care that ends, said by who ends it or whom it ends for: "the
	// midwife discharge us today", "midwife discharge went fine".
	`|\b(?:midwife|midwives|midwifery|hospital|ward|nicu|scbu|maternity|hv|health visitor|team)s?\s+discharge\b|\bdischarged?\s+(?:us|them|me|papers?|summary|letter)\b`)

// falseAlarmRe is a device that alarms for nothing: "breathing sensor pad
// keeps false alarming". The device and its alarm are blanked in that
// sentence; an alarm that went off for a reason stays.
var falseAlarmRe = guard(`\bfalse\s*-?\s*alarm\w*`)

var deviceWords = indexPlain([]string{"breathing sensor", "breathing monitor", "breathing pad", "sensor pad",
	"movement sensor", "movement monitor", "apnea monitor", "apnoea monitor", "sensor", "monitor", "alarm*", "owlet", "snuza"})

// heartFigureRe is a heart broken or melted in a figure of speech.
var heartFigureRe = guard(`\b(?:broke|breaks|break|breaking|broken|melt\w*|warm\w*)\s+(?:her|his|my|our|their|your)\s+heart\b|\bheart\s*(?:broken|breaking|melt\w*)|\bheartbroken\b`)

// writerFigureRe is the writer choking on their coffee or made sick by a
// price: said of "me" and "my", a figure, not a symptom; and pride
// swallowed.
var writerFigureRe = guard(`\bchok\w*\s+on\s+my\s+(?:coffee|tea|drink|wine|water|beer|food|lunch|dinner|breakfast|toast|words|laugh\w*)\b` +
	`|\b(?:makes?|made|making)\s+me\s+(?:want to\s+|wanna\s+|feel\s+)?(?:barf|be sick|gag|hurl|puke|sick|throw up|vomit)\b` +
	`|\bswallow\w*\s+(?:her|his|my|our|their|your)\s+pride\b`)

// petChewRe is a pet chewing or eating a thing: "puppy chewed the
// remote". A swallowed hazard is the family's only when a child did it.
var petChewRe = guard(`\b(?:bunny|cat|dog|doggo|doggy|hamster|kitten|pup|puppy|rabbit)s?\s+(?:\w+\s+)?(?:ate|chewed|chewing|chews|eaten|eats|gnawed|got into|licked|nibbled|swallowed)\b`)

// petChewing: a pet did the chewing, and no child is named.
func petChewing(t string) bool {
	return petChewRe.MatchString(t) && !childWords.in(t) && !ageRe.MatchString(t)
}

// eyeColourRe is a baby's eyes changing colour, which they do: not a
// sign. Yellow in the whites of the eyes is read elsewhere ("yellow eyes").
var eyeColourRe = guard(`\beyes?\s+(?:are\s+|is\s+|have\s+|has\s+|still\s+)?(?:changing|change|changed|turning)\s+colou?rs?\b|\beye\s+colou?rs?\b` +
	`|\beyes?\s+(?:are\s+|is\s+)?(?:changing|going|turning)\s+(?:from\s+)?(?:blue|brown|dark|gray|green|grey|hazel)\b`)

// touchRe is the baby holding a finger or a hand, "so tight": a grip, not
// a body part that is wrong.
var touchRe = guard(`\b(?:grabb?\w*|gripp?\w*|held|holds?|holding|squeez\w*|clung|clings?|clinging)\s+(?:onto\s+|on to\s+)?(?:daddys|her|his|mommys|mummys|my|our|your)\s+(?:finger|fingers|hand|hands|thumb|thumbs|hair)\b`)

// healingRe is the cord stump or a scab coming off, or stitches coming
// out, which they should.
var healingRe = guard(`\b(?:cord|stump|cord stump|scab|clamp|cord clamp)\s+(?:has\s+|finally\s+|just\s+)?(?:came|come|dropped|fallen|fell)\s+off\b` +
	`|\bstitches\s+(?:have\s+|were\s+|finally\s+|all\s+)?(?:came out|come out|dissolved|fell out|out|removed|taken out)\b`)

// shakeThingRe is a thing shaken ("shaking his rattle"): the word after
// is kept only when it is the body ("shaking her arm").
var shakeThingRe = guard(`\b(?:shak(?:e|es|ing)|shook)\s+(?:his|her|their|the|a|my|its|that|this)\s+(\w+)`)

// placeTempRe is a room's or a thing's temperature: "temperature in the
// nursery is 20", "temp of the bath".
var placeTempRe = guard(`\btemp\w*\s+(?:in|inside|of)\s+(?:(?:her|his|my|our|the)\s+)?(?:bath|bedroom|bottle|car|flat|formula|freezer|fridge|garden|house|kitchen|milk|nursery|office|oven|room|water)\b`)

// swearRe is "bloody" as a swear word, before a thing that cannot bleed:
// "bloody bins", "bloody car wont start". Before the body or what it
// passes ("bloody poo", "bloody nose") it is blood.
var swearRe = guard(`\bbloody\s+(\w+)`)

// markCauseRe is a mark, a line or a stain and the harmless thing that
// made it: "red marks on her cheeks are from the car seat straps", "blue
// stain on his lips from the blueberry". Spots, a rash or a colour alone
// are not read so: purple spots are a sign whatever a parent puts them
// down to.
var markCauseRe = guard(`\b(?:marks?|lines?|dents?|stain\w*|streaks?|imprints?|indent\w*|creases?)\b[^.;!?]{0,40}?\b(?:because of|caused by|due to|from)\s+(?:the\s+|her\s+|his\s+|a\s+|some\s+|their\s+)?(?:car\s*seat|straps?|seat belt|buckle|blueberr\w*|berr\w*|beetroot|beets?|carrots?|sweet potato|food|puree|crayons?|pens?|markers?|paint|dye|bib|hat|socks?|vest|sleeves?|clothes|elastic|waistband|swaddle|blanket|dummy|pacifier|teether|bottle|sling|carrier|bouncer|cot bars?|sheet|pillow|cushion|sleeping on|lying on|leaning on)\b`)

// laughFigureRe is laughing so hard one chokes or cannot breathe ("we
// nearly choked laughing"), "bleeding" as a swear ("bleeding typical"),
// and a bill or a price that makes one faint: the writer's figure, not a
// sign.
var laughFigureRe = guard(`\b(?:i|we)\s+(?:nearly\s+|almost\s+|literally\s+|actually\s+)?(?:chok\w*|died|cried|cry|crying|wet myself|wet ourselves|peed myself|snorted)\s+(?:with\s+|of\s+|from\s+)?laugh\w*\b` +
	`|\bbleed(?:ing|in)\s+(?:annoying|brilliant|cheek|fantastic|freezing|great|hell|idiot|knackered|lovely|marvellous|nightmare|nora|ridiculous|shattered|typical|useless)\b|\blaugh\w*\s+(?:so\s+hard|so\s+much|too\s+hard|till|until|that hard)\b[^.;!?]{0,30}?\b(?:chok\w*|cant breathe|couldnt breathe|cant breath|cried|crying|died|dying|wet myself|peed|wee\w*)` +
	`|\b(?:bill|price|cost|quote|invoice|total|receipt|rent|fees?)\s+(?:\w+\s+){0,2}?(?:made|makes|making)\s+me\s+(?:feel\s+)?(?:dizzy|faint|ill|sick|want to cry)` +
	`|\b(?:faint\w*|heart attack|died|collapsed)\s+(?:at|over|seeing|when i saw)\s+(?:the\s+)?(?:\w+\s+)?(?:price|bill|cost|fee|fees|total|quote|invoice|receipt)\b` +
	`|\b(?:bleed|haemorrhag|hemorrhag)\w*\s+(?:cash|dollars|funds|money|pounds)\b` +
	// Allergic to a time of day, a chore or clothes, and money coughed up:
	// "allergic to mornings", "cough up 50 euro for parking".
	`|\ballergic\s+to\s+[a-z]+ing\b|\ballergic\s+to\s+(?:the\s+|these\s+)?(?:mornings?|mondays?\s+\w+|ikea|meetings?|mondays?|early\s+\w+|socks|shoes|hats?|clothes|bedtime|naps?|sleep|work|housework|chores|exercise|the gym|cleaning|laundry|ironing|washing up|dishes|getting up|waking up|effort|admin|paperwork|alarms?)\b` +
	`|\bcough(?:ed|ing|s)?\s+up\s+(?:another\s+|for\s+|the\s+)?(?:[$£€]\s*\d|\d+\s*(?:euro|euros|quid|pounds|dollars|bucks|grand|k)\b|cash|money|the money|the cash|the fee|the rent)` +
	// Swamped by work or chores, said as choking or drowning ("choking on
	// all these emails", "drownin in laundry"), and time bled away.
	`|\b(?:chok|drown)\w*\s+(?:in|on|under|with)\s+(?:all\s+)?(?:these\s+|those\s+|the\s+|this\s+|my\s+)?(?:\w+\s+)?(?:emails?|dishes|laundry|washing|paperwork|work|visitors|guests|bills|admin|meetings|invites|prices|demo|deadlines|housework|chores|boxes|toys|messages|texts|notifications|ironing|tickets?)\b` +
	`|\b(?:bleed|haemorrhag|hemorrhag)\w*\s+time\b` +
	// "my feet are killing me in these shoes haha": said with a laugh.
	`|\bkilling me\b[^.;!?]{0,40}?\b(?:lol|haha\w*|lmao|😂)`)

// placeThingRe is a thing's own temperature or health: "fridge temp
// reading 8", "the basil is looking poorly", "the hoover is wheezing".
var placeThingRe = guard(`\b(?:bath|bottle|car|flat|formula|freezer|fridge|house|milk|nursery|oven|room|water)\s+(?:temp|temps|temperature|temprature)\b` +
	`|\b(?:basil|plant|plants|herbs|tomatoes|garden|lawn|tree|trees|flowers|orchid|hoover|vacuum|boiler|engine|motor|car|printer)\s+(?:\w+\s+){0,5}?(?:poorly|sick|ill|unwell|wheez\w*|cough\w*|dying|dead)\b`)

// feverEvents are an event's fever ("football fever in this house",
// "world cup fever"), and feverFigureRe is fever strips to buy: not the
// baby's. "Baby fever" is never one: it is how a parent writes the
// baby's temperature. The events are a word list, not a pattern's
// alternatives: a pattern's program stays on the heap.
var feverEvents = indexPlain(phrasesOf([]string{"football", "footy", "soccer", "rugby", "cricket", "world cup", "euros", "olympics",
	"christmas", "xmas", "holiday", "wedding", "election", "disco", "saturday night", "travel", "shopping", "summer",
	"derby", "playoff", "playoffs", "final", "finals", "cup", "eurovision", "taylor swift", "swiftie", "festival",
	"race day", "match day"}, []string{"fever"}))

var feverFigureRe = guard(`\b(?:buy|get|order|ordered|bought|pick up|grab|add)\s+(?:some\s+|more\s+|a pack of\s+|new\s+|spare\s+)?fever\s+(?:strips?|patch\w*|scan\w*)\b`)

// blankPassion blanks a fever for, about or of something, or a feverish
// pace: a passion ("got a fever for knitting", "a fever for dinosaurs", "a
// little fever of energy", "feverish about the new season"), unless what
// follows is a time or a figure ("fever for 2 days", "fever of 39", "a
// fever for the last day") or the baby (feverFor). Read word by word, not
// by a pattern: a pattern's program stays on the heap.
func blankPassion(t string) string {
	var b []byte
	for from := 0; ; {
		j := strings.Index(t[from:], "fever")
		if j < 0 {
			break
		}
		j += from
		from = j + len("fever")
		if j > 0 && isWord(t[j-1]) {
			continue
		}
		end, ish := from, strings.HasPrefix(t[from:], "ish")
		if ish {
			end += len("ish")
		}
		if end < len(t) && isWord(t[end]) {
			continue
		}
		w, next := nextWord(t, end)
		switch {
		case ish && (w == "pace" || w == "speed" || w == "rush"):
		case w == "about" || w == "for" || w == "of":
			for {
				w, next = nextWord(t, next)
				if !passionDet[w] {
					break
				}
				if after, _ := nextWord(t, next); after == "" {
					break
				}
			}
			if w == "" || w[0] >= '0' && w[0] <= '9' || feverFor.in(w) {
				continue
			}
		default:
			continue
		}
		if b == nil {
			b = []byte(t)
		}
		for k := j; k < next; k++ {
			b[k] = ' '
		}
	}
	if b == nil {
		return t
	}
	return string(b)
}

// nextWord is the word after the spaces at t[i:] and the index past it
// ("" if none follows the spaces).
func nextWord(t string, i int) (string, int) {
	k := i
	for k < len(t) && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n') {
		k++
	}
	if k == i {
		return "", i
	}
	e := k
	for e < len(t) && isWord(t[e]) {
		e++
	}
	return t[k:e], e
}

var passionDet = map[string]bool{"a": true, "an": true, "my": true, "new": true, "the": true, "this": true, "these": true}

// feverFor are the words after "fever for" or "fever of" that say how
// long, how high or whose it is: the fever is a sign.
var feverFor = indexPlain([]string{"about", "almost", "around", "at", "bit", "couple", "day", "days", "few", "half",
	"her", "him", "his", "hour", "hours", "hrs", "last", "least", "like", "more", "most", "nearly", "night", "nights",
	"over", "past", "rest", "several", "since", "some", "their", "them", "two", "three", "four", "five", "up", "week",
	"weeks", "whole", "entire", "while", "one", "ages", "baby", "lo", "second", "third", "fourth", "under",
	"no", "unknown", "which", "what", "why"})

var laughWords = indexPlain([]string{"lol", "haha*", "lmao", "rofl", "😂", "🤣"})

// blankFigures blanks the products, courses, alarms and figures above.
func blankFigures(t string) string {
	if productNameRe.may(t) {
		t = productNameRe.ReplaceAllStringFunc(t, func(m string) string {
			sub := productNameRe.FindStringSubmatch(m)
			return spaces(m[:len(m)-len(sub[1])]) + sub[1]
		})
	}
	if swearRe.may(t) {
		t = swearRe.ReplaceAllStringFunc(t, func(m string) string {
			// Said with a laugh, "bloody nappies everywhere lol" is a swear too.
			if w := swearRe.FindStringSubmatch(m)[1]; !laughWords.in(t) && (bodyWords.in(w) || outputWords.in(w) || concernWords.in(w) || medicalWords.in(w)) {
				return m
			}
			return spaces(m)
		})
	}
	t = feverEvents.blank(blankPassion(t))
	for _, re := range []*guardedRe{placeTempRe, placeThingRe, laughFigureRe, feverFigureRe, markCauseRe, courseRe, dischargeVisitRe, heartFigureRe, writerFigureRe, eyeColourRe, touchRe, healingRe} {
		t = re.ReplaceAllStringFunc(t, spaces)
	}
	if shakeThingRe.may(t) {
		t = shakeThingRe.ReplaceAllStringFunc(t, func(m string) string {
			if bodyWords.in(shakeThingRe.FindStringSubmatch(m)[1]) {
				return m
			}
			return spaces(m)
		})
	}
	if falseAlarmRe.may(t) {
		b := []byte(t)
		for _, s := range clauseSpans(t, ".;!?\n") {
			if c := t[s[0]:s[1]]; falseAlarmRe.MatchString(c) {
				copy(b[s[0]:s[1]], deviceWords.blank(falseAlarmRe.ReplaceAllStringFunc(c, spaces)))
			}
		}
		t = string(b)
	}
	return t
}

// thingStateRe is a thing said to be in a body's state: "this heat is
// choking me", "my phone is running temperature", "my purse is bleeding",
// "the bin is poisonous". Said with "the", "this" or "my" and a verb, the
// subject is a thing unless it is the body, a sign, the baby or a person
// (thingSubject): "her forehead is burning up", "the little one is
// coughing" are read. A subject with no determiner is as often a baby's
// name ("leo is bleeding"), so it is not read here.
var thingStateRe = guard(`\b(?:that|this|the|your|his|her|their|our|my|these|those)\s+(?:(\w+)\s+)?(\w+)\s+(?:is|was|are|were|keeps|kept|has been|have been|has|s)\s+(?:\w+\s+)?(?:running hot|running a temp\w*|running temp\w*|ha?emorrhag\w*|breathing|bleeding|bleedin|coughing|choking|wheezing|feverish|poisonous|swallowed|burning up|overheating|sneezing|vomiting|throwing up|puking|gasping)\b`)

// thingSubject: the word names someone or the body, not a thing.
func thingSubject(w string) bool {
	if w == "" {
		return false
	}
	return bodyWords.in(w) || concernWords.in(w) || childWords.in(w) || familyWords.in(w) || sickSubjects[w] ||
		otherPeople.in(w) || medicalWords.in(w) || outputWords.in(w) || w == "it" || w == "and" || w == "thing"
}

// blankThingState blanks a thing's state (thingStateRe).
func blankThingState(t string) string {
	if !thingStateRe.may(t) {
		return t
	}
	return thingStateRe.ReplaceAllStringFunc(t, func(m string) string {
		sub := thingStateRe.FindStringSubmatch(m)
		if thingSubject(sub[1]) || thingSubject(sub[2]) {
			return m
		}
		// A part of the body named with whose it is ("her mouth is
		// bleeding", "his hand is bleeding"): the body, which its word
		// alone ("the mouth of the river") is not; a side is a team's as
		// often ("our side is bleeding goals").
		if i := strings.Index(m, " "+sub[2]+" "); i >= 0 && sub[2] != "side" && bodyWords.in(m[:i+1+len(sub[2])]) {
			return m
		}
		return spaces(m)
	})
}

// giveFigureRe is a thing that gives one a headache, a fever or a rash,
// or is one: "this traffic is givin me a migraine", "flaky test suite is
// giving me a rash", "that bouncer is an absolute headache". Kept when
// the rest of the note names the body, the baby, a medicine or what one
// takes or puts on ("the new iron tablets are giving me a rash on my
// arms" is a reaction): blankGiveFigure.
var giveFigureRe = guard(`\b(?:giv\w*|gave|give|gives)\s+(?:everyone|her|him|me|us|you)\s+(?:a\s+|an\s+|such\s+a\s+|the\s+|so\s+much\s+|high\s+)?(?:anxiety|blood pressure|bp|chills|fever|gray hairs|grey hairs|headache|heart attack|heart failure|high blood pressure|migraine|rash|ulcer)\b` +
	`|\b(?:are|is|s|was|were)\s+(?:a|an|such a)\s+(?:\w+\s+)?(?:headache|migraine)\b`)

// takenWords are what one takes or puts on, which can give one a rash.
var takenWords = indexPlain([]string{"tablet*", "vitamin*", "supplement*", "iron", "formula", "cream", "lotion", "soap",
	"detergent", "washing powder", "food", "milk", "dairy", "nuts", "drops", "spray", "plaster*"})

func blankGiveFigure(t string) string {
	if !giveFigureRe.may(t) {
		return t
	}
	for _, m := range giveFigureRe.FindAllStringIndex(t, -1) {
		rest := t[:m[0]] + " " + t[m[1]:]
		if bodyWords.in(rest) || childWords.in(rest) || medicineWords.in(rest) || medicalWords.in(rest) || takenWords.in(rest) {
			continue
		}
		t = t[:m[0]] + spaces(t[m[0]:m[1]]) + t[m[1]:]
	}
	return t
}
