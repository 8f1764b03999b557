package normalize_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, whatever the machine has installed

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

var (
	newYork = mustZone("America/New_York")
	berlin  = mustZone("Europe/Berlin")

	// mon10 is the shift's clock: Monday 2026-11-23 10:00 in New York.
	mon10   = time.Date(2026, 11, 23, 10, 0, 0, 0, newYork)
	mon18   = time.Date(2026, 11, 23, 18, 0, 0, 0, newYork)
	mon2330 = time.Date(2026, 11, 23, 23, 30, 0, 0, newYork)
	created = time.Date(2026, 11, 23, 9, 41, 0, 0, time.UTC)
)

const day = 24 * time.Hour

// ny is a time in New York.
func ny(y int, mo time.Month, d, h, mi int) *time.Time {
	t := time.Date(y, mo, d, h, mi, 0, 0, newYork)
	return &t
}

func in(loc *time.Location, y int, mo time.Month, d, h, mi int) *time.Time {
	t := time.Date(y, mo, d, h, mi, 0, 0, loc)
	return &t
}

type example struct {
	name string
	text string
	// tag is the note's tag; "" is an untagged note (TagByDefault). A tag
	// without src is a person's choice (TagByUser); src "-" stores no source.
	tag   bh.Tag
	src   bh.TagSource
	now   time.Time // zero: mon10; its zone is the shift's
	title string    // "": the text
	want  bh.Fact
}

func (c example) note() bh.Note {
	// Written at the case's clock: that is what relative dates count from.
	n := bh.Note{ID: "n1", Text: c.text, RawText: c.text, Tag: c.tag, TagSource: c.src, CreatedAt: c.clock()}
	switch {
	case c.tag == "":
		n.Tag, n.TagSource = bh.TagNote, bh.TagByDefault
	case c.src == "":
		n.TagSource = bh.TagByUser
	case c.src == "-":
		n.TagSource = ""
	}
	return n
}

func (c example) clock() time.Time {
	if c.now.IsZero() {
		return mon10
	}
	return c.now
}

var long10k = "Daycare form due tomorrow 5pm. " + strings.Repeat("so much to do, ", 700)[:10000-31]

