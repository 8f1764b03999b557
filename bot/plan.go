package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// planStore is what planning needs from the store: the council's own
// store, and the conversation's shift and notes.
type planStore interface {
	council.Store
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	// NotesByID reads the notes a card cites, whatever became of them.
	NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error)
	// LiveNotes is what a plan reads: the notes not closed for good at
	// now, read in loc (bh.LiveNotes).
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	// SampleStore stores the PRD's sample shift in a conversation, once
	// (bh.LoadSample).
	bh.SampleStore
	// RadarSettings has the family's quiet hours and Person a person's
	// own: a plan keeps its person's as night sleep (nightHours).
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	// RunRecord, Run and LatestRun show a card again after an item on it
	// was marked done (only the conversation's latest card).
	runRecords
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	// RunByVersion finds the card before a handoff's plan, which has none.
	RunByVersion(ctx context.Context, teamID, shiftID string, version int) (bh.Run, error)
	// SetRunCard records that a run's card is posted.
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
	// Duty is who is on duty, for the card's head.
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
}

// planner answers /plan: it runs the council with live progress in one
// message, which becomes the Decision Card.
type planner struct {
	b     *Bot
	store planStore
	links *links
	home  *home
	// cards says in a /plan fork's thread what changed (diffReply).
	cards *cards
	// flights keeps one council run per shift at a time in this process.
	flights flights
	// redraws keeps one refresh of a card at a time: each reads the
	// notes afresh, so the last to run shows the latest, never an older
	// read that finished later.
	redraws keylock.Locks
	// told holds who was told, per channel, that plans there use only its
	// own notes (channel/user): once is enough. It is kept in memory only,
	// on purpose: a second telling after a restart costs one private line,
	// while keeping it would add a setting to each person in both stores
	// (docs/using.md says it may repeat).
	told sync.Map
}

// planArgs is a parsed /plan.
type planArgs struct {
	// words says the person said how to plan (an energy, a window): a
	// /plan that differs from the latest card's forks it (forkLatest).
	words  bool
	energy bh.Energy
	hours  int
	sample bool
	when   window
}

// window is when a /plan's window starts, as words said it; resolved on
// the shift's clock once the shift is known (window.from).
type window struct {
	tomorrow, tonight bool
	hasTime           bool
	hour, min         int
	hoursSet          bool
}

const planUsage = "Try `/plan` (the next 12 hours), `/plan low`, `/plan 8h`, `/plan tonight`, `/plan tomorrow 7am`, `/plan from 7pm 10h`, `/plan low tomorrow 6am 8h`, or `/plan sample` (the PRD's example notes)."

// meridiem reports whether f is an "am" or "pm" said apart from its
// number ("7 pm"): the two are one time word.
func meridiem(f string) bool {
	switch f {
	case "am", "pm", "a.m.", "p.m.":
		return true
	}
	return false
}

// word reads one time word of a window ("tonight", "tmrw", "7pm",
// "19:30", "noon"; bh.ReadTimeWord, the grammar capture and quiet hours
// read too). ok is false for any other word, for a number alone ("8": an
// hour count or a typo) and for a second time.
func (w *window) word(f string) (ok bool) {
	t, ok := bh.ReadTimeWord(f)
	switch {
	case !ok:
		return false
	case t.Kind == bh.WordToday:
	case t.Kind == bh.WordTonight:
		w.tonight = true
	case t.Kind == bh.WordTomorrow:
		w.tomorrow = true
	case t.Number || w.hasTime:
		return false
	default:
		w.hasTime, w.hour, w.min = true, t.Hour, t.Min
	}
	return true
}

