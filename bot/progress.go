package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// progress is the message that shows the council working. Updates are
// throttled to about one a second (chat.update is rate tier 3) and skipped
// while Slack asks us to wait (429 Retry-After).
type progress struct {
	b       *Bot
	channel string
	ts      string
	sample  bool

	mu      sync.Mutex
	tasks   []blocks.TaskView
	dirty   chan struct{}
	stopped chan struct{}
	wg      sync.WaitGroup
}

// newProgress is the progress of a run with the default agents, in a new
// message of channelID, or in the message at ts (a what-if's card).
func newProgress(b *Bot, channelID, ts string, sample bool) *progress {
	tasks := make([]blocks.TaskView, 0, 6)
	for _, a := range council.DefaultAgents() {
		tasks = append(tasks, blocks.TaskView{Agent: a.Name, Status: bh.StatusQueued})
	}
	return &progress{b: b, channel: channelID, ts: ts, tasks: tasks, sample: sample}
}

func (p *progress) render() blocks.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	return blocks.Progress(p.sample, append([]blocks.TaskView(nil), p.tasks...))
}

func (p *progress) open(ctx context.Context) error {
	msg := p.render()
	if p.ts == "" {
		ch, ts, err := p.b.api.PostMessageContext(ctx, p.channel, msg.Options()...)
		if err != nil {
			return err
		}
		if ts == "" {
			// Slack said ok but named no message: there is nothing to turn
			// into the card.
			return errors.New("chat.postMessage answered ok without a ts")
		}
		p.channel, p.ts = ch, ts
	} else if err := p.b.update(ctx, p.channel, p.ts, msg); err != nil {
		return err
	}
	p.dirty, p.stopped = make(chan struct{}, 1), make(chan struct{})
	p.wg.Add(1)
	go p.loop(context.WithoutCancel(ctx))
	return nil
}

func (p *progress) observe(t bh.Task) {
	p.mu.Lock()
	for i := range p.tasks {
		if p.tasks[i].Agent == t.Agent {
			p.tasks[i].Status = t.Status
		}
	}
	p.mu.Unlock()
	select {
	case p.dirty <- struct{}{}:
	default:
	}
}

func (p *progress) loop(ctx context.Context) {
	defer p.wg.Done()
	next := time.Now().Add(time.Second)
	for {
		select {
		case <-p.stopped:
			return
		case <-p.dirty:
		}
		if d := time.Until(next); d > 0 {
			select {
			case <-p.stopped:
				return
			case <-time.After(d):
			}
		}
		msg := p.render()
		err := p.b.update(ctx, p.channel, p.ts, msg)
		next = time.Now().Add(time.Second)
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) {
			next = time.Now().Add(rl.RetryAfter)
		} else if err != nil {
			p.b.log.DebugContext(ctx, "bot: progress update", "err", err)
		}
	}
}

func (p *progress) stop() {
	close(p.stopped)
	p.wg.Wait()
}
