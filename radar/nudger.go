package radar

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robfig/cron/v3"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// Notifier posts the radar's messages (the bot, in Slack). An error with the
// code EFORBIDDEN or ENOTFOUND means the conversation is out of reach (the
// bot was removed, the channel archived): the radar stops posting there
// instead of retrying.
//
// The radar never reads a conversation's history: a message's ts is what
// the store recorded when it was posted (PostSent), and a post whose ts was
// lost is superseded by a new one (resume), not searched for.
type Notifier interface {
	// PostRadar posts p, or updates p.UpdateTS in place, and returns the
	// message's ts.
	PostRadar(ctx context.Context, p bh.RadarPost) (ts string, err error)
}

// Router decides where a family's new radar post goes and whose quiet
// hours hold there (the bot: the DM of the person on duty, else a family
// channel, else the DM of whoever wrote the lead item's note). items are
// what the post is about, most urgent first (none for an outlook). Only
// new posts are routed: a message already posted is updated where it is.
type Router interface {
	Route(ctx context.Context, shift bh.Shift, kind bh.PostKind, items []bh.RiskItem, now time.Time) (bh.Route, bh.QuietHours, error)
}

// Reacher is a Router that can also tell whether a conversation that no
// longer feeds a family (or never did: a member's DM the router chose)
// is still a member's, so the message posted there may be updated.
type Reacher interface {
	Reaches(ctx context.Context, shift bh.Shift, channelID string) (bool, error)
}

// PostStore keeps the nudger's claims and each shift's radar settings. A
// claim is a unique key, so when several processes share a store each post
// is sent by one of them.
type PostStore interface {
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
	ShiftState(ctx context.Context, teamID, shiftID string) (bh.ShiftState, string, bool, error)
	StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	// UpdateRadarSettings applies change to the settings as they are now,
	// compare-and-set; changed reports whether this call wrote them.
	UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (bh.RadarSettings, bool, error)
	AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error)
	ClaimPost(ctx context.Context, p bh.PostRecord) (bool, error)
	PostSent(ctx context.Context, rec bh.PostRecord, ts string) error
	PostFailed(ctx context.Context, key, why string) error
	RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error)
	// NudgesOfDay lists the day's nudges, the latest first.
	NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error)
	// Posts lists a family's posts, the newest claim first.
	Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error)
	TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) ([]bh.PostRecord, error)
	// FamilyConversations lists the conversations that feed a family now.
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	// Duty is who is on duty in the family: a message's foot names them,
	// so their duty's start and end redraw it.
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
}

// NudgerConfig configures a Nudger.
type NudgerConfig struct {
	Store  PostStore // required
	Notify Notifier  // required
	// Router routes new posts. Default: the shift's own conversation
	// (Shift.ChannelID) with the shift's quiet hours.
	Router Router
	// Location is the zone of shifts without one of their own. Default UTC.
	Location *time.Location
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// AfterFunc runs f after d and returns a stop function, like
	// time.AfterFunc (tests pass a fake clock's). Default time.AfterFunc.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Debounce coalesces a burst of changes into one look. Default 3 s.
	Debounce time.Duration
	// MaxWait bounds how long a steady stream of changes can delay a look.
	// Default 4 × Debounce.
	MaxWait time.Duration
	// MinLevel is the lowest risk that starts a nudge. Default high.
	MinLevel bh.RiskLevel
	// Calm is the least time between two new messages in a conversation,
	// unless a new critical item appears. Default 10 min.
	Calm time.Duration
	// ReminderLead is how long before a deadline its reminder goes out.
	// Default 2 h.
	ReminderLead time.Duration
	// Spec is the cron schedule of the sweep that sends reminders and
	// outlooks and picks up what a crash left. Default "@every 1m".
	Spec string
	// StaleAfter is how old a claim without a post must be before another
	// process takes it over; a post gives up after half of it, so the two
	// never send at once (clocks of processes sharing a store must agree
	// to within the other half). Default 1 min.
	StaleAfter time.Duration
	// Exclusive says no other process shares the store (the embedded one is
	// locked): a claim left unposted at start-up is a dead process's and is
	// taken over at once instead of after StaleAfter.
	Exclusive bool
	// Spread, when set, spreads the sweeps' families over this period
	// (spread.go): Run ticks SpreadTicks times a period and each tick
	// sweeps the families whose phase it passed, so each family is swept
	// once a period at its own time and the Spec is not used. Claims left
	// by a crash are taken at every tick. Default 0: each Spec tick sweeps
	// every family.
	Spread time.Duration
	// Owner names this process in claims. Default host:pid.
	Owner string
	// ShutdownGrace is how long a post in flight when Run's context ends
	// may still finish and be recorded; one cut off after that is taken
	// over at the next start, and posted anew (resume).
	// Default 5 s.
	ShutdownGrace time.Duration
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
}

// Nudger turns shift states into Slack messages without noise: one radar
// message per shift per day, updated in place, and a new one only when risk
// rises; a reminder before each deadline; the morning outlook where a
// person turned it on.
type Nudger struct {
	cfg NudgerConfig

	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	pending map[string]*pendingLook
	closed  bool
	wg      sync.WaitGroup
	locks   keylock.Locks // one look at a shift at a time
	// looked remembers fingerprints a look found nothing to do for, and
	// posts already claimed, so the sweep does not ask the store again.
	// A post's key names its day (or its deadline, or its ask's period):
	// a week on it is asked no more, and the sweep forgets it (tidySent),
	// so that the memo holds a week of posts, not every post since the
	// start.
	looked map[string]string
	sent   map[string]sentKey
	tidied time.Time // when the sweep last forgot old keys
	// started is closed when Run's first sweep is over: a caller that
	// sweeps itself waits for it, or the two sweeps race for one post.
	started chan struct{}
}

// sentKey is a post key remembered: whether it is sent (or another
// process's to send), and when that was learnt.
type sentKey struct {
	on bool
	at time.Time
}

// keepSent is how long a post's key is remembered.
const keepSent = 7 * 24 * time.Hour

// markLocked remembers key as sent (on) or known not sent; n.mu is held.
func (n *Nudger) markLocked(key string, on bool) {
	n.sent[key] = sentKey{on: on, at: n.cfg.Now()}
}

// tidySent forgets the keys learnt more than keepSent ago, at most once an
// hour: a key asked again after that is read from the store, as after a
// restart.
func (n *Nudger) tidySent(now time.Time) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if now.Sub(n.tidied) < time.Hour && !now.Before(n.tidied) {
		return
	}
	n.tidied = now
	for k, e := range n.sent {
		if now.Sub(e.at) > keepSent {
			delete(n.sent, k)
		}
	}
}

type pendingLook struct {
	first time.Time
	stop  func() bool
}

