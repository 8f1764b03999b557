package normalize

// This file: the word lists the kinds are read from.

import ()

var deadlineWords = indexPhrases([]string{
	"due", "overdue", "deadline*", "expires", "expire", "expiring", "expiry", "expiration",
	"eod", "cob", "eob", "end of day", "end of the day", "end of business", "close of business",
	"deposit", "deposits", "no later than", "last day to", "last day for",
})

var adminWords = indexPhrases([]string{
	"form", "forms", "paperwork", "application", "applications", "registration", "register",
	"enrollment", "enrolment", "permission slip", "passport", "license", "licence", "renewal",
	"renew", "tax", "taxes", "bill", "bills", "invoice", "payment", "tuition", "rent",
	"insurance", "claim", "fsa", "reimbursement", "rsvp", "assignment", "assignments",
	"homework", "essay", "report", "submission", "submit", "sign up", "signup",
	"birth certificate", "social security",
})

var commitWords = indexPhrases([]string{
	"appointment*", "appt*", "pediatrician*", "paediatrician*", "peds", "doctor", "doctor's",
	"dr", "dentist*", "ob", "obgyn", "ob-gyn", "midwife", "lactation", "checkup", "check-up",
	"well visit", "well-baby", "visit", "visits", "visiting", "meeting*", "mtg", "standup", "stand-up", "call with",
	"zoom", "class", "classes", "lecture", "lesson*", "seminar", "work", "shift", "daycare pickup",
	"pickup", "pick-up", "drop-off", "dropoff", "therapy", "therapist", "session", "interview",
	"flight", "practice", "rehearsal", "church", "gym", "yoga", "physio", "vaccine*", "shots",
	"ultrasound", "tour", "playdate", "party", "babysitter", "sitter", "nanny",
})

// errandVerbs start a task ("call daycare", "need to pay rent").
var errandVerbs = indexPhrases([]string{
	"pick up", "buy", "get", "grab", "order", "reorder", "call", "phone", "ring", "text", "email",
	"e-mail", "message", "schedule", "reschedule", "book", "cancel", "pay", "return", "send",
	"mail", "post", "print", "sign", "fill out", "fill in", "complete", "submit", "renew", "refill",
	"register", "apply", "drop off", "clean", "wash", "fold", "pack", "prep", "prepare", "make",
	"cook", "sterilize", "sterilise", "fix", "file", "ask", "check", "confirm", "take", "bring",
	"update", "research", "find", "look up", "set up", "charge", "restock", "stock up", "install",
	"assemble", "write", "finish", "remind", "follow up", "reply", "respond", "review", "sort",
	"organize", "organise", "tidy", "vacuum", "empty", "replace", "label", "change", "ship",
})

// errandAnywhere are errands wherever they appear.
var errandAnywhere = indexPhrases([]string{
	"pick up", "buy", "drop off", "refill", "renew", "fill out", "sign up", "reschedule",
	"restock", "stock up", "grocery run", "groceries", "grocery", "errand", "errands", "laundry",
	"dishes", "to-do", "todo", "need to", "needs to", "have to", "has to", "gotta",
	"got to", "remember to", "don't forget", "dont forget", "remind me", "reminder",
})

var buyVerbs = indexPhrases([]string{"buy", "pick up", "order", "reorder", "get", "grab", "restock", "stock up", "refill"})

var taskFillers = map[string]bool{
	"also": true, "and": true, "then": true, "pls": true, "please": true, "todo": true, "to-do": true,
	"task": true, "reminder": true, "asap": true, "must": true, "urgent": true, "quick": true,
	"quickly": true, "later": true, "tomorrow": true, "today": true, "tonight": true, "-": true,
	"*": true, "•": true, "[]": true, "[ ]": true, "ps": true, "oh": true, "ok": true,
}

