package normalize

// This file: chores written as statements rather than orders, which are
// tasks all the same: a passive need ("baby's nails need trimming", "car
// seat is due for a wash", "stroller needs a new wheel"), a household chore
// with its day or time ("trash goes out tonight", "recycling day is
// thursday"), an order after a statement ("bottle brush broke, get a new
// one") and a request ("someone should clean the fridge", "can you grab
// wipes"). Logs of a chore done ("nails trimmed, finally", "trash went
// out") stay notes, and so does a chore's shape said of a body ("stitches
// need checking").

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// choreLeadVerbList are chores' verbs that errandVerbs lacks, read where a
// clause begins ("trim her nails") and as orders (laterVerbs).
var choreLeadVerbList = []string{
	"trim", "cut", "clip", "mop", "sweep", "scrub", "hoover", "descale", "defrost", "repair",
	"declutter", "disinfect", "sanitize", "sanitise", "put out", "put away", "put up",
	"put together", "take out", "wipe down", "unload", "mend", "swap", "wash out", "clean out",
	"clear out",
}

// laterVerbs begin an order after a statement or a request: the errands'
// and the chores' verbs, less notLaterVerbs, with "sign up" and "sort out"
// for the "sign" and "sort" left out.
var laterVerbs = indexPhrases(slices.Concat(
	slices.DeleteFunc(slices.Clone(errandVerbList), func(v string) bool { return slices.Contains(notLaterVerbs, v) }),
	[]string{"sign up", "sort out"}, choreLeadVerbList))

// notLaterVerbs are errands' verbs not read as an order after a
// statement: a log's or a phrase's as well ("fed at 2, change at 5",
// "great nap, sort of", "i'll take the 2am feed"), or never read there
// (reading one there is a tuning round's choice: it moves readings).
var notLaterVerbs = []string{
	"apply", "change", "complete", "cook", "file", "fill in", "find", "finish", "label", "mail", "make",
	"message", "organise", "organize", "post", "print", "review", "ring", "ship", "sign", "sort", "submit",
	"take", "update", "write",
}

var choreLeadVerbs = indexPhrases(choreLeadVerbList)

// Verbs that are also a noun or an adjective: "clean clothes", "empty
// bottles", "text came", "phone charger" and "return label" are no order,
// so determinerVerbs need an object's first word after them ("clean the",
// "empty it"); noBareVerbs need a word after them ("bath, boob, book, bed",
// "5 pack").
var (
	determinerVerbs = map[string]bool{
		"clean": true, "empty": true, "wash": true, "fold": true, "text": true, "phone": true, "return": true,
	}
	noBareVerbs = map[string]bool{"book": true, "pack": true}
	determiners = map[string]bool{
		"the": true, "a": true, "an": true, "it": true, "them": true, "her": true, "him": true, "his": true,
		"my": true, "our": true, "your": true, "their": true, "this": true, "that": true, "these": true,
		"those": true, "up": true, "out": true, "off": true, "down": true, "some": true, "all": true,
		"both": true, "everything": true, "back": true,
	}
)

// orderAt reports whether p opens with an order's verb (laterVerbs). A
// verb on its own is an order only at the end of its clause ("baby gate
// broke, fix"); in a list it is a noun.
func orderAt(p string, last bool) bool {
	n := laterVerbs.matchLen(p, 0)
	if n == 0 || notOrders.at(p, 0) {
		return false
	}
	verb := p[:n]
	next, _, _ := strings.Cut(strings.TrimLeft(p[n:], " "), " ")
	next = strings.TrimRight(next, ".,!?")
	switch {
	case next == "":
		return last && !determinerVerbs[verb] && !noBareVerbs[verb]
	case determinerVerbs[verb]:
		return determiners[next]
	}
	return true
}

// notOrders begin with an order's verb but ask nothing ("get some rest").
var notOrders = indexPhrases([]string{
	"get up", "get some sleep", "get some rest", "get to sleep", "get back to sleep",
	"get her down", "get him down", "get them down", "get it", "get why", "get how",
	"call it a", "check out this", "set up for", "put up with", "call from", "email from",
	"order arrived", "order came", "order is", "order was", "order has",
})

