package store

import (
	"sort"

	"github.com/256dpi/lungo/bsonkit"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// The embedded engine answers a query by scanning and sorting a whole
// collection, so listing one shift's notes (the radar on every note, every
// /plan) cost time in proportion to every note ever written, in every
// conversation. memIndex therefore keeps every shift's notes, in order: read
// once at open, and kept current by the file itself, which hands over each
// commit's changed notes after they are durable and before the engine wakes
// its change streams. So whatever a write path is, and whoever reads after
// the radar's doorbell rang, the list includes the write.

// noteEntry is a note as stored and as Notes returns it, converted once
// when it is read or written rather than on every read (the radar reads a
// shift's notes, months of them, after every note). The note's time
// pointers are shared with every copy Notes hands out: nothing writes
// through them.
type noteEntry struct {
	doc  logDoc
	note bh.Note
}

func entryOf(d logDoc) noteEntry { return noteEntry{doc: d, note: d.domain()} }

// fillNotes groups the notes read at open by shift.
func (m *memIndex) fillNotes(docs []logDoc) {
	for _, d := range docs {
		key := d.TeamID + "/" + d.ShiftID
		m.byShift[key] = append(m.byShift[key], entryOf(d))
		m.noteShift[d.ID] = key
		if d.MessageTS != "" {
			m.notes[msgKey(d.TeamID, d.ChannelID, d.MessageTS)] = d.ID
		}
	}
	for _, list := range m.byShift {
		sort.Slice(list, func(i, j int) bool { return noteBefore(list[i].doc, list[j].doc) })
	}
}

// shiftNotes returns a copy of a shift's notes, oldest first.
func (m *memIndex) shiftNotes(team, shift string) []logDoc {
	m.mu.RLock()
	defer m.mu.RUnlock()
	list := m.byShift[team+"/"+shift]
	out := make([]logDoc, len(list))
	for i := range list {
		out[i] = list[i].doc
	}
	return out
}

// notesOf is Notes from memory: one pass under one lock (the radar reads
// a shift's notes after every note, and /plan and App Home after most).
func (m *memIndex) notesOf(team, shift string, withDeleted bool) []bh.Note {
	m.mu.RLock()
	defer m.mu.RUnlock()
	list := m.byShift[team+"/"+shift]
	out := make([]bh.Note, 0, len(list))
	for i := range list {
		if list[i].doc.DeletedAt != nil && !withDeleted {
			continue
		}
		n := list[i].note
		if r, ok := m.replies[n.ID]; ok {
			n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
		}
		out = append(out, n)
	}
	return out
}

// notesCommitted applies a commit's changes to the notes collection: puts
// are new or changed notes, gone the stored versions of removed ones.
func (m *memIndex) notesCommitted(puts []bson.Raw, gone bsonkit.List) error {
	put, removed, err := decodeChange[logDoc](puts, gone)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, d := range removed {
		key := d.TeamID + "/" + d.ShiftID
		docs := m.byShift[key]
		for i := range docs {
			if docs[i].doc.ID == d.ID {
				m.byShift[key] = append(docs[:i:i], docs[i+1:]...)
				break
			}
		}
		delete(m.noteShift, d.ID)
		// With it, so that a redelivery of its message in the moment
		// after is captured again, not pointed at a note that is gone.
		if k := msgKey(d.TeamID, d.ChannelID, d.MessageTS); d.MessageTS != "" && m.notes[k] == d.ID {
			delete(m.notes, k)
		}
		delete(m.replies, d.ID)
	}
	for _, d := range put {
		m.putNoteLocked(d)
	}
	return nil
}

// putNoteLocked inserts a note in order, or replaces it; m.mu is held.
func (m *memIndex) putNoteLocked(d logDoc) {
	key := d.TeamID + "/" + d.ShiftID
	m.noteShift[d.ID] = key
	if d.MessageTS != "" {
		m.notes[msgKey(d.TeamID, d.ChannelID, d.MessageTS)] = d.ID
	}
	docs := m.byShift[key]
	for i := range docs {
		if docs[i].doc.ID == d.ID {
			docs[i] = entryOf(d)
			return
		}
	}
	i := sort.Search(len(docs), func(i int) bool { return noteBefore(d, docs[i].doc) })
	docs = append(docs, noteEntry{})
	copy(docs[i+1:], docs[i:])
	docs[i] = entryOf(d)
	m.byShift[key] = docs
}

// noteByID returns a note by id, of whichever team: callers check.
func (m *memIndex) noteByID(id string) (logDoc, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	key, ok := m.noteShift[id]
	if !ok {
		return logDoc{}, false
	}
	for i := range m.byShift[key] {
		if e := &m.byShift[key][i]; e.doc.ID == id {
			return e.doc, true
		}
	}
	return logDoc{}, false
}

// eachNote calls fn with every note (in no order) while holding the read
// lock; fn must not call back into m.
func (m *memIndex) eachNote(fn func(d *logDoc)) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, docs := range m.byShift {
		for i := range docs {
			fn(&docs[i].doc)
		}
	}
}

// noteBefore is the order Notes lists: by creation time, then id.
func noteBefore(a, b logDoc) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.Before(b.CreatedAt)
	}
	return a.ID < b.ID
}
