package normalize

// This file: health words of the other languages parents mix into their
// English (Spanish, Tagalog, French), glossed in English so the health rules read
// them as they read English. Only a small lexicon of signs, the body and
// care, not a translator: a note wholly in another language is still not
// read (docs/using.md says which words are).

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// langGloss maps a word, or a phrase of two or three words, of another
// language to the English the rules read. A word that is also an English
// word or a name ("nana", "di", "ella") is not in it.
var langGloss = map[string]string{
	// Spanish.
	"calentura": "fever", "fiebre": "fever", "tos": "cough", "mocos": "snot", "respira": "breathing",
	"respiración": "breathing", "respiracion": "breathing", "vomita": "vomits", "vomitó": "vomited",
	"vomito": "vomit", "vómito": "vomit", "vomitando": "vomiting", "diarrea": "diarrhea", "sangre": "blood",
	"pañal": "diaper", "pañales": "diapers", "seco": "dry", "pipí": "pee", "pipi": "pee", "orina": "urine",
	"manchitas": "spots", "manchas": "spots", "ronchas": "bumps", "sarpullido": "rash", "rojas": "red",
	"rojo": "red", "roja": "red", "inyección": "injection", "inyeccion": "injection", "vacuna": "vaccine",
	"vacunas": "vaccines", "moretón": "bruise", "moreton": "bruise", "chichón": "bump", "chichon": "bump",
	"se cayó": "fell", "se cayo": "fell", "floja": "floppy", "flojo": "floppy", "desguanzada": "floppy",
	"desguanzado": "floppy", "no responde": "not responding", "no se mueve": "not moving", "dolor": "pain",
	"dolor de cabeza": "headache", "puntos": "stitches", "hinchado": "swollen", "hinchada": "swollen",
	"quemadura": "burn", "medicina": "medicine", "amoxicilina": "amoxicillin", "no quiere comer": "refuses to eat",
	"no come": "not eating", "tristeza": "low mood", "triste": "low mood", "desconectada": "disconnected",
	"desconectado": "disconnected", "llorando": "crying", "biberón": "bottle", "biberon": "bottle",
	"pecho": "chest", "cabeza": "head", "frente": "forehead", "muslo": "thigh", "ojos": "eyes", "oído": "ear",
	"oido": "ear", "garganta": "throat", "barriga": "tummy", "panza": "tummy", "estómago": "stomach",
	"estomago": "stomach", "piel": "skin", "boca": "mouth",
	// Tagalog.
	"lagnat": "fever", "nilalagnat": "fever", "sinat": "fever", "nilalamig": "chills", "ubo": "cough",
	"inuubo": "cough", "plema": "phlegm", "sipon": "snot", "hinga": "breathing", "huminga": "breathing",
	"paghinga": "breathing", "hingal": "panting", "hirap": "struggling", "suka": "vomit", "nagsusuka": "vomiting",
	"sumuka": "vomited", "hilik": "snoring", "dede": "feed", "kumakain": "eating", "walang gana": "no appetite",
	"tuyo": "dry", "ihi": "pee", "umiihi": "peeing", "dugo": "blood", "dilaw": "yellow", "pula": "red",
	"namumula": "red", "maputla": "pale", "matamlay": "lethargic", "pigsa": "boil", "namamaga": "swollen",
	"mainit": "hot", "bakuna": "vaccine", "nahulog": "fell", "bukol": "lump", "nalunok": "swallowed",
	"nakalunok": "swallowed", "sugat": "cut", "nasugatan": "cut", "nakagat": "bitten", "nauntog": "bumped",
	"tahi": "stitches", "masakit": "sore", "sakit": "pain", "gamot": "medicine", "lungkot": "low mood",
	"malungkot": "low mood", "iyak": "crying", "umiiyak": "crying", "buong araw": "all day",
	"buong gabi": "all night", "di ko na kaya": "i cant cope", "hindi ko na kaya": "i cant cope",
	"matigas": "hard", "mata": "eyes", "balat": "skin", "tiyan": "tummy", "ulo": "head", "noo": "forehead",
	"dibdib": "chest", "binti": "leg", "braso": "arm", "daliri": "finger", "ilong": "nose", "mukha": "face",
	"anit": "scalp", "pwet": "bottom",
	// French, as a Québécois parent mixes it in. Not "sang", "gorge",
	// "main", "pied", "front", "bras" or "plaques": English words too.
	"fièvre": "fever", "fievre": "fever", "fiévre": "fever", "frissons": "chills", "toux": "cough",
	"rhume": "cold", "respire": "breathing", "étouffe": "choking", "vomi": "vomited", "diarrhée": "diarrhea",
	"tétée": "feed", "tétées": "feeds", "tetee": "feed", "boire": "drink", "couche": "diaper",
	"couches": "diapers", "couche mouillée": "wet diaper", "couche mouillee": "wet diaper",
	"couches mouillées": "wet diapers", "mouillée": "wet", "mouillé": "wet", "pas de": "no", "selles": "stool",
	"constipé": "constipated", "constipée": "constipated", "rougeurs": "redness", "rougeur": "redness",
	"boutons": "spots", "enflé": "swollen", "enflée": "swollen", "saigne": "bleeding", "brûlure": "burn",
	"bosse": "bump", "est tombé": "fell", "est tombée": "fell", "piqûre": "shot", "piqûres": "shots",
	"piqure": "shot", "piqures": "shots", "vaccin": "vaccine", "vaccins": "vaccines", "mou": "floppy",
	"molle": "floppy", "tonus": "tone", "pleure": "crying", "pleurs": "crying", "médicament": "medicine",
	"médicaments": "medicine", "mal de tête": "headache", "mal au ventre": "tummy ache", "sein": "breast",
	"seins": "breasts", "ventre": "tummy", "tête": "head", "yeux": "eyes", "oreille": "ear", "oreilles": "ears",
	"peau": "skin", "bouche": "mouth", "nez": "nose", "jambe": "leg", "doigt": "finger", "visage": "face",
}

