package bot

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// This file: editing a plan from its card (Edit plan…, Undo) and bringing
// a version back (Versions…). Every change is a new version of the shift,
// made by bh.Apply on the current plan and stored with its ops, who and
// when (council.SaveEdit); the card turns into it in place, and the
// thread says what changed in one line.

// undoFor is how long a card keeps Undo after an edit, on the bot's clock.
const undoFor = time.Minute

// mayEdit refuses anyone outside the plan's family, as the card's other
// buttons do (mayAct in the card's conversation). A form's controls come
// from no conversation: a DM vouches only for a button pressed in it, so
// from a form (inForm) its person must be a member.
func (c *cards) mayEdit(ctx context.Context, user string, r bh.Run, inForm bool) error {
	b := c.b
	if r.Sample {
		// The sample is nobody's family: whoever may press its card may
		// edit it; from a form, its asker or anyone in its channel.
		if user != "" && (!inForm || user == r.RequestedBy || bh.ConversationKindOf(r.ChannelID) == bh.ConvChannel) {
			return nil
		}
		return errNotMember
	}
	where := r.ChannelID
	if inForm && bh.ConversationKindOf(where) == bh.ConvDM {
		where = ""
	}
	ok, err := mayAct(ctx, b.cfg.Store, r.TeamID, user, where, r.ShiftID, func(ctx context.Context, ch, shift string) (bool, error) {
		return b.seesFamily(ctx, r.TeamID, shift, ch)
	})
	if err != nil {
		return err
	}
	if !ok {
		return errNotMember
	}
	return nil
}

// openEdit is Edit plan… (the card's ⋯): the plan's blocks to change.
func (c *cards) openEdit(ctx context.Context, cb slack.InteractionCallback, runID string) {
	c.openRunForm(ctx, cb, runID, "the plan to edit", c.editModal)
}

// openRunForm opens a form about the card's run for someone who may edit
// it; what names the form in the apology if Slack will not open it.
func (c *cards) openRunForm(ctx context.Context, cb slack.InteractionCallback, runID, what string, form func(context.Context, bh.RunRecord) slack.ModalViewRequest) {
	rec, ok := cardRun(ctx, c.b, c.store, cb, runID)
	if !ok {
		return
	}
	if err := c.mayEdit(ctx, cb.User.ID, rec.Run, false); err != nil {
		c.b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	if _, err := c.b.api.OpenViewContext(ctx, cb.TriggerID, form(ctx, rec)); err != nil {
		c.b.log.ErrorContext(ctx, "bot: open a plan form", "form", what, "run_id", rec.Run.ID, "err", err)
		c.b.tell(ctx, channelOf(cb), cb.User.ID, "I could not open "+what+bh.Ref(ctx)+"; please try again.")
	}
}

func (c *cards) editModal(ctx context.Context, rec bh.RunRecord) slack.ModalViewRequest {
	var waiting []bh.Item
	for _, w := range council.Waiting(rec.Run, rec.Pack, rec.Winner().Blocks) {
		waiting = append(waiting, w.Item)
	}
	return blocks.EditModal(c.planner.cardInput(ctx, rec, 0), waiting)
}

// editView is the form an edit was made from, to show again after it:
// Edit plan… (the whole plan), Move… (one block, found again by its key),
// or none (a block's ⋯ on a card or a handoff message). handoff names the
// handoff message it was made from, whose messages then show the edit;
// where is the conversation to answer in ("": the plan's).
type editView struct {
	id, callback, key string
	handoff, where    string
}

// viewOf is the form a control was used in.
func viewOf(cb slack.InteractionCallback, key string) editView {
	_, ho := blocks.ParseMoveMetadata(cb.View.PrivateMetadata)
	return editView{id: cb.View.ID, callback: cb.View.CallbackID, key: key, handoff: ho}
}

// formRun is the run an edit form (Edit plan…, Move…) shows (its
// metadata), only for a person of its family; false once they were told
// why not.
func (c *cards) formRun(ctx context.Context, cb slack.InteractionCallback) (bh.RunRecord, bool) {
	runID, _ := blocks.ParseMoveMetadata(cb.View.PrivateMetadata)
	rec, err := c.viewRun(ctx, cb, runID, cb.View.CallbackID == blocks.CallbackEditPlan || cb.View.CallbackID == blocks.CallbackMoveBlock)
	if err != nil {
		c.b.refuse(ctx, rec.Run.ChannelID, cb.User.ID, err)
		return rec, false
	}
	return rec, true
}

// viewRun is the run runID that a form of ours (named: its callback is
// one that names a run) shows, for a person of its family.
func (c *cards) viewRun(ctx context.Context, cb slack.InteractionCallback, runID string, named bool) (bh.RunRecord, error) {
	if !named || runID == "" || len(runID) > 64 {
		return bh.RunRecord{}, bh.Errorf(bh.EINVALID, "That form does not name a plan; nothing was changed.")
	}
	rec, err := c.store.RunRecord(ctx, cb.Team.ID, runID)
	if err == nil {
		err = c.mayEdit(ctx, cb.User.ID, rec.Run, true)
	}
	return rec, err
}

// shownBlock is the block of the form's plan a control names (its block
// id, or a Drop's value), refusing any other.
func (c *cards) shownBlock(ctx context.Context, cb slack.InteractionCallback, rec bh.RunRecord, ref string) (bh.Block, bool) {
	bs := rec.Winner().Blocks
	i, ok := blocks.EditIndex(ref, len(bs))
	if !ok {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "That control does not name a block of this plan; nothing was changed.")
		return bh.Block{}, false
	}
	return bs[i], true
}

