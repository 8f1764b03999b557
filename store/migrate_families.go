package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// migrateFamilies makes each shift from before families the family of its
// conversation, at Open: a DM's family is its person (the writer of its
// notes), a channel's its notes' writers; a DM's quiet hours become its
// person's. Duty and handoffs carry over as they are. Nothing moves
// between families: a person joins another only by Join. It only adds
// what is missing, so it runs on every start, and after an import.
func (db *DB) migrateFamilies(ctx context.Context) error {
	var shifts []shiftDoc
	var rows []convDoc
	var err error
	if shifts, err = findAll[shiftDoc](ctx, db, colShifts, bson.D{}, nil); err != nil {
		return err
	}
	if rows, err = findAll[convDoc](ctx, db, colConversations, bson.D{}, nil); err != nil {
		return err
	}
	mapped := map[string]bool{}
	// A shift with a conversation or a member is a family already (an
	// import of one): its founding conversation, unmapped, is one whose
	// person left it, not one from before families.
	family := map[string]bool{}
	for _, r := range rows {
		mapped[r.ID] = true
		family[r.ShiftID] = true
	}
	ms, err := findAll[memberDoc](ctx, db, colMembers, bson.D{}, nil)
	if err != nil {
		return err
	}
	for _, m := range ms {
		family[m.ShiftID] = true
	}
	slices.SortFunc(shifts, func(a, b shiftDoc) int { return strings.Compare(a.ID, b.ID) })
	var dms, channels, members, quiet, gone int
	for _, sd := range shifts {
		if sd.Sample || bh.IsSampleChannel(sd.ChannelID) || bh.IsFamilyKey(sd.ChannelID) || mapped[convID(sd.TeamID, sd.ChannelID)] || family[sd.ID] {
			continue
		}
		kind := bh.ConversationKindOf(sd.ChannelID)
		people, err := db.peopleOf(ctx, sd, kind)
		if err != nil {
			return fmt.Errorf("shift %s: %w", sd.ID, err)
		}
		row := convDoc{ID: convID(sd.TeamID, sd.ChannelID), TeamID: sd.TeamID, ChannelID: sd.ChannelID, ShiftID: sd.ID, Kind: string(kind), Since: sd.CreatedAt}
		// Who left it (a dump without its family's rows) stays out: a
		// DM whose person left feeds no family, as after their Leave.
		people = slices.DeleteFunc(people, func(u string) bool { return slices.Contains(sd.Left, u) })
		if kind == bh.ConvDM && len(people) == 0 && len(sd.Left) > 0 {
			if writers, err := db.peopleOf(ctx, sd, kind); err != nil {
				return fmt.Errorf("shift %s: %w", sd.ID, err)
			} else if len(writers) > 0 {
				row.ShiftID, row.UserID = "", writers[0]
			}
		}
		var q *quietDoc
		if kind == bh.ConvDM && len(people) > 0 {
			row.UserID = people[0]
			set, err := db.RadarSettings(ctx, sd.TeamID, sd.ID)
			if err != nil {
				return err
			}
			if set.Quiet != nil {
				q = &quietDoc{From: set.Quiet.From, To: set.Quiet.To}
			}
		}
		added, moved := 0, false
		err = db.write(ctx, func(ctx context.Context) error {
			added, moved = 0, false
			if _, err := db.c.conversations.InsertOne(ctx, row); err != nil {
				if isDup(err) {
					return nil // mapped meanwhile (another process)
				}
				return err
			}
			for _, u := range people {
				if _, err := db.c.members.InsertOne(ctx, memberDoc{ID: memberID(sd.TeamID, sd.ID, u), TeamID: sd.TeamID, ShiftID: sd.ID, UserID: u, JoinedAt: sd.CreatedAt}); err == nil {
					added++
				} else if !isDup(err) {
					return err
				}
			}
			if q == nil {
				return nil
			}
			// A person who chose already keeps their choice.
			p := personDoc{ID: sd.TeamID + "/" + row.UserID, TeamID: sd.TeamID, UserID: row.UserID, Quiet: q, UpdatedAt: db.now()}
			if _, err := db.c.people.InsertOne(ctx, p); err == nil {
				moved = true
			} else if !isDup(err) {
				return err
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("shift %s: %w", sd.ID, err)
		}
		if row.ShiftID == "" {
			gone++
		} else if kind == bh.ConvDM {
			dms++
		} else {
			channels++
		}
		members += added
		if moved {
			quiet++
		}
	}
	if dms+channels > 0 {
		db.log.InfoContext(ctx, fmt.Sprintf("store: families: %d conversations → %d families (%d DMs, %d channels), %d members, %d quiet-hour settings moved to their people",
			dms+channels, dms+channels, dms, channels, members, quiet),
			"conversations", dms+channels, "dms", dms, "channels", channels, "members", members, "quiet", quiet)
	}
	if gone > 0 {
		db.log.InfoContext(ctx, fmt.Sprintf("store: families: %d DMs of people who had left the family they founded feed no family; their next note starts one", gone), "dms", gone)
	}
	return nil
}

// peopleOf are the people of a shift from before families, in the order
// they first appear: the writers of its notes there (a DM's, its one
// person). Whoever was on duty or took a handoff there is not one by
// that: a receiver joins the sender's family only by Join.
func (db *DB) peopleOf(ctx context.Context, sd shiftDoc, kind bh.ConversationKind) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	notes, err := db.Notes(ctx, sd.TeamID, sd.ID, true)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		if n.ChannelID == sd.ChannelID && n.UserID != "" && !seen[n.UserID] {
			seen[n.UserID] = true
			out = append(out, n.UserID)
		}
		if kind == bh.ConvDM && len(out) > 0 {
			return out, nil // one person
		}
	}
	// A DM with no writer yet: not known; its next note tells.
	return out, nil
}
