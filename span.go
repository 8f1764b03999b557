package babyhandoff

import (
	"fmt"
	"time"
)

// Span is a duration as a phone shows it, to the minute: "45 min", "2 h",
// "1 h 30 min".
func Span(d time.Duration) string {
	d = d.Round(time.Minute)
	h, m := int(d.Hours()), int(d.Minutes())%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}
