package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// Maya hands off to Grandma, who is not in the family (she taps Not now,
// or joins and leaves later). Sam then writes a health note in his DM and
// Maya resolves the older fever from her card: Grandma's handoff is
// redrawn (the fever struck through) but never shows Sam's newer note,
// which was not handed to her.
func TestE2EHandoffToAnOutsiderShowsNoNewerNotes(t *testing.T) {
	for _, tc := range []struct {
		name string
		join bool // Grandma joins, then leaves
	}{
		{"she taps Not now", false},
		{"she joined and left", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
			setup, nudgers := fakeTime(clock)
			var m *Main
			h := start(t, func(mm *Main) { m = mm; setup(mm) })
			<-nudgers
			for id, name := range map[string]string{"U1": "Maya", "U2": "Sam", "U3": "Grandma"} {
				h.fake.SetUser(slacktest.User{ID: id, Name: name, TZ: "UTC"})
			}
			ctx := context.Background()
			feverTS := tsAt(clock.Now(), 1)
			h.note("DU1", "U1", "baby 38.4 fever since 6pm", feverTS)
			fever := noteIDOf(t, h.replyMessage("DU1", feverTS).Blocks)
			fam, err := m.db.FamilyOf(ctx, h.team, "DU1")
			require.NoError(t, err)
			_, err = dbOf(m).Join(ctx, bh.Member{TeamID: h.team, ShiftID: fam.ShiftID, UserID: "U2", InvitedBy: "U1"}, "DU2")
			require.NoError(t, err)
			h.ack(h.slash("/plan", "", "DU1", "U1"))
			card := h.waitCard("DU1", "v1 · ")

			h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHandoffOpen, card.runID))
			meta := h.openedView(blocks.CallbackHandoff)["private_metadata"].(string)
			assert.Nil(t, formErrors(t, h.ack(h.submitView(blocks.CallbackHandoff, meta, handoffValues([]string{"U3"}, "", "now", 10, "", false)))))
			got := h.topLevel("DU3", "handed off to you")
			require.Contains(t, string(got.Blocks), "fever since 6pm", "what was handed to her")
			inv, id := h.invite("DU3")
			if tc.join {
				h.ack(h.click("DU3", inv.TS, "U3", blocks.ActionFamilyJoin, id))
				h.ephemeral("DU3", "U3", "You joined")
				require.NoError(t, m.db.Leave(ctx, h.team, fam.ShiftID, "U3"))
			} else {
				h.ack(h.click("DU3", inv.TS, "U3", blocks.ActionFamilyNotNow, id))
			}

			clock.Advance(time.Hour)
			h.note("DU2", "U2", "rash on chest, vomited twice", tsAt(clock.Now(), 2))
			h.ack(h.click("DU1", card.ts, "U1", blocks.ActionHealthResolved, fever))
			h.ephemeral("DU1", "U1", "Resolved: baby 38.4 fever")
			redrawn, err := h.fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool {
				return m.Channel == "DU3" && m.TS == got.TS && strings.Contains(string(m.Blocks), "~ · resolved")
			})
			require.NoError(t, err, "Grandma's handoff redrawn; log:\n%s", h.stderr.String())
			assert.NotContains(t, redrawn.Text+string(redrawn.Blocks), "rash", "Sam's newer note was not handed to Grandma")
			require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
		})
	}
}
