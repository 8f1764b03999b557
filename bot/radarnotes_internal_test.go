package bot

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// liveCounted is the embedded store, counting reads of a family's live
// notes.
type liveCounted struct {
	storetest.DB
	live atomic.Int32
}

func (s *liveCounted) LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error) {
	s.live.Add(1)
	return s.DB.LiveNotes(ctx, teamID, shiftID, now)
}

// postSpy is Slack that counts posts; people are in UTC.
type postSpy struct {
	Slack
	posted int
}

func (s *postSpy) PostMessageContext(_ context.Context, channelID string, _ ...slack.MsgOption) (string, string, error) {
	s.posted++
	return channelID, "9.000001", nil
}

func (s *postSpy) GetUserInfoContext(_ context.Context, user string, _ ...slack.GetUserInfoOption) (*slack.User, error) {
	return &slack.User{ID: user, Name: "name-" + user, TZ: "UTC"}, nil
}

// A radar post in a DM reads only the notes its items cite (their links
// and claims), not the family's every live note, which the radar has just
// read: those it cites as LiveNotes would give them. One deleted since,
// moved to another family, or done long ago is not among them.
func TestRadarPostInADMReadsOnlyTheNotesItCites(t *testing.T) {
	ctx := context.Background()
	st := &liveCounted{DB: storetest.New(t)}
	spy := &postSpy{}
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	b, err := New(Config{BotToken: "xoxb", AppToken: "xapp", Store: st, Council: c, Radar: noState{}, API: spy})
	require.NoError(t, err)

	note := func(channel, text, ts string) bh.Note {
		n, _, err := st.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: channel, UserID: "U1", RawText: text, MessageTS: ts, Source: bh.SourceDM})
		require.NoError(t, err)
		return n
	}
	kept := note("D1", "daycare form due friday", "1.000001")
	claimed := note("D1", "pay the invoice due friday", "1.000002")
	_, err = st.ClaimNote(ctx, "T1", claimed.ID, "U2")
	require.NoError(t, err)
	gone := note("D1", "call the clinic due friday", "1.000003")
	_, err = st.DeleteNote(ctx, "T1", gone.ID)
	require.NoError(t, err)
	done := note("D1", "task: return the library books", "1.000004")
	_, err = st.MarkNoteDone(ctx, "T1", done.ID, true)
	require.NoError(t, err)
	note("D1", "uncited: slept 3h", "1.000005")
	other := note("D2", "another family's form due friday", "2.000001")
	sh, err := st.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	cited := []string{kept.ID, claimed.ID, gone.ID, done.ID, other.ID}

	ids := func(notes []bh.Note) []string {
		out := []string{}
		for _, n := range notes {
			out = append(out, n.ID)
		}
		return out
	}
	for _, now := range []time.Time{time.Now(), time.Now().Add(bh.DoneWindow + time.Hour)} {
		live, err := st.DB.LiveNotes(ctx, "T1", sh.ID, now)
		require.NoError(t, err)
		var want []bh.Note
		for _, n := range live.Notes {
			if slices.Contains(cited, n.ID) {
				want = append(want, n)
			}
		}
		b.cfg.Now = func() time.Time { return now }
		got, err := b.citedLive(ctx, sh, cited)
		require.NoError(t, err)
		assert.ElementsMatch(t, ids(want), ids(got), "at %s", now)
		assert.Equal(t, map[string]string{claimed.ID: "U2"}, bh.Claims(got))
	}

	item := func(n bh.Note) bh.RiskItem {
		return bh.RiskItem{Key: "deadline:" + n.ID, Kind: bh.TagDeadline, Text: n.Text, Level: bh.RiskHigh, NoteIDs: []string{n.ID}}
	}
	now := time.Now()
	b.cfg.Now = func() time.Time { return now }
	_, err = b.PostRadar(ctx, bh.RadarPost{Kind: bh.PostNudge, Shift: sh, Now: now, Location: time.UTC,
		To:    bh.Route{ChannelID: "D1", UserID: "U1"},
		State: bh.ShiftState{ShiftID: sh.ID, TeamID: "T1", ComputedAt: now, Deadlines: []bh.RiskItem{item(kept), item(claimed)}}})
	require.NoError(t, err)
	assert.Equal(t, 1, spy.posted)
	assert.Zero(t, st.live.Load(), "the family's live notes are not read for a DM's post")
}
