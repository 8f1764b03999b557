package sqlite

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: handoffs (table handoffs): made, sent, taken once, reminded once.

func (tx *Tx) putHandoff(ctx context.Context, h bh.Handoff, insert bool) error {
	doc, err := jsonOf(h)
	if err != nil {
		return err
	}
	q := "UPDATE handoffs SET team_id = ?, shift_id = ?, created_at = ?, thread_channel = ?, thread_ts = ?, doc = ? WHERE id = ?"
	if insert {
		q = "INSERT INTO handoffs (team_id, shift_id, created_at, thread_channel, thread_ts, doc, id) VALUES (?, ?, ?, ?, ?, ?, ?)"
	}
	_, err = tx.ExecContext(ctx, q, h.TeamID, h.ShiftID, ms(h.CreatedAt), h.ThreadChannel, h.ThreadTS, doc, h.ID)
	return err
}

// CreateHandoff stores a new handoff, with its id and time, while its
// family is there (bh.ErrFamilyDeleted).
func (db *DB) CreateHandoff(ctx context.Context, h bh.Handoff) (bh.Handoff, error) {
	err := db.write(ctx, "create handoff", func(tx *Tx) error {
		if err := tx.holdFamily(ctx, h.TeamID, h.ShiftID); err != nil {
			return err
		}
		h.ID, h.CreatedAt = newID(), tx.Now
		return tx.putHandoff(ctx, h, true)
	})
	if err != nil {
		return bh.Handoff{}, err
	}
	return asStored(h), nil
}

// Handoff returns a handoff of the team.
func (db *DB) Handoff(ctx context.Context, teamID, id string) (bh.Handoff, error) {
	h, err := oneDoc[bh.Handoff](ctx, db.rq, "SELECT doc FROM handoffs WHERE id = ? AND team_id = ?", id, teamID)
	return h, db.fail("get handoff", notFound(err, "That handoff no longer exists."))
}

// changeHandoff applies change to a handoff in one write; change reports
// false to leave it (done is then false).
func (db *DB) changeHandoff(ctx context.Context, op, teamID, id string, change func(h *bh.Handoff) bool) (h bh.Handoff, done bool, err error) {
	err = db.write(ctx, op, func(tx *Tx) error {
		h, err = oneDoc[bh.Handoff](ctx, tx, "SELECT doc FROM handoffs WHERE id = ? AND team_id = ?", id, teamID)
		if err != nil {
			return notFound(err, "That handoff no longer exists.")
		}
		if done = change(&h); !done {
			return nil
		}
		return tx.putHandoff(ctx, h, false)
	})
	return asStored(h), done, err
}

// HandoffSent records the thread of the handoff and the messages sent.
func (db *DB) HandoffSent(ctx context.Context, teamID, id, threadChannel, threadTS string, sent []bh.HandoffMessage) error {
	_, _, err := db.changeHandoff(ctx, "record handoff messages", teamID, id, func(h *bh.Handoff) bool {
		h.ThreadChannel, h.ThreadTS, h.Sent = threadChannel, threadTS, sent
		return true
	})
	return err
}

// TakeHandoff records user's Got it at t; the first wins (took false after).
func (db *DB) TakeHandoff(ctx context.Context, teamID, id, user string, t time.Time) (bh.Handoff, bool, error) {
	return db.changeHandoff(ctx, "take handoff", teamID, id, func(h *bh.Handoff) bool {
		if h.GotBy != "" {
			return false
		}
		h.GotBy, h.GotAt = user, t
		return true
	})
}

// ClaimHandoffReminder claims the one reminder of a handoff nobody took.
func (db *DB) ClaimHandoffReminder(ctx context.Context, teamID, id string, t time.Time) (bool, error) {
	_, claimed, err := db.changeHandoff(ctx, "claim handoff reminder", teamID, id, func(h *bh.Handoff) bool {
		if h.GotBy != "" || !h.RemindedAt.IsZero() {
			return false
		}
		h.RemindedAt = t
		return true
	})
	return claimed, err
}

// WaitingHandoffs lists handoffs made since since that nobody took and
// that were not reminded of, oldest first.
func (db *DB) WaitingHandoffs(ctx context.Context, since time.Time) ([]bh.Handoff, error) {
	all, err := allDocs[bh.Handoff](ctx, db.rq, "SELECT doc FROM handoffs WHERE created_at >= ? ORDER BY created_at", ms(since))
	out := make([]bh.Handoff, 0, len(all))
	for _, h := range all {
		if h.GotBy == "" && h.RemindedAt.IsZero() {
			out = append(out, h)
		}
	}
	return out, db.fail("list waiting handoffs", err)
}

// RecentHandoffs lists a family's handoffs made since since, oldest first.
func (db *DB) RecentHandoffs(ctx context.Context, teamID, shiftID string, since time.Time) ([]bh.Handoff, error) {
	out, err := allDocs[bh.Handoff](ctx, db.rq, "SELECT doc FROM handoffs WHERE team_id = ? AND shift_id = ? AND created_at >= ? ORDER BY created_at",
		teamID, shiftID, ms(since))
	return out, db.fail("list recent handoffs", err)
}

// HandoffByThread finds the handoff whose thread is channelID/ts.
func (db *DB) HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error) {
	h, err := oneDoc[bh.Handoff](ctx, db.rq, "SELECT doc FROM handoffs WHERE team_id = ? AND thread_channel = ? AND thread_ts = ? AND thread_ts <> ''",
		teamID, channelID, ts)
	return h, db.fail("find handoff by thread", notFound(err, "No handoff there."))
}
