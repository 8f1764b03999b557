package normalize

// This file: notes that raise a health question. The vocabularies are in
// healthwords.go; here is the order they are read in, and the structural
// rules that keep an errand, a figure of speech or someone else's illness
// from reading as the family's health note.

import (
	"slices"
	"strconv"
	"strings"
)

// droppedRe is the baby dropped, not dropped off: "i dropped him",
// "dropped her on the floor", "i dropped her 😭".
var droppedRe = guard(`\bdropped (?:baby|bub|her|him|lo|the baby)(?:\s*(?:$|[^\w\s])|\s+(?:on|onto|from|down|while|when|and|by accident|accidentally|out of|off the|off a|off my|in the (?:bath|pool|tub|water))\b)`)

// keepWarmRe is keeping someone warm, not feeling warm.
var keepWarmRe = guard(`\bkeep\w*\s+(?:\w+\s+){0,3}?warm\b|\bwarm\s+(?:and\s+)?(?:cosy|cozy|snug)\b`)

// productForRe is a product and what it is for ("zinc cream for diaper
// rash", "saline for her stuffy nose"): a supply, not a symptom seen.
var productForRe = guard(`\b(?:medicine|medicin|meds|syrup|cream|creme|ointment|balm|paste|lotion|oil|powder|spray|wash|gel|saline|aspirator|frida|humidifier|vaporizer|vaporiser|thermometer|pads|bandaids?|plasters?|ice packs?|heating pad|sitz bath|peri bottle|witch hazel|vaseline|aquaphor|sudocrem|desitin|zinc|teether|teething toys?)\s+for\s+(?:the\s+|her\s+|his\s+|my\s+|babys?\s+|when\s+|if\s+)?(?:\w+\s+){0,1}\w+`)

// feedingRe is a feed that does not happen or is too small: "cant feed",
// "wont take the bottle", "barely drinking", "hasnt eaten since 6",
// "refusing the breast", "pulls away from the bottle", "only took 1 oz".
var feedingRe = guard(`\b(?:cant|cannot|can not|wont|wouldnt|would not|doesnt|didnt|will not|isnt|not|stopped|stops|barely|hardly|refus(?:ed|es|ing)?(?: to)?|too (?:sleepy|tired|weak) (?:at|during|for|to)|keep (?:her|him|them) awake (?:during|for|to))\s+(?:the\s+)?(?:breast|boob|bottle|feeds|feed|feeding|finish|finishing|nurse|nursing|eat|eating|latch|latching|drink|drinking|suck|sucking|gain|gaining|take (?:a |a single |any |her |his |the )?(?:boob|bottle|breast|feed))\b` +
	`|\b(?:did not|didnt|hadnt|has not|hasnt|have not|havent)\s+(?:eaten|fed|drunk|drank|nursed|fed well|had (?:a |any )?(?:bottle|feed|formula|milk))\b` +
	`|\brefus\w*\s+(?:to\s+)?(?:boob|bottle|bottles|breast|drink|eat|feed|feeding|feeds|food|formula|milk|nurse|solids|the boob|the bottle|the breast|to latch)\b` +
	`|\bpull\w*\s+(?:away|off)\b[^.;!?]{0,40}\b(?:feed\w*|breast|boob|bottle|nipple|latch\w*|nurs\w*)` +
	`|\bonly\s+(?:ate|drank|drinking|drunk|eaten|eating|finished|had|managed|taken|taking|took)\s+(?:about\s+|like\s+|maybe\s+|a\s+)?(?:\d|half|one|two|a few|a couple)` +
	`|\bonly\s+\d+(?:\.\d)?\s*(?:oz|ml|ounces?)\b` +
	`|\b(?:drinking|drinks|eating|eats|feeding|feeds|nursing|taking)\s+(?:\w+\s+)?(?:fewer|less)\b` +
	`|\brefus\w*\s+(?:to\s+)?(?:all|any|each|every|her|his|last|most|the|the last)\s+(?:\w+\s+){0,2}?(?:feed\w*|bottles?|meals?|food)\b` +
	`|\b(?:barely|didnt|hardly|hasnt|havent|not)\s+(?:ate|drank|drink|drinking|drunk|eat|eaten|eating|had|take|taken|taking|took|touched)\s+(?:a bite|a drop|a sip|a thing|any|anything|more than|much)\b` +
	`|\b(?:no|not)\s+interested in (?:a |any |her |his |the )?(?:bottle|boob|breast|feed\w*|food|eating|milk|formula|nursing)` +
	`|\b(?:didnt|hadnt|has not|hasnt|havent|not)\s+(?:done|had|have|take|taken)\s+(?:a |any |one )?(?:complete|decent|full|good|proper|real|single|whole)\s+(?:bottle|drink|feed|meal|nurse|nursing session)` +
	`|\b(?:wont|didnt|doesnt|wouldnt|not|refus\w+ to|cant)\s+(?:even\s+)?(?:drink|eat|finish|have|keep down|take)\s+more than\b` +
	`|\b(?:ate|drank|drinking|eating|finished|had|having|takes|taking|took)\s+(?:barely|hardly|less than|under)\s+(?:an?\s+|\d|half|one|two)` +
	`|\bonly\s+(?:ate|drank|eats|fed|fed well|feeding|feeds|lasted|latched|nursed|nurses|nursing|sucked|sucking|sucks)\s+(?:for\s+)?(?:like\s+|about\s+|maybe\s+)?(?:\d+|a few|two|three|five|one|a minute|a min)\s*(?:m|min|mins|minutes|sec|seconds|secs)?\b` +
	`|\b(?:barely|hardly)\s+(?:ate|drank|drunk|eaten|finished|had|managed|taken|took)\s+(?:\d|an? oz|half|one|two)` +
	`|\bpush\w*\s+(?:the\s+)?(?:boob|bottle|breast|nipple|spoon)?\s*away\b` +
	`|\bonly\s+(?:ate|did|does|doing|downed|drank|drinking|drinks|eating|eats|finished|finishes|had|has|having|managed|manages|managing|takes|taking|took|want|wanting|wants)\s+(?:like\s+|about\s+|maybe\s+)?(?:\d+(?:\.\d+)?\s*(?:oz|ml|ounces?)|an? oz|an ounce|half)` +
	`|\bpull(?:ed|ing|s)?\s+off\s*(?:$|[,.;!?]|\s+(?:after|again|and|arching|choking|coughing|crying|every|gagging|screaming|then))` +
	`|\b(?:barely|hardly|isnt|not|stopped|wont)\s+taking\s+(?:a |a single |any |her |his |the )?(?:bottle|boob|breast|feeds?|milk|formula)` +
	`|\bscream\w*\s+when\s+(?:dh|dw|i|we|you)\s+(?:offer|put|try)\w*\s+(?:food|her the|him the|it|the boob|the bottle|the breast)` +
	`|\bskipp\w*\s+(?:\d+|two|three|several|multiple|all|most|her|his)\s+(?:\w+\s+)?(?:bottles|feedings|feeds|meals)\b|\bskipping\s+feeds\b` +
	`|\b(?:baby|bub|dd|ds|he|hes|lo|she|shes)\s+(?:\w+\s+)?(?:doesnt seem|isnt|never|not|wasnt)\s+(?:\w+\s+)?hungry\b` +
	`|\bscream\w*\s+(?:\w+\s+)?(?:after|during|through|thru)\s+(?:all|each|every|her|his|the)?\s*(?:feeds?|bottles?|feedings?)\b`)

// wetDiaperRe is too few wet diapers or a dry one; a wet diaper alone is a
// log of the day, not a worry.
var wetDiaperRe = guard(`\bno\s+(?:dirty|poo|poop|poopy|soiled)\s+(?:diaper|nappie|nappy)s?\s+(?:for|in|since)\s+(?:\d+|two|three|four|five|a few|several)\s+days?\b|\b(?:no|only|just|not many|few|fewer|barely any|hasnt had an?y?|hasnt had a|havent seen a)\s+(?:\d+\s+|one\s+|two\s+|three\s+)?wet\s+(?:diaper|nappie|nappy)` +
	`|\b(?:barely|hadnt|hardly|hasnt|havent|no|not)\b[^.;!?]{0,25}\bwet\s+(?:diaper|nappie|nappy)` +
	`|\b(?:diaper|nappie|nappy)s?\s+(?:is\s+|was\s+|are\s+|were\s+|has\s+|had\s+|have\s+|still\s+|been\s+|stays?\s+|stayed\s+|totally\s+|completely\s+)*(?:bone\s+)?dry\b` +
	`|\bdry\s+(?:diaper|nappie|nappy)s?\s+(?:after|all|for|in|overnight|since)\b`)

// vaccineRe is something noticed after a vaccination ("fussy and warm after
// her vaccinations", "since the 4 month vaccines", "swollen after MMR").
var vaccineRe = guard(`\b(?:after|following|from|post|since)\b[^.,;!?]{0,20}\b(?:vaccin\w*|vax\w*|shots?|jabs?|immuni[sz]\w*|injections?|needles?|mmr|dtap|dtp|hep b|rotavirus|pcv|hib|boosters?)\b` +
	`|\b(?:since|where)\s+(?:he|i|she|they)\s+(?:did|gave|got|had)\b[^.,;!?]{0,15}\b(?:shots?|jabs?|vaccin\w*|injections?|needles?)\b` +
	`|\b(?:vaccin\w*|shots?|jabs?|immuni[sz]\w*|injection)\s+(?:arm|leg|reaction|site|spot|thigh)\b` +
	// "rotavirus vaccine last week and now screaming in waves": a sign
	// that came after it, said with "now" or "since then".
	`|\b(?:vaccin\w*|vax\w*|jabs?|immuni[sz]\w*|injections?|mmr|dtap|rotavirus|boosters?)\b[^.;!?]{0,40}?\b(?:and now|and since|ever since|now|since then)\s+(?:\w+\s+){0,2}?(?:scream\w*|cry\w*|fever\w*|hot|pale|swollen|swelling|red|lump\w*|rash\w*|vomit\w*|sick|sleepy|floppy|limp|fuss\w*|grizzly|unsettled|inconsolable|spots|hives|blotchy|diarrh\w*|blood\w*|not feeding|wont feed|off (?:her|his) feeds?)\b`)

