package normalize

// This file: what makes a note a task.

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
func startsWithVerb(clauses []string, verbs phraseIndex) bool {
	for _, c := range clauses {
		if verbs.at(firstWords(c), 0) {
			return true
		}
	}
	return false
}

func isTask(s string, clauses []string) bool {
	return startsWithVerb(clauses, errandVerbs) || errandAnywhere.in(s)
}
