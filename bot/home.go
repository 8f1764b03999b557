package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/radar"
)

// homeStore is what App Home needs from the store.
type homeStore interface {
	runRecords
	Shift(ctx context.Context, teamID, channelID string) (bh.Shift, error)
	ShiftEvents(ctx context.Context, teamID, shiftID, typ string, limit int) ([]bh.Event, error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	LatestRun(ctx context.Context, teamID, shiftID string) (bh.Run, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	// SampleStore removes a conversation's sample notes (bh.ClearSample).
	bh.SampleStore
	Duty(ctx context.Context, teamID, shiftID string) (bh.Duty, error)
	// Person has the viewer's own quiet hours.
	Person(ctx context.Context, teamID, userID string) (bh.Person, error)
	// Handoff finds the plan made for the one on duty (the handoff that
	// put them there); NotesByID says which of its notes are done since.
	Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error)
	NotesByID(ctx context.Context, teamID string, ids []string) ([]bh.Note, error)
	// RecentHandoffs are the family's handoffs of the last day.
	RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error)
}

// home publishes a person's App Home (their DM shift: the radar, open
// notes, the latest plan) and answers its buttons.
type home struct {
	b       *Bot
	store   homeStore
	planner *planner
	modals  *modals
	links   *links

	// Publishes are coalesced per person: a burst of notes costs one
	// publish in flight plus one at the end, never one per note.
	mu      sync.Mutex
	pending map[string]bool // key → another publish wanted while one runs
}

func (h *home) onOpened(req *socketmode.Request, teamID string, ev *slackevents.AppHomeOpenedEvent) {
	h.b.ack(req, nil)
	if ev.Tab != "home" || ev.User == "" {
		return
	}
	hash := ""
	if ev.View != nil {
		hash = ev.View.Hash
	}
	h.b.enqueue(teamID, "home", func(ctx context.Context) { h.publish(ctx, teamID, ev.User, hash) })
}

// publish shows a person's App Home. hash, when set, is the version of the
// view Slack showed; a hash_conflict means a newer publish won, and we
// publish the fresh state once more without it.
func (h *home) publish(ctx context.Context, teamID, userID, hash string) {
	b := h.b
	in := blocks.HomeInput{Outlook: bh.RadarSettings{OutlookHour: 7}, Viewer: userID, Now: b.cfg.Now(), Clock: b.userClock(ctx, userID)}
	if ch, err := b.dm(ctx, userID); err == nil {
		if sh, err := h.store.Shift(ctx, teamID, ch); err == nil {
			sh = b.familyZone(ctx, sh, userID)
			in.Location, in.Written = sh.Location(b.cfg.Location), true
			if st, err := b.cfg.Radar.State(ctx, sh); err == nil {
				in.Notes = st.Notes
				in.Radar, in.RadarStamps = radar.Summary(st, in.Location)
				in.Open = append(append(in.Open, st.Deadlines...), st.Inventory...)
				if in.Health = st.Health; len(in.Health) > 0 {
					in.Links, _ = h.links.readableIn(ctx, teamID, st.NoteIDs(), ch)
				}
				for _, it := range st.Health {
					in.Mood = in.Mood || it.Mood
				}
			}
			in.Family = h.family(ctx, teamID, ch)
			if d, err := h.store.Duty(ctx, teamID, sh.ID); err == nil {
				in.Duty = d
			}
			if hs, err := h.store.RecentHandoffs(ctx, teamID, sh.ID, in.Now.Add(-24*time.Hour)); err == nil {
				in.Handoffs = hs
			}
			if evs, err := h.store.ShiftEvents(ctx, teamID, sh.ID, bh.EventWakeUp, 3); err == nil {
				in.WakeUps = evs
			}
			if set, err := h.store.RadarSettings(ctx, teamID, sh.ID); err == nil {
				in.Outlook = set
			}
			if run, err := h.store.LatestRun(ctx, teamID, sh.ID); err == nil {
				if rec, err := h.store.RunRecord(ctx, teamID, run.ID); err == nil {
					in.Latest = &rec
				}
			}
			if in.Duty.UserID == userID && in.Duty.OnAt(in.Now) {
				in.Plan, in.Done = h.dutyPlan(ctx, teamID, in.Duty, in.Latest)
			}
		}
		in.Sample = h.sample(ctx, teamID, ch)
	} else {
		b.log.WarnContext(ctx, "bot: home: open DM", "user", userID, "err", err)
	}
	// The quiet hours shown are the viewer's own: each person keeps theirs.
	if p, err := h.store.Person(ctx, teamID, userID); err == nil {
		in.Quiet = p.Quiet
	} else {
		b.log.WarnContext(ctx, "bot: home: person", "user", userID, "err", err)
	}
	req := slack.PublishViewContextRequest{UserID: userID, View: blocks.Home(in)}
	if hash != "" {
		req.Hash = &hash
	}
	_, err := b.api.PublishViewContext(ctx, req)
	if err != nil && hash != "" && slackErr(err) == "hash_conflict" {
		req.Hash = nil
		_, err = b.api.PublishViewContext(ctx, req)
	}
	if err != nil {
		b.log.ErrorContext(ctx, "bot: publish App Home", "user", userID, "err", err)
	}
}

