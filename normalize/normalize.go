// Package normalize is the council's Normalizer (agent "Normalizer", task
// "normalize_logs"), used by the council, the radar and the bot's capture
// reply alike. It turns a shift's notes into bh.Facts: what kind of note it is, when it is due, which block
// of time it occupies, how long it takes, what it says about the parent's
// energy, which supplies are running low and whether it raises a health
// question. It is deterministic (the clock is a parameter), never panics and
// builds every regular expression once, at package initialisation.
//
// Date and time phrases go through the English rules of
// github.com/olebedev/when (weekdays, today/tomorrow, morning/noon, "5pm",
// "5:30pm", "in 2 days", "3 hours ago", "nov 20"). The rules are driven one
// by one rather than through when.Parser, because the parser hides what a
// phrase named (a date? a time?) and silently turns "Feb 30" into March 2.
// Thin rules of our own sit on top where when is weak or wrong:
//
//   - "11/20", "11/20/2027": US month/day (when's common.SlashDMY reads day/month
//     and sets nothing at all for months after the current one); "20/11" (first
//     number over 12) is read as day/month. "2026-12-01" is an ISO date (when
//     reads "12-01" as 12:01).
//   - "at 9", "9:30" without am/pm: 7–11 are morning, 1–6 afternoon, 12 noon;
//     with "tonight", 5–11 are evening (when ignores "at 9" altogether).
//   - "work 9–5", "class 6-8pm", "from 10 to 2": a clock range (when reads
//     "6-10pm" as 18:10).
//   - "tonight" is 21:00 today (when says 23:00); after 21:00 it means the end
//     of today, 23:59.
//   - "EOD", "end of day", "COB" are 17:00 today (or on the named day); after
//     17:00, "EOD" means the end of today, 23:59.
//   - "midnight" is 23:59 of the day (so it stays on that day).
//   - "this weekend" / "the weekend" is the coming Saturday 12:00; once that has
//     passed (Saturday afternoon, Sunday) it is Sunday 23:59. "next weekend" is
//     the Saturday after, 12:00.
//   - "EOW", "end of the week" is Friday 17:00 (next Friday once that has passed).
//   - "in 2 months" is a calendar month later (when wraps December to month 0,
//     a date in the past).
//   - A bare weekday ("friday", "this friday") is the next such day, today
//     included; if its time has passed today it is a week later (when always
//     skips today). "next tuesday" keeps when's reading: the next Tuesday
//     after today (tomorrow, on a Monday). "friday next week" is the Friday of
//     the following week.
//   - A date without a year ("nov 20", "11/20") is this year's, unless that was
//     more than 60 days ago: then it is next year's (when keeps the past date).
//   - "12am" is 00:00 (when says 12:00); "5 a day" is not 5 am; "may", "sat",
//     "sun", "wed", "mon" only count as dates next to a date word or a time
//     ("due sat", "sat 10am"), never in "she may", "sat down", "c'mon";
//     "now" is not a date.
//   - Impossible dates ("Feb 30", "13/45", "2026-02-30") give no time at all.
//
// Resolution: a time alone that has already passed today means its next
// occurrence ("5pm" at 18:00 is tomorrow 17:00); a named date with a time is
// kept even when past (it is overdue), and so is "this morning". A date without a time is the end of
// that day (23:59, AllDay). "in 2 hours" is exact; "in 2 days" is a date.
//
// The other choices:
//
//   - Kind: a person's tag (TagByUser, TagByPrefix, or any non-note tag with
//     no source) is kept with Inferred=false. Otherwise the kind is inferred
//     (Inferred=true, even when the answer is "note") in this order: deadline
//     words (due, deadline, expires, EOD, deposit) → deadline; running-low
//     phrases → inventory; a by/before/until date, or paperwork (form, bill,
//     tuition…) with a date → deadline; errands (pick up, buy, call,
//     groceries, "need to"…) → task; chores said as statements (a passive
//     need, "nails need trimming", "due for a wash"; the bins with their
//     day or a time, "trash goes out tonight"; an order after a statement,
//     "bottle brush broke, get a new one"; a request, "someone should
//     clean the fridge") → task, unless the note is a health note; else
//     note. Work said as done ("laundry done", "took the bins out ✅",
//     "paid the daycare bill yesterday") asks nothing: only the parts of a
//     note still to do make it a task or paperwork's deadline (logged.go).
//   - Due is set for deadlines and tasks with a date/time, and for any note
//     whose date follows a due word ("due in 2 days" on a Note). The date
//     right after due/by/before wins over other dates in the note.
//   - Start/End: a note naming an appointment, work, class, meeting or pickup
//     with a clock time and no due word is a fixed commitment. One time is a
//     1 h block at its next occurrence; a range ("work 9–5") is today's, or
//     tomorrow's once it is over.
//   - Durations: the first "15 min", "60–90 min", "1.5 hours", "1h30", "half
//     an hour" that is not "in 2 hours", "every 3 hours", "3 hours ago", sleep
//     or an inventory horizon.
//   - Energy: slept < 5 h → low, 5–7 h → medium, ≥ 7 h → high (a range counts
//     by its midpoint, SleepHours); word signals as listed below; a nap on its
//     own ("took a nap", "napped") → medium; "good nap" → high. When a note
//     carries several signals, the lowest wins. Sleep said of the baby ("she
//     slept 7 hours") is not the parent's energy.
//   - Inventory: Items in the order named, Horizon the shortest stated ("< 1
//     day" → 24h; "2 days left"; "for 2 more days"), Out for "out of", "ran
//     out of", "gone", "no more". Tasks, running-low notes and notes with a
//     buying verb also list the supplies they name ("Pick up diapers + wipes
//     today" → diapers, wipes) so the running-low list sees them.
//   - Medical: symptoms and health questions (fever, rash, vomiting, "is it
//     normal", "should I give", dose, medicine…). Never advice.
//   - Observation: a Note with nothing to do, buy, attend or ask a
//     professional — no date, time, length or supply — that carries an energy or
//     sleep signal, or records a feed, a nap, a night or a diaper (logWords)
//     and speaks of no routine or rule ("every", "a day", "usually",
//     "don't"…). It counts for a day (bh.ObservationWindow), then is past.
//   - Title: one line, whitespace collapsed, a leading bullet dropped, at most
//     120 runes; the item, not the note's words for when: with a due or
//     fixed time every time phrase goes with the words that led to it
//     ("daycare form due tomorrow 5pm" → "daycare form": surfaces write the
//     time themselves), otherwise only phrases that count from when the
//     note was written ("tonight", "in 3 hours"). The note's own words stay
//     in the note, for evidence.
//   - Only the first 1,000 bytes of a note are analysed (the title reads its
//     start); notes are short and this keeps a 40,000-rune note cheap.
package normalize

