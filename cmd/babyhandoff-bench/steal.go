package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// cpuTimes are the machine's CPU times so far, from /proc/stat's "cpu"
// line, in clock ticks: all of them, and those the hypervisor gave to
// other guests while this machine wanted to run (steal). On a shared
// virtual machine a stolen moment stalls whatever was running, an ack or
// a disk sync's completion, so the suites say how much was stolen while
// they measured.
type cpuTimes struct {
	total, steal uint64
	ok           bool
}

// readCPUTimes reads them; ok is false where there is no /proc/stat.
func readCPUTimes() cpuTimes {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}
	}
	return parseCPUTimes(string(b))
}

func parseCPUTimes(stat string) cpuTimes {
	for _, line := range strings.Split(stat, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 9 || fields[0] != "cpu" {
			continue
		}
		// user nice system idle iowait irq softirq steal [guest guest_nice],
		// where guest time is already counted in user.
		var t cpuTimes
		for i, f := range fields[1:9] {
			n, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				return cpuTimes{}
			}
			t.total += n
			if i == 7 {
				t.steal = n
			}
		}
		t.ok = true
		return t
	}
	return cpuTimes{}
}

// stolenLine says, under a suite's table, how much was stolen while it
// measured.
func stolenLine(w io.Writer, since cpuTimes) {
	fmt.Fprintf(w, "\nCPU time stolen by the host (given to other guests while this machine wanted to run, /proc/stat) while the suite measured: %s.\n", readCPUTimes().stolenSince(since))
}

// stolenSince is the share of the machine's CPU time stolen between
// since and t, as "7.0%", or "unknown".
func (t cpuTimes) stolenSince(since cpuTimes) string {
	if !t.ok || !since.ok || t.total <= since.total {
		return "unknown"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(t.steal-since.steal)/float64(t.total-since.total))
}
