package normalize

// This file: the structural readings of a note — who it is about (a
// nanny's or a grandparent's report about the baby, a sibling, someone's
// own kin), what its sentence is about (a shopping list, a stain in the
// laundry, a care chore), and what it says is absent or as expected.
// They read the shape of a sentence rather than one more word, so they
// hold on notes the word lists were never tuned on.

import "strings"

// reporterRe is someone who looks after the baby reporting on it: "night
// nanny note:", "grandma says", "the sitter noticed that". What follows is
// about the baby, so the reporter is not read as someone else unwell.
// A kin reporter ("my mil says she has flu") may be speaking of herself;
// read as the baby's, a false alarm is the safer mistake.
var reporterRe = guard(`\b(?:(?:day|my|night|our|the)\s+)*(?:nanny|nannys|babysitter|sitter|au pair|childminder|daycare|nursery|grandma|grandpa|granny|gran|nan|nana|nanna|nani|dadi|ammi|abuela|abuelo|oma|opa|yiayia|grandad|granddad|grandparents|mil|fil|mum|mom|mother|dad|father)\s*(?:(?:note|notes|update|log|report|here)\s*[:\-]|(?:says|said|noticed|notices|reports|reported|thinks|texted|messaged|called to say|called and said|mentioned|told (?:me|us)|spotted|saw|found|wrote|is worried|was worried|worried)\b(?:\s+that\b)?)`)

// reporterLabelRe is a carer signing the note at its start, as a label:
// "nana: shes warm and grizzly", "sitter here, he felt hot at nap time".
// What follows is the carer's report about the baby.
var reporterLabelRe = guard(`^\s*(?:(?:day|night|our|the|your)\s+)?(?:nanny|babysitter|sitter|au pair|childminder|grandma|grandpa|granny|gran|nan|nana|nanna|nani|grandad|granddad|grandparents|mil|fil)\s*(?:here\s*)?[:,\-]`)

// siblingRe is the baby's brother or sister ("big sister (2)", "baby
// brother"): family, not someone else. "my big sister" is the writer's.
var siblingRe = guard(`\b(my\s+|your\s+)?(?:baby|big|little|twin)\s+(?:sister|brother|sis|bro)\b`)

// ownRoleRe is someone's teacher, friend or coach ("our son's teacher",
// "her twins", "his friends"): the illness is theirs, not the family's,
// even though the phrase names the family.
var ownRoleRe = guard(`\b(?:(?:my|our|the|your)\s+)?[a-z]+'s\s+(?:teachers?|friends?|classmates?|coach|boss|coworkers?|colleagues?|cousins?|grandma|grandpa|nanny|twins|children)\b` +
	`|\b(?:her|his|their)\s+(?:twins|kids|children|son|daughter|husband|wife|boyfriend|girlfriend|friends?|classmates?|teacher|boss)\b`)

// ageRe names a child by age ("the 2yo", "3 year old", "7 wk old"): the
// family's own child.
var ageRe = guard(`\b\d{1,2}\s*-?\s*(?:yo|y/o|yr old|yrs old|year old|years old|mo old|mth old|month old|months old|wk old|wks old|week old|weeks old|yo's)\b`)

// childWords name the baby or a child of the family; a clause that names
// one is the family's, whoever else it names.
var childWords = indexPlain([]string{"baby", "babys", "babies", "lo", "newborn", "infant", "bub", "son", "daughter",
	"twins", "twin", "toddler", "dd", "ds", "grandson", "granddaughter", "sibling", "siblings", "kiddo"})

// subjectI is the writer as a clause's subject or owner.
var subjectI = guard(`(?:^|[^a-z])(?:i|id|im|ive|my|we|weve)(?:$|[^a-z])`)

var startPronoun = indexPlain([]string{"she", "he", "shes", "hes", "they", "theyre", "theyve", "her", "his", "their"})

// reporterWords are the words every reporterRe or siblingRe match holds:
// a cheap check that spares most notes both patterns.
var reporterWords = indexPlain([]string{"nanny", "nannys", "babysitter", "sitter", "au pair", "childminder",
	"daycare", "nursery", "grandma", "grandpa", "granny", "gran", "nan", "nana", "nanna", "nani", "dadi", "ammi", "abuela",
	"abuelo", "oma", "opa", "yiayia", "grandad", "granddad",
	"grandparents", "mil", "fil", "mum", "mom", "mother", "dad", "father", "sister", "brother", "sis", "bro"})

// roleWords: every ownRoleRe match holds one.
var roleWords = indexPlain([]string{"teacher*", "friend*", "classmate*", "coach", "boss", "coworker*",
	"colleague*", "cousin*", "grandma", "grandpa", "nanny", "twins", "children", "kids", "son", "daughter",
	"husband", "wife", "boyfriend", "girlfriend"})

// partnerWords: every partnerMoodRe match holds one.
var partnerWords = indexPlain([]string{"drinking", "talk*", "speak*", "leav*", "bed", "trapped", "useless",
	"worthless", "hopeless", "numb", "failure"})

// absentWords: every absentRe match holds one.
var absentWords = indexPlain([]string{"no", "without", "zero", "not any", "none", "nil", "n/a", "nope"})

// markReporters blanks a reporter's lead-in and renames the baby's
// siblings, so the rules read what was reported.
func markReporters(t string) string {
	if !reporterWords.in(t) {
		return t
	}
	if reporterRe.may(t) {
		t = reporterRe.ReplaceAllStringFunc(t, spaces)
	}
	if reporterLabelRe.may(t) {
		t = reporterLabelRe.ReplaceAllStringFunc(t, spaces)
	}
	if siblingRe.may(t) {
		t = siblingRe.ReplaceAllStringFunc(t, func(m string) string {
			if strings.HasPrefix(m, "my") || strings.HasPrefix(m, "your") {
				// The writer's own: read as "my sister", someone else.
				f := strings.Fields(m)
				return f[0] + " " + f[len(f)-1]
			}
			return "sibling"
		})
	}
	return t
}

