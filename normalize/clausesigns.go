package normalize

// This file: signs read from a clause's two halves — what it is about (a
// feed, how alert the baby is) and a word of trouble — rather than from
// one sentence per note. A parent's "feeds taking over an hour and still
// hungry" and "keeps falling asleep at the breast" share no phrase, but
// both are a feed and a trouble with it; each half is a small lexicon, so
// a feed's trouble worded some new way is still read. A clause that calls
// what it saw normal (calm) is not a sign.

import "strings"

// feedTopic names a feed, its amount or its weighing.
var feedTopic = indexPlain([]string{"feed", "feeds", "feeding", "feedings", "fed", "bottle", "bottles", "breast",
	"boob", "boobs", "bf", "nurse", "nursing", "nursed", "latch*", "letdown", "let down", "intake", "oz", "ml", "ounce*",
	"weigh in", "weigh-in", "weighin", "amount", "sucks", "sucking", "milk", "drank", "drink", "drinks", "drinking"})

// feedTrouble is what goes wrong at a feed: never full, too long, too
// often, brought back, choked on, given up on, or far less than usual.
var feedTrouble = indexPlain([]string{"never satisfied", "never seems satisfied", "never seem satisfied",
	"not satisfied", "still hungry", "always hungry", "never full", "never seems full", "gives up", "give up", "gave up",
	"arches", "arched", "arch her", "arch his", "splutter*", "sputter*", "chokes", "choke", "coughs and",
	"brings back", "brought back", "bring back", "brings up", "brought up", "back up", "most of", "double that",
	"half her usual", "half his usual", "half the usual", "half her normal", "half his normal", "half what",
	"less than half", "less than usual", "less than normal", "way less", "much less", "far less", "a lot less", "down from",
	"over an hour", "more than an hour", "for ages", "takes ages", "taking ages", "hours to", "every hour", "hourly",
	"every 45", "every 30", "every 40", "every 20", "was low", "is low", "weight dropped", "weight has dropped",
	"weight is down", "weight was down", "weight went down", "dropped weight", "too small", "too little", "not enough",
	"falls asleep", "falling asleep", "fell asleep", "dozes", "dozing", "drops off", "dropping off", "nods off",
	"screams and", "screamed and", "screaming and", "cries and", "pulls off", "pulled off", "fights", "fighting",
	"refus*", "barely touch*", "hardly touch*", "wont take", "wouldnt take", "spitting out", "spits out", "spat out", "clicking",
	"forever", "still fussing", "for a minute", "a minute then", "turns away", "turned away", "turns her head",
	"turns his head", "comes off", "coming off", "came off", "straight back out", "back out", "weakly", "non stop",
	"nonstop", "constantly", "slipping", "fusses", "fussing", "barely anything", "hardly anything", "next to nothing",
	// Less and less, next to none, no interest, no seal: "less every
	// feed", "very little milk", "uninterested in the bottle", "wont go
	// back on", "cant get a seal on the bottle", "sleeping through every
	// feed".
	"less every", "less each", "less at each", "less and less", "very little", "so little", "uninterested",
	"not interested", "no interest", "wont go back on", "wouldnt go back on", "cant get a seal", "cant seal",
	"sleeping through every", "sleeps through every", "slept through every", "half her bottle", "half his bottle",
	"pushed it away", "pushes it away"})

// feedCalm are the ordinary words said of a feed: a growth spurt's
// cluster feeds, a baby who fell asleep full, a bottle pushed away when
// done.
var feedCalm = indexPlain([]string{"cluster", "growth spurt", "milk drunk", "full and", "so full", "content", "happy",
	"lol", "haha", "cute", "finally", "finished", "bottle warmer", "dream feed", "dreamfeed", "top up bottle",
	"night feed", "night feeds", "next feed", "before the feed", "after the feed"})

// asleepAtFeed needs the falling asleep to happen again and again, or
// early: "falls asleep after 2 min at every feed"; once, full, it is a
// contented baby.
var asleepAtFeed = indexPlain([]string{"falls asleep", "falling asleep", "fell asleep", "dozes", "dozing", "drops off",
	"dropping off", "nods off"})

