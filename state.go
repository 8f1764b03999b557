package babyhandoff

import "time"

// RiskLevel orders how urgent a shift's risks are.
type RiskLevel int

// Risk levels, lowest first.
const (
	RiskNone RiskLevel = iota
	RiskLow
	RiskMedium
	RiskHigh
	RiskCritical
)

func (l RiskLevel) String() string {
	switch l {
	case RiskLow:
		return "low"
	case RiskMedium:
		return "medium"
	case RiskHigh:
		return "high"
	case RiskCritical:
		return "critical"
	}
	return "none"
}

// RiskItem is one thing the radar watches: a deadline, a running-low
// supply or a fixed commitment, with the notes it came from.
type RiskItem struct {
	// Key identifies the item across recomputes (its kind and note id).
	Key     string
	Kind    Tag
	Text    string
	At      *time.Time // due, runs out, or starts
	Overdue bool
	// Dropped marks a deadline overdue past OverdueDrop: out of plans and
	// of the radar's level, still listed.
	Dropped bool
	// Since is when a supply was said to be out ("out since 21:40"); for
	// a health note, when its ask clock started (written, or last said
	// still a concern): never shown, it keys the asks.
	Since   *time.Time
	Level   RiskLevel
	NoteIDs []string
	// Ask marks an open health note that has gone HealthAskAfter without
	// news: "Still a concern?", with Resolved and Still a concern.
	Ask bool
	// Mood marks a health note about the parent's own mood (Fact.Mood):
	// where it is listed, MoodSupportLine follows HealthLine.
	Mood bool
}

// ShiftState is the Risk Radar's live view of a shift.
type ShiftState struct {
	TeamID        string
	ShiftID       string
	ChannelID     string
	Energy        Energy
	EnergyChosen  bool
	EnergyNoteIDs []string
	Level         RiskLevel
	Deadlines     []RiskItem
	Inventory     []RiskItem
	Commitments   []RiskItem
	// Health lists the open health notes, oldest first. They carry no
	// level and never raise the radar's: ranking them would be triage.
	// Every surface that says what is going on opens with them.
	Health      []RiskItem
	NextActions []Item // at most 3, each with evidence
	Notes       int
	// NotesRev is the sum of the revisions of the shift's notes (deleted
	// ones too) the state was computed from, plus those of the notes the
	// retention sweep removed (Shift.SweptRev). It only grows, so it orders
	// states that several processes compute at once: an older one never
	// replaces a newer one.
	NotesRev   int
	ComputedAt time.Time
}

// NoteIDs lists the notes the state cites (its items', its next actions'
// and its energy's), each once: what a message about it links to.
func (s ShiftState) NoteIDs() []string {
	seen := map[string]bool{}
	var out []string
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	for _, group := range [][]RiskItem{s.Health, s.Deadlines, s.Inventory, s.Commitments} {
		for _, it := range group {
			add(it.NoteIDs)
		}
	}
	for _, a := range s.NextActions {
		add(a.NoteIDs)
	}
	add(s.EnergyNoteIDs)
	return out
}

// Critical lists the keys of the state's critical items.
func (s ShiftState) Critical() []string {
	var out []string
	for _, group := range [][]RiskItem{s.Deadlines, s.Inventory} {
		for _, it := range group {
			if it.Level == RiskCritical {
				out = append(out, it.Key)
			}
		}
	}
	return out
}

// NoteChange says that a note of a shift changed: the Risk Radar's doorbell.
type NoteChange struct {
	TeamID  string
	ShiftID string
	// Token resumes a change stream after this change.
	Token []byte
}

// RadarCursor is where the radar's change stream resumes, and the time up to
// which every change has been handled.
type RadarCursor struct {
	Token []byte
	At    time.Time
}

// PostKind says what the radar posts.
type PostKind string

// What the radar posts: a nudge when risk rises (one message a day, updated
// in place), a reminder before a deadline, the morning outlook.
const (
	PostNudge    PostKind = "nudge"
	PostReminder PostKind = "reminder"
	PostOutlook  PostKind = "outlook"
	// PostHealthAsk asks "Still a concern?" about the health notes open
	// HealthAskAfter without news, all due at once in one message: once per
	// note per HealthAskAfter, never in quiet hours. The notes asked about
	// are its State.Health (each with Ask).
	PostHealthAsk PostKind = "health_ask"
	// PostNew is a short reply, in the thread of the standing message,
	// saying what new critical item the message was just updated with:
	// Slack does not notify an update in place, so within the calm window
	// this reply (mentioning its reader) is how the new item is heard.
	// Its items are New.
	PostNew PostKind = "new"
)

