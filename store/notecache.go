package store

import (
	"sort"
	"time"

	"github.com/256dpi/lungo/bsonkit"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// The embedded engine answers a query by scanning and sorting a whole
// collection, so listing one shift's notes (the radar on every note, every
// /plan) cost time in proportion to every note ever written, in every
// conversation. memIndex therefore keeps every shift's notes, in order: read
// once at open, and kept current by the file itself, which hands over each
// commit's changed notes after they are durable and before the engine wakes
// its change streams. So whatever a write path is, and whoever reads after
// the radar's doorbell rang, the list includes the write.
//
// Beside the whole list, each shift keeps the notes plans and the radar
// still read (LiveNotes): a note leaves it once deleted, done more than
// bh.DoneWindow ago, or past by its own words (bh.Fact.PastFrom: a day
// after "slept 3h", when an appointment ends). After months, most of a
// shift's notes are closed, and the hot paths no longer walk them.

// shiftNotes is one shift's notes in memory.
type shiftNotes struct {
	all  []*noteEntry // every note, oldest first
	live []*noteEntry // those LiveNotes may still return, oldest first
	rev  int          // the sum of all's revisions
	zone string       // the zone live's readings were made in
}

// noteEntry is a note as stored and as Notes returns it, converted once
// when it is read or written rather than on every read (the radar reads a
// shift's notes after every note). The note's time pointers are shared
// with every copy Notes hands out: nothing writes through them.
type noteEntry struct {
	doc  logDoc
	note bh.Note
	gen  uint64 // changes with every write of the note
	// inLive: the entry is in its shift's live list.
	inLive bool
	// read: pastFrom holds the note's reading in the shift's zone (zero:
	// it is never past by its own words).
	read     bool
	pastFrom time.Time
}

func (m *memIndex) entryOf(d logDoc) *noteEntry {
	m.gen++
	return &noteEntry{doc: d, note: d.domain(), gen: m.gen}
}

// fillNotes groups the notes read at open by shift.
func (m *memIndex) fillNotes(docs []logDoc) {
	for _, d := range docs {
		key := d.TeamID + "/" + d.ShiftID
		s := m.byShift[key]
		if s == nil {
			s = &shiftNotes{}
			m.byShift[key] = s
		}
		e := m.entryOf(d)
		s.all = append(s.all, e)
		s.rev += d.Rev
		m.byID[d.ID] = e
		if d.MessageTS != "" {
			m.notes[msgKey(d.TeamID, d.ChannelID, d.MessageTS)] = d.ID
		}
	}
	for _, s := range m.byShift {
		// The live list is built by the first LiveNotes, in the shift's zone.
		sort.Slice(s.all, func(i, j int) bool { return noteBefore(s.all[i].doc, s.all[j].doc) })
	}
}

// relive rebuilds the live list from every note, for readings in zone:
// at open, and when the shift's zone changed ("pediatrician 2pm" is
// another moment in another zone).
func (s *shiftNotes) relive(zone string) {
	for _, e := range s.live {
		e.inLive = false
	}
	s.live = s.live[:0]
	for _, e := range s.all {
		e.read, e.pastFrom = false, time.Time{}
		if e.doc.DeletedAt == nil {
			e.inLive = true
			s.live = append(s.live, e)
		}
	}
	s.zone = zone
}

// shiftNotes returns a copy of a shift's notes, oldest first.
func (m *memIndex) shiftNotes(team, shift string) []logDoc {
	m.mu.RLock()
	defer m.mu.RUnlock()
	s := m.byShift[team+"/"+shift]
	if s == nil {
		return nil
	}
	out := make([]logDoc, len(s.all))
	for i, e := range s.all {
		out[i] = e.doc
	}
	return out
}

// notesOf is Notes from memory: one pass under one lock.
func (m *memIndex) notesOf(team, shift string, withDeleted bool) []bh.Note {
	m.mu.RLock()
	defer m.mu.RUnlock()
	s := m.byShift[team+"/"+shift]
	if s == nil {
		return []bh.Note{}
	}
	out := make([]bh.Note, 0, len(s.all))
	for _, e := range s.all {
		if e.doc.DeletedAt != nil && !withDeleted {
			continue
		}
		out = append(out, m.withReplyLocked(e.note))
	}
	return out
}

func (m *memIndex) withReplyLocked(n bh.Note) bh.Note {
	if r, ok := m.replies[n.ID]; ok {
		n.ReplyChannel, n.ReplyTS = r.Channel, r.TS
	}
	return n
}

// liveOf is LiveNotes from memory, without the shift's SweptRev. A note
// not yet read in loc is read outside the lock (normalize costs tens of
// microseconds a note, and commits wait on the lock); a note that is past
// at now leaves the live list for good, so the clock is taken to only
// move forward.
func (m *memIndex) liveOf(team, shift string, loc *time.Location, now time.Time) ([]bh.Note, int) {
	key, zone := team+"/"+shift, loc.String()
	type reading struct {
		e    *noteEntry
		gen  uint64
		note bh.Note
		from time.Time
	}
	var todo []reading
	m.mu.Lock()
	s := m.byShift[key]
	if s == nil {
		m.mu.Unlock()
		return []bh.Note{}, 0
	}
	if s.zone != zone {
		s.relive(zone)
	}
	for _, e := range s.live {
		if !e.read && e.doc.DeletedAt == nil && e.doc.DoneAt == nil {
			todo = append(todo, reading{e: e, gen: e.gen, note: e.note})
		}
	}
	m.mu.Unlock()

	for i := range todo {
		todo[i].from = pastFrom(todo[i].note, loc)
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	s = m.byShift[key]
	if s == nil {
		return []bh.Note{}, 0
	}
	if s.zone == zone {
		for _, r := range todo {
			if r.e.gen == r.gen {
				r.e.read, r.e.pastFrom = true, r.from
			}
		}
	}
	out := make([]bh.Note, 0, len(s.live))
	kept := s.live[:0]
	for _, e := range s.live {
		if closedAt(&e.note, e.pastFrom, now) {
			e.inLive = false
			continue
		}
		kept = append(kept, e)
		out = append(out, m.withReplyLocked(e.note))
	}
	clear(s.live[len(kept):])
	s.live = kept
	return out, s.rev
}

// closedAt reports whether n has left what plans read, for good, at now;
// from is when it is past by its own words (pastFrom; zero: never).
func closedAt(n *bh.Note, from, now time.Time) bool {
	switch {
	case n.DeletedAt != nil:
		return true
	case n.DoneAt != nil:
		return now.Sub(*n.DoneAt) > bh.DoneWindow
	default:
		return !from.IsZero() && !now.Before(from)
	}
}

// pastFrom is when n is past for good, read in loc as a plan reads it
// (bh.Fact.PastFrom); zero when never. A note's reading does not depend on
// when it is read, once it was written: "tomorrow" counts from the note.
func pastFrom(n bh.Note, loc *time.Location) time.Time {
	if n.CreatedAt.IsZero() {
		return time.Time{}
	}
	from, _ := normalize.One(n, loc, n.CreatedAt).PastFrom()
	return from
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
		m.removeNoteLocked(d)
	}
	for _, d := range put {
		m.putNoteLocked(d)
	}
	return nil
}

// removeNoteLocked forgets a removed note; m.mu is held.
func (m *memIndex) removeNoteLocked(d logDoc) {
	e, ok := m.byID[d.ID]
	if !ok {
		return
	}
	delete(m.byID, d.ID)
	if s := m.byShift[e.doc.TeamID+"/"+e.doc.ShiftID]; s != nil {
		s.all = without(s.all, e)
		if e.inLive {
			s.live = without(s.live, e)
		}
		s.rev -= e.doc.Rev
	}
	// With it, so that a redelivery of its message in the moment after is
	// captured again, not pointed at a note that is gone.
	if k := msgKey(d.TeamID, d.ChannelID, d.MessageTS); d.MessageTS != "" && m.notes[k] == d.ID {
		delete(m.notes, k)
	}
	delete(m.replies, d.ID)
}

// putNoteLocked inserts a note in order, or replaces it; m.mu is held.
func (m *memIndex) putNoteLocked(d logDoc) {
	key := d.TeamID + "/" + d.ShiftID
	if d.MessageTS != "" {
		m.notes[msgKey(d.TeamID, d.ChannelID, d.MessageTS)] = d.ID
	}
	if e, ok := m.byID[d.ID]; ok && (e.doc.TeamID != d.TeamID || e.doc.ShiftID != d.ShiftID) {
		// Moved to another family's list (MoveOpenNotes): out of the old
		// one's, then in as new.
		if old := m.byShift[e.doc.TeamID+"/"+e.doc.ShiftID]; old != nil {
			old.all = without(old.all, e)
			if e.inLive {
				old.live = without(old.live, e)
			}
			old.rev -= e.doc.Rev
		}
		delete(m.byID, d.ID)
	}
	s := m.byShift[key]
	if s == nil {
		s = &shiftNotes{}
		m.byShift[key] = s
	}
	if e, ok := m.byID[d.ID]; ok {
		// Changed: its reading may have too (an edit, a tag), and a note
		// done or deleted and then restored is live again.
		s.rev += d.Rev - e.doc.Rev
		m.gen++
		e.doc, e.note, e.gen, e.read, e.pastFrom = d, d.domain(), m.gen, false, time.Time{}
		if !e.inLive && d.DeletedAt == nil {
			e.inLive = true
			s.live = inserted(s.live, e)
		}
		return
	}
	e := m.entryOf(d)
	m.byID[d.ID] = e
	s.all = inserted(s.all, e)
	s.rev += d.Rev
	if d.DeletedAt == nil {
		e.inLive = true
		s.live = inserted(s.live, e)
	}
}

// inserted puts e in list at its place in Notes' order: at the end, for
// nearly every new note.
func inserted(list []*noteEntry, e *noteEntry) []*noteEntry {
	i := sort.Search(len(list), func(i int) bool { return noteBefore(e.doc, list[i].doc) })
	list = append(list, nil)
	copy(list[i+1:], list[i:])
	list[i] = e
	return list
}

// without removes e from list.
func without(list []*noteEntry, e *noteEntry) []*noteEntry {
	for i := range list {
		if list[i] == e {
			copy(list[i:], list[i+1:])
			list[len(list)-1] = nil
			return list[:len(list)-1]
		}
	}
	return list
}

// noteByID returns a note by id, of whichever team: callers check.
func (m *memIndex) noteByID(id string) (logDoc, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	e, ok := m.byID[id]
	if !ok {
		return logDoc{}, false
	}
	return e.doc, true
}

// notesByID is NotesByID from memory.
func (m *memIndex) notesByID(team string, ids []string) []bh.Note {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]bh.Note, 0, len(ids))
	for _, id := range ids {
		if e, ok := m.byID[id]; ok && e.doc.TeamID == team {
			out = append(out, m.withReplyLocked(e.note))
		}
	}
	return out
}

// eachNote calls fn with every note (in no order) while holding the read
// lock; fn must not call back into m.
func (m *memIndex) eachNote(fn func(d *logDoc)) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, s := range m.byShift {
		for _, e := range s.all {
			fn(&e.doc)
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
