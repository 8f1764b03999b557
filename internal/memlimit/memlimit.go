// Package memlimit is the bot's soft memory limit: its default, and the
// syntax it is written in, GOMEMLIMIT's (Go's own setting for it).
//
// The limit is on the memory Go manages (its heap, the goroutines' stacks,
// the runtime's own): near it, Go collects garbage sooner instead of
// letting the heap grow to twice what is in use, and hands what it freed
// back to the OS. It is soft: a heap that needs more gets more, and the
// collector then takes at most about half the CPU. SQLite's page caches
// and the program's own pages are outside it.
package memlimit

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Default is the limit when none is set: none, as Go's own. A default of
// 32 MiB was tried: it cut the soak's resident memory by 5 MB on day 90,
// but a /plan then took 19.3 ms at the median against 11.3 without it (a
// heap that grows with the days nearing the limit) and the capture of 500
// notes a second was ten times slower at the p99 (149 against 15.4 ms):
// collections all but without pause once the heap neared it.
const Default = Off

// Off is no limit (GOMEMLIMIT=off): Go's own default.
const Off int64 = math.MaxInt64

// Parse reads a limit as GOMEMLIMIT writes it: a whole number of bytes
// with an optional unit (B, KiB, MiB, GiB, TiB), or "off" for no limit.
// Empty is Default.
func Parse(s string) (int64, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "":
		return Default, nil
	case "off":
		return Off, nil
	}
	num, mult := s, int64(1)
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			num, mult = n, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || num == "" || num[0] == '+' || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a size such as 32MiB, 512MiB or 1GiB, nor off", s)
	}
	if n*mult < Min {
		// "0" means "none" elsewhere in the settings; here it would make
		// the collector run without pause.
		return 0, fmt.Errorf("%q is below %s: use off for no limit", s, String(Min))
	}
	return n * mult, nil
}

// Min is the smallest limit Parse takes: below it the collector would run
// almost without pause, taking up to half the CPU.
const Min = 8 << 20

// String writes a limit as Parse reads it, in the largest whole unit.
func String(n int64) string {
	if n == Off {
		return "off"
	}
	for _, u := range units {
		if n >= u.mult && n%u.mult == 0 {
			return strconv.FormatInt(n/u.mult, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// units are GOMEMLIMIT's, largest first: String writes the largest that
// fits, and Parse tries B, a suffix of the others, last.
var units = []struct {
	suffix string
	mult   int64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}
