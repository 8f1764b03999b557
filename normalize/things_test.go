package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A thing named before the baby's own sign does not take it (review of
// round eleven, item 5): "and" starts the baby's next verb; a thing's own
// sign stays the thing's.
func TestAThingBeforeTheBabysSignDoesNotTakeIt(t *testing.T) {
	for _, n := range []string{
		"fell asleep in the car seat and went floppy",
		"she was in the bouncer and started choking",
		"put him in the swing and he started choking",
		"battery swallowed",
		"think the remote battery swallowed??",
	} {
		assert.True(t, readsAsHealth(n), "the baby's sign: %q", n)
	}
	for _, n := range []string{"the printer choked again", "dishwasher is leaking and making that noise"} {
		assert.False(t, readsAsHealth(n), "a thing's: %q", n)
	}
}
