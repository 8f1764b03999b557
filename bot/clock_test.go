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
	text, stamps := detail(n, f, ny, bh.Clock12, "")
	assert.Equal(t, "due Tue 5 PM", text)
	msg := blocks.NoteReply(n, text, stamps...)
	assert.Contains(t, msg.Text, "(due Tue 5 PM)")
	text, _ = detail(n, f, ny, bh.Clock24, "")
	assert.Equal(t, "due Tue 17:00", text)
}

// For a DM's writer who lives in another zone than the family's, every
// time of the reply names the family's zone, as plain text: Slack would
// show a date token in the writer's own zone.
func TestTheReplyNamesTheFamilysZoneForAWriterElsewhere(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	toronto, err := time.LoadLocation("America/Toronto")
	require.NoError(t, err)
	start := time.Date(2026, 11, 24, 14, 0, 0, 0, ny)
	end := start.Add(time.Hour)
	n := bh.Note{ID: "n1", Text: "pediatrician 2-3pm", Tag: bh.TagNote, CreatedAt: start.Add(-3 * time.Hour)}
	f := bh.Fact{Start: &start, End: &end}

	zone := zoneNamed(ny, london, start, start, end)
	assert.Equal(t, "New York time", zone)
	text, stamps := detail(n, f, ny, bh.Clock24, zone)
	assert.Equal(t, "Tue 14:00–15:00 New York time", text)
	assert.Empty(t, stamps, "plain text, no date token")
	assert.Equal(t, "out", func() string { s, _ := detail(n, bh.Fact{Out: true}, ny, bh.Clock24, zone); return s }())

	assert.Empty(t, zoneNamed(ny, nil, start, start), "a channel: its readers share the family's zone")
	assert.Empty(t, zoneNamed(ny, ny, start, start), "the writer's own zone")
	assert.Empty(t, zoneNamed(ny, toronto, start, start), "a zone on the same clock then")

	maya := bh.Note{ID: "n0", UserID: "U1", ChannelID: "DU1", Text: "out of formula", CreatedAt: time.Date(2026, 11, 24, 21, 40, 0, 0, ny)}
	pat := bh.Note{ID: "n2", UserID: "U2", ChannelID: "DU2", Text: "got formula"}
	names := func(string) string { return "Maya" }
	assert.Equal(t, "closes: out of formula, noted by Maya 21:40 New York time", closesText(pat, []bh.Note{maya}, names, ny, bh.Clock24, "New York time"))
}
