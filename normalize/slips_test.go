package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/babyhandoff/babyhandoff/normalize"
)

// A real word one slip from a health word is read as it is (review of
// round eleven, item 6): "coking" is not "choking", "sacred heart" is
// not "scared"; the slips themselves are still read.
func TestRealWordsAreNotSlips(t *testing.T) {
	for _, n := range []string{
		"coking coal delivery on tuesday",
		"sacred heart fete on saturday",
		"sacred heart school uniform order due friday",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
		assert.False(t, normalize.IsHealth(n), "not even to the rules: %q", n)
	}
	for _, n := range []string{
		"baby was chokign on her milk",
		"so sacred she stopped breathing for a second",
	} {
		assert.True(t, readsAsHealth(n), "a slip is still read: %q", n)
	}
}