var againRe = guard(`\b(?:every|each feed|keeps?|always|constantly|all the time|mid|straight away|without|within)\b` +
	`|\bafter\s+(?:\d+|a|one|two|a few)\s*(?:m|min|mins|minutes|sec|seconds|secs)\b|\b\d+\s*(?:min|mins|minutes)\s+in(?:to)?\b`)

// comparedRe compares with the usual ("less than half her usual
// amount"): it does not call the feed usual.
var comparedRe = guard(`\b(?:below|down on|fewer|half|less|than|under)\s+(?:\w+\s+){0,2}?(?:normal|usual)\b`)

// feedingTrouble: a clause about a feed with a trouble in it.
func feedingTrouble(clauses []string) bool {
	for _, c := range clauses {
		// Calm is read without the trouble: "half her usual amount" compares
		// with the usual, it does not call the feed usual.
		// The comparison is blanked before the trouble is, or "less than
		// half her usual amount" would leave "her usual amount", calm.
		if !feedTopic.in(c) || !feedTrouble.in(c) || calm(feedTrouble.blank(comparedRe.ReplaceAllStringFunc(c, spaces))) || feedCalm.in(c) {
			continue
		}
		if asleepAtFeed.in(c) && !feedTrouble.in(asleepAtFeed.blank(c)) && !againRe.MatchString(c) {
			continue
		}
		return true
	}
	return false
}

// toneWords say a baby is weak, pale or floppy (not "low energy", a
// parent's day in the energy log); alertTopic is the
// alertness, the cry or the colour they are said of. "pale" alone is a
// dress or a wall, "weak" a signal; beside "sleepy" or "cry" they are the
// baby.
var toneWords = indexPlain([]string{"pale", "paler", "pasty", "weak", "weaker", "feeble", "floppy", "flopping",
	"floppier", "lolling", "lolls", "low tone", "listless", "wiped out", "no strength",
	"barely moved", "hardly moved", "barely moving", "so still", "quiet and still", "too quiet", "hardly cries",
	"barely cries", "hardly crying", "barely crying", "doesnt even startle", "didnt even startle", "not startl*"})

var alertTopic = indexPlain([]string{"sleepy", "sleepier", "drowsy", "tired", "cry", "cries", "crying", "quiet",
	"still", "head", "awake", "wake", "waking", "energy", "moving", "moved", "colour", "color", "grey", "gray",
	"feed", "feeds", "feeding", "cot", "than usual", "more than", "seems", "looks",
	"she", "he", "baby", "lo", "shes", "hes"})

// toneNotBaby: a tone word said of a thing or of the writer's day.
var toneNotBaby = indexPlain([]string{"signal", "wifi", "battery", "paint", "wall*", "dress", "colour scheme",
	"pink", "blue", "green", "yellow", "ale", "beer", "coffee", "tea", "i feel", "im", "i am", "weak spot",
	"weak point", "joke", "excuse", "argument", "wine", "lol", "haha"})

// lowTone: the baby weak, pale, floppy or too still.
func lowTone(clauses []string) bool {
	for _, c := range clauses {
		if toneWords.in(c) && !toneNotBaby.in(c) && alertTopic.in(toneWords.blank(c)) && !calm(c) {
			return true
		}
	}
	return false
}

// notWakingRe is a baby who does not wake, or stay awake, for feeds:
// "not waking for feeds", "have to rouse him every time", "dropped
// straight back off without drinking", "wont stay awake".
var notWakingRe = guard(`\b(?:barely|didnt|doesnt|hardly|hasnt|isnt|never|not|wont|wouldnt)\s+(?:\w+\s+)?(?:wak\w*|wok\w*|stay\w* awake|rous\w*)\s+(?:up\s+)?(?:on (?:her|his) own\s+)?(?:for|to)\s+(?:\w+\s+){0,2}?(?:feeds?|feeding|feedings|bottles?|milk|food)\b` +
	`|\b(?:had|has|have|need|needed)\s+to\s+(?:rouse|wake)\s+(?:baby|her|him|lo|the baby|them)\s+(?:up\s+)?(?:each|every|for all|for each|for every)\b` +
	`|\b(?:dropped|dropping|drops|falling|falls|fell|goes|nodded|nods|went)\s+(?:right|straight)\s+back\s+(?:off|to sleep)\s+without\b` +
	`|\b(?:barely|cant|doesnt|hardly|not|wont)\s+stay\w*\s+awake\b` +
	`|\b(?:cannot|cant|couldnt|hard to)\s+keep\s+(?:her|him|the baby)\s+awake\s+(?:during|for|long enough|to)\b` +
	`|\b(?:can not|cannot|cant|could not|couldnt)\s+get\s+(?:baby|her|him|lo|the baby|them)\s+to\s+(?:wake|stay awake|open (?:her|his) eyes)\b`)