// NewNudger checks cfg.
func NewNudger(cfg NudgerConfig) (*Nudger, error) {
	if cfg.Store == nil || cfg.Notify == nil {
		return nil, bh.Errorf(bh.EINVALID, "radar: a nudger needs a store and a notifier")
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AfterFunc == nil {
		cfg.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if cfg.Debounce <= 0 {
		cfg.Debounce = 3 * time.Second
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = 4 * cfg.Debounce
	}
	if cfg.MinLevel == bh.RiskNone {
		cfg.MinLevel = bh.RiskHigh
	}
	if cfg.Calm <= 0 {
		cfg.Calm = 10 * time.Minute
	}
	if cfg.ReminderLead <= 0 {
		cfg.ReminderLead = 2 * time.Hour
	}
	if cfg.Spec == "" {
		cfg.Spec = "@every 1m"
	}
	if _, err := cron.ParseStandard(cfg.Spec); err != nil {
		return nil, bh.Errorf(bh.EINVALID, "radar: the sweep schedule %q: %v", cfg.Spec, err)
	}
	if cfg.StaleAfter <= 0 {
		cfg.StaleAfter = time.Minute
	}
	if cfg.Owner == "" {
		host, _ := os.Hostname()
		cfg.Owner = host + ":" + strconv.Itoa(os.Getpid())
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.ShutdownGrace <= 0 {
		cfg.ShutdownGrace = 5 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Nudger{cfg: cfg, ctx: ctx, cancel: cancel, pending: map[string]*pendingLook{}, looked: map[string]string{}, sent: map[string]sentKey{}, started: make(chan struct{})}, nil
}

// Run sweeps once at once (what came due during downtime), then on the cron
// schedule, until ctx ends; then it stops the cron and lets the looks and
// posts in flight finish, for at most ShutdownGrace.
func (n *Nudger) Run(ctx context.Context) error {
	// The work's own context outlives ctx by the grace: a post cut off in
	// the middle would leave a claim for the next start to sort out.
	stopGrace := context.AfterFunc(ctx, func() { time.AfterFunc(n.cfg.ShutdownGrace, n.cancel) })
	defer stopGrace()
	defer n.cancel()
	c := cron.New(cron.WithChain(cron.SkipIfStillRunning(cron.DiscardLogger)))
	spec, tick := n.cfg.Spec, func() { n.Tick(n.ctx) }
	if n.cfg.Spread > 0 {
		last := n.cfg.Now()
		spec = "@every " + max(n.cfg.Spread/SpreadTicks, time.Second).String()
		tick = func() {
			now := n.cfg.Now()
			n.SweepBetween(n.ctx, last, now)
			last = now
		}
	}
	if _, err := c.AddFunc(spec, tick); err != nil {
		return bh.Errorf(bh.EINVALID, "radar: schedule the sweep: %v", err)
	}
	if n.cfg.Exclusive {
		// Every claim there is now is a dead process's (a day ahead covers
		// a clock that moved back).
		n.takeStale(n.ctx, n.cfg.Now().Add(24*time.Hour))
	}
	if ctx.Err() == nil {
		n.Tick(n.ctx)
	}
	close(n.started)
	c.Start()
	<-ctx.Done()
	<-c.Stop().Done()
	n.mu.Lock()
	n.closed = true
	for k, p := range n.pending {
		p.stop()
		delete(n.pending, k)
	}
	n.mu.Unlock()
	n.wg.Wait()
	return nil
}

// Changed hears a new state (the watcher's Changed hook) and schedules a
// look at its shift after the debounce; a burst of changes makes one look.
func (n *Nudger) Changed(_ context.Context, _, next bh.ShiftState, _ bool) {
	n.schedule(next.TeamID, next.ShiftID)
}

func (n *Nudger) schedule(teamID, shiftID string) {
	key := teamID + "/" + shiftID
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return
	}
	now := n.cfg.Now()
	delay, first := n.cfg.Debounce, now
	if p, ok := n.pending[key]; ok && p.stop() {
		first = p.first
		if left := first.Add(n.cfg.MaxWait).Sub(now); left < delay {
			delay = max(left, 0)
		}
	}
	p := &pendingLook{first: first}
	n.pending[key] = p
	n.wg.Add(1)
	stop := n.cfg.AfterFunc(delay, func() {
		defer n.wg.Done()
		n.mu.Lock()
		if n.pending[key] == p {
			delete(n.pending, key)
		}
		closed := n.closed
		n.mu.Unlock()
		if !closed {
			n.Look(n.ctx, teamID, shiftID, false)
		}
	})
	p.stop = func() bool {
		if stop() {
			n.wg.Done() // the function will never run
			return true
		}
		return false
	}
}

// Pending reports how many looks wait for their debounce (tests, metrics).
func (n *Nudger) Pending() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.pending)
}

// Look decides whether a shift's state needs a new nudge, an update in
// place, or nothing. fresh starts a new message whatever the day's last one
// showed (a snooze ended).
func (n *Nudger) Look(ctx context.Context, teamID, shiftID string, fresh bool) {
	ctx = bh.EnsureTrace(ctx) // its log lines and store calls, as one story
	key := teamID + "/" + shiftID
	defer n.locks.Lock(key)()
	log := n.cfg.Logger.With("shift_id", shiftID)
	st, fp, ok := n.state(ctx, log, teamID, shiftID, "radar: nudge: load state")
	if !ok {
		return
	}
	set, ok := n.settings(ctx, teamID, shiftID, st)
	if !ok {
		return
	}
	now := n.cfg.Now()
	if set.Snoozed(now) {
		return
	}
	shift, ok := n.shift(ctx, log, teamID, shiftID, "radar: nudge: load shift")
	if !ok {
		return
	}
	loc := shift.Location(n.cfg.Location)
	day := now.In(loc).Format(time.DateOnly)
	st = Aged(st, now)
	// What the standing message shows moves with time alone too: a health
	// note's ask, a deadline turning overdue, the day's turn (its dates
	// read "today" and "tomorrow"). Each is shown by an update in place,
	// quiet hours or not; an update does not notify.
	fp = postFingerprint(fp, st, day, n.duty(ctx, teamID, shiftID), now)
	n.mu.Lock()
	seen := day + "/" + fp + "/" + st.ComputedAt.String()
	done := !fresh && n.looked[key] == seen
	n.mu.Unlock()
	if done {
		return
	}
	todays, nextSeq, err := n.nudgesOfDay(ctx, teamID, shiftID, now.In(loc))
	if err != nil {
		log.ErrorContext(ctx, "radar: nudge: load the day's nudges", "err", err)
		return
	}
	var last bh.PostRecord
	had := len(todays) > 0
	if had {
		last = todays[0]
	}
	if had && last.TS == "" && last.Failed == "" {
		return // being posted by someone, or picked up by the sweep after a crash
	}
	route, quiet, ok := n.route(ctx, shift, bh.PostNudge, urgent(st), now, set)
	if !ok {
		return
	}
	items := itemKeys(st)
	post := bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Location: loc, Now: now, To: route}
	// A rise is measured from the family's latest message, wherever it
	// went (the one now on duty was handed that state), and goes to the
	// route only.
	rise := st.Level >= n.cfg.MinLevel && (!had || fresh || last.Failed != "" || roseFrom(last.Level, last.Critical, st))
	if rise && !fresh {
		// Within the calm window a new critical item is added to the
		// message standing in the route's conversation, and a reply in its
		// thread makes it heard: one message, one state.
		if standing, ok := n.calmStanding(todays, shift.ChannelID, route.ChannelID, now); ok {
			added := newKeys(standing.Critical, st.Critical())
			if quiet.Contains(now.In(loc)) {
				added = n.untold(st, added, standing.Items)
			}
			if len(added) > 0 {
				// The other conversations' messages show it too, as after
				// a new message (below).
				if n.addNew(ctx, log, post, standing, fp, items, route, added) &&
					!n.updateStanding(ctx, log, post, todays, fp, items, route, standingPick{except: route.ChannelID}) {
					return
				}
				n.mu.Lock()
				n.looked[key] = seen
				n.mu.Unlock()
				return
			}
		}
		rise = n.worthANewMessage(ctx, teamID, shiftID, st, had, last, quiet.Contains(now.In(loc)), now.In(loc))
	}
	switch {
	case rise:
		seq := nextSeq
		post.Why = n.why(had && last.Failed == "", fresh, last, st)
		rec := bh.PostRecord{Key: fmt.Sprintf("nudge:%s/%s/%s/%d", teamID, shiftID, day, seq), Kind: bh.PostNudge, TeamID: teamID, ShiftID: shiftID,
			Day: day, Seq: seq, Level: st.Level, Critical: st.Critical(), Items: items, Fingerprint: fp, Owner: n.cfg.Owner, ClaimedAt: now, MadeAt: now, ChannelID: route.ChannelID}
		if !n.send(ctx, rec, post) {
			return
		}
		// The family's messages standing in other conversations show the
		// new state too, in place: a DM left at "calmer now" would tell
		// its reader all is well.
		if !n.updateStanding(ctx, log, post, todays, fp, items, route, standingPick{except: route.ChannelID}) {
			return
		}
	default:
		// No rise: the standing message of the day in each conversation
		// that feeds the family is updated in place (no notification), the
		// one asleep's too.
		if !n.updateStanding(ctx, log, post, todays, fp, items, route, standingPick{}) {
			return
		}
	}
	n.mu.Lock()
	n.looked[key] = seen
	n.mu.Unlock()
}

