package store

import (
	"sync"

	bh "github.com/babyhandoff/babyhandoff"

	"github.com/256dpi/lungo/bsonkit"
	"go.mongodb.org/mongo-driver/bson"
)

// docCache keeps a small collection's documents in memory on the embedded
// engine, under one or more keys each. The engine answers even a lookup by
// _id by matching every document of the collection: on day 90 of a family's
// use beside 1,000 other conversations, reading a shift or its radar state
// that way was a tenth of all the bot's CPU (the radar does both on every
// note). Like the notes (notecache.go) the cache is filled once at open and
// kept current by the file, which hands over each commit's changed
// documents after they are durable and before the write returns, so a read
// after a write sees it.
type docCache[T any] struct {
	mu   sync.RWMutex
	docs map[string]T
	keys func(T) []string
}

func newDocCache[T any](keys func(T) []string) *docCache[T] {
	return &docCache[T]{docs: map[string]T{}, keys: keys}
}

// get returns the document stored under key.
func (c *docCache[T]) get(key string) (T, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	d, ok := c.docs[key]
	return d, ok
}

// fill adds documents read at open.
func (c *docCache[T]) fill(docs []T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, d := range docs {
		for _, k := range c.keys(d) {
			c.docs[k] = d
		}
	}
}

// committed applies a commit's changes: puts are new or changed documents
// as written, gone the stored versions of removed ones.
func (c *docCache[T]) committed(puts []bson.Raw, gone bsonkit.List) error {
	put, removed, err := decodeChange[T](puts, gone)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, d := range removed {
		for _, k := range c.keys(d) {
			delete(c.docs, k)
		}
	}
	for _, d := range put {
		for _, k := range c.keys(d) {
			c.docs[k] = d
		}
	}
	return nil
}

// decodeChange reads a commit's documents into T: the new ones from the
// bytes the file wrote, the removed ones from the engine's documents.
func decodeChange[T any](puts []bson.Raw, gone bsonkit.List) (put, removed []T, err error) {
	put = make([]T, len(puts))
	for i, raw := range puts {
		if err := bson.Unmarshal(raw, &put[i]); err != nil {
			return nil, nil, err
		}
	}
	removed = make([]T, len(gone))
	for i, d := range gone {
		raw, err := bson.Marshal(d)
		if err != nil {
			return nil, nil, err
		}
		if err := bson.Unmarshal(raw, &removed[i]); err != nil {
			return nil, nil, err
		}
	}
	return put, removed, nil
}

// latestRuns knows each shift's latest completed run on the embedded
// engine, so App Home and the radar (on every note) and /plan read it
// without a query, which would match or sort every run ever made. Runs are
// never removed (the sweep keeps them, without details); a shift missing
// from it has no completed run.
type latestRuns struct {
	mu     sync.RWMutex
	latest map[string]runDoc // team/shift → its latest completed run
}

// putLocked records a new or changed run; l.mu is held.
func (l *latestRuns) putLocked(r runDoc) {
	key := r.TeamID + "/" + r.ShiftID
	cur, ok := l.latest[key]
	switch {
	case r.Status == string(bh.StatusCompleted) && (!ok || r.Version >= cur.Version):
		// A newer plan, or the same one changed (its card posted).
		l.latest[key] = r
	case ok && cur.ID == r.ID:
		// The latest plan is not completed any more: ask the file at
		// the next open; until then the shift has none.
		delete(l.latest, key)
	}
}

func (l *latestRuns) fill(runs []runDoc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range runs {
		l.putLocked(r)
	}
}

// get returns the shift's latest completed run.
func (l *latestRuns) get(team, shift string) (runDoc, bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	r, ok := l.latest[team+"/"+shift]
	return r, ok
}

func (l *latestRuns) committed(puts []bson.Raw, gone bsonkit.List) error {
	put, removed, err := decodeChange[runDoc](puts, gone)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range removed {
		if key := r.TeamID + "/" + r.ShiftID; l.latest[key].ID == r.ID {
			delete(l.latest, key)
		}
	}
	for _, r := range put {
		l.putLocked(r)
	}
	return nil
}

// groupIndex keeps a small collection's documents in memory by _id and in
// groups (a family's members, a person's families), kept current as
// docCache is.
type groupIndex[T any] struct {
	mu     sync.RWMutex
	byID   map[string]T
	groups map[string]map[string]T // group → _id → document
	id     func(T) string
	keys   func(T) []string // the groups a document is in
}

func newGroupIndex[T any](id func(T) string, keys func(T) []string) *groupIndex[T] {
	return &groupIndex[T]{byID: map[string]T{}, groups: map[string]map[string]T{}, id: id, keys: keys}
}

func (g *groupIndex[T]) get(id string) (T, bool) {
	g.mu.RLock()
	defer g.mu.RUnlock()
	d, ok := g.byID[id]
	return d, ok
}

// group returns a copy of a group's documents, in no order.
func (g *groupIndex[T]) group(key string) []T {
	g.mu.RLock()
	defer g.mu.RUnlock()
	out := make([]T, 0, len(g.groups[key]))
	for _, d := range g.groups[key] {
		out = append(out, d)
	}
	return out
}

func (g *groupIndex[T]) fill(docs []T) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, d := range docs {
		g.putLocked(d)
	}
}

// putLocked stores d, out of the groups its older version was in.
func (g *groupIndex[T]) putLocked(d T) {
	id := g.id(d)
	if old, ok := g.byID[id]; ok {
		g.removeLocked(old)
	}
	g.byID[id] = d
	for _, k := range g.keys(d) {
		if g.groups[k] == nil {
			g.groups[k] = map[string]T{}
		}
		g.groups[k][id] = d
	}
}

func (g *groupIndex[T]) removeLocked(d T) {
	id := g.id(d)
	delete(g.byID, id)
	for _, k := range g.keys(d) {
		delete(g.groups[k], id)
		if len(g.groups[k]) == 0 {
			delete(g.groups, k)
		}
	}
}

func (g *groupIndex[T]) committed(puts []bson.Raw, gone bsonkit.List) error {
	put, removed, err := decodeChange[T](puts, gone)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, d := range removed {
		if have, ok := g.byID[g.id(d)]; ok {
			g.removeLocked(have)
		}
	}
	for _, d := range put {
		g.putLocked(d)
	}
	return nil
}
