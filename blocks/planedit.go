package blocks

// This file: editing a plan from its card (Edit plan…, Undo) and its
// versions (Versions…, Use this version).

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Plan-edit controls. The run a control edits is the view's metadata (the
// edit form) or the button's value (Undo, Use this version); a block is
// named by its index in that run's winning plan, in the block id.
const (
	// ActionEditPlan and ActionVersions are options of the card's ⋯
	// (ActionCardMore).
	ActionEditPlan = "card_edit_plan"
	ActionVersions = "card_versions"
	// ActionEditUndo is the card's Undo after an edit; value: the run.
	ActionEditUndo = "card_edit_undo"
	// ActionEditBlock is a block's ⋯ in the edit form; its option values
	// are the EditMenu ops. EditBlockPrefix + index is its block id.
	ActionEditBlock = "plan_edit_block"
	EditBlockPrefix = "plan_block:"
	// ActionEditMoveTo (a time picker) and ActionEditDrop (a button whose
	// value is the index) sit under a block, in EditMorePrefix + index.
	ActionEditMoveTo = "plan_edit_move_to"
	ActionEditDrop   = "plan_edit_drop"
	EditMorePrefix   = "plan_block_more:"
	// ActionEditAdd is Add to plan…: its option values are note ids.
	ActionEditAdd = "plan_edit_add"
	// ActionUseVersion is Use this version; value: the run to bring back.
	ActionUseVersion = "plan_use_version"
	// CallbackEditPlan and CallbackVersions are the two forms.
	CallbackEditPlan = "plan_edit"
	CallbackVersions = "plan_versions"
)

// The ops of a block's ⋯ in the edit form (Slack allows five options).
const (
	EditEarlier = "earlier"
	EditLater   = "later"
	EditShorter = "shorter"
	EditLonger  = "longer"
	EditSwap    = "swap"
)

// EditMenu are a block's ⋯ options, in order, with their words.
var EditMenu = []struct{ Op, Text string }{
	{EditEarlier, "Move 30 min earlier"},
	{EditLater, "Move 30 min later"},
	{EditShorter, "Shorter (15 min)"},
	{EditLonger, "Longer (15 min)"},
	{EditSwap, "Swap with next"},
}

// maxEditBlocks bounds the blocks the edit form lists: each takes two of
// a view's hundred.
const maxEditBlocks = 40

// EditOp is the op a block's ⋯ option stands for; false for a value the
// menu never sends.
func EditOp(op string, b bh.Block) (bh.PlanOp, bool) {
	switch op {
	case EditEarlier:
		return bh.MoveBy(b, -bh.MoveStep), true
	case EditLater:
		return bh.MoveBy(b, bh.MoveStep), true
	case EditShorter:
		return bh.Resize(b, -bh.EditStep), true
	case EditLonger:
		return bh.Resize(b, bh.EditStep), true
	case EditSwap:
		return bh.SwapNext(b), true
	}
	return bh.PlanOp{}, false
}

// EditIndex reads the block index a control's block id (EditBlockPrefix
// or EditMorePrefix + index) or a Drop's value names; false when it is not
// one of n blocks.
func EditIndex(s string, n int) (int, bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, EditBlockPrefix), EditMorePrefix)
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= n || strconv.Itoa(i) != s {
		return 0, false
	}
	return i, true
}

// fixedBlock reports whether an edit never changes b: a commitment, or a
// rest block inside the night (the engine says why when asked).
func fixedBlock(b bh.Block) bool { return b.Kind == bh.KindCommitment }