// standingPick says which standing messages updateStanding updates: with
// only set, the one in that conversation whatever it shows; else each
// that shows another state, but for the one in except.
type standingPick struct{ only, except string }

// updateStanding updates the day's standing messages that pick chooses;
// false stops the look (see update). One in a conversation that left the
// family (its person left) keeps what it was shown: the family's items
// are not theirs now.
func (n *Nudger) updateStanding(ctx context.Context, log *slog.Logger, post bh.RadarPost, todays []bh.PostRecord, fp string, items []string, route bh.Route, pick standingPick) bool {
	only := pick.only
	shift := post.Shift
	convs, err := n.cfg.Store.FamilyConversations(ctx, shift.TeamID, shift.ID)
	if err != nil {
		log.ErrorContext(ctx, "radar: nudge: load the family's conversations", "err", err)
		return false
	}
	feeds := func(ch string) bool {
		if ch == route.ChannelID || slices.ContainsFunc(convs, func(c bh.Conversation) bool { return c.ChannelID == ch }) {
			return true
		}
		r, ok := n.cfg.Router.(Reacher)
		if !ok {
			return false
		}
		yes, err := r.Reaches(ctx, shift, ch)
		if err != nil {
			log.WarnContext(ctx, "radar: nudge: whether a conversation is still the family's; not updating it", "channel", ch, "err", err)
		}
		return yes
	}
	// Past midnight a conversation's standing message may be yesterday's
	// (the night's): it is updated at the day's turn and through the night
	// until the day's first message.
	standing := standingNudges(todays, shift.ChannelID)
	yesterday, _, err := n.nudgesOfDay(ctx, shift.TeamID, shift.ID, post.Now.In(post.Location).AddDate(0, 0, -1))
	if err != nil {
		log.WarnContext(ctx, "radar: nudge: load yesterday's nudges", "err", err)
	}
	for _, y := range standingNudges(yesterday, shift.ChannelID) {
		if !slices.ContainsFunc(standing, func(r bh.PostRecord) bool { return r.ChannelID == y.ChannelID }) {
			standing = append(standing, y)
		}
	}
	for _, standing := range standing {
		switch {
		case only != "" && standing.ChannelID != only:
			continue
		case only == "" && (standing.Fingerprint == fp || standing.ChannelID == pick.except):
			continue
		case !feeds(standing.ChannelID):
			continue
		}
		if _, ok := n.update(ctx, log, post, standing, fp, items, route, only != ""); !ok {
			return false
		}
	}
	return true
}

// state is the shift's saved state and its fingerprint; false when it has
// none yet or it cannot be read (logged as msg, unless the radar is
// stopping).
func (n *Nudger) state(ctx context.Context, log *slog.Logger, teamID, shiftID, msg string) (bh.ShiftState, string, bool) {
	st, fp, found, err := n.cfg.Store.ShiftState(ctx, teamID, shiftID)
	if err != nil && ctx.Err() == nil {
		log.ErrorContext(ctx, msg, "err", err)
	}
	return st, fp, err == nil && found
}

// shift is the family's shift; false when it cannot be read (logged as
// msg, unless the radar is stopping) or is the sample: made-up notes, of
// which the radar never speaks.
func (n *Nudger) shift(ctx context.Context, log *slog.Logger, teamID, shiftID, msg string) (bh.Shift, bool) {
	shift, err := n.cfg.Store.ShiftByID(ctx, teamID, shiftID)
	if err != nil {
		if ctx.Err() == nil {
			log.ErrorContext(ctx, msg, "err", err)
		}
		return shift, false
	}
	return shift, !shift.Sample
}

// Reshow updates the family's standing message of the day in channelID
// in place, with the state as it is now, whether or not that state
// changed: who reads the conversation changed (someone came into a
// channel who has not joined the family), and the message must show only
// what its readers now may see (the Notifier decides what that is).
// Nothing new is posted, and nothing is recorded: a change it happens to
// show first is still a rise for the look that follows.
func (n *Nudger) Reshow(ctx context.Context, teamID, shiftID, channelID string) {
	ctx = bh.EnsureTrace(ctx) // its log lines and store calls, as one story
	defer n.locks.Lock(teamID + "/" + shiftID)()
	log := n.cfg.Logger.With("shift_id", shiftID, "channel", channelID)
	st, fp, ok := n.state(ctx, log, teamID, shiftID, "radar: reshow: load state")
	if !ok {
		return
	}
	set, err := n.cfg.Store.RadarSettings(ctx, teamID, shiftID)
	if err != nil {
		log.ErrorContext(ctx, "radar: reshow: load settings", "err", err)
		return
	}
	shift, ok := n.shift(ctx, log, teamID, shiftID, "radar: reshow: load shift")
	if !ok {
		return
	}
	now := n.cfg.Now()
	loc := shift.Location(n.cfg.Location)
	todays, _, err := n.nudgesOfDay(ctx, teamID, shiftID, now.In(loc))
	if err != nil {
		log.ErrorContext(ctx, "radar: reshow: load the day's nudges", "err", err)
		return
	}
	route, _, ok := n.route(ctx, shift, bh.PostNudge, urgent(st), now, set)
	if !ok {
		route = bh.Route{}
	}
	fp += healthMark(st)
	post := bh.RadarPost{Kind: bh.PostNudge, Shift: shift, State: st, Location: loc, Now: now, To: route}
	n.updateStanding(ctx, log, post, todays, fp, itemKeys(st), route, standingPick{only: channelID})
}

// nudgesOfDay lists the nudges claimed on local's day in the family's
// zone now, the latest first, and the next free sequence number of that
// day's key. A nudge is filed under the day it was claimed on in the zone
// known then: a zone learnt later (the first note's writer's, once Slack
// tells it) can move that day by one either way, and the day's message
// must still be found, or the same risk would be posted again as the
// day's first (and, with the route changed meanwhile, somewhere new).
func (n *Nudger) nudgesOfDay(ctx context.Context, teamID, shiftID string, local time.Time) ([]bh.PostRecord, int, error) {
	day := local.Format(time.DateOnly)
	loc := local.Location()
	var out []bh.PostRecord
	next := 1
	for _, d := range []string{day, local.AddDate(0, 0, -1).Format(time.DateOnly), local.AddDate(0, 0, 1).Format(time.DateOnly)} {
		recs, err := n.cfg.Store.NudgesOfDay(ctx, teamID, shiftID, d)
		if err != nil {
			return nil, 0, err
		}
		for _, r := range recs {
			if d == day {
				next = max(next, r.Seq+1) // a key is never claimed twice
			}
			switch {
			case r.ClaimedAt.IsZero() && d == day:
			case r.ClaimedAt.IsZero() || r.ClaimedAt.In(loc).Format(time.DateOnly) != day:
				continue
			}
			next = max(next, r.Seq+1) // counted on from the day's latest
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b bh.PostRecord) int {
		if c := b.ClaimedAt.Compare(a.ClaimedAt); c != 0 {
			return c
		}
		return b.Seq - a.Seq
	})
	return out, next, nil
}

// lastNudge is the latest nudge claimed on local's day in the family's
// zone now (nudgesOfDay: not the day it was filed under).
func (n *Nudger) lastNudge(ctx context.Context, teamID, shiftID string, local time.Time) (bh.PostRecord, bool, error) {
	recs, _, err := n.nudgesOfDay(ctx, teamID, shiftID, local)
	if err != nil || len(recs) == 0 {
		return bh.PostRecord{}, false, err
	}
	return recs[0], true, nil
}