// strongFamily: the clause is about the baby, a child of the family or
// the writer as its subject, not merely "us" or "our" as an object.
func strongFamily(c string) bool {
	return childWords.in(c) || subjectI.MatchString(c) || ageRe.MatchString(c)
}

// listMarkers make a sentence a shopping or packing list: every item in
// it is a supply, unless a clause also says how someone is.
var listMarkers = indexPlain([]string{"add to the list", "to the list", "on the list", "shopping list",
	"grocery list", "need:", "buy:", "get:", "list:", "to buy:", "to get:", "shopping:", "pharmacy:", "amazon order",
	"the order", "medicine cabinet", "on hand", "just in case", "first aid kit", "diaper bag", "nappy bag",
	"changing bag", "stock up", "restock*", "picked up", "top up", "for the cupboard"})

// listHeads name an errand or a shop; before a colon with items after
// it ("big tesco shop: milk, bread, calpol") they make a list.
var listHeads = indexPlain([]string{"shop", "shopping", "shops", "list", "buy", "get", "need", "needs", "order",
	"pick up", "grab", "groceries", "grocery", "errands", "errand", "pack", "packing", "bag", "tesco", "asda",
	"sainsburys", "aldi", "lidl", "boots", "costco", "target", "walmart", "cvs", "walgreens", "amazon", "pharmacy",
	"chemist", "supermarket", "store", "run"})

// itemList: the sentence is an errand's head, a colon and three or more
// short items: a list, though it names none of listMarkers.
func itemList(sent string) bool {
	if dashList(sent) || commaList(sent) {
		return true
	}
	i := strings.IndexByte(sent, ':')
	if i < 0 || !listHeads.in(sent[:i]) {
		return false
	}
	items := strings.Split(sent[i+1:], ",")
	if len(items) < 3 {
		return false
	}
	for _, it := range items {
		if n := len(strings.Fields(it)); n == 0 || n > 3 {
			return false
		}
	}
	return true
}

// dashList is a list written on one line with dashes, "- formula -
// wipes - bin bags - calpol": three or more short items and no verb of
// how someone is, which maskList reads clause by clause.
func dashList(sent string) bool {
	if !strings.Contains(sent, " - ") {
		return false
	}
	items := strings.Split(strings.TrimPrefix(strings.TrimSpace(sent), "- "), " - ")
	if len(items) < 3 {
		return false
	}
	for _, it := range items {
		if n := len(strings.Fields(it)); n == 0 || n > 3 {
			return false
		}
	}
	return true
}

// commaList is a list without a head, "calpol, nappies and wipes from
// asda": three or more short items, with a shop or an errand's word, and
// no time of day (a medicine log, "calpol 2pm, nurofen 5pm", is not a
// list to buy).
//
// Four or more items of one or two words are a list without a shop:
// "nappies, wipes, milk, calpol, bread".
func commaList(sent string) bool {
	if strings.Count(sent, ",") < 1 || timeOfDayRe.MatchString(sent) {
		return false
	}
	items := strings.FieldsFunc(strings.ReplaceAll(sent, " and ", ","), func(r rune) bool { return r == ',' })
	if len(items) < 3 {
		return false
	}
	longest := 0
	for _, it := range items {
		n := len(strings.Fields(it))
		if n == 0 || n > 4 {
			return false
		}
		longest = max(longest, n)
	}
	return supplyWords.in(sent) || len(items) >= 4 && longest <= 2
}

var timeOfDayRe = guard(`\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bat \d`)

// maskList blanks the items of a list sentence; a clause that says how
// someone is (personState) or names a symptom (medicalWords beyond a
// medicine's name) is kept.
func maskList(t string) string {
	if !listMarkers.in(t) && strings.IndexByte(t, ':') < 0 && !strings.Contains(t, " - ") && strings.IndexByte(t, ',') < 0 {
		return t
	}
	b := []byte(t)
	for _, s := range clauseSpans(t, ".;!?\n") {
		sent := t[s[0]:s[1]]
		if !listMarkers.in(sent) && !itemList(sent) {
			continue
		}
		cuts := ","
		if dashList(sent) {
			cuts = ",-"
		}
		for _, c := range clauseSpans(sent, cuts) {
			cl := sent[c[0]:c[1]]
			if personState.MatchString(cl) || medicalWords.in(medicineWords.blank(listMarkers.blank(cl))) {
				continue
			}
			copy(b[s[0]+c[0]:s[0]+c[1]], spaces(cl))
		}
	}
	return string(b)
}

// messWords make a sentence about cleaning a thing: spit-up or a poo
// stain on a vest is laundry, not a symptom.
var messWords = indexPlain([]string{"stain*", "stain remover", "laundry", "soak in", "soak it", "cold water",
	"dish soap", "in the wash", "wash it", "washed", "came out", "come out", "sleepsuit*", "vest", "vests", "shirt*",
	"car seat cover", "carpet", "rug", "sofa", "couch", "upholstery", "bedsheet*", "sheets", "muslin*",
	"burp cloth*", "wash the"})

// mildOutput are what a healthy baby brings up or passes; blanked in a
// sentence about laundry or one that calls it normal.
var mildOutput = indexPlain([]string{"spit up", "spitup", "spit-up", "spit ups", "spit", "poo", "poop", "poos",
	"poops", "milk", "posset*", "hiccup*", "sick milk", "smell of sick", "smells of sick"})

// tempWords are blanked in a calm sentence only beside a reading in the
// normal range ("temperature was 36.8, totally normal"): "temp 39, the
// nurse said its fine" stays a fever.
var tempWords = indexPlain([]string{"temp", "temps", "temperature"})

