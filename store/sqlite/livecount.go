package sqlite

import "sync"

// This file: how many live notes a family had at its last look, so that
// the next look's slice is made that size at once. A note is 600 bytes:
// grown by appending, a family's hundred live notes cost 150 KB of
// slices, twice what they hold, on every plan and every radar look after
// a note. It is a size hint, never the truth: a wrong one costs one more
// growth of the slice, and nothing else.

// liveCountsKept bounds the memo: past it, it starts over.
const liveCountsKept = 4096

type liveCounts struct {
	mu sync.Mutex
	m  map[string]int
}

// hint is a capacity for shift's next look: its last count and room for
// a few more notes.
func (c *liveCounts) hint(shift string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.m[shift]
	return k + k/8 + 4
}

func (c *liveCounts) put(shift string, k int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= liveCountsKept {
		c.m = make(map[string]int)
	}
	c.m[shift] = k
}
