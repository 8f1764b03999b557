package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// In #family, where Sam has not joined, Maya is told once why /plan uses
// only the channel's notes; the bot keeps that in memory only, so after a
// restart she is told once more (as docs/using.md says), and then not
// again.
func TestE2EChannelOnlyToldOncePerStart(t *testing.T) {
	h, clock, _, _ := channelFamily(t)
	h.note("DU3", "U3", "pay pediatrician bill by 11:55pm", tsAt(clock.Now(), 2))
	told := func() int {
		n := 0
		for _, m := range h.fake.Messages("C1") {
			if m.Ephemeral && strings.Contains(m.Text, "plans here use only the notes written here") {
				n++
			}
		}
		return n
	}
	h.ack(h.slash("/plan", "", "C1", "U1"))
	h.waitCard("C1", "v1 · ")
	h.ephemeral("C1", "U1", "plans here use only the notes written here")
	h.ack(h.slash("/plan", "", "C1", "U1"))
	h.waitCard("C1", "v2 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Equal(t, 1, told(), "told once")

	h.launch()
	h.ack(h.slash("/plan", "", "C1", "U1"))
	h.waitCard("C1", "v3 · ")
	h.ack(h.slash("/plan", "", "C1", "U1"))
	h.waitCard("C1", "v4 · ")
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Equal(t, 2, told(), "once more after the restart, and only once")
}