// standingNudges are the day's standing messages: in each conversation,
// its latest nudge that was posted (nudges newest first). A record
// without a conversation is def's (claimed before posts were routed).
func standingNudges(nudges []bh.PostRecord, def string) []bh.PostRecord {
	var out []bh.PostRecord
	seen := map[string]bool{}
	for _, r := range nudges {
		if r.ChannelID == "" {
			r.ChannelID = def
		}
		if seen[r.ChannelID] {
			continue
		}
		seen[r.ChannelID] = true
		if r.TS != "" && r.Failed == "" {
			out = append(out, r)
		}
	}
	return out
}

// calmStanding is the day's standing message in the conversation ch when
// it was posted less than Calm ago.
func (n *Nudger) calmStanding(todays []bh.PostRecord, def, ch string, now time.Time) (bh.PostRecord, bool) {
	for _, r := range standingNudges(todays, def) {
		if r.ChannelID == ch && now.Sub(r.ClaimedAt) < n.cfg.Calm {
			return r, true
		}
	}
	return bh.PostRecord{}, false
}

// addNew updates the standing message with the new critical items at its
// top, then replies in its thread naming them: Slack does not notify an
// update in place, and a reply that mentions its reader does. Only the
// process whose update was recorded replies; sent says this one did.
func (n *Nudger) addNew(ctx context.Context, log *slog.Logger, post bh.RadarPost, standing bh.PostRecord, fp string, items []string, route bh.Route, added []string) (sent bool) {
	for _, k := range added {
		if it, ok := itemByKey(post.State, k); ok {
			post.New = append(post.New, it)
		}
	}
	sent, ok := n.update(ctx, log, post, standing, fp, items, route, false)
	if !ok || !sent {
		return false
	}
	reply := post
	reply.Kind, reply.UpdateTS, reply.Why, reply.Key = bh.PostNew, "", "new critical", ""
	reply.To = route
	if reply.To.ChannelID != standing.ChannelID {
		reply.To = bh.Route{ChannelID: standing.ChannelID}
	}
	if reply.To.ThreadTS == "" {
		reply.To.ThreadTS = standing.TS
	}
	if _, err := n.cfg.Notify.PostRadar(ctx, reply); err != nil && ctx.Err() == nil {
		log.WarnContext(ctx, "radar: nudge: reply with what is new; the message shows it", "err", err)
	}
	return true
}

// update shows post in place of the standing message (redraw: without
// recording it as shown, so the look that follows a change still measures
// a rise from what was recorded); ok false stops the look (the message
// still shows the old state: the next look or sweep updates it again).
// sent says this call updated it (another process may have). A
// conversation out of reach switches the radar off only when it is where
// new posts go (route).
func (n *Nudger) update(ctx context.Context, log *slog.Logger, post bh.RadarPost, standing bh.PostRecord, fp string, items []string, route bh.Route, redraw bool) (sent, ok bool) {
	st := post.State
	recorded := !redraw && standing.Fingerprint != fp
	if recorded {
		// Recorded first: of several processes, one updates.
		moved, err := n.cfg.Store.RefreshPost(ctx, standing.Key, standing.Fingerprint, bh.PostRecord{Fingerprint: fp, Items: items, Level: st.Level, Critical: st.Critical()})
		if err != nil {
			log.ErrorContext(ctx, "radar: nudge: record the update", "err", err)
			return false, false
		}
		if !moved {
			return false, true
		}
	}
	post.UpdateTS, post.Why = standing.TS, "updated"
	post.To = bh.Route{ChannelID: standing.ChannelID}
	if standing.ChannelID == route.ChannelID {
		post.To, post.To.ThreadTS = route, "" // whose DM it is; an update has no thread
	}
	if _, err := n.cfg.Notify.PostRadar(ctx, post); err != nil {
		code := bh.ErrorCode(err)
		if code != bh.EFORBIDDEN && code != bh.ENOTFOUND {
			if !recorded {
				return false, false
			}
			if _, rerr := n.cfg.Store.RefreshPost(ctx, standing.Key, fp, standing); rerr != nil {
				log.ErrorContext(ctx, "radar: nudge: undo the update's record", "err", rerr)
			}
			return false, false
		}
		if standing.ChannelID != route.ChannelID {
			log.WarnContext(ctx, "radar: could not update a message where the radar no longer posts", "channel", standing.ChannelID, "err", err)
			return false, true
		}
		n.unreachable(ctx, st.TeamID, st.ShiftID, st.NotesRev, err)
		return false, true
	}
	return true, true
}

// worthANewMessage keeps the radar calm: a rise that would post a new
// top-level message posts one only for a new critical item when the last
// message is recent (Calm) or it is the shift's quiet hours; otherwise the
// standing message is updated in place. At the day's turn in quiet hours
// the night's message stands: nothing new for an unchanged state at
// midnight.
//
// In quiet hours "new critical" means one the parent was not told of: an
// item the standing message already showed, or a deadline already
// reminded of, that turns critical as the night passes is shown by the
// update in place, and a night with no message standing stays silent
// unless something critical is new.
func (n *Nudger) worthANewMessage(ctx context.Context, teamID, shiftID string, st bh.ShiftState, had bool, last bh.PostRecord, quiet bool, local time.Time) bool {
	if had {
		if !quiet && (last.TS == "" || last.Failed != "") {
			return true // nothing stands to update
		}
		fresh := newKeys(last.Critical, st.Critical())
		switch {
		case quiet && (last.TS == "" || last.Failed != ""):
			fresh = n.untold(st, st.Critical(), nil) // it showed nothing
		case quiet:
			fresh = n.untold(st, fresh, last.Items)
		}
		if len(fresh) > 0 {
			return true
		}
		return !quiet && local.Sub(last.ClaimedAt) >= n.cfg.Calm
	}
	if !quiet {
		return true // the day's first message
	}
	prev, ok, err := n.lastNudge(ctx, teamID, shiftID, local.AddDate(0, 0, -1))
	if err != nil {
		return true
	}
	if !ok || prev.TS == "" {
		return len(n.untold(st, st.Critical(), nil)) > 0
	}
	return len(n.untold(st, newKeys(prev.Critical, st.Critical()), prev.Items)) > 0
}

// untold lists the keys among keys the parent was not told of: not shown
// by the standing message, and not a deadline whose reminder went out.
func (n *Nudger) untold(st bh.ShiftState, keys, shown []string) []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []string
	for _, k := range keys {
		if contains(shown, k) {
			continue
		}
		if it, ok := itemByKey(st, k); ok && it.Kind == bh.TagDeadline && it.At != nil && n.sent[reminderKey(st, it)].on {
			continue
		}
		out = append(out, k)
	}
	return out
}

// settings loads the shift's settings; ok is false when the radar is off
// there. A shift switched off because its conversation was out of reach
// comes back on when one of its notes changes after that (the bot is back).
func (n *Nudger) settings(ctx context.Context, teamID, shiftID string, st bh.ShiftState) (bh.RadarSettings, bool) {
	// One read in the usual case (the radar is on: nothing to write).
	set, _, err := n.cfg.Store.UpdateRadarSettings(ctx, teamID, shiftID, func(s *bh.RadarSettings) bool {
		if s.Off == "" || st.NotesRev <= s.OffNotesRev {
			return false
		}
		s.Off, s.OffAt, s.OffNotesRev = "", time.Time{}, 0
		return true
	})
	if err != nil {
		n.failed(ctx, shiftID, err, "radar: load settings", "shift_id", shiftID)
		return set, false
	}
	return set, set.Off == ""
}

// route is where a new post about items goes now, and the quiet hours
// there; ok is false when the router failed (logged: the next look or
// sweep tries again, rather than wake the wrong person).
func (n *Nudger) route(ctx context.Context, shift bh.Shift, kind bh.PostKind, items []bh.RiskItem, now time.Time, set bh.RadarSettings) (bh.Route, bh.QuietHours, bool) {
	if n.cfg.Router == nil {
		return bh.Route{ChannelID: shift.ChannelID}, set.QuietHours(), true
	}
	r, q, err := n.cfg.Router.Route(ctx, shift, kind, items, now)
	if err != nil {
		if ctx.Err() == nil {
			n.cfg.Logger.Error("radar: route a post", "shift_id", shift.ID, "kind", kind, "err", err)
		}
		return r, q, false
	}
	if r.ChannelID == "" {
		r.ChannelID = shift.ChannelID
	}
	return r, q, true
}

