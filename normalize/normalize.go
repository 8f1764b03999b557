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
//     groceries, "need to"…) → task; else note.
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
//   - Title: one line, whitespace collapsed, a leading bullet dropped, at most
//     120 runes.
//   - Only the first 1,000 bytes of a note are analysed (the title reads its
//     start); notes are short and this keeps a 40,000-rune note cheap.
package normalize

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/olebedev/when/rules"
	"github.com/olebedev/when/rules/en"
)

// Notes turns notes into facts, in the notes' order, skipping deleted
// notes. loc is the shift's time zone; now is the clock (injected; never call
// time.Now()).
func Notes(notes []bh.Note, loc *time.Location, now time.Time) []bh.Fact {
	facts := make([]bh.Fact, 0, len(notes))
	for _, n := range notes {
		if n.Deleted() || n.Done() {
			continue
		}
		facts = append(facts, One(n, loc, now))
	}
	return facts
}

// One is the same for one note.
func One(n bh.Note, loc *time.Location, now time.Time) bh.Fact {
	if loc == nil {
		loc = time.UTC
	}
	now = now.In(loc)
	text := n.Text
	if strings.TrimSpace(text) == "" && n.RawText != "" {
		text, _, _, _ = bh.ParseNoteText(n.RawText)
	}
	f := bh.Fact{
		NoteID:    n.ID,
		Title:     titleOf(text),
		CreatedAt: n.CreatedAt,
	}
	s := prepareText(text)
	clauses := splitClauses(s)

	commitCue := commitWords.in(s)
	dueWord := deadlineWords.in(s)
	// "tomorrow" and "in 3 hours" mean from when the note was written, not
	// from when it is read: a plan made the next day must not move them.
	anchor := now
	if !n.CreatedAt.IsZero() && n.CreatedAt.Before(now) {
		anchor = n.CreatedAt.In(loc)
	}
	moments := findMoments(s, anchor, commitCue)

	// Inventory, energy, durations and medical flags are read whatever the tag.
	inv := readInventory(clauses)
	f.Energy, f.SleepHours = readEnergy(s)
	f.DurationMin, f.DurationMax = duration(s)
	f.Medical = isMedical(s)

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
	} else {
		f.Inferred = true
		admin := len(moments) > 0 && adminWords.in(s)
		switch {
		case dueWord:
			f.Kind = bh.TagDeadline
		case inv.found:
			f.Kind = bh.TagInventory
		case dueIdx >= 0, admin && commitIdx < 0:
			f.Kind = bh.TagDeadline
		case isTask(s, clauses):
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
	if len(items) == 0 && (f.Kind == bh.TagTask || f.Kind == bh.TagInventory || buyVerbs.in(s)) {
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

// ---------------------------------------------------------------------------
// Text preparation

const maxScan = 1000

var entities = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")

// masked are phrases that look like cues but are not.
var masked = []string{"at the end of the day", "due to "}

// notMedical are phrases that contain a medical word but are not one.
var notMedical = []string{"sick of", "sick and tired", "rash cream", "rash ointment", "rash paste", "rash balm"}

// prepareText lowercases ASCII, maps typographic dashes and quotes to ASCII,
// replaces invalid UTF-8 and control characters by spaces and cuts the text
// to maxScan bytes.
func prepareText(text string) string {
	var b strings.Builder
	if len(text) < maxScan {
		b.Grow(len(text))
	} else {
		b.Grow(maxScan + 4)
	}
	for i := 0; i < len(text) && b.Len() < maxScan; {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteByte(' ')
		case r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case r == '\n':
			b.WriteByte('\n')
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
		default:
			switch r {
			case '–', '—', '‒', '―', '−', '‐', '‑':
				b.WriteByte('-')
			case '‘', '’', 'ʼ', '′':
				b.WriteByte('\'')
			case '“', '”':
				b.WriteByte('"')
			case '≤', '＜':
				b.WriteByte('<')
			case '〜', '～', '≈':
				b.WriteByte('~')
			case '：':
				b.WriteByte(':')
			case '\u2028', '\u2029':
				b.WriteByte('\n')
			default:
				if unicode.IsSpace(r) || unicode.IsControl(r) {
					b.WriteByte(' ')
				} else {
					b.WriteRune(r)
				}
			}
		}
	}
	s := b.String()
	if strings.IndexByte(s, '&') >= 0 {
		s = entities.Replace(s)
	}
	return mask(s, masked)
}

// mask blanks out phrases, keeping byte offsets.
func mask(s string, phrases []string) string {
	for _, p := range phrases {
		if strings.Contains(s, p) {
			s = strings.ReplaceAll(s, p, strings.Repeat(" ", len(p)))
		}
	}
	return s
}

// titleOf is the text on one line, whitespace collapsed, without a leading
// bullet, at most 120 runes.
func titleOf(text string) string {
	const limit = 120
	text = strings.TrimLeftFunc(text, unicode.IsSpace)
	for _, bullet := range []string{"- ", "* ", "• ", "· ", "▪ "} {
		if strings.HasPrefix(text, bullet) {
			text = text[len(bullet):]
			break
		}
	}
	var b strings.Builder
	runes := 0
	pending := false
	for _, r := range text {
		if runes > limit+1 {
			break
		}
		if unicode.IsSpace(r) || r == '\u2028' || r == '\u2029' {
			pending = true
			continue
		}
		if unicode.IsControl(r) {
			continue
		}
		if r == utf8.RuneError {
			r = '\uFFFD'
		}
		if pending && b.Len() > 0 {
			b.WriteByte(' ')
			runes++
		}
		pending = false
		b.WriteRune(r)
		runes++
	}
	return bh.Truncate(b.String(), limit)
}

// splitClauses splits prepared text at sentence punctuation and newlines.
func splitClauses(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		cut := false
		switch s[i] {
		case '\n', ';', '!', '?':
			cut = true
		case '.':
			cut = i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n'
		}
		if cut {
			if t := strings.TrimSpace(s[start:i]); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

func isWord(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// wordIndex finds w in s as a whole word or phrase; a trailing '*' in w
// accepts any ending ("cough*" finds "coughing").
func wordIndex(s, w string) int {
	prefix := false
	if strings.HasSuffix(w, "*") {
		w, prefix = w[:len(w)-1], true
	}
	if w == "" {
		return -1
	}
	for from := 0; from+len(w) <= len(s); {
		j := strings.Index(s[from:], w)
		if j < 0 {
			return -1
		}
		j += from
		end := j + len(w)
		if (j == 0 || !isWord(s[j-1]) || !isWord(w[0])) &&
			(prefix || end == len(s) || !isWord(s[end]) || !isWord(w[len(w)-1])) {
			return j
		}
		from = j + 1
	}
	return -1
}

// phraseIndex is a list of phrases indexed by their first two bytes, so a
// text is read once per list rather than once per phrase.
type phraseIndex map[string][]string

func indexPhrases(list []string) phraseIndex {
	p := phraseIndex{}
	for _, w := range list {
		if len(w) >= 2 && isWord(w[0]) {
			p[w[:2]] = append(p[w[:2]], w)
		}
	}
	return p
}

// at reports whether one of the phrases starts at s[i:] and ends at a word
// boundary (or anywhere, for a phrase ending in '*').
func (p phraseIndex) at(s string, i int) bool {
	if i+2 > len(s) {
		return false
	}
	for _, w := range p[s[i:i+2]] {
		prefix := strings.HasSuffix(w, "*")
		if prefix {
			w = w[:len(w)-1]
		}
		if strings.HasPrefix(s[i:], w) {
			end := i + len(w)
			if prefix || end == len(s) || !isWord(s[end]) || !isWord(w[len(w)-1]) {
				return true
			}
		}
	}
	return false
}

// in reports whether s holds one of the phrases as whole words.
func (p phraseIndex) in(s string) bool {
	for i := 0; i+2 <= len(s); i++ {
		if isWord(s[i]) && (i == 0 || !isWord(s[i-1])) && p.at(s, i) {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Word lists

var deadlineWords = indexPhrases([]string{
	"due", "overdue", "deadline*", "expires", "expire", "expiring", "expiry", "expiration",
	"eod", "cob", "eob", "end of day", "end of the day", "end of business", "close of business",
	"deposit", "deposits", "no later than", "last day to", "last day for",
})

var adminWords = indexPhrases([]string{
	"form", "forms", "paperwork", "application", "applications", "registration", "register",
	"enrollment", "enrolment", "permission slip", "passport", "license", "licence", "renewal",
	"renew", "tax", "taxes", "bill", "bills", "invoice", "payment", "tuition", "rent",
	"insurance", "claim", "fsa", "reimbursement", "rsvp", "assignment", "assignments",
	"homework", "essay", "report", "submission", "submit", "sign up", "signup",
	"birth certificate", "social security",
})

var commitWords = indexPhrases([]string{
	"appointment*", "appt*", "pediatrician*", "paediatrician*", "peds", "doctor", "doctor's",
	"dr", "dentist*", "ob", "obgyn", "ob-gyn", "midwife", "lactation", "checkup", "check-up",
	"well visit", "well-baby", "visit", "visits", "visiting", "meeting*", "mtg", "standup", "stand-up", "call with",
	"zoom", "class", "classes", "lecture", "lesson*", "seminar", "work", "shift", "daycare pickup",
	"pickup", "pick-up", "drop-off", "dropoff", "therapy", "therapist", "session", "interview",
	"flight", "practice", "rehearsal", "church", "gym", "yoga", "physio", "vaccine*", "shots",
	"ultrasound", "tour", "playdate", "party", "babysitter", "sitter", "nanny",
})

// errandVerbs start a task ("call daycare", "need to pay rent").
var errandVerbs = indexPhrases([]string{
	"pick up", "buy", "get", "grab", "order", "reorder", "call", "phone", "ring", "text", "email",
	"e-mail", "message", "schedule", "reschedule", "book", "cancel", "pay", "return", "send",
	"mail", "post", "print", "sign", "fill out", "fill in", "complete", "submit", "renew", "refill",
	"register", "apply", "drop off", "clean", "wash", "fold", "pack", "prep", "prepare", "make",
	"cook", "sterilize", "sterilise", "fix", "file", "ask", "check", "confirm", "take", "bring",
	"update", "research", "find", "look up", "set up", "charge", "restock", "stock up", "install",
	"assemble", "write", "finish", "remind", "follow up", "reply", "respond", "review", "sort",
	"organize", "organise", "tidy", "vacuum", "empty", "replace", "label", "change", "ship",
})

// errandAnywhere are errands wherever they appear.
var errandAnywhere = indexPhrases([]string{
	"pick up", "buy", "drop off", "refill", "renew", "fill out", "sign up", "reschedule",
	"restock", "stock up", "grocery run", "groceries", "grocery", "errand", "errands", "laundry",
	"dishes", "to-do", "todo", "need to", "needs to", "have to", "has to", "gotta",
	"got to", "remember to", "don't forget", "dont forget", "remind me", "reminder",
})

var buyVerbs = indexPhrases([]string{"buy", "pick up", "order", "reorder", "get", "grab", "restock", "stock up", "refill"})

var taskFillers = map[string]bool{
	"also": true, "and": true, "then": true, "pls": true, "please": true, "todo": true, "to-do": true,
	"task": true, "reminder": true, "asap": true, "must": true, "urgent": true, "quick": true,
	"quickly": true, "later": true, "tomorrow": true, "today": true, "tonight": true, "-": true,
	"*": true, "•": true, "[]": true, "[ ]": true, "ps": true, "oh": true, "ok": true,
}

var medicalWords = indexPhrases([]string{
	"fever*", "temperature", "temp of", "is it normal", "is this normal", "is that normal",
	"normal for a", "normal for her", "normal for him", "normal that", "should i give",
	"should we give", "can i give", "can we give", "how much tylenol", "tylenol", "motrin",
	"advil", "ibuprofen", "acetaminophen", "paracetamol", "calpol", "dose", "doses", "dosage",
	"dosing", "medicine", "medicines", "medication*", "meds", "rash*", "hives", "spit up",
	"spits up", "spitting up", "spit-up", "spitup", "vomit*", "throwing up", "threw up",
	"throw up", "puking", "puked", "projectile", "cough*", "not eating", "won't eat", "wont eat",
	"isn't eating", "isnt eating", "refusing to eat", "refusing the bottle", "refusing bottle",
	"refusing feeds", "refuses to eat", "not feeding", "jaundice*", "yellow skin", "yellow eyes",
	"yellowish", "breathing fast", "fast breathing", "breathing hard", "rapid breathing",
	"trouble breathing", "struggling to breathe", "hard to breathe", "wheez*", "diarrh*",
	"constipat*", "blood in", "bloody", "dehydrat*", "no wet diaper*", "fewer wet diaper*",
	"lethargic", "floppy", "seizure*", "choking", "congest*", "stuffy nose", "runny nose",
	"ear infection", "pulling at her ear*", "pulling at his ear*", "tugging at her ear*",
	"tugging at his ear*", "thrush", "reflux", "colic*", "sick", "symptom*", "swollen",
	"swelling", "infection*", "infected", "mastitis", "clogged duct", "postpartum depression",
	"ppd", "bleeding", "stitches", "incision", "urgent care", "nurse line", "allerg*",
	"antibiotic*", "prescription", "inhaler", "in pain", "painful", "hurts",
})

var lowEnergy = indexPhrases([]string{
	"exhausted", "wiped out", "so tired", "very tired", "really tired", "super tired",
	"dead tired", "extremely tired", "beyond tired", "too tired", "so sleepy", "low energy",
	"no energy", "zero energy", "energy is low", "energy low", "running on fumes",
	"running on empty", "no sleep", "barely slept", "barely any sleep", "hardly slept",
	"hardly any sleep", "didn't sleep", "did not sleep", "didnt sleep", "couldn't sleep",
	"couldnt sleep", "could not sleep", "up all night", "awake all night", "sleep deprived",
	"sleep-deprived", "drained", "burnt out", "burned out", "burnout", "zombie", "depleted",
	"running on no sleep", "slept badly", "slept poorly", "slept terribly", "slept horribly",
	"bad night", "rough night", "terrible night", "awful night", "horrible night",
	"not rested", "not feeling rested", "not well rested", "fried", "knackered", "shattered",
	"dead on my feet", "need a nap", "need sleep", "need to sleep", "so so tired",
})

var mediumEnergy = indexPhrases([]string{
	"ok energy", "okay energy", "medium energy", "moderate energy", "decent energy",
	"feeling ok", "feeling okay", "feeling alright", "feeling all right", "feeling fine",
	"feeling so-so", "so-so", "a bit tired", "bit tired", "kinda tired", "kind of tired",
	"somewhat tired", "little tired", "tired", "a bit sleepy", "ok night", "okay night",
	"decent night", "feeling better", "meh",
})

var highEnergy = indexPhrases([]string{
	"feeling rested", "well rested", "well-rested", "good night's sleep", "good nights sleep",
	"good night of sleep", "great night", "refreshed", "high energy", "good energy",
	"lots of energy", "full of energy", "energized", "energised", "feeling great",
	"feeling good", "feeling strong", "recharged",
})

// Sleep-ish signals: ignored when said of the baby.
var highSleep = []string{"good nap", "great nap", "long nap", "solid nap", "slept well", "slept great", "slept good", "slept through"}

var napPhrases = []string{"took a nap", "had a nap", "got a nap", "grabbed a nap", "caught a nap", "napped", "power nap", "short nap", "quick nap", "took a quick nap", "had a quick nap", "got a quick nap", "nap for", "nap of"}

var otherSubjects = map[string]bool{
	"baby": true, "baby's": true, "babys": true, "she": true, "he": true, "they": true, "kid": true,
	"kids": true, "son": true, "daughter": true, "lo": true, "twins": true, "infant": true,
	"newborn": true, "bub": true, "toddler": true, "her": true, "his": true,
}

// ---------------------------------------------------------------------------
// Time phrases

type ruleID int

const (
	nrWeekday ruleID = iota
	nrCasualDate
	nrCasualTime
	nrHour
	nrHourMinute
	nrDeadline
	nrPastTime
	nrMonthDate
	nrSlashDate
	nrISODate
	nrEOD
	nrEOW
	nrMidnight
	nrWeekend
	nrAtHour
	nrRange
)

type dateRule struct {
	id    ruleID
	re    *regexp.Regexp
	apply func(*rules.Match, *rules.Context, *rules.Options, time.Time) (bool, error) // when's; nil for ours
	need  []string                                                                    // runs only if the text holds one of these
	digit bool                                                                        // runs only if the text holds a digit
	pre   func(string) bool                                                           // and only if this says yes
}

var whenOptions = &rules.Options{Distance: 5, MatchByOrder: true}

// dateRules are applied in this order within one phrase (later wins).
var dateRules = buildRules()

func buildRules() []dateRule {
	from := func(id ruleID, r rules.Rule, digit bool, need ...string) dateRule {
		f, ok := r.(*rules.F)
		if !ok || f.RegExp == nil || f.Applier == nil {
			return dateRule{id: id}
		}
		return dateRule{id: id, re: f.RegExp, apply: f.Applier, need: need, digit: digit}
	}
	own := func(id ruleID, expr string, digit bool, need ...string) dateRule {
		return dateRule{id: id, re: regexp.MustCompile(expr), need: need, digit: digit}
	}
	ampm := `(a\.?m\.?|p\.?m\.?)`
	rs := []dateRule{
		from(nrWeekday, en.Weekday(rules.Override), false, "mon", "tue", "wed", "thu", "fri", "sat", "sun"),
		from(nrCasualDate, en.CasualDate(rules.Override), false, "today", "tonight", "tomorrow", "tmr", "yesterday", "last night"),
		from(nrCasualTime, en.CasualTime(rules.Override), false, "morning", "noon", "evening"),
		from(nrHour, en.Hour(rules.Override), true),
		from(nrHourMinute, en.HourMinute(rules.Override), true, ":"),
		from(nrDeadline, en.Deadline(rules.Override), false, "in"),
		from(nrPastTime, en.PastTime(rules.Override), false, "ago"),
		from(nrMonthDate, en.ExactMonthDate(rules.Override), false,
			"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
		own(nrSlashDate, `(?:^|[^0-9/.])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?:$|[^0-9/])`, true, "/"),
		own(nrISODate, `\b((?:19|20|21)\d\d)[-/.](\d{1,2})[-/.](\d{1,2})\b`, true),
		own(nrEOD, `\b(eod|cob|eob|end of (?:the )?(?:day|business)|close of business)\b`, false, "eod", "cob", "eob", "end of", "close of"),
		own(nrEOW, `\b(eow|end of (?:the )?week)\b`, false, "eow", "end of"),
		own(nrMidnight, `\b(midnight)\b`, false, "midnight"),
		own(nrWeekend, `\b(?:(this|next|the)\s+)?(weekend)\b`, false, "weekend"),
		own(nrAtHour, `(?:^|[^a-z0-9])(?:at|@)\s*(\d{1,2})(?::(\d{2}))?(\s*(?:a\.?m\.?|p\.?m\.?|a|p)\b)?`, true, "at", "@"),
		own(nrRange, `(?:^|[^a-z0-9:/.-])(?:(from)\s+)?(\d{1,2})(?::(\d{2}))?\s*`+ampm+`?\s*(?:-|to|until|till|til)\s*(\d{1,2})(?::(\d{2}))?\s*`+ampm+`?`, true),
	}
	// Cheap checks that spare most notes most rules.
	for i := range rs {
		switch rs[i].id {
		case nrHour:
			rs[i].pre = func(s string) bool { return digitThen(s, "ap") }
		case nrHourMinute:
			rs[i].pre = func(s string) bool { return digitThen(s, ":") }
		case nrDeadline:
			rs[i].pre = func(s string) bool { return hasNeeds(s, unitStems) }
		case nrMonthDate:
			rs[i].pre = func(s string) bool {
				return strings.ContainsAny(s, "0123456789") || hasNeeds(s, []string{"first", "second", "third", "th"})
			}
		case nrSlashDate:
			rs[i].pre = func(s string) bool { return digitThen(s, "/") }
		case nrISODate:
			rs[i].pre = hasYearDate
		case nrAtHour:
			rs[i].pre = hasAtDigit
		case nrRange:
			rs[i].pre = func(s string) bool {
				return digitThen(s, "-tu") ||
					(strings.IndexByte(s, '-') >= 0 || strings.Contains(s, " to ") || strings.Contains(s, "til")) && digitThen(s, "ap:")
			}
		}
	}
	return rs
}

var unitStems = []string{"sec", "min", "hour", "day", "week", "month", "year"}

// digitThen reports whether a number in s is followed, after spaces, by
// one of the bytes in next.
func digitThen(s, next string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		k := j
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k < len(s) && strings.IndexByte(next, s[k]) >= 0 {
			return true
		}
		i = j
	}
	return false
}

// hasYearDate reports whether s holds four digits and a date separator.
func hasYearDate(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			run++
		case run == 4 && (c == '-' || c == '/' || c == '.'):
			return true
		default:
			run = 0
		}
	}
	return false
}

// hasAtDigit reports whether "at" or "@" is followed by a number.
func hasAtDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		var j int
		switch {
		case s[i] == '@':
			j = i + 1
		case s[i] == 'a' && i+1 < len(s) && s[i+1] == 't' && (i == 0 || !isWord(s[i-1])):
			j = i + 2
		default:
			continue
		}
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			return true
		}
	}
	return false
}

type ruleMatch struct {
	rule        int
	left, right int
	caps        []string
}

// span builds a match the way when's rules.F.Find does: from the first
// to the last captured group.
func span(s string, idx []int) (ruleMatch, bool) {
	m := ruleMatch{left: -1}
	for i := 2; i+1 < len(idx); i += 2 {
		if m.left == -1 && idx[i] >= 0 {
			m.left = idx[i]
		}
		if idx[i] >= 0 && idx[i+1] >= 0 {
			m.caps = append(m.caps, s[idx[i]:idx[i+1]])
			m.right = idx[i+1]
		} else {
			m.caps = append(m.caps, "")
		}
	}
	if m.left < 0 || m.right < m.left || len(m.caps) == 0 {
		return m, false
	}
	return m, true
}

func hasNeeds(s string, need []string) bool {
	if len(need) == 0 {
		return true
	}
	for _, w := range need {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

var unitAfter = regexp.MustCompile(`^\s*(?:months?|mos?\b|weeks?|wks?\b|days?|years?|yrs?\b|mins?\b|minutes?|hours?|hrs?\b|h\b|oz\b|ml\b|lbs?\b|kg\b|g\b|%|percent|times|x\b|feeds?|bottles?|diapers?|percent|degrees|°|cm\b|inch)`)

var dateLead = map[string]bool{
	"on": true, "by": true, "due": true, "until": true, "till": true, "til": true, "before": true,
	"from": true, "every": true, "this": true, "next": true, "thru": true, "through": true, "after": true,
}

var timeAfter = regexp.MustCompile(`^\s*(?:\d|at\b|@|noon|morning|afternoon|evening|night|eod|am\b|pm\b)`)

// prevWord is the word just before index i (spaces, "~" and "<" skipped).
func prevWord(s string, i int) string {
	if i <= 0 || i > len(s) {
		return ""
	}
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '~' || s[j-1] == '<') {
		j--
	}
	k := j
	for k > 0 && (isWord(s[k-1]) || s[k-1] == '\'') {
		k--
	}
	return s[k:j]
}

// accept filters when's false friends and checks our own rules' numbers.
func accept(id ruleID, s string, m *ruleMatch, commit bool) bool {
	text := s[m.left:m.right]
	switch id {
	case nrWeekday:
		if m.left > 0 && s[m.left-1] == '\'' {
			return false // "c'mon"
		}
		day := strings.TrimSpace(m.caps[1])
		if m.caps[0] == "" && m.caps[2] == "" {
			switch day {
			case "sat", "sun", "wed", "mon":
				return dateLead[prevWord(s, m.left)] || timeAfter.MatchString(s[m.right:])
			}
		}
	case nrCasualDate:
		return strings.TrimSpace(m.caps[0]) != "now"
	case nrHour:
		// "5 a day" is not 5 am.
		suffix := m.caps[len(m.caps)-1]
		return !(len(suffix) == 1 && strings.ContainsAny(text, " \t"))
	case nrHourMinute:
		return strings.Contains(text, ":")
	case nrDeadline, nrPastTime:
		num := m.caps[1]
		if id == nrPastTime {
			num = m.caps[0]
		}
		num = strings.TrimSpace(num)
		return len(num) <= 4 || num[0] < '0' || num[0] > '9' // "in 99999999999 days" would overflow
	case nrMonthDate:
		// A month alone ("may", "march") is not a date.
		return m.caps[0] != "" || m.caps[1] != "" || m.caps[3] != "" || m.caps[4] != ""
	case nrSlashDate:
		switch text {
		case "24/7", "1/2", "1/3", "2/3", "1/4", "3/4":
			return dateLead[prevWord(s, m.left)]
		}
		return !unitAfter.MatchString(s[m.right:])
	case nrAtHour:
		if m.caps[2] != "" {
			return false // "at 9am": when's Hour rule reads it
		}
		h, _ := strconv.Atoi(m.caps[0])
		mi, _ := strconv.Atoi(m.caps[1])
		return h <= 23 && mi <= 59 && !unitAfter.MatchString(s[m.right:]) && !strings.HasPrefix(s[m.right:], ".")
	case nrRange:
		if m.right < len(s) && (isWord(s[m.right]) || s[m.right] == '.' && m.right+1 < len(s) && isWord(s[m.right+1])) {
			return false
		}
		if unitAfter.MatchString(s[m.right:]) {
			return false
		}
		strong := m.caps[0] != "" || m.caps[2] != "" || m.caps[3] != "" || m.caps[5] != "" || m.caps[6] != ""
		return strong || commit
	}
	return true
}

// findTimes lists the time phrases of s, left to right, without overlaps
// (the longer phrase wins).
func findTimes(s string, commit bool) []ruleMatch {
	hasDigit := strings.ContainsAny(s, "0123456789")
	var ms []ruleMatch
	for i, r := range dateRules {
		if r.re == nil || (r.digit && !hasDigit) || !hasNeeds(s, r.need) || (r.pre != nil && !r.pre(s)) {
			continue
		}
		for _, idx := range r.re.FindAllStringSubmatchIndex(s, 8) {
			m, ok := span(s, idx)
			if !ok {
				continue
			}
			m.rule = i
			if accept(r.id, s, &m, commit) {
				ms = append(ms, m)
			}
		}
	}
	sort.SliceStable(ms, func(a, b int) bool {
		if ms[a].left != ms[b].left {
			return ms[a].left < ms[b].left
		}
		la, lb := ms[a].right-ms[a].left, ms[b].right-ms[b].left
		if la != lb {
			return la > lb
		}
		return ms[a].rule > ms[b].rule // ours over when's on a tie
	})
	kept := ms[:0]
	end := -1
	for _, m := range ms {
		if m.left >= end {
			kept = append(kept, m)
			end = m.right
		}
	}
	return kept
}

// moment is one resolved time phrase.
type moment struct {
	t, end      time.Time
	hasEnd      bool
	dateNamed   bool
	timeNamed   bool
	allDay      bool
	left, right int
}

// findMoments resolves up to four time phrases of s; matches at most five
// bytes apart form one phrase, as in when.
func findMoments(s string, now time.Time, commit bool) []moment {
	ms := findTimes(s, commit)
	var out []moment
	for i := 0; i < len(ms) && len(out) < 4; {
		end := ms[i].right
		j := i + 1
		for j < len(ms) && ms[j].left <= end+whenOptions.Distance {
			if ms[j].right > end {
				end = ms[j].right
			}
			j++
		}
		cluster := append([]ruleMatch(nil), ms[i:j]...)
		sort.SliceStable(cluster, func(a, b int) bool { return cluster[a].rule < cluster[b].rule })
		st := parseState{wd: -1, hour: -1}
		for _, m := range cluster {
			st.apply(dateRules[m.rule], m, s, now)
		}
		if mo, ok := st.resolve(now); ok {
			mo.left, mo.right = ms[i].left, end
			out = append(out, mo)
		}
		i = j
	}
	return out
}

type parseState struct {
	days     int
	hasDays  bool
	months   int
	dur      time.Duration
	year     int
	month    int
	day      int
	wd       int
	wdMode   string
	hour     int
	min      int
	bare     bool
	thisPart bool
	rng      bool
	sh, sm   int
	eh, em   int
	eod      bool
	eow      bool
	midnight bool
	tonight  bool
	weekend  int
	invalid  bool
}

// applyWhen runs one of when's appliers on a fresh context.
func applyWhen(r dateRule, m ruleMatch, s string, now time.Time) (*rules.Context, bool) {
	ctx := &rules.Context{Text: s[m.left:m.right]}
	wm := &rules.Match{Left: m.left, Right: m.right, Text: s[m.left:m.right], Captures: m.caps}
	ok, err := r.apply(wm, ctx, whenOptions, now)
	return ctx, ok && err == nil
}

const oneDay = 24 * time.Hour

func (st *parseState) addDuration(d time.Duration) {
	if d%oneDay == 0 {
		st.days += int(d / oneDay)
		st.hasDays = true
	} else {
		st.dur += d
	}
}

func isAM(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "a") }

func (st *parseState) apply(r dateRule, m ruleMatch, s string, now time.Time) {
	switch r.id {
	case nrWeekday:
		day := strings.TrimSpace(m.caps[1])
		wd, ok := en.WEEKDAY_OFFSET[day]
		if !ok {
			return
		}
		switch {
		case m.caps[0] == "next" || m.caps[0] == "last" || m.caps[0] == "past" || m.caps[2] == "last" || m.caps[2] == "past":
			if ctx, ok := applyWhen(r, m, s, now); ok {
				st.addDuration(ctx.Duration)
			}
		case m.caps[2] == "next":
			st.wd, st.wdMode = wd, "nextweek"
		default:
			st.wd, st.wdMode = wd, ""
		}
	case nrCasualDate:
		word := strings.TrimSpace(m.caps[0])
		if strings.Contains(word, "tonight") {
			st.tonight = true
			return
		}
		ctx, ok := applyWhen(r, m, s, now)
		if !ok {
			return
		}
		if ctx.Hour != nil { // last night
			st.hour, st.min, st.bare = *ctx.Hour, 0, false
		}
		st.addDuration(ctx.Duration)
		st.hasDays = true
	case nrCasualTime:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil {
			return
		}
		st.hour, st.min, st.bare = *ctx.Hour, 0, false
		st.thisPart = strings.TrimSpace(m.caps[1]) == "this"
	case nrHour:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil {
			return
		}
		h := *ctx.Hour
		if h == 12 && isAM(m.caps[1]) {
			h = 0
		}
		st.hour, st.min, st.bare = h, 0, false
	case nrHourMinute:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Hour == nil || ctx.Minute == nil {
			return
		}
		h := *ctx.Hour
		bare := false
		if m.caps[2] == "" {
			bare = h >= 1 && h <= 12 && !strings.HasPrefix(m.caps[0], "0")
		} else if h == 12 && isAM(m.caps[2]) {
			h = 0
		}
		st.hour, st.min, st.bare = h, *ctx.Minute, bare
	case nrDeadline, nrPastTime:
		num, unit, sign := m.caps[1], m.caps[2], 1
		if r.id == nrPastTime {
			num, unit, sign = m.caps[0], m.caps[1], -1
		}
		if strings.Contains(unit, "month") || strings.Contains(unit, "year") {
			n := parseNumber(num)
			months := int(n)
			if strings.Contains(unit, "year") {
				months = int(n * 12)
			} else if n != float64(int(n)) {
				// half a month
				st.days += sign * 14
				st.hasDays = true
				return
			}
			st.months += sign * months
			return
		}
		ctx, ok := applyWhen(r, m, s, now)
		if !ok {
			return
		}
		st.addDuration(ctx.Duration)
	case nrMonthDate:
		ctx, ok := applyWhen(r, m, s, now)
		if !ok || ctx.Month == nil || ctx.Day == nil {
			st.invalid = !ok
			return
		}
		st.month, st.day = *ctx.Month, *ctx.Day
		if y := yearAfter.FindStringSubmatch(s[m.right:]); y != nil {
			st.year, _ = strconv.Atoi(y[1])
		}
	case nrSlashDate:
		a, _ := strconv.Atoi(m.caps[0])
		b, _ := strconv.Atoi(m.caps[1])
		if a > 12 && b <= 12 {
			a, b = b, a // 20/11: day/month
		}
		st.month, st.day = a, b
		if m.caps[2] != "" {
			y, _ := strconv.Atoi(m.caps[2])
			if len(m.caps[2]) == 2 {
				y += 2000
			}
			st.year = y
		}
		if a < 1 || a > 12 || b < 1 || b > 31 {
			st.invalid = true
		}
	case nrISODate:
		st.year, _ = strconv.Atoi(m.caps[0])
		st.month, _ = strconv.Atoi(m.caps[1])
		st.day, _ = strconv.Atoi(m.caps[2])
	case nrEOD:
		st.eod = true
	case nrEOW:
		st.eow = true
	case nrMidnight:
		st.midnight = true
	case nrWeekend:
		st.weekend = 1
		if m.caps[0] == "next" {
			st.weekend = 2
		}
	case nrAtHour:
		h, _ := strconv.Atoi(m.caps[0])
		mi, _ := strconv.Atoi(m.caps[1])
		st.hour, st.min = h, mi
		st.bare = h >= 1 && h <= 12 && !strings.HasPrefix(m.caps[0], "0")
	case nrRange:
		st.applyRange(m)
	}
}

var yearAfter = regexp.MustCompile(`^\s*,?\s*((?:19|20|21)\d\d)\b`)

func amPm(s string) byte {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	return s[0]
}

func to24(h int, ap byte) int {
	switch ap {
	case 'a':
		if h == 12 {
			return 0
		}
	case 'p':
		if h < 12 {
			return h + 12
		}
	}
	return h
}

// bareHour reads an hour said without am/pm: 7–11 morning, 12 noon,
// 1–6 afternoon; in the evening ("tonight at 8") 5–11 are evening hours.
func bareHour(h int, evening bool) int {
	switch {
	case h <= 0 || h >= 12:
		return h
	case evening && h >= 5:
		return h + 12
	case h <= 6:
		return h + 12
	}
	return h
}

func (st *parseState) applyRange(m ruleMatch) {
	sh, _ := strconv.Atoi(m.caps[1])
	sm, _ := strconv.Atoi(m.caps[2])
	sap := amPm(m.caps[3])
	eh, _ := strconv.Atoi(m.caps[4])
	em, _ := strconv.Atoi(m.caps[5])
	eap := amPm(m.caps[6])
	if sh > 23 || eh > 23 || sm > 59 || em > 59 || (sap != 0 && sh > 12) || (eap != 0 && eh > 12) {
		return
	}
	if eap != 0 {
		eh = to24(eh, eap)
	}
	switch {
	case sap != 0:
		sh = to24(sh, sap)
	case sh >= 1 && sh < 12 && eap == 'p':
		// "6-8pm": the start shares the end's afternoon when that keeps it first.
		if (sh+12)*60+sm < eh*60+em {
			sh += 12
		}
	case sh >= 1 && sh < 12 && eap == 0:
		sh = bareHour(sh, st.tonight)
	}
	if eap == 0 && eh >= 1 && eh < 12 && eh*60+em <= sh*60+sm {
		eh += 12 // "9-5": the end is the first such hour after the start
	}
	st.rng = true
	st.sh, st.sm, st.eh, st.em = sh, sm, eh, em
}

const pastDays = 60

func validDay(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func (st *parseState) resolve(now time.Time) (moment, bool) {
	var mo moment
	if st.invalid {
		return mo, false
	}
	loc := now.Location()
	y, mon, d := now.Date()
	at := func(day time.Time, h, mi int) time.Time {
		return time.Date(day.Year(), day.Month(), day.Day(), h, mi, 0, 0, loc)
	}
	today := time.Date(y, mon, d, 0, 0, 0, 0, loc)
	date := today
	named := false

	if st.month != 0 || st.day != 0 || st.year != 0 {
		yy := st.year
		if yy == 0 {
			yy = y
			if validDay(yy, st.month, st.day) &&
				time.Date(yy, time.Month(st.month), st.day, 0, 0, 0, 0, loc).Before(today.AddDate(0, 0, -pastDays)) {
				yy++
			}
			if !validDay(yy, st.month, st.day) && validDay(yy+1, st.month, st.day) {
				yy++ // Feb 29
			}
		}
		if yy < 1900 || yy > 2200 || !validDay(yy, st.month, st.day) {
			return mo, false
		}
		date = time.Date(yy, time.Month(st.month), st.day, 0, 0, 0, 0, loc)
		named = true
	}
	if st.months != 0 {
		date = date.AddDate(0, st.months, 0)
		named = true
	}
	bareWeekday := false
	if st.wd >= 0 {
		cur := int(date.Weekday())
		off := (st.wd - cur + 7) % 7
		if st.wdMode == "nextweek" {
			off = 7 - (cur+6)%7 + (st.wd+6)%7
		} else {
			bareWeekday = true
		}
		date = date.AddDate(0, 0, off)
		named = true
	}
	if st.hasDays {
		date = date.AddDate(0, 0, st.days)
		named = true
	}
	if date.Year() < 1900 || date.Year() > 2200 {
		return mo, false
	}

	switch {
	case st.dur != 0:
		base := time.Date(date.Year(), date.Month(), date.Day(), now.Hour(), now.Minute(), now.Second(), 0, loc)
		mo.t = base.Add(st.dur)
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	case st.weekend != 0:
		wd := int(today.Weekday())
		sat := today.AddDate(0, 0, 6-wd)
		if wd == 0 {
			sat = today.AddDate(0, 0, -1)
		}
		if st.weekend == 2 {
			mo.t = at(sat.AddDate(0, 0, 7), 12, 0)
		} else {
			mo.t = at(sat, 12, 0)
			if mo.t.Before(now) {
				mo.t = at(sat.AddDate(0, 0, 1), 23, 59)
			}
		}
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	case st.eow:
		wd := int(today.Weekday())
		mo.t = at(today.AddDate(0, 0, (5-wd+7)%7), 17, 0)
		if mo.t.Before(now) {
			mo.t = mo.t.AddDate(0, 0, 7)
		}
		mo.dateNamed, mo.timeNamed = true, true
		return mo, true
	}

	if st.tonight {
		named = true // tonight is today
	}
	mo.dateNamed = named
	if st.rng {
		start, end := at(date, st.sh, st.sm), at(date, st.eh, st.em)
		if !end.After(start) {
			end = end.AddDate(0, 0, 1)
		}
		switch {
		case !named && !end.After(now):
			start, end = start.AddDate(0, 0, 1), end.AddDate(0, 0, 1)
		case bareWeekday && !end.After(now):
			start, end = start.AddDate(0, 0, 7), end.AddDate(0, 0, 7)
		}
		mo.t, mo.end, mo.hasEnd, mo.timeNamed = start, end, true, true
		return mo, true
	}

	h, mi := st.hour, st.min
	if h >= 0 && st.bare {
		h = bareHour(h, st.tonight)
	}
	var t time.Time
	switch {
	case h >= 0:
		t = at(date, h, mi)
		mo.timeNamed = true
		if !named && !st.thisPart && t.Before(now) {
			t = t.AddDate(0, 0, 1)
		}
	case st.midnight:
		t = at(date, 23, 59)
		mo.timeNamed = true
	case st.tonight:
		t = at(date, 21, 0)
		if t.Before(now) {
			t = at(date, 23, 59)
		}
		mo.timeNamed = true
	case st.eod:
		t = at(date, 17, 0)
		if t.Before(now) {
			t = at(date, 23, 59)
		}
		mo.timeNamed = true
	case named:
		t = at(date, 23, 59)
		mo.allDay = true
	default:
		return mo, false
	}
	if bareWeekday && t.Before(now) {
		t = t.AddDate(0, 0, 7)
	}
	mo.t = t
	return mo, true
}

// dueLead are the words that make the date after them a due date.
var dueLead = []string{
	"due", "due by", "due on", "due date", "by", "before", "until", "till", "til", "deadline",
	"deadline is", "no later than", "expires", "expire", "expiring", "expires on", "latest",
	"on or before", "due in", "due within",
}

// dueBefore reports whether a due word comes right before index left.
func dueBefore(s string, left int) bool {
	p := s[max(0, left-24):left]
	p = strings.TrimRight(p, " :,-(")
	for _, c := range dueLead {
		if strings.HasSuffix(p, c) && (len(p) == len(c) || !isWord(p[len(p)-len(c)-1])) {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Kind: tasks

func firstWords(c string) string {
	for {
		c = strings.TrimLeft(c, " -*•·[]():>\"'#0123456789.)")
		sp := strings.IndexByte(c, ' ')
		if sp < 0 {
			return c
		}
		w := strings.TrimRight(c[:sp], ":,")
		if !taskFillers[w] {
			return c
		}
		c = c[sp+1:]
	}
}

// startsWithVerb reports whether a clause opens with one of verbs.
func startsWithVerb(clauses []string, verbs phraseIndex) bool {
	for _, c := range clauses {
		if verbs.at(firstWords(c), 0) {
			return true
		}
	}
	return false
}

func isTask(s string, clauses []string) bool {
	return startsWithVerb(clauses, errandVerbs) || errandAnywhere.in(s)
}

// ---------------------------------------------------------------------------
// Durations

var (
	durRe      = regexp.MustCompile(`(?:^|[^a-z0-9.:/<-])(\d{1,4}(?:\.\d+)?)\s*(?:(?:-|to)\s*(\d{1,4}(?:\.\d+)?)\s*)?(mins?|minutes?|m|hrs?|hours?|h)\b`)
	durHMRe    = regexp.MustCompile(`\b(\d{1,2})\s*(?:h|hrs?|hours?)\s*(?:and\s+)?(\d{1,2})\s*(?:m|mins?|minutes?)\b|\b(\d{1,2})h(\d{2})\b`)
	durWordsRe = regexp.MustCompile(`\b(an hour and a half|hour and a half|half an hour|half hour|an hour|one hour|two hours|three hours|a couple (?:of )?hours|couple (?:of )?hours|(?:five|ten|fifteen|twenty|thirty|forty|forty-five|ninety) (?:mins?|minutes))\b`)
)

var durWords = map[string]time.Duration{
	"an hour and a half": 90 * time.Minute, "hour and a half": 90 * time.Minute,
	"half an hour": 30 * time.Minute, "half hour": 30 * time.Minute, "an hour": time.Hour,
	"one hour": time.Hour, "two hours": 2 * time.Hour, "three hours": 3 * time.Hour,
	"a couple hours": 2 * time.Hour, "a couple of hours": 2 * time.Hour,
	"couple hours": 2 * time.Hour, "couple of hours": 2 * time.Hour,
	"five": 5 * time.Minute, "ten": 10 * time.Minute, "fifteen": 15 * time.Minute,
	"twenty": 20 * time.Minute, "thirty": 30 * time.Minute, "forty": 40 * time.Minute,
	"forty-five": 45 * time.Minute, "ninety": 90 * time.Minute,
}

var durBefore = map[string]bool{
	"in": true, "within": true, "every": true, "slept": true, "sleep": true, "nap": true,
	"napped": true, "than": true, "under": true, "last": true, "past": true, "after": true,
	"only": false,
}

var durAfter = regexp.MustCompile(`^\s*(?:ago|left|old|late|early|later|apart|behind|of sleep|sleep|nap|straight|stretch|of (?:broken |interrupted )?sleep)\b`)

// durOK rejects "in 2 hours", "every 3 hours", "3 hours ago", sleep.
func durOK(s string, left, right int) bool {
	j := left
	for j > 0 && s[j-1] == ' ' {
		j--
	}
	if j > 0 && s[j-1] == '<' {
		return false // "wipes < 12h" is a horizon
	}
	prev := prevWord(s, left)
	if durBefore[prev] {
		return false
	}
	if prev != "" {
		if pp := prevWord(s, left-len(prev)-1); pp == "slept" || pp == "every" || pp == "in" {
			return false // "slept only 3h", "every other 3h"
		}
	}
	return !durAfter.MatchString(s[right:])
}

func durUnit(u string) time.Duration {
	if strings.HasPrefix(u, "h") {
		return time.Hour
	}
	return time.Minute
}

func duration(s string) (time.Duration, time.Duration) {
	if !strings.ContainsAny(s, "0123456789") && !strings.Contains(s, "hour") && !strings.Contains(s, "min") {
		return 0, 0
	}
	bestLeft := len(s) + 1
	var lo, hi time.Duration
	hasDigit := strings.ContainsAny(s, "0123456789")
	var hm [][]int
	if hasDigit && digitThen(s, "h") {
		hm = durHMRe.FindAllStringSubmatchIndex(s, 4)
	}
	for _, idx := range hm {
		if idx[0] < bestLeft && durOK(s, idx[0], idx[1]) {
			g := 2
			if idx[2] < 0 {
				g = 6
			}
			h, _ := strconv.Atoi(s[idx[g]:idx[g+1]])
			m, _ := strconv.Atoi(s[idx[g+2]:idx[g+3]])
			if m < 60 {
				lo = time.Duration(h)*time.Hour + time.Duration(m)*time.Minute
				hi, bestLeft = lo, idx[0]
			}
			break
		}
	}
	var nums [][]int
	if hasDigit && digitThen(s, "mh") {
		nums = durRe.FindAllStringSubmatchIndex(s, 8)
	}
	for _, idx := range nums {
		left := idx[2]
		if left >= bestLeft {
			break
		}
		if !durOK(s, left, idx[1]) {
			continue
		}
		unit := durUnit(s[idx[6]:idx[7]])
		a, err := strconv.ParseFloat(s[idx[2]:idx[3]], 64)
		if err != nil || a <= 0 || a*float64(unit) > float64(7*oneDay) {
			continue
		}
		b := a
		if idx[4] >= 0 {
			if v, err := strconv.ParseFloat(s[idx[4]:idx[5]], 64); err == nil && v > 0 && v*float64(unit) <= float64(7*oneDay) {
				b = v
			}
		}
		if b < a {
			a, b = b, a
		}
		lo, hi = time.Duration(a*float64(unit)).Round(time.Minute), time.Duration(b*float64(unit)).Round(time.Minute)
		bestLeft = left
		break
	}
	for _, idx := range findAll(durWordsRe, s, 4, "hour", "min") {
		if idx[2] >= bestLeft {
			break
		}
		if !durOK(s, idx[2], idx[3]) {
			continue
		}
		w := s[idx[2]:idx[3]]
		d, ok := durWords[w]
		if !ok {
			d = durWords[strings.Fields(w)[0]]
		}
		if d > 0 {
			lo, hi = d, d
			break
		}
	}
	return lo, hi
}

// ---------------------------------------------------------------------------
// Energy

const numPattern = `(\d{1,2}(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?)`

var (
	sleptRe = regexp.MustCompile(`\bslept\s+(?:for\s+)?(?:(?:only|just|about|around|like|maybe|roughly|approx\.?|approximately|barely|under|<)\s+|~\s*)*` +
		numPattern + `(?:\s*(?:-|to|or)\s*` + numPattern + `)?\s*(?:h\b|hrs?\b|hours?\b)`)
	sleepRe = regexp.MustCompile(`(?:^|[^a-z0-9.])(?:~\s*)?` + numPattern + `(?:\s*(?:-|to|or)\s*` + numPattern +
		`)?\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:total\s+|broken\s+|interrupted\s+|straight\s+|solid\s+)?sleep\b`)
)

var numberWords = map[string]float64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "half a": 0.5,
	"half an": 0.5, "a couple": 2, "a couple of": 2, "couple": 2, "a few": 3, "few": 3,
}

func parseNumber(s string) float64 {
	s = strings.Join(strings.Fields(s), " ")
	if v, ok := numberWords[s]; ok {
		return v
	}
	if strings.Contains(s, "few") {
		return 3
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return v
}

// otherSubject reports whether the words just before i (in the same
// clause) are about the baby or someone else.
func otherSubject(s string, i int) bool {
	w := s[max(0, i-32):i]
	if k := strings.LastIndexAny(w, ".;!?\n,"); k >= 0 {
		w = w[k+1:]
	}
	for _, f := range strings.Fields(w) {
		if otherSubjects[strings.Trim(f, "\"'()*_:")] {
			return true
		}
	}
	return false
}

var energyRank = map[bh.Energy]int{bh.EnergyLow: 1, bh.EnergyMedium: 2, bh.EnergyHigh: 3}

func readEnergy(s string) (bh.Energy, float64) {
	var e bh.Energy
	note := func(v bh.Energy) {
		if e == "" || energyRank[v] < energyRank[e] {
			e = v
		}
	}
	hours := -1.0
	for i, re := range []*regexp.Regexp{sleptRe, sleepRe} {
		if hours >= 0 || !strings.Contains(s, []string{"slept", "sleep"}[i]) {
			continue
		}
		for _, idx := range re.FindAllStringSubmatchIndex(s, 4) {
			if otherSubject(s, idx[2]) || strings.HasPrefix(strings.TrimLeft(s[idx[1]:], " "), "ago") {
				continue // the baby's sleep; "slept 3 hours ago"
			}
			a := parseNumber(s[idx[2]:idx[3]])
			b := a
			if idx[4] >= 0 {
				b = parseNumber(s[idx[4]:idx[5]])
			}
			if a <= 0 || b <= 0 || a > 24 || b > 24 {
				continue
			}
			hours = (a + b) / 2
			break
		}
	}
	if hours >= 0 {
		switch {
		case hours < 5:
			note(bh.EnergyLow)
		case hours < 7:
			note(bh.EnergyMedium)
		default:
			note(bh.EnergyHigh)
		}
	}
	if lowEnergy.in(s) {
		note(bh.EnergyLow)
	}
	if mediumEnergy.in(s) {
		note(bh.EnergyMedium)
	}
	if highEnergy.in(s) {
		note(bh.EnergyHigh)
	}
	for _, p := range highSleep {
		if i := wordIndex(s, p); i >= 0 && !otherSubject(s, i) {
			note(bh.EnergyHigh)
			break
		}
	}
	for _, p := range napPhrases {
		if i := wordIndex(s, p); i >= 0 && !otherSubject(s, i) {
			note(bh.EnergyMedium)
			break
		}
	}
	if hours < 0 {
		hours = 0
	}
	return e, hours
}

// ---------------------------------------------------------------------------
// Medical

var tempRe = regexp.MustCompile(`\b(?:3[5-9]|4[0-2])(?:[.,]\d)?\s*(?:°|degrees)|\b(?:9[7-9]|10[0-6])(?:\.\d)?\s*(?:°|degrees)`)

func isMedical(s string) bool {
	if medicalWords.in(mask(s, notMedical)) {
		return true
	}
	return (strings.Contains(s, "°") || strings.Contains(s, "degree")) && tempRe.MatchString(s)
}

// ---------------------------------------------------------------------------
// Inventory

type invReading struct {
	found   bool
	items   []string
	horizon time.Duration
	hasHor  bool
	out     bool
}

func (v *invReading) addHorizon(d time.Duration) {
	if !v.hasHor || d < v.horizon {
		v.horizon, v.hasHor = d, true
	}
}

func (v *invReading) addItems(items ...string) {
	for _, it := range items {
		if it == "" {
			continue
		}
		dup := false
		for _, x := range v.items {
			if x == it {
				dup = true
				break
			}
		}
		if !dup {
			v.items = append(v.items, it)
		}
	}
}

const numH = `(\d{1,3}(?:\.\d+)?|an?|one|two|three|four|five|six|seven|half an?|half a|half)`

var (
	invLessRe  = regexp.MustCompile(`(?:<=?|less than|under)\s*` + numH + `\s*(d|days?|h|hrs?|hours?|w|wks?|weeks?)\b`)
	invLeftRe  = regexp.MustCompile(`\b(?:only\s+|just\s+|maybe\s+|about\s+)?(\d{1,3}|zero|no|one|two|three|four|five|a couple(?: of)?|a few)\s+([a-z][a-z' -]{0,40}?)\s+left\b`)
	invForRe   = regexp.MustCompile(`(?:\b(?:for|lasts?|enough for|maybe|about|only|just|another)|~)\s*(?:about\s+|maybe\s+|another\s+|only\s+)?` + numH + `\s+(?:more\s+)?(days?|hrs?|hours?|weeks?)\b`)
	invAfterRe = regexp.MustCompile(`\b(running low on|running low of|getting low on|low on|running out of|ran out of|run out of|almost out of|nearly out of|basically out of|all out of|out of|need more|needs more|need new|need extra|no more|none left of|last (?:pack|box|bag|tub|can|tube|bottle|container|roll|case|jar|sleeve|carton|package|packet|pouch)s? of)\s+`)
	invBefRe   = regexp.MustCompile(`\s(?:is\s+|are\s+|r\s+)?(almost out|nearly out|almost gone|nearly gone|almost empty|nearly empty|almost finished|basically gone|practically gone|running low|getting low|running out|all gone|used up|low|out|gone|empty|finished)\b`)
	invLastRe  = regexp.MustCompile(`\blast (?:pack|box|bag|tub|can|tube|bottle|container|roll|case|jar|sleeve|carton|package|packet|pouch|one|diaper|wipe)s?\b`)
)

// containerWords are how supplies are counted ("1 can left").
var containerWords = map[string]bool{
	"can": true, "cans": true, "pack": true, "packs": true, "box": true, "boxes": true, "bag": true,
	"bags": true, "tub": true, "tubs": true, "jar": true, "jars": true, "tube": true, "tubes": true,
	"roll": true, "rolls": true, "case": true, "cases": true, "scoop": true, "scoops": true,
	"pouch": true, "pouches": false, "container": true, "containers": true, "sleeve": true,
	"sleeves": true, "carton": true, "cartons": true, "package": true, "packages": true,
}

var unitWords = map[string]time.Duration{
	"d": oneDay, "day": oneDay, "days": oneDay, "h": time.Hour, "hr": time.Hour, "hrs": time.Hour,
	"hour": time.Hour, "hours": time.Hour, "w": 7 * oneDay, "wk": 7 * oneDay, "wks": 7 * oneDay,
	"week": 7 * oneDay, "weeks": 7 * oneDay,
}

var outOfStop = map[string]bool{
	"house": true, "office": true, "town": true, "it": true, "breath": true, "time": true,
	"energy": true, "patience": true, "steam": true, "sorts": true, "hand": true, "control": true,
	"here": true, "there": true, "bed": true, "mind": true, "ideas": true, "options": true,
	"luck": true, "way": true, "work": true, "sync": true, "order": true, "reach": true,
	"nowhere": true, "school": true, "hospital": true, "car": true, "shower": true, "room": true,
	"country": true, "state": true, "character": true, "touch": true, "line": true, "pocket": true,
	"shape": true, "place": true, "focus": true, "sleep": true, "help": true, "rest": true,
	"hands": true, "support": true, "info": true, "information": true, "details": true,
	"practice": true, "space": true, "crying": true, "naps": true, "than": true, "money": true,
	"spoons": false, "my": false, "juice": false, "questions": true, "excuses": true, "me": true,
	"you": true, "us": true, "them": true, "her": true, "him": true, "bounds": true,
}

// beforeStop are words right before "out"/"low"/"gone" that are not a
// supply ("wiped out", "feeling low").
var beforeStop = map[string]bool{
	"wiped": true, "passed": true, "freaked": true, "stressed": true, "worn": true, "burnt": true,
	"burned": true, "tapped": true, "zonked": true, "checked": true, "figured": true, "found": true,
	"went": true, "go": true, "going": true, "goes": true, "way": true, "hang": true, "chill": true,
	"zoned": true, "spaced": true, "knocked": true, "conked": true, "sold": true, "print": true,
	"printed": true, "i": true, "i'm": true, "im": true, "we": true, "we're": true, "feeling": true,
	"feel": true, "energy": true, "mood": true, "is": true, "are": true, "was": true, "were": true,
	"it": true, "it's": true, "that": true, "this": true, "all": true, "be": true, "been": true,
	"get": true, "got": true, "getting": true, "head": true, "lights": true, "light": true,
	"she": true, "he": true, "they": true, "baby": true, "me": true, "pretty": true, "so": true,
	"very": true, "super": true, "bit": true, "little": true, "kinda": true, "battery": true,
	"phone": true, "sugar": true, "blood": true, "iron": true, "supply": false, "and": true,
	"laid": true, "cried": true, "crying": true, "eaten": true, "ate": true, "done": true,
	"figure": true, "work": true, "working": true, "came": true, "come": true, "coming": true,
	"sleep": true, "tired": true,
}

var itemStop = map[string]bool{
	"the": true, "a": true, "an": true, "some": true, "more": true, "our": true, "my": true,
	"any": true, "of": true, "on": true, "extra": true, "new": true, "few": true, "couple": true,
	"and": true, "also": true, "ugh": true, "fyi": true, "btw": true, "so": true, "but": true,
	"oh": true, "ok": true, "okay": true, "just": true, "only": true, "almost": true,
	"nearly": true, "basically": true, "pretty": true, "much": true, "we": true, "we're": true,
	"were": true, "are": true, "is": true, "r": true, "i": true, "i'm": true, "im": true,
	"getting": true, "running": true, "got": true, "have": true, "has": true, "left": true,
	"too": true, "already": true, "now": true, "again": true, "all": true, "out": true,
	"low": true, "very": true, "super": true, "really": true, "totally": true, "heads": true,
	"up": true, "note": true, "it": true, "its": true, "it's": true, "them": true, "those": true,
	"these": true, "that": true, "this": true, "need": true, "needs": true, "buy": true,
	"get": true, "to": true, "with": true, "about": true, "maybe": true, "like": true,
	"less": true, "than": true, "under": true, "<": true, "~": true, "be": true, "will": true,
	"soon": true, "asap": true, "today": true, "tomorrow": true, "tonight": true, "stock": true,
	"supply": true, "supplies": true, "pack": true, "packs": true, "box": true, "boxes": true,
	"bag": true, "bags": false, "tub": true, "case": true, "left:": true, "please": true,
	"pls": true, "day": true, "days": true, "week": true, "weeks": true, "hours": true,
}

// itemCut ends an item phrase that follows its cue.
var itemCut = regexp.MustCompile(`\s(?:for|by|until|till|before|today|tomorrow|tonight|soon|asap|now|again|so|but|need|needs|buy|get|at|in|which|that|too|already|left|since|because|and then|then|this|next|before|after|if|when|<)\b|\s[-(:<~]|[(:<~]`)

// itemSplit separates listed items.
var itemSplit = regexp.MustCompile(`\s+and\s+|\s*[,+&/]\s*|\s+or\s+|\s+n\s+`)

// lexicon maps supply names (longest first) to how they are listed;
// "" blocks a phrase that is not a supply ("diaper rash").
var lexicon = []struct{ surface, canon string }{
	{"diaper rash cream", "diaper rash cream"}, {"diaper pail liners", "diaper pail liners"},
	{"milk storage bags", "milk storage bags"}, {"breast milk bags", "breast milk bags"},
	{"laundry detergent", "laundry detergent"}, {"vitamin d drops", "vitamin d drops"},
	{"hand sanitizer", "hand sanitizer"}, {"bottle-feeding", ""}, {"formula-feeding", ""},
	{"diaper changes", ""}, {"diaper change", ""}, {"bottle feeding", ""}, {"formula feeding", ""},
	{"diaper cream", "diaper cream"}, {"nipple cream", "nipple cream"}, {"nursing pads", "nursing pads"},
	{"breast pads", "breast pads"}, {"bottle liners", "bottle liners"}, {"baby food", "baby food"},
	{"baby wash", "baby wash"}, {"baby shampoo", "baby shampoo"}, {"baby lotion", "baby lotion"},
	{"dish soap", "dish soap"}, {"paper towels", "paper towels"}, {"toilet paper", "toilet paper"},
	{"trash bags", "trash bags"}, {"gas drops", "gas drops"}, {"saline drops", "saline drops"},
	{"burp cloths", "burp cloths"}, {"swim diapers", "swim diapers"}, {"milk bags", "milk bags"},
	{"rash cream", "rash cream"}, {"diaper rash", ""}, {"diaper bag", ""}, {"wet diapers", ""},
	{"wet diaper", ""}, {"dirty diapers", ""}, {"dirty diaper", ""}, {"diaper duty", ""},
	{"formula fed", ""}, {"bottle fed", ""}, {"pull-ups", "pull-ups"}, {"pullups", "pull-ups"},
	{"diapers", "diapers"}, {"diaper", "diapers"}, {"nappies", "nappies"}, {"nappy", "nappies"},
	{"wipes", "wipes"}, {"wipe", "wipes"}, {"formula", "formula"}, {"bottles", "bottles"},
	{"pacifiers", "pacifiers"}, {"pacifier", "pacifiers"}, {"binkies", "pacifiers"},
	{"onesies", "onesies"}, {"bibs", "bibs"}, {"detergent", "detergent"}, {"breast milk", "breast milk"},
	{"milk", "milk"}, {"coffee", "coffee"}, {"batteries", "batteries"}, {"pads", "pads"},
	{"sunscreen", "sunscreen"}, {"lotion", "lotion"}, {"tissues", "tissues"}, {"puffs", "puffs"},
	{"pouches", "pouches"}, {"cereal", "cereal"},
}

// lexiconFind returns the canonical supply named in p, if any, and
// whether p names a blocked phrase.
func lexiconFind(p string) (string, bool) {
	for _, e := range lexicon {
		if wordIndex(p, e.surface) >= 0 {
			return e.canon, true
		}
	}
	return "", false
}

// lexiconItems lists the known supplies s names, in order.
func lexiconItems(s string) []string {
	type hit struct {
		at, end int
		canon   string
	}
	var hits []hit
	for _, e := range lexicon {
		from := 0
		for from < len(s) {
			i := wordIndex(s[from:], e.surface)
			if i < 0 {
				break
			}
			i += from
			end := i + len(e.surface)
			covered := false
			for _, h := range hits {
				if i < h.end && end > h.at {
					covered = true
					break
				}
			}
			if !covered {
				hits = append(hits, hit{i, end, e.canon})
			}
			from = end
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].at < hits[b].at })
	var out []string
	for _, h := range hits {
		if h.canon == "" {
			continue
		}
		dup := false
		for _, x := range out {
			if x == h.canon {
				dup = true
			}
		}
		if !dup {
			out = append(out, h.canon)
		}
		if len(out) == 8 {
			break
		}
	}
	return out
}

// cleanItem tidies one item phrase; fromEnd keeps its last words (the
// phrase came before its cue), else its first.
func cleanItem(p string, fromEnd bool) string {
	if canon, ok := lexiconFind(p); ok {
		return canon
	}
	var words []string
	for _, w := range strings.Fields(p) {
		w = strings.Trim(w, ".,!?;:()[]{}\"'*_~<>=#")
		if w == "" || strings.ContainsAny(w, "0123456789") {
			continue
		}
		words = append(words, w)
	}
	for len(words) > 0 && itemStop[words[0]] {
		words = words[1:]
	}
	for len(words) > 0 && itemStop[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	if len(words) > 3 {
		if fromEnd {
			words = words[len(words)-3:]
		} else {
			words = words[:3]
		}
	}
	for _, w := range words {
		for _, r := range w {
			if r >= utf8.RuneSelf {
				return "" // only plain words make a supply name
			}
		}
	}
	out := strings.Join(words, " ")
	if len(out) > 40 {
		return ""
	}
	return out
}

func cleanItems(p string, fromEnd bool) []string {
	var out []string
	for _, part := range itemSplit.Split(p, 6) {
		if it := cleanItem(part, fromEnd); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// subjectBefore is the phrase a before-cue refers to: the clause up to
// the cue, from the last separator.
func subjectBefore(c string, end int) string {
	p := c[:end]
	if k := strings.LastIndexAny(p, ":(["); k >= 0 {
		p = p[k+1:]
	}
	for _, sep := range []string{" - ", " but ", " so ", " also ", " which "} {
		if k := strings.LastIndex(p, sep); k >= 0 {
			p = p[k+len(sep):]
		}
	}
	return p
}

func horizonOf(num, unit string) (time.Duration, bool) {
	n := parseNumber(num)
	u, ok := unitWords[unit]
	if !ok || n <= 0 || n > 400 {
		return 0, false
	}
	return time.Duration(n * float64(u)), true
}

// invNeed are the words without which a clause has no running-low phrase.
var invNeed = []string{"<", "less than", "under", "left", "low", "out", "more", "new", "extra", "last", "none", "gone", "empty", "finished", "used up"}

// findAll runs re only when s holds one of need.
func findAll(re *regexp.Regexp, s string, n int, need ...string) [][]int {
	if !hasNeeds(s, need) {
		return nil
	}
	return re.FindAllStringSubmatchIndex(s, n)
}

// readInventory reads running-low phrases clause by clause.
func readInventory(clauses []string) invReading {
	var v invReading
	for _, c := range clauses {
		if !hasNeeds(c, invNeed) {
			continue
		}
		found := false
		var items []string
		// "wipes < 1 day"
		for _, idx := range findAll(invLessRe, c, 4, "<", "less than", "under") {
			if d, ok := horizonOf(c[idx[2]:idx[3]], c[idx[4]:idx[5]]); ok {
				v.addHorizon(d)
				found = true
				items = append(items, cleanItems(subjectBefore(c, idx[0]), true)...)
			}
		}
		// "2 bottles left", "2 days of formula left", "0 diapers left"
		for _, idx := range findAll(invLeftRe, c, 4, "left") {
			num, what := c[idx[2]:idx[3]], strings.TrimSpace(c[idx[4]:idx[5]])
			first, rest, _ := strings.Cut(what, " ")
			if _, isUnit := unitWords[first]; isUnit {
				d, ok := horizonOf(num, first)
				var its []string
				if after, ok2 := strings.CutPrefix(rest, "of "); ok2 {
					its = cleanItems(after, false)
				} else if canon, ok2 := lexiconFind(subjectBefore(c, idx[0])); ok2 && canon != "" {
					its = []string{canon}
				}
				if ok && len(its) > 0 {
					v.addHorizon(d)
					found = true
					items = append(items, its...)
				}
				continue
			}
			var its []string
			if containerWords[first] {
				// "2 cans of formula left", "formula: 1 can left"
				if after, ok := strings.CutPrefix(rest, "of "); ok {
					its = cleanItems(after, false)
				} else {
					its = lexiconItems(c)
				}
			} else {
				its = cleanItems(what, true)
			}
			if len(its) == 0 || outOfStop[strings.Fields(its[0])[0]] {
				continue
			}
			found = true
			items = append(items, its...)
			if num == "0" || num == "zero" || num == "no" {
				v.out = true
			}
		}
		// "running low on diapers", "out of formula"
		for _, idx := range findAll(invAfterRe, c, 4, "low", "out", "more", "new", "extra", "last", "none") {
			cue := c[idx[2]:idx[3]]
			obj := c[idx[1]:]
			if k := itemCut.FindStringIndex(obj); k != nil {
				obj = obj[:k[0]]
			}
			its := cleanItems(obj, false)
			if len(its) == 0 {
				continue
			}
			first := strings.Fields(its[0])[0]
			_, lex := lexiconFind(obj)
			switch cue {
			case "out of", "running out of", "ran out of", "run out of", "all out of", "need more", "needs more", "need new", "need extra":
				if outOfStop[first] {
					continue
				}
			case "no more":
				if !lex {
					continue
				}
			}
			found = true
			items = append(items, its...)
			switch cue {
			case "out of", "ran out of", "all out of", "no more":
				v.out = true
			}
		}
		// "diaper cream almost out", "wipes low", "formula gone"
		for _, idx := range findAll(invBefRe, c, 6, "out", "low", "gone", "empty", "finished", "used up") {
			cue := c[idx[2]:idx[3]]
			rest := c[idx[3]:]
			if strings.HasPrefix(rest, " on") || strings.HasPrefix(rest, " of") {
				continue // an after-cue, read above
			}
			if cue == "empty" || cue == "finished" {
				// "dishwasher is empty", "finished the form": only supplies.
				if canon, ok := lexiconFind(subjectBefore(c, idx[0])); !ok || canon == "" {
					continue
				}
			}
			switch cue {
			case "low", "out", "gone", "empty", "finished":
				// Only at the end of a phrase: "wipes low", not "low energy".
				r := strings.TrimLeft(rest, " ")
				if r != "" && !strings.HasPrefix(r, ",") && !strings.HasPrefix(r, "-") && !strings.HasPrefix(r, "(") &&
					!strings.HasPrefix(r, "and ") && !strings.HasPrefix(r, "already") && !strings.HasPrefix(r, "soon") &&
					!strings.HasPrefix(r, "too") && !strings.HasPrefix(r, "again") && !strings.HasPrefix(r, "now") {
					continue
				}
			}
			subj := subjectBefore(c, idx[0])
			if beforeStop[prevWord(c, idx[0]+1)] {
				continue
			}
			its := cleanItems(subj, true)
			if len(its) == 0 {
				continue
			}
			found = true
			items = append(items, its...)
			switch cue {
			case "out", "gone", "all gone", "empty", "finished", "used up":
				v.out = true
			}
		}
		if strings.Contains(c, "last ") && invLastRe.MatchString(c) {
			found = true
		}
		if !found && strings.Contains(c, " more ") && invForRe.MatchString(c) && len(lexiconItems(c)) > 0 {
			found = true // "formula for 2 more days"
		}
		if found {
			// "for 2 more days"
			for _, idx := range invForRe.FindAllStringSubmatchIndex(c, 2) {
				if d, ok := horizonOf(c[idx[2]:idx[3]], c[idx[4]:idx[5]]); ok {
					v.addHorizon(d)
				}
			}
			if len(items) == 0 {
				items = lexiconItems(c)
			}
			v.found = true
			v.addItems(items...)
		}
	}
	if len(v.items) > 12 {
		v.items = v.items[:12]
	}
	return v
}