// Request leads: who is asked and how, before the verb ("someone pls",
// "we should really", "can you"); at least one modal is needed, so "we
// pack" or "i check" stays a statement.
var (
	requestSubjects = map[string]bool{
		"someone": true, "somebody": true, "we": true, "i": true, "u": true, "you": true, "hubby": true,
		"babe": true, "dad": true, "mum": true, "mom": true, "partner": true,
	}
	requestModals = map[string]bool{
		"should": true, "shld": true, "shud": true, "must": true, "better": true, "can": true, "could": true,
		"would": true, "pls": true, "plz": true, "please": true, "gotta": true, "let's": true, "lets": true,
	}
	requestAdverbs = map[string]bool{
		"really": true, "probably": true, "prob": true, "def": true, "definitely": true, "actually": true,
		"maybe": true, "just": true, "also": true, "still": true, "seriously": true, "ok": true,
		"so": true, "then": true,
	}
)

// afterRequest is what follows a request's lead ("someone should clean the
// fridge" → "clean the fridge"), or "" when p does not open with one.
func afterRequest(p string) string {
	if rest, ok := strings.CutPrefix(p, "time to "); ok {
		return rest
	}
	modal := false
	rest := p
	for k := 0; k < 5; k++ {
		w, after, _ := strings.Cut(rest, " ")
		switch {
		case requestModals[w]:
			modal = true
		case requestSubjects[w], requestAdverbs[w]:
		default:
			if modal {
				return rest
			}
			return ""
		}
		rest = after
	}
	return ""
}

// A passive need: a lead ("need(s)", "due for", "could use"), a few words
// that qualify ("a good", "another"), then the chore: a verb's -ing or
// past participle ("needs trimming", "needs washed") or a chore's noun ("a
// wash"). "a new", "a replacement" or "a spare" of anything is shopping.
var (
	needLeads = indexPhrases([]string{
		"need", "needs", "neeed", "neeeds", "neds", "needz", "needing", "due for", "overdue for",
		"could use", "could do with", "in need of",
	})
	needSkip = map[string]bool{
		"a": true, "an": true, "another": true, "some": true, "good": true, "proper": true, "quick": true,
		"deep": true, "big": true, "real": true, "thorough": true, "little": true, "bit": true, "of": true,
		"serious": true,
	}
	needShop = map[string]bool{"new": true, "replacement": true, "spare": true}
	// needNot before a lead denies the need ("bottles dont need
	// sterilising"): the word just before it, not any of stillAsks'
	// denials and doubts anywhere in the part ("not sure it needs
	// washing" is a need).
	needNot = map[string]bool{
		"don't": true, "dont": true, "doesn't": true, "doesnt": true, "not": true, "no": true,
		"never": true, "didn't": true, "didnt": true, "won't": true, "wont": true,
	}
	// choreObjects are what a passive need asks done.
	choreObjects = indexPhrases(append(choreForms(append(append([]string{
		"do", "water", "walk", "iron", "look at", "see to", "air out", "hang up", "tidy up", "rinse",
		"soak", "dry", "bathe", "oil", "paint", "seal", "brush", "shampoo", "service", "dust",
	}, errandVerbList...), choreLeadVerbList...)),
		"wash", "clean", "trim", "bath", "scrub", "wipe", "wipe down", "wipe-down", "tidy", "hoover",
		"service", "tune-up", "tuneup", "tune up", "oil change", "haircut", "hair cut", "change",
		"charge", "recharge", "refill", "repair", "fix", "declutter", "sort out", "clear out",
		"clear-out", "polish", "mow", "dust", "rinse", "soak", "top up", "top-up", "spring clean",
		"deep clean", "nail trim", "vacuum", "mop",
	))
)

// needsDoing reports whether p holds a passive need.
func needsDoing(p string) bool { return needIn(p, false) }

// needsShopping reports whether p's passive need is a thing to buy
// ("needs a new wheel"), which "ordered" or "bought" says is done.
func needsShopping(p string) bool { return needIn(p, true) }

func needIn(p string, shopping bool) bool {
	for i := 0; i+2 <= len(p); i++ {
		if isWord(p[i]) && (i == 0 || !isWord(p[i-1])) {
			if ok, shop := needAt(p, i); ok && (shop || !shopping) {
				return true
			}
		}
	}
	return false
}

var boughtWords = indexPhrases([]string{"ordered", "bought", "got one", "got a new", "arrived", "on its way"})

