package normalize

// This file: the misspellings of health words that thumbs type at 3 a.m.
// ("swolen", "stiches", "chocking", "breathin", "fell of the bed"),
// mapped to the words the health rules read, so each rule need not list
// them. Only the text the health rules read changes.

import (
	"slices"
	"strings"
)

var healthSpellings = func() map[string]string {
	m := map[string]string{}
	for canon, forms := range map[string][]string{
		"swollen":      {"swolen", "swolled", "swollon", "swolln", "swallen", "sollen"},
		"swelling":     {"sweling", "swellin", "swelln"},
		"stitches":     {"stiches", "stitchs", "stitchess", "stichs"},
		"breathing":    {"breating", "breathng", "breahting", "brething", "breething", "breathign", "breathinh"},
		"bleeding":     {"bleading", "bleeing", "bledding", "bleedin", "bleding"},
		"wheezing":     {"weezing", "wheesing", "wheezin", "weezin"},
		"wheezy":       {"weezy", "wheezey", "wheazy"},
		"lethargic":    {"lethargick", "lethagic", "letharic", "lethargyc", "lethardgic"},
		"floppy":       {"flopy", "floppie"},
		"jaundice":     {"jaundise", "jandice", "jaundis", "jondice", "jaundace"},
		"infection":    {"infecton", "infektion", "infeciton", "infction", "infecion"},
		"medicine":     {"medecine", "medicen", "medcine", "medisin"},
		"paracetamol":  {"paracetemol", "paracetamool", "paracitamol", "paracetmol", "parcetamol", "paracetamolo"},
		"antibiotic":   {"anitbiotic", "antibiotc", "antibotics", "antibiotik"},
		"antibiotics":  {"anitbiotics", "antibiotcs"},
		"vaccine":      {"vacine", "vaccene", "vacinne", "vaxine"},
		"vaccines":     {"vacines", "vaccenes"},
		"vaccination":  {"vacination", "vaccinaton", "vacinnation"},
		"vaccinations": {"vacinations"},
		"injection":    {"injecton", "injektion"},
		"stomach":      {"stomache", "stomac", "stumach"},
		"headache":     {"headach", "hedache", "headake"},
		"dehydrated":   {"dehidrated", "dehydratd", "dehyrated"},
		"constipated":  {"constipaited", "constapated", "constipted", "consipated"},
		"choking":      {"chocking", "choaking", "chokin"},
		"choked":       {"chocked", "choaked"},
		"nappies":      {"nappys", "nappis"},
		"diaper":       {"diapper"},
		"diapers":      {"diappers"},
		"bottle":       {"botle", "bottel"},
		"bottles":      {"botles", "bottels"},
		"really":       {"realy", "rly", "reeally"},
		"a lot":        {"alot"},
		"baby":         {"bby", "babby", "babie", "bairn", "babba", "bubba"},
		"doesnt":       {"dosnt", "dosent", "doesnot", "doesent"},
		"hasnt":        {"hasent", "hasnot", "hasnet"},
		"havent":       {"havnt", "havet", "havenot"},
		"wont":         {"wount", "willnot"},
		"refused":      {"refusd", "refussed", "refued"},
		"weepy":        {"weepey"},
		"feeding":      {"feedin", "feding"},
		"eating":       {"eatin"},
		"drinking":     {"drinkin"},
		"coughing":     {"coffing", "coughin"},
		"crying":       {"cryin", "crieing", "greetin"},
		"screaming":    {"screamin"},
		"shaking":      {"shakin"},
		"sleeping":     {"sleepin"},
		"waking":       {"wakin"},
		"temperature":  {"temprature", "temperture", "tempreture", "tempature", "temparature", "temperatur"},
		"fever":        {"fevr", "feaver", "fevor", "fver", "fevre", "fiebre", "febbre"},
		"unresponsive": {"unresponsiv", "unrespnsive", "unresponive"},
		"seizure":      {"siezure", "seisure", "sezure", "seizur"},
		"diarrhoea":    {"diarea", "diarrea", "diarhea", "diarreah", "diahrrea", "diorrhea", "diarhoea"},
		"vomiting":     {"vomitting", "vommiting", "vomitin", "vomting", "boking", "boaking"},
		"vomited":      {"vomitted", "vommited", "vomitd", "boked", "boaked", "sicked"},
		"vomit":        {"boke", "boak"},
		// "Owt" and "nowt" as a Yorkshire voice says them: "can't keep
		// owt down". ("Sicked up" is read with "vomited" above; "sicky" is
		// as often the muslins as the baby.)
		"anything": {"owt"},
		"nothing":  {"nowt"},
		"rash":     {"rashe"},
		"bruise":   {"bruse", "brusie"},
		"blister":  {"blistr", "bilster"},
		// A parent writing in a second language reaches for her first
		// language's word for the thing a professional would name.
		"c section": {"cesarea", "cesareo", "cesarian", "caesarian", "ceasarean", "caeserean", "cesarean"},
		"ibuprofen": {"ibuprofeno", "ibuprofene"},
		// Shorthand of the words around a sign ("v flat", "worried abt
		// her"): the rules read the whole words.
		"very":  {"v"},
		"about": {"abt"},
	} {
		for _, f := range forms {
			m[f] = canon
		}
	}
	return m
}()

