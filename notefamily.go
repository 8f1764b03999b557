package babyhandoff

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// This file: which family a conversation feeds, which family a note goes
// to (made on a conversation's first note), and what a Join does. Every
// engine decides them the same way, so the rules are written here once
// over the few reads and writes they need (FamilyReader, FamilyJoiner,
// FamilyWriter); the engines keep their queries.

// FamilyReader is what ConversationFamily reads of a store.
type FamilyReader interface {
	// Row is team/channel's conversation row; found is false when it has
	// none.
	Row(ctx context.Context, teamID, channelID string) (c Conversation, found bool, err error)
	// Founded is the shift whose founding key is key, with the people who
	// left it; found is false when there is none.
	Founded(ctx context.Context, teamID, key string) (sh Shift, leavers []string, found bool, err error)
	// WroteIn reports whether any of users wrote a note in team/channel.
	WroteIn(ctx context.Context, teamID, channelID string, users []string) (bool, error)
}

// ConversationFamily is the family team/channel feeds: its row, or for a
// conversation without one (a sample, or one from before families), one
// made up from the shift it founded. found is false when it feeds none:
// before its first note, and once its person left the family it fed.
func ConversationFamily(ctx context.Context, r FamilyReader, teamID, channelID string) (c Conversation, found bool, err error) {
	if !IsSampleChannel(channelID) {
		if c, found, err = r.Row(ctx, teamID, channelID); found || err != nil {
			return c, found && c.ShiftID != "", err
		}
	}
	sh, leavers, found, err := r.Founded(ctx, teamID, channelID)
	if !found || err != nil {
		return Conversation{}, false, err
	}
	kind := ConversationKindOf(channelID)
	if kind == ConvDM && len(leavers) > 0 {
		// A DM whose person left the family it founded (an import without
		// its row) feeds none: their next note starts one.
		if left, err := r.WroteIn(ctx, teamID, channelID, leavers); left || err != nil {
			return Conversation{}, false, err
		}
	}
	return Conversation{TeamID: teamID, ChannelID: channelID, ShiftID: sh.ID, Kind: kind, Since: sh.CreatedAt}, true, nil
}

// FamilyJoiner is what JoinFamily reads and writes, inside one write of a
// store.
type FamilyJoiner interface {
	FamilyReader
	HasShift(ctx context.Context, teamID, shiftID string) (bool, error)
	IsMember(ctx context.Context, teamID, shiftID, userID string) (bool, error)
	// AddMember is FamilyWriter's.
	AddMember(ctx context.Context, m Member) error
	// Unleave takes userID off the family's people who left it.
	Unleave(ctx context.Context, teamID, shiftID, userID string) error
	// PutConversation is FamilyWriter's.
	PutConversation(ctx context.Context, c Conversation) error
	RemoveMember(ctx context.Context, teamID, shiftID, userID string) error
}

// JoinFamily makes m.UserID a member of the family m.ShiftID at now. With
// dm (the person's DM with the bot), that DM feeds the family from now on,
// and the person is no longer a member of the family it fed before, whose
// id is from ("" when none, or the same family). Its open notes stay
// there. A Join asked by someone (m.InvitedBy) who is no longer in the
// family is ErrInviterLeft: their invite no longer stands.
func JoinFamily(ctx context.Context, w FamilyJoiner, now time.Time, m Member, dm string) (from string, err error) {
	if ok, err := w.HasShift(ctx, m.TeamID, m.ShiftID); err != nil {
		return "", err
	} else if !ok {
		return "", Errorf(ENOTFOUND, "That family no longer exists.")
	}
	if m.InvitedBy != "" && m.InvitedBy != m.UserID {
		// Who asked must still be in the family.
		if ok, err := w.IsMember(ctx, m.TeamID, m.ShiftID, m.InvitedBy); err != nil || !ok {
			return "", cmp.Or[error](err, ErrInviterLeft)
		}
	}
	if err := w.AddMember(ctx, m); err != nil {
		return "", err
	}
	// Back in a family they once left: no longer one who left it.
	if err := w.Unleave(ctx, m.TeamID, m.ShiftID, m.UserID); err != nil || dm == "" {
		return "", err
	}
	had, found, err := ConversationFamily(ctx, w, m.TeamID, dm)
	if err != nil || (found && had.ShiftID == m.ShiftID) {
		return "", err
	}
	if err := w.PutConversation(ctx, Conversation{TeamID: m.TeamID, ChannelID: dm, ShiftID: m.ShiftID, Kind: ConvDM, UserID: m.UserID, Since: now}); err != nil || !found {
		return "", err
	}
	return had.ShiftID, w.RemoveMember(ctx, m.TeamID, had.ShiftID, m.UserID)
}