// padRe is postpartum bleeding measured in pads: "soaking a pad an hour",
// "soaked through 2 pads", "bleeding thru a pad", "my pad full in 40 min".
var padRe = guard(`\bsoak\w*\s+(?:through\s+|thru\s+)?(?:a\s+|\d+\s+|two\s+|three\s+|my\s+|the\s+|multiple\s+|several\s+|more than one\s+)?(?:maxi|maxis|pad|pads)\b|\b(?:through|thru)\s+(?:a\s+|\d+\s+|the\s+)?pads?\b|\bpads?\s+(?:an|each|every|per)\s+hour|\bpads?\s+(?:\w+\s+){0,2}?(?:drenched|filled|full|soaked)\s+(?:after|in|within)\s+(?:\d+|an?|half an|one|two)\b|\b(?:fill\w*|soak\w*|go\w* through|went through|bleed\w* through|bled through)\s+(?:a\s+|\d+\s+|my\s+|the\s+)?(?:maternity\s+|night\s+)?pads?\s+(?:an|each|every|in|within)\b`)

// harmRe is a wish not to live, however it is put: "i just want to
// disappear", "wish i could go to sleep and not wake up".
var harmRe = guard(`\b(?:wanna|want|wanting|wish|wished|wishing)\b[^.;!?]{0,25}\b(?:be dead|die|disappear|end it|end my life|never wake up|not be alive|not be here|not exist|not wake up|run away forever|was dead|were dead)\b`)

// breathingRe is breathing described as wrong: "breathing really fast",
// "breathes funny", "breathing seems shallow".
var breathingRe = guard(`\bbreath(?:es|in|ing)\s+like\s+(?:a|a little|an|he|hes|its|she|shes|theyve)\b|\bbreath\w*\s+(?:\w+\s+){0,2}?(?:fast|faster|quick|quickly|rapid|rapidly|hard|heavy|heavily|shallow|funny|weird|weirdly|strange|odd|noisy|noisily|loud|loudly|labou?red|irregular|irregularly|fast|wheezy|raspy|squeaky|crackly|rattly|pant\w*|gasp\w*)\b`)

// watchRe is someone watching a vital sign: "check her breathing every 10
// min", "keep an eye on his temp", "monitor her oxygen". Watching breathing
// or a pulse is what a worry looks like; a plan that says it has made one.
var watchRe = guard(`\b(?:check\w*|monitor\w*|watch\w*|keep (?:an )?eye on|keeping (?:an )?eye on|count\w*)\s+(?:her|his|their|my|your|(?:the\s+)?bab(?:y|ys|y's)|lo|los|lo's)\s+(?:breath\w*|pulse|heart ?rate|heartbeat|oxygen|o2|sats|vitals?|temp|temperature)\b`)

// wakeRe is a baby who can hardly be woken: "can barely wake him for
// feeds", "couldnt rouse her".
var wakeRe = guard(`\b(?:cant|cannot|couldnt|barely|hardly|wont|wouldnt|struggl\w* to|not able to|unable to|trouble)\s+(?:\w+\s+)?(?:rouse|rousing|wake|waking)\s+(?:baby|bub|her|him|lo|the baby|them)\b` +
	// What it took to wake the baby: "had to strip her to wake her",
	// "had to undress him to wake", "to wake for the 3am feed".
	`|\b(?:strip\w*|undress\w*|tickl\w*|blow\w* on|blew on|(?:cold|cool|damp|wet)\s+(?:cloth|flannel|washcloth)|flick\w*|shak\w*|shook|jiggl\w*|jostl\w*)\s+(?:\w+\s+){0,7}?to\s+(?:rouse|wake)(?:\s+(?:baby|bub|her|him|lo|the baby|them|for)\b|\s*(?:$|[^\w\s]))`)

// fallRe is the baby sliding or falling off something: "lo slid off the
// bed", "she tumbled out of the bouncer". A roll onto the rug is a
// milestone: only a fall or a slide reaches the floor.
var fallRe = guard(`\b(?:she|he|lo|baby|dd|ds|bub|toddler|they|twins?)\s+(?:\w+\s+)?(?:(?:fell|flipped|rolled|slid|slipped|tipped|toppled|tumbled)\s+(?:right\s+|straight\s+)?(?:off|out of|from|down the stairs|down the steps|head first)|(?:fell|slid|slipped|tipped|toppled|tumbled)\s+(?:right\s+|straight\s+)?(?:out\s+)?(?:on)?to\s+(?:the\s+)?(?:carpet|concrete|deck|floor|floorboards|ground|path|patio|pavement|road|rug|tiles))\b`)

// intakeShortRe is a feed's volume said against what it should be:
// "total intake today 300ml, way under", "60ml total overnight, normally
// 180", "only took 35ml of the 60 ordered".
var intakeShortRe = guard(`\d+\s*(?:ml|mls|oz|ounces?)\b[^.;!?]{0,30}?\b(?:way\s+(?:below|down|less|low|short|under)|normally|usually|of\s+(?:her|his|the)\s+\d+|down\s+from|less\s+than\s+usual|half\s+(?:her|his|the)\s+usual)`)

// feedDropRe and feedDrop read feeds that have shrunk: "went from 4oz to
// 1oz per feed".
var feedDropRe = guard(`\b(?:down|dropped|fallen|fell|going|gone|went)\s+from\s+(\d+(?:\.\d+)?)\s*(?:oz|ml|ounces?|feeds?|feedings?|bottles?|wets|wet nappies|wet diapers)?\s+(?:down to|to)\s+(?:only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:oz|ml|ounces?|feeds?|feedings?|bottles?|wets|wet nappies|wet diapers)?(?:\s+(?:a day|in 24|per day|today))\b|\b(?:down|dropped|fallen|fell|going|gone|went)\s+from\s+(\d+(?:\.\d+)?)\s*(?:oz|ml|ounces?|feeds?|feedings?|bottles?)?\s+(?:down to|to)\s+(?:only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:oz|ml|ounces?)\b`)

// feedDownToRe is the same said the other way round: "down to 15 oz a day
// from 25".
var feedDownToRe = guard(`\b(?:down|dropped|fallen|gone down)\s+to\s+(?:only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:oz|ml|ounces?)\b[^.;!?]{0,20}?\bfrom\s+(\d+(?:\.\d+)?)\b`)

func feedDrop(t string) bool {
	for _, m := range feedDropRe.FindAllStringSubmatch(t, -1) {
		if less(m[2], m[1]) || less(m[4], m[3]) {
			return true
		}
	}
	for _, m := range feedDownToRe.FindAllStringSubmatch(t, -1) {
		if less(m[1], m[2]) {
			return true
		}
	}
	return false
}

// less: both are numbers and a is the smaller.
func less(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x < y
}

// apneaRe is breathing that pauses or stops: "pausing her breathing",
// "stops breathing for a few sec", "holds his breath till he goes red",
// "gaps between her breaths". Holding one's own breath is a figure of
// speech, so only hers or his count.
var apneaRe = guard(`\b(?:paus\w*|stops?|stopping|stopped|holds|holding|held)\s+(?:her|his|the|their)?\s*(?:breath|breathin|breathing|breaths)\b` +
	`|\bforg[eo]t\w*\s+to\s+breathe\b` +
	`|\b(?:pauses?|gaps?|breaks?|stops?)\s+(?:\w+\s+){0,2}?(?:between|in)\s+(?:her\s+|his\s+|their\s+|the\s+)?(?:breathing|breaths)\b` +
	`|\bbreath(?:in|ing|s)?\s+(?:\w+\s+){0,2}?(?:paus\w*|stops|stopped|stopping|cuts out|goes quiet)\b`)

// timedPauseRe is a pause timed in seconds, either way round ("pause maybe
// 15 sec. woke her up", "15 sec pause at 2am"), or heard in a snore
// ("snoring, but there r pauses in it"). The pause is a noun, not pausing
// a show ("paused the film for 10 sec", "had to pause the tv").
var timedPauseRe = guard(`(?:^|\b(?:a|another|one|long|longer|big|short|the|that|few|more|some|her|his|two|three|\d+))\s*pauses?\s+(?:(?:about|almost|around|at|for|in|like|maybe|nearly|of|over|prob|probably|\d[\d:.]*\s*(?:am|pm)?)\s+){0,4}(?:\d+|five|ten|fifteen|twenty)\s*-?\s*(?:s|sec|secs|seconds)\b` +
	`|\b(?:\d+|five|ten|fifteen|twenty)\s*-?\s*(?:s|sec|secs|second|seconds)\s+(?:long\s+)?pauses?\b` +
	`|\bsnor\w*\b[^.;!?]{0,40}?\b(?:a|and|are|few|in|is|r|some|the|with)\s+pauses?\b|\bpauses?\s+(?:in|between)\s+(?:the\s+|her\s+|his\s+)?snor\w*`)

// timedPause: timedPauseRe, not in a note of a call or a screen ("long
// pause like 10 sec then she answered the phone"); a pause timed on a
// phone is still a pause.
func timedPause(t string) bool {
	return timedPauseRe.MatchString(t) && !screenOrCall.in(t)
}

var screenOrCall = indexPlain([]string{"call", "called", "answered", "tv", "show", "film", "movie", "song", "music",
	"video", "game", "podcast", "netflix", "youtube", "zoom", "meeting"})

// outputColourRe is spit-up, vomit, stool or pee of a colour it should not
// have: "green spit up", "white/black poop", "pee is pinkish", "poop is
// chalky grey". Milky white spit-up and yellow stool are normal and not
// listed; a clause that calls what it saw normal is blanked first
// (maskNormal).
var outputColourRe = func() *guardedRe {
	const (
		shade  = `(?:(?:bright|dark|pale|light|neon|very|really|super|kinda|kind of|almost|like|a|bit|weird|strange)\s+){0,2}`
		spitC  = `(?:green|greenish|yellow|yellowish|red|reddish|bloody|pink|pinkish|brown|brownish|black|blackish|coffee|dark)`
		spitN  = `(?:spit\s*-?\s*ups?|spitups?|puke|pukes|vomit|vom|sick|throw\s*up|spew)`
		stoolC = `(?:white|whitish|black|blackish|red|reddish|grey|gray|greyish|grayish|pale|chalk|chalky|clay|maroon|bloody|tarry|silver|colou?rless|green|greenish|pink|pinkish)`
		stoolN = `(?:poops?|poopy|poo|poos|pooh|stools?|bms?|bowel movements?|diaper contents)`
		peeC   = `(?:red|reddish|pink|pinkish|orange|brown|brownish|dark|bloody|cloudy|dark yellow|tea colou?red)`
		peeN   = `(?:pee|wee|urine|wees|pees)`
		verb   = `\s+(?:is|was|are|were|s|looks|looked|looking|seems|seemed|has been|came out|come out|comes out|coming out|turned|went|still|always|all|had|has|have|with|w|got|contains|contained|showed|shows)\s+(?:\w+\s+){0,3}?`
	)
	// The regexp is only asked whether a note matches, so a colour needs
	// no shade before it and no colours said with it ("green or yellow
	// spit up" matches at "yellow"): each copy of the lists costs memory
	// for as long as the bot runs.
	var alts []string
	for _, p := range [][2]string{{spitC, spitN}, {stoolC, stoolN}, {peeC, peeN}} {
		alts = append(alts, `\b`+p[0]+`\s+(?:\w+\s+)?`+p[1]+`\b`, `\b`+p[1]+verb+shade+p[0]+`\b`)
	}
	return guard(strings.Join(alts, "|"))
}()

