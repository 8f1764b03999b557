package babyhandoff

import (
	"strings"
	"time"
)

// A family is people in one workspace who share one list: notes, plans,
// the radar, who is on duty and handoffs. It is a Shift (its ID is the
// family's id); which conversations feed it and who belongs to it are
// recorded beside it (Conversation, Member), so everything keyed by a
// shift is the family's without a change.

// ConversationKind says what a conversation with the bot is.
type ConversationKind string

// Conversation kinds.
const (
	ConvDM      ConversationKind = "dm"      // one person's DM with the bot
	ConvChannel ConversationKind = "channel" // a channel (or group DM) the bot is in
)

// ConversationKindOf reads a conversation's kind from its Slack id: DMs
// start with "D".
func ConversationKindOf(channelID string) ConversationKind {
	if strings.HasPrefix(channelID, "D") {
		return ConvDM
	}
	return ConvChannel
}

// Conversation maps one Slack conversation to the family whose list it
// feeds. A DM maps to one family at a time.
type Conversation struct {
	TeamID    string
	ChannelID string
	ShiftID   string
	Kind      ConversationKind
	// UserID is a DM's person ("" for a channel, or a DM whose person is
	// not known yet).
	UserID string
	// Since is when it started feeding this family.
	Since time.Time
}

// Member is one person's belonging to a family.
type Member struct {
	TeamID   string
	ShiftID  string
	UserID   string
	JoinedAt time.Time
	// InvitedBy is who asked them to join; "" for the one whose first note
	// made the family (or a member found by the migration).
	InvitedBy string
}

// Person is what follows a person rather than a family's list.
type Person struct {
	TeamID string
	UserID string
	// Quiet are the night hours the person chose; nil: the defaults
	// (DefaultQuietHours for the radar, DefaultNightHours for plans).
	Quiet *QuietHours
	// UpdatedAt is when it last changed (zero: never stored).
	UpdatedAt time.Time
}

// InviteAnswer is how a person answered an invite to join a family.
type InviteAnswer string

// Answers to an invite; "" is none yet.
const (
	InviteJoin   InviteAnswer = "join"
	InviteNotNow InviteAnswer = "not_now"
)

// Valid reports whether a is an answer.
func (a InviteAnswer) Valid() bool { return a == InviteJoin || a == InviteNotNow }

// Invite asks a person to join a family (Add your partner, or a handoff to
// someone outside it). Only the first answer counts.
type Invite struct {
	ID      string
	TeamID  string
	ShiftID string
	From    string
	To      string
	// HandoffID is the handoff that sent it; "" for Add your partner.
	HandoffID  string
	CreatedAt  time.Time
	Answer     InviteAnswer
	AnsweredAt time.Time
}

// Answered reports whether the invite has its answer.
func (i Invite) Answered() bool { return i.Answer != "" }

// Refusals of a Join that every engine gives alike.
var (
	// ErrInviteAnswered refuses a second answer to an invite.
	ErrInviteAnswered = Errorf(ECONFLICT, "You answered that invite already; nothing was changed.")
	// ErrInviterLeft refuses a Join asked by someone no longer in the
	// family: their invite no longer stands.
	ErrInviterLeft = Errorf(ECONFLICT, "The person who asked you is no longer in the family that invite was for, so it no longer stands; nothing was changed.")
)

// CheckJoin refuses a Join that names no one, or with a DM (dm, the
// conversation that is to feed the family) that is not one.
func (m Member) CheckJoin(dm string) error {
	if m.TeamID == "" || m.ShiftID == "" || m.UserID == "" {
		return Errorf(EINVALID, "Joining needs a team, a family and a person.")
	}
	if dm != "" && ConversationKindOf(dm) != ConvDM {
		return Errorf(EINVALID, "Only a DM joins with its person.")
	}
	return nil
}

// Accept is the Join that userID asks by answering i with Join, with
// their DM dm. Someone else's invite is EFORBIDDEN, one answered before
// ErrInviteAnswered; the Join must pass CheckJoin too.
func (i Invite) Accept(userID, dm string) (Member, error) {
	m := Member{TeamID: i.TeamID, ShiftID: i.ShiftID, UserID: userID, InvitedBy: i.From}
	switch {
	case i.To != userID:
		return m, Errorf(EFORBIDDEN, "That invite is for someone else; nothing was changed.")
	case i.Answered():
		return m, ErrInviteAnswered
	}
	return m, m.CheckJoin(dm)
}

// familyPrefix starts the founding key of a family that no conversation
// of its own could key.
const familyPrefix = "family:"

// FamilyKey is the founding key (Shift.ChannelID) of a family started in a
// conversation whose own key an earlier family holds: someone who left a
// family starts a new one at their next note. It is never a place to post.
func FamilyKey(shiftID string) string { return familyPrefix + shiftID }

// IsFamilyKey reports whether channelID is a FamilyKey rather than a Slack
// conversation.
func IsFamilyKey(channelID string) bool { return strings.HasPrefix(channelID, familyPrefix) }