// RadarPost is a message the radar wants in a shift's conversation.
type RadarPost struct {
	Kind  PostKind
	Shift Shift
	State ShiftState
	// Item is the deadline a reminder is about (nil for other posts).
	Item *RiskItem
	// Why says why now ("risk rose to critical", "due in 2 h"); WhyStamps
	// are the times written in it.
	Why       string
	WhyStamps []Stamp
	// UpdateTS, when set, is the message to update in place.
	UpdateTS string
	// New are critical items the message did not show before: an update
	// in place leads with them ("New: Out of formula"), and a PostNew
	// reply names them.
	New []RiskItem
	// Key is the post's claim in the store. The message carries it (as
	// Slack message metadata) so that a process taking over a stale claim
	// can find a post Slack took but the store never heard of.
	Key string
	// Location reads and shows times: the shift's zone.
	Location *time.Location
	// Clock is how its reader reads times where Slack's tokens do not
	// reach (the notification text): set for a DM, whose reader is known.
	Clock Clock
	Now   time.Time
	// Duty is who is on duty in the conversation, filled in by the poster:
	// in a family channel the radar speaks to them, with a mention.
	Duty Duty
	// DutyName is the duty person's name (filled in by the poster), for a
	// DM they are not in: a mention there reaches nobody.
	DutyName string
	// Claims are who said "I'll do it", by note id (filled in by the
	// poster): the radar names them and speaks to them rather than to the
	// person on duty.
	Claims map[string]string
	// ClaimNames are the claimers' names, by user id, for a post in a DM:
	// there the radar names them rather than mentions them.
	ClaimNames map[string]string
	// To is where the post goes: a new post is sent there, an update is
	// made in the conversation of the message it updates (To.ChannelID).
	// Empty: Shift.ChannelID (before families, the one conversation).
	To Route
}

// Route is where a family's radar post goes (radar.Router decides): the
// DM of the person on duty, threaded under their handoff message; else a
// family channel; else the DM of whoever wrote the item's note.
type Route struct {
	// ChannelID is the conversation to post in.
	ChannelID string
	// UserID is the person whose DM it is; "" for a channel.
	UserID string
	// ThreadTS, when set, is the message (a handoff) to thread under.
	ThreadTS string
	// Duty says the person is on duty, the reason for the route.
	Duty bool
	// Why says why this route, for the logs ("on duty", "writer").
	Why string
}

// Place is the conversation a post to r goes to: r.ChannelID, else def.
func (r Route) Place(def string) string {
	if r.ChannelID != "" {
		return r.ChannelID
	}
	return def
}

// RadarSettings are a shift's radar choices and the radar's own notes on it.
type RadarSettings struct {
	TeamID  string
	ShiftID string
	// SnoozedUntil silences nudges and reminders until then.
	SnoozedUntil time.Time
	// OutlookOn sends the 24-hour outlook each morning at OutlookHour
	// (local time of the shift).
	OutlookOn   bool
	OutlookHour int
	// Quiet are the quiet hours a person chose; nil: DefaultQuietHours for
	// the radar, DefaultNightHours for plans.
	Quiet *QuietHours
	// Off, when set, says why the radar stopped posting here (the bot was
	// removed from the channel); posting resumes when a person acts again.
	Off   string
	OffAt time.Time
	// OffNotesRev is the state's NotesRev when it stopped: a later change
	// of the notes (a person is there again) switches it back on; time
	// passing does not.
	OffNotesRev int
}

// DefaultOutlookHour is the morning outlook's hour until a family sets one.
const DefaultOutlookHour = 7

// DefaultRadarSettings are a family's settings before any are stored.
func DefaultRadarSettings(teamID, shiftID string) RadarSettings {
	return RadarSettings{TeamID: teamID, ShiftID: shiftID, OutlookHour: DefaultOutlookHour}
}

// ErrSettingsBusy refuses a change of radar settings that lost, again
// and again, to changes made meanwhile.
var ErrSettingsBusy = Errorf(ECONFLICT, "the radar settings here keep changing; try again")

// QuietHours are the shift's quiet hours: chosen, else the default.
func (s RadarSettings) QuietHours() QuietHours {
	if s.Quiet != nil {
		return *s.Quiet
	}
	return DefaultQuietHours
}

// NightHours are the hours a plan keeps for sleep: the quiet hours chosen,
// else DefaultNightHours.
func (s RadarSettings) NightHours() QuietHours {
	if s.Quiet != nil {
		return *s.Quiet
	}
	return DefaultNightHours
}

// Snoozed reports whether nudges are silenced at now.
func (s RadarSettings) Snoozed(now time.Time) bool { return now.Before(s.SnoozedUntil) }

// PostRecord is the store's claim on one radar post. Its Key is unique, so
// when several processes share a database exactly one of them posts.
type PostRecord struct {
	// Key: nudge "nudge:team/shift/day/seq", reminder
	// "reminder:team/shift/item/due", outlook "outlook:team/shift/day".
	Key     string
	Kind    PostKind
	TeamID  string
	ShiftID string
	// Day is the shift's local date (2006-01-02) the post belongs to.
	Day string
	// Seq numbers a day's nudges: a new one only when risk rises.
	Seq int
	// Level, Critical and Items are what the post showed; Fingerprint is
	// the state it showed, so an update in place happens once.
	Level       RiskLevel
	Critical    []string
	Items       []string
	Fingerprint string
	// Owner and ClaimedAt say which process is posting; a claim without a
	// TS that is old was left by a crash and is taken over.
	Owner     string
	ClaimedAt time.Time
	// MadeAt is when the post was first claimed: the moment it belongs
	// to. It stays when a claim is taken over (ClaimedAt moves then);
	// zero on posts claimed before it was kept.
	MadeAt    time.Time
	ChannelID string
	// TS is the posted message; Failed says why it will not be.
	TS       string
	Failed   string
	PostedAt time.Time
	// Superseded counts the take-overs of this claim from a process that
	// stopped before recording a TS: each posts a new message, as a
	// message Slack may have taken then is never searched for.
	Superseded int `json:",omitempty"`
}
