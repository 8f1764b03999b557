package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// The contract every engine keeps, as small repositories. Run holds an
// engine to it: the same cases run against the current store and against
// store/sqlite, so a switch from one to the other changes no behaviour.

// Notes is capture and the life of one note.
type Notes interface {
	// CaptureNote stores a note once per Slack message (created false for
	// a message already stored); nil means durable.
	CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error)
	NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error)
	// Notes is a family's notes, oldest first.
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	// LiveNotes is what plans and the radar read of them at now.
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error)
	RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error)
	DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error)
	RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error)
	SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error
}

// Marks are what people say of a note's item from the radar and cards.
type Marks interface {
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	MarkStillOn(ctx context.Context, teamID, id string) (bh.Note, error)
	ClaimNote(ctx context.Context, teamID, id, user string) (bh.Note, error)
}

// Events de-duplicates Slack deliveries that make no note.
type Events interface {
	MarkEvent(ctx context.Context, teamID, eventID string) (bool, error)
	EventSeen(ctx context.Context, teamID, eventID string) (bool, error)
}

// Families maps conversations and people to families.
type Families interface {
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
	SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	FamilyOf(ctx context.Context, teamID, channelID string) (bh.Conversation, error)
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
	FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error)
	Join(ctx context.Context, m bh.Member, dm string) (from string, err error)
	Leave(ctx context.Context, teamID, shiftID, userID string) error
	MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (int, error)
}

// People and invites.
type People interface {
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	SetPerson(ctx context.Context, p bh.Person) error
	CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error)
	Invite(ctx context.Context, teamID, id string) (bh.Invite, error)
	InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error)
	AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (bh.Invite, bool, error)
}

// Changes is how the radar hears of notes.
type Changes interface {
	// WatchNotes streams note changes after resume (nil: from now).
	WatchNotes(ctx context.Context, resume []byte) (next func(context.Context) ([]bh.NoteChange, error), stop func() error, err error)
	ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error)
}

// Store is every repository the suite covers.
type Store interface {
	Notes
	Marks
	Events
	Families
	People
	Changes
}

// Opener opens a new, empty store of the engine under test on the clock
// now, and closes it when t ends.
type Opener func(t *testing.T, now func() time.Time) Store

// H is one case's world: a fresh store, its clock (standing at Start
// until the case moves it) and a context.
type H struct {
	Store
	T     *testing.T
	Clock *clocktest.Clock
	Ctx   context.Context
}

// Start is where every case's clock stands first: a Tuesday morning.
var Start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// Team is the Slack team of every case.
const Team = "T1"

type suiteCase struct {
	name string
	run  func(h *H)
}

// Run runs every case of the contract against the engine open opens.
func Run(t *testing.T, open Opener) {
	for _, c := range slices.Concat(noteCases, familyCases, changeCases) {
		t.Run(c.name, func(t *testing.T) {
			clock := clocktest.New(Start)
			c.run(&H{Store: open(t, clock.Now), T: t, Clock: clock, Ctx: context.Background()})
		})
	}
}

// Capture stores text as user's message ts in channel, now, and fails the
// case if it cannot.
func (h *H) Capture(channel, user, text, ts string) bh.Note {
	h.T.Helper()
	n, _, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: channel, UserID: user, RawText: text, MessageTS: ts, Source: bh.SourceDM})
	require.NoError(h.T, err)
	return n
}

// Live is the text of the family's live notes at the clock's time.
func (h *H) Live(shiftID string) []string {
	h.T.Helper()
	live, err := h.LiveNotes(h.Ctx, Team, shiftID, h.Clock.Now())
	require.NoError(h.T, err)
	out := []string{}
	for _, n := range live.Notes {
		out = append(out, n.Text)
	}
	return out
}

// Rev is the family's order of states (LiveNotes.Rev) now.
func (h *H) Rev(shiftID string) int {
	h.T.Helper()
	live, err := h.LiveNotes(h.Ctx, Team, shiftID, h.Clock.Now())
	require.NoError(h.T, err)
	return live.Rev
}