// parsePlanArgs reads "/plan [low|medium|high|auto] [tonight|tomorrow]
// [from|at TIME] [Nh] | sample". Anything else is answered with examples,
// never planned with a silent default.
func parsePlanArgs(text string) (planArgs, error) {
	a := planArgs{energy: bh.EnergyAuto, hours: 12}
	fields := strings.Fields(strings.ToLower(text))
	a.words = len(fields) > 0
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		// "7 am", "7 pm": one time in two words.
		if i+1 < len(fields) && meridiem(fields[i+1]) {
			f += fields[i+1]
			i++
		}
		switch {
		case f == "sample":
			a.sample = true
		case f == "low" || f == "medium" || f == "high" || f == "auto":
			a.energy = bh.Energy(f)
		case f == "from" || f == "at" || f == "for" || f == "starting":
			// Joining words: "from 7pm", "for 10h".
		case hoursRe.MatchString(f):
			n, err := strconv.Atoi(hoursRe.FindStringSubmatch(f)[1])
			if err != nil || n < 1 || n > 24 {
				return a, bh.Errorf(bh.EINVALID, "I can plan 1 to 24 hours at a time (you wrote %q). %s", blocks.Escape(f), planUsage)
			}
			a.hours, a.when.hoursSet = n, true
		case a.when.word(f):
		default:
			return a, bh.Errorf(bh.EINVALID, "I did not understand %q. %s", blocks.Escape(bh.Truncate(f, 40)), planUsage)
		}
	}
	if a.sample && (a.when.tomorrow || a.when.tonight || a.when.hasTime) {
		return a, bh.Errorf(bh.EINVALID, "The sample plans the next hours only. %s", planUsage)
	}
	return a, nil
}

var hoursRe = regexp.MustCompile(`^(\d{1,3})(?:h|hr|hrs|hours?)$`)

// from resolves the window's start on the shift's clock at now; zero when
// the plan starts now. hours is the window's length, which "tonight" sets
// to the morning unless it was given.
func (w window) from(now time.Time, loc *time.Location, hours int) (time.Time, int) {
	local := now.In(loc)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	if w.tomorrow {
		day = day.AddDate(0, 0, 1)
	}
	at := func(h, m int) time.Time { return time.Date(day.Year(), day.Month(), day.Day(), h, m, 0, 0, loc) }
	var from time.Time
	switch {
	case w.hasTime:
		from = at(w.hour, w.min)
		if !w.tomorrow && from.Before(local) {
			// "from 7am" said in the evening: tomorrow's.
			from = from.AddDate(0, 0, 1)
		}
	case w.tonight:
		// The night "tonight" names (bh.TonightFrom until bh.Morning).
		from = at(bh.TonightFrom, 0)
	case w.tomorrow:
		from = at(bh.Morning, 0)
	default:
		return time.Time{}, hours
	}
	if w.tonight && !w.hoursSet {
		start := from
		if start.Before(local) {
			start = local
		}
		end := time.Date(start.Year(), start.Month(), start.Day()+1, bh.Morning, 0, 0, 0, loc)
		if start.Hour() < bh.Morning {
			end = time.Date(start.Year(), start.Month(), start.Day(), bh.Morning, 0, 0, 0, loc)
		}
		hours = min(24, max(1, int((end.Sub(start)+time.Hour-1)/time.Hour)))
	}
	if !from.After(local) {
		return time.Time{}, hours
	}
	return from, hours
}

// names are the names of the people who marked notes done lately, for
// "done by Sam" in the handoff.
func (p *planner) names(ctx context.Context, notes []bh.Note, now time.Time) map[string]string {
	out := map[string]string{}
	for _, n := range notes {
		if u := n.DoneBy.User; n.Done() && u != "" && now.Sub(*n.DoneAt) <= bh.DoneWindow {
			if _, ok := out[u]; !ok {
				out[u] = p.b.userName(ctx, u)
			}
		}
	}
	return out
}

// familyNotes leaves out sample notes that versions before the sample had
// its own shift stored among a family's notes.
func familyNotes(notes []bh.Note) []bh.Note {
	out := notes[:0:0]
	for _, n := range notes {
		if !n.StraySample() {
			out = append(out, n)
		}
	}
	return out
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
		p.b.tell(ctx, cmd.ChannelID, cmd.UserID, bh.ErrorText(ctx, err))
		return
	}
	p.plan(ctx, cmd.TeamID, cmd.ChannelID, cmd.UserID, a)
}