// medicalWords are symptoms, injuries, worries about feeding, diapers,
// sleep and mood, and questions about doses: a health concern whatever
// else the note says. The health lists are read on text without
// apostrophes (plain), so "won't" finds "wont" too.
var medicalWords = indexPlain([]string{
	// Temperature.
	"fever*", "fevr*", "feaver*", "temperature", "temprature*", "temperture*", "tempreture*", "temp of", "chills",
	"hot to touch", "hot to the touch", "flushed", "night sweats", "achy", "aching", "body aches", "feel awful",
	"feeling awful", "feel terrible", "feeling terrible",
	// Questions a professional answers.
	"is it normal", "is this normal", "is that normal", "normal for a", "normal for her", "normal for him", "normal that",
	"should i give", "should we give", "can i give", "can we give", "how much tylenol", "dose", "doses", "dosage", "dosing",
	"is that bad", "is this bad", "is it bad", "vaccine reaction", "reaction",
	// Skin, eyes, ears.
	"rash*", "hives", "eczema", "red spots", "purple spots", "spots that", "blotch*", "jaundice*", "yellow skin", "yellow eyes",
	"yellowish", "looks yellow", "red eye", "pink eye", "eye goo", "goo", "goopy", "crusty", "discharge", "oozing", "ooze*",
	"ear infection", "ear tugging", "ear pulling", "pulling at her ear*", "pulling at his ear*", "tugging at her ear*",
	"tugging at his ear*", "swollen", "swelling", "lump", "lumps", "bulge", "hernia", "umbilical", "thrush",
	// Stomach, feeding, diapers.
	"spit up", "spits up", "spitting up", "spit-up", "spitup", "vomit*", "throwing up", "threw up", "throw up", "puking",
	"puked", "projectile", "diarrh*", "diarh*", "diarea*", "constipat*", "hasn't pooped", "not pooped",
	"no poop", "green poop", "black poop", "white poop", "blood", "bloody", "not eating", "won't eat",
	"isn't eating", "refusing to eat", "refusing the bottle", "refusing bottle*", "refusing feeds",
	"refuses to eat", "pulls away", "pulling away", "slow weight gain", "weight gain is slow", "poor weight gain",
	"slow to gain", "not feeding", "won't feed", "losing weight", "weight loss", "weight check was down",
	"dehydrat*", "no tears", "dry lips", "sunken", "soft spot", "pee smells", "dark pee", "dark urine", "burning when",
	"burns when", "reflux", "colic*", "sweating a lot", "sweats a lot", "sweating while",
	// Breathing, waking, fits.
	"breathing fast", "fast breathing", "breathing hard", "rapid breathing", "trouble breathing", "struggling to breathe",
	"hard to breathe", "can't breathe", "cannot breathe", "not breathing", "breathing pauses", "stops breathing", "stopped breathing", "wheez*", "cough*", "coughin",
	"croup*", "choking", "choked", "congest*", "stuffy*", "stuffed nose", "blocked nose", "snotty", "snot",
	"has a cold", "got a cold", "caught a cold", "runny nose", "blue lips", "lips look", "lips are blue",
	"turned blue", "looks blue", "a bit blue", "lethargic", "listless", "sluggish", "drowsy", "not interested in anything", "not interested in feeding",
	"not interested in eating", "not interested in the bottle", "barely moving", "not moving much",
	"just stares", "floppy", "hard to wake", "hard to rouse", "won't wake",
	"unresponsive", "not responding", "seizure*", "fainted", "faint", "dizzy", "passed out", "sneez*", "gagging", "gags",
	"grunting", "gasping", "rattl*", "short of breath", "shortness of breath", "heart racing", "racing heart", "arching",
	"shaking", "eyes rolling", "nosebleed*", "blister*", "bruise*", "mucus", "cradle cap", "hand foot and mouth",
	"tongue tie", "latch hurts", "fontanelle", "flat spot", "cold sore", "sleeping more than", "sleeping way more",
	// Falls and injuries.
	"fell off", "fell from", "fell down", "fell over", "falling from", "rolled off", "bumped head", "bumped her head",
	"bumped his head", "hit her head", "hit his head", "hit head", "hit the floor", "head injury", "dropped the baby",
	"dropped baby", "swallow*", "up her nose", "up his nose", "stuck in her", "stuck in his", "slipped",
	"went under", "drown*", "scald*",
	// The body after birth.
	"mastitis", "clogged duct", "engorged", "engorgement", "clot", "clots", "clotting", "bleeding", "stitches", "incision", "headache*",
	"seeing spots", "seeing stars", "flashing lights", "blurry vision", "chest pain", "in pain", "painful", "hurts", "sick", "symptom*", "infection*",
	"infected", "allerg*",
	// Getting help.
	"urgent care", "nurse line",
})

// notMedical are phrases that contain a medical word but are not one: a
// supply, a figure of speech, an appointment for a test, an object that
// fell.
var notMedical = []string{"sick of", "sick and tired", "rash cream", "rash ointment", "rash paste", "rash balm",
	"fever-pitch", "fever pitch", "fever thermometer", "rash guard", "slipped my mind", "cough drops", "blood test", "blood work", "bloodwork", "blood draw", "blood type",
	"such a headache", "what a headache", "is a headache", "was a headache", "been a headache", "real headache",
	"total headache", "swallowed my pride", "wheel fell off", "fell off the wall", "fell off the shelf",
	"burned out", "burnt out"}

