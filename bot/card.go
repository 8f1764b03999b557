package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/internal/keylock"
)

// cardStore is what the Decision Card's controls need from the store.
type cardStore interface {
	runRecords
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	SaveArtifact(ctx context.Context, teamID, shiftID string, a bh.Artifact) error
	// Note, MarkNoteDoneBy and MarkNoteDone are the card's "Mark done".
	Note(ctx context.Context, teamID, id string) (bh.Note, error)
	MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error)
	MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error)
	// LiveNotes and RadarSettings are what a what-if on an older card
	// re-plans from: the notes and quiet hours as they are now.
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
	RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error)
	// ClaimNote records who said "I'll do it" ("" gives it back).
	ClaimNote(ctx context.Context, teamID, id, user string) (bh.Note, error)
}

// runRecords reads a stored run with its results.
type runRecords interface {
	RunRecord(ctx context.Context, teamID, runID string) (bh.RunRecord, error)
}

// cards answers the Decision Card's controls: the Energy what-if, Other
// plans, and Re-run on an interrupted plan. (Its files and Share are the
// sharer's.)
type cards struct {
	b       *Bot
	store   cardStore
	planner *planner
	share   *sharer
	// edits keeps one edit of a shift's plan at a time (planedit.go).
	edits keylock.Locks
	// shows draws one card at a time after an edit (planedit.go).
	shows keylock.Locks
	// radar marks a block done from its ⋯; handoffs show an edit made
	// from a handoff message (blockmenu.go).
	radar    *radarHandler
	handoffs *handoffs
}

// authorizedRun loads the run a control names, only if the control was
// used in the run's own team and conversation.
func authorizedRun(ctx context.Context, st runRecords, teamID, channelID, runID string) (bh.RunRecord, error) {
	if runID == "" || len(runID) > 64 {
		return bh.RunRecord{}, bh.Errorf(bh.EINVALID, "That button does not name a plan; nothing was changed.")
	}
	rec, err := st.RunRecord(ctx, teamID, runID)
	if err != nil {
		return rec, err
	}
	if channelID != rec.Run.ChannelID {
		return bh.RunRecord{}, bh.Errorf(bh.EFORBIDDEN, "That plan belongs to another conversation; nothing was changed.")
	}
	return rec, nil
}

// cardRun is the run of the card a control was used on (the button's
// value), or false once the person was told why not.
func cardRun(ctx context.Context, b *Bot, st runRecords, cb slack.InteractionCallback, runID string) (bh.RunRecord, bool) {
	rec, err := authorizedRun(ctx, st, cb.Team.ID, channelOf(cb), runID)
	if err != nil {
		b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return rec, false
	}
	return rec, true
}

func cardInput(rec bh.RunRecord) blocks.CardInput {
	return blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}
}

// energy is the Energy menu: a what-if. The menu carries no value of its
// own, so the run is named by its block's id (the meta line's; on cards
// made before it, the actions block's). The energy the plan already has
// makes no new version: the person is told so.
func (c *cards) energy(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	runID := strings.TrimPrefix(strings.TrimPrefix(a.BlockID, blocks.CardMetaPrefix), blocks.CardActionsPrefix)
	rec, ok := cardRun(ctx, c.b, c.store, cb, runID)
	if !ok {
		return
	}
	chosen := bh.Energy(a.SelectedOption.Value)
	inUse := blocks.EnergyInUse(rec.Run, rec.Decision)
	if chosen == inUse || chosen == bh.EnergyAuto && rec.Run.Energy == bh.EnergyAuto {
		c.b.tell(ctx, channelOf(cb), cb.User.ID, fmt.Sprintf("Already planned for %s energy.", inUse))
		return
	}
	ch, _ := bh.EnergyChange(rec.Run, chosen)
	c.fork(ctx, cb.User.ID, rec, []bh.InputChange{ch}, channelOf(cb), messageOf(cb))
}

