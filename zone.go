package babyhandoff

import (
	"sync"
	"time"
)

// Location is the shift's time zone: the one learnt from a person's Slack
// profile, else def (UTC when def is nil). Every rule that reads "today" or
// "5pm" in a shift's notes reads it in this zone.
func (s Shift) Location(def *time.Location) *time.Location { return ZoneOr(s.TZ, def) }

// Location is the zone the run was planned in, else def (UTC when nil).
func (r Run) Location(def *time.Location) *time.Location { return ZoneOr(r.TZ, def) }

// zones caches loaded zones: time.LoadLocation reads the zone database on
// every call, and a shift's zone is wanted on every note.
var zones sync.Map // name → *time.Location

// ZoneOr is the zone named name (an IANA name), else def (UTC when nil):
// for "" and for a name this machine does not know. Zones are loaded once.
func ZoneOr(name string, def *time.Location) *time.Location {
	if def == nil {
		def = time.UTC
	}
	if l, ok := KnownZone(name); ok {
		return l
	}
	return def
}

// KnownZone loads the zone named name once and reports whether this
// machine knows it ("" is not a zone).
func KnownZone(name string) (*time.Location, bool) {
	if name == "" {
		return nil, false
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), true
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	zones.Store(name, l)
	return l, true
}
