package sqlite

import (
	"context"
	"encoding/binary"
	"io"
	"sync"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: the radar's "changes since position P". Every change of a
// note gives it the next number (putNote, nextSeq), so the notes changed
// after P are those whose seq is above it; a note changed twice since is
// listed once, at its latest. A commit that changed notes
// rings a bell after it is durable, which wakes the streams of this
// process; another process's writes are found by polling.

// lastSeq is the number of the latest change: the highest a note has, or
// had when it was removed (the 'notes' counter, kept by the delete trigger,
// 0009). nextSeq is the next change's: never a number used before, so a
// stream that read up to one never skips a change.
const (
	lastSeq = "SELECT max(coalesce((SELECT max(seq) FROM notes), 0), (SELECT value FROM counters WHERE name = 'notes'))"
	nextSeq = lastSeq + " + 1"
)

// Position is the token of the change numbered seq.
func Position(seq int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(seq)) }

func seqOf(token []byte) int64 {
	if len(token) != 8 {
		return -1
	}
	return int64(binary.BigEndian.Uint64(token))
}

// Changes lists up to limit note changes after the position token (nil:
// from the start), oldest first. A token this store did not make is
// EINVALID.
func (db *DB) Changes(ctx context.Context, after []byte, limit int) ([]bh.NoteChange, error) {
	seq := int64(0)
	if after != nil {
		if seq = seqOf(after); seq < 0 {
			return nil, db.fail("list changes", bh.Errorf(bh.EINVALID, "That is not a position in the notes' changes."))
		}
	}
	rows, err := db.rq.QueryContext(ctx, `SELECT team_id, shift_id, seq, CASE WHEN moved_at = updated_at THEN moved_from ELSE '' END
		FROM notes WHERE seq > ? ORDER BY seq LIMIT ?`, seq, limit)
	if err != nil {
		return nil, db.fail("list changes", err)
	}
	defer rows.Close()
	out := []bh.NoteChange{}
	for rows.Next() {
		var c bh.NoteChange
		var seq int64
		var left string
		if err := rows.Scan(&c.TeamID, &c.ShiftID, &seq, &left); err != nil {
			return nil, db.fail("list changes", err)
		}
		c.Token = Position(seq)
		out = append(out, c)
		if left != "" {
			// A moved note's latest change is its move: the list it left
			// changed too.
			out = append(out, bh.NoteChange{TeamID: c.TeamID, ShiftID: left, Token: c.Token})
		}
	}
	return out, db.fail("list changes", rows.Err())
}

// maxChangeBatch bounds how many changes one read of a stream takes.
const maxChangeBatch = 1000

// WatchNotes streams note changes after resume (nil: from now): first any
// already committed after it, then each as it commits. next waits for a
// change, ctx or Close (io.EOF), and returns every change waiting then.
func (db *DB) WatchNotes(ctx context.Context, resume []byte) (func(context.Context) ([]bh.NoteChange, error), func() error, error) {
	pos := resume
	if pos == nil {
		var seq int64
		if err := db.rq.QueryRowContext(ctx, lastSeq).Scan(&seq); err != nil {
			return nil, nil, db.fail("watch notes", err)
		}
		pos = Position(seq)
	} else if seqOf(pos) < 0 {
		return nil, nil, db.fail("watch notes", bh.Errorf(bh.EINVALID, "That is not a position in the notes' changes."))
	}
	stopped := make(chan struct{})
	next := func(ctx context.Context) ([]bh.NoteChange, error) {
		for {
			bell := db.bellNow() // before reading: a commit after the read rings it
			out, err := db.Changes(ctx, pos, maxChangeBatch)
			if err != nil {
				return nil, err
			}
			if len(out) > 0 {
				pos = out[len(out)-1].Token
				return out, nil
			}
			poll := time.NewTimer(db.cfg.Poll)
			select {
			case <-bell:
			case <-poll.C:
			case <-ctx.Done():
				poll.Stop()
				return nil, ctx.Err()
			case <-db.closed:
				poll.Stop()
				return nil, io.EOF
			case <-stopped:
				poll.Stop()
				return nil, io.EOF
			}
			poll.Stop()
		}
	}
	var once sync.Once
	stop := func() error {
		once.Do(func() { close(stopped) })
		return nil
	}
	return next, stop, nil
}

// ShiftsChangedSince lists the families with a note created, edited,
// re-tagged, deleted or moved (both lists) at or after since.
func (db *DB) ShiftsChangedSince(ctx context.Context, since time.Time) ([]bh.Shift, error) {
	rows, err := db.rq.QueryContext(ctx, `SELECT `+shiftCols+` FROM shifts WHERE id IN
		(SELECT shift_id FROM notes WHERE updated_at >= ?
		 UNION SELECT moved_from FROM notes WHERE updated_at >= ? AND moved_at = updated_at) ORDER BY id`, ms(since), ms(since))
	if err != nil {
		return nil, db.fail("shifts changed since", err)
	}
	out, err := collect(rows, scanShift)
	return out, db.fail("shifts changed since", err)
}
