package bot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// A note's reply says its time on its writer's clock, in the notification
// text too ("Saved as Deadline (due Tue 5 PM)"); Slack's token in the
// message keeps that text as its fallback.
func TestTheReplySaysTimesOnTheWritersClock(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	due := time.Date(2026, 11, 24, 17, 0, 0, 0, ny)
	n := bh.Note{ID: "n1", Text: "daycare form due tomorrow 5pm", Tag: bh.TagDeadline, CreatedAt: due.Add(-20 * time.Hour)}
	f := bh.Fact{Due: &due}
	text, stamps := detail(n, f, ny, bh.Clock12)
	assert.Equal(t, "due Tue 5 PM", text)
	msg := blocks.NoteReply(n, text, stamps...)
	assert.Contains(t, msg.Text, "(due Tue 5 PM)")
	text, _ = detail(n, f, ny, bh.Clock24)
	assert.Equal(t, "due Tue 17:00", text)
}