// more is the card's ⋯ menu: Edit plan…, Versions…, Download plan,
// Transcript, Share. Each option
// is the action it stands for; the run is named by the block's id.
func (c *cards) more(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	pressed := *a
	pressed.Value = strings.TrimPrefix(a.BlockID, blocks.CardActionsPrefix)
	switch a.SelectedOption.Value {
	case blocks.ActionDownload:
		c.share.download(ctx, cb, &pressed)
	case blocks.ActionTranscript:
		c.share.transcript(ctx, cb, &pressed)
	case blocks.ActionShare:
		c.share.open(ctx, cb, &pressed)
	case blocks.ActionEditPlan:
		c.openEdit(ctx, cb, pressed.Value)
	case blocks.ActionVersions:
		c.openVersions(ctx, cb, pressed.Value)
	default:
		c.b.tell(ctx, channelOf(cb), cb.User.ID, "That menu item is not one I know; nothing was done.")
	}
}

// check is the "Mark done" checkboxes of a card posted before Mark done…:
// each item ticked is marked done (by the person), each unticked is open
// again; the card then shows it.
func (c *cards) check(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := cardRun(ctx, c.b, c.store, cb, strings.TrimPrefix(a.BlockID, blocks.CardCheckPrefix))
	if !ok {
		return
	}
	ticked := map[string]bool{}
	for _, o := range a.SelectedOptions {
		ticked[o.Value] = true
	}
	want := map[string]bool{}
	for _, it := range blocks.CheckItems(rec.Winner()) {
		want[it.NoteID] = ticked[it.NoteID]
	}
	c.setItems(ctx, cb.User.ID, channelOf(cb), rec, blocks.CheckItems(rec.Winner()), want)
}

// openMarkDone is Mark done…: the plan's items in a form, ticked when done.
func (c *cards) openMarkDone(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := cardRun(ctx, c.b, c.store, cb, a.Value)
	if !ok {
		return
	}
	if _, err := c.b.api.OpenViewContext(ctx, cb.TriggerID, blocks.MarkDoneModal(c.planner.cardInput(ctx, rec, 0))); err != nil {
		c.b.log.ErrorContext(ctx, "bot: open Mark done", "run_id", rec.Run.ID, "err", err)
		c.b.tell(ctx, channelOf(cb), cb.User.ID, "I could not open the list"+bh.Ref(ctx)+"; please try again.")
	}
}

// markDone saves Mark done…: what the person ticked is done, what they
// unticked is open again; what they left as it was is not touched, so a
// partner's Done since the form opened stands.
func (c *cards) markDone(req *socketmode.Request, cb slack.InteractionCallback) {
	c.b.ack(req, nil)
	runID, was := blocks.ParseMarkDoneMetadata(cb.View.PrivateMetadata)
	ticked := map[string]bool{}
	if v := cb.View.State; v != nil {
		for _, o := range v.Values[blocks.InputMarkDone][blocks.ActionCardCheck].SelectedOptions {
			ticked[o.Value] = true
		}
	}
	c.b.enqueue(cb.Team.ID, "mark done", func(ctx context.Context) {
		run, err := c.store.Run(ctx, cb.Team.ID, runID)
		var rec bh.RunRecord
		if err == nil {
			rec, err = authorizedRun(ctx, c.store, cb.Team.ID, run.ChannelID, runID)
		}
		if err != nil {
			c.b.refuse(ctx, "", cb.User.ID, err)
			return
		}
		items := blocks.MarkDoneItems(rec.Winner())
		want := map[string]bool{}
		for _, it := range items {
			if ticked[it.NoteID] != was[it.NoteID] {
				want[it.NoteID] = ticked[it.NoteID]
			}
		}
		c.setItems(ctx, cb.User.ID, run.ChannelID, rec, items, want)
	})
}