// moodWords are a parent's own low mood and worry after a birth: a health
// concern, with a word that support exists.
var moodWords = indexPlain([]string{
	"postpartum depression", "ppd", "postpartum blues", "baby blues", "depress*", "feeling down", "feel down",
	"really down", "so down", "crying a lot", "can't stop crying", "crying spells", "anxious",
	"anxiety", "panic attack*", "worrying", "scary thoughts", "intrusive thought*", "numb", "not bonding", "hopeless",
	"can't sleep even", "not myself", "crying for no reason", "forgetting things", "rage", "snapping at", "can't cope",
	"cannot cope", "not coping", "crying every day", "crying all the time", "something bad will happen",
	"something bad is going to happen", "can't stop thinking", "so alone", "feel alone", "feel empty", "feel so empty",
	"empty inside", "lonely", "worthless", "like a failure",
})

// medicineWords name medicines: a health question, unless the note is
// about the supply ("baby tylenol restock", "buy baby motrin", "pick up the
// amoxicillin"). A thermometer is not a medicine: its reading is what
// counts.
var medicineWords = indexPlain([]string{
	"tylenol", "tylenl", "tylanol", "tylenal", "motrin", "motrn", "motren", "advil", "ibuprofen", "ibuprophen",
	"ibuprofin", "ibprofen", "acetaminophen", "acetaminophin", "paracetamol", "paracetomol", "calpol", "medicine",
	"medicines", "medication*", "meds", "antibiotic*", "antibotic*", "amoxicillin", "amoxicilin", "amoxicillan",
	"amoxi", "fever reducer", "prescription", "inhaler", "melatonin", "gas drops", "cough drops", "gripe water",
})

// supplyWords mark a note about having something, not about taking it.
var supplyWords = indexPlain([]string{
	"restock*", "running low", "low on", "almost out", "out of", "buy", "order", "reorder", "need more", "get more",
	"stock*", "low", "pick up", "refill*", "pharmacy", "cvs", "walgreens", "rite aid", "transfer*", "batter*", "need",
	"shopping list", "grocery list",
})

// notSupply: "need to" asks what to do, not what to have.
var notSupply = []string{"need to"}

// bodyWords and concernWords: a part of the body and something wrong with
// it, anywhere in one note ("gums look swollen", "peeling skin on his
// feet"), is a health concern even when neither alone would be.
var bodyWords = indexPlain([]string{
	"head", "forehead", "eye", "eyes", "ear", "ears", "nose", "mouth", "tongue", "lip", "lips", "gums", "throat", "neck",
	"skin", "scalp", "face", "cheek", "cheeks", "chin", "chest", "heart", "breath*", "lung*", "tummy", "belly", "stomach",
	"breast", "breasts", "nipple*", "boob*", "bottom", "butt", "poop*", "stool*", "pee", "urine", "diaper*", "nappy",
	"nappies", "cord", "navel", "hand", "hands", "finger*", "feet", "foot", "toe", "toes", "leg", "legs", "calf", "thigh*",
	"knee*", "arm", "arms", "wrist*", "back", "hip", "hips", "tailbone", "pelvis", "perineum", "perineal", "vagina*",
	"down there", "vision", "incision", "stitches", "scar",
})

var concernWords = indexPlain([]string{
	"sore", "red", "redness", "swollen", "swelling", "puffy", "bleed*", "blood*", "bruise*", "blister*", "mucus", "raw",
	"bulging", "racing", "hurts", "hurt", "pain*", "itch*", "bumps", "bump", "spots", "discharge", "worse", "bloated",
	"fluid", "peeling", "flaky", "crossing", "crossed", "skipping", "sweating", "lumps", "whitish", "white-ish",
	"hard and", "rattly", "smells", "oozing", "yellow", "blue", "grey", "gray", "pale", "green", "black", "white",
	"orange", "crystals", "watery", "explosive", "flushed", "blocked", "stuffed", "runny", "snotty", "in and out",
	"whistl*", "cracked", "burn*", "burnt", "scald*", "hot", "glassy", "labored", "laboured", "struggl*", "crackl*",
	"pink*", "rock hard", "straining", "strains", "sting*", "tear", "torn", "blurry", "blurred",
})