func examples() []example {
	note := bh.Fact{Kind: bh.TagNote, Inferred: true}
	_ = note
	return []example{
		// The PRD's sample shift, with its tags.
		{name: "prd/sleep", text: "Slept ~3–4 hours broken; feeling low energy.", tag: bh.TagNote,
			want: bh.Fact{Kind: bh.TagNote, Energy: bh.EnergyLow, SleepHours: 3.5, Observation: true}},
		{name: "prd/deposit", text: "Submit daycare deposit form by tomorrow 5pm.", title: "Submit daycare deposit form.", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "prd/pickup", text: "Pick up diapers + wipes today.", title: "Pick up diapers + wipes.", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Due: ny(2026, 11, 23, 23, 59), AllDay: true, Items: []string{"diapers", "wipes"}}},
		{name: "prd/low", text: "Wipes < 1 day; diaper cream almost out.", tag: bh.TagInventory,
			want: bh.Fact{Kind: bh.TagInventory, Items: []string{"wipes", "diaper cream"}, Horizon: day}},
		{name: "prd/assignment", text: "Part-time class assignment due in 2 days; need 60–90 min focus block.", title: "Part-time class assignment; need 60–90 min focus block.", tag: bh.TagNote,
			want: bh.Fact{Kind: bh.TagNote, Due: ny(2026, 11, 25, 23, 59), AllDay: true, DurationMin: 60 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "prd/groceries", text: "Groceries: protein + easy snacks (15 min list).", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 15 * time.Minute, DurationMax: 15 * time.Minute}},

		// The same notes untagged: the kind is inferred.
		{name: "infer/sleep", text: "Slept ~3–4 hours broken; feeling low energy.",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 3.5, Observation: true}},
		{name: "infer/deposit", text: "Submit daycare deposit form by tomorrow 5pm.", title: "Submit daycare deposit form.",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "infer/pickup", text: "Pick up diapers + wipes today", title: "Pick up diapers + wipes",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 23, 23, 59), AllDay: true, Items: []string{"diapers", "wipes"}}},
		{name: "infer/low", text: "Wipes < 1 day; diaper cream almost out.",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"wipes", "diaper cream"}, Horizon: day}},
		{name: "infer/assignment", text: "Part-time class assignment due in 2 days; need 60–90 min focus block.", title: "Part-time class assignment; need 60–90 min focus block.",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 25, 23, 59), AllDay: true, DurationMin: 60 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "infer/groceries", text: "Groceries: protein + easy snacks (15 min list).",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, DurationMin: 15 * time.Minute, DurationMax: 15 * time.Minute}},

		// Deadlines and due times.
		{name: "due/wipes", text: "wipes < 1 day",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"wipes"}, Horizon: day}},
		{name: "due/form-tomorrow-5pm", text: "daycare form due tomorrow 5pm", title: "daycare form",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "due/by-tomorrow-5pm", text: "send the form by tomorrow 5pm", title: "send the form",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "due/in-2-days", text: "library books due in 2 days", title: "library books",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 25, 23, 59), AllDay: true}},
		{name: "due/friday-noon", text: "RSVP to daycare by Friday noon", title: "RSVP to daycare",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 27, 12, 0)}},
		{name: "due/next-tuesday-at-9", text: "daycare forms next tuesday at 9", title: "daycare forms", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 24, 9, 0)}},
		{name: "due/tonight", text: "pay rent tonight", title: "pay rent",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 21, 0)}},
		{name: "due/tonight-late", text: "pay rent tonight", title: "pay rent", now: mon2330,
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 23, 59)}},
		{name: "due/tonight-at-8", text: "tonight at 8", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Due: ny(2026, 11, 23, 20, 0)}},
		{name: "due/eod", text: "report due EOD", title: "report",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 17, 0)}},
		{name: "due/end-of-day-past", text: "timesheet by end of day", title: "timesheet", now: mon18,
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 23, 59)}},
		{name: "due/eod-friday", text: "EOD friday", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 27, 17, 0)}},
		{name: "due/this-weekend", text: "permission slip due this weekend", title: "permission slip",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 28, 12, 0)}},
		{name: "due/this-weekend-saturday-afternoon", text: "permission slip due this weekend", title: "permission slip", now: *ny(2026, 11, 28, 14, 0),
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 29, 23, 59)}},
		{name: "due/next-weekend", text: "next weekend", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 12, 5, 12, 0)}},
		{name: "due/us-date-and-time", text: "daycare form due 11/20 3pm", title: "daycare form",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 20, 15, 0)}},
		{name: "due/us-date-future", text: "deposit due 12/4", title: "deposit",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 12, 4, 23, 59), AllDay: true}},
		{name: "due/day-month", text: "form due 20/12", title: "form",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 12, 20, 23, 59), AllDay: true}},
		{name: "due/tomorrow", text: "call daycare tomorrow", title: "call daycare",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 24, 23, 59), AllDay: true}},
		{name: "due/today-3pm", text: "call the pediatrician today 3pm", title: "call the pediatrician",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 23, 15, 0)}},
		{name: "due/today-3pm-past-stays", text: "call the pediatrician today 3pm", title: "call the pediatrician", now: mon18,
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 23, 15, 0)}},
		{name: "due/at-9-next-occurrence", text: "call back at 9", title: "call back",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 24, 9, 0)}},
		{name: "due/at-3-afternoon", text: "at 3", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Due: ny(2026, 11, 23, 15, 0)}},
		{name: "due/noon", text: "submit it by noon", title: "submit it",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 12, 0)}},
		{name: "due/noon-past", text: "submit it by noon", title: "submit it", now: mon18,
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 12, 0)}},
		{name: "due/midnight", text: "pay the bill by midnight", title: "pay the bill",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 23, 59)}},
		{name: "due/5pm-past", text: "pay daycare by 5pm", title: "pay daycare", now: mon18,
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "due/at-9-late", text: "call back at 9", title: "call back", now: mon2330,
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 24, 9, 0)}},
		{name: "due/12am", text: "12am", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Due: ny(2026, 11, 24, 0, 0)}},
		{name: "due/in-2-hours", text: "in 2 hours", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Due: ny(2026, 11, 23, 12, 0)}},
		{name: "due/weekday-today", text: "friday", tag: bh.TagDeadline, now: *ny(2026, 11, 27, 10, 0),
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 27, 23, 59), AllDay: true}},
		{name: "due/weekday-time-past", text: "monday 5pm", tag: bh.TagDeadline, now: mon18,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 30, 17, 0)}},
		{name: "due/friday-next-week", text: "friday next week", title: "week", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 12, 4, 23, 59), AllDay: true}},
		{name: "due/sat-with-lead", text: "due sat",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 28, 23, 59), AllDay: true}},
		{name: "due/in-2-months", text: "pay tuition in 2 months", title: "pay tuition",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2027, 1, 23, 23, 59), AllDay: true}},
		{name: "due/month-name-next-year", text: "form due jan 5", title: "form",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2027, 1, 5, 23, 59), AllDay: true}},
		{name: "due/far-future", text: "passport renewal due 2031-05-01", title: "passport renewal",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2031, 5, 1, 23, 59), AllDay: true}},
		{name: "due/far-past", text: "that bill was due 1999-12-31", title: "that bill",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(1999, 12, 31, 23, 59), AllDay: true}},
		{name: "due/feb-30", text: "form due Feb 30",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true}},
		{name: "due/13-45", text: "form due 13/45",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true}},
		{name: "due/iso-impossible", text: "form due 2026-02-30",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true}},
		{name: "due/buy-by", text: "Pick up diapers by 5pm", title: "Pick up diapers",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 17, 0), Items: []string{"diapers"}}},
		{name: "due/dst", text: "form due tomorrow 9am", title: "form", now: *ny(2026, 10, 31, 23, 30),
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 1, 9, 0)}},
		{name: "due/berlin", text: "Kita-Formular due tomorrow 5pm", title: "Kita-Formular", now: time.Date(2026, 11, 23, 10, 0, 0, 0, berlin),
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: in(berlin, 2026, 11, 24, 17, 0)}},
		{name: "due/utc", text: "pay daycare invoice by friday", title: "pay daycare invoice", now: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC),
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: in(time.UTC, 2026, 11, 27, 23, 59), AllDay: true}},

		// Fixed commitments.
		{name: "commit/pediatrician", text: "pediatrician 2pm", title: "pediatrician",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 14, 0), End: ny(2026, 11, 23, 15, 0)}},
		{name: "commit/pediatrician-past", text: "pediatrician 2pm", title: "pediatrician", now: mon18,
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 24, 14, 0), End: ny(2026, 11, 24, 15, 0)}},
		{name: "commit/work", text: "work 9–5", title: "work",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 9, 0), End: ny(2026, 11, 23, 17, 0)}},
		{name: "commit/work-over", text: "work 9–5", title: "work", now: mon18,
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 24, 9, 0), End: ny(2026, 11, 24, 17, 0)}},
		{name: "commit/daycare-pickup", text: "daycare pickup 5:30pm", title: "daycare pickup",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 17, 30), End: ny(2026, 11, 23, 18, 30)}},
		{name: "commit/class", text: "class 6-8pm", title: "class",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 18, 0), End: ny(2026, 11, 23, 20, 0)}},
		{name: "commit/meeting", text: "meeting at 10", title: "meeting",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 10, 0), End: ny(2026, 11, 23, 11, 0)}},
		{name: "commit/tagged-task", text: "daycare pickup 5:30pm", title: "daycare pickup", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Start: ny(2026, 11, 23, 17, 30), End: ny(2026, 11, 23, 18, 30)}},
		{name: "commit/dentist-next-tuesday", text: "dentist next tuesday at 9", title: "dentist",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 24, 9, 0), End: ny(2026, 11, 24, 10, 0)}},
		{name: "commit/appt-24h", text: "dr appt thursday 14:30", title: "dr appt",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 26, 14, 30), End: ny(2026, 11, 26, 15, 30)}},
		{name: "commit/noon", text: "pediatrician at noon", title: "pediatrician",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 23, 12, 0), End: ny(2026, 11, 23, 13, 0)}},
		{name: "commit/not-a-deadline", text: "class paper due 5pm", title: "class paper",
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 23, 17, 0)}},

		// Durations.
		{name: "dur/en-dash", text: "60–90 min focus block",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, DurationMin: 60 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "dur/hyphen", text: "60-90 min focus block",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, DurationMin: 60 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "dur/to", text: "focus block 60 to 90 minutes",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, DurationMin: 60 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "dur/15-min", text: "tidy up 15 min", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 15 * time.Minute, DurationMax: 15 * time.Minute}},
		{name: "dur/2h", text: "taxes 2h", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 2 * time.Hour, DurationMax: 2 * time.Hour}},
		{name: "dur/1.5-hours", text: "meal prep 1.5 hours", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 90 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "dur/half-an-hour", text: "inbox: half an hour", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 30 * time.Minute, DurationMax: 30 * time.Minute}},
		{name: "dur/1h30", text: "1h30 block for the budget", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, DurationMin: 90 * time.Minute, DurationMax: 90 * time.Minute}},
		{name: "dur/every-is-not", text: "feeds every 3 hours",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},

		// Energy.
		{name: "energy/slept-range", text: "slept 3–4 hours broken",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 3.5, Observation: true}},
		{name: "energy/slept-3h", text: "slept 3h",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 3, Observation: true}},
		{name: "energy/slept-7", text: "slept 7 hours",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyHigh, SleepHours: 7, Observation: true}},
		{name: "energy/slept-5-6", text: "slept 5-6 hours",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyMedium, SleepHours: 5.5, Observation: true}},
		{name: "energy/sleep-of", text: "got 5 hours of sleep",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyMedium, SleepHours: 5, Observation: true}},
		{name: "energy/exhausted", text: "exhausted",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/wiped-out", text: "totally wiped out",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/so-tired", text: "so tired",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/low-energy", text: "low energy today", title: "low energy",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/fumes", text: "running on fumes",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/no-sleep", text: "no sleep last night", title: "no sleep",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, Observation: true}},
		{name: "energy/good-nap", text: "had a good nap",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyHigh, Observation: true}},
		{name: "energy/rested", text: "feeling rested",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyHigh, Observation: true}},
		{name: "energy/slept-well", text: "slept well",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyHigh, Observation: true}},
		{name: "energy/refreshed", text: "refreshed after a shower",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyHigh, Observation: true}},
		{name: "energy/nap", text: "took a nap",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyMedium, Observation: true}},
		{name: "energy/ok", text: "ok energy",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyMedium, Observation: true}},
		{name: "energy/feeling-okay", text: "feeling okay",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyMedium, Observation: true}},
		{name: "energy/lowest-wins", text: "slept 7 hours but still exhausted",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 7, Observation: true}},
		{name: "energy/baby-sleep", text: "baby slept 7 hours!",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Observation: true}},
		{name: "energy/on-a-deadline", text: "exhausted; daycare form due tomorrow", title: "exhausted; daycare form", tag: bh.TagDeadline,
			want: bh.Fact{Kind: bh.TagDeadline, Due: ny(2026, 11, 24, 23, 59), AllDay: true, Energy: bh.EnergyLow}},

		// Inventory.
		{name: "inv/running-low", text: "running low on diapers",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"diapers"}}},
		{name: "inv/two-items", text: "running low on diapers and wipes",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"diapers", "wipes"}}},
		{name: "inv/out-of", text: "out of formula",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"formula"}, Out: true}},
		{name: "inv/almost-out", text: "almost out of coffee",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"coffee"}}},
		{name: "inv/need-more", text: "need more wipes",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"wipes"}}},
		{name: "inv/last-pack", text: "on the last pack of diapers",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"diapers"}}},
		{name: "inv/bottles-left", text: "2 bottles left",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"bottles"}}},
		{name: "inv/days-left", text: "2 days of formula left",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"formula"}, Horizon: 2 * day}},
		{name: "inv/none-left", text: "0 diapers left",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"diapers"}, Out: true}},
		{name: "inv/gone", text: "formula gone",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"formula"}, Out: true}},
		{name: "inv/maybe-2-days", text: "low on formula, maybe 2 days",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"formula"}, Horizon: 2 * day}},
		{name: "inv/chip-only", text: "formula", tag: bh.TagInventory,
			want: bh.Fact{Kind: bh.TagInventory, Items: []string{"formula"}}},
		{name: "inv/not-the-house", text: "I'm out of the house until 3",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "inv/not-sleep", text: "need more sleep",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "inv/order-more", text: "order more diapers",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Items: []string{"diapers"}}},

		// Medical questions and symptoms.
		{name: "med/fever", text: "baby has a fever of 38.5",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/spit-up", text: "is it normal that she spits up",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/rash", text: "rash on his cheek",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/tylenol", text: "should I give tylenol?",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/coughing", text: "coughing all night",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/vomiting", text: "vomiting after the bottle",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/not-eating", text: "she's not eating much",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/dose", text: "what dose for 12 lbs",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/jaundice", text: "jaundice looks worse?",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/breathing", text: "breathing fast while asleep",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/medicine-pickup-is-a-supply", text: "pick up medicine at pharmacy",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true}},
		{name: "med/medicine-question", text: "is the medicine ok at 2 months",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/someone-else", text: "the dog is sick again",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "med/someone-else-and-the-baby", text: "grandma has a cold and now the baby is coughing",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/a-wet-diaper-is-a-log", text: "changed a wet diaper at 3am",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Observation: true}},
		{name: "med/may-is-not-a-date", text: "she may have a fever",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "med/rash-cream-is-a-supply", text: "diaper rash cream low",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"diaper rash cream"}}},

		// Tasks.
		{name: "task/email", text: "email daycare about the form",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true}},
		{name: "task/schedule", text: "schedule 2-month checkup",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true}},
		{name: "task/return", text: "return library books",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true}},
		{name: "task/need-to", text: "need to call the insurance",
			want: bh.Fact{Kind: bh.TagTask, Inferred: true}},

		// Tag sources.
		{name: "tag/prefix-kept", text: "wipes < 1 day", tag: bh.TagTask, src: bh.TagByPrefix,
			want: bh.Fact{Kind: bh.TagTask, Items: []string{"wipes"}, Horizon: day}},
		{name: "tag/inferred-reinferred", text: "call daycare tomorrow", title: "call daycare", tag: bh.TagInventory, src: bh.TagByInferred,
			want: bh.Fact{Kind: bh.TagTask, Inferred: true, Due: ny(2026, 11, 24, 23, 59), AllDay: true}},
		{name: "tag/no-source", text: "the thing", tag: bh.TagDeadline, src: "-",
			want: bh.Fact{Kind: bh.TagDeadline}},

		// Text that is not English, not text, or not short.
		{name: "text/japanese", text: "おむつがもうない 😭",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "text/russian", text: "Малыш спит, я тоже",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "text/emoji", text: "🍼🍼🍼 👶🏽‍🍼",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "text/empty", text: "",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "text/blank", text: " \n\t ", title: "-",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "text/tidy", text: "  - wipes   <  1 day\n\nsoon ", title: "wipes < 1 day soon",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"wipes"}, Horizon: day}},
		{name: "text/invalid-utf8", text: "wipes \xff\xfe < 1 day", title: "wipes \uFFFD\uFFFD < 1 day",
			want: bh.Fact{Kind: bh.TagInventory, Inferred: true, Items: []string{"wipes"}, Horizon: day}},
		{name: "text/10k", text: long10k, title: bh.Truncate("Daycare form."+strings.TrimPrefix(long10k, "Daycare form due tomorrow 5pm."), 120),
			want: bh.Fact{Kind: bh.TagDeadline, Inferred: true, Due: ny(2026, 11, 24, 17, 0)}},
		{name: "text/sat-down", text: "sat down for a minute, c'mon",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "obs/feed-at", text: "fed 4oz at 3am",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Observation: true}},
		{name: "obs/nap-at", text: "nap 45 min at 1pm",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Observation: true}},
		{name: "obs/not-a-plain-note", text: "baby's nails are so long",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
		{name: "obs/not-a-class", text: "feeding class thursday 7pm", title: "feeding class",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Start: ny(2026, 11, 26, 19, 0), End: ny(2026, 11, 26, 20, 0)}},
		{name: "obs/not-a-symptom", text: "fever after the 6am feed",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Medical: true}},
		{name: "obs/not-a-rule", text: "note: she naps in the stroller; don't feed her honey", tag: bh.TagNote,
			want: bh.Fact{Kind: bh.TagNote}},
		{name: "obs/up-every", text: "slept 3h, up every 2 hours for feeds",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 3, Observation: true}},
		{name: "obs/only-slept", text: "only slept 2 hours",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true, Energy: bh.EnergyLow, SleepHours: 2, Observation: true}},
		{name: "obs/not-a-task", text: "task: slept badly, nap later", tag: bh.TagTask,
			want: bh.Fact{Kind: bh.TagTask, Energy: bh.EnergyLow}},
		{name: "text/5-a-day", text: "feeds 5 a day now",
			want: bh.Fact{Kind: bh.TagNote, Inferred: true}},
	}
}