// calmOutput blanks, in a sentence that calls what it saw normal, the
// mild outputs and a normal reading's words.
func calmOutput(c string) string {
	c = mildOutput.blank(c)
	if tempWords.in(c) && tempNumberRe.MatchString(c) && !feverReading(c, tempNumberRe) && !feverReading(c, bareTempRe) {
		c = tempWords.blank(c)
	}
	return c
}

// messColourRe is a colour said of the thing being cleaned ("the white
// vest"), not of what is on it.
var messColourRe = guard(`\b(?:beige|black|blue|brown|cream|gray|green|grey|pink|red|white|yellow)\s+(?:\w+\s+)?(?:vests?|sleepsuits?|shirts?|onesies?|sheets?|bedsheets?|carpet|rug|sofa|couch|cover|blanket|muslins?|bibs?|sleepers?|babygrows?|clothes|top)\b`)

// maskMess blanks, in a sentence about cleaning, the mild outputs and the
// colours of what is cleaned; blood, vomit and a colour said of the
// output itself stay.
func maskMess(t string) string {
	if !messWords.in(t) {
		return t
	}
	b := []byte(t)
	for _, c := range clauseSpans(t, ".;!?\n") {
		cl := t[c[0]:c[1]]
		if !messWords.in(cl) {
			continue
		}
		// A colour or an oddity said of the output itself ("it was
		// black") keeps the sentence whole.
		cl = messColourRe.ReplaceAllStringFunc(cl, spaces)
		if colourWords.in(cl) || abnormalIn(cl) {
			continue
		}
		copy(b[c[0]:c[1]], mildOutput.blank(cl))
	}
	return string(b)
}

// exposureRe is the family's child with someone who is unwell: "our lo
// was with him yesterday", "she played with them all morning". Contact
// with an illness is the family's health question, so such a note is
// read whole.
var exposureRe = guard(`\b(?:was|were|been|played|playing|spent \w+|cuddled|held|kissed|shared)\s+(?:\w+\s+){0,3}?(?:around|by|near|next to|with)\s+(?:him|her|them|the \w+|baby|lo|bub|someone else)\b`)

// caughtRe is an illness passed on: "baby caught her cold", "i think he
// picked up their bug". Caught, it is the family's.
// "Got a cold" is only having one ("nana wont come, shes got a cold"):
// whose it is the clause's subject says.
var caughtRe = guard(`\b(?:caught|catching|got|picked up|gave (?:baby|her|him|lo|the baby|them))\s+(?:her|his|my|our|the|their)\s+(?:bug|chickenpox|cold|cough|covid|flu|germs|measles|rsv|sickness|virus)\b` +
	`|\b(?:caught|catching|picked up|gave (?:baby|her|him|lo|the baby|them))\s+a\s+(?:bug|chickenpox|cold|cough|covid|flu|germs|measles|rsv|sickness|virus)\b` +
	`|\bgot\s+a\s+(?:bug|chickenpox|cold|cough|covid|flu|measles|rsv|sickness|virus)\s+(?:from|off)\b` +
	`|^\s*got\s+a\s+(?:bug|chickenpox|cold|cough|covid|flu|measles|rsv|sickness|virus)\b`)

func exposed(t string) bool {
	return childWords.in(t) && exposureRe.MatchString(t) || caughtRe.MatchString(t) || contactExposed(t)
}

// symptomBeside: an errand's clause that also names a symptom ("buy
// calpol for her fever") is a concern, not a supply.
func symptomBeside(c string) bool {
	if !medicalWords.in(c) {
		return false
	}
	return medicalWords.in(medicineWords.blank(supplyWords.blank(c)))
}

// hearingRe is a baby who does not react to sound.
var hearingRe = guard(`\b(?:didnt|doesnt|dont|isnt|never|no|not|wont)\s+(?:\w+\s+)?(?:react\w*|respond\w*|startl\w*|turn\w*|flinch\w*)\s+(?:at|to|when)\s+(?:\w+\s+){0,2}?(?:noises?|sounds?|voices?|my voice|her name|his name|name|clap\w*|bangs?)\b`)

// absentRe is a sign said to be absent: "no reaction at all", "no fever
// so far", a form's "allergies none". A question or a sign that goes on ("no fever but…") is read
// in its own clause.
var absentRe = guard(`\b(?:allerg\w*|reactions?|symptoms?|meds|medications?|conditions?)\s*[:\-]?\s*(?:none|nil|n/a|no|nope)\b|\b(?:no|without|zero|not any)\s+(?:\w+\s+)?(?:reaction|reactions|rash|fever|temperature|temp|symptoms?|swelling|redness|hives|vomiting|bleeding|blood|spots|problems?|issues?)(?:\s+(?:at all|whatsoever|so far|yet|today|since|after\s+\w+))?\s*(?:$|[,.;!])`)

// mildCare are skin signs a care chore tends as a matter of course:
// "brush the cradle cap".
var mildCare = indexPlain([]string{"cradle cap", "dry skin", "flakes", "flaky", "milia", "baby acne"})

// maskCare blanks mildCare in a sentence with a care clause ("cradle cap
// on his head, rub some oil in at bath") when none of its clauses names an
// injury; else only in the care clauses that name none.
func maskCare(t string) string {
	if !mildCare.in(t) {
		return t
	}
	b := []byte(t)
	for _, s := range clauseSpans(t, ".;!?\n") {
		sent := t[s[0]:s[1]]
		care, concern := false, false
		for _, c := range clauseSpans(sent, ",") {
			cl := sent[c[0]:c[1]]
			if isCareClause(cl) {
				care = true
				cl = careRest(cl)
			}
			concern = concern || careConcern.in(mildCare.blank(cl))
		}
		if care && !concern {
			copy(b[s[0]:s[1]], mildCare.blank(sent))
			continue
		}
		for _, c := range clauseSpans(sent, ",") {
			if cl := sent[c[0]:c[1]]; isCareClause(cl) && !careConcern.in(mildCare.blank(careRest(cl))) {
				copy(b[s[0]+c[0]:s[0]+c[1]], mildCare.blank(cl))
			}
		}
	}
	return string(b)
}

