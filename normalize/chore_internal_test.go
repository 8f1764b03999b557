package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The forms a passive need reads are the verbs' own, with the undoubled
// spelling thumbs type.
func TestChoreForms(t *testing.T) {
	for verb, want := range map[string][]string{
		"trim":     {"trimming", "triming", "trimmed"},
		"wash":     {"washing", "washed"},
		"change":   {"changing", "changed"},
		"empty":    {"emptying", "emptied"},
		"take out": {"taking out", "taken out"},
		"put up":   {"putting up", "puting up", "put up"},
		"do":       {"doing", "done"},
		"see to":   {"seeing to", "seen to"},
	} {
		assert.Equal(t, want, choreForms([]string{verb}), verb)
	}
}

// A passive need is read where it is, and not where it is denied or names
// something other than a chore.
func TestNeedsDoing(t *testing.T) {
	for p, want := range map[string]bool{
		"nails need trimming":            true,
		"car seat needs washed":          true,
		"play mat needs a good clean":    true,
		"is due for a wash":              true,
		"stroller needs a new wheel":     true,
		"bottles dont need sterilising":  false,
		"she needs a nap":                false,
		"she needs another bottle":       false,
		"baby needs feeding every 3 hrs": false,
	} {
		assert.Equal(t, want, needsDoing(p), p)
	}
}

// "due for a wash" is no deadline; "due for her shots" keeps its due.
func TestMaskChoreDue(t *testing.T) {
	assert.Equal(t, "car seat is     for a wash", maskChoreDue("car seat is due for a wash"))
	assert.Equal(t, "rug is         for a clean", maskChoreDue("rug is overdue for a clean"))
	assert.Equal(t, "she's due for her shots", maskChoreDue("she's due for her shots"))
	assert.Equal(t, "due for", maskChoreDue("due for"))
}
