package planfile

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"strconv"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	bh "github.com/babyhandoff/babyhandoff"
)

// dueLength is how long a deadline's event lasts: long enough for a
// calendar to show it as more than a line.
const dueLength = 15 * time.Minute

// dueAlarm rings before each deadline: time to finish, not a reminder that
// it has passed.
const dueAlarm = "-PT30M"

// Calendar is the plan as an iCalendar file (RFC 5545), named plan-vN.ics:
// one event per time block (its kind as CATEGORIES, its notes and their
// links in DESCRIPTION, the first note's link as URL) and one 15-minute
// "Due: …" event per deadline, with an alarm 30 minutes before. Notes are
// named by their labels: no store id is written in the file.
//
// An event's UID is its item's, the same in every version of the plan:
// the shift, the item's kind and first note (a block without notes: its
// title), and which of the plan's same items it is, hashed. SEQUENCE is
// the run's version, so a calendar that imports v2 after v1 updates v1's
// events (moved, longer) instead of showing each twice. The run's id must
// be set all the same: a plan file belongs to a stored run.
//
// Times are written in UTC ("…Z"), not with a TZID and a VTIMEZONE: Go's
// zone database cannot be exported as VTIMEZONE rules, and a hand-made
// VTIMEZONE that is wrong would move every block; a UTC instant is exact,
// every calendar shows it on its owner's clock, and X-WR-TIMEZONE still
// names the family's zone for the calendars that read it.
func Calendar(in Input) (bh.Artifact, error) {
	if in.Run.ID == "" {
		return bh.Artifact{}, errors.New("planfile: the run has no id, which the calendar's event UIDs need")
	}
	cal := ics.NewCalendarFor("BabyHandoff")
	cal.SetProductId("-//BabyHandoff//plan//EN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName(fmt.Sprintf("BabyHandoff plan v%d", in.Run.Version))
	loc := in.Run.Location(nil)
	cal.SetXWRTimezone(loc.String())

	stamp := in.Run.Now
	if in.Run.CreatedAt.After(stamp) {
		// An edit keeps its plan's clock, and is made later.
		stamp = in.Run.CreatedAt
	}
	uids := newUIDs(in.Run)
	for i, b := range in.Plan.Blocks {
		if b.Start.IsZero() {
			return bh.Artifact{}, fmt.Errorf("planfile: block %d (%q) has no start", i, b.Title)
		}
		// A block of no note ("Night sleep") is that day's: the same title
		// on another night is another event, not this one moved.
		key := b.Kind + "/" + b.Title + "/" + b.Start.In(loc).Format(time.DateOnly)
		if len(b.NoteIDs) > 0 {
			key = b.Kind + "/note:" + b.NoteIDs[0]
		}
		ev := cal.AddEvent(uids.next("block", key))
		ev.SetDtStampTime(stamp)
		ev.SetSequence(in.Run.Version)
		ev.SetStartAt(b.Start)
		// RFC 5545 wants DTEND after DTSTART; without one the event is an
		// instant, which is what a zero-length block is.
		if b.End.After(b.Start) {
			ev.SetEndAt(b.End)
		}
		ev.SetSummary(text(in.Run.Clock.Restamp(b.Title, b.Stamps, loc)))
		kind := b.Kind
		if kind == "" {
			kind = "other"
		}
		ev.AddCategory(text(kind))
		ev.SetDescription(describe("Kind: "+text(kind), b.NoteIDs, in.Links, in.Labels))
		if link := firstLink(b.NoteIDs, in.Links); link != "" {
			ev.SetURL(link)
		}
	}

	for _, d := range deadlines(in.Plan) {
		key := "text:" + d.Text + "/" + d.Due.In(loc).Format(time.DateOnly)
		if len(d.NoteIDs) > 0 {
			key = "note:" + d.NoteIDs[0]
		}
		ev := cal.AddEvent(uids.next("due", key))
		ev.SetDtStampTime(stamp)
		ev.SetSequence(in.Run.Version)
		ev.SetStartAt(d.Due)
		ev.SetEndAt(d.Due.Add(dueLength))
		summary := "Due: " + text(in.Run.Clock.Restamp(d.Text, d.Stamps, loc))
		ev.SetSummary(summary)
		ev.AddCategory("deadline")
		ev.SetDescription(describe("Deadline", d.NoteIDs, in.Links, in.Labels))
		if link := firstLink(d.NoteIDs, in.Links); link != "" {
			ev.SetURL(link)
		}
		alarm := ev.AddAlarm()
		alarm.SetAction(ics.ActionDisplay)
		alarm.SetDescription(summary)
		alarm.SetTrigger(dueAlarm)
	}

	var b strings.Builder
	// The library ends lines with "\n" on Unix; RFC 5545 says CRLF.
	if err := cal.SerializeTo(&b, ics.WithNewLineWindows); err != nil {
		return bh.Artifact{}, fmt.Errorf("planfile: writing the calendar: %w", err)
	}
	return bh.Artifact{
		RunID:     in.Run.ID,
		Kind:      bh.ArtifactCalendar,
		Name:      fmt.Sprintf("plan-v%d.ics", in.Run.Version),
		Content:   b.String(),
		CreatedAt: in.Run.Now,
	}, nil
}

// describe is an event's DESCRIPTION: what it is, the notes it comes from
// by their words, and a line with each note's link.
func describe(what string, noteIDs []string, links, labels map[string]string) string {
	lines := []string{what}
	names := make([]string, 0, len(noteIDs))
	for _, id := range noteIDs {
		names = append(names, noteName(id, labels))
	}
	if len(names) > 0 {
		lines = append(lines, "From notes: "+text(strings.Join(names, ", ")))
	}
	for _, id := range noteIDs {
		if l := link(links[id]); l != "" {
			lines = append(lines, text(noteName(id, labels))+": "+l)
		}
	}
	return strings.Join(lines, "\n")
}

// noteName is a note as a person knows it: its first words, quoted
// (bh.NoteLabel); "a note" when they are not known (never its id).
func noteName(id string, labels map[string]string) string {
	if l := bh.NoteLabel(labels[id]); l != "" {
		return l
	}
	return "a note"
}

// uids makes a plan's event UIDs (see Calendar): "bh-<shift>-block-<item>"
// with both parts hashed, so no store id is written.
type uids struct {
	scope string
	seen  map[string]int
}

func newUIDs(run bh.Run) *uids {
	scope := run.TeamID + "/" + run.ShiftID
	if run.ShiftID == "" {
		scope = "run/" + run.ID
	}
	return &uids{scope: hash36(scope), seen: map[string]int{}}
}

// next is the UID of what's item key (the n-th of that key in this plan).
func (u *uids) next(what, key string) string {
	n := u.seen[what+"/"+key]
	u.seen[what+"/"+key] = n + 1
	return fmt.Sprintf("bh-%s-%s-%s@babyhandoff", u.scope, what, hash36(key+"#"+strconv.Itoa(n)))
}

func hash36(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return strconv.FormatUint(h.Sum64(), 36)
}

// firstLink is the link of the first of the notes that has one.
func firstLink(noteIDs []string, links map[string]string) string {
	for _, id := range noteIDs {
		if l := link(links[id]); l != "" {
			return l
		}
	}
	return ""
}

// link is s when it is an absolute http(s) URL with nothing a content line
// cannot hold: URL is a URI value, which the library writes as it is.
func link(s string) string {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return s
}

// text is s as an iCalendar TEXT value may hold it. The library escapes
// backslashes, newlines, commas and semicolons; control characters it
// passes through, and a bare CR would end the content line. So line breaks
// become "\n" and other controls go; invalid UTF-8 is replaced.
func text(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case r < ' ' || r == 0x7f:
			return -1
		}
		return r
	}, s)
}
