package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// fakeFamilies maps conversations and people to families.
type fakeFamilies struct {
	convs   map[string]string   // channel → shift
	members map[string][]string // user → shifts
	err     error
}

func (f fakeFamilies) FamilyOf(_ context.Context, team, channel string) (bh.Conversation, error) {
	if f.err != nil {
		return bh.Conversation{}, f.err
	}
	s, ok := f.convs[channel]
	if !ok {
		return bh.Conversation{}, bh.Errorf(bh.ENOTFOUND, "none")
	}
	return bh.Conversation{TeamID: team, ChannelID: channel, ShiftID: s}, nil
}

func (f fakeFamilies) FamiliesOf(_ context.Context, team, user string) ([]bh.Member, error) {
	var out []bh.Member
	for _, s := range f.members[user] {
		out = append(out, bh.Member{TeamID: team, ShiftID: s, UserID: user})
	}
	return out, nil
}

func TestMayActIsForTheFamilyOnly(t *testing.T) {
	// CALL: a channel every person in which joined; C1: one not yet.
	joined := func(_ context.Context, ch, _ string) (bool, error) { return ch == "CALL", nil }
	fams := fakeFamilies{
		convs:   map[string]string{"DU1": "F1", "DU2": "F1", "C1": "F2", "CALL": "F2", "DU9": "F9"},
		members: map[string][]string{"U1": {"F1"}, "U2": {"F1", "F2"}, "U9": {"F9"}},
	}
	for _, tc := range []struct {
		name, user, channel, shift string
		want                       bool
	}{
		{"the writer in their DM", "U1", "DU1", "F1", true},
		{"a member in their own DM", "U2", "DU2", "F1", true},
		{"a member from a channel of another family", "U2", "C1", "F1", true},
		{"a member from App Home (no channel)", "U1", "", "F1", true},
		{"a channel's person who has not joined, some in it not joined either", "U7", "C1", "F2", false},
		{"a channel's person once everyone in it joined", "U7", "CALL", "F2", true},
		{"a non-member in a channel of another family everyone in joined", "U7", "CALL", "F1", false},
		{"a non-member in their own DM", "U9", "DU9", "F1", false},
		{"a non-member in a conversation with no family", "U9", "C404", "F1", false},
		{"a member of another family, from their own DM", "U1", "DU1", "F2", false},
		{"no family named", "U1", "DU1", "", false},
		{"no user and a foreign channel", "", "DU9", "F1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mayAct(context.Background(), fams, "T1", tc.user, tc.channel, tc.shift, joined)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	_, err := mayAct(context.Background(), fakeFamilies{err: bh.Errorf(bh.EINTERNAL, "down")}, "T1", "U1", "DU1", "F1", joined)
	assert.Error(t, err, "a failing store refuses rather than allows")
}

func TestReadableLinksAreTheReadersOwn(t *testing.T) {
	const base = "https://t.slack.com/archives/"
	notes := []bh.Note{
		{ID: "own", ChannelID: "DU2"},
		{ID: "partner", ChannelID: "DU1"},
		{ID: "channel", ChannelID: "C1"},
		{ID: "saved-from-dm", ChannelID: "C1", Permalink: base + "DU1/p1"},
		{ID: "saved-from-channel", ChannelID: "DU1", Permalink: base + "C7/p1"},
		{ID: "unlinked", ChannelID: "DU2"},
	}
	links := blocks.Links{
		"own": base + "DU2/p1", "partner": base + "DU1/p1", "channel": base + "C1/p1",
		"saved-from-dm": base + "DU1/p1", "saved-from-channel": base + "C7/p1",
	}
	for _, tc := range []struct {
		name, reader string
		want         []string
	}{
		{"Sam's DM", "DU2", []string{"own", "channel", "saved-from-channel"}},
		{"Maya's DM", "DU1", []string{"partner", "channel", "saved-from-dm", "saved-from-channel"}},
		{"a channel reads no link into a DM", "C1", []string{"channel", "saved-from-channel"}},
		{"nowhere said: as a channel", "", []string{"channel", "saved-from-channel"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readable(notes, links, tc.reader)
			var ids []string
			for _, n := range notes {
				if _, ok := got[n.ID]; ok {
					ids = append(ids, n.ID)
				}
			}
			assert.Equal(t, tc.want, ids)
		})
	}
	assert.Equal(t, "", linkChannel("https://example.com/x"))
}

func TestClosesTextNamesAnotherMembersItem(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	at := time.Date(2026, 11, 24, 2, 40, 0, 0, time.UTC) // 9:40 PM in New York
	names := func(u string) string { return map[string]string{"U1": "Maya"}[u] }
	sam := bh.Note{UserID: "U2", ChannelID: "DU2"}
	for _, tc := range []struct {
		name   string
		closed []bh.Note
		want   string
	}{
		{"nothing", nil, ""},
		{"the writer's own", []bh.Note{{UserID: "U2", Text: "wipes  < 1 day"}}, "closes: running low — wipes < 1 day"},
		{"a partner's", []bh.Note{{UserID: "U1", ChannelID: "DU1", Text: "out of formula", CreatedAt: at}}, "closes: out of formula, noted by Maya 9:40 PM"},
		{"both", []bh.Note{{UserID: "U2", Text: "wipes low"}, {UserID: "U1", ChannelID: "DU1", Text: "out of formula", CreatedAt: at}},
			"closes: running low — wipes low; out of formula, noted by Maya 9:40 PM"},
		{"a partner's, in the same conversation", []bh.Note{{UserID: "U1", ChannelID: "DU2", Text: "diapers almost out"}}, "closes: running low — diapers almost out"},
		{"a partner Slack cannot name", []bh.Note{{UserID: "U3", ChannelID: "DU3", Text: "out of formula", CreatedAt: at}}, "closes: out of formula, noted by your partner 9:40 PM"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, closesText(sam, tc.closed, names, ny, bh.Clock12, ""))
		})
	}
}