// plan runs the council for a conversation and turns a progress message
// into the Decision Card.
func (p *planner) plan(ctx context.Context, teamID, channelID, userID string, a planArgs) {
	b := p.b
	var shift bh.Shift
	var err error
	if a.sample {
		// The sample is its own shift: its notes never mix with the
		// family's, and the radar never speaks for it.
		if shift, err = bh.LoadSample(ctx, p.store, teamID, channelID, userID); err != nil {
			b.log.ErrorContext(ctx, "bot: load sample shift", "channel", channelID, "err", err)
			b.tell(ctx, channelID, userID, "I could not load the sample notes: "+bh.ErrorText(ctx, err))
			return
		}
	} else {
		shift, err = p.store.Shift(ctx, teamID, channelID)
	}
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		b.tell(ctx, channelID, userID, "There are no notes here yet. Send me a few (\"wipes < 1 day\", \"form due Fri 5pm\", \"slept 3h\"), or try `/plan sample`.")
		return
	}
	if err != nil {
		b.log.ErrorContext(ctx, "bot: plan: load shift", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorText(ctx, err))
		return
	}
	// Before any note is read: its times are read in the family's zone.
	shift = b.familyZone(ctx, shift, userID)
	loc := shift.Location(b.cfg.Location)
	now := b.cfg.Now()
	live, err := p.store.LiveNotes(ctx, teamID, shift.ID, now)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: plan: load notes", "shift_id", shift.ID, "err", err)
		b.tell(ctx, channelID, userID, bh.ErrorText(ctx, err))
		return
	}
	notes := familyNotes(live.Notes)
	aud := audience{where: channelID, whole: true}
	if !shift.Sample {
		// In a channel where not everyone joined, only its own notes.
		aud = b.audienceOf(ctx, teamID, shift.ID, channelID)
		p.toldChannelOnly(ctx, aud, notes, userID)
		notes = aud.notes(notes)
	}
	from, hours := a.when.from(now, loc, a.hours)
	duty, err := p.store.Duty(ctx, teamID, shift.ID)
	if err != nil {
		b.log.InfoContext(ctx, "bot: plan: who is on duty", "shift_id", shift.ID, "err", err)
	}
	if a.when == (window{}) && !shift.Sample {
		// No window named: the asker's own duty window, current or next.
		from, hours = dutyWindow(duty, userID, now, from, hours)
	}
	run := bh.Run{TeamID: teamID, ShiftID: shift.ID, ChannelID: channelID, Energy: a.energy, HorizonH: hours,
		Mode: b.cfg.Council.Mode(), TZ: loc.String(), TokenBudget: b.cfg.TokenBudget, Now: now, From: from,
		Sample: a.sample || shift.Sample, RequestedBy: userID, Clock: b.userClock(ctx, userID)}
	if !run.Sample && duty.OnAt(run.Start()) {
		// The plan is for whoever is on duty then: their own notes set
		// its energy, and handoff.md says who is on.
		run.For, run.ForName, run.ForUntil = duty.UserID, b.userName(ctx, duty.UserID), duty.Until
	}
	quiet := p.nightHours(ctx, run)
	run.Quiet = &quiet
	links, _, _ := p.links.from(notes)
	// Only links the plan's readers can open: a partner's DM is quoted.
	links = aud.links(notes, links)
	var parent bh.RunRecord
	if a.words && !run.Sample {
		parent = p.forkLatest(ctx, &run, loc)
	}
	out, ok := p.run(ctx, council.Input{Run: run, Notes: notes, Names: p.names(ctx, notes, now), Links: links}, channelID, "", userID, parent.Run.Version)
	if ok && parent.Run.ID != "" && p.cards != nil {
		p.cards.diffReply(ctx, parent, out, channelID, out.Run.CardTS, userID)
	}
}

// forkLatest makes run, a /plan whose words differ from the latest card's
// window or energy within the same duty, a what-if of that card's run: it
// points back, its changes are typed, and its Change says so ("a what-if
// of v3: energy medium → low; window next 12h → next 8h"). It plans from
// the notes as they are now (ReadNotes). The same duty: the latest run is
// this conversation's completed card, for the same person on duty (or,
// with nobody on duty, for nobody), made the same day on the shift's
// clock. It returns the parent's record, zero when run is no fork.
func (p *planner) forkLatest(ctx context.Context, run *bh.Run, loc *time.Location) bh.RunRecord {
	latest, err := p.store.LatestRun(ctx, run.TeamID, run.ShiftID)
	if err != nil || !sameDuty(latest, *run, loc) {
		return bh.RunRecord{}
	}
	var changes []bh.InputChange
	if ch, ok := bh.EnergyChange(latest, run.Energy); ok {
		changes = append(changes, ch)
	}
	if ch, ok := bh.WindowChange(latest, run.From, run.HorizonH); ok {
		changes = append(changes, ch)
	}
	if len(changes) == 0 {
		return bh.RunRecord{}
	}
	rec, err := p.store.RunRecord(ctx, latest.TeamID, latest.ID)
	if err != nil {
		p.b.log.InfoContext(ctx, "bot: plan: the latest run to fork", "run_id", latest.ID, "err", err)
		return bh.RunRecord{}
	}
	run.ParentRunID, run.WhatIf, run.ReadNotes = latest.ID, changes, true
	ch := bh.ChangesStamped(latest, changes, loc)
	run.Change, run.ChangeStamps = fmt.Sprintf("a what-if of v%d: %s", latest.Version, ch.Text), ch.Stamps
	return rec
}

