package mongo

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/mongo"

	bh "github.com/babyhandoff/babyhandoff"
)

// fail is the one place a driver error becomes a domain error: a missing
// document is not found, a broken unique index a conflict, a server that
// does not answer (or a closed client) unavailable, anything else
// internal. A domain error passes through. Either way the operation is
// named once, and the URI's password never shows.
func (db *DB) fail(op string, err error) error {
	var de *bh.Error
	if err == nil {
		return nil
	} else if errors.As(err, &de) {
		return fmt.Errorf("mongo: %s: %w", op, err)
	}
	e := &bh.Error{Code: bh.EINTERNAL, Detail: redactURI(err.Error(), db.cfg.URI), Err: err}
	switch {
	case errors.Is(err, errNoDocs):
		e.Code, e.Message = bh.ENOTFOUND, "That no longer exists."
	case isDuplicate(err):
		e.Code, e.Message = bh.ECONFLICT, "That is already saved."
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), errors.Is(err, lungo.ErrEngineClosed),
		errors.Is(err, mongo.ErrClientDisconnected), mongo.IsTimeout(err), mongo.IsNetworkError(err), strings.Contains(err.Error(), "server selection"):
		e.Code, e.Message = bh.EUNAVAILABLE, "The database (MongoDB) did not answer. Try again in a moment."
	}
	return fmt.Errorf("mongo: %s: %w", op, e)
}

var errNoDocs = mongo.ErrNoDocuments

func isDuplicate(err error) bool {
	return err != nil && (mongo.IsDuplicateKeyError(err) || lungo.IsUniquenessError(err))
}

// notFound is ENOTFOUND with msg when err is a missing document, else err.
func notFound(err error, msg string) error {
	if errors.Is(err, errNoDocs) {
		return bh.Errorf(bh.ENOTFOUND, "%s", msg)
	}
	return err
}

// found is false for a missing document, which is then no error.
func found(err error) (bool, error) {
	if errors.Is(err, errNoDocs) {
		return false, nil
	}
	return err == nil, err
}

// errOr is err, or otherwise when err is nil.
func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// redactURI removes the URI and its password from a message: driver
// errors sometimes echo the connection string.
func redactURI(msg, uri string) string {
	if u, err := url.Parse(uri); uri != "" && err == nil {
		msg = strings.ReplaceAll(msg, uri, "[MONGODB_URI]")
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "[redacted]")
		}
	}
	return msg
}