// EditModal is Edit plan…: the plan's blocks, each with its ⋯ (earlier,
// later, shorter, longer, swap with next) and, under it, a time to move
// it to and Drop; then Add to plan… with the items that wait. Its metadata
// is the run it shows; it is shown again, in place, after each edit.
func EditModal(in CardInput, waiting []bh.Item) slack.ModalViewRequest {
	w := in.winner()
	l := loc(in.Run)
	bl := []slack.Block{section(fmt.Sprintf("Plan v%d · change a block with its ⋯, move it to a time, or drop it. Each change makes a new version; the card shows it, with Undo for a minute.", in.Run.Version))}
	for i, b := range w.Blocks {
		if i == maxEditBlocks {
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more blocks: edit them once these are fewer.", len(w.Blocks)-i))))
			break
		}
		line := blockLine(b, l, nil, time.Time{}, in.Run.Clock)
		sec := section(line)
		sec.BlockID = EditBlockPrefix + strconv.Itoa(i)
		if fixedBlock(b) {
			sec.Text = mrkdwn(line + "\n_A fixed commitment: it stays as it is._")
			bl = append(bl, sec)
			continue
		}
		var opts []*slack.OptionBlockObject
		for _, m := range EditMenu {
			opts = append(opts, slack.NewOptionBlockObject(m.Op, plain(m.Text, MaxOptionText), nil))
		}
		sec.Accessory = slack.NewAccessory(slack.NewOverflowBlockElement(ActionEditBlock, opts...))
		tp := slack.NewTimePickerBlockElement(ActionEditMoveTo)
		tp.Placeholder = plain("Move to…", 150)
		tp.InitialTime = b.Start.In(l).Format("15:04")
		if name := l.String(); name != "Local" {
			tp.Timezone = name
		}
		drop := slack.NewButtonBlockElement(ActionEditDrop, strconv.Itoa(i), plain("Drop", MaxButtonText))
		bl = append(bl, sec, slack.NewActionBlock(EditMorePrefix+strconv.Itoa(i), tp, drop))
	}
	if len(w.Blocks) == 0 {
		bl = append(bl, section("Nothing scheduled yet."))
	}
	if add := addControl(waiting, l, in.Run.Clock); add != nil {
		bl = append(bl, add)
	} else {
		bl = append(bl, slack.NewContextBlock("", mrkdwn("Nothing waits for later: every open item is in the plan.")))
	}
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackEditPlan, PrivateMetadata: in.Run.ID,
		Title: plain(fmt.Sprintf("Edit plan v%d", in.Run.Version), MaxModalTitle), Close: plain("Done", 24),
		Blocks: slack.Blocks{BlockSet: bl}}
}

// addControl is Add to plan…: the items that wait, one to put in the plan
// where it first fits. nil when nothing waits.
func addControl(waiting []bh.Item, l *time.Location, c bh.Clock) slack.Block {
	var opts []*slack.OptionBlockObject
	seen := map[string]bool{}
	for _, it := range waiting {
		if len(it.NoteIDs) == 0 || seen[it.NoteIDs[0]] || len(opts) == 100 {
			continue
		}
		seen[it.NoteIDs[0]] = true
		opts = append(opts, slack.NewOptionBlockObject(bh.Truncate(it.NoteIDs[0], MaxOptionValue), plain(c.Restamp(it.Text, it.Stamps, l), MaxOptionText), nil))
	}
	if len(opts) == 0 {
		return nil
	}
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Add to plan…", 150), ActionEditAdd, opts...)
	sec := section("*Waits for later* · put one in the plan where it first fits.")
	sec.BlockID = "plan_add"
	sec.Accessory = slack.NewAccessory(sel)
	return sec
}

// MoveToTime is the moment a picked "HH:MM" names for block b: on b's day
// on the shift's clock, or the next day's when that is before from (a
// night plan's morning). false for a time the picker never sends.
func MoveToTime(hhmm string, b bh.Block, from time.Time, l *time.Location) (time.Time, bool) {
	t, err := time.ParseInLocation("15:04", hhmm, l)
	if err != nil {
		return time.Time{}, false
	}
	day := b.Start.In(l)
	at := time.Date(day.Year(), day.Month(), day.Day(), t.Hour(), t.Minute(), 0, 0, l)
	if at.Before(from) {
		at = time.Date(day.Year(), day.Month(), day.Day()+1, t.Hour(), t.Minute(), 0, 0, l)
	}
	return at, true
}

// VersionLine is one version of a plan as Versions… lists it.
type VersionLine struct {
	RunID   string
	Version int
	// Kind is why it was made: plan, what-if, edit, handoff, or a version
	// brought back.
	Kind string
	By   string // a user id; "" when not known
	// Change is what it changed, with the times written in it.
	Change       string
	ChangeStamps []bh.Stamp
	At           time.Time
	Current      bool
	// Usable says it may be brought back (a completed plan of this card).
	Usable bool
}