import (
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Notes turns notes into facts, in the notes' order, skipping deleted
// and done notes: each note's stored reading where it is current (Fact),
// else a reading made now. loc is the shift's time zone; now is the clock (injected; never call
// time.Now()).
func Notes(notes []bh.Note, loc *time.Location, now time.Time) []bh.Fact {
	facts := make([]bh.Fact, 0, len(notes))
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		facts = append(facts, Fact(n, loc, now))
	}
	return facts
}

// One is the same for one note.
func One(n bh.Note, loc *time.Location, now time.Time) bh.Fact {
	if loc == nil {
		loc = time.UTC
	}
	now = now.In(loc)
	text := n.Words()
	f := bh.Fact{
		NoteID:    n.ID,
		Title:     titleOf(text),
		CreatedAt: n.CreatedAt,
		StillOnAt: n.StillOnAt,
		UserID:    n.UserID,
	}
	s := prepareText(text)
	clauses := noteClauses(s)

	// The bins' pickup is not one to attend; a passive need's "due for a
	// wash" is not a deadline (chore.go).
	commitCue := commitWords.in(collections.blank(s))
	dueWord := deadlineWords.in(maskChoreDue(s))
	// "tomorrow" and "in 3 hours" mean from when the note was written, not
	// from when it is read: a plan made the next day must not move them.
	anchor := now
	if !n.CreatedAt.IsZero() && n.CreatedAt.Before(now) {
		anchor = n.CreatedAt.In(loc)
	}
	moments := findMoments(s, anchor, commitCue)

	// Inventory, energy, durations and medical flags are read whatever the tag.
	inv := readInventory(clauses)
	f.Restocked = readRestock(clauses)
	f.Energy, f.SleepHours = readEnergy(s)
	f.DurationMin, f.DurationMax = duration(s)
	f.Medical, f.Mood = healthFlags(s)

	// Which date follows a due word, and is there a commitment?
	dueIdx := -1
	for i, m := range moments {
		if dueBefore(s, m.left) {
			dueIdx = i
			break
		}
	}
	commitIdx := -1
	if commitCue && !dueWord && dueIdx < 0 && (!startsWithVerb(clauses, errandVerbs) || wordIndex(s, "call with") >= 0) {
		for i, m := range moments {
			if m.timeNamed {
				commitIdx = i
				break
			}
		}
	}

	// Kind.
	if tag, ok := personTag(n); ok {
		f.Kind = tag
	} else if len(f.Restocked) > 0 && !inv.found && !dueWord {
		// "got diapers" reports a purchase: nothing to do, nothing low.
		f.Inferred, f.Kind = true, bh.TagNote
	} else {
		f.Inferred = true
		// Paperwork logged as done ("paid the daycare bill yesterday") has
		// no deadline left (logged.go).
		// Only the parts still to do are read for a task or a deadline: a
		// part that logs work done ("laundry done", "took the bins out")
		// asks nothing (logged.go). Read once, for both.
		times := upcoming(moments, anchor)
		live, liveClauses := s, clauses
		if l := withoutLogs(s, clauses, times); l != s {
			live, liveClauses = l, noteClauses(l)
		}
		admin := len(moments) > 0 && adminWords.in(live)
		switch {
		case dueWord:
			f.Kind = bh.TagDeadline
		case inv.found:
			f.Kind = bh.TagInventory
		case dueIdx >= 0, admin && commitIdx < 0:
			f.Kind = bh.TagDeadline
		case isTask(live, liveClauses, f.Medical, times):
			f.Kind = bh.TagTask
		default:
			f.Kind = bh.TagNote
		}
	}

	// When.
	if commitIdx >= 0 {
		m := moments[commitIdx]
		start, end := m.t, m.end
		if !m.hasEnd {
			end = start.Add(time.Hour)
		}
		f.Start, f.End = &start, &end
	}
	if len(moments) > 0 && (f.Kind == bh.TagDeadline || f.Kind == bh.TagTask || dueIdx >= 0) {
		pick := dueIdx
		if pick < 0 && commitIdx < 0 {
			pick = 0
		}
		if pick >= 0 {
			m := moments[pick]
			due := m.t
			if m.hasEnd {
				due = m.end
			}
			f.Due = &due
			f.AllDay = m.allDay
		}
	}

	// Supplies.
	items := inv.items
	if len(items) == 0 && len(f.Restocked) == 0 && (f.Kind == bh.TagTask || f.Kind == bh.TagInventory || buyVerbs.in(s)) {
		items = lexiconItems(s)
	}
	if len(items) == 0 && f.Kind == bh.TagInventory && len(strings.Fields(s)) <= 4 {
		// "Running low: pampers size 2" names the supply and nothing else.
		if it := cleanItem(s, false); it != "" {
			items = []string{it}
		}
	}
	if len(items) > 0 {
		f.Items = items
	}
	f.Horizon = inv.horizon
	f.Out = inv.out
	if len(moments) > 0 {
		// Read from a longer cut, so the title still fills its 120 runes.
		f.Title = bh.Truncate(itemTitle(titleN(text, 240), anchor, commitCue, f.Due != nil || f.Start != nil), 120)
	}
	f.Observation = f.Kind == bh.TagNote && !f.Medical && f.Due == nil && f.Start == nil && f.DurationMin == 0 && len(f.Items) == 0 &&
		!f.Out && len(f.Restocked) == 0 && (f.Energy != "" || f.SleepHours > 0 || (logWords.in(s) && !routineWords.in(s)))
	return f
}

