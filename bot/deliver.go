package bot

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/slack-go/slack/socketmode"
)

// answers holds the acks an HTTP transport is waiting for, by envelope id.
// An HTTP request is its own envelope: its ack is the response, so the
// handlers' b.ack goes here instead of to the socket.
type answers struct {
	// mu orders Deliver against Run's stop: no envelope is dispatched once
	// the work queue is closed.
	mu      sync.RWMutex
	stopped bool
	seq     atomic.Int64
	waiting sync.Map // envelope id → func(payload any)
}

// httpEnvelope prefixes the ids Deliver gives envelopes; an ack of such an
// id never goes to the socket, even once its request gave up waiting.
const httpEnvelope = "http-"

// Deliver hands the bot one envelope that arrived by another transport than
// Socket Mode (HTTP), built as the socket loop builds them: evt.Type and
// evt.Data as slack-go's socketmode makes them, evt.Request with the
// retry fields. It is routed by the same table with the same ack-first
// rules; answer is called at most once, with the ack's payload (nil, or a
// modal's response_action), when the handler acks. forget drops the wait
// (the request gave up); an ack after it is a no-op. ok is false, and
// nothing is routed, before Run has connected or once it is stopping: the
// caller should ask Slack to deliver again later.
func (b *Bot) Deliver(evt socketmode.Event, answer func(payload any)) (forget func(), ok bool) {
	select {
	case <-b.ready:
	default:
		return func() {}, false
	}
	b.answers.mu.RLock()
	defer b.answers.mu.RUnlock()
	if b.answers.stopped {
		return func() {}, false
	}
	if drop, reply := b.teamGate(evt); drop {
		answer(reply)
		return func() {}, true
	}
	req := socketmode.Request{}
	if evt.Request != nil {
		req = *evt.Request
	}
	req.EnvelopeID = httpEnvelope + strconv.FormatInt(b.answers.seq.Add(1), 10)
	evt.Request = &req
	b.answers.waiting.Store(req.EnvelopeID, answer)
	if err := b.dispatch(evt); err != nil {
		// Only Socket Mode's own frames end Run; none comes this way.
		b.log.Error("bot: envelope not routed", "type", string(evt.Type), "err", err)
	}
	id := req.EnvelopeID
	return func() { b.answers.waiting.Delete(id) }, true
}

// stop makes Deliver refuse envelopes, then closes the work queue.
func (a *answers) stop(jobs chan job) {
	a.mu.Lock()
	a.stopped = true
	close(jobs)
	a.mu.Unlock()
}

// take answers an HTTP envelope's ack. handled is false for a socket
// envelope; ok is false when the request no longer waits.
func (a *answers) take(envelopeID string, payload any) (handled, ok bool) {
	if !strings.HasPrefix(envelopeID, httpEnvelope) {
		return false, false
	}
	f, found := a.waiting.LoadAndDelete(envelopeID)
	if !found {
		return true, false
	}
	f.(func(any))(payload)
	return true, true
}
