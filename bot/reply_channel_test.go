package bot_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// A note's reply in a family channel is read by the family: its times are
// in the family's zone on that zone's clock, as the plan reads the note,
// whoever wrote it. Gran, in London, writes "tomorrow 5pm" in the New York
// family's channel at 9 PM there (2 AM her Wednesday): the family's
// tomorrow is Wednesday 5 PM; her zone with the family's clock said "Thu
// 5 PM", a time nobody reads.
func TestAReplyInAFamilyChannelIsInTheFamilysZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Date(2026, 11, 24, 21, 0, 0, 0, ny) // Tue; Wed 02:00 in London
	ctx, db, fake, clock := replyWorld(t, now,
		slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"},
		slacktest.User{ID: "U2", Name: "Gran", TZ: "Europe/London", Locale: "en-GB"})
	fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: []string{"U1", "U2", "U0BOT"}})

	// Maya's first note made C1 her family's, in her zone.
	nyFamily(ctx, t, db, "C1")

	runBot(t, fake, db, bot.Config{Now: clock})

	reply := replyTo(ctx, t, fake, map[string]any{"type": "message", "channel": "C1", "channel_type": "channel", "user": "U2",
		"text": "daycare form due tomorrow 5pm", "ts": fmt.Sprintf("%d.000200", now.Unix())})
	text := reply.Form.Get("text")
	blocks := unescapeJSON(reply.Form.Get("blocks"))
	due := time.Date(2026, 11, 25, 17, 0, 0, 0, ny)
	assert.Contains(t, text, "(due Wed 5 PM)", "the family's tomorrow, on its clock")
	assert.Contains(t, blocks, fmt.Sprintf("<!date^%d^{date_short_pretty} {time}|Wed 5 PM>", due.Unix()), "the date token's text too")
	assert.NotContains(t, text+blocks, "Thu", "not the writer's tomorrow")
}