// urgent lists a state's items most urgent first: what a nudge is about.
func urgent(st bh.ShiftState) []bh.RiskItem {
	var out []bh.RiskItem
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory, st.Health, st.Commitments} {
		out = append(out, g...)
	}
	slices.SortStableFunc(out, func(a, b bh.RiskItem) int { return int(b.Level) - int(a.Level) })
	return out
}

// why says why a new nudge goes out now.
func (n *Nudger) why(had, fresh bool, last bh.PostRecord, st bh.ShiftState) string {
	switch {
	case fresh:
		return fmt.Sprintf("the snooze is over and risk is still %s", st.Level)
	case !had:
		return fmt.Sprintf("risk is %s", st.Level)
	case st.Level > last.Level:
		return fmt.Sprintf("risk rose from %s to %s", last.Level, st.Level)
	}
	var texts []string
	for _, k := range newKeys(last.Critical, st.Critical()) {
		if it, ok := itemByKey(st, k); ok {
			texts = append(texts, it.Text)
		}
	}
	return "new critical: " + strings.Join(texts, ", ")
}

// send posts a claimed post once: claim, post, record. A claim another
// process holds means it posts instead; claimed says this one did.
func (n *Nudger) send(ctx context.Context, rec bh.PostRecord, post bh.RadarPost) (claimed bool) {
	claimed, err := n.cfg.Store.ClaimPost(ctx, rec)
	if err != nil {
		n.failed(ctx, rec.ShiftID, err, "radar: claim a post", "key", rec.Key)
		return false
	}
	if !claimed {
		return false
	}
	n.deliver(ctx, rec, post)
	return true
}

// deliver posts what rec claims and records the outcome.
func (n *Nudger) deliver(ctx context.Context, rec bh.PostRecord, post bh.RadarPost) {
	n.mu.Lock()
	n.markLocked(rec.Key, true)
	n.mu.Unlock()
	post.Key = rec.Key
	// A post gives up well before its claim goes stale: once another
	// process may take the claim over, this one is no longer sending (the
	// taker posts anew: resume).
	pctx, cancel := context.WithTimeout(ctx, n.cfg.StaleAfter/2)
	ts, err := n.cfg.Notify.PostRadar(pctx, post)
	cancel()
	if err != nil {
		code := bh.ErrorCode(err)
		if code == bh.EFORBIDDEN || code == bh.ENOTFOUND {
			if ferr := n.cfg.Store.PostFailed(ctx, rec.Key, bh.ErrorMessage(err)); ferr != nil {
				n.cfg.Logger.Error("radar: record a post that failed", "key", rec.Key, "err", ferr)
			}
			n.unreachable(ctx, rec.TeamID, rec.ShiftID, post.State.NotesRev, err)
			return
		}
		// A passing failure (Slack may even have taken the post: a timeout
		// after it did). The claim stays: after StaleAfter the sweep takes
		// it over like a dead process's and posts it anew (resume).
		n.mu.Lock()
		delete(n.sent, rec.Key)
		n.mu.Unlock()
		if ctx.Err() == nil {
			n.cfg.Logger.Warn("radar: could not post; will try again in a minute", "key", rec.Key, "err", err)
		}
		return
	}
	rec.ChannelID = post.To.Place(post.Shift.ChannelID)
	if err := n.cfg.Store.PostSent(ctx, rec, ts); err != nil {
		n.cfg.Logger.Error("radar: record a post", "key", rec.Key, "err", err)
	}
}

// deleted reports whether err is the store refusing a write for a family
// whose data was deleted while the radar worked on it (bh.ErrFamilyDeleted),
// and says so in one line: nothing is posted, nothing to try again.
func (n *Nudger) deleted(shiftID string, err error) bool {
	if !errors.Is(err, bh.ErrFamilyDeleted) {
		return false
	}
	n.cfg.Logger.Info("radar: the family is gone (its data was deleted); nothing posted", "shift_id", shiftID)
	return true
}

// failed logs err as msg with args, unless the family's data was deleted
// meanwhile (deleted says so in a line of its own) or the radar is
// stopping.
func (n *Nudger) failed(ctx context.Context, shiftID string, err error, msg string, args ...any) {
	if n.deleted(shiftID, err) || ctx.Err() != nil {
		return
	}
	n.cfg.Logger.Error(msg, append(args, "err", err)...)
}

// unreachable switches the radar off for a shift whose conversation is out
// of reach, with the reason, so there is no retry storm.
func (n *Nudger) unreachable(ctx context.Context, teamID, shiftID string, notesRev int, err error) {
	code := bh.ErrorCode(err)
	if code != bh.EFORBIDDEN && code != bh.ENOTFOUND {
		if ctx.Err() == nil {
			n.cfg.Logger.Warn("radar: could not update a message", "shift_id", shiftID, "err", err)
		}
		return
	}
	_, _, serr := n.cfg.Store.UpdateRadarSettings(ctx, teamID, shiftID, func(s *bh.RadarSettings) bool {
		s.Off, s.OffAt, s.OffNotesRev = bh.ErrorMessage(err), n.cfg.Now().UTC(), notesRev
		return true
	})
	if serr != nil {
		if !n.deleted(shiftID, serr) {
			n.cfg.Logger.Error("radar: switch off", "shift_id", shiftID, "err", serr)
		}
		return
	}
	n.cfg.Logger.Warn("radar: stopped posting to a conversation", "shift_id", shiftID, "why", bh.ErrorMessage(err))
}

// OutlookWindow is how late a morning outlook may still go out (after a
// downtime): later than that it would be noise.
const OutlookWindow = 6 * time.Hour

// ReminderGrace is how long after a deadline a missed reminder still goes
// out (after a downtime), saying it is overdue.
const ReminderGrace = 12 * time.Hour

// Tick is one sweep: posts a crash left claimed, snoozes that ended,
// reminders that came due, morning outlooks, and shifts at risk not looked
// at yet by this process (a look lost to a restart).
func (n *Nudger) Tick(ctx context.Context) {
	n.sweep(ctx, window{})
}

// SweepBetween is Tick for the families whose phase in the Spread period
// (Phase) lies after from and up to to.
func (n *Nudger) SweepBetween(ctx context.Context, from, to time.Time) {
	n.sweep(ctx, window{from: from, to: to, period: n.cfg.Spread})
}

