package bot_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// A purchase noted in a family channel closes, and its reply quotes, a
// member's DM item only once everyone in the channel has joined: until
// then the channel is not the family's shared place, and only items
// written in it are its to close.
func TestPurchaseInAChannelClosesDMItemsOnlyOnceEveryoneJoined(t *testing.T) {
	for _, tc := range []struct {
		name    string
		members []string // C1's
		closes  bool
	}{
		{name: "U3 in C1 has not joined: Sam's DM item stays open, unquoted", members: []string{"U1", "U2", "U3", "U0BOT"}},
		{name: "everyone in C1 joined: closed, and said whose", members: []string{"U1", "U2", "U0BOT"}, closes: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			now := time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC)
			clock := func() time.Time { return now }
			db := storetest.New(t, storetest.WithClock(clock))
			fake := slacktest.New(slacktest.Config{TeamID: "T1"})
			t.Cleanup(fake.Close)
			fake.SetUser(slacktest.User{ID: "U0BOT", Name: "babyhandoff", IsBot: true})
			fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "UTC"})
			fake.SetUser(slacktest.User{ID: "U2", Name: "Sam", TZ: "UTC"})
			fake.SetUser(slacktest.User{ID: "U3", Name: "Grandma", TZ: "UTC"})
			fake.SetChannel(slacktest.Channel{ID: "C1", IsMember: true, Members: tc.members})

			// Maya's family is C1's; Sam joined with his DM and noted the
			// wipes there.
			n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "C1", UserID: "U1", RawText: "slept 2h", MessageTS: "1.000100"})
			require.NoError(t, err)
			_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: n.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
			require.NoError(t, err)
			sams, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "DU2", UserID: "U2", RawText: "out of formula", MessageTS: "2.000100", Inferred: bh.TagInventory})
			require.NoError(t, err)
			require.Equal(t, n.ShiftID, sams.ShiftID)

			b := newBot(t, fake, db, bot.Config{Now: clock})
			runCtx, stop := context.WithCancel(ctx)
			done := make(chan error, 1)
			go func() { done <- b.Run(runCtx) }()
			t.Cleanup(func() {
				stop()
				assert.NoError(t, <-done)
			})
			require.NoError(t, fake.WaitConnections(ctx, 1))

			env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "C1", "channel_type": "channel", "user": "U1",
				"text": "got formula", "ts": "3.000100", "team": "T1"})
			require.NoError(t, err)
			_, err = fake.WaitAck(ctx, env)
			require.NoError(t, err)
			reply, err := fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "3.000100" })
			require.NoError(t, err)
			said, err := url.QueryUnescape(reply.Form.Encode())
			require.NoError(t, err)

			got, err := db.Note(ctx, "T1", sams.ID)
			require.NoError(t, err)
			assert.Equal(t, tc.closes, got.Done(), "Sam's DM item closed")
			if tc.closes {
				assert.Contains(t, said, "out of formula, noted by Sam")
			} else {
				assert.NotContains(t, said, "out of formula", "the channel's reply does not quote Sam's DM")
			}
		})
	}
}