// FamilyWriter is what NoteFamily reads and writes, inside one write of a
// store.
type FamilyWriter interface {
	// Conversation is team/channel's row and the family it feeds (sh.ID
	// "" when the row names none, or one that is gone); found is false
	// when the conversation has no row.
	Conversation(ctx context.Context, teamID, channelID string) (c Conversation, sh Shift, found bool, err error)
	// Founded is FamilyReader's.
	Founded(ctx context.Context, teamID, key string) (sh Shift, leavers []string, found bool, err error)
	// WritersFamily is the family a first note of userID in a new
	// conversation goes to (their DM's, else the one they joined first;
	// a second DM of theirs founds its own); found is false when there
	// is none.
	WritersFamily(ctx context.Context, teamID, userID string, dm bool) (sh Shift, found bool, err error)
	AddShift(ctx context.Context, sh Shift) error
	// PutConversation writes c, replacing the row of its team/channel.
	PutConversation(ctx context.Context, c Conversation) error
	// AddMember adds a member, as of now, unless they are one ("" adds
	// nobody).
	AddMember(ctx context.Context, m Member) error
	// NewID is a new shift's id.
	NewID() string
}

// NoteFamily is the family a note by userID in team/channel goes to at
// now, made on the conversation's first note: a shift, the conversation's
// row and the writer as its member.
func NoteFamily(ctx context.Context, w FamilyWriter, now time.Time, teamID, channelID, userID string) (Shift, error) {
	if IsSampleChannel(channelID) {
		// A sample lives apart from every family.
		return foundedFamily(ctx, w, now, teamID, channelID)
	}
	kind := ConversationKindOf(channelID)
	c, sh, found, err := w.Conversation(ctx, teamID, channelID)
	switch {
	case err != nil:
		return Shift{}, err
	case found && (c.ShiftID == "" || sh.ID == ""):
		// Its person left the family it fed (or the row names one that
		// is gone): a new family, keyed apart from the shift the
		// conversation founded.
		return newFamily(ctx, w, now, c, userID)
	case found && c.Kind == ConvDM && c.UserID == "" && userID != "":
		// A DM whose person was not known: now known.
		c.UserID = userID
		return sh, feed(ctx, w, c, userID)
	case found:
		return sh, nil
	}
	// Its own shift from before families; else a writer already in a
	// family brings the conversation to it (a channel's first note joins
	// their list, not a second keyed by the channel); else a new one
	// keyed by it.
	sh, leavers, found, err := w.Founded(ctx, teamID, channelID)
	if err != nil {
		return Shift{}, err
	}
	if found && userID != "" && kind == ConvDM && slices.Contains(leavers, userID) {
		// Unless its person left that family (an import without the DM's
		// row): then theirs is a new family, keyed apart.
		return newFamily(ctx, w, now, Conversation{TeamID: teamID, ChannelID: channelID, Kind: ConvDM, UserID: userID}, userID)
	}
	if !found && userID != "" {
		if sh, found, err = w.WritersFamily(ctx, teamID, userID, kind == ConvDM); err != nil {
			return Shift{}, err
		}
	}
	if !found {
		if sh, err = foundedFamily(ctx, w, now, teamID, channelID); err != nil {
			return sh, err
		}
	}
	row := Conversation{TeamID: teamID, ChannelID: channelID, ShiftID: sh.ID, Kind: kind, Since: now}
	if kind == ConvDM {
		row.UserID = userID
	}
	return sh, feed(ctx, w, row, userID)
}

// foundedFamily is the shift keyed by key, made if there is none.
func foundedFamily(ctx context.Context, w FamilyWriter, now time.Time, teamID, key string) (Shift, error) {
	sh, _, found, err := w.Founded(ctx, teamID, key)
	if found || err != nil {
		return sh, err
	}
	sh = Shift{ID: w.NewID(), TeamID: teamID, ChannelID: key, Sample: IsSampleChannel(key), CreatedAt: now, UpdatedAt: now}
	return sh, w.AddShift(ctx, sh)
}

// newFamily makes a family keyed apart from every conversation, fed by c,
// with userID its member.
func newFamily(ctx context.Context, w FamilyWriter, now time.Time, c Conversation, userID string) (Shift, error) {
	id := w.NewID()
	sh := Shift{ID: id, TeamID: c.TeamID, ChannelID: FamilyKey(id), CreatedAt: now, UpdatedAt: now}
	if err := w.AddShift(ctx, sh); err != nil {
		return sh, err
	}
	c.ShiftID, c.Since = id, now
	return sh, feed(ctx, w, c, userID)
}

// feed makes c feed its family, with userID a member of it.
func feed(ctx context.Context, w FamilyWriter, c Conversation, userID string) error {
	if err := w.PutConversation(ctx, c); err != nil {
		return err
	}
	return w.AddMember(ctx, Member{TeamID: c.TeamID, ShiftID: c.ShiftID, UserID: userID})
}
