package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// planArgs is a parsed /plan.
type planArgs struct {
	energy bh.Energy
	hours  int
	sample bool
}

const planUsage = "Usage: `/plan` · `/plan low` (or high, medium, auto) · `/plan 8h` · `/plan low 8h` · `/plan sample` (plans the PRD's example notes)"

// parsePlanArgs reads "/plan [low|medium|high|auto] [Nh] | sample".
func parsePlanArgs(text string) (planArgs, error) {
	a := planArgs{energy: bh.EnergyAuto, hours: 12}
	for _, f := range strings.Fields(strings.ToLower(text)) {
		switch {
		case f == "sample":
			a.sample = true
		case f == "low" || f == "medium" || f == "high" || f == "auto":
			a.energy = bh.Energy(f)
		case strings.HasSuffix(f, "h") || strings.HasSuffix(f, "hours"):
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(f, "ours"), "h"))
			if err != nil || n < 1 || n > 24 {
				return a, bh.Errorf(bh.EINVALID, "I can plan 1 to 24 hours ahead (you wrote %q). %s", blocks.Escape(f), planUsage)
			}
			a.hours = n
		default:
			return a, bh.Errorf(bh.EINVALID, "I did not understand %q. %s", blocks.Escape(bh.Truncate(f, 40)), planUsage)
		}
	}
	return a, nil
}

// flights keeps one council run per shift at a time in this process.
type flights struct {
	mu  sync.Mutex
	run map[string]bool
}

func (f *flights) start(key string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.run == nil {
		f.run = map[string]bool{}
	}
	if f.run[key] {
		return false
	}
	f.run[key] = true
	return true
}

func (f *flights) done(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.run, key)
}

// command answers slash commands.
func (b *Bot) command(ctx context.Context, cmd slack.SlashCommand) {
	switch cmd.Command {
	case "/plan":
		a, err := parsePlanArgs(cmd.Text)
		if err != nil {
			b.tell(ctx, cmd.ChannelID, cmd.UserID, bh.ErrorMessage(err))
			return
		}
		b.plan(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, a)
	case "/radar":
		b.radarCommand(ctx, cmd)
	default:
		b.tell(ctx, cmd.ChannelID, cmd.UserID, fmt.Sprintf("`%s` is not available in this version yet. Send me notes as messages, and `/plan` when you want a plan.", blocks.Escape(cmd.Command)))
	}
}