// ingWords are the words in -ing that the rules read, and that a voice
// dropping its g's writes in -in ("latch is killin me", "she's droppin
// weight", "starin n not interested in anythin"): droppedG reads them
// whole. Only these: "cousin", "skin" or "vitamin" are words of their own.
var ingWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"killing", "getting", "dropping", "staring", "thinking", "something", "anything",
		"nothing", "breathing", "burning", "boiling", "struggling", "gasping", "grunting", "moaning", "whimpering",
		"twitching", "jerking", "shivering", "sweating", "itching", "scratching", "straining", "pulling", "tugging",
		"rubbing", "arching", "fussing", "latching", "sucking", "spitting", "throwing", "bringing", "keeping",
		"hurting", "aching", "leaking", "oozing", "weeping", "spreading", "peeing", "pooing", "weeing", "puking",
		"sicking", "boaking", "gagging", "retching", "going", "feeling", "taking", "refusing", "losing", "gaining",
		"moving", "responding", "waking", "sleeping", "feeding", "eating", "drinking", "crying", "screaming",
		"shaking", "coughing", "choking", "wheezing", "bleeding", "swelling", "vomiting", "happening", "worrying"} {
		m[w] = true
	}
	return m
}()

// droppedG is w read with its g when w is one of ingWords without it, or
// a misspelling (healthSpellings) that is: "boakin" is "boaking", read
// as "vomiting".
func droppedG(w string) (string, bool) {
	if len(w) < 5 || !strings.HasSuffix(w, "in") {
		return "", false
	}
	ing := w + "g"
	if canon, ok := healthSpellings[ing]; ok {
		return canon, true
	}
	return ing, ingWords[ing]
}

// fellOfRe is "fell of the bed": "of" typed for "off" after a fall.
var fellOfRe = guard(`\b(fell|falls|fallen|fall|falling|rolled|rolling|slipped|slid|tumbled|toppled)\s+of\s+(the|her|his|my|a|our|their|its)\b`)

// learnerVerbs are the past forms of the verbs a sign is told in. A parent
// writing in a second language, or in a hurry, leaves them bare ("he fall
// from the car seat", "she swallow water and cough a lot", "my sister drop
// her in the bath"); the rules read the past.
var learnerVerbs = map[string]string{
	"fall": "fell", "roll": "rolled", "swallow": "swallowed", "drop": "dropped", "choke": "choked", "vomit": "vomited",
	"cough": "coughed", "bump": "bumped", "bang": "banged", "cry": "cried", "eat": "ate", "drink": "drank", "land": "landed",
	"jump": "jumped", "trip": "tripped", "slip": "slipped", "faint": "fainted", "bleed": "bled", "refuse": "refused",
	"puke": "puked", "twitch": "twitched", "open": "opened", "split": "split", "leak": "leaked",
}

