package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Someone outside the family ill with plans changed is set aside only
// when the illness is theirs: one who tells of another's, or a note that
// names the child or the writer's own state, is read on.
func TestIllOutsideIsTheirOwn(t *testing.T) {
	for text, want := range map[string]bool{
		"plumber is ill, rescheduled":                  true,
		"coach has flu, swimming cancelled":            true,
		"plumber thinks she is ill, rescheduled":       false,
		"coach has flu, lesson off and lo has a cough": false,
		"coach has flu, lesson off and i feel rough":   false,
		"coach has flu, see you at the pool":           false,
	} {
		assert.Equal(t, want, illOutside(text), text)
	}
}
