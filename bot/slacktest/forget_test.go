package slacktest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Forget, called once a simulated day as the soak does, keeps the fake's
// record from growing with the days: what it holds of messages' content,
// envelopes and acks drops to nothing, while every message stays for
// chat.update and chat.delete, and an envelope still owed stays to be acked.
func TestForgetKeepsTheRecordBoundedOverDays(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)
	c := startClient(t, s, func(r *socketmode.Request) bool { return r.Type == "slash_commands" })
	card := slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, strings.Repeat("a plan line ", 200), false, false), nil, nil)

	var first string // a message of day 1
	var owed string  // an envelope the client never acks
	for day := 1; day <= 5; day++ {
		for i := 0; i < 10; i++ {
			_, ts, err := api.PostMessageContext(ctx, "D1", slack.MsgOptionText(fmt.Sprintf("day %d, reply %d", day, i), false), slack.MsgOptionBlocks(card))
			require.NoError(t, err)
			if first == "" {
				first = ts
			}
			_, _, _, err = api.UpdateMessageContext(ctx, "D1", ts, slack.MsgOptionText("updated", false), slack.MsgOptionBlocks(card))
			require.NoError(t, err)
			id, err := s.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "text": "a note"})
			require.NoError(t, err)
			_, err = s.WaitAck(ctx, id)
			require.NoError(t, err)
		}
		if day == 1 {
			var err error
			owed, err = s.Send(ctx, Envelope{Type: "slash_commands", Payload: []byte(`{"command":"/plan"}`), AcceptsResponsePayload: true})
			require.NoError(t, err)
			c.waitEvent(t, requestWith(owed))
		}
		require.Positive(t, s.recorded(), "day %d recorded its traffic", day)
		s.Forget()
		assert.Zero(t, s.recorded(), "day %d: nothing of the day's content, envelopes or acks is kept", day)
		assert.Len(t, s.Messages("D1"), 10*day, "every message stays")
	}
	assert.Zero(t, len(s.Acks()), "no ack is kept")
	assert.Equal(t, []string{owed}, s.Unacked(), "the envelope still owed stays")

	// The message of day 1 can still be updated, with new content, and
	// deleted; one never posted is still not found.
	_, _, _, err := api.UpdateMessageContext(ctx, "D1", first, slack.MsgOptionText("edited on day 6", false))
	require.NoError(t, err)
	m, ok := s.Message("D1", first)
	require.True(t, ok)
	assert.Equal(t, "edited on day 6", m.Text)
	assert.Equal(t, 2, m.Updated)
	_, _, err = api.DeleteMessageContext(ctx, "D1", first)
	require.NoError(t, err)
	_, _, _, err = api.UpdateMessageContext(ctx, "D1", "1.000000", slack.MsgOptionText("x", false))
	assert.EqualError(t, err, "message_not_found")
}

// recorded is the bytes the fake holds of messages' content, of envelopes
// sent and not forgotten, and of acks.
func (s *Server) recorded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, m := range s.messages {
		n += len(m.Text) + len(m.Blocks) + len(m.Attachments) + len(m.Metadata)
	}
	for _, d := range s.sent {
		if d.acked || d.superseded {
			n += len(d.frame)
		}
	}
	for _, m := range s.history {
		n += len(m.Text) + len(m.Blocks)
	}
	for _, a := range s.acks {
		n += len(a.EnvelopeID) + len(a.Payload)
	}
	return n
}

// What stays of a message after Forget holds none of the request that
// posted it: a value parsed from a form is a piece of the whole body, and
// a channel id kept as such held every card's blocks for good.
func TestForgetLetsThePostsGo(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)
	big := slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, strings.Repeat("a long plan line ", 170), false, false), nil, nil)
	blocks := make([]slack.Block, 8) // about 24 KB of blocks, more as a form
	for i := range blocks {
		blocks[i] = big
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	const posts = 200 // about 5 MB of requests
	for i := 0; i < posts; i++ {
		_, _, err := api.PostMessageContext(ctx, "D1", slack.MsgOptionText("a card", false), slack.MsgOptionTS("1700000000.000100"), slack.MsgOptionBlocks(blocks...))
		require.NoError(t, err)
	}
	s.Forget()
	after := heap()
	require.Len(t, s.Messages("D1"), posts)
	assert.Less(t, int64(after)-int64(before), int64(1<<20), "kept %d KB after Forget", (int64(after)-int64(before))>>10)
}
