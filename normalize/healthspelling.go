package normalize

// This file: the misspellings of health words that thumbs type at 3 a.m.
// ("swolen", "stiches", "chocking", "breathin", "fell of the bed"),
// mapped to the words the health rules read, so each rule need not list
// them. Only the text the health rules read changes.

import "strings"

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
		"paracetamol":  {"paracetemol", "paracetamool", "paracitamol", "paracetmol", "parcetamol"},
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
		"baby":         {"bby", "babby", "babie"},
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
		"crying":       {"cryin", "crieing"},
		"screaming":    {"screamin"},
		"shaking":      {"shakin"},
		"sleeping":     {"sleepin"},
		"waking":       {"wakin"},
		"temperature":  {"temprature", "temperture", "tempreture", "tempature", "temparature", "temperatur"},
		"fever":        {"fevr", "feaver", "fevor", "fver", "fevre"},
		"unresponsive": {"unresponsiv", "unrespnsive", "unresponive"},
		"seizure":      {"siezure", "seisure", "sezure", "seizur"},
		"diarrhoea":    {"diarea", "diarrea", "diarhea", "diarreah", "diahrrea", "diorrhea", "diarhoea"},
		"vomiting":     {"vomitting", "vommiting", "vomitin", "vomting"},
		"vomited":      {"vomitted", "vommited", "vomitd"},
		"rash":         {"rashe"},
		"bruise":       {"bruse", "brusie"},
		"blister":      {"blistr", "bilster"},
	} {
		for _, f := range forms {
			m[f] = canon
		}
	}
	return m
}()

// fellOfRe is "fell of the bed": "of" typed for "off" after a fall.
var fellOfRe = guard(`\b(fell|falls|fallen|fall|falling|rolled|rolling|slipped|slid|tumbled|toppled)\s+of\s+(the|her|his|my|a|our|their|its)\b`)

// respellHealth replaces whole words of s found in healthSpellings and
// "fell of" by "fell off".
func respellHealth(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isWordByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if canon, ok := healthSpellings[s[i:j]]; ok {
			b.WriteString(s[last:i])
			b.WriteString(canon)
			last = j
		}
		i = j
	}
	if last > 0 {
		b.WriteString(s[last:])
		s = b.String()
	}
	if fellOfRe.may(s) {
		s = fellOfRe.ReplaceAllString(s, "$1 off $2")
	}
	return s
}
