package bot

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ackSent lets a worker wait until the ack it queued is on the wire.
// slack-go writes acks from a goroutine of its own, which the runtime ran
// only once the acking worker blocked: in a trace of the soak a queued ack
// waited ~2 ms (p50) behind the note's reply, App Home and radar work on 2
// cores. A worker that waits for its ack to be written hands the processor
// to that goroutine at once. slack-go says an ack was written only in its
// debug output, which the log adapter reads (TestAckWrittenIsHeard keeps
// the line's form checked).
type ackSent struct {
	mu      sync.Mutex
	waiting map[string]chan struct{}
	// lines counts the lines of slack-go's read as "ack written".
	lines atomic.Int64
}

// ackWait bounds the wait: a write that fails is logged the same way, and a
// missed line costs the follow-up this much, never the ack. A failed ack
// is not waited for.
const ackWait = 5 * time.Millisecond

// expect registers envelopeID before its ack is queued.
func (a *ackSent) expect(envelopeID string) chan struct{} {
	ch := make(chan struct{})
	a.mu.Lock()
	if a.waiting == nil {
		a.waiting = map[string]chan struct{}{}
	}
	a.waiting[envelopeID] = ch
	a.mu.Unlock()
	return ch
}

// wait returns once the ack is written, or after ackWait; with ch nil
// (the ack was not queued) it only forgets envelopeID.
func (a *ackSent) wait(envelopeID string, ch chan struct{}) {
	if ch != nil {
		t := time.NewTimer(ackWait)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
	a.mu.Lock()
	delete(a.waiting, envelopeID)
	a.mu.Unlock()
}

// ackWrittenLine is how slack-go's debug output says an ack was written.
const ackWrittenLine = "Finished sending Socket Mode response with envelope ID "

// heard reads one line of slack-go's debug output and wakes the worker
// whose ack it reports written. It reports whether the line was one.
func (a *ackSent) heard(line string) bool {
	quoted, ok := strings.CutPrefix(strings.TrimSpace(line), ackWrittenLine)
	if !ok {
		return false
	}
	id, err := strconv.Unquote(quoted)
	if err != nil {
		return true
	}
	a.lines.Add(1)
	a.mu.Lock()
	if ch, ok := a.waiting[id]; ok {
		close(ch)
		delete(a.waiting, id)
	}
	a.mu.Unlock()
	return true
}
