package radar

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// ChangeSource tells the radar which shifts changed. The change stream is
// only the doorbell; the catch-up makes sure nothing is missed.
type ChangeSource interface {
	// WatchNotes streams note changes after resume (nil: from now). next
	// blocks until a change, the end of the stream or ctx, and returns the
	// changes waiting then, oldest first.
	WatchNotes(ctx context.Context, resume []byte) (next func(context.Context) ([]bh.NoteChange, error), stop func() error, err error)
	// ShiftsChangedSince lists shifts with a note changed at or after since.
	ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error)
}

// Store is where the radar reads notes and keeps shift states.
type Store interface {
	ShiftByID(ctx context.Context, teamID, shiftID string) (bh.Shift, error)
	// LiveNotes is what the radar reads of a shift's notes at now, read in
	// loc: not those closed for good (bh.LiveNotes).
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	ShiftState(ctx context.Context, teamID, shiftID string) (bh.ShiftState, string, bool, error)
	SaveShiftState(ctx context.Context, st bh.ShiftState, fingerprint string, ev *bh.Event, cur *bh.RadarCursor) error
	RadarCursor(ctx context.Context) (bh.RadarCursor, error)
	SaveRadarCursor(ctx context.Context, cur bh.RadarCursor) error
}

// Config configures a Watcher.
type Config struct {
	Source ChangeSource // required
	Store  Store        // required
	// Location reads note times. Default UTC.
	Location *time.Location
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Retry is how long to wait before reopening a broken or unavailable
	// change stream; without change streams (a standalone server) it is
	// the polling interval. Default 5 s.
	Retry time.Duration
	// Margin is how far before the cursor a catch-up looks, for writes that
	// committed while the cursor moved. Default 1 min.
	Margin time.Duration
	// Refresh is how often states with deadlines or supplies are looked at
	// again as time passes (a deadline due in 13 h is high risk an hour
	// later). Default 5 min.
	Refresh time.Duration
	// Changed, when set, hears every state that changed (nudges; tests).
	Changed func(ctx context.Context, prev, next bh.ShiftState, found bool)
	// Yield, when set, is called before the recompute a change starts and
	// before each family a refresh looks at; it may wait a little (the
	// bot's AcksFirst: a note's ack goes before the radar's work). Default:
	// none.
	Yield func(ctx context.Context)
	// Logger receives what a person must look at. Default: discard.
	Logger *slog.Logger
}

// Watcher keeps every shift's state current as notes change.
type Watcher struct {
	cfg   Config
	locks keylock.Locks // one recompute of a shift at a time
	memo  factMemo      // each shift's notes as last read
}

// New checks cfg.
func New(cfg Config) (*Watcher, error) {
	if cfg.Source == nil || cfg.Store == nil {
		return nil, bh.Errorf(bh.EINVALID, "radar: a change source and a store are required")
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Retry <= 0 {
		cfg.Retry = 5 * time.Second
	}
	if cfg.Refresh <= 0 {
		cfg.Refresh = 5 * time.Minute
	}
	if cfg.Margin <= 0 {
		cfg.Margin = time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Watcher{cfg: cfg}, nil
}

// Run watches until ctx ends, then returns nil.
func (w *Watcher) Run(ctx context.Context) error {
	done := make(chan struct{})
	defer func() { <-done }()
	go func() {
		defer close(done)
		// Each family is refreshed once a period, at its own phase
		// (spread.go), not all of them at the period's start.
		t := time.NewTicker(max(w.cfg.Refresh/SpreadTicks, time.Millisecond))
		defer t.Stop()
		last := w.cfg.Now()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				now := w.cfg.Now()
				w.RefreshBetween(ctx, last, now)
				last = now
			}
		}
	}()
	reopened := false
	for ctx.Err() == nil {
		if w.session(ctx) && !reopened {
			// A stream that worked and then ended (on the embedded store:
			// its place aged out of the short oplog while the watcher was
			// busy) is reopened at once, its gap caught up; only a second
			// end in a row waits, so a failing server is not hammered.
			reopened = true
			continue
		}
		reopened = false
		select {
		case <-ctx.Done():
		case <-time.After(w.cfg.Retry):
		}
	}
	return nil
}