// teethingWords say a tooth is coming: the gums, the drool and the mouth
// beside them are teething, not a concern.
var teethingWords = indexPlain([]string{"teething", "teeth on the way", "tooth on the way", "tooth coming", "teeth coming",
	"cutting a tooth", "cutting teeth", "cutting her first", "cutting his first", "new tooth", "first tooth",
	"tooth through", "teeth through", "tooth is coming", "teeth are coming"})

var (
	gumWords  = indexPlain(append([]string{"mouth"}, gumsAlone...))
	gumsOnly  = indexPlain(gumsAlone)
	gumsAlone = []string{"gums", "gum", "drool*", "dribbl*", "teeth", "tooth"}
)

// maskTeething blanks the gums, the teeth, the mouth and the drool in a
// note about teething; a sign beside them (bleeding, a fever) is read as it
// stands, and a mouth with a sign of its own ("her mouth is bleeding",
// "ulcers all over his mouth", mouthSignRe) is not teething's.
func maskTeething(t string) string {
	if !teethingWords.in(t) || !gumWords.in(t) {
		return t
	}
	if strings.Contains(t, "mouth") && mouthSignRe.MatchString(t) {
		return gumsOnly.blank(t)
	}
	return gumWords.blank(t)
}

// mouthSignRe is a sign of the mouth itself.
var mouthSignRe = guard(`\bmouth\b[^.;,!?]{0,24}?\b(?:bleed\w*|bled|blood\w*|ulcer\w*|sores?|blister\w*|foam\w*|swollen|swelling|cut|white (?:patch\w*|spots?)|burn\w*)\b` +
	`|\b(?:bleed\w*|bled|blood\w*|ulcer\w*|sores?|blister\w*|foam\w*|swollen|swelling|cut|white (?:patch\w*|spots?)|burn\w*)\b[^.;,!?]{0,24}?\bmouth\b`)

// mouthSign: a sign of the baby's mouth ("mouth ulcers", "foaming at the
// mouth"), not of a bag's or a bottle's ("cut the mouth of the bag").
func mouthSign(t string) bool {
	return mouthSignRe.MatchString(t) && !strings.Contains(t, "mouth of")
}

// seatFall: seatFallRe, said of the baby: at the note's start with no one
// named ("fell out the bouncer face first"), or after a subject that is
// not a thing or someone else ("Mia fell out the bouncer", "my son fell
// outta the cot"; not "the cup wobbled, fell off the counter", "the dummy
// just fell out the pram", "grandpa nearly fell off his chair laughing").
func seatFall(t string) bool {
	for _, m := range seatFallRe.FindAllStringSubmatchIndex(t, -1) {
		if m[2] < 0 {
			// No subject: the note's first words, or "she fell out.".
			if strings.TrimSpace(t[:m[0]]) == "" || !strings.HasPrefix(strings.TrimLeft(t[m[0]:m[1]], ",.;!?:( "), "fell") &&
				!strings.HasPrefix(strings.TrimLeft(t[m[0]:m[1]], ",.;!?:( "), "fall") {
				return true
			}
			continue
		}
		words := strings.Fields(t[m[2]:m[3]])
		for len(words) > 1 && fallFillers[words[len(words)-1]] {
			words = words[:len(words)-1]
		}
		last := words[len(words)-1]
		// "the ...", "my ...": a thing, unless a word for the baby.
		if fallDeterminers[words[0]] && len(words) > 1 {
			if babyNouns[last] {
				return true
			}
			continue
		}
		if !notFaller[last] {
			return true
		}
	}
	return false
}

var (
	fallDeterminers = map[string]bool{"the": true, "a": true, "an": true, "some": true, "her": true, "his": true, "my": true,
		"our": true, "your": true, "their": true}
	babyNouns = map[string]bool{"son": true, "daughter": true, "one": true, "man": true, "girl": true, "boy": true,
		"baby": true, "twins": true, "twin": true, "bub": true, "lo": true, "babe": true}
)

// fallFillers come between a subject and its fall ("nearly fell").
var fallFillers = map[string]bool{"just": true, "nearly": true, "almost": true, "then": true}

// notFaller: the last word of a subject that is a thing, a pronoun for
// things or people other than the baby, or someone else.
var notFaller = map[string]bool{"dummy": true, "pacifier": true, "binky": true, "soother": true, "bottle": true,
	"toy": true, "toys": true, "cup": true, "phone": true, "blanket": true, "bib": true, "bibs": true, "it": true,
	"they": true, "book": true, "hat": true, "sock": true, "socks": true, "shoe": true, "shoes": true, "spoon": true,
	"plate": true, "bowl": true, "food": true, "wipes": true, "teddy": true, "bear": true, "grandpa": true,
	"grandma": true, "granny": true, "grandad": true, "nana": true, "dad": true, "mum": true, "mom": true, "i": true,
	"we": true, "you": true, "laptop": true, "remote": true, "bag": true, "pillow": true, "cushion": true,
	"tray": true, "lid": true, "cat": true, "dog": true, "washing": true, "clothes": true, "keys": true,
	"seat": true, "bouncer": true, "pram": true, "buggy": true, "stroller": true, "basket": true, "chair": true,
	"cot": true, "crib": true, "carrier": true, "mat": true, "cream": true}