// editBlock is a block's ⋯ in the edit form.
func (c *cards) editBlock(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	c.formOp(ctx, cb, a, a.SelectedOption.Value, "That menu item")
}

// editMoveBy is a button of Move…: 30 min earlier or later, or a swap
// with the next block (the action id says which).
func (c *cards) editMoveBy(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	c.formOp(ctx, cb, a, strings.TrimPrefix(a.ActionID, blocks.ActionMovePrefix), "That button")
}

// formOp makes the edit option names (blocks.EditMenu) of the block a
// form's control belongs to; control names the control in a refusal.
func (c *cards) formOp(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction, option, control string) {
	rec, ok := c.formRun(ctx, cb)
	if !ok {
		return
	}
	b, ok := c.shownBlock(ctx, cb, rec, a.BlockID)
	if !ok {
		return
	}
	op, ok := blocks.EditOp(option, b)
	if !ok {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, control+" is not one I know; nothing was changed.")
		return
	}
	c.edit(ctx, cb.User.ID, rec, []bh.PlanOp{op}, viewOf(cb, bh.BlockKey(b)))
}

// editMoveTo is the time a block is moved to in the edit form.
func (c *cards) editMoveTo(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.formRun(ctx, cb)
	if !ok {
		return
	}
	b, ok := c.shownBlock(ctx, cb, rec, a.BlockID)
	if !ok {
		return
	}
	rules := council.EditRules(rec.Run, rec.Pack)
	at, ok := blocks.MoveToTime(a.SelectedTime, b, rules.Start, rules.Loc)
	if !ok {
		c.b.tell(ctx, rec.Run.ChannelID, cb.User.ID, "That is not a time I can read; nothing was changed.")
		return
	}
	if at.Equal(b.Start) {
		return // the picker shows where it is
	}
	c.edit(ctx, cb.User.ID, rec, []bh.PlanOp{bh.MoveTo(b, at)}, viewOf(cb, bh.BlockKey(b)))
}

// editDrop is a block's Drop in the edit form.
func (c *cards) editDrop(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.formRun(ctx, cb)
	if !ok {
		return
	}
	if b, ok := c.shownBlock(ctx, cb, rec, a.Value); ok {
		c.edit(ctx, cb.User.ID, rec, []bh.PlanOp{bh.Drop(b)}, viewOf(cb, ""))
	}
}

// editAdd is Add to plan…: an item that waits, where it first fits.
func (c *cards) editAdd(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := c.formRun(ctx, cb)
	if !ok {
		return
	}
	c.add(ctx, cb.User.ID, rec, a.SelectedOption.Value, rec.Run.ChannelID, viewOf(cb, ""))
}