// dutyPlan is the plan whose next blocks the one on duty sees: the one
// sent with the handoff that put them on duty, else the latest; never a
// plan made for someone else (their night is not this person's Next).
// done are its notes done since.
func (h *home) dutyPlan(ctx context.Context, teamID string, d bh.Duty, latest *bh.RunRecord) (plan *bh.RunRecord, done map[string]bool) {
	mine := func(r bh.Run) bool { return r.For == "" || r.For == d.UserID }
	if d.HandoffID != "" {
		if ho, err := h.store.Handoff(ctx, teamID, d.HandoffID); err == nil && ho.RunID != "" {
			if rec, err := h.store.RunRecord(ctx, teamID, ho.RunID); err == nil && mine(rec.Run) {
				plan = &rec
			}
		}
	}
	if plan == nil && latest != nil && mine(latest.Run) && !latest.Run.Sample {
		plan = latest
	}
	if plan == nil {
		return nil, nil
	}
	var ids []string
	for _, bl := range plan.Winner().Blocks {
		ids = append(ids, bl.NoteIDs...)
	}
	if len(ids) == 0 {
		return plan, nil
	}
	notes, err := h.store.NotesByID(ctx, teamID, ids)
	if err != nil {
		h.b.log.WarnContext(ctx, "bot: home: the plan's notes", "run_id", plan.Run.ID, "err", err)
		return plan, nil
	}
	done = map[string]bool{}
	for _, n := range notes {
		done[n.ID] = n.Done()
	}
	return plan, done
}

// family is who shares the list the DM feeds; nil when it feeds none.
func (h *home) family(ctx context.Context, teamID, dm string) *blocks.HomeFamily {
	conv, err := h.b.cfg.Store.FamilyOf(ctx, teamID, dm)
	if err != nil {
		return nil
	}
	members, err := h.b.cfg.Store.Members(ctx, teamID, conv.ShiftID)
	if err != nil {
		h.b.log.WarnContext(ctx, "bot: home: members", "shift_id", conv.ShiftID, "err", err)
		return nil
	}
	f := &blocks.HomeFamily{}
	for _, m := range members {
		f.Members = append(f.Members, m.UserID)
	}
	return f
}

// sample is what Home shows of the DM's sample shift; nil when none.
func (h *home) sample(ctx context.Context, teamID, channelID string) *blocks.HomeSample {
	sh, err := h.store.Shift(ctx, teamID, bh.SampleChannel(channelID))
	if err != nil {
		return nil
	}
	notes, err := h.store.Notes(ctx, teamID, sh.ID, false)
	if err != nil || len(notes) == 0 {
		return nil
	}
	s := &blocks.HomeSample{Notes: len(notes)}
	// The run alone: Home names the plan, it need not decode its details.
	if run, err := h.store.LatestRun(ctx, teamID, sh.ID); err == nil {
		s.Latest = &run
	}
	return s
}

