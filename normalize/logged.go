package normalize

// This file: work said as done is a log, not a task. "laundry done", "did
// the dishes finally", "bottles sterilised", "took the bins out ✅" record
// what a parent already did; read as tasks, a plan would schedule them
// again and the radar remind of them. The rule: a part of a clause (cut as
// chore.go cuts them) that says its work is complete — a word of
// completion ("done", "finished", "sorted", "all clean"), a tick ("✅"),
// or a chore's or an errand's verb in the past ("washed", "took",
// "emptied") — and asks nothing more is left out of what isTask reads
// (errand words, errand verbs, chore shapes alike), so only the parts
// still to do can make a task. A part still asks when it needs or wants
// the work ("need the laundry done"), sets it a time ahead ("laundry done
// by 5pm", "dishes done before grandma comes"), denies or questions it
// ("dishes not done yet", "laundry done?"), has it partly done ("laundry
// half done") or waits on it ("once the dishes are done"); and an order
// ("get the laundry done", "print the signed form") is done only when
// ticked ("call the pediatrician ✅", "wash bottles - done").

import (
	"strings"
)

// doneWords say a part's work is complete.
var doneWords = indexPhrases([]string{
	"done", "did", "finished", "finito", "complete", "completed", "sorted", "taken care of",
	"dealt with", "handled", "all clean", "clean now", "ticked off", "checked off", "crossed off",
	"already", "delivered", "arrived", "went", "gone", "collected",
})

// ticks mark an item done, wherever they are in it; Slack sends its
// emoji as their names (":white_check_mark:").
var ticks = []string{
	"✅", "✔", "☑", "✓", "[x]", "(done)", ":white_check_mark:", ":heavy_check_mark:",
	":ballot_box_with_check:", ":check:", ":done:",
}

// pastVerbs are the past forms of the verbs of errands and chores
// ("washed", "took", "emptied"). Forms that are also the verb itself
// ("put", "cut", "set") are past only after who did it ("dad put the bins
// out"), since on their own they are orders.
var (
	pastVerbs = indexPhrases(func() []string {
		seen := map[string]bool{}
		var out []string
		verbs := append(append(append([]string{}, errandVerbList...), choreLeadVerbList...),
			"do", "water", "walk", "iron", "rinse", "soak", "dry", "bathe", "hoover", "vacuum",
			"load", "dust", "polish", "mow", "hang", "throw", "collect", "run", "tidy", "sort",
			"clear", "strip", "change", "air out", "put away", "deliver")
		for _, v := range verbs {
			head, _, _ := strings.Cut(v, " ")
			_, ed := verbForms(head)
			for _, f := range append(ed, simplePast[head]...) {
				if f != head && !seen[f] {
					seen[f] = true
					out = append(out, f)
				}
			}
		}
		return out
	}())
	// simplePast are the past forms that are not the past participle
	// verbForms makes ("took", not "taken"; "bought" is both).
	simplePast = map[string][]string{
		"take": {"took"}, "do": {"did"}, "get": {"got"}, "write": {"wrote"}, "ring": {"rang"},
		"run": {"ran"}, "throw": {"threw", "thrown"},
	}
	// sameVerbs are the verbs that are their own past (irregular).
	sameVerbs = func() map[string]bool {
		m := map[string]bool{}
		for v, p := range irregular {
			if p == v {
				m[v] = true
			}
		}
		return m
	}()
	doers = map[string]bool{
		"i": true, "we": true, "he": true, "she": true, "they": true, "you": true, "u": true,
		"dad": true, "daddy": true, "mum": true, "mom": true, "mommy": true, "mummy": true,
		"hubby": true, "husband": true, "wife": true, "partner": true, "grandma": true,
		"grandpa": true, "nana": true, "granny": true, "gran": true, "grandad": true,
		"finally": true, "already": true, "just": true, "also": true,
	}
)

// Words that keep a part asking: a need or a want, a modal or a request,
// a denial, a part done, a doubt, a "still to".
var stillAsks = indexPhrases([]string{
	"need", "needs", "neeed", "neds", "want", "wants", "wanna", "gotta", "got to", "have to",
	"has to", "must", "should", "shld", "shud", "will", "gonna", "going to", "to be", "to get",
	"to do", "todo", "to-do", "make sure", "pls", "plz", "please", "can you", "could you",
	"can u", "could u", "would you", "remember", "don't forget", "dont forget", "remind",
	"let's", "lets", "hope", "hopefully", "try", "later", "soon", "asap", "yet", "still", "not",
	"no", "never", "nobody", "nothing", "without", "can't", "cant", "couldn't", "couldnt",
	"didn't", "didnt", "haven't", "havent", "hasn't", "hasnt", "isn't", "isnt", "aren't",
	"arent", "wasn't", "wasnt", "weren't", "werent", "won't", "wont", "don't", "dont",
	"doesn't", "doesnt", "forgot", "forget", "half", "almost", "nearly", "partly", "partially",
	"mostly", "before", "until", "till", "til", "by the time", "tbd", "maybe", "might",
	"did you", "did u", "did we", "did anyone", "did someone", "have you",
})