// session opens the stream, catches up, then follows the stream until it
// breaks. The stream opens first, so a change during the catch-up is seen by
// both; the fingerprint makes the second a no-op. It reports whether the
// stream was followed and then ended (rather than failing to open, a failed
// catch-up or a failed recompute).
func (w *Watcher) session(ctx context.Context) (ended bool) {
	cur, err := w.cfg.Store.RadarCursor(ctx)
	if err != nil {
		w.cfg.Logger.Error("radar: read cursor", "err", err)
		return
	}
	next, stop, err := w.cfg.Source.WatchNotes(ctx, cur.Token)
	if err != nil && len(cur.Token) > 0 {
		// The resume point aged out of the oplog: the catch-up below covers
		// the gap; follow from now.
		w.cfg.Logger.Info("radar: change stream cannot resume; catching up from the store", "err", err)
		next, stop, err = w.cfg.Source.WatchNotes(ctx, nil)
	}
	if err != nil {
		// No change streams here (a standalone server): poll.
		w.cfg.Logger.Debug("radar: no change stream; polling", "err", err)
	}
	if next != nil {
		defer stop()
	}
	started := w.cfg.Now()
	n, ok := w.catchUp(ctx, cur.At)
	if !ok {
		// A shift could not be recomputed: follow nothing (a later change
		// would move the cursor past it); the next session tries again.
		return
	}
	if err := w.cfg.Store.SaveRadarCursor(ctx, bh.RadarCursor{Token: cur.Token, At: started}); err != nil {
		w.cfg.Logger.Error("radar: save cursor", "err", err)
	}
	if n > 0 {
		w.cfg.Logger.Info("radar: caught up", "shifts", n)
	}
	if next == nil {
		return
	}
	for {
		changes, err := next(ctx)
		if err != nil {
			if ctx.Err() == nil {
				w.cfg.Logger.Info("radar: change stream ended; will catch up and reopen", "err", err)
			}
			return ctx.Err() == nil
		}
		// A burst of notes in one shift is one recompute; the cursor moves
		// with the last shift's, past every change read.
		last := map[string]int{}
		for i, ch := range changes {
			last[ch.TeamID+"/"+ch.ShiftID] = i
		}
		end := changes[len(changes)-1].Token
		if w.cfg.Yield != nil {
			w.cfg.Yield(ctx)
		}
		for i, ch := range changes {
			if last[ch.TeamID+"/"+ch.ShiftID] != i {
				continue
			}
			var cur *bh.RadarCursor
			if i == len(changes)-1 {
				cur = &bh.RadarCursor{Token: end, At: w.cfg.Now()}
			}
			if !w.process(ctx, ch.TeamID, ch.ShiftID, "a note changed", cur) {
				// The cursor stays before this change: the next session
				// catches up from it, this shift included.
				return
			}
		}
	}
}

// Recompute recomputes one shift now, for a change the notes do not show:
// its time zone was learnt from a person's Slack profile, so times read in
// the default zone are read again.
func (w *Watcher) Recompute(ctx context.Context, teamID, shiftID string) {
	w.recompute(ctx, teamID, shiftID, "the shift's time zone was learnt", nil, false)
}

// Refresh looks again at every state with a deadline, a supply, a health
// note or a risk: time alone raises risk, and brings a health note's
// "Still a concern?". A state whose levels and asks did not move is not
// saved.
func (w *Watcher) Refresh(ctx context.Context) {
	w.refresh(ctx, window{})
}

// RefreshBetween refreshes as Refresh does only the families whose phase
// in the Refresh period (Phase) lies after from and up to to: called at
// each of a period's ticks, it refreshes every family once a period, each
// at its own time.
func (w *Watcher) RefreshBetween(ctx context.Context, from, to time.Time) {
	w.refresh(ctx, window{from: from, to: to, period: w.cfg.Refresh})
}

func (w *Watcher) refresh(ctx context.Context, in window) {
	states, err := w.cfg.Store.StatesAtRisk(ctx, bh.RiskLow)
	if err != nil {
		if ctx.Err() == nil {
			w.cfg.Logger.Error("radar: refresh", "err", err)
		}
		return
	}
	for _, st := range states {
		if len(st.Deadlines)+len(st.Inventory)+len(st.Health) == 0 || !in.holds(st.TeamID, st.ShiftID) {
			continue
		}
		// A refresh of many families holds a processor for a while: a
		// note's ack goes between two of them.
		if w.cfg.Yield != nil {
			w.cfg.Yield(ctx)
		}
		w.recompute(ctx, st.TeamID, st.ShiftID, "time passed", nil, true)
	}
}

