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
var errandVerbs = indexPhrases(errandVerbList)

var errandVerbList = []string{
	"pick up", "buy", "get", "grab", "order", "reorder", "call", "phone", "ring", "text", "email",
	"e-mail", "message", "schedule", "reschedule", "book", "cancel", "pay", "return", "send",
	"mail", "post", "print", "sign", "fill out", "fill in", "complete", "submit", "renew", "refill",
	"register", "apply", "drop off", "clean", "wash", "fold", "pack", "prep", "prepare", "make",
	"cook", "sterilize", "sterilise", "fix", "file", "ask", "check", "confirm", "take", "bring",
	"update", "research", "find", "look up", "set up", "charge", "restock", "stock up", "install",
	"assemble", "write", "finish", "remind", "follow up", "reply", "respond", "review", "sort",
	"organize", "organise", "tidy", "vacuum", "empty", "replace", "label", "change", "ship",
}

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