// cardAdd is Add to plan… beside a card's Later: the item, where it
// first fits in the card's plan, as the edit form's Add to plan… does.
func (c *cards) cardAdd(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	ch := channelOf(cb)
	runID, ok := blocks.ParseCardAdd(a.BlockID)
	if !ok || a.SelectedOption.Value == "" {
		c.b.tell(ctx, ch, cb.User.ID, "That menu does not name an item of a plan; nothing was changed.")
		return
	}
	rec, ok := cardRun(ctx, c.b, c.store, cb, runID)
	if !ok {
		return
	}
	if err := c.mayEdit(ctx, cb.User.ID, rec.Run, false); err != nil {
		c.b.refuse(ctx, ch, cb.User.ID, err)
		return
	}
	c.add(ctx, cb.User.ID, rec, a.SelectedOption.Value, ch, editView{where: ch})
}

// add edits rec to take in the item of the note noteID that waits, where
// it first fits (Add to plan…), or tells user in where that it waits no
// more.
func (c *cards) add(ctx context.Context, user string, rec bh.RunRecord, noteID, where string, view editView) {
	for _, w := range council.Waiting(rec.Run, rec.Pack, rec.Winner().Blocks) {
		if len(w.Item.NoteIDs) > 0 && w.Item.NoteIDs[0] == noteID {
			c.edit(ctx, user, rec, []bh.PlanOp{w.Op}, view)
			return
		}
	}
	c.b.tell(ctx, where, user, "That item no longer waits for this plan; nothing was changed.")
}

// edit applies ops, made on the plan shown, to the current version: one
// edit of a shift at a time, so two people editing at once each see the
// other's version. An op made on an older version is applied to the
// current one when it still fits, else refused with what changed; the
// form then shows the current version, to be asked again.
func (c *cards) edit(ctx context.Context, user string, shown bh.RunRecord, ops []bh.PlanOp, view editView) {
	b := c.b
	channelID := cmp.Or(view.where, shown.Run.ChannelID)
	release, ok := c.hold(ctx, user, shown.Run, channelID)
	if !ok {
		return
	}
	defer release()
	cur, ok := c.current(ctx, user, shown, channelID)
	if !ok {
		return
	}
	rules := council.EditRules(cur.Run, cur.Pack)
	rules.Clock = b.userClock(ctx, user)
	bs, ch, err := bh.ApplyChange(cur.Winner().Blocks, ops, rules)
	if err != nil {
		// The engine's reasons quote the notes' words: escaped.
		why := blocks.Escape(bh.ErrorMessage(err))
		if cur.Run.ID != shown.Run.ID {
			err = bh.Errorf(bh.ErrorCode(err), "The plan changed since you opened it: it is v%d now (%s). %s Nothing was changed.",
				cur.Run.Version, blocks.Echo(rules.Clock.Restamp(cur.Run.Change, cur.Run.ChangeStamps, rules.Loc), 200), why)
		} else {
			err = bh.Errorf(bh.ErrorCode(err), "%s Nothing was changed.", why)
		}
		release()
		b.refuse(ctx, channelID, user, err)
		c.showForm(ctx, cur, view)
		return
	}
	run := bh.EditRun(cur.Run, bh.PlanEdit{Ops: ops, By: user, At: b.cfg.Now()}, ch)
	run.TraceID = bh.TraceID(ctx)
	card := cur.Run
	if card.CardTS == "" {
		// A handoff's plan has no card: the card is the one edited.
		card = shown.Run
	}
	c.commit(ctx, user, release, cur, cur, card, run, bs, view, false)
}

// current is the shift's current plan for an edit of shown, or false
// once the person was told why there is none to edit.
//
// Its caller holds the shift's edit lock and its council flight (hold):
// no edit and no council run make a version meanwhile.
func (c *cards) current(ctx context.Context, user string, shown bh.RunRecord, where string) (bh.RunRecord, bool) {
	b := c.b
	latest, err := c.planner.store.LatestRun(ctx, shown.Run.TeamID, shown.Run.ShiftID)
	cur := shown
	if err == nil && latest.ID != shown.Run.ID {
		cur, err = c.store.RunRecord(ctx, latest.TeamID, latest.ID)
	}
	if err != nil {
		b.refuse(ctx, where, user, err)
		return bh.RunRecord{}, false
	}
	if cur.Run.ChannelID != shown.Run.ChannelID {
		// The family's latest plan is another conversation's card.
		b.tell(ctx, where, user, fmt.Sprintf("The latest plan (v%d) is on another conversation's card; edit it there. Nothing was changed.", cur.Run.Version))
		return bh.RunRecord{}, false
	}
	return cur, true
}