// needMet: need's passive need is a thing to buy and bought says it is
// bought ("needs new valves, already ordered them"), so it asks nothing.
// isChore reads a part's need against its whole clause; withoutLogs
// keeps a bought part that meets its clause's need, for isChore to read.
func needMet(need, bought string) bool { return needsShopping(need) && boughtWords.in(bought) }

// needAt reports whether a passive need begins at p[i:], and whether it
// is shopping.
func needAt(p string, i int) (ok, shop bool) {
	n := needLeads.matchLen(p, i)
	if n == 0 || needNot[prevWord(p, i)] {
		return false, false
	}
	rest := strings.TrimLeft(p[i+n:], " ")
	for {
		w, after, _ := strings.Cut(rest, " ")
		if needShop[w] {
			shop = true
		} else if !needSkip[w] {
			break
		}
		rest = after
	}
	if shop && rest != "" && isWord(rest[0]) {
		return true, true
	}
	return choreObjects.at(rest, 0), false
}

// Verbs that double their last letter ("trim" → "trimming") and past
// participles that are not the -ed form.
var (
	doubling  = map[string]bool{"cut": true, "put": true, "get": true, "set": true, "trim": true, "clip": true, "mop": true, "scrub": true, "strip": true, "swap": true, "ship": true, "prep": true, "drop": true, "plan": true, "shop": true}
	irregular = map[string]string{"cut": "cut", "put": "put", "shut": "shut", "get": "gotten", "set": "set", "take": "taken", "do": "done", "buy": "bought", "make": "made", "send": "sent", "pay": "paid", "bring": "brought", "find": "found", "write": "written", "sweep": "swept", "hang": "hung", "ring": "rung", "see": "seen"}
)

// choreForms are the -ing forms and past participles of verbs ("pick up" →
// "picking up", "picked up"), with the undoubled -ing thumbs type
// ("triming").
func choreForms(verbs []string) []string {
	var out []string
	for _, v := range verbs {
		ing, ed := verbForms(v)
		out = append(append(out, ing...), ed...)
	}
	return out
}

// verbForms are v's -ing forms and its past participle.
func verbForms(v string) (ing, ed []string) {
	head, tail, _ := strings.Cut(v, " ")
	if tail != "" {
		tail = " " + tail
	}
	last := head[len(head)-1:]
	switch {
	case doubling[head]:
		ing = []string{head + last + "ing", head + "ing"}
		ed = []string{head + last + "ed"}
	case strings.HasSuffix(head, "ie"):
		ing = []string{head[:len(head)-2] + "ying"}
	case strings.HasSuffix(head, "e") && !strings.HasSuffix(head, "ee"):
		ing = []string{head[:len(head)-1] + "ing"}
		ed = []string{head + "d"}
	case strings.HasSuffix(head, "y") && len(head) > 2 && !strings.ContainsAny(head[len(head)-2:len(head)-1], "aeiou"):
		ing = []string{head + "ing"}
		ed = []string{head[:len(head)-1] + "ied"}
	default:
		ing = []string{head + "ing"}
		ed = []string{head + "ed"}
	}
	if p, ok := irregular[head]; ok {
		ed = []string{p}
	}
	for i := range ing {
		ing[i] += tail
	}
	for i := range ed {
		ed[i] += tail
	}
	return ing, ed
}

// Household chores that fall on a day: the bins ("bin day", "trash goes
// out tonight"). A chore noun with a time phrase of today or later is a
// chore for then ("nail trim tonight"); one with its day word needs none
// ("bin day"). Said as done ("trash went out", "took the recycling out"),
// it is a log (logged.go).
var (
	choreNounList = []string{
		"trash", "garbage", "rubbish", "bins", "bin", "wheelie bin", "recycling", "recyling",
		"recylcing", "recycle", "compost", "yard waste", "green waste", "nail trim", "oil change",
		"car wash",
	}
	choreNouns = indexPhrases(choreNounList)
	choreDayRe = regexp.MustCompile(`\b(?:` + strings.Join(choreNounList, "|") + `)(?:\s+(?:bins?|cans?))?\s+(?:day|night|collection|pick-?up|goes out|go out|gets? collected)\b`)
	// "take the bins out", "put the recycling out"
	choreOutRe = regexp.MustCompile(`\b(?:take|put|wheel|drag)\s+(?:the\s+|our\s+)?(?:` + strings.Join(choreNounList, "|") + `)(?:\s+(?:bins?|cans?))?\s+out\b`)
	// collections are the bins' pickup, not a pickup to attend.
	collections = indexPhrases(func() []string {
		var out []string
		for _, n := range choreNounList {
			out = append(out, n+" pickup", n+" pick-up")
		}
		return out
	}())
)