// sameDuty reports whether latest is a plan of the same duty as run: a
// completed card of the same conversation, for the same person, made the
// same day on the shift's clock.
func sameDuty(latest, run bh.Run, loc *time.Location) bool {
	if latest.Status != bh.StatusCompleted || latest.Sample || latest.CardTS == "" || latest.ChannelID != run.ChannelID || latest.For != run.For {
		return false
	}
	a, b := latest.Now.In(loc), run.Now.In(loc)
	return a.Year() == b.Year() && a.YearDay() == b.YearDay()
}

// toldChannelOnly tells user, privately and once per channel, that a plan
// made in aud's conversation leaves out the family's notes written
// elsewhere (when it does): not everyone there has joined the family.
func (p *planner) toldChannelOnly(ctx context.Context, aud audience, notes []bh.Note, user string) {
	if aud.whole || !aud.hides(notes) || user == "" {
		return
	}
	if _, was := p.told.LoadOrStore(aud.where+"/"+user, true); was {
		return
	}
	p.b.tell(ctx, aud.where, user, "🔒 Not everyone in this channel has joined the family's list, so plans here use only the notes written here; notes from members' DMs stay private. Once everyone here has joined, plans here use the whole list.")
}

// nightHours are the night a plan keeps for sleep: the quiet hours of the
// person it is for (Run.For, else who asked), each person keeping their
// own; else the family's (its radar settings), else DefaultNightHours.
func (p *planner) nightHours(ctx context.Context, run bh.Run) bh.QuietHours {
	who := run.For
	if who == "" {
		who = run.RequestedBy
	}
	if who != "" {
		per, err := p.store.Person(ctx, run.TeamID, who)
		if err == nil && per.Quiet != nil {
			return *per.Quiet
		}
		if err != nil {
			p.b.log.InfoContext(ctx, "bot: plan: the person's quiet hours", "user", who, "err", err)
		}
	}
	if set, err := p.store.RadarSettings(ctx, run.TeamID, run.ShiftID); err == nil {
		return set.NightHours()
	}
	return bh.DefaultNightHours
}

