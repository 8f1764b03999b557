package store

import (
	"context"
	"sync"
	"time"

	"github.com/256dpi/lungo/bsonkit"
	"go.mongodb.org/mongo-driver/bson"
)

// memIndex answers the capture path's lookups without a query on the
// embedded engine, which scans a whole collection for every query (even by
// _id; its indexes serve uniqueness only). At 10 MB a scan costs ~10 ms and
// would run inside the single-writer transaction for every note. The index is
// sound because the embedded file is locked to this process: it is built once
// at open and changed only after a commit succeeds. Unique indexes in the
// database stay the safety net for the moments in between.
type memIndex struct {
	mu      sync.RWMutex
	shifts  *docCache[shiftDoc]      // "id:" + id, "tc:" + team/channel → shift
	states  *docCache[shiftStateDoc] // team/shift → the radar's state
	runs    *latestRuns
	convs   *groupIndex[convDoc]   // conversations' rows: by _id, and "s:" team/shift
	members *groupIndex[memberDoc] // by _id, "s:" team/shift and "u:" team/user
	notes   map[string]string      // team/channel/ts → note id
	events  map[string]time.Time   // team:event → received
	replies map[string]replyDoc    // note id → where its confirmation is
	ttl     time.Duration
	byShift map[string]*shiftNotes // team/shift → its notes (notecache.go)
	byID    map[string]*noteEntry  // note id → its entry in byShift
	gen     uint64                 // the last noteEntry.gen given
}

func msgKey(team, channel, ts string) string { return team + "/" + channel + "/" + ts }

func (db *DB) buildIndex(ctx context.Context) error {
	m := &memIndex{shifts: newDocCache(shiftKeys), states: newDocCache(func(d shiftStateDoc) []string { return []string{d.ID} }),
		notes: map[string]string{}, events: map[string]time.Time{}, replies: map[string]replyDoc{},
		runs:    &latestRuns{latest: map[string]runDoc{}},
		byShift: map[string]*shiftNotes{}, byID: map[string]*noteEntry{}, ttl: db.cfg.EventTTL,
		convs: newGroupIndex(func(d convDoc) string { return d.ID }, func(d convDoc) []string {
			if d.ShiftID == "" {
				return nil // feeds no family
			}
			return []string{"s:" + d.TeamID + "/" + d.ShiftID}
		}),
		members: newGroupIndex(func(d memberDoc) string { return d.ID }, func(d memberDoc) []string {
			return []string{"s:" + d.TeamID + "/" + d.ShiftID, "u:" + d.TeamID + "/" + d.UserID}
		})}
	convs, err := findAll[convDoc](ctx, db, colConversations, bson.D{}, nil)
	if err != nil {
		return err
	}
	m.convs.fill(convs)
	members, err := findAll[memberDoc](ctx, db, colMembers, bson.D{}, nil)
	if err != nil {
		return err
	}
	m.members.fill(members)
	shifts, err := findAll[shiftDoc](ctx, db, colShifts, bson.D{}, nil)
	if err != nil {
		return err
	}
	m.shifts.fill(shifts)
	states, err := db.allStates(ctx)
	if err != nil {
		return err
	}
	m.states.fill(states)
	runs, err := findAll[runDoc](ctx, db, colRuns, bson.D{}, nil)
	if err != nil {
		return err
	}
	m.runs.fill(runs)
	logs, err := db.allNotes(ctx)
	if err != nil {
		return err
	}
	m.fillNotes(logs)
	evs, err := findAll[slackEventDoc](ctx, db, colSlackEvents, bson.D{}, nil)
	if err != nil {
		return err
	}
	for _, e := range evs {
		m.events[e.ID] = e.ReceivedAt
	}
	rs, err := allOf[replyDoc](ctx, db, colReplies)
	if err != nil {
		return err
	}
	for _, r := range rs {
		m.replies[r.ID] = r
	}
	db.mem = m
	db.hook.Store(m)
	return nil
}

func (m *memIndex) setReply(r replyDoc) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.replies[r.ID] = r
}

// repliesCommitted applies a commit's reply locations. A location set in
// memory since (a newer reply, not yet committed) is not undone by an
// older one's commit or removal.
func (m *memIndex) repliesCommitted(puts []bson.Raw, gone bsonkit.List) error {
	put, removed, err := decodeChange[replyDoc](puts, gone)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range removed {
		if have, ok := m.replies[r.ID]; ok && !have.At.After(r.At) {
			delete(m.replies, r.ID)
		}
	}
	for _, r := range put {
		if have, ok := m.replies[r.ID]; !ok || !have.At.After(r.At) {
			m.replies[r.ID] = r
		}
	}
	return nil
}

// repliesBefore lists the reply locations set before cutoff.
func (m *memIndex) repliesBefore(cutoff time.Time) []replyDoc {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []replyDoc
	for _, r := range m.replies {
		if r.At.Before(cutoff) {
			out = append(out, r)
		}
	}
	return out
}

func (m *memIndex) reply(noteID string) (replyDoc, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	r, ok := m.replies[noteID]
	return r, ok
}

// shiftKeys are the two ways a shift is looked up: by id and by its
// conversation.
func shiftKeys(d shiftDoc) []string {
	return []string{"id:" + d.ID, "tc:" + d.TeamID + "/" + d.ChannelID}
}

func (m *memIndex) shift(team, channel string) (shiftDoc, bool) {
	if m == nil {
		return shiftDoc{}, false
	}
	return m.shifts.get("tc:" + team + "/" + channel)
}

// conv is the row of team/channel.
func (m *memIndex) conv(team, channel string) (convDoc, bool) {
	if m == nil {
		return convDoc{}, false
	}
	return m.convs.get(convID(team, channel))
}

func (m *memIndex) shiftByID(team, id string) (shiftDoc, bool) {
	if m == nil {
		return shiftDoc{}, false
	}
	s, ok := m.shifts.get("id:" + id)
	return s, ok && s.TeamID == team
}

func (m *memIndex) note(team, channel, ts string) (string, bool) {
	if m == nil || ts == "" {
		return "", false
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	id, ok := m.notes[msgKey(team, channel, ts)]
	return id, ok
}

// seen reports whether an event id is known; it never answers "no" for
// sure (the caller asks the database then), only "yes".
func (m *memIndex) seen(key string, now time.Time) bool {
	if m == nil {
		return false
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	at, ok := m.events[key]
	return ok && now.Sub(at) < m.ttl
}

// eventMarked records a Slack event id MarkEvent stored. (A note's
// message is recorded by the commit that stores the note: notecache.go.)
func (m *memIndex) eventMarked(eventKey string, at time.Time) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events[eventKey] = at
	// Forget expired ids now and then so the map stays as small as the
	// collection the TTL index keeps.
	if len(m.events)%1024 == 0 {
		for k, t := range m.events {
			if at.Sub(t) >= m.ttl {
				delete(m.events, k)
			}
		}
	}
}

// forget drops event ids past their time, as a sweep removed them from the
// database.
func (m *memIndex) forget(now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, t := range m.events {
		if now.Sub(t) >= m.ttl {
			delete(m.events, k)
		}
	}
}
