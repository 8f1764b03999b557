package babyhandoff_test

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// families is a FamilyWriter in memory: shifts by id, conversations by
// channel, members by shift and user.
type families struct {
	shifts  map[string]bh.Shift
	leavers map[string][]string
	convs   map[string]bh.Conversation
	members map[[2]string]bool
	// wrote are who wrote notes in each channel.
	wrote map[string][]string
	ids   int
}

func newFamilies() *families {
	return &families{shifts: map[string]bh.Shift{}, leavers: map[string][]string{}, convs: map[string]bh.Conversation{}, members: map[[2]string]bool{}, wrote: map[string][]string{}}
}

func (f *families) Row(_ context.Context, _, channelID string) (bh.Conversation, bool, error) {
	c, ok := f.convs[channelID]
	return c, ok, nil
}

func (f *families) WroteIn(_ context.Context, _, channelID string, users []string) (bool, error) {
	for _, u := range users {
		if slices.Contains(f.wrote[channelID], u) {
			return true, nil
		}
	}
	return false, nil
}

func (f *families) Conversation(_ context.Context, _, channelID string) (bh.Conversation, bh.Shift, bool, error) {
	c, ok := f.convs[channelID]
	return c, f.shifts[c.ShiftID], ok, nil
}

func (f *families) Founded(_ context.Context, _, key string) (bh.Shift, []string, bool, error) {
	for _, sh := range f.shifts {
		if sh.ChannelID == key {
			return sh, f.leavers[sh.ID], true, nil
		}
	}
	return bh.Shift{}, nil, false, nil
}

// WritersFamily is the first family userID is a member of (by id), for a
// channel or their first DM.
func (f *families) WritersFamily(_ context.Context, _, userID string, dm bool) (bh.Shift, bool, error) {
	for _, c := range f.convs {
		if dm && c.UserID == userID {
			return bh.Shift{}, false, nil
		}
	}
	for id := range f.ids + 1 {
		if f.members[[2]string{"S" + strconv.Itoa(id), userID}] {
			return f.shifts["S"+strconv.Itoa(id)], true, nil
		}
	}
	return bh.Shift{}, false, nil
}

func (f *families) AddShift(_ context.Context, sh bh.Shift) error {
	f.shifts[sh.ID] = sh
	return nil
}

func (f *families) PutConversation(_ context.Context, c bh.Conversation) error {
	f.convs[c.ChannelID] = c
	return nil
}

func (f *families) AddMember(_ context.Context, m bh.Member) error {
	if m.UserID != "" {
		f.members[[2]string{m.ShiftID, m.UserID}] = true
	}
	return nil
}

func (f *families) HasShift(_ context.Context, _, shiftID string) (bool, error) {
	_, ok := f.shifts[shiftID]
	return ok, nil
}

func (f *families) IsMember(_ context.Context, _, shiftID, userID string) (bool, error) {
	return f.members[[2]string{shiftID, userID}], nil
}

func (f *families) Unleave(_ context.Context, _, shiftID, userID string) error {
	f.leavers[shiftID] = slices.DeleteFunc(f.leavers[shiftID], func(u string) bool { return u == userID })
	return nil
}

func (f *families) RemoveMember(_ context.Context, _, shiftID, userID string) error {
	delete(f.members, [2]string{shiftID, userID})
	return nil
}

func (f *families) NewID() string {
	f.ids++
	return "S" + strconv.Itoa(f.ids)
}

