package sqlite

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A family's next look has room for its last count of live notes; a memo
// starts over rather than grow past its bound.
func TestLiveHintAndTheMemosBound(t *testing.T) {
	db := &DB{}
	assert.Equal(t, 4, db.liveHint("S1"), "a family never looked at: a few")
	db.live.put("S1", 111)
	assert.GreaterOrEqual(t, db.liveHint("S1"), 111)
	assert.Equal(t, 4, db.liveHint("S2"))
	for i := range memoKept {
		db.live.put(fmt.Sprint("S", i+2), 1)
	}
	assert.LessOrEqual(t, len(db.live.m), memoKept)
	assert.Equal(t, 4, db.liveHint("S1"), "forgotten when the memo started over")
}
