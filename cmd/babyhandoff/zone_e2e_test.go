package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// A New York parent's first note and a /plan at once, while Slack has not
// yet said where they live (users.info held): the note is acked all the
// same, and the plan waits for their zone and is made in it, not in
// DEFAULT_TZ (UTC), in their DM as in the family's channel, with one
// users.info between the note's reply and the plan.
func TestE2EAPlanRightAfterTheFirstNoteIsInTheFamilysZone(t *testing.T) {
	for _, tc := range []struct{ name, channel, kind string }{
		{"a DM", "DU1", "im"},
		{"a family channel", "C1", "channel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ny, err := time.LoadLocation("America/New_York")
			require.NoError(t, err)
			clock := clocktest.New(time.Date(2026, 11, 24, 10, 0, 0, 0, ny))
			setup, nudgers := fakeTime(clock)
			asked := make(chan struct{}, 1)
			h := start(t, func(m *Main) {
				setup(m)
				m.zoneAsked = func(string, string, string) {
					select {
					case asked <- struct{}{}:
					default:
					}
				}
			})
			<-nudgers
			bot := h.fake.Config().BotUserID
			h.fake.SetUser(slacktest.User{ID: "U1", Name: "Maya", TZ: "America/New_York"})
			h.fake.SetUser(slacktest.User{ID: bot, Name: "babyhandoff", IsBot: true})
			h.fake.SetChannel(slacktest.Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", bot}})
			arrived, hold := make(chan string, 1), make(chan struct{})
			h.fake.FailNext("users.info", slacktest.Failure{Arrived: arrived, Hold: hold})

			ts := tsAt(clock.Now(), 1)
			h.ack(h.message(tc.channel, tc.kind, "U1", "daycare form due 5pm", ts, nil))
			select {
			case <-arrived: // the writer's profile is on its way
			case <-h.ctx().Done():
				t.Fatal("users.info never asked")
			}
			h.ack(h.slash("/plan", "", tc.channel, "U1"))
			// Released once the plan asks for the zone (the note's own ask
			// comes after its reply, which waits for users.info too): the
			// plan waits for it, it does not find it recorded.
			select {
			case <-asked:
			case <-h.ctx().Done():
				t.Fatal("the plan never asked for the family's zone")
			}
			close(hold)
			card := h.waitCard(tc.channel, "v1 · ")
			h.replyTo(tc.channel, ts)

			said := unJSON.Replace(card.title + string(card.raw))
			due := time.Date(2026, 11, 24, 17, 0, 0, 0, ny)
			assert.Contains(t, said, fmt.Sprintf("<!date^%d^", due.Unix()), "due at 5 PM in New York, not at 5 PM UTC")
			assert.Contains(t, said, "due Tue 5 PM")
			assert.Contains(t, said, "|10 AM>", "made at 10 AM New York time, not 15:00 UTC")
			assert.Len(t, h.fake.Calls("users.info"), 1, "one users.info for the note's reply and the plan")
			require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
		})
	}
}