func (n *Nudger) sweep(ctx context.Context, in window) {
	ctx = bh.EnsureTrace(ctx) // its log lines and store calls, as one story
	now := n.cfg.Now()
	log := n.cfg.Logger
	n.tidySent(now)
	n.takeStale(ctx, now.Add(-n.cfg.StaleAfter))
	all, err := n.cfg.Store.AllRadarSettings(ctx)
	if err != nil {
		if ctx.Err() == nil {
			log.ErrorContext(ctx, "radar: sweep: settings", "err", err)
		}
		return
	}
	settings := map[string]bh.RadarSettings{}
	for _, s := range all {
		settings[s.TeamID+"/"+s.ShiftID] = s
		if !in.holds(s.TeamID, s.ShiftID) {
			continue
		}
		if !s.SnoozedUntil.IsZero() && !now.Before(s.SnoozedUntil) {
			// Only the process that ends the snooze looks afresh; another
			// that read it too finds it ended and leaves it.
			ended, mine, err := n.cfg.Store.UpdateRadarSettings(ctx, s.TeamID, s.ShiftID, func(cur *bh.RadarSettings) bool {
				if cur.SnoozedUntil.IsZero() || now.Before(cur.SnoozedUntil) {
					return false
				}
				cur.SnoozedUntil = time.Time{}
				return true
			})
			if err != nil {
				log.ErrorContext(ctx, "radar: sweep: end a snooze", "err", err)
				continue
			}
			s = ended
			settings[s.TeamID+"/"+s.ShiftID] = s
			if mine {
				n.Look(ctx, s.TeamID, s.ShiftID, true)
			}
		}
		if s.OutlookOn && s.Off == "" && !s.Snoozed(now) {
			n.outlook(ctx, s, now)
		}
	}
	states, err := n.cfg.Store.StatesAtRisk(ctx, n.cfg.MinLevel)
	if err != nil {
		if ctx.Err() == nil {
			log.ErrorContext(ctx, "radar: sweep: states", "err", err)
		}
		return
	}
	for _, st := range states {
		s, ok := settings[st.TeamID+"/"+st.ShiftID]
		if !in.holds(st.TeamID, st.ShiftID) || ok && (s.Off != "" || s.Snoozed(now)) {
			continue
		}
		if now.Sub(st.ComputedAt) < n.cfg.Debounce {
			// Part of a burst still coming in: its look waits like the
			// watcher's, and its reminders wait for the next sweep, after
			// that look's nudge (which may cover them).
			if st.Level >= n.cfg.MinLevel {
				n.scheduleOnce(st.TeamID, st.ShiftID)
			}
			continue
		}
		if st.Level >= n.cfg.MinLevel {
			n.Look(ctx, st.TeamID, st.ShiftID, false)
		}
		// The shift is read once for all of the state's reminders and
		// asks, and only when one of them may be due.
		shiftOf := n.shiftOnce(ctx, st)
		for _, d := range st.Deadlines {
			if d.At != nil && now.Before(d.At.Add(ReminderGrace)) {
				n.remind(ctx, st, d, s, now, shiftOf)
			}
		}
		var asks []bh.RiskItem
		for _, h := range st.Health {
			if h.Ask {
				asks = append(asks, h)
			}
		}
		n.askHealth(ctx, st, asks, s, now, shiftOf)
	}
}

// shiftOnce reads st's shift at the first call and hands out that read
// after: ok is false when it could not be read (logged) or is the sample,
// of which the radar never speaks.
func (n *Nudger) shiftOnce(ctx context.Context, st bh.ShiftState) func() (bh.Shift, bool) {
	var shift bh.Shift
	var ok, read bool
	return func() (bh.Shift, bool) {
		if read {
			return shift, ok
		}
		read = true
		var err error
		shift, err = n.cfg.Store.ShiftByID(ctx, st.TeamID, st.ShiftID)
		if err != nil {
			if ctx.Err() == nil {
				n.cfg.Logger.Error("radar: sweep: load shift", "shift_id", st.ShiftID, "err", err)
			}
			return shift, false
		}
		ok = !shift.Sample
		return shift, ok
	}
}

// scheduleOnce schedules a look unless one is already waiting (which it
// would push back).
func (n *Nudger) scheduleOnce(teamID, shiftID string) {
	n.mu.Lock()
	_, waiting := n.pending[teamID+"/"+shiftID]
	n.mu.Unlock()
	if !waiting {
		n.schedule(teamID, shiftID)
	}
}

// takeStale finishes the posts claimed before cutoff and never posted.
func (n *Nudger) takeStale(ctx context.Context, cutoff time.Time) {
	stale, err := n.cfg.Store.TakeStalePosts(ctx, cutoff, n.cfg.Owner)
	if err != nil && ctx.Err() == nil {
		n.cfg.Logger.Error("radar: stale posts", "err", err)
	}
	for _, rec := range stale {
		n.resume(ctx, rec)
	}
}

func reminderKey(st bh.ShiftState, d bh.RiskItem) string {
	return fmt.Sprintf("reminder:%s/%s/%s/%d", st.TeamID, st.ShiftID, d.Key, d.At.Unix())
}

// reminderAt is when a deadline's reminder goes out: lead before it, or,
// when that falls in the quiet hours, lead before they begin (early).
func reminderAt(due time.Time, lead time.Duration, q bh.QuietHours, loc *time.Location) (at time.Time, early bool) {
	at = due.Add(-lead)
	local := at.In(loc)
	if !q.Contains(local) {
		return at, false
	}
	start := time.Date(local.Year(), local.Month(), local.Day(), q.From, 0, 0, 0, loc)
	if start.After(local) {
		start = start.AddDate(0, 0, -1)
	}
	return start.Add(-lead), true
}

// earliestReminder is the soonest a deadline's reminder can go out in any
// zone, known without the shift's: lead before it, or lead before the
// quiet hours its time falls in (reminderAt), which begin at most their
// length (and an hour for a clock change) earlier.
func earliestReminder(due time.Time, lead time.Duration, q bh.QuietHours) time.Time {
	at := due.Add(-lead)
	if q.Off() {
		return at
	}
	span := (q.To - q.From + 24) % 24
	return at.Add(-lead - time.Duration(span+1)*time.Hour)
}

// earliestReminderAnyQuiet is earliestReminder for whatever quiet hours
// hold: the longest are 23 hours (From and To are whole hours, and equal
// means off), so it is earliestReminder's bound for a 23-hour span.
func earliestReminderAnyQuiet(due time.Time, lead time.Duration) time.Time {
	const longest = 23
	return due.Add(-lead).Add(-lead - (longest+1)*time.Hour)
}

// remind sends one reminder for a deadline, unless the day's nudge already
// showed it inside the reminder's lead (the parent was just told). A
// reminder whose time falls in the quiet hours goes out before they begin;
// one that could not (the deadline came in the night) is never a new
// message in them: the standing message shows it, updated in place, or it
// waits for the quiet hours to end.
func (n *Nudger) remind(ctx context.Context, st bh.ShiftState, d bh.RiskItem, set bh.RadarSettings, now time.Time, shiftOf func() (bh.Shift, bool)) {
	// Whose quiet hours hold is known only once routed: with a router,
	// the bound is the one of the longest quiet hours there are.
	earliest := earliestReminder(*d.At, n.cfg.ReminderLead, set.QuietHours())
	if n.cfg.Router != nil {
		earliest = earliestReminderAnyQuiet(*d.At, n.cfg.ReminderLead)
	}
	if now.Before(earliest) {
		return // every sweep sees a deadline a day ahead: no read for it
	}
	key := reminderKey(st, d)
	n.mu.Lock()
	done := n.sent[key].on
	n.mu.Unlock()
	if done {
		return
	}
	shift, ok := shiftOf()
	if !ok {
		return
	}
	route, quiet, ok := n.route(ctx, shift, bh.PostReminder, []bh.RiskItem{d}, now, set)
	if !ok {
		return
	}
	loc := shift.Location(n.cfg.Location)
	at, early := reminderAt(*d.At, n.cfg.ReminderLead, quiet, loc)
	if now.Before(at) {
		return
	}
	local := now.In(loc)
	rec := bh.PostRecord{Key: key, Kind: bh.PostReminder, TeamID: st.TeamID, ShiftID: st.ShiftID, Day: local.Format(time.DateOnly),
		Items: []string{d.Key}, Owner: n.cfg.Owner, ClaimedAt: now, MadeAt: now, ChannelID: route.ChannelID}
	covered := func(by string) {
		rec.TS = by
		if _, err := n.cfg.Store.ClaimPost(ctx, rec); err == nil {
			n.mu.Lock()
			n.markLocked(key, true)
			n.mu.Unlock()
		}
	}
	last, had, err := n.lastNudge(ctx, st.TeamID, st.ShiftID, local)
	if quiet.Contains(local) {
		if err == nil && !had {
			// The night's message may be yesterday's.
			last, had, err = n.lastNudge(ctx, st.TeamID, st.ShiftID, local.AddDate(0, 0, -1))
		}
		if err == nil && had && last.TS != "" && contains(last.Items, d.Key) {
			covered("folded into " + last.Key)
		}
		return
	}
	// Covered only where the reminder would go: the one told is the one
	// to remind.
	if err == nil && had && last.TS != "" && !last.PostedAt.Before(at) && contains(last.Items, d.Key) && last.ChannelID == route.ChannelID {
		covered("covered by " + last.Key)
		return
	}
	item := d
	why, stamps := reminderWhy(d, now, loc)
	if early && now.Before(*d.At) {
		due := bh.StampOf(d.At.In(loc), "Mon 15:04")
		why, stamps = "it is due "+due.Text+", in your quiet hours", []bh.Stamp{due}
	}
	n.send(ctx, rec, bh.RadarPost{Kind: bh.PostReminder, Shift: shift, State: st, Item: &item, Location: loc, Now: now,
		Why: why, WhyStamps: stamps, To: route})
}