// closedEyesRe is a baby too sleepy to open their eyes: "barely opens his
// eyes", "cant keep her eyes open". A parent's own eyes are tiredness.
var closedEyesRe = guard(`\b(?:barely|hardly|wont|cant|not|doesnt|isnt|wouldnt|wasnt|cannot|couldnt|never|struggl\w* to)\s+(?:even\s+)?(?:keep|keeping|keeps|kept|open|opened|opening|opens)\s+(?:her|his|its|their)\s+eyes\b`)

// sleepyRe is the baby far sleepier than usual: "shes so sleepy today",
// "lo seems really out of it". Not the parent ("im so sleepy"), and not a
// sleepy baby after a bath or at bedtime (sleepyUsual).
var sleepyRe = guard(`\b(?:baby|babys|bub|dd|ds|he|hes|lo|she|shes|they|theyre)\s+(?:is\s+|s\s+|been\s+|has been\s+|seems\s+|seem\s+|was\s+|looks\s+|is being\s+|just\s+)?(?:so|super|really|very|extremely|unusually|way too|crazy|abnormally|weirdly|strangely|oddly|scarily|soo+)\s+(?:dopey|drowsy|groggy|out of it|quiet and sleepy|sleepy|zonked)\b`)

var sleepyUsual = indexPlain([]string{"after bath", "after her bath", "after his bath", "after the bath", "bedtime",
	"bed time", "early night", "down early", "lol", "haha", "cute", "yay", "finally", "after her feed", "after his feed",
	"after the feed", "milk drunk", "after tummy time", "after the walk", "after swim", "after swimming", "after her massage",
	"after his massage", "went down", "go down", "nap time", "naptime", "growth spurt"})

// cryRe is crying unlike the baby's own: high-pitched, shrill or weak, a
// cry that "doesnt sound like him", or crying no one can settle for hours.
var cryRe = guard(`\bscreech\w*\s+(?:\w+\s+)?(?:cry|cries|crying|scream\w*)\b|\bcry(?:ing)?\s+(?:that\s+)?(?:didnt|does not|doesnt|never|will not|wont)\s+stop\b|\bhigh\s*-?\s*pitch\w*\s+(?:\w+\s+){0,2}?(?:cry|cries|crying|scream\w*|wail\w*|shriek\w*|squeal\w*)\b` +
	`|\b(?:eerie|feeble|hoarse|odd|pained|painful sounding|piercing|shrill|strange|unusual|weak|weird)\s+(?:\w+\s+)?(?:cry|crying|scream|screaming|wail|whimper\w*|moan\w*)\b` +
	`|\bcry(?:ing)?\s+(?:didnt|does not|doesnt|dont|is not|isnt|wasnt)\s+(?:seem|sound|sounding)\s+(?:like|normal|right)\b` +
	`|\bcry(?:ing)?\s+(?:sounds?|sounded|sounding|is|was)\s+(?:\w+\s+)?(?:different|high|hoarse|like a cat|odd|off|painful|shrill|strange|weak|weird|wrong)\b` +
	`|\bnever\s+heard\s+(?:baby|her|him|lo|the baby|them)\s+(?:cry|scream)\b` +
	`|\b(?:cannot|cant|cant even|couldnt|impossible to|no way to|nothing|nothing can|nothing will)\s+(?:calm|calms|console|consoles|settle|settles|soothe|soothes)\b[^.;!?]{0,30}\b(?:hours?|hrs?|all (?:afternoon|day|evening|night))\b` +
	`|\b(?:cry\w*|cried|scream\w*|wail\w*|howl\w*|shriek\w*)\s+(?:non\s*-?\s*stop|nonstop|without stopping|without a break|solidly|straight|inconsolabl\w*|constantly)\s+(?:for\s+)?(?:over\s+|like\s+|almost\s+|nearly\s+|about\s+)?(?:\d+|an?|two|three|four|five|six)\s*\+?\s*(?:hours?|hrs?|h)\b` +
	`|\b(?:cry\w*|cried|scream\w*|wail\w*|howl\w*|shriek\w*)\s+(?:\w+\s+)?(?:for\s+)?(?:over\s+|like\s+|almost\s+|nearly\s+)?(?:[3-9]|three|four|five|six|several)\s*\+?\s*(?:hours?|hrs?)\s+(?:and counting|no matter what|non stop|nonstop|now|straight)\b`)

// moodRe are frightening thoughts that will not leave: "cant stop
// picturing him falling", "scary thoughts wont go away", "keep imagining
// something happening to her".
var moodRe = guard(`\b(?:always|cannot stop|cant help|cant stop|constantly|keep|keeps|kept)\s+(?:\w+\s+)?(?:picturing|imagining|visuali[sz]ing|seeing (?:her|him|lo|the baby)|thinking (?:about|of) (?:baby|her|him|lo|something|the baby|what)|thinking the worst)\b` +
	`|\b(?:picturing|imagining|imagine|visuali[sz]\w*|images? of|thoughts? of|flashes of|visions? of|see|seeing|dreams? of|dreaming of)\s+(?:baby|dd|ds|her|him|lo|my baby|my daughter|my son|the baby|them)\s+(?:\w+\s+){0,2}?(?:fall\w*|fell|drown\w*|dying|die|dead|get(?:ting)? hurt|being hurt|hurt|dropp\w*|smother\w*|chok\w*|suffocat\w*|stop\w* breathing|not breathing|crush\w*|burn\w*|get(?:ting)? hit|snatched|taken|stolen)\b` +
	`|\b(?:thoughts?|images?|pictures?|visions?|feelings?)\s+(?:that\s+|just\s+|in my head\s+)?(?:cant|do not|dont|never|that wont|will not|wont)\s+(?:go away|leave|let up|quit|shut off|shut up|stop|switch off)\b` +
	`|\b(?:cannot|cant|couldnt)\s+(?:get|push|shake|stop)\s+(?:it|my|that|the|them|these|this|those)?\s*(?:\w+\s+)?(?:thoughts?|images?|pictures?|scenarios?|what ifs|worst case)\b` +
	`|\b(?:always|cant stop|constantly|keep|keeps)\s+(?:imagining|picturing|thinking|worrying)\s+(?:that\s+)?(?:he|hes|i|ill|im|she|shes|something|the baby)\b` +
	`|\b(?:afraid ill|going to|gonna|might|scared ill|terrified ill|will|worried ill)\s+drop\s+(?:her|him|lo|the baby)\s*(?:$|[,.;!?]|\s+(?:and|by|down|from|on|or|when|while))` +
	`|\bi\s+(?:\w+\s+)?(?:bawl|cry|sob|weep)\s+(?:all|at everything|constantly|daily|each|every|for no|most|multiple|non stop|nonstop|over everything|so much|whenever)\b`)

// failureRe is the parent feeling a failure: "feel like a total failure
// bc breastfeeding didnt work", "im such a bad mum". The article may be
// left out only after "like" ("feels like bad mother"): "feeling bad dad
// missed bath time" is no failure.
var failureRe = guard(`\b(?:feel|feeling|feels|felt|i am|im)\s+(?:like\s+(?:such\s+)?(?:(?:a|an)\s+)?|(?:such\s+)?(?:a|an)\s+)(?:total\s+|complete\s+|utter\s+|massive\s+|huge\s+|absolute\s+)?(?:failure|fraud|bad (?:dad|mom|mother|mum|parent)|terrible (?:dad|mom|mother|mum|parent)|useless (?:dad|mom|mother|mum|parent)|rubbish (?:dad|mom|mother|mum|parent)|crap (?:dad|mom|mother|mum|parent))\b|\bfailing\s+(?:as\s+a\s+(?:dad|mom|mother|mum|parent)|(?:her|him|my baby|the baby))\b`)

// notOkRe is a whole note that says the writer is not all right: "not ok
// today", "im not okay".
var notOkRe = guard(`^\s*(?:(?:feel|feeling|honestly|i am|im|just|really)\s+)*not\s+(?:coping|good|ok|okay|right)\s*(?:again|at all|right now|rn|this morning|today|tonight)?\s*[.!]*\s*$`)

// sneezeRe is sneezing that goes on; a sneeze alone is a newborn's day.
var sneezeRe = guard(`\bsneez\w*\s+(?:\w+\s+)?(?:a lot|all|constantly|nonstop|non stop|so much|lots|loads|every|again and again|and cough\w*|and snott\w*|with|w)\b|\bkeeps?\s+sneezing\b|\bsneezing fits?\b`)

// earRe is a baby at their ear: "keeps grabbing her ear", "rubbing his
// ears and screaming".
var earRe = guard(`\b(?:grab\w*|pull\w*|tug\w*|rub\w*|hit\w*|scratch\w*|batting|bats|holding|holds|clutch\w*|pok\w*|hitting)\s+(?:at\s+)?(?:her|his|its|their)\s+(?:left\s+|right\s+)?ears?\b`)

// lessActiveRe is the baby doing less than usual: "not kicking like
// usual", "not smiling as much as before". Sleep and naps that change are
// a phase, not this.
var lessActiveRe = guard(`\bnot\s+(?:moving|kicking|wriggling|wiggling|squirming|babbling|smiling|cooing|reacting|responding|crying|looking at (?:anything|me|us)|playing|interested|alert|herself|himself)\s+(?:\w+\s+)?(?:like|as (?:much )?(?:as )?)\s*(?:always|before|he does|he normally|he usually|normal|normally|she does|she normally|she usually|usual)\b`)

