package babyhandoff

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Tag is what a note is: the four chips a parent can pick.
type Tag string

// The tags, as stored.
const (
	TagNote      Tag = "note"
	TagTask      Tag = "task"
	TagDeadline  Tag = "deadline"
	TagInventory Tag = "inventory"
)

// Tags lists every tag in chip order.
var Tags = []Tag{TagNote, TagTask, TagDeadline, TagInventory}

// Label is the tag as a person reads it on a chip.
func (t Tag) Label() string {
	switch t {
	case TagTask:
		return "Task"
	case TagDeadline:
		return "Deadline"
	case TagInventory:
		return "Running low"
	default:
		return "Note"
	}
}

// Valid reports whether t is one of Tags.
func (t Tag) Valid() bool {
	for _, v := range Tags {
		if t == v {
			return true
		}
	}
	return false
}

// ParseTag accepts a stored tag value or a label ("running low").
func ParseTag(s string) (Tag, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "running low", "running_low", "low":
		return TagInventory, nil
	}
	t := Tag(s)
	if !t.Valid() {
		return "", Errorf(EINVALID, "%q is not a tag; use Note, Task, Deadline or Running low.", s)
	}
	return t, nil
}

// TagSource says who decided a note's tag, so that a later automatic guess
// never overrides a person's choice.
type TagSource string

// Tag sources.
const (
	TagByDefault  TagSource = "default"  // nothing said; Note
	TagByPrefix   TagSource = "prefix"   // "task: …"
	TagByUser     TagSource = "user"     // a chip or the modal
	TagByInferred TagSource = "inferred" // the normaliser
)

// NoteSource says how a note reached us.
type NoteSource string

// Note sources.
const (
	SourceDM              NoteSource = "dm"
	SourceChannel         NoteSource = "channel"
	SourceMention         NoteSource = "mention"
	SourceShortcut        NoteSource = "shortcut"         // global shortcut modal
	SourceMessageShortcut NoteSource = "message_shortcut" // "Save as note" on any message
)

// MaxNoteRunes is Slack's cap on a message's text; a note is stored whole up
// to it and cut (with "…") beyond it.
const MaxNoteRunes = 40000