// waitLeads open a part that waits on the work ("once the dishes are
// done, …").
var waitLeads = indexPhrases([]string{"when", "once", "after", "if", "whenever", "as soon as", "by the time"})

// surelyPast are words no plan is made of: the work is done whatever time
// the part names ("took the bins out this morning").
var surelyPast = indexPhrases([]string{
	"took", "did", "went", "got", "ran", "threw", "brought", "made", "hung", "swept", "bought",
	"paid", "sent", "already", "finally", "earlier", "yesterday", "last night", "just now",
})

// pastTimes make a verb that is its own past a past ("put the recycling
// out last night").
var pastTimes = indexPhrases([]string{"already", "earlier", "yesterday", "last night", "this morning", "just now"})

// withoutLogs is s with each part of its clauses that logs work done
// blanked out (offsets kept), with the cut that follows it, so what is
// left reads as the note's parts still to do. times are the note's time
// phrases of today or later.
func withoutLogs(s string, clauses []clause, times choreTimes) string {
	var b []byte
	for k := range clauses {
		c, off := clauses[k].text, clauses[k].off
		asked := strings.HasPrefix(strings.TrimLeft(s[off+len(c):], " "), "?")
		cuts := clauses[k].partCuts()
		ticked := tickedList(c)
		from, prevDone := 0, false
		for i, cut := range cuts {
			p := c[from:cut[0]]
			start := off + from
			end := off + cut[1]
			// "washed and put away": who did the first did the second.
			carried := prevDone && i > 0 && andCut(c[cuts[i-1][0]:cuts[i-1][1]])
			from, prevDone = cut[1], false
			if p == "" || asked {
				continue
			}
			next := ""
			if i+1 < len(cuts) {
				next = c[cut[1]:cuts[i+1][0]]
			}
			if !loggedDone(p, start, ticked || isTick(next), carried, times) {
				continue
			}
			prevDone = true
			if needMet(c, p) {
				continue // kept for isChore to read the need as met
			}
			if b == nil {
				b = []byte(s)
			}
			for j := start; j < end; j++ {
				b[j] = ' '
			}
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// loggedDone reports whether the part p (at start in the note) says its
// work is done and asks nothing more; ticked is a tick for it outside it
// ("wash bottles - done", "done: laundry, dishes"), carried that it goes
// on a log with "and" ("bottles washed and put away").
func loggedDone(p string, start int, ticked, carried bool, times choreTimes) bool {
	lead := firstWords(p)
	if stillAsks.in(p) || waitLeads.at(lead, 0) || needsDoing(p) {
		return false
	}
	ticked = ticked || hasTick(p)
	w, _, _ := strings.Cut(lead, " ")
	same := sameVerbs[w] && (carried || pastTimes.in(p))
	order := errandVerbs.at(lead, 0) || choreLeadVerbs.at(lead, 0) || afterRequest(lead) != ""
	if order && !ticked && !same {
		return false // "get the laundry done", "fold the washed ones"
	}
	if !ticked && !same && !doneWords.in(p) && !pastIn(p) {
		return false
	}
	// A time ahead is when the work is wanted ("laundry done by 5pm"),
	// unless the work was plainly done or the time is what it is ready
	// for ("bottles made up for tonight").
	for _, t := range times {
		if t.ahead && t.left >= start && t.left < start+len(p) &&
			!strings.HasSuffix(strings.TrimRight(p[:t.left-start], " "), " for") && !surelyPast.in(p) {
			return false
		}
	}
	return true
}

// andCut reports whether a cut between parts is an "and".
func andCut(cut string) bool {
	cut = strings.TrimSpace(cut)
	return cut == "and" || cut == "n"
}

// pastIn reports whether p holds a chore's or an errand's verb in the
// past.
func pastIn(p string) bool {
	if pastVerbs.in(p) {
		return true
	}
	prev := ""
	for _, w := range strings.Fields(p) {
		if sameVerbs[w] && doers[prev] {
			return true // "dad put the bins out"
		}
		prev = w
	}
	return false
}

// hasTick reports whether p holds a tick.
func hasTick(p string) bool {
	for _, t := range ticks {
		if strings.Contains(p, t) {
			return true
		}
	}
	return false
}

// isTick reports whether the part p is a tick and nothing else ("done",
// "all done!", "✅").
func isTick(p string) bool {
	p = strings.Trim(p, " !.")
	if hasTick(p) {
		return len(strings.Fields(p)) <= 1
	}
	p = strings.Trim(p, " :")
	for _, w := range []string{"all ", "finally ", "now "} {
		p = strings.TrimPrefix(p, w)
	}
	switch p {
	case "done", "finished", "sorted", "complete", "completed", "did it", "done it":
		return true
	}
	return false
}

// tickedList reports whether the clause c opens with a tick for all of it
// ("done: laundry, dishes, bottles", "✅ bins, recycling").
func tickedList(c string) bool {
	head, _, ok := strings.Cut(c, ":")
	if ok && isTick(head) {
		return true
	}
	for _, t := range ticks {
		if strings.HasPrefix(c, t) {
			return true
		}
	}
	return false
}
