package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// A note's reply in a DM says what the store read: the note in its family's
// zone. Pat, in London, joined Maya's New York family; his "pay bill by
// 5pm" in his own DM is due at 5 PM New York time, as the radar and the
// plan hold it (10 PM his time). His reply said "due Tue 17:00", his own
// 5 PM; it names the zone now, on his clock, and so does its re-render when
// he edits the note. Maya, in the family's zone, sees no zone named.
func TestAReplyInADMIsReadInTheFamilysZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Date(2026, 11, 24, 11, 0, 0, 0, ny) // Tue; 16:00 in London
	ctx, db, fake, clock := replyWorld(t, now,
		slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"},
		slacktest.User{ID: "U2", Name: "Pat", TZ: "Europe/London", Locale: "en-GB"})

	// Maya's first note made her family, in her zone; Pat joined it.
	first := nyFamily(ctx, t, db, "DU1")
	_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: first.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
	require.NoError(t, err)

	runBot(t, fake, db, bot.Config{Now: clock})

	stored := func(ts string) bh.Note {
		t.Helper()
		notes, err := db.Notes(ctx, "T1", first.ShiftID, false)
		require.NoError(t, err)
		for _, n := range notes {
			if n.MessageTS == ts {
				return n
			}
		}
		require.Failf(t, "no note", "of message %s", ts)
		return bh.Note{}
	}

	// Pat's note: due 5 PM in New York, as stored.
	ts := fmt.Sprintf("%d.000200", now.Unix())
	reply := replyTo(ctx, t, fake, map[string]any{"type": "message", "channel": "DU2", "channel_type": "im", "user": "U2", "text": "pay bill by 5pm", "ts": ts})
	due := time.Date(2026, 11, 24, 17, 0, 0, 0, ny)
	n := stored(ts)
	require.NotNil(t, n.Reading.Due)
	assert.True(t, due.Equal(*n.Reading.Due), "stored due %v", n.Reading.Due)
	text, blocks := reply.Form.Get("text"), unescapeJSON(reply.Form.Get("blocks"))
	assert.Contains(t, text, "(due Tue 17:00 New York time)", "the stored time, on Pat's 24-hour clock, its zone named")
	assert.Contains(t, blocks, "due Tue 17:00 New York time")
	assert.NotContains(t, blocks, "<!date^", "no date token: Slack would show it in Pat's zone beside New York's name")

	// He edits it: the reply follows, by the same rule.
	env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "DU2", "channel_type": "im", "subtype": "message_changed", "hidden": true,
		"ts": fmt.Sprintf("%d.000300", now.Unix()), "team": "T1",
		"message":          map[string]any{"type": "message", "user": "U2", "text": "pay bill by 6pm", "ts": ts},
		"previous_message": map[string]any{"type": "message", "user": "U2", "text": "pay bill by 5pm", "ts": ts}})
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, env)
	require.NoError(t, err)
	edited, err := fake.WaitCall(ctx, "chat.update", func(c slacktest.Call) bool {
		return c.Form.Get("channel") == reply.Form.Get("channel") && strings.Contains(c.Form.Get("text"), "6pm")
	})
	require.NoError(t, err)
	n = stored(ts)
	require.NotNil(t, n.Reading.Due)
	assert.True(t, due.Add(time.Hour).Equal(*n.Reading.Due), "stored due %v", n.Reading.Due)
	assert.Contains(t, edited.Form.Get("text"), "(due Tue 18:00 New York time)")

	// Maya, in the family's zone: as before, no zone named.
	mts := fmt.Sprintf("%d.000400", now.Unix())
	mine := replyTo(ctx, t, fake, map[string]any{"type": "message", "channel": "DU1", "channel_type": "im", "user": "U1", "text": "daycare form due tomorrow 5pm", "ts": mts})
	wed := time.Date(2026, 11, 25, 17, 0, 0, 0, ny)
	assert.Contains(t, mine.Form.Get("text"), "(due Wed 5 PM)")
	assert.NotContains(t, mine.Form.Get("text"), "New York")
	assert.Contains(t, unescapeJSON(mine.Form.Get("blocks")), fmt.Sprintf("<!date^%d^{date_short_pretty} {time}|Wed 5 PM>", wed.Unix()))
}

// Before a family has a zone, a note is read in its writer's: the zone the
// family learns from them (DEFAULT_TZ where Slack has none). The reply
// names none: it is the writer's own.
func TestAFirstNotesReplyIsInItsWritersZone(t *testing.T) {
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Date(2026, 11, 24, 11, 0, 0, 0, london)
	ctx, db, fake, clock := replyWorld(t, now, slacktest.User{ID: "U2", Name: "Pat", TZ: "Europe/London", Locale: "en-GB"})
	runBot(t, fake, db, bot.Config{Now: clock, Location: ny})

	reply := replyTo(ctx, t, fake, map[string]any{"type": "message", "channel": "DU2", "channel_type": "im", "user": "U2", "text": "pay bill by 5pm",
		"ts": fmt.Sprintf("%d.000200", now.Unix())})
	assert.Contains(t, reply.Form.Get("text"), "(due Tue 17:00)")
	assert.NotContains(t, reply.Form.Get("text"), "time)")
}
