package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	bh "github.com/babyhandoff/babyhandoff"
)

// fail is the one place a driver error becomes a domain error: a broken
// constraint is a conflict, a busy or full database is unavailable, a
// missing row is not found. A domain error passes through. Either way the
// operation is named once.
func (db *DB) fail(op string, err error) error {
	if err == nil {
		return nil
	}
	var de *bh.Error
	if errors.As(err, &de) {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	e := &bh.Error{Code: bh.EINTERNAL, Detail: err.Error(), Err: err}
	var se *sqlite.Error
	switch {
	case errors.Is(err, sql.ErrNoRows):
		e.Code, e.Message = bh.ENOTFOUND, "That no longer exists."
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		e.Code, e.Message = bh.EUNAVAILABLE, "The database did not answer in time."
	case errors.As(err, &se):
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CONSTRAINT:
			e.Code, e.Message = bh.ECONFLICT, "That is already saved."
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			e.Code, e.Message = bh.EUNAVAILABLE, "The database is busy with another program's write. Try again in a moment."
		case sqlite3.SQLITE_FULL:
			e.Code, e.Message = bh.EUNAVAILABLE, fmt.Sprintf("The disk holding %s is full.", db.path)
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			e.Message = fmt.Sprintf("The database file %s is damaged. Stop the bot and restore a backup.", db.path)
		}
	}
	return fmt.Errorf("sqlite: %s: %w", op, e)
}

// notFound is ENOTFOUND with msg when err is a missing row, else err.
func notFound(err error, msg string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return bh.Errorf(bh.ENOTFOUND, "%s", msg)
	}
	return err
}

// found is false for a missing row, which is then no error.
func found(err error) (bool, error) {
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

// ignoreNoRows is err, but a missing row is none.
func ignoreNoRows(err error) error {
	_, err = found(err)
	return err
}