// plan runs the council for a conversation and turns a progress message
// into the Decision Card.
func (b *Bot) plan(ctx context.Context, teamID, channelID, userID string, a planArgs) {
	if a.sample {
		if _, err := b.store.LoadSample(ctx, teamID, channelID, userID); err != nil {
			b.log.Error("bot: load sample shift", "channel", channelID, "err", err)
			b.tell(ctx, channelID, userID, "I could not load the sample shift: "+bh.ErrorMessage(err))
			return
		}
	}
	shift, err := b.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "There are no notes here yet. Send me a few (\"wipes < 1 day\", \"form due Fri 5pm\", \"slept 3h\"), or try `/plan sample`.")
		return
	}
	if err != nil {
		b.log.Error("bot: plan: load shift", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	notes, err := b.store.Notes(ctx, teamID, shift.ID, false)
	if err != nil {
		b.log.Error("bot: plan: load notes", "shift_id", shift.ID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	run := bh.Run{TeamID: teamID, ShiftID: shift.ID, ChannelID: channelID, Energy: a.energy, HorizonH: a.hours,
		Mode: b.council.Mode(), TZ: b.shiftTZ(shift), TokenBudget: b.cfg.TokenBudget, Now: b.cfg.Now(), Sample: a.sample || shift.Sample, RequestedBy: userID}
	b.runCouncil(ctx, council.Input{Run: run, Notes: notes}, channelID, "", userID, 0)
}

func (b *Bot) shiftTZ(s bh.Shift) string {
	if s.TZ != "" {
		return s.TZ
	}
	return b.loc.String()
}

// runCouncil runs the council with live progress in one message, which
// becomes the Decision Card. cardTS, when set, is an existing card to turn
// into the progress message (a what-if); forkedFrom is its version.
func (b *Bot) runCouncil(ctx context.Context, in council.Input, channelID, cardTS, userID string, forkedFrom int) (council.Output, bool) {
	key := in.Run.TeamID + "/" + in.Run.ShiftID
	if !b.flights.start(key) {
		b.tell(ctx, channelID, userID, "The council is already planning for this conversation; the card will update in a moment.")
		return council.Output{}, false
	}
	// The flight ends once the run is stored, before its card is posted: a
	// parent who taps Energy the moment the card appears must not be told
	// the council is still busy.
	released := false
	release := func() {
		if !released {
			released = true
			b.flights.done(key)
		}
	}
	defer release()

	tasks := make([]blocks.TaskView, 0, 6)
	for _, a := range council.DefaultAgents() {
		tasks = append(tasks, blocks.TaskView{Agent: a.Name, Status: bh.StatusQueued})
	}
	prog := &progress{b: b, channel: channelID, ts: cardTS, tasks: tasks, sample: in.Run.Sample}
	if err := prog.open(ctx); err != nil {
		b.log.Error("bot: post council progress", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, "I cannot post in this conversation ("+slackErr(err)+"). Invite me with /invite @BabyHandoff, or plan in our DM.")
		return council.Output{}, false
	}
	// The run knows its message from the start, so a restart can find it.
	in.Run.CardChannel, in.Run.CardTS = channelID, prog.ts
	out, err := b.council.Execute(ctx, b.store, in, prog.observe)
	prog.stop()
	release()
	if err != nil {
		b.log.Error("bot: council run failed", "shift_id", in.Run.ShiftID, "err", err)
		msg := blocks.Notice("⚠️ The council could not finish this plan: " + bh.ErrorMessage(err) + " Try `/plan` again.")
		if _, _, _, uerr := b.api.UpdateMessageContext(context.WithoutCancel(ctx), channelID, prog.ts, msg.Options()...); uerr != nil {
			b.log.Error("bot: report failed run", "err", uerr)
		}
		return council.Output{}, false
	}
	log := b.log.With("run_id", out.Run.ID, "version", out.Run.Version)
	card := b.card(ctx, out.Record(), forkedFrom)
	if err := b.updateWithRetry(ctx, channelID, prog.ts, card); err != nil {
		log.Error("bot: post Decision Card", "err", err)
		// The plan is saved; say so rather than leave "planning…" up.
		b.tell(context.WithoutCancel(ctx), channelID, userID, fmt.Sprintf("⚠️ Plan v%d is ready, but Slack would not let me show its card (%s). Try `/plan` again in a minute; the plan is saved.", out.Run.Version, slackErr(err)))
		return out, false
	}
	if err := b.store.SetRunCard(ctx, out.Run.TeamID, out.Run.ID, channelID, prog.ts); err != nil {
		log.Error("bot: remember card", "err", err)
	}
	out.Run.CardChannel, out.Run.CardTS = channelID, prog.ts
	log.Info("plan ready", "winner", string(out.Decision.Winner), "confidence", out.Decision.Confidence)
	// A DM's shift changed: App Home shows the latest plan.
	b.shiftChanged(ctx, out.Run.TeamID, channelID, userID)
	return out, true
}

// card renders a run's Decision Card with links to its notes.
func (b *Bot) card(ctx context.Context, rec bh.RunRecord, forkedFrom int) blocks.Message {
	return blocks.Card(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Links: b.links(ctx, rec.Run), ForkedFrom: forkedFrom})
}

// links maps a shift's notes to their Slack messages. Permalinks follow the
// documented archives/<channel>/p<ts> form under the workspace URL, so a card
// costs no chat.getPermalink call per note.
func (b *Bot) links(ctx context.Context, run bh.Run) blocks.Links {
	links, _ := b.noteRefs(ctx, run.TeamID, run.ShiftID)
	return links
}

// updateWithRetry updates a message, waiting out a 429's Retry-After a
// few times: the card must land even when progress updates hit the limit.
func (b *Bot) updateWithRetry(ctx context.Context, channelID, ts string, m blocks.Message) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		_, _, _, err = b.api.UpdateMessageContext(ctx, channelID, ts, m.Options()...)
		var rl *slack.RateLimitedError
		if !errors.As(err, &rl) {
			return err
		}
		select {
		case <-time.After(rl.RetryAfter):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return err
}

func slackErr(err error) string {
	var se slack.SlackErrorResponse
	if errors.As(err, &se) {
		return se.Err
	}
	return err.Error()
}

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
		p.channel, p.ts = ch, ts
	} else if _, _, _, err := p.b.api.UpdateMessageContext(ctx, p.channel, p.ts, msg.Options()...); err != nil {
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
		_, _, _, err := p.b.api.UpdateMessageContext(ctx, p.channel, p.ts, msg.Options()...)
		next = time.Now().Add(time.Second)
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) {
			next = time.Now().Add(rl.RetryAfter)
		} else if err != nil {
			p.b.log.Debug("bot: progress update", "err", err)
		}
	}
}

func (p *progress) stop() {
	close(p.stopped)
	p.wg.Wait()
}
