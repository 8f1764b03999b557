package babyhandoff

import (
	"time"
)

// Duty is who is on duty in a conversation, and until when: the person a
// plan is for and the radar speaks to. It changes by a handoff (when the
// receiver taps Got it), by `/handoff`, or on App Home.
type Duty struct {
	TeamID  string
	ShiftID string
	UserID  string
	Since   time.Time
	// Until is when the duty ends; zero: until someone takes over.
	Until time.Time
	// HandoffID is the handoff that made it so; "" when taken by hand.
	HandoffID string
}

// OnAt reports whether someone is on duty at t.
func (d Duty) OnAt(t time.Time) bool {
	return d.UserID != "" && !t.Before(d.Since) && (d.Until.IsZero() || t.Before(d.Until))
}

// Next reports whether the duty is still to come at t (a handoff for later
// tonight, already accepted).
func (d Duty) Next(t time.Time) bool { return d.UserID != "" && t.Before(d.Since) }

// HandoffRemindAfter is how long a receiver has to tap Got it before one
// gentle reminder (and a quiet note to the sender); never more than one.
const HandoffRemindAfter = 15 * time.Minute

// MaxHandoffHours bounds a handoff's length, like a plan's window.
const MaxHandoffHours = 24

// Handoff is one caregiver handing a conversation's shift to others: to
// whom, from when, for how long, with a personal message and the plan.
type Handoff struct {
	ID        string
	TeamID    string
	ShiftID   string
	ChannelID string // the conversation handed off
	From      string // the sender
	// To are the receivers; with Everyone, the people of Post (a family
	// channel) are asked instead, and the first Got it takes the duty.
	To       []string
	Everyone bool
	// Post is where the handoff is posted for Everyone: ChannelID, or a
	// channel the sender chose. "" sends each receiver a DM.
	Post    string
	Start   time.Time
	Hours   int
	Message string
	// RunID is the plan sent with it; "" without one.
	RunID     string
	CreatedAt time.Time
	// ThreadChannel and ThreadTS are the sender's side: the message in the
	// conversation whose thread hears Got it and questions.
	ThreadChannel string
	ThreadTS      string
	// Sent are the receivers' messages (one per receiver, or one in Post).
	Sent       []HandoffMessage
	GotBy      string
	GotAt      time.Time
	RemindedAt time.Time
}

// HandoffMessage is one message of a handoff, where a receiver reads it.
type HandoffMessage struct {
	UserID    string // "" for a channel post
	ChannelID string
	TS        string
	// InviteTS is the invite to join the family sent with it in the same
	// conversation to a receiver outside the family ("" without one):
	// "Join and take it" answers it in place, by this ts (Slack's history
	// is never read to find it).
	InviteTS string `json:",omitempty"`
}

// End is when the handed-off time ends.
func (h Handoff) End() time.Time { return h.Start.Add(time.Duration(h.Hours) * time.Hour) }

// Over reports whether the handed-off time has ended at t: a Got it then
// gives no duty.
func (h Handoff) Over(t time.Time) bool { return !t.Before(h.End()) }

// Taken reports whether a receiver tapped Got it.
func (h Handoff) Taken() bool { return h.GotBy != "" }

// Receiver reports whether user may take this handoff: one of To, or,
// for everyone in a channel, anyone but the sender.
func (h Handoff) Receiver(user string) bool {
	if user == "" {
		return false
	}
	if h.Everyone {
		return user != h.From
	}
	for _, u := range h.To {
		if u == user {
			return true
		}
	}
	return false
}

// DutyFrom is the duty a Got it at t gives: from the handoff's start (or
// t, when that is later) until its end.
func (h Handoff) DutyFrom(user string, t time.Time) Duty {
	since := h.Start
	if t.After(since) {
		since = t
	}
	return Duty{TeamID: h.TeamID, ShiftID: h.ShiftID, UserID: user, Since: since, Until: h.End(), HandoffID: h.ID}
}
