package blocks_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babyhandoff/babyhandoff/blocks"
)

// inert reports whether s is safe as mrkdwn: no < or > (so no mention,
// link or @channel) and every & starts one of the three entities.
func inert(s string) bool {
	if strings.ContainsAny(s, "<>") {
		return false
	}
	for i := strings.IndexByte(s, '&'); i >= 0; i = strings.IndexByte(s, '&') {
		rest := s[i:]
		if !strings.HasPrefix(rest, "&amp;") && !strings.HasPrefix(rest, "&lt;") && !strings.HasPrefix(rest, "&gt;") {
			return false
		}
		s = rest[1:]
	}
	return true
}

// FuzzEscape: whatever a note says, what the bot echoes is inert mrkdwn,
// cut to size without splitting an entity. Seeds: testdata/fuzz/FuzzEscape.
func FuzzEscape(f *testing.F) {
	f.Add("<!channel> & <https://evil.example|click> *bold* ~x~", 20)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n%500 + 1
		if n < 1 {
			n = -n + 1
		}
		if e := blocks.Escape(s); !inert(e) {
			t.Fatalf("Escape(%q) = %q is not inert", s, e)
		}
		echo := blocks.Echo(s, n)
		if !inert(echo) {
			t.Fatalf("Echo(%q) = %q is not inert", s, echo)
		}
		fit := blocks.Fit(blocks.Escape(s), n)
		if !inert(fit) {
			t.Fatalf("Fit cut an entity: %q", fit)
		}
		if utf8.ValidString(s) && utf8.RuneCountInString(fit) > n+1 {
			t.Fatalf("Fit(%d) gave %d runes", n, utf8.RuneCountInString(fit))
		}
	})
}
