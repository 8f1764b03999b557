package babyhandoff

import (
	"sync"
	"time"
)

// Location is the shift's time zone: the one learnt from a person's Slack
// profile, else def (UTC when def is nil). Every rule that reads "today" or
// "5pm" in a shift's notes reads it in this zone.
func (s Shift) Location(def *time.Location) *time.Location { return zoneOr(s.TZ, def) }

// Location is the zone the run was planned in, else def (UTC when nil).
func (r Run) Location(def *time.Location) *time.Location { return zoneOr(r.TZ, def) }

// zones caches loaded zones: time.LoadLocation reads the zone database on
// every call, and a shift's zone is wanted on every note.
var zones sync.Map // name → *time.Location

func zoneOr(name string, def *time.Location) *time.Location {
	if def == nil {
		def = time.UTC
	}
	if name == "" {
		return def
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return def // a zone this machine does not know: the default, not a failure
	}
	zones.Store(name, l)
	return l
}
