package normalize

// This file: what makes a note a task: an errand's verb at the start of a
// clause or an errand's word anywhere, and the shapes a chore takes when a
// tired parent writes it as a statement (chore.go), in the parts of the
// note that are not a log of work done (logged.go).

import (
	"strings"
)

func firstWords(c string) string {
	for {
		c = strings.TrimLeft(c, " -*•·[]():>\"'#0123456789.)")
		sp := strings.IndexByte(c, ' ')
		if sp < 0 {
			return c
		}
		w := strings.TrimRight(c[:sp], ":,")
		if !taskFillers[w] {
			return c
		}
		c = c[sp+1:]
	}
}

// startsWithVerb reports whether a clause opens with one of verbs.
func startsWithVerb(clauses []clause, verbs phraseIndex) bool {
	for _, c := range clauses {
		if verbs.at(firstWords(c.text), 0) {
			return true
		}
	}
	return false
}

// isTask reports whether the note s (its clauses) asks for something to be
// done. health is its Medical flag: a health note said as a chore
// ("stitches need checking") stays a note, since a health note is never
// scheduled (issue 30); times are where the note names a time of the day
// it was written or later. s holds only the parts still to do: the
// caller blanks the parts that log work done (withoutLogs).
func isTask(s string, clauses []clause, health bool, times choreTimes) bool {
	if startsWithVerb(clauses, errandVerbs) || errandAnywhere.in(s) {
		return true
	}
	return !health && isChore(clauses, times)
}
