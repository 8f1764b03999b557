package blocks

// This file: the What if… part of Why this plan?: each control forks the
// card's run with one input changed (bh.ForkRun). The card's ⋯ already
// holds Slack's five options, so What if… lives in the form that already
// explains the plan, beside the notes it uses.

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// What-if controls. The run they fork is the form's metadata.
const (
	// CallbackWhatIf is Why this plan?, which holds What if….
	CallbackWhatIf = "plan_why"
	// ActionWhatIfStart (a time picker), ActionWhatIfHours and
	// ActionWhatIfQuiet (menus) and ActionWhatIfOnly (a button whose value
	// is the one planner, "" for all three) change the window, the night
	// and the planners, in the WhatIfBlock actions block.
	ActionWhatIfStart = "what_if_start"
	ActionWhatIfHours = "what_if_hours"
	ActionWhatIfQuiet = "what_if_quiet"
	ActionWhatIfOnly  = "what_if_only"
	WhatIfBlock       = "what_if"
	// ActionWhatIfNote is a note's ⋯: WhatIfLeaveOut or WhatIfMarkDone,
	// then ":" and the note id.
	ActionWhatIfNote = "what_if_note"
	WhatIfLeaveOut   = "out"
	WhatIfMarkDone   = "done"
)

// maxWhatIfNotes bounds the notes listed with Leave out and Mark done.
const maxWhatIfNotes = 10

// WhatIfLengths are the window lengths the menu offers, in hours.
var WhatIfLengths = []int{2, 4, 6, 8, 10, 12, 16, 24}

// WhatIfNights are the quiet hours the menu offers.
var WhatIfNights = []bh.QuietHours{{}, {From: 21, To: 5}, {From: 22, To: 6}, {From: 22, To: 7}, {From: 23, To: 7}}

// ParseWhatIfNote reads a note's ⋯ value.
func ParseWhatIfNote(v string) (kind bh.ForkKind, noteID string, ok bool) {
	k, id, found := strings.Cut(v, ":")
	if !found || id == "" || len(id) > 64 {
		return "", "", false
	}
	switch k {
	case WhatIfLeaveOut:
		return bh.ForkLeaveOut, id, true
	case WhatIfMarkDone:
		return bh.ForkMarkDone, id, true
	}
	return "", "", false
}

// WhatIfStartAt is the window start a picked "HH:MM" names for run: the
// next such time on the shift's clock after the run's (tomorrow's when it
// has passed today); zero, "now", when that is within a plan step of it.
func WhatIfStartAt(hhmm string, run bh.Run) (time.Time, bool) {
	l := loc(run)
	t, err := time.ParseInLocation("15:04", hhmm, l)
	if err != nil {
		return time.Time{}, false
	}
	now := run.Now.In(l)
	at := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, l)
	if at.Before(now.Add(-15 * time.Minute)) {
		at = at.AddDate(0, 0, 1)
	}
	if at.Sub(now) <= 15*time.Minute {
		return time.Time{}, true
	}
	return at, true
}

// whatIfBlocks are What if…: the window's start and length, the night,
// the planners; then the notes the winning plan uses, each with Leave out
// and Mark done.
func whatIfBlocks(in CardInput) []slack.Block {
	l := loc(in.Run)
	intro := "*What if…* each change makes a new version on the card and says what changed in its thread."
	if w := EditsReplanned(in.Run); w != "" {
		intro += " " + Escape(w)
	}
	bl := []slack.Block{slack.NewDividerBlock(), section(intro)}
	start := slack.NewTimePickerBlockElement(ActionWhatIfStart)
	start.Placeholder = plain("Start at…", 150)
	start.InitialTime = in.Run.Start().In(l).Format("15:04")
	if name := l.String(); name != "Local" {
		start.Timezone = name
	}
	var hours []*slack.OptionBlockObject
	var hoursNow *slack.OptionBlockObject
	for _, h := range WhatIfLengths {
		o := slack.NewOptionBlockObject(strconv.Itoa(h), plain(fmt.Sprintf("%d hours", h), MaxOptionText), nil)
		hours = append(hours, o)
		if h == in.Run.HorizonH {
			hoursNow = o
		}
	}
	length := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Length", 150), ActionWhatIfHours, hours...)
	length.InitialOption = hoursNow
	var nights []*slack.OptionBlockObject
	var nightNow *slack.OptionBlockObject
	for _, q := range WhatIfNights {
		label := "No quiet hours"
		if !q.Off() {
			label = "Quiet " + q.Say(in.Run.Clock)
		}
		o := slack.NewOptionBlockObject(q.Value(), plain(label, MaxOptionText), nil)
		nights = append(nights, o)
		if in.Run.Quiet != nil && *in.Run.Quiet == q {
			nightNow = o
		}
	}
	night := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Quiet hours", 150), ActionWhatIfQuiet, nights...)
	night.InitialOption = nightNow
	only := slack.NewButtonBlockElement(ActionWhatIfOnly, string(in.Decision.Winner), plain("Only "+in.Decision.Winner.Label(), MaxButtonText))
	if in.Run.Only != "" {
		only = slack.NewButtonBlockElement(ActionWhatIfOnly, "", plain("All three planners", MaxButtonText))
	}
	act := slack.NewActionBlock(WhatIfBlock, start, length, night, only)
	bl = append(bl, act)
	notes := whatIfNotes(in.winner(), loc(in.Run), in.Run.Clock)
	if len(notes) > 0 {
		bl = append(bl, slack.NewContextBlock("", mrkdwn("What this plan does, from your notes: leave one out of this plan only, or mark it done for good.")))
	}
	for _, n := range notes {
		sec := section(n.text)
		sec.Accessory = slack.NewAccessory(slack.NewOverflowBlockElement(ActionWhatIfNote,
			slack.NewOptionBlockObject(WhatIfLeaveOut+":"+n.id, plain("Leave out", MaxOptionText), nil),
			slack.NewOptionBlockObject(WhatIfMarkDone+":"+n.id, plain("Mark done", MaxOptionText), nil)))
		bl = append(bl, sec)
	}
	return bl
}

type whatIfNote struct{ id, text string }

// whatIfNotes are the notes the plan's blocks and top items do, once
// each, in the plan's order (a fixed commitment too: "what if I skip it"),
// their times on the clock c.
func whatIfNotes(p bh.Proposal, l *time.Location, c bh.Clock) []whatIfNote {
	seen := map[string]bool{}
	var out []whatIfNote
	add := func(ids []string, text string, stamps []bh.Stamp) {
		if len(ids) == 0 || seen[ids[0]] || len(out) == maxWhatIfNotes {
			return
		}
		seen[ids[0]] = true
		out = append(out, whatIfNote{ids[0], StampedOn(text, stamps, 120, time.Time{}, l, c)})
	}
	for _, b := range p.Blocks {
		add(b.NoteIDs, b.Title, b.Stamps)
	}
	for _, it := range p.Top {
		add(it.NoteIDs, it.Text, it.Stamps)
	}
	return out
}
