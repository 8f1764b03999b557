package bot

// This file: a time block's ⋯ where the plan is read — the card's next
// hours and a handoff message's Next — and Move…, the form it opens. An
// edit from it is the edit form's (planedit.go): the same op, the same
// version rules, the card (or the handoff's messages) turned into the new
// version with Undo, one line in the thread.

import (
	"context"
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// blockMenu is a time block's ⋯ on a card: its block id names the card's
// run and the block (in a handoff message, the handoff's: h.blockMenu).
func (c *cards) blockMenu(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	if strings.HasPrefix(a.BlockID, blocks.HandoffBlockPrefix) {
		c.handoffs.blockMenu(ctx, cb, a)
		return
	}
	runID, i, ok := blocks.ParseCardBlock(a.BlockID)
	if !ok {
		c.b.tell(ctx, channelOf(cb), cb.User.ID, "That menu does not name a block of a plan; nothing was changed.")
		return
	}
	rec, ok := cardRun(ctx, c.b, c.store, cb, runID)
	if !ok {
		return
	}
	ch := channelOf(cb)
	c.onBlock(ctx, cb, a.SelectedOption.Value, rec, i, editView{where: ch}, false, func(noteID string, done bool) {
		// The radar's Done: its block id names the card to update.
		c.radar.markDone(ctx, cb, ch, noteID, a.BlockID, done)
	})
}

// onBlock does what option of block i of rec's plan stands for: Done
// (done, which checks who may), Move… (the form), or an edit made as the
// edit form makes it. inForm says the person is checked as from a form:
// a handoff message is no conversation of the plan's.
func (c *cards) onBlock(ctx context.Context, cb slack.InteractionCallback, option string, rec bh.RunRecord, i int, view editView, inForm bool, done func(noteID string, done bool)) {
	b := c.b
	bs := rec.Winner().Blocks
	if i >= len(bs) {
		b.tell(ctx, view.where, cb.User.ID, "That menu does not name a block of this plan; nothing was changed.")
		return
	}
	blk := bs[i]
	op, isEdit := blocks.BlockMenuOp(option, blk)
	switch option {
	case blocks.BlockDone, blocks.BlockUndone:
		id, ok := blocks.BlockNote(blk)
		if !ok {
			b.tell(ctx, view.where, cb.User.ID, "That block comes from no one note, so it has no Done; nothing was changed.")
			return
		}
		done(id, option == blocks.BlockDone)
		return
	case blocks.BlockMove:
	default:
		if !isEdit {
			b.tell(ctx, view.where, cb.User.ID, "That menu item is not one I know; nothing was changed.")
			return
		}
	}
	if err := c.mayEdit(ctx, cb.User.ID, rec.Run, inForm); err != nil {
		b.refuse(ctx, view.where, cb.User.ID, err)
		return
	}
	if isEdit {
		c.edit(ctx, cb.User.ID, rec, []bh.PlanOp{op}, view)
		return
	}
	form := blocks.MoveModal(c.planner.cardInput(ctx, rec, 0), i, view.handoff)
	if _, err := b.api.OpenViewContext(ctx, cb.TriggerID, form); err != nil {
		b.log.ErrorContext(ctx, "bot: open a plan form", "form", "move", "run_id", rec.Run.ID, "err", err)
		b.tell(ctx, view.where, cb.User.ID, "I could not open Move…"+bh.Ref(ctx)+"; please try again.")
	}
}

// blockMenu is a time block's ⋯ in a handoff message: its block id names
// the handoff, the plan it showed and the block. Its receivers and its
// sender in the family may use it.
func (h *handoffs) blockMenu(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	b := h.b
	hoID, runID, i, ok := blocks.ParseHandoffBlock(a.BlockID)
	if !ok || len(hoID) > 64 || len(runID) > 64 {
		b.tell(ctx, channelOf(cb), cb.User.ID, "That menu does not name a block of a plan; nothing was changed.")
		return
	}
	ho, ok := h.memberHandoff(ctx, cb, hoID)
	if !ok {
		return
	}
	rec, err := h.store.RunRecord(ctx, ho.TeamID, runID)
	if err == nil && rec.Run.ShiftID != ho.ShiftID {
		err = bh.Errorf(bh.EFORBIDDEN, "That plan is not this handoff's; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	view := editView{handoff: ho.ID, where: channelOf(cb)}
	h.cards.onBlock(ctx, cb, a.SelectedOption.Value, rec, i, view, true, func(noteID string, done bool) {
		h.doneNote(ctx, cb, ho, noteID, !done)
	})
}

// undo is Undo in a handoff message, a minute after an edit made there:
// as the card's, its messages then show the plan before it.
func (h *handoffs) undo(ctx context.Context, cb slack.InteractionCallback, hoID, runID string) {
	ho, ok := h.memberHandoff(ctx, cb, hoID)
	if !ok {
		return
	}
	var rec bh.RunRecord
	var err error = bh.Errorf(bh.EINVALID, "That button does not name a plan; nothing was changed.")
	if runID != "" && len(runID) <= 64 {
		rec, err = h.store.RunRecord(ctx, ho.TeamID, runID)
	}
	if err == nil && rec.Run.ShiftID != ho.ShiftID {
		err = bh.Errorf(bh.EFORBIDDEN, "That plan is not this handoff's; nothing was changed.")
	}
	if err != nil {
		h.b.refuse(ctx, channelOf(cb), cb.User.ID, err)
		return
	}
	h.cards.undoRun(ctx, cb.User.ID, rec, editView{handoff: ho.ID, where: channelOf(cb)})
}

// maxEditWalk bounds how many edits planOf walks back through.
const maxEditWalk = 20

// planOf is the plan a handoff's messages show: the one it sent, or the
// shift's latest version when edits (from its messages, or of the card's
// plan it sent) made it from that one. nil without a plan.
func (h *handoffs) planOf(ctx context.Context, ho bh.Handoff) *bh.RunRecord {
	if ho.RunID == "" {
		return nil
	}
	id := ho.RunID
	if latest, err := h.store.LatestRun(ctx, ho.TeamID, ho.ShiftID); err == nil && latest.ID != ho.RunID {
		r := latest
		for k := 0; k < maxEditWalk && r.Edit != nil && r.ParentRunID != ""; k++ {
			if r.ParentRunID == ho.RunID {
				id = latest.ID
				break
			}
			if r, err = h.store.Run(ctx, ho.TeamID, r.ParentRunID); err != nil {
				break
			}
		}
	}
	rec, err := h.store.RunRecord(ctx, ho.TeamID, id)
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: its plan", "handoff_id", ho.ID, "run_id", id, "err", err)
		return nil
	}
	return &rec
}

// edited shows an edit made from handoff hoID's message (from → to) in
// every one of its messages; with no card to say it (sayIt), the threads
// of its messages and of its sender's message say what changed.
func (h *handoffs) edited(ctx context.Context, teamID, hoID string, from, to bh.Run, sayIt bool) {
	ho, err := h.store.Handoff(ctx, teamID, hoID)
	if err == nil && ho.ShiftID != to.ShiftID {
		err = bh.Errorf(bh.EFORBIDDEN, "handoff %s is another family's", hoID)
	}
	if err != nil {
		h.b.log.InfoContext(ctx, "bot: handoff: show an edit", "handoff_id", hoID, "err", err)
		return
	}
	h.refresh(ctx, ho)
	if !sayIt {
		return
	}
	threads := make([]bh.HandoffMessage, 0, len(ho.Sent)+1)
	threads = append(threads, ho.Sent...)
	if ho.ThreadTS != "" {
		threads = append(threads, bh.HandoffMessage{UserID: ho.From, ChannelID: ho.ThreadChannel, TS: ho.ThreadTS})
	}
	loc := to.Location(h.b.cfg.Location)
	for _, m := range threads {
		// Each thread on its readers' clock: a receiver's or the sender's
		// in their DM, the family's in a channel.
		msg := blocks.EditReply(from, to, h.b.clockIn(ctx, m.ChannelID, m.UserID, loc))
		if err := h.b.postInThread(ctx, m.ChannelID, m.TS, msg); err != nil {
			h.b.log.InfoContext(ctx, "bot: handoff: say what the edit changed", "handoff_id", ho.ID, "err", err)
		}
	}
}

// undoFrom is the handoff an Undo's block names ("" for a card's).
func undoFrom(a *slack.BlockAction) string {
	id, _ := strings.CutPrefix(a.BlockID, blocks.HandoffActionsPrefix)
	if id == a.BlockID {
		return ""
	}
	return id
}
