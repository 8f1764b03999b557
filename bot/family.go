package bot

import (
	"context"

	bh "github.com/babyhandoff/babyhandoff"
)

// familyReader is what the members-only check needs from the store.
type familyReader interface {
	FamilyOf(ctx context.Context, teamID, channelID string) (bh.Conversation, error)
	FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error)
}

// familyStore is what families need from the store: who belongs, who is
// asked to join, and moving a joiner's open notes.
type familyStore interface {
	familyReader
	FamilyConversations(ctx context.Context, teamID, shiftID string) ([]bh.Conversation, error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
}

// errNotMember refuses a button on a note of a family the presser is not
// in. It still names "another conversation", as the channel check it
// replaces did.
var errNotMember = bh.Errorf(bh.EFORBIDDEN, "That button belongs to another conversation's list, and you are not in its family; nothing was changed.")

// mayAct reports whether user may act on an item of the family shiftID
// from a button pressed in channelID: a member of the family may, and so
// may anyone pressing in a conversation that feeds it (a channel's people
// before each of them joined: today's behaviour).
func mayAct(ctx context.Context, st familyReader, teamID, userID, channelID, shiftID string) (bool, error) {
	if shiftID == "" {
		return false, nil
	}
	if channelID != "" {
		conv, err := st.FamilyOf(ctx, teamID, channelID)
		switch {
		case err == nil && conv.ShiftID == shiftID:
			return true, nil
		case err != nil && bh.ErrorCode(err) != bh.ENOTFOUND:
			return false, err
		}
	}
	if userID == "" {
		return false, nil
	}
	fams, err := st.FamiliesOf(ctx, teamID, userID)
	if err != nil {
		return false, err
	}
	for _, m := range fams {
		if m.ShiftID == shiftID {
			return true, nil
		}
	}
	return false, nil
}

// mayActOn is mayAct for note n as an error: nil when the presser may act
// on it, errNotMember when not.
func (b *Bot) mayActOn(ctx context.Context, teamID, userID, channelID string, n bh.Note) error {
	ok, err := mayAct(ctx, b.cfg.Store, teamID, userID, channelID, n.ShiftID)
	if err != nil {
		return err
	}
	if !ok {
		return errNotMember
	}
	return nil
}
