package sqlite

import (
	"sync"
	"time"
)

// This file: the zone a conversation's notes were last read in, so that a
// note is read before the writer takes it (CaptureNote): the writer reads
// it again only when its family's zone is another (the family set a zone,
// or the conversation moved), and then remembers the new one. It is a
// guess, never the truth: reading the family's zone from the tables
// instead (convAndShift before the writer) cost a note's ack 0.1 ms more
// (BenchmarkNoteAck 0.98 → 1.11 ms).

// zonesKept bounds the memo: past it, it starts over (a conversation not
// remembered is guessed in the default zone, and corrected by the writer).
const zonesKept = 4096

type zoneMemo struct {
	mu sync.Mutex
	m  map[string]*time.Location
}

// get is the zone remembered for key, else def.
func (z *zoneMemo) get(key string, def *time.Location) *time.Location {
	z.mu.Lock()
	defer z.mu.Unlock()
	if l, ok := z.m[key]; ok {
		return l
	}
	return def
}

func (z *zoneMemo) put(key string, l *time.Location) {
	z.mu.Lock()
	defer z.mu.Unlock()
	if z.m == nil || len(z.m) >= zonesKept {
		z.m = make(map[string]*time.Location)
	}
	z.m[key] = l
}
