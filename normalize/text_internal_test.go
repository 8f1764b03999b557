package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// blank removes whole phrases only, the longest at each place, keeping
// byte offsets; a '*' phrase takes the rest of its word.
func TestPhraseIndexBlank(t *testing.T) {
	p := indexPhrases([]string{"dog", "my dog", "cat*"})
	for _, tc := range []struct{ in, want string }{
		{"my dog is sick", "       is sick"},
		{"the dogs bowl", "the dogs bowl"},
		{"cats and hotdog", "     and hotdog"},
		{"medication", "medication"},
		{"", ""},
	} {
		assert.Equal(t, tc.want, p.blank(tc.in), tc.in)
	}
}

// Someone outside the family, a person or a pet, is someone else unless
// the note names the family too.
func TestAboutSomeoneElse(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"the dog is sick", true},
		{"my coworker is out sick", true},
		{"my mom's surgery friday", true},
		{"grandma has a cold, baby is coughing", false},
		{"i think my sister gave me her cold", false},
		{"mom's incision is red", false},
		{"the baby is sick", false},
	} {
		assert.Equal(t, tc.want, aboutSomeoneElse(plain(prepareText(tc.text))), tc.text)
	}
}

// otherPeople reads as the list of all its phrases did when each name's
// kin were listed one by one: the same longest phrase at every place of
// every tuning note, and of each kin phrase said alone and in a sentence.
func TestKinIndexReadsAsItsPhrases(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine over every phrase, seconds under the race detector: the plain test run checks it whole")
	}
	var flat []string
	for _, list := range otherPeople.base {
		flat = append(flat, list...)
	}
	var said []string
	for _, n := range otherNames {
		for _, kin := range otherKin {
			for _, d := range []string{"", "my ", "our ", "the "} {
				flat = append(flat, d+n+"'s "+kin)
				said = append(said, d+n+"s "+kin, "so "+d+n+"s "+kin+" is ill", d+n+"s "+kin+"s", d+n+"s "+kin+"-")
			}
		}
	}
	listed := indexPlain(flat)
	for _, b := range tuningBatches(t) {
		for _, n := range append(b.health, b.everyday...) {
			said = append(said, plain(prepareText(n)))
		}
	}
	for _, s := range said {
		for i := range len(s) {
			if got, want := otherPeople.matchLen(s, i), listed.matchLen(s, i); got != want {
				t.Fatalf("%q at %d: %d, listed %d", shown(t, s), i, got, want)
			}
		}
		if listed.blank(s) != otherPeople.blank(s) || listed.in(s) != otherPeople.in(s) {
			t.Errorf("%q: blank and in differ from the listed phrases'", shown(t, s))
		}
	}
	assert.Positive(t, otherPeople.matchLen("my sisters little one has flu", 0))
}

// A note's clauses are splitClauses' with where each starts, so no reader
// searches for them again: a clause of one full stop (". .?") is placed
// where it is, not at the full stop that ended the clause before it.
func TestNoteClausesKnowWhereTheyStart(t *testing.T) {
	for _, s := range []string{
		"fed at 2. change at 5",
		"a. .? b",
		"  wipes low!! get more;\n\nbins out tonight .  ",
		"temp 38.5 - calpol at 5.30pm... ok",
		"",
	} {
		var texts []string
		for _, c := range noteClauses(s) {
			texts = append(texts, c.text)
			assert.Equal(t, c.text, s[c.off:c.off+len(c.text)], "%q", s)
		}
		assert.Equal(t, splitClauses(s), texts, "%q", s)
	}
	cs := noteClauses("a. .? b")
	assert.Equal(t, 3, cs[1].off)
}