// familyHarmRe is someone in the family saying they would be better gone:
// "wife said we would all be better off without her", "partner said shed
// be better off not being here". The partner is family; a note that
// names only someone outside it is read by aboutSomeoneElse first.
var familyHarmRe = guard(`\bbetter off\s+(?:not\s+(?:being\s+)?(?:alive|around|born|here)|gone|dead|if (?:he|i|she) (?:didnt exist|died|disappeared|was gone|was not|wasnt|were not|werent))\b` +
	`|\b(?:all|baby|be|d|everybody|everyone|family|kids|wd|we|would|yall|youd)\s+(?:\w+\s+){0,2}?better\s+(?:off\s+)?without\s+(?:her|him|me|u|us|you)\b` +
	`|\b(?:everyone d|everyone would|family would|kids would|theyd|we d|we would|wed|yall would|you would|youd)\s+(?:all\s+)?be\s+better\s+off\s*(?:$|[.!?,;]|\s+if\s+(?:he|i|she)\b)` +
	`|\b(?:didnt|do not|does not|doesnt|dont)\s+want\s+to\s+(?:be here any ?more|be alive|live any ?more|exist|wake up|go on)\b` +
	`|\b(?:wanted|wants|wished|wishes)\s+(?:\w+\s+){0,2}?(?:to die|to disappear|s?he w(?:as|ere) dead|to end it|to not exist|to not wake up|to not be here)\b`)

// doseAmountRe is a dose by its measure: "gave 5ml instead of 2.5ml",
// "2.5 mg": a millilitre alone is as often a feed, and so is one amount
// for another above 20 ml ("120ml instead of 90ml").
var doseAmountRe = guard(`\binstead of\s+(?:the\s+)?(?:\d+(?:\.\d+)?\s*(?:cc|mg|tsp)|1?\d(?:\.\d+)?\s*(?:ml|mls))\b|\b\d+(?:\.\d+)?\s*(?:cc|mg|tsp)\b|(?:^|[^\d.])\d\.\d+\s*(?:ml|mls)\b`)

// namedERRe is an emergency room named by its hospital: "going to
// glendale adventist er", "at st marys er now" ("the er" is a medical word).
var namedERRe = guard(`\b(?:going to|headed to|heading to|on the way to|taking \w+ to|took \w+ to|at|in)\s+(?:\w+\s+){1,3}?(?:er|e\.r\.)(?:\s*$|\s*[^\w\s]|\s+(?:now|asap|meet|with|for|again|tonight|today|right now|waiting))`)

// namedER: namedERRe, not an animal's emergency room ("taking rex to the
// animal er").
func namedER(t string) bool {
	return namedERRe.MatchString(t) && !animalER.in(t)
}

var animalER = indexPlain([]string{"animal", "vet", "vets", "pet", "emergency vet"})

// doseAmount: a dose by its measure (doseAmountRe), not a medicine's
// strength ("infant tylenol, the 160mg/5ml") nor the size of one to buy
// ("buy the 120mg"): those name what is bought, not what was given.
func doseAmount(t string) bool {
	if !doseAmountRe.MatchString(t) {
		return false
	}
	if strengthRe.may(t) && !givenRe.MatchString(t) {
		t = strengthRe.ReplaceAllStringFunc(t, spaces)
	}
	return doseAmountRe.MatchString(t)
}

// strengthRe is a medicine's strength, or its size named after a verb of
// buying.
var strengthRe = guard(`\b\d+(?:\.\d+)?\s*mg\s*(?:/|per|in)\s*\d*(?:\.\d+)?\s*(?:ml|mls)\b` +
	`|\b(?:buy|get|order|grab|pick up|reorder|restock)\s+(?:the\s+|a\s+|some\s+|more\s+|another\s+)?(?:\w+\s+){0,2}?\d+(?:\.\d+)?\s*mg\b`)

// givenRe is a dose given or to give: a strength named beside it is the
// dose's ("grab the 120mg and give him some, hes 38.6").
var givenRe = guard(`\b(?:give|gave|giving|given|dose|dosed|dosing)\b`)

// respondRe is someone barely responding; emails and messages that go
// unanswered are blanked first (notMedical).
var respondRe = guard(`\b(?:barely|didnt|doesnt|hardly|isnt|not|stopped|wasnt|wont)\s+(?:really\s+|much\s+|seem\s+to\s+|seems\s+to\s+|even\s+)?respond(?:ed|ing|s)?\b`)

// thingRe is an object doing what a body does ("the printer choked", "the
// shelf fell off", "laptop is infected"): not a health note, unless a
// person stands between the thing and the sign ("in the van he was sick":
// thingsSign).
var thingRe = guard(`\b(?:api|pipeline|lavadora|wi-fi|hoover|blind|blinds|curtain|curtains|towel|bin|printer|scanner|shredder|vacuum|roomba|washer|washing machine|dryer|dishwasher|car|engine|phone|laptop|computer|app|wifi|router|tv|stroller|swing|bouncer|monitor|machine|fridge|freezer|oven|microwave|toaster|blender|kettle|drain|sink|toilet|disposal|plant|plants|tree|battery|batteries|heater|fan|website|server|picture|frame|mirror|shelf|vase|tower|wheel|cake|project|plans?|deal|stock|market|tire|tyre|handle|knob|door|mobile|crib mobile|pram|buggy|pushchair|lamp|clock|pc|mac|macbook|ipad|tablet|kindle|console|xbox|playstation|email|emails|inbox|account|software|files?|hard drive|code|build|show|series|episode|movie|film|song|album|track|beat|game|video|concert|party|view|trick|shoes|sneakers|kicks|outfit|ride|bike|budget|wallet|savings|business|company|traffic|news|commute|spreadsheet|paperwork|playlist|recital|performance|spotify|netflix|youtube|instagram|facebook|whatsapp|chrome|windows|iphone|android|alexa|roku|bottle warmer|warmer|trash|pail|nappy bin|diaper bin|sterilizer|sterili[sz]er|pump motor|motor|exhaust|pipes?|boiler|furnace|radiator|hose|stocks?|shares|portfolio|cooler|tank|wagon|tractor|truck|van)s?\s+((?:\w+\s+){0,4}?)(?:choked|choking|swallowed|wheez\w*|rattl\w*|gurgl\w*|gasp\w*|grunt\w*|died|dead|dying|coughed|coughing|coughin|coughs|throws up|running hot|feverish|sneez\w*|threw up|spit\w*|bleeding red|bleeding|bled|leaking|fell\s+\w+|falling\s+\w+|is sick|was sick|so sick|looks sick|sounds sick|made me sick|makes me sick|making me sick|crashed|burn\w*|overheat\w*|infected|swollen|(?:caught|got|had|has|have|picked up)\s+(?:a\s+|some\s+)?(?:bug|malware|virus)|virus\w*|malware|puk\w*|vomit\w*|throwing up|spew\w*|seizures?|(?:had|has|having)\s+(?:a\s+)?fit|sick (?:noise|sound)s?|breath\w*\s+(?:noise|sound)s?|haemorrhag\w*|hemorrhag\w*|running a fever|in pain|running a temp\w*|floppy|limp\w*|smell\w*|stink\w*|under the weather|poorly|(?:got|had|has|have)\s+(?:a\s+)?(?:fever|temperature|temp))`)

// personState is a person and a state in one clause ("she has", "baby is",
// "i feel"): such a clause says how someone is, so it is read even when it
// also names a purchase.
var personState = guard(`\b(?:baby|babys|bub|dd|ds|he|hes|its|lo|she|shes)\s+(?:\w+\s+)?(?:still\s+)?(?:arch|bleed|breath|burn|chok|cough|cry|fuss|gagg|grunt|jerk|refus|scream|shak|spitt|struggl|sweat|throw|twitch|vomit|wheez)\w*ing\b|\b(?:baby|babys|bub|he|her|hes|his|i|im|it|its|ive|lo|my|she|shes|they|we)\s+(?:\w+\s+)?(?:are|been|cant|feel|feels|felt|gets|got|had|has|is|just|keeps|kept|looked|looks|s|seemed|seems|still|threw|vomited|was|were|wont)\b`)

// clothingWords: a colour beside a body part in a clause about clothes
// ("pink hat for her head") is an outfit, not a concern.
var clothingWords = indexPlain([]string{
	"sock*", "hat", "hats", "mitten*", "mitt", "mitts", "onesie*", "shirt*", "shoe*", "sleeper*", "pajama*", "pyjama*",
	"pjs", "headband*", "bib", "bibs", "swaddle*", "blanket*", "outfit*", "dress", "dresses", "jacket*", "coat",
	"bootie*", "bow", "bows", "sunglasses", "glasses", "bandana", "romper*", "leggings", "pants", "tights", "sleeve*",
	"scarf", "beanie", "hoodie", "paint*", "crayon*", "marker*", "sticker*", "polish", "lipstick", "makeup",
})

var colourWords = indexPlain([]string{
	"red", "reddish", "yellow", "blue", "bluish", "grey", "gray", "pale", "green", "black", "white", "orange",
	"purple", "dark", "pink*", "whitish", "white-ish",
})

// isMedical: a symptom or a health question, a medicine named outside a
// note about its supply, or a fever's temperature — of the family, not of
// someone else or a pet. Thoughts of harm are always one. It is the rules
// alone, without the model's rescue (healthFlags).
func isMedical(s string) bool {
	medical, _ := readHealth(s, false)
	return medical
}

// healthFlags reads a note's health text once and says whether it is a
// health note and whether it is about the parent's own low mood, worry or
// thoughts of harm: the text is the slow part, so it is not read twice. A
// note the rules miss is a health note still when the learned model is
// sure of it (rescued); a rule reading on no strong sign is set aside when
// the model is sure the note is everyday (vetoed, healthveto.go). Thoughts
// of harm, the parent's mood and the strong signs are never set aside.
func healthFlags(s string) (medical, mood bool) { return readHealth(s, true) }

