package sqlite

import (
	"sync"
	"time"
)

// This file: the zone a conversation's notes were last read in, so that a
// note is read before the writer takes it (CaptureNote): the writer reads
// it again only when its family's zone is another (the family set a zone,
// or the conversation moved), and then remembers the new one.

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
