package normalize

// This file: the notes of the batches kept blind to the rules (rulesBlind)
// are never printed by a test. A failing test that listed them would show
// them to whoever tunes the rules next, and their figure would no longer
// be a blind one; a test names such a note by its batch's kind only and
// counts it.

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// blindShown stands in a test's output for a note of a rulesBlind batch.
const blindShown = "(a note of a batch kept blind to the rules)"

var (
	blindOnce  sync.Once
	blindTexts map[string]bool
)

// rulesBlindTexts is every note of a rulesBlind batch of both tuning
// corpora in each form the tests read (as written, prepared, plain, and
// plain with others marked), read once per test binary.
func rulesBlindTexts(t testing.TB) map[string]bool {
	t.Helper()
	blindOnce.Do(func() {
		texts := map[string]bool{}
		for _, b := range tuningBatches(t) {
			if !rulesBlind[b.name] {
				continue
			}
			for _, n := range append(append([]string(nil), b.health...), b.everyday...) {
				p := prepareText(n)
				for _, s := range []string{n, p, plain(p), plain(markOthers(p))} {
					texts[s] = true
				}
			}
		}
		blindTexts = texts
	})
	return blindTexts
}

// IsRulesBlindNote reports whether a tuning note (as written) is of a
// batch kept blind to the rules: the external tests count such a note and
// do not print it.
func IsRulesBlindNote(t testing.TB, note string) bool {
	return rulesBlindTexts(t)[note]
}

// shown is a text as a failing test may print it: blindShown for a text of
// a rulesBlind batch's note in any form the tests read.
func shown(t testing.TB, text string) string {
	if rulesBlindTexts(t)[text] {
		return blindShown
	}
	return text
}

// shownPart is a part of a text (a pattern's match) as a failing test may
// print it: blindShown when the text is a rulesBlind batch's note.
func shownPart(t testing.TB, text, part string) string {
	if rulesBlindTexts(t)[text] {
		return blindShown
	}
	return part
}

// Every note of a rulesBlind batch, of either kind and in every form, is
// shown as blindShown, and a note of another batch as written. The notes
// are never printed here either: a failure names the batch.
func TestBlindBatchesAreNotShown(t *testing.T) {
	kept := 0
	for _, b := range tuningBatches(t) {
		for _, n := range append(append([]string(nil), b.health...), b.everyday...) {
			p := prepareText(n)
			for _, s := range []string{n, p, plain(p), plain(markOthers(p))} {
				if rulesBlind[b.name] {
					kept++
					if shown(t, s) != blindShown || shownPart(t, s, "x") != blindShown || !IsRulesBlindNote(t, s) {
						t.Fatalf("a note of %s, kept blind, is shown", b.name)
					}
				}
			}
		}
		if !rulesBlind[b.name] && len(b.health) > 0 && shown(t, b.health[0]) != b.health[0] {
			t.Errorf("%s is not kept blind but its first note is hidden", b.name)
		}
	}
	assert.Positive(t, kept, "no batch is kept blind")
}