// partnerMoodRe is the partner withdrawn or drinking since the baby came:
// the family's mood, written about the other parent.
var partnerMoodRe = guard(`\b(?:boyfriend|dh|dw|girlfriend|he|hes|hubby|husband|partner|she|shes|wife)\b[^.;!?]{0,50}\b(?:drinking\s+(?:a lot|again|all|alone|each|every|heavily|more|most|so much)|(?:barely|doesnt|hardly|hasnt|havent|not|stopped|wont)\s+(?:talk|talks|talking|speak|speaks|speaking|leav\w+ the house|get\w* out of bed|(?:been|got|gotten) out of bed)|feels?\s+(?:so\s+)?(?:hopeless|like a failure|numb|trapped|useless|worthless))\b`)

// vomitAllRe is a whole feed brought back: "threw all of it up", "spit
// the whole bottle back up".
var vomitAllRe = guard(`\b(?:milk|feed|formula|bottle|it all|everything|all of it)\s+(?:\w+\s+){0,4}?(?:came|comes|coming)\s+(?:right\s+|straight\s+|all\s+)?back\s+up\b|\b(?:threw|throw\w*|spit\w*|spat|vomit\w*|brought|brings|bringing|puk\w*)\s+(?:it\s+)?(?:all|every bit|everything|most|the entire|the whole|whole)\b(?:\s+of\s+(?:it|that))?(?:\s+\w+){0,2}?\s+(?:back\s+)?up\b`)

// objectInRe is something pushed into the nose or an ear; saline, drops
// and the like are care (objectCare).
var objectInRe = guard(`\b(?:push\w*|put|puts|putting|shov\w*|stuck|stuff\w*|jamm\w*|lodged|poked|inserted)\b[^.;!?]{0,30}\b(?:up|in|into|inside)\s+(?:her|his|their|the|a|its)\s+(?:nose|nostrils?|ears?|ear canal)\b`)

var objectCare = indexPlain([]string{"saline", "drop", "drops", "spray", "cream", "vaseline", "aspirator", "frida",
	"snot sucker", "oil", "cotton", "q-tip", "qtip", "thermometer", "bulb", "medicine", "ointment", "finger"})

func objectIn(t string) bool {
	for _, m := range objectInRe.FindAllString(t, -1) {
		if !objectCare.in(m) {
			return true
		}
	}
	return false
}

// femaleOthers and maleOthers are the people outside the family whose
// pronoun is known: a clause that goes on with the other pronoun is not
// about them.
var (
	femaleOthers = indexPlain([]string{"grandma", "granny", "gran", "nana", "nanna", "grandmother", "mum", "mom",
		"mother", "mil", "mother in law", "mother-in-law", "sister", "sil", "sister-in-law", "aunt", "auntie",
		"aunty", "niece"})
	maleOthers = indexPlain([]string{"grandpa", "grandad", "granddad", "grandfather", "dad", "father", "fil",
		"father in law", "father-in-law", "brother", "bil", "brother-in-law", "uncle", "nephew"})
	femalePronoun = indexPlain([]string{"she", "shes", "her"})
	malePronoun   = indexPlain([]string{"he", "hes", "his", "him"})
)

// othersGender is "f" or "m" when the clause names people outside the
// family of one gender only, or of no known gender and the clause's
// pronouns are of one, else "".
func othersGender(c string) string {
	f, m := femaleOthers.in(c), maleOthers.in(c)
	if !f && !m && !strings.Contains(c, "someone else") {
		// Someone of no known gender ("babysitter was on her phone")
		// is known by the pronoun the clause gives them; not someone's
		// kin ("neighbour's son broke his wrist, she asked…"), where the
		// pronoun may be the kin's.
		f, m = femalePronoun.in(c), malePronoun.in(c)
	}
	switch {
	case f && !m:
		return "f"
	case m && !f:
		return "m"
	}
	return ""
}

func pronounGender(c string) string {
	switch {
	case femalePronoun.at(c, 0):
		return "f"
	case malePronoun.at(c, 0):
		return "m"
	}
	return ""
}

// pronounReport is "she says", "he said that": the one reporting, then
// what is reported.
var pronounReport = guard(`^(?:he|she|they)\s+(?:says|said|thinks|noticed|reckons|told (?:me|us)|mentioned|texted)\s+(?:that\s+)?`)

// pronounAfterReport is the gender of the other person (from the clause
// before, else from the one reporting) and of the pronoun the clause is
// about (after a report, the reported one's).
func pronounAfterReport(lead, other string) (g, p string) {
	if m := pronounReport.FindString(lead); m != "" {
		if other == "" {
			other = pronounGender(m)
		}
		return other, pronounGender(trimLeadAdverbs(lead[len(m):]))
	}
	return other, pronounGender(lead)
}

// leadAdverbs come before a clause's subject: "now she has a rash".
var leadAdverbs = []string{"now ", "then ", "later ", "today ", "tonight ", "suddenly ", "also ", "and "}

func trimLeadAdverbs(c string) string {
	for trimmed := true; trimmed; {
		trimmed = false
		for _, a := range leadAdverbs {
			if strings.HasPrefix(c, a) {
				c, trimmed = strings.TrimSpace(c[len(a):]), true
			}
		}
	}
	return c
}

// harmBabyRe is an intrusive thought of harming the baby: "keep getting
// thoughts of dropping him off the balcony", "urges to throw her". Always
// a health note about the parent, however the rest reads.
var harmBabyRe = guard(`\b(?:thoughts?|urges?|images?|visions?|impulses?|flashes)\s+(?:\w+\s+){0,2}?(?:about|of|to)\s+(?:me\s+)?(?:dropp\w*|throw\w*|hurt\w*|harm\w*|shak\w*|drown\w*|smother\w*|suffocat\w*|push\w*|kill\w*|stab\w*|hit\w*|chuck\w*|strangl\w*|toss\w*)\s+(?:baby|her|him|lo|my baby|my daughter|my son|the baby|them)\b`)