// clearSample is App Home's Clear sample: the DM's sample notes go; the
// person's own notes stay.
func (h *home) clearSample(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	b := h.b
	ch, ok := b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	n, err := bh.ClearSample(ctx, h.store, cb.Team.ID, ch)
	if err != nil {
		b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	msg := fmt.Sprintf("🧪 Sample cleared (%d notes). Your own notes are untouched; *Load sample* brings it back.", n)
	if n == 0 {
		msg = "There is no sample to clear; your own notes are untouched."
	}
	b.tell(ctx, ch, cb.User.ID, msg)
	h.shiftChanged(ctx, cb.Team.ID, ch, cb.User.ID)
}

// planNow is App Home's Plan now: a plan of the person's DM shift.
func (h *home) planNow(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	h.planDM(ctx, cb, false)
}

// planSample is App Home's Load sample: the sample shift planned in the DM.
func (h *home) planSample(ctx context.Context, cb slack.InteractionCallback, _ *slack.BlockAction) {
	h.planDM(ctx, cb, true)
}

func (h *home) planDM(ctx context.Context, cb slack.InteractionCallback, sample bool) {
	ch, ok := h.b.actionChannel(ctx, cb)
	if !ok {
		return
	}
	h.planner.plan(ctx, cb.Team.ID, ch, cb.User.ID, planArgs{energy: bh.EnergyAuto, hours: 12, sample: sample})
}

// shiftChanged republishes the App Homes that show the family channelID
// feeds, after its list changed: the person's, when channelID is their DM,
// and every member's whose DM feeds the same family.
func (h *home) shiftChanged(ctx context.Context, teamID, channelID, userID string) {
	var users []string
	if strings.HasPrefix(channelID, "D") && userID != "" {
		users = append(users, userID)
	}
	if conv, err := h.b.cfg.Store.FamilyOf(ctx, teamID, channelID); err == nil {
		users = append(users, h.familyHomes(ctx, teamID, conv.ShiftID)...)
	}
	h.publishAll(ctx, teamID, users)
}

// familyChanged republishes the App Home of everyone whose DM feeds the
// family shiftID, plus also (a person who just left or joined).
func (h *home) familyChanged(ctx context.Context, teamID, shiftID string, also ...string) {
	h.publishAll(ctx, teamID, append(also, h.familyHomes(ctx, teamID, shiftID)...))
}

// maxFamilyHomes bounds the Homes one change republishes: a family is a
// few people, and each publish is a Web API call.
const maxFamilyHomes = 8

// familyHomes are the people whose App Home shows the family shiftID: the
// people of the DMs that feed it.
func (h *home) familyHomes(ctx context.Context, teamID, shiftID string) []string {
	convs, err := h.b.cfg.Store.FamilyConversations(ctx, teamID, shiftID)
	if err != nil {
		h.b.log.WarnContext(ctx, "bot: home: family conversations", "shift_id", shiftID, "err", err)
		return nil
	}
	var out []string
	for _, c := range convs {
		if c.Kind == bh.ConvDM && c.UserID != "" && len(out) < maxFamilyHomes {
			out = append(out, c.UserID)
		}
	}
	return out
}

// publishAll republishes each person's Home once.
func (h *home) publishAll(ctx context.Context, teamID string, users []string) {
	seen := map[string]bool{}
	for _, u := range users {
		if u == "" || seen[u] {
			continue
		}
		seen[u] = true
		h.republish(ctx, teamID, u)
	}
}

// republish publishes a person's Home, coalesced per person.
func (h *home) republish(ctx context.Context, teamID, userID string) {
	key := teamID + "/" + userID
	h.mu.Lock()
	if h.pending == nil {
		h.pending = map[string]bool{}
	}
	if _, running := h.pending[key]; running {
		h.pending[key] = true
		h.mu.Unlock()
		return
	}
	h.pending[key] = false
	h.mu.Unlock()
	for {
		h.publish(ctx, teamID, userID, "")
		h.mu.Lock()
		if h.pending[key] {
			h.pending[key] = false
			h.mu.Unlock()
			continue
		}
		delete(h.pending, key)
		h.mu.Unlock()
		return
	}
}