// catchUp recomputes every shift changed since the cursor (less the margin).
func (w *Watcher) catchUp(ctx context.Context, since time.Time) (int, bool) {
	if !since.IsZero() {
		since = since.Add(-w.cfg.Margin)
	}
	shifts, err := w.cfg.Source.ShiftsChangedSince(ctx, since)
	if err != nil {
		w.cfg.Logger.Error("radar: catch up", "err", err)
		return 0, false
	}
	ok := true
	for _, s := range shifts {
		if !w.process(ctx, s.TeamID, s.ID, "catching up after a restart", nil) {
			ok = false
		}
	}
	return len(shifts), ok
}

// fingerprint identifies the inputs of a state, in two halves of 32 hex
// digits: what people changed — the revisions of all the shift's notes
// (rev), a chosen energy, the zone, and the version of the rules that read
// the notes — and which notes are live, with each
// one's id, revision, deletion and done. Time alone moves only the second
// half (a night's sleep a day on). The same inputs are never processed
// twice, however often the doorbell rings.
func fingerprint(notes []bh.Note, rev int, energy bh.Energy, tz string) string {
	// Built without fmt, which cost more than the rest of a recompute.
	parts := make([]string, 0, len(notes))
	var b []byte
	for _, n := range notes {
		b = append(b[:0], n.ID...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(n.Rev), 10)
		b = append(b, ':')
		b = strconv.AppendBool(b, n.Deleted())
		b = append(b, ':')
		b = strconv.AppendBool(b, n.Done())
		parts = append(parts, string(b))
	}
	sort.Strings(parts)
	// The reading rules' version too: a state written by older rules
	// (titles with "tomorrow" in them) is computed again once.
	inputs := sha256.Sum256([]byte("rev:" + strconv.Itoa(rev) + "\nenergy:" + string(energy) + "\ntz:" + tz + "\nread:" + strconv.Itoa(normalize.Version)))
	live := sha256.Sum256([]byte(strings.Join(parts, "\n")))
	return hex.EncodeToString(inputs[:16]) + hex.EncodeToString(live[:16])
}

// sameInputs reports whether two fingerprints differ, if at all, only in
// which notes time has left live.
func sameInputs(a, b string) bool { return len(a) == 64 && len(b) == 64 && a[:32] == b[:32] }

// process recomputes one shift after a change. It reports false when it
// could not.
func (w *Watcher) process(ctx context.Context, teamID, shiftID, why string, cur *bh.RadarCursor) bool {
	return w.recompute(ctx, teamID, shiftID, why, cur, false)
}

// recompute recomputes one shift: after a change of its notes, or, with
// timed, because time passed (then only a change of levels is saved).
func (w *Watcher) recompute(ctx context.Context, teamID, shiftID, why string, cur *bh.RadarCursor, timed bool) bool {
	ctx = bh.EnsureTrace(ctx) // a look of its own, or part of a person's work
	defer w.locks.Lock(teamID + "/" + shiftID)()
	log := w.cfg.Logger.With("shift_id", shiftID)
	now := w.cfg.Now()
	// The shift first, for the zone its notes are read in; the store reads
	// its swept revisions again after the notes.
	shift, err := w.cfg.Store.ShiftByID(ctx, teamID, shiftID)
	if bh.ErrorCode(err) == bh.ENOTFOUND {
		return w.gone(ctx, log, cur, err)
	} else if err != nil {
		log.ErrorContext(ctx, "radar: load shift", "err", err)
		return false
	}
	live, err := w.cfg.Store.LiveNotes(ctx, teamID, shiftID, now)
	if err != nil {
		log.ErrorContext(ctx, "radar: load notes", "err", err)
		return false
	}
	energy, err := w.energy(ctx, teamID, shiftID)
	if err != nil {
		log.ErrorContext(ctx, "radar: load latest run", "err", err)
		return false
	}
	fp := fingerprint(live.Notes, live.Rev, energy, shift.TZ)
	prev, prevFP, found, err := w.cfg.Store.ShiftState(ctx, teamID, shiftID)
	if err != nil {
		log.ErrorContext(ctx, "radar: load state", "err", err)
		return false
	}
	if found && prevFP == fp && !timed {
		w.saveCursor(ctx, log, cur)
		return true
	}
	st := w.compute(shift, live, energy, now)
	if timed && found && sameInputs(prevFP, fp) && sameLevels(prev, st) {
		// Time passed and moved no level: nothing to say (a note that aged
		// out, such as last night's sleep, is no news).
		return true
	}
	evID := "radar:" + teamID + "/" + shiftID + ":" + fp[:8] + fp[32:40]
	if timed {
		evID += ":" + strconv.FormatInt(now.Unix(), 10)
	}
	ev := &bh.Event{ID: evID, TeamID: teamID, ShiftID: shiftID, At: now.UTC(),
		Agent: "RiskRadar", Type: bh.EventWakeUp, Text: wakeText(why, prev, st, found),
		// The look's trace: its log lines and this event tell one story.
		Meta: map[string]string{"trace_id": bh.TraceID(ctx)}}
	if err := w.cfg.Store.SaveShiftState(ctx, st, fp, ev, cur); errors.Is(err, bh.ErrFamilyDeleted) {
		return w.gone(ctx, log, cur, err)
	} else if err != nil {
		if !errors.Is(err, context.Canceled) {
			log.ErrorContext(ctx, "radar: save state", "err", err)
		}
		return false
	}
	if w.cfg.Changed != nil {
		w.cfg.Changed(ctx, prev, st, found)
	}
	return true
}

