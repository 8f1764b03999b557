package planfile

import (
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// newYork is the fixture's zone: the council's tests plan in it too.
var newYork = mustZone("America/New_York")

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// monday16 is the fixture's clock: Monday 2026-11-23 16:00 in New York.
var monday16 = time.Date(2026, 11, 23, 16, 0, 0, 0, newYork)

func at(h, m int) time.Time {
	return monday16.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
}

func ptr(t time.Time) *time.Time { return &t }

// fixture is one fixed plan v2 for the next 12 hours: the sample's errands
// and deadlines, a night across midnight inside quiet hours 22–7, a title
// with an emoji, a deadline already past (Now), one inside the window that
// Top and Admin both list, and one after it.
func fixture() Input {
	return Input{
		Run: bh.Run{ID: "r2", ShiftID: "s1", Version: 2, HorizonH: 12, TZ: "America/New_York", Now: monday16,
			Quiet: &bh.QuietHours{From: 22, To: 7}},
		Plan: bh.Proposal{
			Archetype: bh.ErrandsFirst,
			Summary:   "Batch everything outside into one trip early, then deadlines, then rest.",
			Blocks: []bh.Block{
				{Start: at(0, 0), End: at(1, 15), Title: "Errand run: Restock wipes, diaper cream; Pick up diapers + wipes today (due Mon 23:59)", Kind: "errand", NoteIDs: []string{"n3", "n4"}},
				{Start: at(1, 15), End: at(1, 45), Title: "Submit daycare deposit form by tomorrow 5pm (due Tue 17:00)", Kind: "admin", NoteIDs: []string{"n2"}},
				{Start: at(1, 45), End: at(2, 15), Title: "Rest / nap window", Kind: "rest"},
				{Start: at(2, 30), End: at(3, 0), Title: "Call the pediatrician's office", Kind: "care", NoteIDs: []string{"n7"}},
				{Start: at(3, 0), End: at(4, 30), Title: "Class assignment: 60–90 min focus block", Kind: "focus", NoteIDs: []string{"n5"}},
				{Start: at(4, 30), End: at(4, 45), Title: "Buffer", Kind: "buffer"},
				{Start: at(5, 0), End: at(6, 0), Title: "Dinner with grandma (crème brûlée) 🍰", Kind: "commitment", NoteIDs: []string{"n8"}},
				{Start: at(6, 0), End: at(12, 0), Title: "Night sleep", Kind: "rest", NoteIDs: []string{"n1"}},
			},
			Now:   []bh.Item{{Text: "Get formula — out since 15:00", NoteIDs: []string{"n9"}, Due: ptr(at(0, -15))}},
			Top:   []bh.Item{{Text: "Pick up diapers + wipes today", NoteIDs: []string{"n3"}, Due: ptr(at(7, 59))}, {Text: "Later: Class assignment", NoteIDs: []string{"n5"}}},
			Admin: []bh.Item{{Text: "Submit daycare deposit form", NoteIDs: []string{"n2"}, Due: ptr(at(25, 0))}, {Text: "Pick up diapers + wipes", NoteIDs: []string{"n3"}, Due: ptr(at(7, 59))}},
		},
		Links: map[string]string{
			"n2": "https://babyhandoff.slack.com/archives/D1/p1763900000000200",
			"n3": "https://babyhandoff.slack.com/archives/D1/p1763900000000300",
			"n5": "https://babyhandoff.slack.com/archives/D1/p1763900000000500",
		},
		Labels: map[string]string{
			"n1": "Baby slept 4pm–6pm", "n2": "Submit daycare deposit form", "n3": "Pick up diapers +", "n4": "Wipes running low; diaper",
			"n5": "Class assignment due in", "n7": "Call the pediatrician's", "n8": "Dinner with grandma (crème", "n9": "out of formula",
		},
		Now: at(0, 40),
	}
}
