package main

import (
	"sync"
	"time"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// logSyncs keeps the store's syncs of its log (store.Config.LogSynced)
// since the last reset: a note's ack waits for one, so the suites show
// the disk's part of the ack beside it.
type logSyncs struct {
	mu   sync.Mutex
	list []loggedSync
}

type loggedSync struct {
	end  time.Time
	took time.Duration
}

func (l *logSyncs) heard(took time.Duration) {
	end := time.Now()
	l.mu.Lock()
	l.list = append(l.list, loggedSync{end, took})
	l.mu.Unlock()
}

// took is every sync heard since the last reset.
func (l *logSyncs) took() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]time.Duration, len(l.list))
	for i, s := range l.list {
		out[i] = s.took
	}
	return out
}

func (l *logSyncs) reset() {
	l.mu.Lock()
	l.list = l.list[:0]
	l.mu.Unlock()
}

// arrivedAt is when an ack arrived in the fake's socket (when it was read
// where the system gives no receive time). A note's own sync ends before
// it: the radar's commit, after the ack, may sync while the fake's reader
// waits, and is not the note's.
func arrivedAt(a slacktest.Ack) time.Time { return a.At.Add(a.Arrived - a.Latency) }

// within is the longest sync that ended between from and to: a note's
// own, when its ack is the only thing the bot does then (the soak waits
// for the last note's follow-up before it sends the next).
func (l *logSyncs) within(from, to time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var longest time.Duration
	found := false
	for _, s := range l.list {
		if !s.end.Before(from) && !s.end.After(to) {
			longest, found = max(longest, s.took), true
		}
	}
	return longest, found
}