// healthAskKey names the ask about health note h at now: one per note per
// HealthAskAfter without news (a "still a concern" starts the clock again).
func healthAskKey(st bh.ShiftState, h bh.RiskItem, now time.Time) (string, bool) {
	if !h.Ask || h.Since == nil || len(h.NoteIDs) == 0 {
		return "", false
	}
	k := now.Sub(*h.Since) / bh.HealthAskAfter
	if k < 1 {
		return "", false
	}
	return fmt.Sprintf("health_ask:%s/%s/%s/%d/%d", st.TeamID, st.ShiftID, h.NoteIDs[0], h.Since.Unix(), k), true
}

// askHealth asks "Still a concern?" about the health notes a day without
// news whose ask is due: one message for all that are due at once (a
// night's asks wait for the morning together), so the person on duty sees
// the question, once per note per HealthAskAfter. Never in quiet hours:
// the asks wait for them to end (the standing message shows them
// meanwhile).
//
// The message is claimed under its first note's ask; each other note's
// ask is recorded as covered by it, so no process asks it again.
func (n *Nudger) askHealth(ctx context.Context, st bh.ShiftState, asks []bh.RiskItem, set bh.RadarSettings, now time.Time, shiftOf func() (bh.Shift, bool)) {
	var keys []string
	var due []bh.RiskItem
	n.mu.Lock()
	for _, h := range asks {
		if key, ok := healthAskKey(st, h, now); ok && !n.sent[key].on {
			keys, due = append(keys, key), append(due, h)
		}
	}
	n.mu.Unlock()
	if len(due) == 0 {
		return
	}
	shift, ok := shiftOf()
	if !ok {
		return
	}
	route, quiet, ok := n.route(ctx, shift, bh.PostHealthAsk, due, now, set)
	if !ok {
		return
	}
	loc := shift.Location(n.cfg.Location)
	local := now.In(loc)
	if quiet.Contains(local) {
		return
	}
	items := make([]string, len(due))
	for i, h := range due {
		items[i] = h.Key
	}
	rec := bh.PostRecord{Key: keys[0], Kind: bh.PostHealthAsk, TeamID: st.TeamID, ShiftID: st.ShiftID, Day: local.Format(time.DateOnly),
		Items: items, Owner: n.cfg.Owner, ClaimedAt: now, MadeAt: now, ChannelID: route.ChannelID}
	claimed, err := n.cfg.Store.ClaimPost(ctx, rec)
	if err != nil {
		n.failed(ctx, rec.ShiftID, err, "radar: claim a post", "key", rec.Key)
		return
	}
	n.mu.Lock()
	n.markLocked(rec.Key, true) // ours, or another process's to send
	n.mu.Unlock()
	if !claimed {
		return
	}
	batch := due[:1]
	for i, h := range due[1:] {
		cov := rec
		cov.Key, cov.Items, cov.TS = keys[i+1], []string{h.Key}, "in "+rec.Key
		mine, err := n.cfg.Store.ClaimPost(ctx, cov)
		if err == nil && !mine {
			continue // another process asks about it
		}
		if n.deleted(cov.ShiftID, err) {
			return // deleted meanwhile: nothing is asked
		}
		if err != nil && ctx.Err() == nil {
			// Asked here all the same: a question twice beats none.
			n.cfg.Logger.Warn("radar: record a health ask as covered", "key", cov.Key, "err", err)
		}
		n.mu.Lock()
		n.markLocked(cov.Key, true)
		n.mu.Unlock()
		batch = append(batch, h)
	}
	rec.Items = rec.Items[:0]
	for _, h := range batch {
		rec.Items = append(rec.Items, h.Key)
	}
	n.deliver(ctx, rec, bh.RadarPost{Kind: bh.PostHealthAsk, Shift: shift, State: asked(st, batch), Location: loc, Now: now,
		Why: "a day without news", To: route})
}

// asked is st as a health ask shows it: its health notes are the ones
// asked about, each marked Ask.
func asked(st bh.ShiftState, health []bh.RiskItem) bh.ShiftState {
	st.Health = make([]bh.RiskItem, len(health))
	for i, h := range health {
		h.Ask = true
		st.Health[i] = h
	}
	return st
}

// healthMark is the part of a post's fingerprint that time alone moves:
// which health notes are due their ask.
func healthMark(st bh.ShiftState) string {
	var b strings.Builder
	for _, h := range st.Health {
		if h.Ask {
			b.WriteString("/ask:" + h.Key)
		}
	}
	return b.String()
}

// postFingerprint is what a radar message of st shows on day at now: the
// state's inputs (fp) and what time alone moves, the duty in its foot too.
func postFingerprint(fp string, st bh.ShiftState, day string, d bh.Duty, now time.Time) string {
	return fp + healthMark(st) + shownMark(st) + dutyMark(d, now) + "/day:" + day
}

// duty is who is on duty in the family, for a message's fingerprint; no
// one when it cannot be read (the foot may then lag until the next look).
func (n *Nudger) duty(ctx context.Context, teamID, shiftID string) bh.Duty {
	d, err := n.cfg.Store.Duty(ctx, teamID, shiftID)
	if err != nil && ctx.Err() == nil {
		n.cfg.Logger.WarnContext(ctx, "radar: nudge: who is on duty", "shift_id", shiftID, "err", err)
	}
	return d
}

// dutyMark is the part of a post's fingerprint that a duty's start and
// end move: the foot reads "On duty: Sam until 7:45 AM", then "Next on
// duty", then nothing, with no note changing.
func dutyMark(d bh.Duty, now time.Time) string {
	switch {
	case d.OnAt(now):
		return "/duty:on:" + d.UserID + ":" + d.Until.UTC().Format(time.RFC3339)
	case d.Next(now):
		return "/duty:next:" + d.UserID + ":" + d.Since.UTC().Format(time.RFC3339)
	}
	return ""
}

// shownMark is the part of a post's fingerprint that time alone moves in
// what its items show: each one's level, and whether it is overdue.
func shownMark(st bh.ShiftState) string {
	var b strings.Builder
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			b.WriteString("/" + it.Key + ":" + it.Level.String())
			if it.Overdue {
				b.WriteString(":overdue")
			}
		}
	}
	return b.String()
}

// reminderWhy says when the deadline is due, as a date (a message stays on
// screen: "in 2 h" is false an hour later).
func reminderWhy(d bh.RiskItem, now time.Time, loc *time.Location) (string, []bh.Stamp) {
	due := bh.StampOf(d.At.In(loc), "Mon 15:04")
	if !now.Before(*d.At) {
		return "it was due " + due.Text + " and is overdue", []bh.Stamp{due}
	}
	return "due " + due.Text, []bh.Stamp{due}
}