// readHealth is healthFlags, with the model's rescue and veto or (rescue
// false) the rules alone.
func readHealth(s string, rescue bool) (medical, mood bool) {
	t, harm, other := healthText(s)
	if harm {
		return true, true
	}
	if other {
		return rescue && !routineLog(t) && rescuedOther(s, t), false
	}
	if moodIn(t) {
		return true, true
	}
	// A log of the day that ends saying all is well is no health note to
	// the rules or the model: read once, for both.
	if routineLog(t) {
		return false, false
	}
	medical = medicalIn(s, t)
	switch {
	case !rescue:
	case medical:
		medical = !vetoed(s, t)
	default:
		medical = rescued(s, t)
	}
	return medical, false
}

// routineLog: the note ends by saying all is well ("2 wet 1 dirty
// overnight, all normal", "little bit of milky sick after the big feed,
// then happy as anything", "Wet x3, dirty x1. Settled well."): a log of
// the day, not a concern, whatever sign it counts. Not a note that asks,
// doubts, says "otherwise" or "but", or names a grave sign (routineGrave).
// No tuning health note ends so; many everyday notes do.
func routineLog(t string) bool {
	c := strings.TrimRight(t, " .!")
	if i := strings.LastIndexAny(c, ",.;!:\n"); i >= 0 {
		c = c[i+1:]
	}
	// "as usual" ends a log only when nothing is denied: "not kicking like
	// usual" is a concern.
	ends := endsWithOne(c, routineEnds) || endsWithOne(c, usualEnds) && !negation.MatchString(t)
	return ends && !strings.Contains(t, "?") && !abnormalIn(t) && !routineGrave.in(t) && !normalAsked.MatchString(t) && !feverFigure(t)
}

// endsWithOne reports whether c ends with one of words, as a whole word.
func endsWithOne(c string, words []string) bool {
	for _, w := range words {
		if strings.HasSuffix(c, w) && (len(c) == len(w) || !isWord(c[len(c)-len(w)-1])) {
			return true
		}
	}
	return false
}

var routineEnds = []string{"all normal", "all fine", "all good", "all ok", "all okay", "settled well", "happy as anything",
	"happy as larry", "no bother", "no bother to her", "no bother to him"}

var usualEnds = []string{"as usual", "like usual", "like always", "as always", "same as always", "on track"}

var routineGrave = indexPlain([]string{"otherwise", "apart from", "except", "but", "blood*", "bleed*", "breath*",
	"swallow*", "seizur*", "fit", "floppy", "limp", "blue", "grey", "gray", "fell", "fall", "dropped", "fever*",
	"unrespons*", "rash*", "vomit*", "worr*", "scared",
	// A knock, a fall said another way, a burn or choking is to be
	// checked however it ended: "she rolled off the bed, all fine".
	"rolled off", "rolled out", "slipped", "tumbl*", "bump*", "bang*", "knock*", "hit her", "hit his", "head",
	"chok*", "gag*", "burn*", "scald*", "cut", "poison*",
	// Red flags a tired parent plays down are read however the note ends:
	// "no wet nappy since 6am, all good", "refusing feeds all day, no
	// bother", "sunken soft spot, all fine".
	"no wet", "dry nappy", "dry nappies", "dry diaper", "dry diapers", "refus*", "not fed", "hasnt fed", "hasn't fed",
	"wont feed", "won't feed", "not feeding", "hard to wake", "wont wake", "won't wake", "lethargic", "sunken",
	"soft spot", "fontanel*", "diarrh*", "dehydrat*", "jaundic*", "yellow"})

// medicalIn is isMedical on a note s whose health text t names neither
// thoughts of harm, someone else, nor the parent's mood, and is no
// routineLog (the caller reads that).
func medicalIn(s, t string) bool {
	// Read on the words as written: "keep an eye on" is set aside as a
	// figure of speech, but not when what is watched is a vital sign.
	if watchedSign(s) {
		return true
	}
	// A seat tipped with the baby in it is read before "fell off the
	// counter" is set aside as a thing that fell.
	if tipped(plain(s)) || seatFall(strings.ToLower(plain(s))) {
		return true
	}
	// Read before supplies are set aside: a dose gone wrong, something
	// swallowed, the baby in unsafe care or in contact with an illness is
	// a concern even in a note that names the pharmacy, the batteries or
	// someone who "came in".
	if doseOrContact(t) {
		return true
	}
	// A temperature read with its name ("temp 101 after daycare pickup")
	// is a fever whatever errand the clause names.
	if tempNames.in(t) && feverReading(t, tempNumberRe) {
		return true
	}
	// Weight lost, few feeds, more sick than usual: what goes in and out
	// is a concern whatever errand ("top up after bf") the note names.
	if weightLost(t) || fewFeedsRe.MatchString(t) || spitMoreRe.MatchString(t) {
		return true
	}
	t = blankNormalTemp(maskContext(t))
	// The blood emoji ("💩🩸 in nappy") is blood; the word lists read
	// only words.
	if medicalWords.in(t) || medicineWords.in(t) || doseNouns.in(t) || strings.Contains(t, "🩸") ||
		routineDrops.in(t) && routineQuestion.in(t) || dosedAt(t) || droppedRe.MatchString(t) {
		return true
	}
	if degreesFever(t) {
		return true
	}
	if feedingRe.MatchString(t) || intakeShortRe.MatchString(t) || wetDiaperRe.MatchString(t) || vaccineRead(t) || fallRe.MatchString(t) || feedDrop(t) ||
		feelsHotRe.MatchString(t) || respondRe.MatchString(t) || breathingRe.MatchString(t) || wakeRe.MatchString(t) ||
		apneaRe.MatchString(t) || outputColourRe.MatchString(t) || closedEyesRe.MatchString(t) || cryRe.MatchString(t) ||
		sleepyBaby(t) || sneezeRe.MatchString(t) || earRe.MatchString(t) || lessActiveRe.MatchString(t) ||
		vomitAllRe.MatchString(t) || objectIn(t) || hearingRe.MatchString(t) || caughtRe.MatchString(t) ||
		signsRead(t) || injuryRead(t) || postpartumRead(t) || weightRe.MatchString(t) ||
		fewWetsRe.MatchString(t) || littleFeedRe.MatchString(t) || weightLost(t) || fewWets(t) || clauseSigns(t) || fewerThanUsual(t) ||
		familySigns(t) || mouthSign(t) || namedER(t) || timedPause(t) {
		return true
	}
	if bodyConcern(t) {
		return true
	}
	return feverFigure(t) || thermometerRe.MatchString(t) || lowReading(t)
}

// doseOrContact: a dose gone wrong, something swallowed, a soaked pad,
// the baby in unsafe care or in contact with an illness, read before
// anything is set aside (medicalIn) and never vetoed (strongSign).
func doseOrContact(t string) bool {
	return doseWords.in(t) || swallowed(t) || padRe.MatchString(t) || doseAmount(t) || doseMistake(t) || doseSwap(t) ||
		unsafeRead(t) || contactExposed(t)
}

var tempNames = indexPlain([]string{"temp", "temperature"})

// isHarm: thoughts of self-harm, of harming the baby, of not wanting to
// live.
func isHarm(t string) bool {
	if cutSelfRe.may(t) {
		t = cutSelfRe.ReplaceAllStringFunc(t, spaces)
	}
	return harmWords.in(t) || harmRe.MatchString(t) || harmBabyRe.MatchString(t) ||
		familyHarmRe.MatchString(t) && !aboutSomeoneElse(t) || selfHarmWords.in(t) && selfHarmWords.in(blankOthers(t))
}

// cutSelfRe is the writer cut by accident or cutting themselves some
// slack ("cut myself chopping onions"): an injury or a figure of speech,
// not self-harm. The injury is read as one.
var cutSelfRe = guard(`\bcut(?:ting)?\s+myself\s+(?:some\s+slack|slack|on\s+(?:the|a|some|an|my)|shaving|chopping|cooking|peeling|slicing|opening|by accident|accidentally)\b`)

// selfHarmWords are someone in the family harming themselves, as a
// partner's words are told ("she said she feels like harming herself"):
// the family's health note unless it is said in a clause about someone
// outside it ("my friends husband tried to kill himself").
var selfHarmWords = indexPlain([]string{"harm herself", "harming herself", "harm himself", "harming himself",
	"kill herself", "killing herself", "kill himself", "killing himself", "end her life", "end his life",
	"take her own life", "take his own life"})

// moodIn: the parent's own low mood, worry or frightening thoughts.
func moodIn(t string) bool {
	return moodWords.in(t) || moodRe.MatchString(t) || failureRe.MatchString(t) || notOkRe.MatchString(t) || partnerWords.in(t) && partnerMoodRe.MatchString(t) || moodSigns(t)
}

// sleepyBaby: the baby far sleepier than usual, in a clause that is not
// about a bath, a feed or bedtime.
func sleepyBaby(t string) bool {
	for _, c := range splitClauses(t) {
		if (sleepyRe.MatchString(c) || sleepsTooLongRe.MatchString(c)) && !sleepyUsual.in(c) {
			return true
		}
	}
	return false
}

// sleepsTooLongRe is sleep that fills a day, said by its hours ("sleeping
// like 20h a day for 2 days now") or as waking only a little ("sleep
// almost all day, wake little then sleep again").
var sleepsTooLongRe = guard(`\bsle(?:ep|pt)\w*\s+(?:like\s+|about\s+|around\s+|almost\s+|nearly\s+|over\s+|maybe\s+)?(?:19|2[0-4])\s*(?:h|hrs?|hours)\b` +
	`|\bsle(?:ep|pt)\w*\s+(?:almost|nearly|basically)\s+(?:all day|the whole day|whole day)\b` +
	// A stool that is all water.
	`|\b(?:poo|poop|poos|poops|pooped|stool|stools|nappy|nappies|diaper|diapers)\b[^.;!?]{0,30}?\b(?:all|just|pure|basically|only)\s+water\b`)

// maskContext blanks what a note's context says is not a concern: the
// items of a list, an errand's supplies, what a calm sentence calls
// normal, a stain in the laundry, a care chore's mild signs, teething.
func maskContext(t string) string {
	return maskTeething(maskCare(maskMess(maskNormal(maskSupply(maskList(t))))))
}