// dutyWindow is the window of a /plan that named none: the asker's duty
// now (until it ends), or their next one (from its start); else the
// default (from, hours) unchanged. A window is 1 to 24 hours.
func dutyWindow(d bh.Duty, user string, now, from time.Time, hours int) (time.Time, int) {
	if d.UserID != user {
		return from, hours
	}
	span := func(a, b time.Time) int { return min(24, max(1, int((b.Sub(a)+time.Hour-1)/time.Hour))) }
	switch {
	case d.OnAt(now) && !d.Until.IsZero():
		return time.Time{}, span(now, d.Until)
	case d.Next(now) && !d.Until.IsZero():
		return d.Since, span(d.Since, d.Until)
	case d.Next(now):
		return d.Since, hours
	}
	return from, hours
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
		b.log.ErrorContext(ctx, "bot: post council progress", "channel", channelID, "err", err)
		b.tell(ctx, channelID, userID, "I cannot post in this conversation ("+slackErr(err)+"). Invite me with /invite @BabyHandoff, or plan in our DM.")
		return council.Output{}, false
	}
	// The run knows its message from the start, so a restart can find it.
	in.Run.CardChannel, in.Run.CardTS = channelID, prog.ts
	out, err := b.cfg.Council.Execute(ctx, p.store, in, prog.observe)
	prog.stop()
	release()
	if errors.Is(err, bh.ErrFamilyDeleted) {
		// Deleted meanwhile (delete-my-data): nothing of the plan is kept,
		// and trying again would plan from nothing.
		b.log.InfoContext(ctx, "bot: a plan's family was deleted while it was made; nothing saved", "shift_id", in.Run.ShiftID)
		msg := blocks.Notice("This plan was not saved: BabyHandoff's data in this workspace was deleted while it was being made. Nothing of it is kept; a new note starts afresh.")
		if uerr := b.update(context.WithoutCancel(ctx), channelID, prog.ts, msg); uerr != nil {
			b.log.WarnContext(ctx, "bot: report a plan of deleted data", "err", uerr)
		}
		return council.Output{}, false
	}
	if err != nil {
		b.log.ErrorContext(ctx, "bot: council run failed", "shift_id", in.Run.ShiftID, "err", err)
		msg := blocks.Notice("⚠️ I could not finish this plan: " + bh.ErrorText(ctx, err) + " Try `/plan` again.")
		if uerr := b.update(context.WithoutCancel(ctx), channelID, prog.ts, msg); uerr != nil {
			b.log.ErrorContext(ctx, "bot: report failed run", "err", uerr)
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
	return blocks.Card(p.cardInput(ctx, rec, forkedFrom))
}

// cardInput is what a run's card shows as things stand: links to its
// notes, what is done since, who is on duty, who claimed what.
func (p *planner) cardInput(ctx context.Context, rec bh.RunRecord, forkedFrom int) blocks.CardInput {
	// One read of the notes the card can cite — its pack's — serves the
	// links, what is done and who claimed what.
	var links blocks.Links
	var labels map[string]string
	done := map[string]bool{}
	var claims map[string]string
	if notes, err := p.store.NotesByID(ctx, rec.Run.TeamID, packNoteIDs(rec.Pack)); err == nil {
		notes, links, labels = p.links.cited(notes, rec.Run.ChannelID)
		for _, n := range notes {
			if n.Done() {
				done[n.ID] = true
			}
		}
		claims = bh.Claims(notes)
	}
	duty, err := p.store.Duty(ctx, rec.Run.TeamID, rec.Run.ShiftID)
	if err != nil {
		p.b.log.InfoContext(ctx, "bot: card: who is on duty", "shift_id", rec.Run.ShiftID, "err", err)
	}
	// Undo, for a minute after an edit (planedit.go).
	undo := rec.Run.Edit != nil && len(rec.Run.Edit.Ops) > 0 && p.b.cfg.Now().Sub(rec.Run.Edit.At) <= undoFor
	run := rec.Run
	run.Clock = p.b.cardClock(run)
	return blocks.CardInput{Run: run, Decision: rec.Decision, Proposals: rec.Proposals, Links: links, Labels: labels,
		ForkedFrom: forkedFrom, Done: done, Duty: duty, Claims: claims, Undo: undo}
}

// packNoteIDs are the notes a run can cite: every plan item, reason and
// "done since yesterday" line comes from its context pack.
func packNoteIDs(p bh.ContextPack) []string {
	ids := make([]string, 0, len(p.LogRefs)+len(p.Done))
	for _, r := range p.LogRefs {
		ids = append(ids, r.LogID)
	}
	for _, d := range p.Done {
		ids = append(ids, d.LogID)
	}
	return ids
}

// refreshCard shows a run's card again as things stand (an item done or
// not since), in place, if the card is still that run's.
func (p *planner) refreshCard(ctx context.Context, teamID, runID, channelID string) {
	b := p.b
	defer p.redraws.Lock(teamID + "/" + runID)()
	rec, err := p.store.RunRecord(ctx, teamID, runID)
	walked := false
	if err == nil && rec.Run.CardTS == "" && len(rec.Run.Rest)+len(rec.Run.For) > 0 {
		// A handoff's plan for its receiver has no card: the card to
		// refresh is the newest one before it.
		rec, err = p.cardedBefore(ctx, rec.Run)
		runID, channelID, walked = rec.Run.ID, rec.Run.ChannelID, true
	}
	if err != nil || rec.Run.ChannelID != channelID || rec.Run.CardTS == "" {
		if err != nil {
			b.log.DebugContext(ctx, "bot: refresh card", "run_id", runID, "err", err)
		}
		return
	}
	// A what-if turns the same message into its newer version: never show
	// an older plan over it.
	if latest, err := p.store.LatestRun(ctx, teamID, rec.Run.ShiftID); !walked && (err != nil || latest.ID != runID) {
		return
	}
	forkedFrom := 0
	if rec.Run.ParentRunID != "" {
		if parent, err := p.store.Run(ctx, teamID, rec.Run.ParentRunID); err == nil {
			forkedFrom = parent.Version
		}
	}
	if err := b.update(ctx, rec.Run.CardChannel, rec.Run.CardTS, p.card(ctx, rec, forkedFrom)); err != nil {
		b.log.WarnContext(ctx, "bot: refresh card", "run_id", runID, "err", err)
	}
}