// tippedRe is a seat or a cot tipped over with the baby in it ("bouncer
// tip over with her inside"), or a seat said to tip beside the baby's
// state ("pram tipped in snow, she crying").
var tippedRe = guard(`\b(?:knock\w*|tip|tips|tipp\w*|toppl\w*|flipp\w*|pull\w*|push\w*|dropp\w*|drop|drops|fell|falls|fallen|slid|slipped|rolled|went)\s+(?:\w+\s+){0,5}?with\s+(?:baby|bub|her|him|lo|the baby|them)\s+(?:still\s+)?(?:in|inside|on|strapped)\b` +
	`|\b(?:pram|buggy|stroller|pushchair|bouncer|bouncy chair|car ?seat|high ?chair|swing|rocker|bassinet|moses basket)\s+(?:\w+\s+){0,2}?(?:tip|tips|tipped|tipping|toppled|flipped|fell over|went over|fell off|slid off)\b[^.;!?]{0,30}?\b(?:she|he|shes|hes|baby|lo|her|him)\b`)

// emptySeatRe: the seat that tipped was empty ("she wasnt in it thank
// god").
var emptySeatRe = guard(`\b(?:wasnt|was not|werent|were not|not|nobody|no one)\s+(?:\w+\s+)?in\s+it\b|\b(?:it was|was|seat was)\s+empty\b`)

// tipped: tippedRe, not an empty seat.
func tipped(t string) bool {
	return tippedRe.MatchString(t) && !emptySeatRe.MatchString(t)
}

// seatFallRe is the baby fallen out of or from a seat, a bed or a
// changing table, said without "of" or in a voice's own words ("fell out
// the bouncer face first", "fell outta the car seat", "fell oot the
// bouncer", "fall from the changing table", "she fell out."): the word
// lists read "fell out of" and "fell from" only. Only the baby, or no one
// named, falls: "the dummy fell out the pram" is a thing's fall
// (seatFall reads who).
var seatFallRe = guard(`(?:^|[,.;!?:(]\s*)(?:(\w+(?:\s+\w+){0,2})\s+)?(?:then\s+|just\s+|nearly\s+|almost\s+)?` +
	`(?:fell|fall|falls|fallen|tumbled|toppled|slid)\s+(?:right\s+|straight\s+|head\s?first\s+)?` +
	`(?:out(?:\s+of)?|outta|oot(?:\s+o)?|off(?:\s+of)?|from|down from)\s+(?:the\s+|her\s+|his\s+|my\s+|our\s+|a\s+)?` +
	`(?:bouncers?|bouncy chair|changing table|changing mat|change table|changer|car ?seat|pram|buggy|stroller|high ?chair|bed|cot|crib|` +
	`sofa|couch|settee|bumbo|swing|rocker|sling|carrier|moses basket|bassinet|basket|chair|worktop|counter|table|bench|arms)\b` +
	`|\b(?:she|he|baby|lo|bub)\s+(?:fell|tumbled|toppled)\s+out\s*(?:[,.;!?]|$)`)

// weightRe is a child who will not stand or walk on a limb, or use it.
var weightRe = guard(`\b(?:wont|cant|doesnt|didnt|not|isnt|stopped|refus\w* to)\s+(?:\w+\s+)?(?:lift|lifting|move|moving|use|using)\s+(?:her|his|their)\s+(?:left\s+|right\s+)?(?:arm|leg)\b|\b(?:wont|cant|doesnt|didnt|not|refus\w* to|wouldnt|isnt|stopped)\s+(?:\w+\s+)?(?:put\w*|bear\w*|stand\w*|walk\w*)\s+(?:any\s+)?(?:weight\s+)?on\s+(?:her|his|my|the|their)\s+(?:left\s+|right\s+)?(?:ankle|arm|feet|foot|knee|leg|legs)\b`)

// fewWetsRe is few wet nappies over a stretch: "3 wets since 6am", "only
// 2 wet diapers in 12 hours".
var fewWetsRe = guard(`\b(?:[0-3]|one|two|three)\s+(?:wets|wees|pees|wet ones|wet (?:diaper|nappie|nappy)s?)\s+(?:all day|in|over|since|the whole|today so far)\b`)

// resolvedRe is a clause that says a concern is over: "rash gone", "fever
// broke yesterday", "mastitis cleared after antibiotics". Such a clause
// is not a concern; the rest of the note is read as it stands, so "rash
// gone but now she has a fever" stays one. A course "finished" is over too.
var resolvedRe = guard(`\b(?:(?:fever|temp|temperature)\s+(?:has\s+|finally\s+)?broke|gone|cleared(?:\s+up)?|clear now|healed(?:\s+up)?|sorted|faded|went away|gone away|all done|resolved|all better|finished|completed)\s*(?:(?:at last|completely|finally|now|overnight|today|totally|yesterday)\s*)?(?:(?:after|since|thanks to|with)\s+(?:\w+\s*){1,4})?$`)

// stillWords keep a resolved clause: something of it goes on, or what is
// gone is what should stay (milk, appetite, feeling), or what is gone was
// taken ("found the calpol open and half gone").
var stillWords = indexPlain([]string{"still", "but", "again", "back", "not", "hasnt", "havent", "isnt", "milk", "supply",
	"appetite", "voice", "kicks", "movement*", "feeling in", "sensation", "colour", "color", "waters", "skin", "mostly",
	"almost", "nearly", "?", "half", "open", "opened", "missing", "empty"})