// gone ends a look at a family that is no longer there: its workspace's
// data was deleted while the look was under way (a change read before,
// a state computed from the notes before). There is nothing to save or
// to say, and nothing to try again: one line, and the cursor moves on
// past the change (the store refused the state's write whole, its
// cursor too).
func (w *Watcher) gone(ctx context.Context, log *slog.Logger, cur *bh.RadarCursor, err error) bool {
	log.InfoContext(ctx, "radar: the family is gone (its data was deleted); nothing saved", "err", err)
	w.saveCursor(ctx, log, cur)
	return true
}

// saveCursor moves the cursor past a change that needs nothing saved
// with it (nil: the look has no cursor). A failure is logged: the change
// is then looked at again, to the same end.
func (w *Watcher) saveCursor(ctx context.Context, log *slog.Logger, cur *bh.RadarCursor) {
	if cur == nil {
		return
	}
	if err := w.cfg.Store.SaveRadarCursor(ctx, *cur); err != nil {
		log.ErrorContext(ctx, "radar: save cursor", "err", err)
	}
}

// sameLevels reports whether two states of the same notes show the same
// risk: overall, and item by item; and the same health asks.
func sameLevels(a, b bh.ShiftState) bool {
	if a.Level != b.Level || len(a.Deadlines) != len(b.Deadlines) || len(a.Inventory) != len(b.Inventory) || len(a.Health) != len(b.Health) {
		return false
	}
	for i := range a.Health {
		if a.Health[i].Key != b.Health[i].Key || a.Health[i].Ask != b.Health[i].Ask {
			return false
		}
	}
	for _, g := range [][2][]bh.RiskItem{{a.Deadlines, b.Deadlines}, {a.Inventory, b.Inventory}} {
		for i := range g[0] {
			if g[0][i].Key != g[1][i].Key || g[0][i].Level != g[1][i].Level || g[0][i].Overdue != g[1][i].Overdue {
				return false
			}
		}
	}
	return true
}

// wakeText says which agent woke, why, and what changed.
func wakeText(why string, prev, next bh.ShiftState, found bool) string {
	s := "Risk Radar woke up: " + why
	switch {
	case !found:
		s += fmt.Sprintf("; first look: risk %s", next.Level)
	case prev.Level != next.Level:
		s += fmt.Sprintf("; risk %s → %s", prev.Level, next.Level)
	default:
		s += fmt.Sprintf("; risk stays %s", next.Level)
	}
	s += fmt.Sprintf("; %d deadlines, %d running low, energy %s", len(next.Deadlines), len(next.Inventory), next.Energy)
	if k := newCritical(prev, next); len(k) > 0 {
		s += fmt.Sprintf("; new critical: %d", len(k))
	}
	return s
}

// newCritical lists critical items of next that prev did not have.
func newCritical(prev, next bh.ShiftState) []string {
	had := map[string]bool{}
	for _, k := range prev.Critical() {
		had[k] = true
	}
	var out []string
	for _, k := range next.Critical() {
		if !had[k] {
			out = append(out, k)
		}
	}
	return out
}

// Rose reports whether next is worth a nudge after prev: a higher level or a
// new critical item.
func Rose(prev, next bh.ShiftState) bool {
	return roseFrom(prev.Level, prev.Critical(), next)
}
