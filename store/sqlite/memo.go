package sqlite

import "sync"

// This file: small bounded memos of what the store last saw, shared by its
// goroutines. Each is a guess, never the truth: a wrong or forgotten entry
// costs time, nothing else.
//
//   - zones: the zone a conversation's family had at its last note (key
//     team/channel), so that a note is read before the writer takes it
//     (CaptureNote). The writer reads it again only when its family's zone
//     is another, and then remembers the new one. Reading the family's zone
//     from the tables instead (convAndShift before the writer) cost a
//     note's ack 0.1 ms more (BenchmarkNoteAck 0.98 → 1.11 ms).
//   - live: how many live notes a family had at its last look, so that the
//     next look's slice is made that size at once (liveHint). A note is 600
//     bytes: grown by appending, a family's hundred live notes cost 150 KB
//     of slices, twice what they hold, on every plan and radar look.

// memoKept bounds a memo: past it, it starts over.
const memoKept = 4096

type memo[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func (c *memo[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *memo[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= memoKept {
		c.m = make(map[string]V)
	}
	c.m[key] = v
}

// liveHint is a capacity for a family's next look: its last count of live
// notes and room for a few more.
func (db *DB) liveHint(shiftID string) int {
	k, _ := db.live.get(shiftID)
	return k + k/8 + 4
}