func TestNormalizeOne(t *testing.T) {
	cases := examples()
	require.GreaterOrEqual(t, len(cases), 70)
	seen := map[string]bool{}
	for _, c := range cases {
		require.False(t, seen[c.name], "duplicate case %s", c.name)
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			now := c.clock()
			want := c.want
			want.NoteID = "n1"
			want.CreatedAt = now
			switch c.title {
			case "":
				want.Title = c.text
			case "-":
				want.Title = ""
			default:
				want.Title = c.title
			}
			got := normalize.One(c.note(), now.Location(), now)
			assert.Equal(t, want, got, "%q at %s", c.text, now.Format(time.RFC3339))
			for _, p := range []*time.Time{got.Due, got.Start, got.End} {
				if p != nil {
					assert.Equal(t, now.Location(), p.Location(), "times are in the shift's zone")
				}
			}
		})
	}
}

func TestNormalizeSkipsDeletedAndKeepsOrder(t *testing.T) {
	gone := mon10.Add(-time.Hour)
	notes := []bh.Note{
		{ID: "a", Text: "out of formula", Tag: bh.TagNote, TagSource: bh.TagByDefault},
		{ID: "b", Text: "exhausted", Tag: bh.TagNote, TagSource: bh.TagByDefault, DeletedAt: &gone},
		{ID: "c", Text: "pediatrician 2pm", Tag: bh.TagNote, TagSource: bh.TagByDefault},
	}
	facts := normalize.Notes(notes, newYork, mon10)
	require.Len(t, facts, 2)
	assert.Equal(t, "a", facts[0].NoteID)
	assert.Equal(t, "c", facts[1].NoteID)
	assert.Empty(t, normalize.Notes(nil, newYork, mon10))
	// A nil zone is UTC rather than a panic.
	f := normalize.One(notes[2], nil, mon10)
	require.NotNil(t, f.Start)
	assert.Equal(t, time.UTC, f.Start.Location())
}