// outlook sends the day's morning outlook once, from its hour until
// OutlookWindow later.
func (n *Nudger) outlook(ctx context.Context, s bh.RadarSettings, now time.Time) {
	shift, ok := n.shift(ctx, n.cfg.Logger, s.TeamID, s.ShiftID, "radar: outlook: load shift")
	if !ok {
		return
	}
	loc := shift.Location(n.cfg.Location)
	local := now.In(loc)
	day := local.Format(time.DateOnly)
	at := time.Date(local.Year(), local.Month(), local.Day(), s.OutlookHour, 0, 0, 0, loc)
	if local.Before(at) || !local.Before(at.Add(OutlookWindow)) {
		return
	}
	key := fmt.Sprintf("outlook:%s/%s/%s", s.TeamID, s.ShiftID, day)
	n.mu.Lock()
	done, near := n.sent[key].on, n.sent["near/"+key].on
	n.mu.Unlock()
	if done {
		return
	}
	if !near {
		sent, err := n.outlookSentOn(ctx, s, local, key)
		if err != nil {
			n.cfg.Logger.Error("radar: outlook: load the family's posts", "shift_id", s.ShiftID, "err", err)
			return
		}
		n.mu.Lock()
		n.markLocked(key, sent)
		n.markLocked("near/"+key, true)
		n.mu.Unlock()
		if sent {
			return
		}
	}
	st, _, found, err := n.cfg.Store.ShiftState(ctx, s.TeamID, s.ShiftID)
	if err != nil || !found {
		return
	}
	st = Aged(st, now)
	route, _, ok := n.route(ctx, shift, bh.PostOutlook, nil, now, s)
	if !ok {
		return
	}
	rec := bh.PostRecord{Key: key, Kind: bh.PostOutlook, TeamID: s.TeamID, ShiftID: s.ShiftID, Day: day, Level: st.Level,
		Items: itemKeys(st), Owner: n.cfg.Owner, ClaimedAt: now, MadeAt: now, ChannelID: route.ChannelID}
	n.send(ctx, rec, bh.RadarPost{Kind: bh.PostOutlook, Shift: shift, State: st, Location: loc, Now: now, Why: "your morning outlook", To: route})
}

// outlookSentOn reports whether an outlook other than key's was made on
// local's day in the family's zone now. An outlook is filed under the day
// it was made on in the zone known then: a zone learnt later can move
// that day by one, and the family would read a second outlook that
// morning under the next day's key.
func (n *Nudger) outlookSentOn(ctx context.Context, s bh.RadarSettings, local time.Time, key string) (bool, error) {
	posts, err := n.cfg.Store.Posts(ctx, s.TeamID, s.ShiftID)
	if err != nil {
		return false, err
	}
	day, loc := local.Format(time.DateOnly), local.Location()
	for _, p := range posts {
		if local.Sub(p.ClaimedAt) > 3*24*time.Hour {
			break // newest claim first: the rest are older
		}
		made := p.MadeAt
		if made.IsZero() {
			made = p.ClaimedAt
		}
		if p.Kind == bh.PostOutlook && p.Key != key && p.Failed == "" && made.In(loc).Format(time.DateOnly) == day {
			return true, nil
		}
	}
	return false, nil
}

// resume finishes a post a stopped process claimed but did not send, from
// the shift's state now.
func (n *Nudger) resume(ctx context.Context, rec bh.PostRecord) {
	shift, err := n.cfg.Store.ShiftByID(ctx, rec.TeamID, rec.ShiftID)
	if err != nil {
		n.cfg.Logger.Error("radar: resume a post: load shift", "key", rec.Key, "err", err)
		return
	}
	st, fp, found, err := n.cfg.Store.ShiftState(ctx, rec.TeamID, rec.ShiftID)
	if err != nil || !found {
		return
	}
	now := n.cfg.Now()
	if rec.Kind != bh.PostReminder && rec.Kind != bh.PostHealthAsk {
		// What the post will show now, for the next look to compare with.
		st = Aged(st, now)
		day := now.In(shift.Location(n.cfg.Location)).Format(time.DateOnly)
		rec.Level, rec.Critical, rec.Items, rec.Fingerprint = st.Level, st.Critical(), itemKeys(st), postFingerprint(fp, st, day, n.duty(ctx, rec.TeamID, rec.ShiftID), now)
	}
	// The post goes where it was claimed for (the route then), top level:
	// the claim does not keep a thread.
	channel := bh.Route{ChannelID: rec.ChannelID}.Place(shift.ChannelID)
	post := bh.RadarPost{Kind: rec.Kind, Shift: shift, State: st, Location: shift.Location(n.cfg.Location), Now: now, Why: "after a restart",
		To: bh.Route{ChannelID: channel}}
	if rec.Kind == bh.PostHealthAsk {
		// One message for the notes it was claimed for that still wait
		// for an answer.
		var batch []bh.RiskItem
		for _, key := range rec.Items {
			if it, ok := itemByKey(st, key); ok && it.Ask {
				batch = append(batch, it)
			}
		}
		if len(batch) == 0 {
			_ = n.cfg.Store.PostFailed(ctx, rec.Key, "the health notes were answered (resolved, still a concern, or deleted)")
			return
		}
		post.State = asked(st, batch)
	}
	if rec.Kind == bh.PostReminder {
		var key string
		if len(rec.Items) > 0 {
			key = rec.Items[0]
		}
		it, ok := itemByKey(st, key)
		if !ok || it.At == nil {
			_ = n.cfg.Store.PostFailed(ctx, rec.Key, "the deadline is gone (done or deleted)")
			return
		}
		post.Item = &it
		post.Why, post.WhyStamps = reminderWhy(it, now, post.Location)
	}
	// The stopped process may have been killed after Slack took its post
	// and before the store heard of it. That message's ts is lost, and
	// nothing reads Slack's history to find it (a distributed app may read
	// one page a minute): the claim is posted anew, superseding it, and
	// the store counted the take-over on the claim (Superseded). A second
	// message after a crash beats a lost one, and the recorded one is the
	// one kept up to date.
	if why := n.tooLate(ctx, rec, post); why != "" {
		// Yesterday's nudge, or a reminder long overdue, is noise now.
		if err := n.cfg.Store.PostFailed(ctx, rec.Key, why); err != nil {
			n.cfg.Logger.Error("radar: record a post left from before a restart", "key", rec.Key, "err", err)
		}
		return
	}
	n.deliver(ctx, rec, post)
}

// tooLate says why a post taken over from a stopped process is no longer
// worth sending, or "": a nudge for a day that is over, an outlook past its
// window, a reminder past ReminderGrace.
func (n *Nudger) tooLate(ctx context.Context, rec bh.PostRecord, post bh.RadarPost) string {
	local := post.Now.In(post.Location)
	switch rec.Kind {
	case bh.PostReminder:
		if post.Item != nil && post.Item.At != nil && !post.Now.Before(post.Item.At.Add(ReminderGrace)) {
			return "the deadline passed too long ago when the post was picked up again"
		}
	case bh.PostNudge, bh.PostOutlook:
		// Its day is the local date it was made on in the family's zone
		// now: the day it was filed under was in the zone known then, and
		// a zone learnt since can move it by one either way.
		day := rec.Day
		if !rec.MadeAt.IsZero() {
			day = rec.MadeAt.In(post.Location).Format(time.DateOnly)
		}
		if day != "" && day != local.Format(time.DateOnly) {
			return "its day was over when the post was picked up again"
		}
		if rec.Kind != bh.PostOutlook {
			break
		}
		if set, err := n.cfg.Store.RadarSettings(ctx, rec.TeamID, rec.ShiftID); err == nil {
			at := time.Date(local.Year(), local.Month(), local.Day(), set.OutlookHour, 0, 0, 0, post.Location)
			if !local.Before(at.Add(OutlookWindow)) {
				return "the morning was over when the post was picked up again"
			}
		}
	}
	return ""
}

// itemKeys lists the deadlines and supplies a post shows.
func itemKeys(st bh.ShiftState) []string {
	var out []string
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory} {
		for _, it := range g {
			out = append(out, it.Key)
		}
	}
	return out
}

func itemByKey(st bh.ShiftState, key string) (bh.RiskItem, bool) {
	for _, g := range [][]bh.RiskItem{st.Deadlines, st.Inventory, st.Commitments, st.Health} {
		for _, it := range g {
			if it.Key == key {
				return it, true
			}
		}
	}
	return bh.RiskItem{}, false
}

// roseFrom reports whether next is worth a new message after a post that
// showed level and critical: a higher level or a new critical item.
func roseFrom(level bh.RiskLevel, critical []string, next bh.ShiftState) bool {
	return next.Level > level || len(newKeys(critical, next.Critical())) > 0
}

func newKeys(had, now []string) []string {
	var out []string
	for _, k := range now {
		if !contains(had, k) {
			out = append(out, k)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