// setItems marks each of items done or open again as want says (items it
// does not name are left as they are), tells the person what changed, and
// shows the card again. Only the family acts on its items: every item is
// checked before any is written, so a refusal changes nothing.
func (c *cards) setItems(ctx context.Context, user, channelID string, rec bh.RunRecord, items []blocks.CheckItem, want map[string]bool) {
	b := c.b
	type change struct {
		n    bh.Note
		text string
		done bool
	}
	var todo []change
	for _, it := range items {
		w, ok := want[it.NoteID]
		if !ok {
			continue
		}
		n, err := c.store.Note(ctx, rec.Run.TeamID, it.NoteID)
		// A note of the run's family, wherever in it it was written.
		if err != nil || n.Deleted() || n.ShiftID != rec.Run.ShiftID || n.Done() == w {
			continue
		}
		if err := b.mayActOn(ctx, rec.Run.TeamID, user, channelID, n); err != nil {
			b.refuse(ctx, channelID, user, err)
			return
		}
		todo = append(todo, change{n, it.Text, w})
	}
	var done, open []string
	var failed error
	for _, ch := range todo {
		if _, failed = setDone(ctx, c.store, ch.n, user, ch.done); failed != nil {
			break
		}
		if ch.done {
			done = append(done, ch.text)
		} else {
			open = append(open, ch.text)
		}
	}
	if failed != nil && len(done)+len(open) == 0 {
		b.refuse(ctx, channelID, user, failed)
		return
	}
	var lines []string
	if len(done) > 0 {
		lines = append(lines, "✓ Done: "+blocks.Echo(strings.Join(done, "; "), 300))
	}
	if len(open) > 0 {
		lines = append(lines, "↩️ Open again: "+blocks.Echo(strings.Join(open, "; "), 300))
	}
	if len(lines) == 0 {
		b.tell(ctx, channelID, user, "Nothing changed: the plan's items are as you left them.")
		return
	}
	if failed != nil {
		// Some were saved: say which, and that the rest were not.
		if bh.ErrorCode(failed) == bh.EINTERNAL {
			b.log.ErrorContext(ctx, "bot: mark done", "err", failed)
		}
		lines = append(lines, "The rest were not changed: "+bh.ErrorText(ctx, failed))
	}
	b.tell(ctx, channelID, user, strings.Join(lines, "\n"))
	c.planner.refreshCard(ctx, rec.Run.TeamID, rec.Run.ID, channelID)
}

