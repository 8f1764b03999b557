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
	// AcceptInvite is Join by an invite, answered Join in the same write:
	// ECONFLICT when it was answered or its sender left the family.
	AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error)
}

// Changes is how the radar hears of notes.
type Changes interface {
	// WatchNotes streams note changes after resume (nil: from now).
	WatchNotes(ctx context.Context, resume []byte) (next func(context.Context) ([]bh.NoteChange, error), stop func() error, err error)
	ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error)
}

// Runs are plans: made, saved whole once, failed with a reason.
type Runs interface {
	CreateRun(ctx context.Context, run bh.Run) (bh.Run, error)
	SaveRunRecord(ctx context.Context, rec bh.RunRecord) error
	SaveArtifact(ctx context.Context, teamID, shiftID string, a bh.Artifact) error
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	RunByID(ctx context.Context, runID string) (bh.Run, error)
	RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	RunRecord(ctx context.Context, teamID, runID string) (bh.RunRecord, error)
	FailRun(ctx context.Context, teamID, runID, reason string) error
	FailInterruptedRuns(ctx context.Context, olderThan time.Duration) ([]bh.Run, error)
	UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error)
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
}

// Work is what a stopped process leaves for the next: agents, uploads.
type Work interface {
	RegisterAgents(ctx context.Context, agents []bh.Agent) error
	Agents(ctx context.Context) ([]bh.Agent, error)
	StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error)
	FinishUpload(ctx context.Context, id string) error
	TakePendingUploads(ctx context.Context, cutoff time.Time) ([]bh.Upload, error)
}

// Radar is the radar's state of each family and its timeline.
type Radar interface {
	ShiftState(ctx context.Context, teamID, shiftID string) (st bh.ShiftState, fingerprint string, found bool, err error)
	SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error
	StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error)
	RadarCursor(ctx context.Context) (bh.RadarCursor, error)
	SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error
	ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error)
}

// Posts are the radar's messages, claimed before they are sent.
type Posts interface {
	ClaimPost(ctx context.Context, p bh.PostRecord) (bool, error)
	PostSent(ctx context.Context, rec bh.PostRecord, ts string) error
	PostFailed(ctx context.Context, key, why string) error
	RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error)
	NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error)
	Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error)
	TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) ([]bh.PostRecord, error)
}

// Settings are a family's radar settings.
type Settings interface {
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error)
	AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error)
}

// Handoffs and who is on duty.
type Handoffs interface {
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	SetDuty(ctx context.Context, d bh.Duty) error
	CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error)
	Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error)
	HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error
	TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (bh.Handoff, bool, error)
	ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error)
	WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error)
	RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error)
	HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error)
}

// Upkeep is retention. (The sample family is bh.LoadSample over Notes and
// Families: its case here runs it on each engine.)
type Upkeep interface {
	// Sweep removes, by the store's clock, what is kept only for a while
	// (RUN_DETAIL_DAYS, NOTE_DAYS, event ids, reply places).
	Sweep(ctx context.Context) (bh.Swept, error)
}

// Archive moves a family out and in whole: export, import, and the move
// from one engine to the other.
type Archive interface {
	ExportFamily(ctx context.Context, sh bh.Shift) (bh.FamilyRecord, error)
	// ImportFamily writes what is not there and keeps what is.
	ImportFamily(ctx context.Context, r bh.FamilyRecord) (bh.Imported, error)
}

// Store is every repository the suite covers.
type Store interface {
	Notes
	Marks
	Events
	Families
	People
	Changes
	Runs
	Work
	Radar
	Posts
	Settings
	Handoffs
	Upkeep
	Archive
	TeamData
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
	// Fresh opens another empty store of the engine, on the same clock
	// (where an export is imported).
	Fresh func() Store
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
	for _, c := range slices.Concat(noteCases, familyCases, joinCases, changeCases, resumeCases, runCases, radarCases, handoffCases, upkeepCases, installationCases, teamDataCases, deletedCases) {
		t.Run(c.name, func(t *testing.T) {
			clock := clocktest.New(Start)
			c.run(&H{Store: open(t, clock.Now), T: t, Clock: clock, Ctx: context.Background(), Fresh: func() Store { return open(t, clock.Now) }})
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

// Family is the id of a new family, founded by a note in channel (its
// own writer's DM): the radar's states, runs, posts and handoffs are
// stored only for a family that is there.
func (h *H) Family(channel string) string {
	h.T.Helper()
	return h.Capture(channel, "U"+channel, "hello", channel+".0").ShiftID
}
