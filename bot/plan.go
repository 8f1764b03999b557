package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// planStore is what planning needs from the store: the council's own
// store, and the conversation's shift and notes.
type planStore interface {
	council.Store
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	// LoadSample stores the PRD's sample shift in a conversation, once.
	LoadSample(ctx context.Context, teamID, channelID, userID string) (bh.Shift, error)
	// SetRunCard records that a run's card is posted.
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
}

// planner answers /plan: it runs the council with live progress in one
// message, which becomes the Decision Card.
type planner struct {
	b     *Bot
	store planStore
	links *links
	home  *home
	// flights keeps one council run per shift at a time in this process.
	flights flights
}

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

// command answers /plan.
func (p *planner) command(ctx context.Context, cmd slack.SlashCommand) {
	a, err := parsePlanArgs(cmd.Text)
	if err != nil {
		p.b.tell(ctx, cmd.ChannelID, cmd.UserID, bh.ErrorMessage(err))
		return
	}
	p.plan(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, a)
}

// plan runs the council for a conversation and turns a progress message
// into the Decision Card.
func (p *planner) plan(ctx context.Context, teamID, channelID, userID string, a planArgs) {
	b := p.b
	if a.sample {
		if _, err := p.store.LoadSample(ctx, teamID, channelID, userID); err != nil {
			b.log.Error("bot: load sample shift", "channel", channelID, "err", err)
			b.tell(ctx, channelID, userID, "I could not load the sample notes: "+bh.ErrorMessage(err))
			return
		}
	}
	shift, err := p.store.Shift(ctx, teamID, channelID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "There are no notes here yet. Send me a few (\"wipes < 1 day\", \"form due Fri 5pm\", \"slept 3h\"), or try `/plan sample`.")
		return
	}
	if err != nil {
		b.log.Error("bot: plan: load shift", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	notes, err := p.store.Notes(ctx, teamID, shift.ID, false)
	if err != nil {
		b.log.Error("bot: plan: load notes", "shift_id", shift.ID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
		return
	}
	run := bh.Run{TeamID: teamID, ShiftID: shift.ID, ChannelID: channelID, Energy: a.energy, HorizonH: a.hours,
		Mode: b.cfg.Council.Mode(), TZ: shift.Location(b.cfg.Location).String(), TokenBudget: b.cfg.TokenBudget, Now: b.cfg.Now(),
		Sample: a.sample || shift.Sample, RequestedBy: userID}
	p.run(ctx, council.Input{Run: run, Notes: notes}, channelID, "", userID, 0)
}

// run runs the council with live progress in one message, which becomes
// the Decision Card. cardTS, when set, is an existing card to turn into the
// progress message (a what-if); forkedFrom is its version.
func (p *planner) run(ctx context.Context, in council.Input, channelID, cardTS, userID string, forkedFrom int) (council.Output, bool) {
	b := p.b
	key := in.Run.TeamID + "/" + in.Run.ShiftID
	if !p.flights.start(key) {
		b.tell(ctx, channelID, userID, "I'm already planning for this conversation; the card will update in a moment.")
		return council.Output{}, false
	}
	// The flight ends once the run is stored, before its card is posted: a
	// parent who taps Energy the moment the card appears must not be told
	// the council is still busy.
	released := false
	release := func() {
		if !released {
			released = true
			p.flights.done(key)
		}
	}
	defer release()

	prog := newProgress(b, channelID, cardTS, in.Run.Sample)
	if err := prog.open(ctx); err != nil {
		b.log.Error("bot: post council progress", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, "I cannot post in this conversation ("+slackErr(err)+"). Invite me with /invite @BabyHandoff, or plan in our DM.")
		return council.Output{}, false
	}
	// The run knows its message from the start, so a restart can find it.
	in.Run.CardChannel, in.Run.CardTS = channelID, prog.ts
	out, err := b.cfg.Council.Execute(ctx, p.store, in, prog.observe)
	prog.stop()
	release()
	if err != nil {
		b.log.Error("bot: council run failed", "shift_id", in.Run.ShiftID, "err", err)
		msg := blocks.Notice("⚠️ I could not finish this plan: " + bh.ErrorMessage(err) + " Try `/plan` again.")
		if uerr := b.update(context.WithoutCancel(ctx), channelID, prog.ts, msg); uerr != nil {
			b.log.Error("bot: report failed run", "err", uerr)
		}
		return council.Output{}, false
	}
	log := b.log.With("run_id", out.Run.ID, "version", out.Run.Version)
	if err := b.update(ctx, channelID, prog.ts, p.card(ctx, out.Record(), forkedFrom)); err != nil {
		log.Error("bot: post Decision Card", "err", err)
		// The plan is saved; say so rather than leave "planning…" up.
		b.tell(context.WithoutCancel(ctx), channelID, userID, fmt.Sprintf("⚠️ Plan v%d is ready, but Slack would not let me show its card (%s). Try `/plan` again in a minute; the plan is saved.", out.Run.Version, slackErr(err)))
		return out, false
	}
	if err := p.store.SetRunCard(ctx, out.Run.TeamID, out.Run.ID, channelID, prog.ts); err != nil {
		log.Error("bot: remember card", "err", err)
	}
	out.Run.CardChannel, out.Run.CardTS = channelID, prog.ts
	log.Info("plan ready", "winner", string(out.Decision.Winner), "confidence", out.Decision.Confidence)
	// A DM's shift changed: App Home shows the latest plan.
	p.home.shiftChanged(ctx, out.Run.TeamID, channelID, userID)
	return out, true
}

// card renders a run's Decision Card with links to its notes.
func (p *planner) card(ctx context.Context, rec bh.RunRecord, forkedFrom int) blocks.Message {
	links, _, labels := p.links.refs(ctx, rec.Run.TeamID, rec.Run.ShiftID)
	return blocks.Card(blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals, Links: links, Labels: labels, ForkedFrom: forkedFrom})
}