// MaxVersions bounds the versions Versions… lists, the newest: one block
// each of a view's hundred.
const MaxVersions = 60

// VersionsModal is Versions…: v1…vN, newest first, who made each and why,
// each but the current one with Use this version; its times on the
// card's clock c (blocks/when.go: a form opened from a card follows it).
func VersionsModal(lines []VersionLine, l *time.Location, c bh.Clock) slack.ModalViewRequest {
	bl := []slack.Block{section("Every version of this plan, newest first. *Use this version* makes one current again, as a new version that points back to it.")}
	for i := len(lines) - 1; i >= 0 && len(bl) <= MaxVersions; i-- {
		v := lines[i]
		text := fmt.Sprintf("*v%d* · %s", v.Version, v.Kind)
		if v.By != "" {
			text += " by <@" + Escape(v.By) + ">"
		}
		if !v.At.IsZero() {
			text += " · " + WhenOn(v.At, l, DayTime, c)
		}
		if v.Change != "" {
			text += "\n" + StampedOn(v.Change, v.ChangeStamps, 300, time.Time{}, l, c)
		}
		if v.Current {
			text += "\n_Current version_"
		}
		sec := section(text)
		sec.BlockID = "plan_version:" + strconv.Itoa(v.Version)
		if !v.Current && v.Usable {
			sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionUseVersion, v.RunID, plain("Use this version", MaxButtonText)))
		}
		bl = append(bl, sec)
	}
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackVersions,
		Title: plain("Versions", MaxModalTitle), Close: plain("Close", 24), Blocks: slack.Blocks{BlockSet: bl}}
}

// editMeta is the card's meta words for a run made by an edit: "edit of
// v1 by @Sam: moved “Essay” to 15:30", or "v1 again (by @Sam)".
func editMeta(in CardInput) string {
	r := in.Run
	by := ""
	if r.Edit.By != "" {
		by = " by <@" + Escape(r.Edit.By) + ">"
	}
	if len(r.Edit.Ops) == 0 {
		return StampedOn(r.Change, r.ChangeStamps, 300, time.Time{}, loc(r), r.Clock) + by
	}
	return fmt.Sprintf("edit of v%d%s: %s", in.ForkedFrom, by, StampedOn(r.Change, r.ChangeStamps, 300, time.Time{}, loc(r), r.Clock))
}

// undoButton is the card's Undo for a minute after an edit.
func undoButton(in CardInput) slack.BlockElement {
	return slack.NewButtonBlockElement(ActionEditUndo, in.Run.ID, plain("Undo", MaxButtonText))
}

// EditReply is the thread's one line of what an edit changed: "✏️ v2 → v3
// by @Sam: moved “Essay” to 3:30 PM", its times on the clock c of the
// thread's readers (blocks/when.go: in a channel the family's, whoever
// edited), in its notification too.
func EditReply(from, to bh.Run, c bh.Clock) Message {
	by := ""
	if to.Edit != nil && to.Edit.By != "" {
		by = " by <@" + Escape(to.Edit.By) + ">"
	}
	text := fmt.Sprintf("✏️ v%d → v%d%s: %s", from.Version, to.Version, by, StampedOn(to.Change, to.ChangeStamps, 300, time.Time{}, loc(to), c))
	plainText := fmt.Sprintf("v%d → v%d: %s", from.Version, to.Version, bh.Truncate(c.Restamp(to.Change, to.ChangeStamps, loc(to)), 200))
	return Message{Text: Escape(plainText), Blocks: []slack.Block{section(text)}}
}

// EditsReplanned warns, before a what-if of r, that it plans again from
// the notes: the edits by hand that made r's plan are not carried onto
// the new plan (their blocks may not be in it). "" when r has none.
func EditsReplanned(r bh.Run) string {
	if r.Edit == nil || len(r.Edit.Ops) == 0 {
		return ""
	}
	return fmt.Sprintf("v%d has edits made by hand. A what-if plans again from your notes: the edits are not kept (Versions… keeps v%d).", r.Version, r.Version)
}