// claim is the card's "I'll do it" (a family channel): the person takes
// an item on, or gives back one they had; the card then names them.
func (c *cards) claim(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := c.b
	channelID := channelOf(cb)
	rec, ok := cardRun(ctx, b, c.store, cb, strings.TrimPrefix(a.BlockID, blocks.CardClaimPrefix))
	if !ok {
		return
	}
	n, err := c.store.Note(ctx, rec.Run.TeamID, a.SelectedOption.Value)
	switch {
	case err != nil:
	case n.ShiftID != rec.Run.ShiftID:
		err = bh.Errorf(bh.EFORBIDDEN, "That item is not on this plan; nothing was changed.")
	case n.Deleted() || n.Done():
		err = bh.Errorf(bh.ECONFLICT, "%q is already done or removed; nothing to take on.", bh.Truncate(n.Text, 60))
	default:
		err = b.mayActOn(ctx, cb.Team.ID, cb.User.ID, channelID, n)
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	was := n.ClaimedBy
	user := cb.User.ID
	if was == user {
		user = "" // chosen again: given back
	}
	if n, err = c.store.ClaimNote(ctx, n.TeamID, n.ID, user); err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	text := blocks.Echo(n.Text, 100)
	switch {
	case user == "":
		b.tell(ctx, channelID, cb.User.ID, "Given back: "+text+". Nobody has it now.")
	case was != "":
		b.tell(ctx, channelID, cb.User.ID, fmt.Sprintf("🙋 You took %s over from <@%s>.", text, was))
	default:
		b.tell(ctx, channelID, cb.User.ID, "🙋 You are on it: "+text+". The card, the next handoff and the radar name you.")
	}
	c.planner.refreshCard(ctx, rec.Run.TeamID, rec.Run.ID, channelID)
}

// whyView is "Why this plan?" of rec's card, on its card's clock. It
// links only the notes of rec's pack (what its reasons cite), and of those
// only what the card's conversation can open: in a channel, none into a
// DM; in a DM, none into another person's DM (its reason is said without
// a link). A note deleted since is linked no more, as on the card.
func (c *cards) whyView(ctx context.Context, rec bh.RunRecord) slack.ModalViewRequest {
	in := cardInput(rec)
	in.Run.Clock = c.b.cardClock(rec.Run)
	in.Links, in.Labels = c.planner.links.citedIn(ctx, rec, rec.Run.ChannelID)
	return blocks.OthersModal(in)
}

// others opens "Why this plan?": the reasons, the rubric, the other plans.
func (c *cards) others(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := cardRun(ctx, c.b, c.store, cb, a.Value)
	if !ok {
		return
	}
	if _, err := c.b.api.OpenViewContext(ctx, cb.TriggerID, c.whyView(ctx, rec)); err != nil {
		c.b.log.ErrorContext(ctx, "bot: open Why this plan?", "run_id", rec.Run.ID, "err", err)
		c.b.tell(ctx, channelOf(cb), cb.User.ID, "I could not open the other plans"+bh.Ref(ctx)+"; please try again.")
	}
}

// freshFor is how long a card's window may have run for a what-if to stay
// an exact fork; after it, the what-if plans from now.
const freshFor = 15 * time.Minute

// fork makes a what-if of the card's run with changes (bh.ForkRun): a new
// version, the card updated in place, and a threaded summary naming every
// change with the diff as a file. On a fresh card it is an exact fork (the
// parent's pack without the notes it leaves out, and its clock); on a card
// whose window began more than freshFor ago, the hours before now are
// gone, so it plans from now with the notes as they are now, and says so.
func (c *cards) fork(ctx context.Context, user string, parent bh.RunRecord, changes []bh.InputChange, channelID, cardTS string) (council.Output, bool) {
	b := c.b
	loc := parent.Run.Location(b.cfg.Location)
	run, err := bh.ForkRun(parent.Run, changes, loc)
	if err != nil {
		b.refuse(ctx, channelID, user, err)
		return council.Output{}, false
	}
	run.Mode = b.cfg.Council.Mode()
	run.RequestedBy = user
	run.Clock = b.userClock(ctx, user)
	in := council.Input{Run: run}
	now := b.cfg.Now()
	// In a channel where not everyone joined the family, a what-if plans
	// from this channel's notes only: the parent's pack may hold others
	// (made before someone new came in).
	fresh, aud := now.Sub(parent.Run.Start()) <= freshFor, audience{whole: true}
	if !run.Sample {
		aud = b.audienceOf(ctx, run.TeamID, run.ShiftID, channelID)
	}
	var notes []bh.Note
	if !fresh || !aud.whole {
		live, err := c.store.LiveNotes(ctx, run.TeamID, run.ShiftID, now)
		if err != nil {
			b.refuse(ctx, channelID, user, err)
			return council.Output{}, false
		}
		notes = familyNotes(live.Notes)
		fresh = fresh && !aud.hides(notes) && c.packReadable(ctx, run.TeamID, aud, parent.Pack, notes)
	}
	if !fresh {
		c.planner.toldChannelOnly(ctx, aud, notes, user)
		out := bh.LeftOut(changes)
		notes = slices.DeleteFunc(aud.notes(notes), func(n bh.Note) bool { return out[n.ID] })
		in.Notes = notes
		in.Names = c.planner.names(ctx, in.Notes, now)
		in.Run.Now, in.Run.ReadNotes = now, true
		if !in.Run.From.After(now) {
			in.Run.From = time.Time{}
		}
		if !changesKind(changes, bh.ForkQuiet) {
			// The night of the person the plan is for, as it is now.
			q := c.planner.nightHours(ctx, in.Run)
			in.Run.Quiet = &q
		}
		text, from := replannedText(parent.Pack, notes, now, loc)
		in.Run.Change += ", " + text
		in.Run.ChangeStamps = append(in.Run.ChangeStamps, from)
	} else {
		pack := council.ForkPack(parent.Pack, changes)
		in.Pack = &pack
	}
	out, ok := c.planner.run(ctx, in, channelID, cardTS, user, parent.Run.Version)
	if !ok {
		return out, false
	}
	c.diffReply(ctx, parent, out, channelID, cardTS, user)
	return out, true
}

// changesKind reports whether changes change an input of kind k.
func changesKind(changes []bh.InputChange, k bh.ForkKind) bool {
	for _, c := range changes {
		if c.Kind == k {
			return true
		}
	}
	return false
}

// diffReply says in the card's thread what changed from parent to out,
// every change named, with the diff as a file when the schedule moved. It
// is on the card's clock, as the card's other thread lines: in a channel
// the family's, whoever asked for the what-if.
func (c *cards) diffReply(ctx context.Context, parent bh.RunRecord, out council.Output, channelID, cardTS, user string) {
	c.sayDiff(ctx, parent, out, func(d bh.RunDiff) blocks.Message {
		return blocks.DiffReply(d, out.Run.Location(c.b.cfg.Location), c.b.cardClock(out.Run))
	}, channelID, cardTS, user)
}

// sayDiff keeps the diff of out from from (the plan that was current) and,
// in the card's thread (channelID, cardTS; a handoff's plan has none),
// says what changed (say) and puts the diff there as a file when the
// schedule moved. A plan whose family's data was deleted meanwhile keeps
// and says nothing (false).
func (c *cards) sayDiff(ctx context.Context, from bh.RunRecord, out council.Output, say func(bh.RunDiff) blocks.Message, channelID, cardTS, user string) bool {
	log := c.b.log.With("run_id", out.Run.ID, "version", out.Run.Version)
	d := council.Diff(council.FromRecord(from), out)
	art := council.DiffArtifact(d, out.Run)
	if err := c.store.SaveArtifact(ctx, out.Run.TeamID, out.Run.ShiftID, art); errors.Is(err, bh.ErrFamilyDeleted) {
		log.InfoContext(ctx, "bot: a new version of deleted data: no diff")
		return false
	} else if err != nil {
		log.ErrorContext(ctx, "bot: save diff", "err", err)
	}
	if cardTS == "" {
		return true
	}
	if err := c.b.postInThread(ctx, channelID, cardTS, say(d)); err != nil {
		log.ErrorContext(ctx, "bot: say what changed", "err", err)
		return true
	}
	if d.ScheduleUnchanged() {
		return true // the reply says so; a file of no changes is noise (it stays stored)
	}
	c.share.upload(ctx, out.Run.TeamID, art, channelID, cardTS, user)
	return true
}

// replannedText says what a what-if from now changed besides the energy:
// "re-planned from 22:05 with 2 newer notes, 1 done, removed or past left
// out" (a night's sleep a day on, an appointment that ended), and the
// time it writes.
func replannedText(old bh.ContextPack, notes []bh.Note, now time.Time, loc *time.Location) (string, bh.Stamp) {
	was := map[string]bool{}
	for _, id := range old.IncludedLogIDs {
		was[id] = true
	}
	open := map[string]bool{}
	newer := 0
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		open[n.ID] = true
		if !was[n.ID] {
			newer++
		}
	}
	gone := 0
	for id := range was {
		if !open[id] {
			gone++
		}
	}
	from := bh.StampOf(now.In(loc), "15:04")
	text := "re-planned from " + from.Text
	switch newer {
	case 0:
	case 1:
		text += " with 1 newer note"
	default:
		text += fmt.Sprintf(" with %d newer notes", newer)
	}
	if gone > 0 {
		text += fmt.Sprintf(", %d done, removed or past left out", gone)
	}
	return text, from
}

