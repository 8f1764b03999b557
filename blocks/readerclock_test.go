package blocks_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// fallback24 is a date token whose fallback is written on the 24-hour
// clock ("|21:47>", "|Wed 07:45>"); tokenOf is any date token.
var (
	fallback24 = regexp.MustCompile(`<!date\^\d+\^[^|>]*\|[^>]*\b\d\d:\d\d>`)
	tokenOf    = regexp.MustCompile(`<!date\^\d+\^[^|>]*\|[^>]*>`)
)

// unescaped is v as JSON with Slack's markup read back ("<", ">").
func unescaped(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(raw))
}

// eveningSurfaces is every surface of the family evening that writes a
// time, built for readers of the clock c (New York, Tue 9:47 PM; Sam on
// duty from a handoff until Wed 7:45 AM).
func eveningSurfaces(t *testing.T, c bh.Clock) map[string]any {
	t.Helper()
	in := eveningCard(t)
	in.Run.Clock = c
	ny := in.Run.Location(time.UTC)
	at := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, ny) }
	now := at(24, 21, 47)
	ho := bh.Handoff{ID: "h1", From: "U1", To: []string{"U2"}, Start: at(24, 21, 45), Hours: 10, CreatedAt: at(24, 21, 45), GotBy: "U2", GotAt: now}
	duty := bh.Duty{UserID: "U2", Since: now, Until: at(25, 7, 45), HandoffID: "h1"}
	in.Duty = duty
	due := at(24, 23, 55)
	st := bh.ShiftState{ComputedAt: now, Level: bh.RiskHigh,
		Deadlines: []bh.RiskItem{{Key: "deadline:bill", Kind: bh.TagDeadline, Text: "pay pediatrician bill", At: &due, Level: bh.RiskHigh, NoteIDs: []string{"bill"}}},
		Health:    []bh.RiskItem{{Key: "health:fever", Text: "baby 38.4 fever since 6pm", NoteIDs: []string{"fever"}, Ask: true}}}
	rec := bh.RunRecord{Run: in.Run, Decision: in.Decision, Proposals: in.Proposals}
	// Maya's standing message, updated in her DM while Sam is on duty.
	post := bh.RadarPost{Kind: bh.PostNudge, Shift: bh.Shift{ID: "s1", ChannelID: "D1"}, State: st, Location: ny, Now: now,
		To: bh.Route{ChannelID: "D1", UserID: "U1"}, Duty: duty, DutyName: "Sam", Clock: c, Why: "updated"}
	ask := post
	ask.Kind = bh.PostHealthAsk
	bill := bh.StampOf(due, blocks.Clock)
	edited := in.Run
	edited.Version, edited.Change, edited.ChangeStamps = 2, "moved Pay pediatrician bill to "+bill.Text, []bh.Stamp{bill}
	moved := bh.BlockMove{Title: "Pay pediatrician bill — due " + bill.Text, From: at(24, 22, 15), To: due, Stamps: []bh.Stamp{bill}}
	return map[string]any{
		"edit reply": blocks.EditReply(in.Run, edited, c),
		"what-if reply": blocks.DiffReply(bh.RunDiff{FromVersion: 1, ToVersion: 2, Change: edited.Change, ChangeStamps: edited.ChangeStamps,
			BlocksAdded: bh.WinnerOf(in.Proposals, in.Decision).Blocks[:1], BlocksMoved: []bh.BlockMove{moved}}, ny, c),
		"versions": blocks.VersionsModal([]blocks.VersionLine{{RunID: "run1", Version: 1, Kind: "plan", At: in.Run.Now},
			{RunID: "run2", Version: 2, Kind: "edit", By: "U1", Change: edited.Change, ChangeStamps: edited.ChangeStamps, At: now, Current: true}}, ny, c),
		"handoff thread":   blocks.HandoffThread(ho, ny, c),
		"duty line":        blocks.DutyLine(duty, now, ny, c),
		"card":             blocks.Card(in),
		"why this plan":    blocks.OthersModal(in),
		"shared card":      blocks.SharedCard(in, "U1"),
		"edit plan":        blocks.EditModal(in, nil),
		"move":             blocks.MoveModal(in, 0, ""),
		"handoff":          blocks.HandoffMessage(blocks.HandoffView{Handoff: ho, Receiver: "U2", Now: now, Location: ny, Clock: c}),
		"handoff taken":    blocks.HandoffTaken(ho, ny, c),
		"handoff reminder": blocks.HandoffReminder(ho, "U2", ny, c),
		"radar update":     blocks.RadarPost(post, nil, nil),
		"radar health ask": blocks.RadarPost(ask, nil, nil),
		"/radar":           blocks.RadarOn(st, nil, ny, c),
		"app home": blocks.Home(blocks.HomeInput{Viewer: "U2", Now: now, Location: ny, Clock: c, Duty: duty, Handoffs: []bh.Handoff{ho},
			Latest: &rec, Plan: &rec, Radar: "pay pediatrician bill — due " + bh.StampOf(due, blocks.DayTime).Text, RadarStamps: []bh.Stamp{bh.StampOf(due, blocks.DayTime)},
			WakeUps: []bh.Event{{At: now, Text: "Risk Radar woke up: a note changed"}}, Outlook: bh.RadarSettings{OutlookHour: 7, SnoozedUntil: at(25, 1, 0)}}),
		"app home, off duty": blocks.Home(blocks.HomeInput{Viewer: "U1", Now: now, Location: ny, Clock: c, Duty: duty}),
	}
}

// Every time a reader sees is on their clock: a date token's fallback is
// what notifications, some clients, screen readers, search and copy-paste
// show, so on a 12-hour clock none is written "21:47" or "Wed 07:45".
func TestEveryFallbackIsOnTheReadersClock(t *testing.T) {
	for name, v := range eveningSurfaces(t, bh.Clock12) {
		t.Run(name, func(t *testing.T) {
			s := unescaped(t, v)
			require.Regexp(t, tokenOf, s, "a surface with times")
			assert.Empty(t, fallback24.FindAllString(s, -1), "24-hour fallbacks")
		})
	}
	// A stamp is written on the reader's clock in the shift's zone, as
	// Clock.Restamp writes it; one written on a 12-hour clock already
	// reads the same.
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	form := bh.StampOf(time.Date(2026, 11, 25, 17, 0, 0, 0, ny), blocks.DayTime)
	assert.Equal(t, "due <!date^1795644000^{date_short_pretty} {time}|Wed 5 PM>", blocks.StampedOn("due Wed 17:00", []bh.Stamp{form}, 90, time.Time{}, ny, bh.Clock12))
	form.Text = "Wed 5 PM"
	assert.Equal(t, "due <!date^1795644000^{date_short_pretty} {time}|Wed 5 PM>", blocks.StampedOn("due Wed 5 PM", []bh.Stamp{form}, 90, time.Time{}, ny, bh.Clock12))
	// A 24-hour reader still reads 24 hours.
	assert.Contains(t, unescaped(t, blocks.HandoffTaken(bh.Handoff{GotBy: "U2", GotAt: time.Date(2026, 11, 25, 2, 47, 0, 0, time.UTC)}, nil, bh.Clock24)), "|02:47>")
}