func TestNormalizeIsDeterministic(t *testing.T) {
	var notes []bh.Note
	for i, c := range examples() {
		n := c.note()
		n.ID = string(rune('a' + i%26))
		notes = append(notes, n)
	}
	first := normalize.Notes(notes, newYork, mon10)
	for range 3 {
		assert.Equal(t, first, normalize.Notes(notes, newYork, mon10))
	}
	// One note alone reads the same as in a batch.
	for i, n := range notes {
		assert.Equal(t, first[i], normalize.One(n, newYork, mon10))
	}
}

// Random bytes, random phrase soup, random clocks: no panic, a title of at
// most 120 runes, and times only in the shift's zone.
func TestNormalizeNeverPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"due", "by", "tomorrow", "5pm", "at", "9", "11/20", "13/45", "feb", "30", "<", "1", "day",
		"out", "of", "wipes", "slept", "3-4", "hours", "in", "2", "days", "tonight", "eod", "weekend", "–", "-",
		"to", "99999999999", "/", ":", "am", "pm", "may", "sat", "fever", "🍼", "日本", "\xff", "\n", "last", "ago",
		"next", "friday", "12:99", "25:00", "2026-13-01", "0/0", "00:00", "min", "h", "1.5", "half", "an", "hour"}
	zones := []*time.Location{newYork, berlin, time.UTC}
	for i := range 3000 {
		var b strings.Builder
		if i%3 == 0 {
			for range r.IntN(60) {
				b.WriteByte(byte(r.IntN(256)))
			}
		} else {
			for range r.IntN(25) {
				b.WriteString(words[r.IntN(len(words))])
				b.WriteByte(' ')
			}
		}
		loc := zones[i%len(zones)]
		now := time.Date(1990+r.IntN(60), time.Month(1+r.IntN(12)), 1+r.IntN(28), r.IntN(24), r.IntN(60), 0, 0, loc)
		n := bh.Note{ID: "x", Text: b.String(), Tag: bh.Tags[i%4], TagSource: []bh.TagSource{bh.TagByDefault, bh.TagByUser, bh.TagByInferred, ""}[i%4]}
		f := normalize.One(n, loc, now)
		assert.LessOrEqual(t, len([]rune(f.Title)), 120)
		for _, p := range []*time.Time{f.Due, f.Start, f.End} {
			if p != nil {
				assert.Equal(t, loc, p.Location())
			}
		}
		assert.True(t, f.Kind.Valid())
	}
}