// langContext: the glosses are read only in a note that names the baby, a
// person of the family or the body, in English or in the language ("si
// baby", "niya", "la bebé", "la nena"): a foreign word alone is too little
// to go on.
var langContext = indexPlain([]string{"bebé", "bebe", "nena", "nene", "niño", "niña", "hijo", "hija", "esposa",
	"esposo", "siya", "niya", "ako", "anak", "bunso", "bébé", "fille", "fils", "conjointe", "conjoint", "he", "she", "him",
	"her", "hes", "shes", "his"})

// langHeads are the first words of langGloss's phrases, so most words
// cost one lookup; langMaxWords is its longest phrase, in langWords'
// words, counted here so a longer gloss added to the list is read whole.
var langHeads, langMaxWords = func() (map[string]bool, int) {
	m, most := map[string]bool{}, 1
	for k := range langGloss {
		if i := strings.IndexByte(k, ' '); i > 0 {
			m[k[:i]] = true
		}
		most = max(most, len(langWords(k)))
	}
	return m, most
}()

// glossLanguages replaces the words of langGloss in t by their English,
// when t names the baby, the family or the body.
func glossLanguages(t string) string {
	if !langHit(t) {
		return t
	}
	words := langWords(t)
	var b strings.Builder
	last, found := 0, false
	for i := 0; i < len(words); i++ {
		top := 1
		if langHeads[t[words[i][0]:words[i][1]]] {
			top = min(langMaxWords, len(words)-i)
		}
		for n := top; n >= 1; n-- {
			phrase := t[words[i][0]:words[i+n-1][1]]
			if n > 1 {
				if strings.ContainsAny(phrase, ",.;!?:\n") {
					continue
				}
				phrase = strings.Join(strings.Fields(phrase), " ")
			}
			g, ok := langGloss[phrase]
			if !ok {
				continue
			}
			if !found {
				if !langContext.in(t) && !childWords.in(t) && !familyWords.in(t) && !bodyWords.in(t) && !langBody(words, t) {
					return t
				}
				found = true
			}
			b.WriteString(t[last:words[i][0]])
			b.WriteString(g)
			last = words[i+n-1][1]
			i += n - 1
			break
		}
	}
	if !found {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

// langBodyWords are the glosses that name the body.
var langBodyWords = map[string]bool{"chest": true, "head": true, "forehead": true, "thigh": true, "eyes": true, "ears": true, "breast": true, "breasts": true,
	"ear": true, "throat": true, "tummy": true, "stomach": true, "skin": true, "mouth": true, "leg": true, "arm": true,
	"finger": true, "nose": true, "face": true, "scalp": true, "bottom": true}

func langBody(words [][2]int, t string) bool {
	for _, w := range words {
		if langBodyWords[langGloss[t[w[0]:w[1]]]] {
			return true
		}
	}
	return false
}

// langWords are the [start, end) spans of t's words: letters, with any
// accent.
func langWords(t string) [][2]int {
	var out [][2]int
	eachLangWord(t, func(start, end int) bool {
		out = append(out, [2]int{start, end})
		return true
	})
	return out
}

// langHit reports whether a word of t is a gloss or the first word of
// one: every gloss starts at such a word, so a note without one (nearly
// every note) is left as it is before its word spans are built.
func langHit(t string) bool {
	hit := false
	eachLangWord(t, func(start, end int) bool {
		w := t[start:end]
		hit = langHeads[w]
		if !hit {
			_, hit = langGloss[w]
		}
		return !hit
	})
	return hit
}

// eachLangWord calls f with the [start, end) span of each of t's words,
// as langWords has them, until f returns false.
func eachLangWord(t string, f func(start, end int) bool) {
	start := -1
	for i := 0; i < len(t); {
		r, size := utf8.DecodeRuneInString(t[i:])
		letter := unicode.IsLetter(r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			if !f(start, i) {
				return
			}
			start = -1
		}
		i += size
	}
	if start >= 0 {
		f(start, len(t))
	}
}
