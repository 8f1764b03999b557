package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// In HTTP mode the bot opens no socket; an envelope handed to Deliver is
// routed by the same table and its ack comes back to the caller. Nothing is
// taken before Run has connected or once it has stopped.
func TestDeliverRoutesWithoutASocket(t *testing.T) {
	fake := slacktest.New(slacktest.Config{PingInterval: -1})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, storetest.New(t), bot.Config{HTTP: true, AppToken: "-"})
	cmd := socketmode.Event{Type: socketmode.EventTypeSlashCommand, Request: &socketmode.Request{},
		Data: slack.SlashCommand{Command: "/nope", TeamID: fake.Config().TeamID, ChannelID: "D1", UserID: "U1"}}
	_, ok := b.Deliver(cmd, func(any) { t.Error("answered before Run") })
	assert.False(t, ok, "not connected yet")

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	<-b.Ready()

	acked := make(chan any, 1)
	_, ok = b.Deliver(cmd, func(p any) { acked <- p })
	require.True(t, ok)
	assert.Nil(t, <-acked, "a command is acked at once, empty")
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	_, err := fake.WaitCall(wctx, "chat.postEphemeral", func(c slacktest.Call) bool { return c.Form.Get("user") == "U1" })
	require.NoError(t, err, "the unknown command is answered after the ack")
	assert.Zero(t, fake.ConnectCount(), "no Socket Mode connection")

	cancel()
	require.NoError(t, <-done)
	_, ok = b.Deliver(cmd, func(any) { t.Error("answered after Run") })
	assert.False(t, ok, "stopped")
}