func FuzzOne(f *testing.F) {
	for _, c := range examples() {
		f.Add(c.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fact := normalize.One(bh.Note{Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault}, newYork, mon10)
		if len([]rune(fact.Title)) > 120 {
			t.Fatalf("title of %d runes", len([]rune(fact.Title)))
		}
	})
}

// benchNotes are 40 varied notes, as a busy shift would have.
func benchNotes() []bh.Note {
	texts := []string{
		"Slept ~3–4 hours broken; feeling low energy.",
		"Submit daycare deposit form by tomorrow 5pm.",
		"Pick up diapers + wipes today.",
		"Wipes < 1 day; diaper cream almost out.",
		"Part-time class assignment due in 2 days; need 60–90 min focus block.",
		"Groceries: protein + easy snacks (15 min list).",
		"pediatrician 2pm", "work 9–5", "daycare pickup 5:30pm", "class 6-8pm",
		"meeting at 10", "call back at 9", "pay rent tonight", "report due EOD",
		"permission slip due this weekend", "daycare form due 11/20 3pm", "RSVP to daycare by Friday noon",
		"running low on diapers and wipes", "out of formula", "2 bottles left", "need more wipes",
		"baby has a fever of 38.5", "is it normal that she spits up", "should I give tylenol?",
		"exhausted", "had a good nap", "slept 7 hours", "feeling okay",
		"email daycare about the form", "return library books", "order more diapers",
		"おむつがもうない 😭", "🍼🍼🍼", "passport renewal due 2031-05-01", "form due Feb 30",
		"dentist next tuesday at 9", "meal prep 1.5 hours", "feeds every 3 hours",
		"she may have a fever, pick up medicine at pharmacy after work",
		"Note to self: the sitter comes Saturday 6-10pm, leave cash and the bottle instructions on the counter.",
	}
	notes := make([]bh.Note, len(texts))
	for i, s := range texts {
		notes[i] = bh.Note{ID: string(rune('A' + i)), Text: s, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: created}
	}
	return notes
}

