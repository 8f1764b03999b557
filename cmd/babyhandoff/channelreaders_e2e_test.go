package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// #family, where Maya, Sam and Pat all joined, has the radar's message,
// listing Pat's item from his DM too. Dana comes into #family and has not
// joined: the message is updated in place to what #family may see (its
// own notes), as soon as Slack says she came in or, if that word is late
// or lost, as soon as she writes there; the rise her note brings is posted
// to a member's DM (the route's), not in #family.
func TestE2ERadarInAChannelSomeoneCameInto(t *testing.T) {
	for _, tc := range []struct {
		name   string
		joined bool // Slack sends member_joined_channel
	}{
		{"Slack says she came in", true},
		{"she writes there first", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, _, _ := channelFamily(t, "U2")
			h.note("DU3", "U3", "out of diapers", tsAt(clock.Now(), 2))
			private := []string{"diapers", "archives/DU3"}
			noneOf := func(m slacktest.Message, when string) {
				t.Helper()
				for _, p := range private {
					assert.NotContains(t, m.Text+string(m.Blocks), p, when)
				}
			}
			// The note may come after the radar's first message: then it is
			// a new critical item, and a second message.
			posts := h.waitRadar(clock, "C1", func(ms []slacktest.Message) bool {
				return len(ms) > 0 && strings.Contains(string(ms[len(ms)-1].Blocks), "diapers")
			}, "the whole list in #family, where everyone joined")
			before := posts[len(posts)-1]
			updated := func(why string) slacktest.Message {
				t.Helper()
				m, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
					return m.Channel == "C1" && m.TS == before.TS && m.Updated > before.Updated
				})
				require.NoError(t, err, "%s; log:\n%s", why, h.stderr.String())
				return m
			}

			bot := h.fake.Config().BotUserID
			h.fake.SetUser(slacktest.User{ID: "U4", Name: "Dana", TZ: "UTC"})
			h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", "U2", "U3", "U4", bot}})
			if tc.joined {
				h.ack(h.memberJoined("C1", "U4"))
				shown := updated("the message in #family redrawn when Dana came in")
				noneOf(shown, "once Dana came in")
				assert.Contains(t, string(shown.Blocks), "formula", "#family's own note")
			}

			// She writes there: a new critical item, posted to a member's DM.
			h.channelNote("C1", "U4", "out of wipes", tsAt(clock.Now(), 5))
			noneOf(updated("the message in #family redrawn after Dana's note"), "after Dana's note")
			require.Eventually(t, func() bool {
				clock.Advance(3 * time.Second)
				for _, dm := range []string{"DU1", "DU2", "DU3"} {
					for _, m := range h.radarPostsIn(dm) {
						if strings.Contains(string(m.Blocks), "wipes") {
							return true
						}
					}
				}
				return false
			}, 10*time.Second, 10*time.Millisecond, "the rise posted to a member's DM; log:\n%s", h.stderr.String())
			require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
			assert.Len(t, h.radarPostsIn("C1"), len(posts), "nothing new in #family")
			last, _ := h.fake.Message("C1", before.TS)
			noneOf(last, "at the end")
		})
	}
}

// memberJoined is Slack's member_joined_channel event.
func (h *harness) memberJoined(channel, user string) string {
	h.t.Helper()
	id, err := h.fake.SendEvent(h.ctx(), map[string]any{"type": "member_joined_channel", "user": user, "channel": channel,
		"channel_type": "C", "team": h.team, "event_ts": "1700000000.000100"})
	require.NoError(h.t, err)
	return id
}