// maskNormal blanks colours in a sentence that calls what it saw normal
// ("normal yellow seedy poop", "mustard yellow like usual"): a normal
// observation logged is not a concern. A sentence that says it is not
// normal, or asks whether it is, is kept.
func maskNormal(t string) string {
	if !normalWords.in(t) && !reassureWords.in(t) && !reassureRe.MatchString(t) {
		return t
	}
	b := []byte(t)
	start := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) && !strings.ContainsRune(";!?\n", rune(t[i])) && (t[i] != '.' || i+1 < len(t) && t[i+1] != ' ') {
			continue
		}
		c := t[start:i]
		asked := i < len(t) && t[i] == '?' || normalAsked.MatchString(c)
		if !asked && calm(c) {
			mild := calmMild
			if j := strings.LastIndex(c, " but "); j >= 0 && !calm(c[j:]) {
				// "hv said the spots are fine but theyve spread": what
				// follows the last "but" is not calm, so its signs stay.
				mild = phraseIndex{}
			}
			// A calm statement's "normal for her" and the check it
			// reports ("jaundice check done, levels normal") are a
			// result, not a question or a concern.
			m := calmOutput(mild.blank(normalFor.blank(normalColours.blank(c))))
			if checkRe.may(m) {
				m = checkRe.ReplaceAllStringFunc(m, spaces)
			}
			copy(b[start:i], m)
		}
		start = i + 1
	}
	return string(b)
}

// calmMild are the mild signs of a newborn (a sneeze, milia, little
// spots) that a calm sentence, one a professional called fine, blanks.
var calmMild = indexPlain([]string{"cradle cap", "dry skin", "flakes", "flaky", "milia", "baby acne", "sneez*",
	"spots", "white spots", "little spots", "pimple*", "bumps", "hiccup*", "snuffl*", "stork mark*", "birthmark*",
	"whitehead*", "peeling", "heat rash"})

// normalFor is "normal for her", a question in medicalWords, said as a
// statement in a calm sentence.
var normalFor = indexPlain([]string{"normal for a", "normal for her", "normal for him", "normal for them", "normal for his",
	"normal for babies", "normal for newborns", "normal for their age", "normal for her age", "normal for his age"})

// checkRe is a check or test and what it was for: "jaundice check done",
// "hearing test came back".
var checkRe = guard(`\b\w+\s+(?:check|checks|test|tests|screen|screening|scan|levels?|bloods)\b(?:\s+(?:done|back|came back|results?|fine|clear|ok|okay))?`)

// normalAsked is a question whether something is normal, written without
// its question mark: "is green poop normal".
var normalAsked = guard(`(?:^|[,:]|\s(?:and|but|or|so))\s*(?:\w+\s+)?(?:are|arent|can|could|do|does|is|isnt|should)\s+(?:\w+\s+){0,5}?(?:fine|normal|ok|okay|usual)\b` +
	// Asked without its verb, as a hurry or a second language asks it:
	// "peeling skin on hands and feet, normal?".
	`|[,.:-]\s*(?:is\s+)?(?:this\s+|that\s+)?(?:normal|ok|okay|fine)\s*\?`)

// bodyConcern: a part of the body and something wrong with it in one
// sentence. A colour counts only when the sentence is not about clothes.
//
// A clause that is a chore of care ("wipe behind his ears", "lotion on
// her legs") counts only with a sign of injury or soreness (careConcern):
// what it names is being cared for, not worried about.
func bodyConcern(t string) bool {
	for _, c := range splitClauses(t) {
		if outputWords.in(c) && abnormalIn(c) {
			return true
		}
		if !bodyWords.in(c) {
			continue
		}
		if calm(c) {
			continue
		}
		// Yellow, mustard or brown said only of a nappy's contents is
		// a healthy baby's ("3 yellow poos today"), unless asked about.
		if !bodyWords.in(outputWords.blank(c)) && !strings.Contains(c, "?") {
			c = normalStool.blank(c)
		}
		if clothingWords.in(c) {
			c = colourWords.blank(c)
		}
		if isCareClause(c) {
			if careConcern.in(careRest(c)) {
				return true
			}
			continue
		}
		if concernWords.in(c) || abnormalIn(c) {
			return true
		}
	}
	return false
}

var normalStool = indexPlain([]string{"yellow", "yellowish", "yellowy", "mustard", "brown", "brownish", "orange"})

// calm: the sentence says what it names is fine ("scar is itchy but
// healing fine", "normal yellow seedy") and neither doubts it nor asks.
func calm(c string) bool {
	return (normalWords.in(c) || reassureWords.in(c) || reassureRe.MatchString(c)) && !abnormalIn(c) && !normalAsked.MatchString(c)
}

// reassureRe is a professional's word that it is fine: "ped said thats
// fine", "the nurse told us its normal".
var reassureRe = guard(`\b(?:confirmed|reassured me|reassured us|said|says|told me|told us)\s+(?:\w+\s+){0,2}?(?:common|expected|fine|harmless|normal|nothing serious|nothing to worry|ok|okay)\b|\b(?:said|says|told me|told us)\s+(?:it is|it was|its|that is|thats|they are|theyre|this is)\s+(?:just|only)\b`)

// vaccineRead: something noticed after a vaccination, in a sentence that
// does not call it the normal, expected reaction.
func vaccineRead(t string) bool {
	if !vaccineRe.MatchString(t) {
		return false
	}
	for _, c := range splitClauses(t) {
		if vaccineRe.MatchString(c) && !calm(c) {
			return true
		}
	}
	return false
}

// isCareClause: the clause begins (after fillers like "pls", "need to")
// with a chore of care.
func isCareClause(c string) bool {
	c = trimFillers(strings.TrimSpace(c))
	return careVerbs.at(c, 0)
}

// careRest is a care clause without its verb, so "cut her nails" is not
// read as a cut.
func careRest(c string) string {
	c = trimFillers(strings.TrimSpace(c))
	return c[careVerbs.matchLen(c, 0):]
}

// maskSupply blanks the clauses (split at commas too) that are an errand
// for a thing or about having it: "buy infant tylenol", "pack extra burp
// cloths for spit up", "running low on gas drops". A clause that also says
// how someone is ("she has a fever") is kept.
//
// An errand that points back ("piriton for my hay fever, grab some") makes
// the clause before it the thing to get, when that clause says nothing of
// how someone is.
func maskSupply(t string) string {
	b := []byte(t)
	start, prev := 0, [2]int{-1, -1}
	for i := 0; i <= len(t); i++ {
		if i < len(t) && !strings.ContainsRune(",.;!?:\n", rune(t[i])) {
			continue
		}
		if c := t[start:i]; isSupplyClause(c) {
			copy(b[start:i], spaces(c))
			if p := prev; p[0] >= 0 && pointsBack(c) {
				if pc := t[p[0]:p[1]]; !personState.MatchString(pc) && !symptomBeside(pc) {
					copy(b[p[0]:p[1]], spaces(pc))
				}
			}
		}
		prev, start = [2]int{start, i}, i+1
	}
	return string(b)
}

// pointsBack: an errand's clause whose thing is a pronoun ("grab some",
// "order more", "pick it up").
func pointsBack(c string) bool {
	c = strings.TrimSpace(c)
	for _, w := range []string{" some", " more", " it", " them", " one", " a few", " it up", " them up", " some up"} {
		if strings.HasSuffix(c, w) {
			return true
		}
	}
	return false
}

// readyWords say a supply is ready or has come: "my prescription is ready
// after 3", "the new thermometer arrived". Such a clause is about having
// it even when it reads "my ... is".
var readyWords = indexPlain([]string{"is ready", "are ready", "ready for pickup", "ready for pick up", "ready for collection",
	"ready to pick up", "ready to collect", "arrived", "came in the mail", "has shipped", "shipped", "got delivered",
	"was delivered", "were delivered", "been delivered",
	"back in stock", "on sale", "in stock"})

// leadFillers come before an errand's verb: "need to buy", "pls grab".
var leadFillers = []string{"need to ", "needs to ", "have to ", "remember to ", "dont forget to ", "don't forget to ",
	"pls ", "please ", "todo: ", "todo ", "to do: ", "reminder: ", "reminder ", "also ", "and ", "then ", "- ", "* ",
	"• ", "[] ", "[ ] ", "can you ", "could you ", "can someone ", "someone ", "we need to ", "i need to ", "gotta "}

func isSupplyClause(c string) bool {
	c = strings.TrimSpace(c)
	if c == "" {
		return false
	}
	if readyWords.in(c) {
		return true
	}
	if personState.MatchString(c) {
		return false
	}
	c = trimFillers(c)
	if strings.HasPrefix(c, "need to") {
		return false
	}
	// "2 doses of vit d left": what remains of a supply; not someone who
	// left ("hasnt peed since u left", "since you left").
	if strings.HasSuffix(c, " left") && !someoneLeftRe.MatchString(c) {
		return true
	}
	return (supplyVerbs.at(c, 0) || supplyWords.in(c)) && !symptomBeside(c)
}

// someoneLeftRe is a person who left, ending a clause: "since u left",
// "after she left".
var someoneLeftRe = guard(`\b(?:since|after|before|when|because|as soon as|till|until)\s+(?:u|you|ya|he|she|they|we|i|my \w+|the \w+|\w+)\s+left$`)

// trimFillers drops the fillers that come before a clause's verb.
func trimFillers(c string) string {
	for trimmed := true; trimmed; {
		trimmed = false
		for _, f := range leadFillers {
			if strings.HasPrefix(c, f) {
				c, trimmed = strings.TrimSpace(c[len(f):]), true
			}
		}
	}
	return c
}

func spaces(m string) string { return strings.Repeat(" ", len(m)) }

// plain drops apostrophes, so "won't" and "wont", "baby's" and "babys" read
// alike: the health word lists are written without them.
func plain(s string) string {
	if strings.IndexByte(s, '\'') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "'", "")
}

// possessiveOther is someone named by their name and their kin: "sarah's
// husband", "jess's baby". Their illness is not the family's; the phrase
// is read as otherPeople's "someone else". Only with the apostrophe: without
// it a name cannot be told from a verb ("dress baby").
var possessiveOther = guard(`\b(?:(?:a|my|our|the|your)\s+)?([a-z]+)'s\s+(?:husband|wife|partner|mom|mum|dad|son|daughter|kid|kids|baby|boy|girl|little one|toddler|family|twins|children)\b`)

// theirChildRe is someone's child said with her, his or their and what
// the child has ("her little one has a temperature", "his baby has
// reflux"): the family's own is "the baby", "our", "my" or a name, so the
// child is someone else's. Without the verb, "her baby" is as often a
// thing of the baby's ("her baby monitor").
var theirChildRe = guard(`\b(?:her|his|their)\s+(?:little ones?|little girl|lo|newborn|toddler|kid|kids|baby|babies|bairn|boy|girl)(\s+(?:are|been|came down|caught|got|had|has|have|is|picked up|s|tested|was|were))\b`)