func TestANotesFamily(t *testing.T) {
	ctx, now := context.Background(), time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	f := newFamilies()
	note := func(channel, user string) bh.Shift {
		t.Helper()
		sh, err := bh.NoteFamily(ctx, f, now, "T1", channel, user)
		require.NoError(t, err)
		return sh
	}

	maya := note("D1", "U1")
	assert.Equal(t, bh.Shift{ID: "S1", TeamID: "T1", ChannelID: "D1", CreatedAt: now, UpdatedAt: now}, maya, "a DM's first note founds a family keyed by it")
	assert.Equal(t, bh.Conversation{TeamID: "T1", ChannelID: "D1", ShiftID: "S1", Kind: bh.ConvDM, UserID: "U1", Since: now}, f.convs["D1"])
	assert.True(t, f.members[[2]string{"S1", "U1"}], "its writer is a member")
	assert.Equal(t, maya, note("D1", "U1"), "the next note goes to the same family")

	assert.Equal(t, maya.ID, note("C1", "U1").ID, "a channel's first note by a member joins their family, not one keyed by the channel")
	assert.Equal(t, "S2", note("C2", "U9").ID, "by nobody's member: its own family")

	f.convs["D1"] = bh.Conversation{TeamID: "T1", ChannelID: "D1", Kind: bh.ConvDM, UserID: "U1"}
	apart := note("D1", "U1")
	assert.Equal(t, bh.FamilyKey(apart.ID), apart.ChannelID, "after its person left, a DM's note starts a family keyed apart")

	f.shifts["S9"] = bh.Shift{ID: "S9", TeamID: "T1", ChannelID: "D2"}
	f.leavers["S9"] = []string{"U2"}
	left := note("D2", "U2")
	assert.NotEqual(t, "S9", left.ID, "a DM without a row does not go back to the family its person left")
	assert.Equal(t, bh.FamilyKey(left.ID), left.ChannelID)

	sample := note(bh.SampleChannel("D1"), "U1")
	assert.True(t, sample.Sample)
	assert.NotContains(t, f.convs, bh.SampleChannel("D1"), "a sample lives apart: no conversation feeds it")
}

func TestAConversationsFamily(t *testing.T) {
	ctx := context.Background()
	f := newFamilies()
	f.shifts["S1"] = bh.Shift{ID: "S1", TeamID: "T1", ChannelID: "D1"}
	f.shifts["S2"] = bh.Shift{ID: "S2", TeamID: "T1", ChannelID: bh.SampleChannel("D1"), Sample: true}
	f.shifts["S3"] = bh.Shift{ID: "S3", TeamID: "T1", ChannelID: "D3"}
	f.leavers["S3"], f.wrote["D3"] = []string{"U3"}, []string{"U3"}
	f.convs["C1"] = bh.Conversation{TeamID: "T1", ChannelID: "C1", ShiftID: "S1", Kind: bh.ConvChannel}
	f.convs["D4"] = bh.Conversation{TeamID: "T1", ChannelID: "D4", Kind: bh.ConvDM, UserID: "U4"}
	for _, tc := range []struct {
		name, channel, want string
	}{
		{"its row", "C1", "S1"},
		{"no row: the shift it founded, from before families", "D1", "S1"},
		{"a sample: the sample's shift, never a row", bh.SampleChannel("D1"), "S2"},
		{"its person left the family it fed", "D4", ""},
		{"no row, and its person left the family it founded", "D3", ""},
		{"before its first note", "D9", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, found, err := bh.ConversationFamily(ctx, f, "T1", tc.channel)
			require.NoError(t, err)
			assert.Equal(t, tc.want != "", found)
			if found {
				assert.Equal(t, tc.want, c.ShiftID)
			}
		})
	}
}

func TestJoiningAFamily(t *testing.T) {
	ctx, now := context.Background(), time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	f := newFamilies()
	maya, err := bh.NoteFamily(ctx, f, now, "T1", "D1", "U1")
	require.NoError(t, err)
	sam, err := bh.NoteFamily(ctx, f, now, "T1", "D2", "U2")
	require.NoError(t, err)
	f.leavers[maya.ID] = []string{"U2"}

	from, err := bh.JoinFamily(ctx, f, now, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U2", InvitedBy: "U1"}, "D2")
	require.NoError(t, err)
	assert.Equal(t, sam.ID, from, "the family their DM fed before")
	assert.Equal(t, maya.ID, f.convs["D2"].ShiftID, "their DM feeds the family they joined")
	assert.True(t, f.members[[2]string{maya.ID, "U2"}])
	assert.False(t, f.members[[2]string{sam.ID, "U2"}], "no longer a member of the family it fed")
	assert.Empty(t, f.leavers[maya.ID], "back in a family they once left")

	from, err = bh.JoinFamily(ctx, f, now, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U2"}, "D2")
	require.NoError(t, err)
	assert.Empty(t, from, "joined again: nothing moves")

	_, err = bh.JoinFamily(ctx, f, now, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U3", InvitedBy: "U9"}, "")
	assert.Equal(t, bh.ErrInviterLeft, err, "asked by someone no longer in it")
	_, err = bh.JoinFamily(ctx, f, now, bh.Member{TeamID: "T1", ShiftID: "nope", UserID: "U3"}, "")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
}
