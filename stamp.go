package babyhandoff

import "time"

// Stamp is a time written into a text for people ("overdue since Tue
// 17:00"): At, as Text shows it on the shift's clock in Layout. Files and
// notifications read the text as written; a Slack message shows each stamp
// in its reader's own zone and 12- or 24-hour clock, so texts carry their
// stamps beside them rather than a markup of their own.
type Stamp struct {
	At     time.Time
	Layout string // a time.Format layout: "15:04", "Mon 15:04", "Mon Jan 2"
	Text   string
}

// StampOf is t written in layout on t's own clock (callers pass t.In(loc)).
// At is kept in UTC, as stored: a stamp made now and one read back are
// equal, so a replayed run compares equal to the stored one.
func StampOf(t time.Time, layout string) Stamp {
	return Stamp{At: t.UTC(), Layout: layout, Text: t.Format(layout)}
}