// hold takes the shift's edit lock and its council flight for an edit,
// or tells the person a plan is being made (false). release gives both
// back (once, however often it is called): right after the edit is
// saved, before Slack is told, so a slow Slack holds up no one.
func (c *cards) hold(ctx context.Context, user string, r bh.Run, where string) (release func(), ok bool) {
	key := r.TeamID + "/" + r.ShiftID
	unlock := c.edits.Lock(key)
	if !c.planner.flights.start(key) {
		unlock()
		c.b.tell(ctx, where, user, "I'm planning for this conversation right now; edit the card once it updates. Nothing was changed.")
		return nil, false
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			c.planner.flights.done(key)
			unlock()
		})
	}, true
}

// commit stores run (an edit of parent, or parent brought back; its plan
// is bs), turns the card into it (with Undo after an edit), says in the
// thread what changed since from, the plan that was current, keeps that
// diff, and shows the form (view) again; made from a handoff message,
// that handoff's messages show it.
func (c *cards) commit(ctx context.Context, user string, release func(), parent, from bh.RunRecord, card bh.Run, run bh.Run, bs []bh.Block, view editView, versions bool) {
	b := c.b
	out, err := council.SaveEdit(ctx, c.planner.store, parent, run, bs)
	if err != nil {
		release()
		b.refuse(ctx, cmp.Or(view.where, parent.Run.ChannelID), user, err)
		return
	}
	log := b.log.With("run_id", out.Run.ID, "version", out.Run.Version)
	rec := out.Record()
	cardCh, cardTS := card.CardChannel, card.CardTS
	if cardTS != "" {
		if err := c.planner.store.SetRunCard(ctx, rec.Run.TeamID, rec.Run.ID, cardCh, cardTS); err != nil {
			log.ErrorContext(ctx, "bot: remember card", "err", err)
		}
	}
	release()
	if cardTS != "" {
		rec.Run.CardChannel, rec.Run.CardTS = cardCh, cardTS
		c.showCard(ctx, user, rec, parent.Run.Version)
	}
	// The card's thread is read as the card is: in a channel on the
	// family's clock, not the editor's. The diff goes there as a
	// what-if's does.
	say := func(bh.RunDiff) blocks.Message { return blocks.EditReply(from.Run, rec.Run, b.cardClock(rec.Run)) }
	if !c.sayDiff(ctx, from, out, say, cardCh, cardTS, user) {
		return
	}
	log.InfoContext(ctx, "plan edited", "parent_run_id", parent.Run.ID, "ops", len(run.Edit.Ops))
	if view.handoff != "" {
		// Made from a handoff message: its messages show the new version,
		// and its thread says what changed when no card did.
		c.handoffs.edited(ctx, rec.Run.TeamID, view.handoff, from.Run, rec.Run, cardTS == "")
	}
	if versions {
		c.showVersions(ctx, rec, view.id)
	} else {
		c.showForm(ctx, rec, view)
	}
	c.planner.home.shiftChanged(ctx, rec.Run.TeamID, rec.Run.ChannelID, user)
}

// showCard turns the card into rec, an edit saved, unless a newer version
// on this card was saved since (its own edit draws it): with the edit's locks given
// back before Slack is told, two edits' updates may cross. One card is
// drawn at a time. A card Slack would not update is told to user: the
// version stands.
func (c *cards) showCard(ctx context.Context, user string, rec bh.RunRecord, parentVersion int) {
	defer c.shows.Lock(rec.Run.CardChannel + "/" + rec.Run.CardTS)()
	if latest, err := c.planner.store.LatestRun(ctx, rec.Run.TeamID, rec.Run.ShiftID); err == nil && latest.CardTS == rec.Run.CardTS && latest.Version > rec.Run.Version {
		return
	}
	if err := c.b.update(ctx, rec.Run.CardChannel, rec.Run.CardTS, c.planner.card(ctx, rec, parentVersion)); err != nil {
		c.b.log.ErrorContext(ctx, "bot: show edited card", "run_id", rec.Run.ID, "version", rec.Run.Version, "err", err)
		c.b.tell(ctx, rec.Run.ChannelID, user, fmt.Sprintf("v%d is saved, but I could not update the card%s; Versions… in its ⋯ lists it.", rec.Run.Version, bh.Ref(ctx)))
	}
}

