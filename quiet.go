package babyhandoff

import (
	"fmt"
	"strings"
	"time"
)

// QuietHours are the night hours, on a shift's clock, when the Risk Radar
// keeps to updating its standing message and posts a new one only for a new
// critical item. From and To are hours (0–23); From == To means none.
type QuietHours struct{ From, To int }

// DefaultQuietHours are a shift's quiet hours for the radar until a person
// chooses.
var DefaultQuietHours = QuietHours{From: 22, To: 7}

// DefaultNightHours are the night a plan keeps for sleep until a person
// chooses quiet hours: a plan may start the day at 06:00 while the radar
// keeps calm an hour longer. Once chosen, both use the chosen hours.
var DefaultNightHours = QuietHours{From: 22, To: 6}

// Off reports whether there are no quiet hours.
func (q QuietHours) Off() bool { return q.From == q.To }

// Contains reports whether local (a time on the shift's clock) is quiet.
func (q QuietHours) Contains(local time.Time) bool {
	h := local.Hour()
	switch {
	case q.Off():
		return false
	case q.From < q.To:
		return h >= q.From && h < q.To
	default: // across midnight
		return h >= q.From || h < q.To
	}
}

// String is "22:00–07:00", or "off".
func (q QuietHours) String() string {
	if q.Off() {
		return "off"
	}
	return fmt.Sprintf("%02d:00–%02d:00", q.From, q.To)
}

// Value is the hours as a form's option value: "22-7", or "off".
func (q QuietHours) Value() string {
	if q.Off() {
		return "off"
	}
	return fmt.Sprintf("%d-%d", q.From, q.To)
}

// ParseQuietHours reads quiet hours as a person types them: "22-7",
// "22:00-07:00", "10pm-7am", "10pm to 6am", "off".
func ParseQuietHours(s string) (QuietHours, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "off", "none", "no":
		return QuietHours{}, nil
	}
	s = strings.NewReplacer("–", "-", "—", "-", " to ", "-", " ", "").Replace(s)
	from, to, ok := strings.Cut(s, "-")
	if !ok {
		return QuietHours{}, Errorf(EINVALID, "Quiet hours are two hours, such as `22-7` or `10pm-6am`, or `off`.")
	}
	f, err1 := parseHour(from)
	t, err2 := parseHour(to)
	if err1 != nil || err2 != nil {
		return QuietHours{}, Errorf(EINVALID, "Quiet hours are two hours, such as `22-7` or `10pm-6am`, or `off`.")
	}
	if f == t {
		return QuietHours{}, Errorf(EINVALID, "Quiet hours start and end at the same hour; say `off` for none.")
	}
	return QuietHours{From: f, To: t}, nil
}

// parseHour reads one end of quiet hours: a time word (ReadTimeWord, the
// grammar capture and /plan read) on the hour: "22", "22:00", "7am",
// "10pm", "12am" or "midnight" (0), "noon". A number is a 24-hour clock's.
func parseHour(s string) (int, error) {
	t, ok := ReadTimeWord(s)
	if !ok || t.Kind != WordClock || t.Min != 0 {
		return 0, fmt.Errorf("%q is not an hour", s)
	}
	return t.Hour % 24, nil
}
