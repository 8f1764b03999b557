package storetest

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// DB is the store New opens, whichever engine keeps it: the methods both
// engines (store/sqlite and store/mongo) have alike. Tests pass it
// where the bot, the radar or the council want their own small
// interfaces.
type DB interface {
	AcceptInvite(ctx context.Context, teamID, id, userID, dm string) (inv bh.Invite, from string, err error)
	Agents(ctx context.Context) ([]bh.Agent, error)
	AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error)
	AnswerInvite(ctx context.Context, teamID, id string, answer bh.InviteAnswer) (inv bh.Invite, answered bool, err error)
	CaptureNote(ctx context.Context, in bh.NewNote) (n bh.Note, created bool, err error)
	ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error)
	ClaimNote(ctx context.Context, teamID, id, user string) (bh.Note, error)
	ClaimPost(ctx context.Context, p bh.PostRecord) (claimed bool, err error)
	Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error)
	CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error)
	CreateInvite(ctx context.Context, inv bh.Invite) (bh.Invite, error)
	CreateRun(ctx context.Context, run bh.Run) (bh.Run, error)
	DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error)
	DeleteTeam(ctx context.Context, teamID string) (bh.Deleted, error)
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error)
	EventSeen(ctx context.Context, teamID, eventID string) (bool, error)
	ExportFamily(ctx context.Context, sh bh.Shift) (r bh.FamilyRecord, err error)
	FailInterruptedRuns(ctx context.Context, olderThan time.Duration) (out []bh.Run, err error)
	FailRun(ctx context.Context, teamID, runID, reason string) error
	FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error)
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	FamilyOf(ctx context.Context, teamID, channelID string) (c bh.Conversation, err error)
	FinishUpload(ctx context.Context, id string) error
	Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error)
	HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error)
	HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error
	Installation(ctx context.Context, key string) (bh.Installation, error)
	Invite(ctx context.Context, teamID, id string) (bh.Invite, error)
	InvitesTo(ctx context.Context, teamID, userID string) ([]bh.Invite, error)
	Join(ctx context.Context, m bh.Member, dm string) (from string, err error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	Leave(ctx context.Context, teamID, shiftID, userID string) error
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	MarkEvent(ctx context.Context, teamID, eventID string) (first bool, err error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	MarkStillOn(ctx context.Context, teamID, id string) (bh.Note, error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
	MoveOpenNotes(ctx context.Context, teamID, from, to, userID string) (moved int, err error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error)
	NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error)
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	Ping(ctx context.Context) error
	PostFailed(ctx context.Context, key, why string) error
	PostSent(ctx context.Context, rec bh.PostRecord, ts string) error
	Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error)
	RadarCursor(ctx context.Context) (cur bh.RadarCursor, err error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error)
	RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error)
	RegisterAgents(ctx context.Context, agents []bh.Agent) error
	RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error)
	RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error)
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	RunByID(ctx context.Context, runID string) (bh.Run, error)
	RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error)
	RunRecord(ctx context.Context, teamID, runID string) (rec bh.RunRecord, err error)
	SaveArtifact(ctx context.Context, teamID, _ string, a bh.Artifact) error
	SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error
	SaveRunRecord(ctx context.Context, rec bh.RunRecord) error
	SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error
	SetDuty(ctx context.Context, d bh.Duty) error
	SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error
	SetPerson(ctx context.Context, p bh.Person) error
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
	SetShiftTZ(ctx context.Context, teamID, shiftID, tz string) error
	Shift(ctx context.Context, teamID, channelID string) (sh bh.Shift, err error)
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
	ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error)
	ShiftState(ctx context.Context, teamID, shiftID string) (st bh.ShiftState, fingerprint string, found bool, err error)
	ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error)
	StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error)
	StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error)
	Sweep(ctx context.Context) (out bh.Swept, err error)
	TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (bh.Handoff, bool, error)
	TakePendingUploads(ctx context.Context, cutoff time.Time) (out []bh.Upload, err error)
	TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) (out []bh.PostRecord, err error)
	UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error)
	UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (s bh.RadarSettings, changed bool, err error)
	WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error)
	WatchNotes(ctx context.Context, resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error)
	Close(ctx context.Context) error
}
