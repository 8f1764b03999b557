package blocks

// This file: a time block's ⋯ where a plan is read (the card's next
// hours, a handoff's Next) and Move…, the small form it opens. Each of
// its edits is the edit form's op, made the same way.

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// A time block's ⋯ and Move….
const (
	// ActionBlockMenu is a time block's ⋯; its option values are the
	// Block… ops below. Its block id names the plan and the block: on a
	// card CardBlockID, in a handoff message HandoffBlockID.
	ActionBlockMenu = "plan_block_menu"
	// HandoffBlockPrefix starts a handoff message's block ids of its
	// time blocks.
	HandoffBlockPrefix = "handoff_block:"
	// CallbackMoveBlock is Move…, one block's form; its metadata is
	// MoveMetadata. Its block ids are the edit form's (EditBlockPrefix,
	// EditMorePrefix + the block's index), its time picker the edit
	// form's ActionEditMoveTo, its buttons ActionMovePrefix + op.
	CallbackMoveBlock = "plan_move_block"
	ActionMovePrefix  = "plan_move:"
)

// cardBlockPart marks a time block in a card's item block id
// (CardItemPrefix + run + ":" + cardBlockPart + index): a Done pressed
// there updates the card in place, as an item's does.
const cardBlockPart = "block-"

// The options of a block's ⋯ besides the edit form's Shorter and Longer.
const (
	BlockDone   = "done"
	BlockUndone = "undone"
	BlockMove   = "move"
	BlockDrop   = "drop"
)

// BlockMenuOp is the edit a block's ⋯ option (or a Move… button) stands
// for; false for Done, Move… and any value the menu never sends.
func BlockMenuOp(value string, b bh.Block) (bh.PlanOp, bool) {
	switch value {
	case BlockDrop:
		return bh.Drop(b), true
	case BlockDone, BlockUndone, BlockMove:
		return bh.PlanOp{}, false
	}
	return EditOp(value, b)
}

// BlockNote is the note whose Done a block's ⋯ offers: a block from one
// note that is not rest or a commitment.
func BlockNote(b bh.Block) (string, bool) {
	if len(b.NoteIDs) != 1 || b.Kind == bh.KindRest || b.Kind == bh.KindCommitment {
		return "", false
	}
	return b.NoteIDs[0], true
}

// EditableBlock reports whether r's block b gets a ⋯: not a fixed
// commitment, nor the night its quiet hours keep (an edit refuses both).
func EditableBlock(r bh.Run, b bh.Block) bool {
	rules := bh.PlanRules{Loc: loc(r)}
	if len(r.Rest) == 0 && r.Quiet != nil {
		// As council.EditRules: a plan that rests its sender keeps no
		// night of its own.
		q := *r.Quiet
		rules.Quiet = &q
	}
	return !rules.Fixed(b)
}

// blockMenu is a time block's ⋯: Done (Undo done once done) when withDone,
// Move…, Shorter, Longer, Drop — Slack's five at most.
func blockMenu(withDone, done bool) *slack.OverflowBlockElement {
	var opts []*slack.OptionBlockObject
	opt := func(v, text string) {
		opts = append(opts, slack.NewOptionBlockObject(v, plain(text, MaxOptionText), nil))
	}
	switch {
	case withDone && done:
		opt(BlockUndone, "Undo done")
	case withDone:
		opt(BlockDone, "Done")
	}
	opt(BlockMove, "Move…")
	opt(EditShorter, "Shorter (15 min)")
	opt(EditLonger, "Longer (15 min)")
	opt(BlockDrop, "Drop")
	return slack.NewOverflowBlockElement(ActionBlockMenu, opts...)
}

// CardBlockID is the block id of block i of run's plan on its card.
func CardBlockID(runID string, i int) string {
	return CardItemPrefix + runID + ":" + cardBlockPart + strconv.Itoa(i)
}

// ParseCardBlock reads CardBlockID back; false for any other id.
func ParseCardBlock(blockID string) (runID string, i int, ok bool) {
	rest, ok := strings.CutPrefix(blockID, CardItemPrefix)
	if !ok {
		return "", 0, false
	}
	runID, n, ok := strings.Cut(rest, ":"+cardBlockPart)
	if !ok || runID == "" {
		return "", 0, false
	}
	i, ok = index(n)
	return runID, i, ok
}

// HandoffBlockID is the block id of block i of run's plan in handoff h's
// message.
func HandoffBlockID(handoffID, runID string, i int) string {
	return HandoffBlockPrefix + handoffID + ":" + runID + ":" + strconv.Itoa(i)
}

// ParseHandoffBlock reads HandoffBlockID back; false for any other id.
func ParseHandoffBlock(blockID string) (handoffID, runID string, i int, ok bool) {
	rest, ok := strings.CutPrefix(blockID, HandoffBlockPrefix)
	if !ok {
		return "", "", 0, false
	}
	parts := strings.Split(rest, ":")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" {
		return "", "", 0, false
	}
	i, ok = index(parts[2])
	return parts[0], parts[1], i, ok
}

// index reads a block index as ids write it: digits only, no sign, no
// leading zero.
func index(s string) (int, bool) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || strconv.Itoa(i) != s {
		return 0, false
	}
	return i, true
}

// MoveMetadata is Move…'s metadata: the run it shows and, opened from a
// handoff message, the handoff ("RUN" or "RUN|HANDOFF").
func MoveMetadata(runID, handoffID string) string {
	if handoffID == "" {
		return runID
	}
	return runID + "|" + handoffID
}

// ParseMoveMetadata reads MoveMetadata (or the edit form's, its run).
func ParseMoveMetadata(s string) (runID, handoffID string) {
	runID, handoffID, _ = strings.Cut(s, "|")
	return runID, handoffID
}

// The moves of Move…, in order, with their words.
var moveButtons = []struct{ Op, Text string }{
	{EditEarlier, "30 min earlier"},
	{EditLater, "30 min later"},
	{EditSwap, "Swap with next"},
}

// MoveModal is Move… for block i of the plan in (a block's ⋯): 30 min
// earlier or later, a time to move it to, or a swap with the next block.
// It is shown again, in place, after each move, with the block where it
// went.
func MoveModal(in CardInput, i int, handoffID string) slack.ModalViewRequest {
	w := in.winner()
	l := loc(in.Run)
	b := w.Blocks[i]
	line := blockLine(b, l, nil, time.Time{}, in.Run.Clock)
	sec := section(line)
	sec.BlockID = EditBlockPrefix + strconv.Itoa(i)
	tp := slack.NewTimePickerBlockElement(ActionEditMoveTo)
	tp.Placeholder = plain("Move to…", 150)
	tp.InitialTime = b.Start.In(l).Format("15:04")
	if name := l.String(); name != "Local" {
		tp.Timezone = name
	}
	elems := []slack.BlockElement{tp}
	for _, m := range moveButtons {
		elems = append(elems, slack.NewButtonBlockElement(ActionMovePrefix+m.Op, m.Op, plain(m.Text, MaxButtonText)))
	}
	bl := []slack.Block{
		section(fmt.Sprintf("Plan v%d · move this block. Each move makes a new version; the card shows it, with Undo for a minute.", in.Run.Version)),
		sec,
		slack.NewActionBlock(EditMorePrefix+strconv.Itoa(i), elems...),
	}
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackMoveBlock, PrivateMetadata: MoveMetadata(in.Run.ID, handoffID),
		Title: plain(fmt.Sprintf("Move · plan v%d", in.Run.Version), MaxModalTitle), Close: plain("Done", 24),
		Blocks: slack.Blocks{BlockSet: bl}}
}