// choreBodyWords: a chore's shape said of a body or a wound is a health note
// ("cord stump needs cleaning", "eyes gunky, need wiping"), never a chore,
// even where the health reader does not flag it. Not the health reader's
// bodyWords: those are read with a concern in one clause and hold what a
// chore is said of too ("nappy", "bottom", "hands"); these stop a chore
// alone, so they are the body and its marks only.
var choreBodyWords = indexPhrases([]string{
	"eye", "eyes", "ear", "ears", "nose", "mouth", "gums", "tongue", "lip", "lips", "skin", "scalp",
	"belly button", "navel", "cord", "stump", "umbilical", "stitches", "stitch", "incision",
	"wound", "scar", "scab", "graze", "blister", "burn", "bruise", "bump", "rash", "spots",
	"pimple", "cradle cap", "c-section", "perineum", "penis", "foreskin", "circumcision",
	"vagina", "vulva", "a cut", "the cut", "her cut", "his cut", "my cut", "cut on", "cut is",
	"cuts",
})

// choreTimes are the note's time phrases of the day it was written or
// later; ahead ones name a time after the note was written.
type choreTimes []choreTime

type choreTime struct {
	left  int
	ahead bool
}

func upcoming(moments []moment, anchor time.Time) choreTimes {
	day := time.Date(anchor.Year(), anchor.Month(), anchor.Day(), 0, 0, 0, 0, anchor.Location())
	var out choreTimes
	for _, m := range moments {
		if !m.t.Before(day) {
			out = append(out, choreTime{left: m.left, ahead: m.t.After(anchor)})
		}
	}
	return out
}

// within reports whether a time phrase starts in s[from:to].
func (ct choreTimes) within(from, to int) bool {
	for _, m := range ct {
		if m.left >= from && m.left < to {
			return true
		}
	}
	return false
}

// partCut separates the parts of a clause: a statement and an order after
// it ("bottle brush broke, get a new one", "sink is clogged so call the
// plumber").
var partCut = regexp.MustCompile(`\s*,\s*|\s+-+\s+|\s*--+\s*|\.\.+\s*|\s+(?:so|then|and|n|but)\s+`)

// isChore reports whether one of the note's clauses is a chore in one of
// the shapes above. times are the note's upcoming time phrases.
func isChore(clauses []clause, times choreTimes) bool {
	for k := range clauses {
		c, off := clauses[k].text, clauses[k].off
		if choreBodyWords.in(c) {
			continue
		}
		from := 0
		cuts := clauses[k].partCuts()
		for i, cut := range cuts {
			p := c[from:cut[0]]
			start := off + from
			from = cut[1]
			if p == "" {
				continue
			}
			lead := firstWords(p)
			if i == 0 && choreLeadVerbs.at(lead, 0) && !notOrders.at(lead, 0) {
				return true // "trim her nails"
			}
			last := i == len(cuts)-1
			if i > 0 && orderAt(lead, last) {
				return true // "…, get a new one"
			}
			if r := afterRequest(lead); r != "" && orderAt(r, last) {
				return true // "someone should clean the fridge"
			}
			if needsDoing(p) && !needMet(p, c) {
				return true // "nails need trimming"
			}
			if choreNouns.in(p) && (choreDayRe.MatchString(p) || choreOutRe.MatchString(p) || times.within(start, start+len(p))) {
				return true // "trash goes out tonight"
			}
		}
	}
	return false
}

// maskChoreDue blanks the "due" of a passive need ("car seat is due for a
// wash"), which names a chore, not a deadline.
func maskChoreDue(s string) string {
	for _, lead := range []string{"overdue for", "due for"} {
		for from := 0; from < len(s); {
			i := wordIndex(s[from:], lead)
			if i < 0 {
				break
			}
			i += from
			from = i + len(lead)
			if ok, _ := needAt(s, i); ok {
				n := len(lead) - len(" for")
				s = s[:i] + strings.Repeat(" ", n) + s[i+n:]
			}
		}
	}
	return s
}
