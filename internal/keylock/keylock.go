// Package keylock serialises work per key: one capture of a Slack message,
// one recompute of a shift, one look at a shift's nudge at a time, while
// different keys run in parallel.
//
// A key's lock lives only while someone holds or waits for it, so the map
// does not grow with every message or shift ever seen.
package keylock

import "sync"

// Locks is a set of mutexes by key. The zero value is ready to use; a Locks
// must not be copied after first use.
type Locks struct {
	mu    sync.Mutex
	locks map[string]*entry
}

type entry struct {
	mu   sync.Mutex
	refs int // holders and waiters
}

// Lock waits until key is free, takes it and returns the function that
// frees it. Call unlock exactly once.
func (l *Locks) Lock(key string) (unlock func()) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*entry{}
	}
	e := l.locks[key]
	if e == nil {
		e = &entry{}
		l.locks[key] = e
	}
	e.refs++
	l.mu.Unlock()

	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		l.mu.Lock()
		e.refs--
		if e.refs == 0 {
			delete(l.locks, key)
		}
		l.mu.Unlock()
	}
}

// Len is the number of keys held or waited for.
func (l *Locks) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.locks)
}