// learnerVerbRe is one of learnerVerbs left bare after who did it (a
// pronoun, the baby, a wound that opens), or "and" after one, or dropped
// with the baby as its object.
var learnerVerbRe = guard(`\b((?:baby|bub|cut|he|incision|it|lo|scar|section|she|stitches|they|wound)\s+(?:also\s+|just\s+|then\s+|suddenly\s+|again\s+)?)` +
	`(fall|roll|swallow|choke|vomit|cough|bump|bang|cry|eat|drink|land|jump|trip|slip|faint|bleed|refuse|puke|twitch|open|split|leak)\b` +
	`|\b(and\s+)(fall|roll|swallow|choke|vomit|cough|bump|bang|land|faint|bleed|puke)\b` +
	`|\b()(drop|bump|bang)(\s+(?:baby|bub|her|him|lo|the baby)\b)`)

// respellVerbs gives learnerVerbRe's bare verbs their past form.
func respellVerbs(s string) string {
	if !learnerVerbRe.may(s) {
		return s
	}
	return learnerVerbRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := learnerVerbRe.FindStringSubmatch(m)
		for i := 1; i+1 < len(sub); i += 2 {
			if sub[i+1] != "" {
				rest := ""
				if i == 5 {
					rest = sub[7]
				}
				return sub[i] + learnerVerbs[sub[i+1]] + rest
			}
		}
		return m
	})
}

// laughRe is a laugh as other voices type it ("jajaja", "hehe", "lool",
// "kkkk"): read as "lol", which the figures of speech read.
var laughRe = guard(`\b(?:j[aeo]j[aeo](?:j[aeo])*j?|h[ae]h[ae](?:h[ae])*h?|lo{2,}l|lolz|k{4,}|lmf?ao+)\b`)

// healthEmoji are emoji that name a sign or a medicine, as a writer who
// types them for words does ("🤒 since lunch"). Those that as often say
// disgust (🤮 at a nappy) or the weather (🥶) are not among them.
var healthEmoji = strings.NewReplacer("🤒", " fever ", "🤕", " head injury ", "🌡️", " temp ", "🌡", " temp ", "💊", " medicine ",
	"🚑", " ambulance ")

// shorthandRe is "w/" and "w/o" for with and without.
var shorthandRe = guard(`(?:^|\s)w/o?(?:\s|$)`)

// respellHealth replaces whole words of s found in healthSpellings,
// "fell of" by "fell off", shorthand ("w/") and bare verbs (learnerVerbs).
func respellHealth(s string) string {
	if shorthandRe.may(s) {
		s = shorthandRe.ReplaceAllStringFunc(s, func(m string) string {
			w := " with "
			if strings.Contains(m, "w/o") {
				w = " without "
			}
			return w
		})
	}

	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isWord(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isWord(s[j]) {
			j++
		}
		if canon, ok := healthSpellings[s[i:j]]; ok {
			b.WriteString(s[last:i])
			b.WriteString(canon)
			last = j
		} else if ing, ok := droppedG(s[i:j]); ok {
			b.WriteString(s[last:i])
			b.WriteString(ing)
			last = j
		} else if w, ok := slipOf(s[i:j]); ok && !sacredHeart(s, i, j) {
			b.WriteString(s[last:i])
			b.WriteString(w)
			last = j
		}
		i = j
	}
	if last > 0 {
		b.WriteString(s[last:])
		s = b.String()
	}
	s = respellVerbs(s)
	if strings.ContainsAny(s, "🤒🤕🌡💊🚑") {
		s = healthEmoji.Replace(s)
	}
	if laughRe.may(s) {
		s = laughRe.ReplaceAllString(s, "lol")
	}
	if fellOfRe.may(s) {
		s = fellOfRe.ReplaceAllString(s, "$1 off $2")
	}
	if spokenTempRe.may(s) {
		s = spokenTempRe.ReplaceAllStringFunc(s, func(m string) string {
			f := strings.Fields(m)
			if f[1] == "point" {
				return f[0] + "." + f[2]
			}
			return strings.TrimSuffix(strings.TrimSuffix(f[0], ".0"), ",0") + ".0"
		})
	}
	return s
}

// spokenTempRe is a temperature said as it is read aloud, "38 point 2",
// "38 on the dot", "38 dead on", "102 rectal", "101 point 5": written with its decimals, so the
// readings of a fever read it as the figure it is.
var spokenTempRe = guard(`\b(?:3[5-9]|4[0-2]|9[5-9]|10[0-6])\s+point\s+\d\b|\b(?:3[5-9]|4[0-2]|9[5-9]|10[0-6])(?:[.,]0)?\s+(?:on\s+the\s+dot|dead on|rectal)\b`)