// Shift is a family's list: the shared context every conversation of the
// family feeds (its members' DMs, a family channel; see Conversation).
type Shift struct {
	ID     string
	TeamID string
	// ChannelID is the family's founding key: the conversation of its first
	// note (unique per team), or a FamilyKey. It is never a destination.
	ChannelID string
	// TZ is an IANA zone name; "" means the configured default.
	TZ     string
	Sample bool
	// SweptRev sums the revisions of the notes the retention sweep
	// removed, so that the radar's order of states (ShiftState.NotesRev)
	// does not fall when old notes go.
	SweptRev  int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Note is one captured note (a "log" in the PRD's collections).
type Note struct {
	ID        string
	TeamID    string
	ShiftID   string
	ChannelID string
	UserID    string
	// Text is the note without its tag prefix; RawText is what was sent.
	Text      string
	RawText   string
	Tag       Tag
	TagSource TagSource
	Source    NoteSource
	// MessageTS is the Slack message the note came from; "" for notes typed
	// into the Add note modal.
	MessageTS string
	// Permalink links back to the source message (Save as note).
	Permalink string
	// ReplyChannel and ReplyTS locate the bot's confirmation with the chips.
	ReplyChannel string
	ReplyTS      string
	EventID      string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	DeletedAt    *time.Time
	// DoneAt is when a person marked the note's item done (radar Done);
	// plans and the radar leave done items out.
	DoneAt *time.Time
	// DoneBy says who marked it: a person, or a note that says the item
	// was bought ("got diapers" closes "diapers almost out").
	DoneBy DoneBy
	// StillOnAt is when a person answered "still on it" for an overdue
	// deadline: it stays in plans OverdueDrop longer from then.
	StillOnAt *time.Time
	// ClaimedBy is who said "I'll do it" (in a family channel); "" when
	// nobody has. Cards, handoffs and the radar name them.
	ClaimedBy string
	ClaimedAt *time.Time
	// Rev counts changes; watchers use it to tell a new state from a replay.
	Rev int
	// Reading is what the normaliser read in the note, in its family's
	// zone, as the store keeps it (Version 0: not read yet). It is made
	// again where a note lands, so it never travels with one: exports and
	// a run's records (and their hashes) are as they were without it.
	Reading Reading `json:"-"`
}

// DoneBy is who marked a note's item done.
type DoneBy struct {
	User string // the Slack user who pressed Done, or wrote the closing note
	Note string // the note that closed it ("got diapers"), if one did
	// Dropped says the person dropped it rather than did it (an overdue
	// deadline let go): out of plans all the same, kept in history.
	Dropped bool
}

// Words is what the note says: its text, else (a note stored before its
// text was kept apart) what was sent without its tag prefix.
func (n Note) Words() string {
	if strings.TrimSpace(n.Text) == "" && n.RawText != "" {
		p, _ := ParseNoteText(n.RawText)
		return p.Text
	}
	return n.Text
}

// Deleted reports whether the note was soft-deleted.
func (n Note) Deleted() bool { return n.DeletedAt != nil }

// Done reports whether the note's item was marked done.
func (n Note) Done() bool { return n.DoneAt != nil }

// LiveNotes is a shift's notes as plans and the radar read them at a
// moment: what is closed for good is not in it, so their cost follows the
// open items, not the months of history.
type LiveNotes struct {
	// Notes are the shift's notes, oldest first, but for deleted ones,
	// those past (Fact.PastFrom) and those done more than DoneWindow ago;
	// done ones within it stay, for "done since yesterday".
	Notes []Note
	// Rev is ShiftState.NotesRev: Shift.SweptRev plus the revisions of
	// every note the shift holds, deleted, done and past ones too.
	Rev int
}

// Claims are who said "I'll do it" for the open notes among notes, by note
// id.
func Claims(notes []Note) map[string]string {
	out := map[string]string{}
	for _, n := range notes {
		if n.ClaimedBy != "" && !n.Done() && !n.Deleted() {
			out[n.ID] = n.ClaimedBy
		}
	}
	return out
}

// NewNote is what capture knows about a note before it is stored.
type NewNote struct {
	TeamID    string
	ChannelID string
	UserID    string
	RawText   string
	// Tag, when set, is a person's explicit choice (modal); otherwise the
	// text's prefix decides, else Note.
	Tag Tag
	// Inferred is the normaliser's kind for the text; it is used when
	// neither a person (Tag) nor a prefix chose one.
	Inferred  Tag
	Source    NoteSource
	MessageTS string
	Permalink string
	EventID   string
	// WrittenAt is when the message was written (MessageTime of its ts):
	// the note's time, from which its "tomorrow" and its 24 hours count.
	// Zero: when it is stored (a form has no message).
	WrittenAt time.Time
	// Redelivered says Slack delivers the message again (a retry): its
	// note may be stored already, and is looked for before the writer's
	// turn, which may be what held the first delivery.
	Redelivered bool
}

// clockSkew is how far ahead of our clock a message's ts may be and still
// be believed (Slack's clock and ours differ a little).
const clockSkew = 2 * time.Minute

// MessageTime is when a Slack message was written, read from its ts
// ("1732530000.000100": seconds and microseconds since 1970), so a message
// saved as a note a day later, or delivered late after an outage, is read
// from the day it was written. A ts that does not parse, or lies in the
// future, gives received.
func MessageTime(ts string, received time.Time) time.Time {
	secs, frac, _ := strings.Cut(ts, ".")
	s, err := strconv.ParseInt(secs, 10, 64)
	if err != nil || s <= 0 {
		return received
	}
	var us int64
	if frac != "" {
		if us, err = strconv.ParseInt(frac, 10, 64); err != nil || len(frac) != 6 || us < 0 {
			return received
		}
	}
	t := time.Unix(s, us*1000).UTC()
	if t.After(received.Add(clockSkew)) {
		return received
	}
	return t
}

var tagPrefixes = []struct {
	prefix string
	tag    Tag
}{
	{"running low", TagInventory},
	{"deadline", TagDeadline},
	{"task", TagTask},
	{"todo", TagTask},
	{"note", TagNote},
	{"low", TagInventory},
}

// NoteText is a message's text read for storage.
type NoteText struct {
	// Text is the cleaned text without its tag prefix.
	Text string
	// Tag is the tag its prefix named, else TagNote.
	Tag Tag
	// FromPrefix says the text began with a tag prefix ("task: …").
	FromPrefix bool
}

// ParseNoteText cleans a message for storage and reads its tag prefix
// ("task: call daycare" → Task, "call daycare"). It drops control characters
// (but keeps newlines and tabs), replaces invalid UTF-8, trims space and cuts
// the text to MaxNoteRunes. ok is false when nothing is left to store.
func ParseNoteText(raw string) (t NoteText, ok bool) {
	text := CleanText(raw)
	if text == "" {
		return NoteText{}, false
	}
	lower := strings.ToLower(text)
	for _, p := range tagPrefixes {
		if !strings.HasPrefix(lower, p.prefix) {
			continue
		}
		rest := text[len(p.prefix):]
		if !strings.HasPrefix(rest, ":") {
			continue
		}
		rest = strings.TrimSpace(rest[1:])
		if rest == "" {
			// "task:" alone is not a note.
			return NoteText{}, false
		}
		return NoteText{Text: rest, Tag: p.tag, FromPrefix: true}, true
	}
	return NoteText{Text: text, Tag: TagNote}, true
}

// ResolvedNote is a new note as it is stored: its text, its tag and who
// chose the tag.
type ResolvedNote struct {
	Text      string
	Tag       Tag
	TagSource TagSource
}

// Resolve reads a new note's text and decides its tag. The rule: a
// person's explicit choice (a chip, the modal) beats a tag prefix in the
// text, which beats the normaliser's inferred kind; with none of them a note
// is a Note. An empty text or an unknown chosen tag is EINVALID.
func (in NewNote) Resolve() (ResolvedNote, error) {
	t, ok := ParseNoteText(in.RawText)
	if !ok {
		return ResolvedNote{}, Errorf(EINVALID, "That note is empty.")
	}
	r := ResolvedNote{Text: t.Text, Tag: t.Tag, TagSource: TagByDefault}
	switch {
	case in.Tag != "":
		if !in.Tag.Valid() {
			return ResolvedNote{}, Errorf(EINVALID, "%q is not a tag.", in.Tag)
		}
		r.Tag, r.TagSource = in.Tag, TagByUser
	case t.FromPrefix:
		r.TagSource = TagByPrefix
	case in.Inferred.Valid():
		r.Tag, r.TagSource = in.Inferred, TagByInferred
	}
	return r, nil
}

// EditedTag decides the tag of a note whose message was edited to t. A
// prefix in the new text wins (it is the person's latest word); else a tag
// the person chose before stays; else the normaliser's kind for the new
// text (inferred); else Note. keep is false when the tag stays as it was.
func EditedTag(old Note, t NoteText, inferred Tag) (tag Tag, source TagSource, keep bool) {
	switch {
	case t.FromPrefix:
		return t.Tag, TagByPrefix, false
	case old.TagSource == TagByUser:
		return old.Tag, old.TagSource, true
	case inferred.Valid():
		// The prefix that set the tag is gone, or the guess was a guess.
		return inferred, TagByInferred, false
	default:
		return TagNote, TagByDefault, false
	}
}

// CleanText makes user text safe to store: valid UTF-8, no control characters
// other than newline and tab, trimmed, at most MaxNoteRunes runes.
func CleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if r == '\r' {
			return -1
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	return Truncate(s, MaxNoteRunes)
}

// Truncate cuts s to at most n runes, ending in "…" when it had to cut.
func Truncate(s string, n int) string {
	if n <= 0 {
		return ""
	}
	count := 0
	for i := range s {
		if count == n-1 {
			// Is there more than one rune left?
			rest := s[i:]
			if len([]rune(rest)) <= 1 {
				return s
			}
			return s[:i] + "…"
		}
		count++
	}
	return s
}
