package normalize

// This file: a dose gone wrong, read beside a medicine's name: given
// twice by two carers, measured with the wrong spoon, a figure given
// instead of another. Such a note is a concern even when a syringe or the
// pharmacy makes it read as a supply, and even when someone else gave it.

// doseMistakeWords say a dose went wrong; read only with a medicine or a
// dose named.
// An amount too large or small (amountWords) is read only beside giving or
// measuring it (givenWords): "calpol costs too much" is a price.
// Every name a dose goes by reads after "wrong": "gave her the wrong
// meds at daycare" as "the wrong medicine".
var doseMistakeWords = indexPlain(append(phrasesOf([]string{"wrong"}, doseNames), "teaspoon", "tablespoon",
	"kitchen spoon", "not the syringe", "wrong bottle", "wrong one", "gave more",
	"also gave", "gave another", "given more", "gave again", "given again", "already given", "already gave",
	"both gave", "second dose", "by accident", "double dosed", "double-dosed", "doubled up", "adult dose",
	"adult one", "adult strength", "adult version", "gave him more", "gave her more", "gave some more", "topped up"))

// doseNames are the names of a dose or what measures it: "wrong" before
// one is a dose mistake.
var doseNames = []string{"medicine", "medicines", "medication*", "meds", "med", "drops", "cream", "tablet", "tablets",
	"pill*", "dose", "syrup", "sachet*", "inhaler", "syringe", "spoon", "cup"}

var amountWords = indexPlain([]string{"too much", "too many", "too little"})

var givenWords = indexPlain([]string{"gave", "given", "give", "giving", "took", "taken", "measured", "dose", "ml",
	"mls", "syringe", "drops", "spoon"})

// doseUnsureRe is not knowing whether or how much was given: "not sure if
// i gave 2.5 or 5ml", "cant remember if we gave it".
var doseUnsureRe = guard(`\b(?:(?:cannot|cant|dont) remember|dont know|forgot|not sure|unsure)\s+(?:how much|if|whether|which)\s+(?:dad|dh|dw|he|i|mom|mum|nanny|she|they|we)?\s*(?:did|gave|give|given|had|took)\b`)

// smallMlRe is a few millilitres: a dose, not a feed.
var smallMlRe = guard(`(?:^|[^\d.])(?:1?\d(?:\.\d+)?)\s*(?:ml|mls)\b`)

func doseMistake(t string) bool {
	if !medicineWords.in(t) && !routineDrops.in(t) && !doseNouns.in(t) && !smallMlRe.MatchString(t) {
		return false
	}
	return doseMistakeWords.in(t) || amountWords.in(t) && givenWords.in(t) || doseUnsureRe.MatchString(t)
}

// doseSwapRe is one amount given for another: "gave 10 drops not 1",
// "used the 5ml syringe instead of 2.5". Millilitres are as often a feed,
// so they count only beside a medicine or a syringe (doseContext).
var doseSwapRe = guard(`\b\d+(?:[.,]\d+)?\s*(ml|mls|mg|cc|tsp|drops?|scoops?|sachets?|tablets?|pills?|puffs?|pumps?)\b[^.;!?]{0,30}?\b(?:instead of|not|rather than)\s+(?:the\s+)?(?:\d|one|two|half)`)

var doseContext = indexPlain([]string{"syringe", "dose", "dosing", "spoon", "dropper"})

func doseSwap(t string) bool {
	for _, m := range doseSwapRe.FindAllStringSubmatch(t, -1) {
		if m[1] != "ml" && m[1] != "mls" || medicineWords.in(t) || routineDrops.in(t) || doseContext.in(t) {
			return true
		}
	}
	return false
}
