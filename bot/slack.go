package bot

import (
	"context"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
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
}

var _ Slack = (*slack.Client)(nil)

// Store is what the bot needs from the database.
type Store interface {
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
