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

// committed applies a commit's changes: puts are new or changed documents,
// gone the stored versions of removed ones.
func (c *docCache[T]) committed(puts, gone bsonkit.List) error {
	put, err := decodeDocs[T](puts)
	if err != nil {
		return err
	}
	removed, err := decodeDocs[T](gone)
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

// decodeDocs reads the engine's documents into T.
func decodeDocs[T any](list bsonkit.List) ([]T, error) {
	out := make([]T, 0, len(list))
	for _, d := range list {
		raw, err := bson.Marshal(d)
		if err != nil {
			return nil, err
		}
		var v T
		if err := bson.Unmarshal(raw, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// runHead is what the latest-run index needs of a run.
type runHead struct {
	ID      string `bson:"_id"`
	TeamID  string `bson:"team_id"`
	ShiftID string `bson:"shift_id"`
	Status  string `bson:"status"`
	Version int    `bson:"version"`
}

// latestRuns knows each shift's latest completed run on the embedded
// engine, so App Home and the radar (on every note) and /plan find it
// without sorting every run ever made. A shift missing from it has no
// completed run, unless a removal made it unsure: then the database is
// asked.
type latestRuns struct {
	mu     sync.RWMutex
	latest map[string]runHead // team/shift → its latest completed run
	unsure map[string]bool
}

func (l *latestRuns) putLocked(r runHead) {
	key := r.TeamID + "/" + r.ShiftID
	if cur, ok := l.latest[key]; r.Status == string(bh.StatusCompleted) && (!ok || r.Version > cur.Version) {
		l.latest[key] = r
	}
}

func (l *latestRuns) fill(runs []runHead) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range runs {
		l.putLocked(r)
	}
}

// get returns the shift's latest completed run; sure is false when only
// the database can tell.
func (l *latestRuns) get(team, shift string) (r runHead, ok, sure bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	key := team + "/" + shift
	r, ok = l.latest[key]
	return r, ok, ok || !l.unsure[key]
}

func (l *latestRuns) committed(puts, gone bsonkit.List) error {
	put, err := decodeDocs[runHead](puts)
	if err != nil {
		return err
	}
	removed, err := decodeDocs[runHead](gone)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range removed {
		key := r.TeamID + "/" + r.ShiftID
		if l.latest[key].ID == r.ID {
			delete(l.latest, key)
			l.unsure[key] = true
		}
	}
	for _, r := range put {
		l.putLocked(r)
	}
	return nil
}
