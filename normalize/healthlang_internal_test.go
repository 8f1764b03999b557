package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every gloss, however many words it has, is read whole in a note that
// names the baby: a phrase longer than langMaxWords would never be.
func TestEveryGlossIsRead(t *testing.T) {
	for k, g := range langGloss {
		assert.Equal(t, "baby "+g+" today", glossLanguages("baby "+k+" today"), k)
	}
}
