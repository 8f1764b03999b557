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