// personTag reports the tag a person chose, if any.
func personTag(n bh.Note) (bh.Tag, bool) {
	switch n.TagSource {
	case bh.TagByUser, bh.TagByPrefix:
		return n.Tag, n.Tag.Valid()
	case "":
		// Stored without a source: a non-default tag can only have come from
		// a person.
		return n.Tag, n.Tag.Valid() && n.Tag != bh.TagNote
	}
	return "", false
}

// Read is the reading the store keeps of n (bh.Reading): One at the
// note's own time, in its family's zone loc, under rules Version. It is
// the bh.Reader the bot's store is given.
func Read(n bh.Note, loc *time.Location) bh.Reading {
	if loc == nil {
		loc = time.UTC
	}
	return bh.ReadingOf(One(n, loc, n.CreatedAt), Version, loc)
}

// Fact is n's fact at now in loc: its stored reading when that was made
// under these rules and in loc, else a reading made now (a note stored
// before readings were, or read in another zone).
func Fact(n bh.Note, loc *time.Location, now time.Time) bh.Fact {
	if loc == nil {
		loc = time.UTC
	}
	if Current(n, loc) && !n.CreatedAt.IsZero() && !now.Before(n.CreatedAt) {
		return n.Fact(loc)
	}
	return One(n, loc, now)
}

// Current reports whether n's stored reading is what Read would make of it
// in loc.
func Current(n bh.Note, loc *time.Location) bool {
	return n.Reading.Version == Version && n.Reading.Zone == loc.String()
}
