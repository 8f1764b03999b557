package blocks

// This file: the Decision Card's controls and what they open.

import (
	"strconv"
	"strings"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// The card's controls besides Energy, Hand off and Why this plan?.
const (
	// ActionCardMore is the card's ⋯ menu; each option's value is the
	// action it stands for (ActionDownload, ActionTranscript,
	// ActionShare), the run is named by the actions block's id.
	ActionCardMore = "card_more"
	// ActionMarkDone is "Mark done…"; its value is the run id. It opens
	// MarkDoneModal.
	ActionMarkDone = "card_mark_done"
	// CardMetaPrefix + run id is the block id of the card's meta line,
	// which carries the Energy menu (on cards before it, the menu was in
	// the CardActionsPrefix block).
	CardMetaPrefix = "card_meta:"
	// CallbackMarkDone is MarkDoneModal; InputMarkDone its checkboxes.
	CallbackMarkDone = "card_mark_done"
	InputMarkDone    = "mark_done"
)

// energyLevels are the Energy menu's choices, the most energy first.
var energyLevels = []bh.Energy{bh.EnergyHigh, bh.EnergyMedium, bh.EnergyLow}

// EnergyInUse is the energy a plan was made for: the one the referee
// used, else (a record from before it was kept) the one asked for.
func EnergyInUse(r bh.Run, d bh.Decision) bh.Energy {
	if d.Energy != "" {
		return d.Energy
	}
	return r.Energy
}

// energySource says where the energy in use came from.
func energySource(d bh.Decision) string {
	switch {
	case d.EnergyChosen:
		return "you chose"
	case len(d.EnergyNoteIDs) > 0:
		return "from your notes"
	}
	return "no recent sleep note"
}

// EnergyOptions are the Energy menu's choices, and the one in use, which
// says where it came from ("Low — from your notes"): the menu starts
// there (nil when the plan names none).
func EnergyOptions(r bh.Run, d bh.Decision) (opts []*slack.OptionBlockObject, inUse *slack.OptionBlockObject) {
	cur := EnergyInUse(r, d)
	for _, e := range energyLevels {
		label := strings.ToUpper(string(e[:1])) + string(e[1:])
		if e == cur {
			label += " — " + energySource(d)
		}
		o := slack.NewOptionBlockObject(string(e), plain(label, MaxOptionText), nil)
		if e == cur {
			inUse = o
		}
		opts = append(opts, o)
	}
	return opts, inUse
}

// energyMenu is the Energy what-if, starting at the energy in use. It
// sits beside the card's meta line (block id CardMetaPrefix + run id).
func energyMenu(in CardInput) *slack.SelectBlockElement {
	opts, inUse := EnergyOptions(in.Run, in.Decision)
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Energy", 150), ActionEnergy, opts...)
	sel.InitialOption = inUse
	if w := EditsReplanned(in.Run); w != "" {
		// Asked before the what-if is made, not said after.
		sel.Confirm = slack.NewConfirmationBlockObject(plain("Plan again?", 100), plain(w, 300),
			plain("Plan again", 30), plain("Keep v"+strconv.Itoa(in.Run.Version), 30))
	}
	return sel
}

// cardControls is the card's row of controls: Hand off (green when no Done
// above is), Why this plan?, Mark done…, Undo a minute after an edit, and
// ⋯ with Edit plan…, Versions…, the files and Share.
func cardControls(in CardInput, greenHandOff bool) slack.Block {
	id := in.Run.ID
	var elems []slack.BlockElement
	if !in.Run.Sample {
		// The sample is nobody's shift to hand over.
		handOff := slack.NewButtonBlockElement(ActionHandoffOpen, id, plain("Hand off", MaxButtonText))
		if greenHandOff {
			handOff = handOff.WithStyle(slack.StylePrimary)
		}
		elems = append(elems, handOff)
	}
	elems = append(elems, slack.NewButtonBlockElement(ActionOthers, id, plain("Why this plan?", MaxButtonText)))
	if len(MarkDoneItems(in.winner())) > 0 {
		elems = append(elems, slack.NewButtonBlockElement(ActionMarkDone, id, plain("Mark done…", MaxButtonText)))
	}
	if in.Undo && in.Run.Edit != nil {
		elems = append(elems, undoButton(in))
	}
	// Slack's ⋯ holds five options: these are all it may hold.
	elems = append(elems, slack.NewOverflowBlockElement(ActionCardMore,
		slack.NewOptionBlockObject(ActionEditPlan, plain("Edit plan…", MaxOptionText), nil),
		slack.NewOptionBlockObject(ActionVersions, plain("Versions…", MaxOptionText), nil),
		slack.NewOptionBlockObject(ActionDownload, plain("Download plan", MaxOptionText), nil),
		slack.NewOptionBlockObject(ActionTranscript, plain("Transcript", MaxOptionText), nil),
		slack.NewOptionBlockObject(ActionShare, plain("Share", MaxOptionText), nil)))
	// A menu has no value of its own: the block id names the run.
	return slack.NewActionBlock(CardActionsPrefix+id, elems...)
}

// MarkDoneItems are what Mark done… lists: the plan's items from notes —
// Now, the blocks (a trip's errands one by one), what waits, what is still
// open — each once, at most Slack's ten.
func MarkDoneItems(p bh.Proposal) []CheckItem {
	var c checkList
	c.items(p.Now)
	c.plan(p)
	c.items(p.StillOpen)
	return c.out
}

// MarkDoneModal is Mark done…: the plan's items with a checkbox each,
// ticked when done. Its metadata names the run and what was done when it
// opened, so a save changes only what the person changed.
func MarkDoneModal(in CardInput) slack.ModalViewRequest {
	var opts, ticked []*slack.OptionBlockObject
	var done []string
	for _, it := range MarkDoneItems(in.winner()) {
		o := checkOption(it.NoteID, it.Text, it.Stamps, loc(in.Run), in.Run.Clock)
		opts = append(opts, o)
		if in.Done[it.NoteID] {
			ticked = append(ticked, o)
			done = append(done, it.NoteID)
		}
	}
	bl := []slack.Block{section("Tick what is done: it leaves the radar and the next plan. Untick what is not.")}
	if len(opts) > 0 {
		cb := slack.NewCheckboxGroupsBlockElement(ActionCardCheck, opts...)
		cb.InitialOptions = ticked
		input := slack.NewInputBlock(InputMarkDone, plain("Plan items", 2000), nil, cb)
		input.Optional = true
		bl = append(bl, input)
	}
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackMarkDone, PrivateMetadata: MarkDoneMetadata(in.Run.ID, done),
		Title: plain("Mark done", MaxModalTitle), Submit: plain("Save", 24), Close: plain("Cancel", 24),
		Blocks: slack.Blocks{BlockSet: bl}}
}

// MarkDoneMetadata is "RUN_ID DONE_ID,DONE_ID": the run and what was done.
func MarkDoneMetadata(runID string, done []string) string {
	return runID + " " + strings.Join(done, ",")
}

// ParseMarkDoneMetadata reads MarkDoneMetadata.
func ParseMarkDoneMetadata(s string) (runID string, done map[string]bool) {
	runID, ids, _ := strings.Cut(s, " ")
	done = map[string]bool{}
	for _, id := range strings.Split(ids, ",") {
		if id != "" {
			done[id] = true
		}
	}
	return runID, done
}