// showForm shows the form an edit was made from again with rec's plan:
// Move… with its block where it is now (Edit plan… once it is gone).
func (c *cards) showForm(ctx context.Context, rec bh.RunRecord, view editView) {
	if view.id == "" {
		return
	}
	form := c.editModal(ctx, rec)
	if view.callback == blocks.CallbackMoveBlock {
		for i, b := range rec.Winner().Blocks {
			if bh.BlockKey(b) == view.key {
				form = blocks.MoveModal(c.planner.cardInput(ctx, rec, 0), i, view.handoff)
				break
			}
		}
	}
	if _, err := c.b.api.UpdateViewContext(ctx, form, "", "", view.id); err != nil {
		c.b.log.WarnContext(ctx, "bot: show the edit form again", "run_id", rec.Run.ID, "err", err)
	}
}

// undo is the card's Undo, for a minute after an edit: the plan before it
// is current again, as a new version that points back to it (the edit
// stays in Versions…). In a handoff message (its row names the handoff)
// it is that handoff's.
func (c *cards) undo(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if ho := undoFrom(a); ho != "" {
		c.handoffs.undo(ctx, cb, ho, a.Value)
		return
	}
	b := c.b
	rec, ok := cardRun(ctx, b, c.store, cb, a.Value)
	if !ok {
		return
	}
	if err := c.mayEdit(ctx, cb.User.ID, rec.Run, false); err != nil {
		b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	c.undoRun(ctx, cb.User.ID, rec, editView{where: channelOf(cb)})
}

// undoRun undoes the edit that made rec, for a person who may.
func (c *cards) undoRun(ctx context.Context, user string, rec bh.RunRecord, view editView) {
	b := c.b
	e := rec.Run.Edit
	if e == nil || len(e.Ops) == 0 || rec.Run.ParentRunID == "" {
		b.tell(ctx, view.where, user, "That plan was not made by an edit; nothing to undo.")
		return
	}
	if b.cfg.Now().Sub(e.At) > undoFor {
		b.tell(ctx, view.where, user, "Undo lasts a minute after an edit. To go back, use Versions… in the card's ⋯. Nothing was changed.")
		return
	}
	parent, err := c.store.RunRecord(ctx, rec.Run.TeamID, rec.Run.ParentRunID)
	if err != nil {
		b.refuse(ctx, view.where, user, err)
		return
	}
	c.bringBack(ctx, user, rec, parent, fmt.Sprintf("(undo of v%d)", rec.Run.Version), view, false)
}

// bringBack makes target's plan current again, as a new version that
// points back to it, if the shown plan is still the current one.
func (c *cards) bringBack(ctx context.Context, user string, shown, target bh.RunRecord, why string, view editView, versions bool) {
	where := cmp.Or(view.where, shown.Run.ChannelID)
	release, ok := c.hold(ctx, user, shown.Run, where)
	if !ok {
		return
	}
	defer release()
	cur, ok := c.current(ctx, user, shown, where)
	if !ok {
		return
	}
	if cur.Run.ID != shown.Run.ID && !versions {
		// Told to them alone: on their clock.
		change := c.b.userClock(ctx, user).Restamp(cur.Run.Change, cur.Run.ChangeStamps, cur.Run.Location(c.b.cfg.Location))
		c.b.tell(ctx, where, user, fmt.Sprintf("The plan changed since (it is v%d now: %s); nothing was undone. Versions… in the card's ⋯ brings any version back.",
			cur.Run.Version, blocks.Echo(change, 200)))
		return
	}
	if target.Run.ChannelID != cur.Run.ChannelID {
		c.b.tell(ctx, where, user, fmt.Sprintf("v%d was planned in another conversation; bring it back there. Nothing was changed.", target.Run.Version))
		return
	}
	change := bh.Change{Text: council.BackTo(target.Run.Version, why)}
	run := bh.EditRun(target.Run, bh.PlanEdit{By: user, At: c.b.cfg.Now()}, change)
	run.TraceID = bh.TraceID(ctx)
	// The card is the current plan's.
	card := cur.Run
	if card.CardTS == "" {
		card = shown.Run
	}
	c.commit(ctx, user, release, target, cur, card, run, target.Winner().Blocks, view, versions)
}

// openVersions is Versions… (the card's ⋯): every version of the plan.
func (c *cards) openVersions(ctx context.Context, cb slack.InteractionCallback, runID string) {
	c.openRunForm(ctx, cb, runID, "the versions", c.versionsModal)
}

// versionsModal lists the shift's versions up to the latest: who made each
// and why; those of this conversation's cards may be brought back.
func (c *cards) versionsModal(ctx context.Context, rec bh.RunRecord) slack.ModalViewRequest {
	st := c.planner.store
	latest, err := st.LatestRun(ctx, rec.Run.TeamID, rec.Run.ShiftID)
	if err != nil {
		latest = rec.Run
	}
	var lines []blocks.VersionLine
	for v := max(1, latest.Version-blocks.MaxVersions); v <= latest.Version; v++ {
		r, err := st.RunByVersion(ctx, rec.Run.TeamID, rec.Run.ShiftID, v)
		if err != nil {
			continue
		}
		kind := council.RunKind(r)
		by := r.RequestedBy
		if r.Edit != nil {
			by = r.Edit.By
		}
		lines = append(lines, blocks.VersionLine{RunID: r.ID, Version: r.Version, Kind: kind, By: by, Change: r.Change, ChangeStamps: r.ChangeStamps,
			At: r.CreatedAt, Current: r.ID == latest.ID,
			Usable: r.Status == bh.StatusCompleted && r.ChannelID == rec.Run.ChannelID && kind != "handoff" && r.Sample == rec.Run.Sample})
	}
	view := blocks.VersionsModal(lines, rec.Run.Location(c.b.cfg.Location), c.b.cardClock(rec.Run))
	view.PrivateMetadata = rec.Run.ID
	return view
}

// showVersions shows Versions… (viewID) again after a version came back.
func (c *cards) showVersions(ctx context.Context, rec bh.RunRecord, viewID string) {
	if viewID == "" {
		return
	}
	if _, err := c.b.api.UpdateViewContext(ctx, c.versionsModal(ctx, rec), "", "", viewID); err != nil {
		c.b.log.WarnContext(ctx, "bot: show the versions again", "run_id", rec.Run.ID, "err", err)
	}
}

// useVersion is Use this version in Versions…: that version's plan is
// current again, as a new version that points back to it.
func (c *cards) useVersion(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := c.b
	var target bh.RunRecord
	var err error
	if cb.View.CallbackID != blocks.CallbackVersions || a.Value == "" || len(a.Value) > 64 {
		err = bh.Errorf(bh.EINVALID, "That button does not name a version; nothing was changed.")
	} else if target, err = c.store.RunRecord(ctx, cb.Team.ID, a.Value); err == nil {
		err = c.mayEdit(ctx, cb.User.ID, target.Run, true)
	}
	if err == nil && (target.Run.Status != bh.StatusCompleted || council.RunKind(target.Run) == "handoff") {
		err = bh.Errorf(bh.EINVALID, "That version cannot be brought back; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, target.Run.ChannelID, cb.User.ID, err)
		return
	}
	latest, err := c.planner.store.LatestRun(ctx, target.Run.TeamID, target.Run.ShiftID)
	if err == nil && latest.ID == target.Run.ID {
		b.tell(ctx, target.Run.ChannelID, cb.User.ID, fmt.Sprintf("v%d is already the current version.", target.Run.Version))
		return
	}
	shown := target
	if err == nil {
		shown, err = c.store.RunRecord(ctx, latest.TeamID, latest.ID)
	}
	if err != nil {
		b.refuse(ctx, target.Run.ChannelID, cb.User.ID, err)
		return
	}
	c.bringBack(ctx, cb.User.ID, shown, target, "", editView{id: cb.View.ID}, true)
}