// rerun plans again, with the settings of an interrupted run, in the
// conversation the button was pressed in.
func (c *cards) rerun(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	channelID := channelOf(cb)
	r, err := c.store.Run(ctx, cb.Team.ID, a.Value)
	if err == nil && r.ChannelID != channelID {
		err = bh.Errorf(bh.EFORBIDDEN, "That plan belongs to another conversation; nothing was changed.")
	}
	if err != nil {
		c.b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	c.planner.plan(ctx, cb.Team.ID, channelID, cb.User.ID, planArgs{energy: r.Energy, hours: r.HorizonH})
}

// packReadable reports whether aud may read every note pack carries: a
// note in it may no longer be live (deleted, moved), so the live notes
// alone do not tell; only those are read from the store. A note that
// cannot be read counts as not readable.
func (c *cards) packReadable(ctx context.Context, teamID string, aud audience, pack bh.ContextPack, live []bh.Note) bool {
	if aud.whole {
		return true
	}
	byID := make(map[string]bh.Note, len(live))
	for _, n := range live {
		byID[n.ID] = n
	}
	ids := append([]string{}, pack.IncludedLogIDs...)
	for _, d := range pack.Done {
		ids = append(ids, d.LogID)
	}
	for _, id := range ids {
		n, ok := byID[id]
		if !ok {
			var err error
			if n, err = c.store.Note(ctx, teamID, id); err != nil {
				return false
			}
		}
		if !aud.wrote(n) {
			return false
		}
	}
	return true
}
