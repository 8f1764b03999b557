package council

import (
	"strings"
	"unicode"

	bh "github.com/babyhandoff/babyhandoff"
)

// What a baby needs through the night, read word by word: out of one, it
// cannot wait for the morning. The words are the baby's own supplies, not
// anything that shares a word with them: "oat milk", a "water bottle",
// "nipple cream" or "lens wipes" can wait.
var (
	// feedGear follows a feed word in something that is not the feed
	// ("formula dispenser", "breast milk bags").
	feedGear = wordSet("dispenser", "dispensers", "pitcher", "mixer", "container", "containers", "scoop", "scoops", "maker", "machine",
		"bag", "bags", "storage", "pump", "pumps", "cooler", "warmer")
	// babyMilk says whose milk: "milk" alone may be anyone's.
	babyMilk = wordSet("breast", "pumped", "expressed", "baby", "babys", "infant", "toddler", "donor", "formula")
	// diaperGear follows a diaper word in something that is not diapers.
	diaperGear = wordSet("cream", "creams", "rash", "bag", "bags", "backpack", "pail", "pails", "genie", "liner", "liners", "caddy",
		"balm", "ointment", "paste", "spray", "sacks", "disposal", "changing", "mat", "pad", "refills")
	// otherDiapers are diapers not needed through the night.
	otherDiapers = wordSet("swim", "swimming")
	// babyWipes are wipes for a baby; fillers are the words before a
	// plain "wipes" ("out of wipes", "2 packs of wipes"). Any other word
	// before it names other wipes: lens, cleaning, makeup.
	babyWipes = wordSet("baby", "babys", "diaper", "nappy", "water", "waterwipes", "wet", "sensitive", "unscented", "fragrancefree",
		"hypoallergenic", "pampers", "huggies", "cloth", "newborn", "bum")
	fillers = wordSet("of", "no", "more", "any", "the", "some", "our", "my", "all", "few", "last", "extra", "spare", "enough", "and",
		"or", "on", "out", "need", "needs", "get", "buy", "grab", "new", "with", "a", "an", "pack", "packs", "box", "boxes", "tub",
		"tubs", "packet", "packets", "refill")
)

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// wordsOf splits s into lower-case words. Apostrophes and hyphens join
// ("baby's" → "babys", "pull-ups" → "pullups").
func wordsOf(s string) []string {
	s = strings.NewReplacer("'", "", "’", "", "-", "").Replace(strings.ToLower(s))
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// wordUse is what ws[i], read with the words beside it, is needed for
// through the night: "feed", "change" or "".
func wordUse(ws []string, i int) string {
	prev, next := "", ""
	if i > 0 {
		prev = ws[i-1]
	}
	if i+1 < len(ws) {
		next = ws[i+1]
	}
	switch w := ws[i]; w {
	case "formula", "formulas", "breastmilk":
		if !feedGear[next] {
			return "feed"
		}
	case "milk":
		if babyMilk[prev] && !feedGear[next] {
			return "feed"
		}
	case "bottle", "bottles":
		// A bottle alone may be a water bottle.
		if (prev == "baby" || prev == "babys" || prev == "feeding") && !feedGear[next] && next != "brush" {
			return "feed"
		}
	case "nipple", "nipples", "teat", "teats":
		if prev == "bottle" {
			return "feed"
		}
	case "diaper", "diapers", "nappy", "nappies", "pullups":
		if !diaperGear[next] && !otherDiapers[prev] {
			return "change"
		}
	case "wipes":
		if prev == "" || babyWipes[prev] || fillers[prev] || isNumber(prev) {
			return "change"
		}
	}
	return ""
}

func isNumber(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// outUse is what the out supply of a note is needed for before the
// morning: "feed", "change", or "" for anything else. Each item is read
// where the note names it, with the words beside it there ("oat milk" is
// read as milk, and not the baby's); an item the text does not name is
// read alone.
func outUse(text string, items []string) string {
	words := wordsOf(text)
	change := false
	for _, it := range items {
		iw := wordsOf(it)
		if len(iw) == 0 {
			continue
		}
		ws, from := iw, 0
		if at := indexWords(words, iw); at >= 0 {
			ws, from = words, at
		}
		for i := from; i < from+len(iw); i++ {
			switch wordUse(ws, i) {
			case "feed":
				return "feed"
			case "change":
				change = true
			}
		}
	}
	if change {
		return "change"
	}
	return ""
}

// indexWords is where the words sub first follow one another in ws, or -1.
func indexWords(ws, sub []string) int {
	for i := 0; i+len(sub) <= len(ws); i++ {
		match := true
		for j, w := range sub {
			if ws[i+j] != w {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// factUse is outUse of an inventory fact.
func factUse(f bh.Fact) string { return outUse(f.Title, supplyItems(f)) }
