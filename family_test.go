package babyhandoff_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestConversationKindOf(t *testing.T) {
	tests := []struct {
		channel string
		want    bh.ConversationKind
	}{
		{"D0123", bh.ConvDM},
		{"C0123", bh.ConvChannel},
		{"G0123", bh.ConvChannel}, // a group DM is shared, like a channel
		{"", bh.ConvChannel},
	}
	for _, tt := range tests {
		t.Run(tt.channel, func(t *testing.T) {
			assert.Equal(t, tt.want, bh.ConversationKindOf(tt.channel))
		})
	}
}

func TestFamilyKey(t *testing.T) {
	tests := []struct {
		key  string
		want bool
	}{
		{bh.FamilyKey("65a1"), true},
		{"D0123", false},
		{bh.SampleChannel("D0123"), false},
		{"familyD1", false},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			assert.Equal(t, tt.want, bh.IsFamilyKey(tt.key))
			assert.False(t, bh.IsSampleChannel(tt.key) && bh.IsFamilyKey(tt.key), "a key is one or the other")
		})
	}
	assert.NotEqual(t, bh.FamilyKey("a"), bh.FamilyKey("b"))
}

func TestInviteAnswer(t *testing.T) {
	tests := []struct {
		answer bh.InviteAnswer
		valid  bool
	}{
		{bh.InviteJoin, true},
		{bh.InviteNotNow, true},
		{"", false},
		{"maybe", false},
	}
	for _, tt := range tests {
		t.Run(string(tt.answer), func(t *testing.T) {
			assert.Equal(t, tt.valid, tt.answer.Valid())
			assert.Equal(t, tt.answer != "", bh.Invite{Answer: tt.answer}.Answered())
		})
	}
}

func TestAcceptingAnInvite(t *testing.T) {
	inv := bh.Invite{ID: "i1", TeamID: "T1", ShiftID: "S1", From: "U1", To: "U2"}
	answered := inv
	answered.Answer = bh.InviteNotNow
	tests := []struct {
		name     string
		inv      bh.Invite
		user, dm string
		code     string
	}{
		{"its person, with their DM", inv, "U2", "D2", ""},
		{"its person, without a DM", inv, "U2", "", ""},
		{"someone else", inv, "U3", "D3", bh.EFORBIDDEN},
		{"answered before", answered, "U2", "D2", bh.ECONFLICT},
		{"a channel is not a DM", inv, "U2", "C1", bh.EINVALID},
		{"an invite of no family", bh.Invite{TeamID: "T1", From: "U1", To: "U2"}, "U2", "D2", bh.EINVALID},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.inv.Accept(tc.user, tc.dm)
			assert.Equal(t, tc.code, bh.ErrorCode(err))
			assert.Equal(t, bh.Member{TeamID: "T1", ShiftID: tc.inv.ShiftID, UserID: tc.user, InvitedBy: "U1"}, m)
		})
	}
}
