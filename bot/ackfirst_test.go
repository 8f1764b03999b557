package bot

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestAcksFirst(t *testing.T) {
	t.Run("no ack on its way: no wait", func(t *testing.T) {
		var a acksFirst
		// Were it to wait, it could only return when this context ended.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		a.wait(ctx, time.Hour)
		assert.NoError(t, ctx.Err())
	})
	t.Run("an ack on its way: waits until it is out", func(t *testing.T) {
		var a acksFirst
		done := a.start()
		out := make(chan struct{})
		go func() { a.wait(context.Background(), time.Hour); close(out) }()
		done()
		<-out // would hang (and time the test out) if done did not wake it
	})
	t.Run("waits, up to its context", func(t *testing.T) {
		var a acksFirst
		a.start()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		a.wait(ctx, time.Hour)
		assert.Error(t, ctx.Err(), "it returned only when the context ended")
	})
	t.Run("counted out once however often done is called", func(t *testing.T) {
		var a acksFirst
		first := a.start()
		first()
		first()
		a.start()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		a.wait(ctx, time.Hour)
		assert.Error(t, ctx.Err(), "the second note is still on its way")
	})
}

// captureOnly is a store whose CaptureNote reports how many acks were on
// their way while it ran, and refuses the note.
type captureOnly struct {
	captureStore
	acks   *acksFirst
	during int
}

func (s *captureOnly) CaptureNote(context.Context, bh.NewNote) (bh.Note, bool, error) {
	s.acks.mu.Lock()
	s.during = s.acks.n
	s.acks.mu.Unlock()
	return bh.Note{}, false, bh.Errorf(bh.EINVALID, "no")
}

// A note being stored counts as an ack on its way, until its capture ends
// (here by a refusal, acked at once).
func TestACaptureIsAnAckOnItsWay(t *testing.T) {
	b := &Bot{cfg: Config{Now: time.Now, Location: time.UTC, StoreTimeout: time.Second}, log: slog.New(slog.DiscardHandler)}
	st := &captureOnly{acks: &b.acks}
	c := &capture{b: b, store: st, replies: &replies{b: b}}
	c.store1(context.Background(), nil, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"}, nil)
	assert.Equal(t, 1, st.during)
	assert.Zero(t, b.acks.n, "counted out")
}

// A note waiting for a worker is an ack on its way already: the radar's
// work does not take the processor its worker needs.
func TestANoteWaitingForAWorkerIsAnAckOnItsWay(t *testing.T) {
	b := &Bot{cfg: Config{Now: time.Now, Location: time.UTC, StoreTimeout: time.Second}, log: slog.New(slog.DiscardHandler), jobs: make(chan job, 1)}
	st := &captureOnly{acks: &b.acks}
	c := &capture{b: b, store: st, replies: &replies{b: b}}
	c.capture(nil, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	assert.Equal(t, 1, b.acks.n, "queued, not taken")
	j := <-b.jobs
	j.fn(context.Background())
	assert.Equal(t, 1, st.during, "counted once")
	assert.Zero(t, b.acks.n, "counted out")
}

// captureSeen is a store whose CaptureNote keeps what it was given, and
// refuses the note.
type captureSeen struct {
	captureStore
	got []bh.NewNote
}

func (s *captureSeen) CaptureNote(_ context.Context, in bh.NewNote) (bh.Note, bool, error) {
	s.got = append(s.got, in)
	return bh.Note{}, false, bh.Errorf(bh.EINVALID, "no")
}

// Slack's retries of a note's event are told to the store as such: it
// looks for their note without the writer, which may be what held the
// first delivery; a first delivery is looked for by the writer.
func TestARetriedNoteIsToldRedelivered(t *testing.T) {
	b := &Bot{cfg: Config{Now: time.Now, Location: time.UTC, StoreTimeout: time.Second}, log: slog.New(slog.DiscardHandler)}
	st := &captureSeen{}
	c := &capture{b: b, store: st, replies: &replies{b: b}}
	in := bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"}
	c.store1(context.Background(), &socketmode.Request{RetryAttempt: 0}, in, nil)
	c.store1(context.Background(), &socketmode.Request{RetryAttempt: 1}, in, nil)
	c.store1(context.Background(), nil, in, nil)
	if assert.Len(t, st.got, 3) {
		assert.False(t, st.got[0].Redelivered, "a first delivery")
		assert.True(t, st.got[1].Redelivered, "Slack's first retry")
		assert.False(t, st.got[2].Redelivered, "no envelope")
	}
}
