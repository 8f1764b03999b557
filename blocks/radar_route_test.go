package blocks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// The footer says who is on duty without a mention where that person is
// not: "You're on duty" in their own DM, their name in another's; a
// mention in a family channel. Nobody is spoken to in a DM.
func TestRadarFooterSaysWhoIsOnDutyToItsReader(t *testing.T) {
	now := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	duty := bh.Duty{UserID: "U2", Since: now.Add(-time.Hour), Until: time.Date(2026, 11, 24, 7, 45, 0, 0, time.UTC)}
	for _, tc := range []struct {
		name    string
		to      bh.Route
		want    string
		notWant string
	}{
		{"Sam's own DM", bh.Route{ChannelID: "DU2", UserID: "U2", Duty: true}, "You're on duty until ", "<@U2>"},
		{"Maya's DM", bh.Route{ChannelID: "DU1", UserID: "U1"}, "On duty: Sam until ", "<@U2>"},
		{"a family channel", bh.Route{ChannelID: "C1"}, "On duty: <@U2> until ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "DU1"}, State: radarState(now), Location: time.UTC, Now: now,
				Why: "risk is high", Duty: duty, DutyName: "Sam", To: tc.to}
			raw, err := json.Marshal(blocks.RadarPost(p, nil, nil).Blocks)
			require.NoError(t, err)
			text := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">").Replace(string(raw))
			assert.Contains(t, text, tc.want)
			if tc.notWant != "" {
				assert.NotContains(t, text, tc.notWant)
			}
		})
	}
}