var theirChildWords = indexPlain([]string{"her", "his", "their"})

// ownPossessive are the family's own: "baby's dad", "lo's", "it's".
var ownPossessive = map[string]bool{"baby": true, "lo": true, "it": true, "he": true, "she": true, "that": true,
	"what": true, "who": true, "there": true, "here": true, "let": true, "twin": true, "twins": true, "bub": true}

// namedOtherRe is someone outside the family named by where they are
// met or by the writer's work, with what they have ("Sam from work has a
// stomach bug", "Lucy from NCT group has mastitis", "patient in bay 3 was
// febrile"), or a friend's or a relative's child said without its
// apostrophe ("friends baby has a fever"): the baby, the partner and the
// writer are never named so. (A title and a surname is not read so: "took
// him to mr patel the gp, he has an ear infection" is the baby's.)
var namedOtherRe = guard(`\b[a-z]+\s+from\s+(?:(?:her|his|my|our|the)\s+)?(?:work|church|the office|office|nct|antenatal|book club|bowls|(?:\w+\s+)?(?:class|club|group|gym|team|ward))(\s+(?:been|came down|caught|got|had|has|in|is|off|out|picked up|recovering|tested|was|were))\b` +
	`|\b(?:my\s+|a\s+|the\s+)?(?:patient|pt)\s+(?:in|on)\s+(?:bay|bed|my ward|the ward|ward)(?:\s+\d+)?|\bmy\s+patients?\b` +
	`|\b(?:friend|sister|brother|cousin|neighbou?r|colleague|coworker|co-worker|mate|boss)s?\s+(?:baby|babies|son|daughter|kid|kids|little one|toddler)\b`)

// metAtRe is someone said by where the writer meets them: "guy on my
// shift", "lads on B shift", "lady at church Ma knows": someone else, as
// namedOtherRe's are.
var metAtRe = guard(`\b(?:guy|lady|man|woman|bloke|lads?|fella)\s+(?:at|from|on)\s+(?:my\s+|the\s+)?(?:\w+\s+)?(?:bowls|church|pub|shift|site|work|yard)\b`)

// ownRedFlag: a clause that names no one outside the family holds a red
// flag (redFlag): the note is read whole, so someone else named in
// another clause ("walked the dog, hoovered, then he had a seizure",
// "team photo friday, blood in her vomit") does not make it theirs.
func ownRedFlag(t string) bool {
	if !redFlag(t) {
		return false
	}
	for _, c := range clauseSpans(t, ",.;!?:\n") {
		if cl := t[c[0]:c[1]]; redFlag(cl) && !otherPeople.in(cl) {
			return true
		}
	}
	return false
}

// placedRe is someone named by where they are met ("guy at the shop",
// "lady at the pharmacy") and the rest of the clause after them.
var placedRe = guard(`\b(guy|bloke|fella|man|lady|woman|girl)\s+at\s+the\b([^,.;!?:\n]*)`)

