package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

func TestAckSentHearsItsLine(t *testing.T) {
	var a ackSent
	ch := a.expect("env-1")
	for _, line := range []string{
		"Sending Socket Mode response with envelope ID \"env-1\"",
		"Finished sending Socket Mode response with envelope ID \"env-2\"",
		"Finished sending Socket Mode response with envelope ID env-1",
	} {
		a.heard(line)
		select {
		case <-ch:
			t.Fatalf("woken by %q", line)
		default:
		}
	}
	assert.True(t, a.heard(fmt.Sprintf("Finished sending Socket Mode response with envelope ID %q\n", "env-1")))
	<-ch
	assert.Equal(t, int64(2), a.lines.Load(), "env-2's line and env-1's")
}

type noState struct{}

func (noState) State(context.Context, bh.Shift) (bh.ShiftState, error) {
	return bh.ShiftState{}, bh.Errorf(bh.EINTERNAL, "no radar here")
}

// The line ackSent waits for is slack-go's own: a note's ack is followed
// by it. An upgrade that rewords the line fails here.
func TestAckWrittenIsHeard(t *testing.T) {
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	b, err := New(Config{BotToken: fake.Config().BotToken, AppToken: fake.Config().AppToken, APIURL: fake.APIURL(),
		Store: storetest.New(t), Council: c, Radar: noState{}})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() { cancel(); assert.NoError(t, <-done) })
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	require.NoError(t, fake.WaitConnections(wctx, 1))

	id, err := fake.SendEvent(wctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "wipes < 1 day", "ts": "1.000001"})
	require.NoError(t, err)
	_, err = fake.WaitAck(wctx, id)
	require.NoError(t, err)
	_, err = fake.WaitCall(wctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "1.000001" })
	require.NoError(t, err, "the reply follows the ack")
	// Read as "ack written" whether or not the 5 ms were up (a loaded
	// machine): what is checked is the line's form.
	assert.Eventually(t, func() bool { return b.sent.lines.Load() == 1 }, 5*time.Second, time.Millisecond, "slack-go's line was read")
}
