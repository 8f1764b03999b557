package sqlite

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A family's next look has room for its last count of live notes; the
// memo starts over rather than grow past its bound.
func TestLiveCountsHint(t *testing.T) {
	var c liveCounts
	assert.Equal(t, 4, c.hint("S1"), "a family never looked at: a few")
	c.put("S1", 111)
	assert.GreaterOrEqual(t, c.hint("S1"), 111)
	assert.Equal(t, 4, c.hint("S2"))
	for i := range liveCountsKept {
		c.put(fmt.Sprint("S", i+2), 1)
	}
	assert.LessOrEqual(t, len(c.m), liveCountsKept)
	assert.Equal(t, 4, c.hint("S1"), "forgotten when the memo started over")
}