func BenchmarkNormalize40(b *testing.B) {
	notes := benchNotes()
	if len(notes) != 40 {
		b.Fatalf("%d notes", len(notes))
	}
	b.ReportAllocs()
	for b.Loop() {
		normalize.Notes(notes, newYork, mon10)
	}
}

// Relative dates count from when the note was written, not from when it is
// read: "due tomorrow 5pm" written on Monday stays Tuesday when Tuesday's
// plan reads it (the Risk Radar rereads notes as time passes).
func TestRelativeDatesCountFromTheNote(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	written := time.Date(2026, 11, 23, 10, 0, 0, 0, ny)
	read := written.Add(26 * time.Hour)
	for _, c := range []struct {
		text string
		due  time.Time
	}{
		{"form due tomorrow 5pm", time.Date(2026, 11, 24, 17, 0, 0, 0, ny)},
		{"form due in 14 hours", written.Add(14 * time.Hour)},
	} {
		f := normalize.One(bh.Note{ID: "n", Text: c.text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: written}, ny, read)
		require.NotNil(t, f.Due, c.text)
		assert.True(t, c.due.Equal(*f.Due), "%s: due %s, want %s", c.text, f.Due, c.due)
	}
}

// BenchmarkRead is a note's reading at its capture (the store's Read), one
// note per op, over the notes of BenchmarkNormalize40.
func BenchmarkRead(b *testing.B) {
	notes := benchNotes()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		normalize.Read(notes[i%len(notes)], newYork)
		i++
	}
}