// weightDownRe is a weight going the wrong way: "weight is dropping",
// "his weight has gone down again", "weight stuck since week 2". The
// writer's own ("my weight keeps dropping") is news, not a sign.
var weightDownRe = guard(`\b(?:(\w+)\s+)?weight\s+(?:is\s+|has\s+|was\s+|keeps\s+|still\s+)?(?:\w+\s+)?(?:dropped|dropping|falling|fell|going down|gone down|not going up|not moving|plateaued|static|stuck|went down)\b`)

func weightDown(t string) bool {
	for _, m := range weightDownRe.FindAllStringSubmatch(t, -1) {
		if m[1] != "my" && m[1] != "our" {
			return true
		}
	}
	return false
}

// unwantedRe is a feed not wanted: "he hasnt wanted any milk since 10".
var unwantedRe = guard(`\b(?:didnt|doesnt|hasnt|not|wont)\s+(?:really\s+)?(?:want|wanted|wanting)\s+(?:any\s+|her\s+|his\s+|the\s+|a\s+)?(?:milk|bottles?|feeds?|food|boob|breast|formula)\b`)

// usualRe is the baby unlike their usual self by a state word: "hotter
// than usual", "sleeping loads more than normal", "not as wriggly as
// usual". A good night or a growth spurt said so is not one
// (sleptThrough, feedCalm).
var usualRe = guard(`\b(?:hott?\w*|warm\w*|sleep\w*|quiet\w*|wriggl\w*|fuss\w*|whin\w*|cling\w*|pale\w*|flopp\w*|cry\w*|cries|scream\w*|spit\w*|sick\w*|sweat\w*|grizz\w*|irritab\w*|unsettled|lethargic|tired\w*|alert|active|responsive|smil\w*|interest\w*)\b[^.;!?]{0,25}?\bthan\s+(?:before|he usually|normal|normally|she usually|usual|yesterday)\b` +
	`|\bnot\s+(?:as|so)\s+(?:\w+\s+)?(?:active|alert|awake|chatty|hungry|interested|kicky|lively|playful|responsive|smiley|wriggly)\s+as\s+(?:before|he usually|normal|normally|she usually|usual)\b`)

var usualGood = indexPlain([]string{"yay", "finally", "lol", "haha", "growth spurt", "longer stretch", "slept through",
	"sleeping through", "🙌", "woohoo", "amazing", "great night", "more smiles", "smiling more", "smiley"})

func unusual(clauses []string) bool {
	for _, c := range clauses {
		if usualRe.MatchString(c) && !usualGood.in(c) {
			return true
		}
	}
	return false
}

// nothingTakenRe is next to nothing taken over a stretch: "has had barely
// anything since lunch", "drunk hardly anything all day".
var nothingTakenRe = guard(`\b(?:ate|drank|drunk|eaten|fed|had|has had|taken|took)\s+(?:almost|barely|hardly|next to|virtually)\s+(?:anything|nothing)\b`)

// functionPainRe is a cry or pain when the body does its work: "cries
// every time he wees", "screams when she poos", "hurts when i pee".
var functionPainRe = guard(`\b(?:cr(?:ied|ies|y|ying)|scream\w*|screech\w*|whimper\w*|whin\w*|hurts?|stings?|strain\w*|grimac\w*|pain\w*)\s+(?:\w+\s+)?(?:after|as|each time|every time|when|whenever|while)\s+(?:baby|he|i|lo|she|they)?\s*(?:pees?|wees?|peeing|weeing|weed|peed|poos?|poops?|pooing|pooping|pooed|pooped|swallows?|swallowing|breathes?|breathing|moves? (?:her|his) (?:arm|head|leg|neck)|sits?|sitting|touch\w* (?:her|him|his|it)|press\w* (?:on )?(?:her|his|it)|lift\w* (?:her|him|it)|move\w* (?:her|him|it)|bend\w* (?:her|his|it))\b`)