// slipWords are the words the health rules read that a thumb in a hurry
// mistypes by one slip: two letters swapped ("breahts", "headahce",
// "slepey", "sahky", "nmub") or one letter left out inside the word
// ("slepy", "anxous", "thermomter", "kocked"). slipOf reads such a word
// as the one meant, so no rule need list each slip (healthSpellings holds
// the misspellings that are not one slip). Words that a slip of them
// makes into another word ("tired" and "tried", "lips" and "lisp") are
// not among them, and slipReal are real words one slip from one of them.
// Someone outside the family mistyped ("nieghbour", "couin") is read as
// them too.
// Sorted by length, then by word, for slipOf's binary search.
var slipWords = func() []string {
	ws := []string{"anxious", "barely", "bleeding", "blood", "bloody", "blotchy", "blue", "chest", "bottle", "breast", "breath",
		"breathe", "breathing", "breaths", "bruise", "bruised", "burnt", "burned", "choked", "choking", "coughing",
		"crying", "dehydrated", "diaper", "diapers", "diarrhea", "diarrhoea", "dizzy", "exhausted", "fainted",
		"feeding", "fever", "feverish", "floppy", "formula", "headache", "hurting", "infected", "infection",
		"jaundice", "knocked", "latch", "latching", "lethargic", "medicine", "nappies", "nappy", "nappys", "numb",
		"panic", "pain", "pale", "rash", "scared", "screaming", "seizure", "shaking", "shaky", "sleeping",
		"sleepier", "sleepy", "still", "stitches", "swallowed", "swollen", "temperature", "thermometer", "twitches",
		"twitching", "twitchy", "under", "vomit", "vomited", "vomiting", "want", "wheezing", "wheezy", "wont", "yellow",
		// Who the note is about: someone outside the family.
		"babysitter", "colleague", "cousin", "grandma", "grandpa", "neighbor", "neighbour", "sister"}
	slices.SortFunc(ws, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return ws
}()

// slipReal are words that are one slip from one of slipWords and words
// in their own right ("coked" is not "choked", a "sleeper" is a
// garment). "Friend" is not in slipWords: "fried" is one slip from it.
// "Coking" is coal or a plant's work, not "choking"; "sacred" before
// "heart" is a church or a school, not "scared" (slipOf's caller).
var slipReal = []string{"beast", "bleu", "brunt", "coked", "coking", "seeping", "selling", "sleeper"}

// slipOf is the word of slipWords that w is one slip from, if any; a word
// of slipWords, a short word, or one of slipReal is read as it is.
func slipOf(w string) (string, bool) {
	if len(w) < 4 || len(w) > 12 || slices.Contains(slipReal, w) {
		return "", false
	}
	for _, n := range []int{len(w), len(w) + 1} {
		if n == len(w)+1 && len(w) < 5 {
			break
		}
		lo, _ := slices.BinarySearchFunc(slipWords, n, func(a string, n int) int { return len(a) - n })
		for k := lo; k < len(slipWords) && len(slipWords[k]) == n; k++ {
			c := slipWords[k]
			if c == w {
				return "", false
			}
			if n == len(w) && swapped(w, c) || n > len(w) && leftOut(w, c) {
				return c, true
			}
		}
	}
	return "", false
}

// swapped: w is c with two neighbouring letters swapped.
func swapped(w, c string) bool {
	i := 0
	for i < len(w) && w[i] == c[i] {
		i++
	}
	return i+1 < len(w) && w[i] == c[i+1] && w[i+1] == c[i] && w[i+2:] == c[i+2:]
}

// leftOut: w is c with one letter inside it, not its first or last, left
// out.
func leftOut(w, c string) bool {
	i := 0
	for i < len(w) && w[i] == c[i] {
		i++
	}
	return i > 0 && i < len(w) && w[i:] == c[i+1:]
}

// sacredHeart: s[i:j] is "sacred" before "heart" ("sacred heart fete on
// saturday"), a name, not "scared".
func sacredHeart(s string, i, j int) bool {
	next, _ := nextWord(s, j)
	return s[i:j] == "sacred" && next == "heart"
}