// blankResolved blanks the clauses that say a concern is over.
func blankResolved(t string) string {
	if !resolvedRe.may(t) {
		return t
	}
	b := []byte(t)
	for _, c := range clauseSpans(t, ",.;!:\n") {
		s := strings.TrimSpace(t[c[0]:c[1]])
		// A hazard that is gone may have been swallowed: not over.
		if resolvedRe.MatchString(s) && !stillWords.in(s) && !strings.Contains(t, "?") && !hazardWords.in(s) {
			copy(b[c[0]:c[1]], spaces(t[c[0]:c[1]]))
		}
	}
	return string(b)
}

// contagiousWords and contactRe: someone with a catching illness who held,
// kissed, fed, minded or stayed with the baby is the baby's exposure.
var contagiousWords = indexPlain([]string{"covid", "flu", "chickenpox", "chicken pox", "cold sore*", "rsv", "whooping cough",
	"measles", "strep", "norovirus", "noro", "stomach bug", "tummy bug", "d&v", "a cold", "conjunctivitis", "hand foot and mouth",
	"hfmd", "shingles", "tb", "tuberculosis", "herpes", "impetigo", "scarlet fever", "diarrh*", "vomiting", "sickness bug",
	"sick bug", "fever", "a temperature", "a temp", "meningitis", "mumps", "tonsillitis", "slapped cheek", "glandular fever",
	"bronchiolitis", "gastro", "chest infection", "tested positive"})

var contactRe = guard(`\b(?:held|holding|hold|kissed|kissing|kiss|cuddled|cuddling|hugged|fed|touched|changed|bathed|visited|came over|came round|stayed|came to stay|staying (?:here|over|the night|with us)|sleeping in|slept in|(?:cough\w*|sneez\w*)\s+(?:all\s+)?(?:on|over)|shared|sharing|came in|came here|came straight|came anyway|still came|turned up|babysat|babysitting|looked after|minded|minding|played with|(?:was|were) (?:in the same|there|with)|same room|same house|(?:leave|leaving|left) (?:baby|her|him|lo|the baby|them) with)\b`)

// contactObjRe is a contact whose object is the baby by pronoun: "cuddled
// him sunday", "fed her a bottle", "left her with my brother".
var contactObjRe = guard(`\b(?:held|holding|hold|kissed|kissing|cuddled|cuddling|hugged|fed|touched|changed|bathed|left|leave|leaving|minded|minding|looked after|(?:cough\w*|sneez\w*)\s+(?:all\s+)?(?:on|over))\s+(?:her|him|them)\b` +
	`|\bgave\s+(?:her|him|them)\s+(?:a\s+|some\s+)?(?:bottle|cuddle|cuddles|feed|hug|hugs|kiss|kisses)\b`)

// babyCare are the things and tasks that only a baby has: a contact with
// them is with the baby. So is a carer's ("sitter's kid has hand foot and
// mouth, she came straight here"): minding the baby is their work.
var babyCare = indexPlain([]string{"nappy", "nappies", "diaper*", "babysat", "babysitting", "babysit", "minded", "minding"})

// mildContagious is a cold: caught from whoever babysat, it is a log of
// the day; held or cuddled by them, it is still the baby's exposure.
var mildContagious = indexPlain([]string{"a cold"})

func contactExposed(t string) bool {
	if !contagiousWords.in(t) || !contactRe.MatchString(t) {
		return false
	}
	return childWords.in(t) || ageRe.MatchString(t) || contactObjRe.MatchString(t) ||
		(babyCare.in(t) || carerWords.in(t)) && contagiousWords.in(mildContagious.blank(t))
}

// illSubjectRe is a clause whose subject is someone and whose verb says
// they are ill: "plumber is ill", "coach has flu", "lucy from nct group
// has a stomach bug", "host has a migraine"; the article may be left out
// as other voices do ("gateman has fever", "cook has cold"). The verb may
// be left out ("hairdresser sick"): m[2] is then empty.
var illSubjectRe = guard(`^(?:the\s+|our\s+|my\s+|a\s+)?([a-z]+)(?:\s+[a-z]+){0,3}?(\s+(?:called in|got|had|has|have|is|off|out|phoned in|rang in|s|was|went home))?\s+(?:\w+\s+)?(?:ill|sick|poorly|unwell|flu|the flu|covid|a cold|food poisoning|a bug|a stomach bug|a tummy bug|a sickness bug|stomach flu|norovirus|noro|the lurgy|a virus|a migraine|migraine|strep|strep throat|tonsillitis|d&v|shingles|chickenpox|conjunctivitis|a chest infection|laryngitis|bronchitis|a fever|a temperature|a temp|fever|cold|a cough|cough|temperature)\b`)

// roleSuffixRe is a noun for someone by their work ("hairdresser",
// "instructor", "dentist"): without a verb, only such a noun is read as
// the ill subject, so "still sick, cancel swim" stays the family's.
var roleSuffixRe = guard(`(?:ant|ent|er|ess|ian|ist|or)$`)

// babyEventRe is an event named by who it is for ("baby group", "toddler
// class"): it names no one of the family.
var babyEventRe = guard(`\b(?:babies|baby|mom and baby|mum and baby|parent and baby|toddler)\s+(?:group|groups|class|classes|club|massage class|yoga|sensory|swim\w*|music|signing|sign|cafe|shower|meetup|meet up|playgroup|session|rhyme\w*|time|first aid)\b`)

// logisticsWords are what someone's illness does to the family's plans,
// or to theirs ("the gateman has fever, he went home for today").
var logisticsWords = indexPlain([]string{"cancel*", "reschedul*", "postpone*", "called off", "is off", "off", "backup",
	"back up", "cover", "rebook*", "moved", "move", "no swimming", "no class", "no lesson", "not coming", "cant come",
	"cant make it", "wont make it", "wont be coming", "find someone", "need someone", "rearrang*", "push back",
	"pushed back", "another day", "next week", "replacement", "stand in", "instead", "went home", "sent home",
	"gone home", "home early", "stay home", "stayed home", "staying home", "off work", "off sick"})

