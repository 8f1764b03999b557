package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A red flag in a clause of its own is the family's, whoever else the
// note names in another clause (review of round eleven, item 4); a red
// flag said of someone else in its own clause stays theirs.
func TestARedFlagOfItsOwnIsNotSomeoneElses(t *testing.T) {
	for _, n := range []string{
		"walked the dog, hoovered, cooked tea, then he had a seizure",
		"team photo friday, blood in her vomit",
		"team photo friday, she stopped breathing",
		"fed the cat, then lo went floppy",
		"teacher rang about the trip, his lips went blue",
	} {
		assert.True(t, readsAsHealth(n), "the baby's red flag: %q", n)
	}
	for _, n := range []string{
		"the dog had a seizure last night, vet at 9",
		"grandma had chest pains, shes in hospital, visiting sunday",
	} {
		assert.False(t, readsAsHealth(n), "someone else's: %q", n)
	}
}

// Blue and chest mistyped by one slip are read (review, item 4).
func TestBlueAndChestMistypedAreRead(t *testing.T) {
	for _, n := range []string{"lips bule", "chets pain", "her lips look bule", "i have bad chets pain"} {
		assert.True(t, readsAsHealth(n), "a slip of a red flag: %q", n)
	}
}
