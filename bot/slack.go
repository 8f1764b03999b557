package bot

import (
	"context"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// Slack is the part of the Web API the bot calls. *slack.Client satisfies it;
// tests may pass a hand-written fake.
type Slack interface {
	AuthTestContext(ctx context.Context) (*slack.AuthTestResponse, error)
	PostMessageContext(ctx context.Context, channelID string, options ...slack.MsgOption) (string, string, error)
	UpdateMessageContext(ctx context.Context, channelID, timestamp string, options ...slack.MsgOption) (string, string, string, error)
	PostEphemeralContext(ctx context.Context, channelID, userID string, options ...slack.MsgOption) (string, error)
	OpenViewContext(ctx context.Context, triggerID string, view slack.ModalViewRequest) (*slack.ViewResponse, error)
	GetPermalinkContext(ctx context.Context, params *slack.PermalinkParameters) (string, error)
	UploadFileContext(ctx context.Context, params slack.UploadFileParameters) (*slack.FileSummary, error)
	PublishViewContext(ctx context.Context, req slack.PublishViewContextRequest) (*slack.ViewResponse, error)
	OpenConversationContext(ctx context.Context, params *slack.OpenConversationParameters) (*slack.Channel, bool, bool, error)
	GetUserInfoContext(ctx context.Context, user string, options ...slack.GetUserInfoOption) (*slack.User, error)
	GetConversationHistoryContext(ctx context.Context, params *slack.GetConversationHistoryParameters) (*slack.GetConversationHistoryResponse, error)
}

var _ Slack = (*slack.Client)(nil)

// Store is what the bot needs from the database: notes and runs.
type Store interface {
	NoteStore
	RunStore
	RadarStore
}

// RunStore keeps council runs; it is also the council's store.
type RunStore interface {
	council.Store
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	LoadSample(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	RunRecord(ctx context.Context, teamID, runID string) (bh.RunRecord, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
	UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error)
	StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error)
	FinishUpload(ctx context.Context, id string) error
	TakePendingUploads(ctx context.Context, cutoff time.Time) ([]bh.Upload, error)
	FailInterruptedRuns(ctx context.Context, olderThan time.Duration) ([]bh.Run, error)
	SaveArtifact(ctx context.Context, teamID, shiftID string, a bh.Artifact) error
}

// NoteStore keeps notes.
type NoteStore interface {
	CaptureNote(ctx context.Context, in bh.NewNote) (bh.Note, bool, error)
	MarkEvent(ctx context.Context, teamID, eventID string) (bool, error)
	EventSeen(ctx context.Context, teamID, eventID string) (bool, error)
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	NoteByMessage(ctx context.Context, teamID, channelID, ts string) (bh.Note, error)
	RetagNote(ctx context.Context, teamID, id string, tag bh.Tag) (bh.Note, error)
	SetNoteReply(ctx context.Context, teamID, id, channelID, ts string) error
	DeleteNote(ctx context.Context, teamID, id string) (bh.Note, error)
	RestoreNote(ctx context.Context, teamID, id string) (bh.Note, error)
	EditNote(ctx context.Context, teamID, channelID, ts, rawText string, inferred bh.Tag) (bh.Note, error)
}