// outputTopic and outputLess: wees and wet nappies, and fewer or
// lighter than they should be ("peeing way less, nappies really light").
var outputTopic = indexPlain([]string{"nappy", "nappies", "diaper", "diapers", "pee", "pees", "peeing", "wee", "wees",
	"weeing", "wet ones", "wets", "urine"})

var outputLess = indexPlain([]string{"light", "so light", "really light", "way less", "much less", "a lot less",
	"less than", "fewer", "barely wet", "hardly wet", "not very wet", "not as wet", "drier", "not many", "hardly any",
	"barely any"})

// nappyProduct: a clause about the nappies themselves ("a lot less
// leaky", "size 4 fits better"), not what is in them.
var nappyProduct = indexPlain([]string{"leak*", "size", "sizes", "brand", "pack", "packs", "box", "cheaper", "price",
	"fit", "fits", "bag", "bin", "stock"})

func fewerWees(clauses []string) bool {
	for _, c := range clauses {
		if outputTopic.in(c) && outputLess.in(c) && !nappyProduct.in(c) && !calm(comparedRe.ReplaceAllStringFunc(c, spaces)) {
			return true
		}
	}
	return false
}

// sleptThrough: a feed slept through is news a parent is glad of
// ("isnt waking for the 2am feed anymore, yay").
var sleptThrough = indexPlain([]string{"night feed", "night feeds", "dream feed", "dreamfeed", "anymore", "any more",
	"yay", "finally", "sleeping through", "slept through", "woohoo", "hooray", "2am", "3am", "4am", "1am", "midnight"})

func notWaking(clauses []string) bool {
	for _, c := range clauses {
		if notWakingRe.MatchString(c) && !sleptThrough.in(c) || overslept(c) {
			return true
		}
	}
	return false
}

// oversleptRe is sleep that takes the place of feeds or far passes the
// usual: "slept thru 2 feeds", "slept through a nappy change, never does
// that", "sleeping way too much today". Not the night slept through,
// which sleptThrough is glad of, nor the writer's own lie-in (overslept).
var oversleptRe = guard(`\bslept\s+(?:through|thru)\s+(?:\d+|two|three|all|her|his|a|the)?\s*(?:\w+\s+)?(?:feeds|bottles|(?:diaper|nappy)\s+changes?)\b` +
	`|\b(?:sleeping|sleeps|slept)\s+(?:\w+\s+)?(?:far|way)\s+too\s+(?:long|much)\b`)

var gladWords = indexPlain([]string{"yay", "finally", "woohoo", "hooray", "amazing", "lol", "haha"})

// overslept: oversleptRe in clause c, not said of the writer ("i slept way
// too long lol") nor gladly.
func overslept(c string) bool {
	loc := oversleptRe.FindStringIndex(c)
	if loc == nil || gladWords.in(c) {
		return false
	}
	// The night's feeds slept through are glad news (sleptThrough), the
	// match's own verb aside: "slept through the night feeds".
	verb := loc[0] + strings.IndexAny(c[loc[0]:], " \t\n")
	if sleptThrough.in(c[:loc[0]] + c[verb:]) {
		return false
	}
	// The sleeper is the nearest person named before the sleep: "im
	// sleeping way too much", "ive been sleeping", not "i think shes".
	f := strings.Fields(c[:loc[0]])
	for i := len(f) - 1; i >= 0; i-- {
		if writerWords[f[i]] {
			return false
		}
		if personWord(f[i]) {
			break
		}
	}
	return true
}

var writerWords = map[string]bool{"i": true, "im": true, "id": true, "we": true, "ive": true, "weve": true, "me": true, "us": true}

// clauseSigns: one of the signs read from a clause's halves.
func clauseSigns(t string) bool {
	clauses := splitClauses(t)
	return feedingTrouble(clauses) || lowTone(clauses) || fewerWees(clauses) || nothingTakenRe.MatchString(t) || unwantedRe.MatchString(t) || unusual(clauses) || weightDown(t) || notWaking(clauses) || functionPainRe.MatchString(t)
}