// unplaceBaby blanks someone met by place (otherPeople: "guy at the")
// when the rest of their clause names the baby or someone of the other
// pronoun: "guy at the shop said she looks blue", "lady at the pharmacy
// said his lips look blue" are the baby's signs, told by a stranger (a
// review of round eleven). "guy at the shop passed out, hes ok" stays
// someone else's: his own pronoun, and in another clause.
func unplaceBaby(s string) string {
	if !placedRe.may(s) || !slices.ContainsFunc(placedPeople, func(w string) bool { return strings.Contains(s, w) }) {
		return s
	}
	ms := placedRe.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		rest := plain(s[m[4]:m[5]])
		other := placedHer
		switch s[m[2]:m[3]] {
		case "lady", "woman", "girl":
			other = placedHim
		}
		if childWords.in(rest) || babyNamed.in(rest) || other.in(rest) {
			b.WriteString(s[last:m[0]])
			b.WriteString(spaces(s[m[0]:m[4]]))
			last = m[4]
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// placedPeople are placedRe's people, one of which a text must hold
// before the pattern is run (its own needed word is only "the"), and
// placedHer and placedHim the pronouns of the other sex of a man's and a
// woman's clause.
var (
	placedPeople = []string{"guy", "bloke", "fella", "man", "lady", "woman", "girl"}
	placedHer    = indexPlain([]string{"she", "shes", "her", "hers", "herself"})
	placedHim    = indexPlain([]string{"he", "hes", "his", "him", "himself"})
)

func markOthers(s string) string {
	if namedOtherRe.may(s) {
		s = namedOtherRe.ReplaceAllString(s, "someone else$1")
	}
	if metAtRe.may(s) {
		s = metAtRe.ReplaceAllString(s, "someone else")
	}
	if roleWords.in(plain(s)) && ownRoleRe.may(s) {
		s = ownRoleRe.ReplaceAllString(s, "someone else")
	}
	if theirChildWords.in(s) && theirChildRe.may(s) {
		s = theirChildRe.ReplaceAllString(s, "someone else$1")
	}
	if !strings.Contains(s, "'s") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range possessiveOther.FindAllStringSubmatchIndex(s, -1) {
		if ownPossessive[s[m[2]:m[3]]] {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString("someone else")
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// aboutSomeoneElse: the note names someone outside the family, a person or
// a pet ("the dog is sick", "my coworker is out sick", "sarah's baby has
// rsv"), and no one in it (the baby, "I", "we"). Someone else unwell is
// not the family's health note.
func aboutSomeoneElse(t string) bool {
	t = petAside(t)
	return otherPeople.in(t) && !namesFamily(otherPeople.blank(t))
}

// pronounFirst: the note opens with a clause about "she" or "he" that
// names no one else, before anyone else is named: the pronoun cannot be
// someone not yet met, so it is the baby's ("she's breathing fast,
// plumber coming at 10"); the clauses about the others are set aside after.
func pronounFirst(t string) bool {
	if !saysMore(t) {
		return false // one clause: the pronoun may be the other's
	}
	sp := clauseSpans(t, ",.;!?:\n")[0]
	first := trimLeadAdverbs(trimFillers(strings.TrimSpace(t[sp[0]:sp[1]])))
	return first != "" && startPronoun.at(first, 0) && !otherPeople.in(petAside(t[sp[0]:sp[1]]))
}

// namesFamily: the text names the baby or the one writing; "i" alone is
// read here, as the word lists hold two letters or more.
func namesFamily(t string) bool {
	return familyWords.in(t) || loneI.MatchString(t) || ageRe.MatchString(t)
}

var loneI = guard(`(?:^|[^a-z0-9])i(?:$|[^a-z0-9])`)

// blankOthers blanks, in a note that names the family too, the clauses
// (split at commas and "so", "but") about someone outside it and those that
// follow them without naming the family again: "coworker out sick w covid,
// im covering his shifts" is about the coworker's illness; "grandma is
// here, baby has a fever" is the baby's.
func blankOthers(t string) string {
	s, _ := readOthers(t)
	return s
}

// readOthers is blankOthers, and says whether a clause after someone
// else's was read as the baby's by its pronoun alone: such a note is not
// about someone else though it names no one in the family.
func readOthers(t string) (string, bool) {
	if !otherPeople.in(petAside(t)) {
		return t, false
	}
	byPronoun := false
	b := []byte(t)
	start, theirs, gender := 0, false, ""
	for i := 0; i <= len(t); i++ {
		cut := i == len(t) || strings.ContainsRune(",.;!?:\n", rune(t[i]))
		for _, w := range []string{" so ", " but ", " and ", " - "} {
			if !cut && strings.HasPrefix(t[i:], w) {
				cut = true
			}
		}
		if !cut {
			continue
		}
		c := t[start:i]
		if strings.TrimSpace(c) != "" {
			rest := otherPeople.blank(c)
			family := namesFamily(rest)
			whole := strings.TrimSpace(petAside(c))
			lead := trimLeadAdverbs(trimFillers(whole))
			switch {
			case otherPeople.in(petAside(c)) && !family:
				theirs, gender = true, othersGender(c)
			// The clause's subject decides: "my sister's baby has an ear
			// infection and she asked to borrow our humidifier" is the
			// sister's, though it names "our"; a clause that goes on with
			// "she"/"they" after someone else's stays theirs.
			case (otherPeople.at(whole, 0) || otherPeople.at(lead, 0)) && !strongFamily(rest):
				theirs, gender = true, othersGender(c)
			case theirs && startPronoun.at(lead, 0) && !childWords.in(c) && !subjectI.MatchString(c):
				// A pronoun that cannot be theirs is the baby's: "grandma
				// held her and he was burning up", "my mom babysat and
				// she said he threw up" (the report is hers, about him).
				if g, p := pronounAfterReport(lead, gender); g != "" && p != "" && g != p {
					theirs, byPronoun = false, true
				}
			case family:
				theirs = false
			}
			if theirs {
				copy(b[start:i], spaces(c))
			}
		}
		start = i + 1
	}
	return string(b), byPronoun
}

// apptRe is an appointment named by what it is for ("tongue tie
// consult", "jaundice follow up", "allergy clinic"): booking it is an
// errand; a concern beside it ("rash spreading, booked an appt") is read
// in its own clause.
var apptRe = guard(`(?:\b\w+\s+){0,2}?\b(?:consult|consults|consultation|appointment|appointments|appt|appts|referral|follow\s*-?\s*ups?|followup|checkup|check-up|clinic|specialist|screening|eval|evaluation|assessment)\b`)

// slangSickRe is "sick" said of a thing: "that new show is sick", "her
// recital was sick". A person, a pet or the household being sick is not
// slang (sickSubjects).
var slangSickRe = guard(`\b(?:that|this|the|your|his|her|their|our|my|these|those|[a-z]+s)\s+(?:\w+\s+)?(\w+)\s+(?:is|was|are|were|looks|sounds|looked|sounded|s)\s+(?:so\s+|soo+\s+|super\s+|pretty\s+|totally\s+|absolutely\s+|lowkey\s+|honestly\s+)?sick\b(?:\s+(?:too|again|today|tonight|now|still|all day|since|with|w|and))?`)

// personWord: w names a person (or the household) who can be ill, as
// the subject of a sign.
func personWord(w string) bool { return sickSubjects[w] || startPronoun.in(w) || childWords.in(w) }

var sickSubjects = map[string]bool{"baby": true, "lo": true, "bub": true, "one": true, "kid": true, "kids": true,
	"boy": true, "girl": true, "twins": true, "twin": true, "son": true, "daughter": true, "husband": true, "wife": true,
	"partner": true, "toddler": true, "newborn": true, "infant": true, "house": true, "household": true, "family": true,
	"man": true, "babe": true, "hubby": true, "dh": true, "dd": true, "ds": true, "dw": true, "gf": true, "bf": true,
	"little": true, "tummy": true, "stomach": true, "belly": true, "bubba": true, "princess": true, "guy": true,
	"lot": true, "everyone": true, "fiance": true, "fiancee": true, "sweetie": true, "poor": true, "she": true,
	"he": true, "i": true, "we": true, "they": true, "im": true, "me": true, "kiddo": true, "babies": true, "lad": true,
	"bubs": true, "mom": true, "mum": true, "dad": true, "mama": true, "papa": true, "daddy": true, "mommy": true,
	"both": true, "all": true, "everybody": true, "us": true}

func blankSlangSick(t string) string {
	if !strings.Contains(t, "sick") {
		return t
	}
	return slangSickRe.ReplaceAllStringFunc(t, func(m string) string {
		sub := slangSickRe.FindStringSubmatch(m)
		// "... and was sick" has no thing for its subject: the one who
		// hit his head was ("he hit his head and was sick").
		if sickSubjects[sub[1]] || sub[1] == "and" || sub[1] == "then" || strings.HasSuffix(m, " since") || strings.HasSuffix(m, " with") ||
			strings.HasSuffix(m, " w") || strings.HasSuffix(m, " again") || strings.HasSuffix(m, " still") ||
			strings.HasSuffix(m, " all day") || strings.HasSuffix(m, " and") {
			return m
		}
		return spaces(m)
	})
}

// techWords: a virus in a clause about a device or an app is not an
// illness.
var techWords = indexPlain([]string{
	"laptop", "computer", "pc", "mac", "macbook", "phone", "iphone", "android", "ipad", "tablet", "app", "apps",
	"email", "emails", "inbox", "spotify", "netflix", "youtube", "instagram", "facebook", "whatsapp", "chrome",
	"windows", "software", "malware", "antivirus", "hacked", "password", "pop ups", "popups", "pop-ups", "download*",
	"link", "links", "click*", "it dept", "tech support", "wifi", "router", "browser", "account", "files", "website",
	"server", "update", "reinstall", "reboot", "restart",
})

func blankTechVirus(t string) string {
	if !strings.Contains(t, "virus") || !techWords.in(t) {
		return t
	}
	b := []byte(t)
	for _, c := range clauseSpans(t, ",.;!?:\n") {
		if s := t[c[0]:c[1]]; techWords.in(s) {
			copy(b[c[0]:c[1]], virusWords.blank(s))
		}
	}
	return string(b)
}

var virusWords = indexPlain([]string{"virus", "viruses", "viral", "infected", "infection", "bug", "sick"})

// clauseSpans are the [start, end) spans of t between the bytes of cuts.
func clauseSpans(t, cuts string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i <= len(t); i++ {
		if i == len(t) || strings.IndexByte(cuts, t[i]) >= 0 {
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	return out
}

// healthText is a note's text as the health rules read it: apostrophes
// dropped, someone else's kin marked, misspellings respelled, figures of
// speech, products and objects blanked. harm says it holds thoughts of harm; other that it is about
// someone outside the family.
func healthText(s string) (t string, harm, other bool) {
	t = blankVocative(respellHealth(markReporters(plain(markOthers(glossLanguages(unplaceBaby(s)))))))
	if isHarm(t) {
		return t, true, false
	}
	// Something swallowed is the family's concern even when it was
	// someone else's ("grandpa's pills") or someone else gave it, and so
	// are a dose gone wrong, the baby dropped by someone, the baby's
	// contact with someone unwell and the baby in someone's unsafe care:
	// such a note is read whole. Contact is also read before kin are
	// renamed someone else: "the sitter's kid has hfmd, she came straight
	// here", "the baby's cousin had measles and they shared toys".
	whole := swallowed(t) || doseMistake(t) || droppedRe.MatchString(t) || hurtByRe.MatchString(t) || exposed(t) || unsafeRead(t) ||
		contactExposed(plain(s)) || tipped(t) || seatFall(t) || ownRedFlag(t)
	if !whole && aboutSomeoneElse(t) && !pronounFirst(t) {
		if _, ours := readOthers(t); !ours {
			return t, false, true
		}
	}
	if !whole && illOutside(t) {
		return t, false, true
	}
	if !whole && callsOff(plain(s)) {
		return t, false, true
	}
	// Figures of speech are blanked before someone else's clauses are:
	// "sick and tired of the neighbours' building work" is one phrase, not
	// "sick" and a clause about the neighbours.
	t = notMedical.blank(t)
	if otherPeople.in(t) && !whole {
		t = blankOthers(t)
	}
	t = blankResolved(blankFigures(t))
	if absentWords.in(t) && absentRe.may(t) {
		t = absentRe.ReplaceAllStringFunc(t, spaces)
	}
	// A heavy thing that fell on the baby ("the tv fell on her") is an
	// injury, not the thing's own fall.
	heavy := heavyOn(t)
	t = thingRe.ReplaceAllStringFunc(t, func(m string) string {
		if heavy && heavyThings.in(m) {
			return m
		}
		return thingsSign(m)
	})
	for _, re := range []*guardedRe{keepWarmRe, productForRe, apptRe, rolledOverRe} {
		t = re.ReplaceAllStringFunc(t, spaces)
	}
	if deviceRe.may(t) && !deviceSaysRe.MatchString(t) {
		t = deviceRe.ReplaceAllStringFunc(t, spaces)
	}
	t = blankGiveFigure(blankThingState(blankSlangSick(blankTechVirus(t))))
	return t, false, false
}

// thingsSign blanks a thingRe match unless a person is a word between
// the thing and the sign: the sign is then that person's; nor when "and"
// is, which starts a new verb of the note's subject ("fell asleep in the
// car seat and went floppy", "she was in the bouncer and started
// choking").
func thingsSign(m string) string {
	// A button battery swallowed is the baby's, whichever word comes
	// first ("battery swallowed").
	if strings.Contains(m, "batter") && strings.Contains(m, "swallow") {
		return m
	}
	for _, w := range strings.Fields(thingRe.FindStringSubmatch(m)[1]) {
		if personWord(w) || w == "and" {
			return m
		}
	}
	return spaces(m)
}

// rolledOverRe is a roll from tummy to back or back to tummy ("She rolled
// from tummy to back!"): a milestone, not a roll off something.
var rolledOverRe = guard(`\brol(?:led|ling|ls)\s+(?:over\s+)?from\s+(?:(?:her|his)\s+)?(?:back|front|side|tummy)\s+(?:on)?to\s+(?:(?:her|his)\s+)?(?:back|front|side|tummy)\b`)

// deviceRe is a sign's word naming a thing ("the apnea monitor lead",
// "a blood pressure machine battery", "fever strips", "the cord blood
// bank"): a device kept, bought or moved is no sign, unless the note says
// what it showed (deviceSaysRe: "apnoea monitor alarmed twice", "bp cuff
// says 155/100"). What else the note names is still read ("rash under the
// apnea monitor belt").
var deviceRe = guard(`\b(?:apnoea|apnea|blood pressure|bp|fever|temp|temperature|sats|oxygen|o2|heart rate|cord blood)\s+(?:bank|charger|cuff|light|machine|monitor|sensor|strip|unit)s?\b`)

var deviceSaysRe = guard(`\b(?:alarm\w*|went off|going off|goes off|gone off|beep\w*)|\b(?:at|is|of|read|reading|reads|said|says|showed|showing|shows|was)\s+\d`)

// IsHealth reports whether text reads as a health concern by the rules
// alone. The council asks it of a plan's own words, so a model's block
// that schedules a health check is refused even when it cites no health
// note. A note's Medical flag is these rules or the model's rescue
// (healthFlags), so every text IsHealth reads as health is Medical as a
// note, unless it is a weak reading the model vetoed, and not the other way
// round: the model was trained on parents' notes only, and a plan's or the
// app's own words are unlike all of them, so it neither adds nor takes away
// a reading of them.
func IsHealth(text string) bool { return isMedical(prepareText(text)) }

// IsHealthNote reports whether a note's words read as a health note, as
// its Medical flag does: the rules, less the weak readings the model
// vetoes, or the model's rescue. The surfaces
// that list a family's health notes ask it, so a note the card lists as
// health is listed as one everywhere.
func IsHealthNote(text string) bool {
	medical, _ := healthFlags(prepareText(text))
	return medical
}

// vocatives are the friend the note is written to, called by a name for
// a friend at the end of a clause or before "pls" ("he fell off the
// changing table bestie", "temp 101.5 bestie pls check on him"): the one
// addressed, not the one the note is about, unless a word before makes
// them the object or the subject ("my bestie", "with my mate").
var vocatives = map[string]bool{"bestie": true, "besties": true, "bff": true, "buddy": true, "mate": true}

var vocativeAfter = map[string]bool{"a": true, "and": true, "at": true, "for": true, "from": true, "her": true,
	"his": true, "my": true, "of": true, "our": true, "s": true, "the": true, "their": true, "to": true, "with": true,
	"your": true}

// blankVocative blanks vocatives.
func blankVocative(t string) string {
	var b []byte
	prev := ""
	for i := 0; i < len(t); {
		if !isWord(t[i]) {
			i++
			continue
		}
		j := i
		for j < len(t) && isWord(t[j]) {
			j++
		}
		w := t[i:j]
		if vocatives[w] && !vocativeAfter[prev] {
			next, _ := nextWord(t, j)
			k := j
			for k < len(t) && t[k] == ' ' {
				k++
			}
			if k == len(t) || strings.IndexByte(",.!?;", t[k]) >= 0 || next == "pls" || next == "please" || next == "plz" {
				if b == nil {
					b = []byte(t)
				}
				for x := i; x < j; x++ {
					b[x] = ' '
				}
			}
		}
		prev, i = w, j
	}
	if b == nil {
		return t
	}
	return string(b)
}