// otherPeople are people outside the family and pets: a note about them
// being unwell is not the family's health note, unless it names someone
// in the family too (familyWords).
var otherPeople = indexPlain(func() []string {
	var out []string
	for _, n := range []string{
		"dog", "dogs", "doggo", "puppy", "pup", "cat", "cats", "kitty", "kitten", "pet", "pets", "vet", "hamster",
		"rabbit", "guinea pig", "parrot", "fish", "grandma", "grandpa", "granny", "gran", "grandad", "granddad", "grandmother",
		"grandfather", "grandparents", "nana", "nanna", "mil", "fil", "mother-in-law", "father-in-law", "in-laws",
		"sister", "brother", "aunt", "auntie", "uncle", "cousin", "niece", "nephew", "coworker", "co-worker",
		"colleague", "boss", "manager", "neighbor", "neighbour", "friend", "babysitter", "sitter", "nanny", "teacher",
	} {
		out = append(out, n, n+"s", n+"'s", "my "+n, "my "+n+"'s", "our "+n, "our "+n+"'s", "the "+n, "the "+n+"'s")
	}
	for _, n := range []string{"mom", "mum", "dad", "mother", "father", "parents"} {
		out = append(out, "my "+n, "my "+n+"'s", "my "+n+"s", "your "+n, "your "+n+"'s")
	}
	return out
}())

// familyWords name the baby or the one writing: with them, a note is the
// family's even when it names someone else too ("grandma dropped the
// baby").
var familyWords = indexPlain([]string{
	"baby", "baby's", "babies", "lo", "newborn", "infant", "bub", "i", "i'm", "i've", "i'd", "me", "my", "myself",
	"we", "our", "us",
})

var lowEnergy = indexPhrases([]string{
	"exhausted", "wiped out", "so tired", "very tired", "really tired", "super tired",
	"dead tired", "extremely tired", "beyond tired", "too tired", "so sleepy", "low energy",
	"no energy", "zero energy", "energy is low", "energy low", "running on fumes",
	"running on empty", "no sleep", "barely slept", "barely any sleep", "hardly slept",
	"hardly any sleep", "didn't sleep", "did not sleep", "didnt sleep", "couldn't sleep",
	"couldnt sleep", "could not sleep", "up all night", "awake all night", "sleep deprived",
	"sleep-deprived", "drained", "burnt out", "burned out", "burnout", "zombie", "depleted",
	"running on no sleep", "slept badly", "slept poorly", "slept terribly", "slept horribly",
	"bad night", "rough night", "terrible night", "awful night", "horrible night",
	"not rested", "not feeling rested", "not well rested", "fried", "knackered", "shattered",
	"dead on my feet", "need a nap", "need sleep", "need to sleep", "so so tired",
})

var mediumEnergy = indexPhrases([]string{
	"ok energy", "okay energy", "medium energy", "moderate energy", "decent energy",
	"feeling ok", "feeling okay", "feeling alright", "feeling all right", "feeling fine",
	"feeling so-so", "so-so", "a bit tired", "bit tired", "kinda tired", "kind of tired",
	"somewhat tired", "little tired", "tired", "a bit sleepy", "ok night", "okay night",
	"decent night", "feeling better", "meh",
})

var highEnergy = indexPhrases([]string{
	"feeling rested", "well rested", "well-rested", "good night's sleep", "good nights sleep",
	"good night of sleep", "great night", "refreshed", "high energy", "good energy",
	"lots of energy", "full of energy", "energized", "energised", "feeling great",
	"feeling good", "feeling strong", "recharged",
})

// Sleep-ish signals: ignored when said of the baby.
var highSleep = []string{"good nap", "great nap", "long nap", "solid nap", "slept well", "slept great", "slept good", "slept through"}

var napPhrases = []string{"took a nap", "had a nap", "got a nap", "grabbed a nap", "caught a nap", "napped", "power nap", "short nap", "quick nap", "took a quick nap", "had a quick nap", "got a quick nap", "nap for", "nap of"}

var otherSubjects = map[string]bool{
	"baby": true, "baby's": true, "babys": true, "she": true, "he": true, "they": true, "kid": true,
	"kids": true, "son": true, "daughter": true, "lo": true, "twins": true, "infant": true,
	"newborn": true, "bub": true, "toddler": true, "her": true, "his": true,
}

// logWords record the day as it went — a feed, a nap, a night, a diaper —
// rather than ask for anything: a note of them is an observation, unless
// it speaks of a routine or a rule (routineWords).
var logWords = indexPhrases([]string{
	"fed", "feed", "feeds", "feeding", "nursed", "nursing", "breastfed", "bottle-fed", "pumped",
	"nap", "naps", "napped", "napping", "slept", "asleep", "woke", "woke up", "awake",
	"wet diaper", "dirty diaper", "diaper change", "changed diaper", "poop", "pooped", "burped",
})

// routineWords make a note a standing fact or an instruction, not a log of
// one moment: "feeds every 3 hours", "she naps in the stroller; don't feed
// her honey" stay until someone closes them.
var routineWords = indexPhrases([]string{
	"every", "a day", "per day", "each day", "daily", "a night", "per night", "usually", "always", "never",
	"don't", "dont", "do not", "schedule", "routine", "rule",
})