// illOutside: a note that names no one of the family, whose first clause
// has someone else ill and goes on with what that does to plans: "coach
// has flu, swimming cancelled". An ill subject the family's own or a
// pronoun is not this.
func illOutside(t string) bool {
	// The family named as the one ill or with a sign keeps the note:
	// "coach has flu and now lo is coughing". "my appointment moved" does
	// not.
	if !logisticsWords.in(t) {
		return false
	}
	t = babyEventRe.ReplaceAllStringFunc(t, spaces)
	if childWords.in(t) || ageRe.MatchString(t) || iStateRe.MatchString(t) {
		return false
	}
	for _, s := range clauseSpans(strings.ReplaceAll(t, " - ", " , "), ",.;!?:\n") {
		m := illSubjectRe.FindStringSubmatch(strings.TrimSpace(t[s[0]:s[1]]))
		if m != nil && outsider(m[1]) && !saysOf.MatchString(m[0]) &&
			(m[2] != "" || otherPeople.in(m[1]) || roleSuffixRe.MatchString(m[1])) {
			return true
		}
	}
	return false
}

// outsider: a subject word that is not the family, a pronoun, a body part
// or a symptom.
func outsider(w string) bool {
	return !familyWords.in(w) && !startPronoun.in(w) && !childWords.in(w) && !sickSubjects[w] && w != "it" &&
		w != "everyone" && !bodyWords.in(w) && !medicalWords.in(w)
}

// saysOf: someone telling of another ("teacher says she is ill"), whose
// illness is the one told of.
var saysOf = guard(`\b(?:called|he|hes|rang|reckons|said|says|she|shes|texted|they|theyre|thinks|thought|told)\b`)

// iStateRe is the writer saying how they are: "i have it too", "im
// feeling rough".
var iStateRe = guard(`\b(?:i|im|ive|we|were|weve)\s+(?:\w+\s+)?(?:also|am|both|caught|feel|feeling|got|has|have|think|too)\b`)

// clauseSpansText is t up to its first comma or sentence end.
func clauseSpansText(t string) string {
	if i := strings.IndexAny(t, ",.;!?:\n"); i >= 0 {
		return t[:i]
	}
	return t
}

// negatedRe ends a text with a negation or a rule: "don't", "never".
var negatedRe = guard(`\b(?:avoid|cant|do not|dont|mustnt|never|no|not|shouldnt)(?:\s+to)?\s*$`)

// affirmed: re matches t somewhere not right after a negation, so "don't
// feed her honey" and "never smoke around the baby" are rules, not what
// happened.
func affirmed(re *guardedRe, t string) bool {
	for _, ix := range re.FindAllStringIndex(t, -1) {
		if !negatedRe.MatchString(t[:ix[0]]) {
			return true
		}
	}
	return false
}

// callOffRe is a visit or a day of care called off: "cant come
// tomorrow", "shes cancelling", "no drop off", "doesnt want to pass it on".
var callOffRe = guard(`\b(?:cancel\w*|cant come|cannot come|wont come|isnt coming|not coming|cant make it|staying away|stay away|keeping away|keep away|pass it on|passing it on|postpon\w*|reschedul\w*|called off|calling off|no drop off|no drop-off)\b`)

// visitorWords are those who visit or care for the baby, as a note calling
// their visit off names them ("mum", "nanny").
var visitorWords = indexPlain([]string{"nanny", "nannys", "babysitter", "sitter", "au pair", "childminder", "childminders",
	"grandma", "grandpa", "granny", "gran", "nan", "nana", "nanna", "nani", "grandad", "granddad", "grandparents",
	"mil", "fil", "mum", "mom", "mother", "dad", "father", "auntie", "aunt", "uncle", "cleaner", "friend", "doula",
	"mums", "moms", "mothers", "dads", "grans", "nanas", "grannys", "grandmas", "grandpas",
	"visitor", "visitors"})

// ourSubject is the writer or the family as someone's subject.
var ourSubject = guard(`(?:^|[^a-z])(?:i|i have|im|ive|we|we have|were|weve)(?:$|[^a-z])`)

// callsOff: a note that calls off someone's visit or care ("nana wont come
// tomorrow, shes got a cold and doesnt want to pass it on", "mum has a
// migraine so shes cancelling tomorrow") names the visitor's illness, not
// the family's, unless it names the baby, a child or the writer too
// ("baby has a tummy bug, cancel the builder").
func callsOff(p string) bool {
	away := staysAwayRe.MatchString(p)
	if !away && !callOffRe.MatchString(p) {
		return false
	}
	return (otherPeople.in(p) || visitorWords.in(p) || away && !carePlaces.in(p)) && !childWords.in(p) && !ourSubject.MatchString(p)
}

// staysAwayRe is someone who will not come, said of her, him or them
// ("so shes not coming over", "so she nah visit", "she cant babysit
// tonight"): the baby is not the one who comes or babysits, so the one
// who does not is a visitor, named or not ("Tanya has flu, so she nah
// visit"). Not coming to nursery or a class is the child's (carePlaces).
var staysAwayRe = guard(`\b(?:he|hell|hes|she|shell|shes|they|theyll|theyre)\s+(?:\w+\s+)?(?:aint|cannot|cant|couldnt|is not|isnt|nah|not|wasnt|will not|wont|wouldnt)\s+(?:be\s+)?(?:able\s+to\s+)?(?:come|coming|visit\w*|babysit\w*|make it|pop\w* (?:in|over|round)|drop\w* by)\b`)

var carePlaces = indexPlain([]string{"nursery", "daycare", "day care", "school", "creche", "class", "classes", "swim*",
	"group", "playgroup", "club", "childminder", "childminders", "settling", "session"})
