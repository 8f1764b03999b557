package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A label is a note's first four words with single spaces, as
// strings.Fields splits them (every Unicode space; a byte that is not
// UTF-8 is part of a word).
func TestLabelIsTheFirstWords(t *testing.T) {
	for _, text := range []string{
		"", "   ", "wipes", "daycare form due Fri 5pm", "  daycare\tform\n\ndue  Fri 5pm please ",
		"pay\u00a0the\u2003invoice due friday", "bad \xff byte here and more", "é è ê ë ē",
	} {
		words := strings.Fields(text)
		if len(words) > labelWords {
			words = words[:labelWords]
		}
		assert.Equal(t, strings.Join(words, " "), label(text), "%q", text)
	}
}
