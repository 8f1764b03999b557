package normalize

// This file: a dose gone wrong, read beside a medicine's name: given
// twice by two carers, measured with the wrong spoon, a figure given
// instead of another. Such a note is a concern even when a syringe or the
// pharmacy makes it read as a supply, and even when someone else gave it.

// doseMistakeWords say a dose went wrong; read only with a medicine named.
var doseMistakeWords = indexPlain([]string{"too much", "too many", "too little", "teaspoon", "tablespoon",
	"kitchen spoon", "not the syringe", "wrong syringe", "wrong spoon", "wrong cup", "wrong medicine", "gave more",
	"also gave", "gave another", "given more", "gave again", "given again", "already given", "already gave",
	"both gave", "second dose", "gave him more", "gave her more", "gave some more", "topped up"})

func doseMistake(t string) bool {
	return (medicineWords.in(t) || routineDrops.in(t)) && doseMistakeWords.in(t)
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
