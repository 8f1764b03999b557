// Package babyhandoff holds the domain of BabyHandoff: shifts, notes, council
// runs and their results, and the error codes that decide what a user is told.
//
// It depends on the standard library only. Slack, MongoDB and model clients
// live in the subpackages (bot, store, council/openai) and translate to and
// from these types at their boundaries.
//
// A plan is edited by typed ops (add an item, drop, shorter/longer, move
// by half an hour or to a time, swap with the next block) through Apply:
// pure, deterministic, all or nothing. Every block an op adds or changes
// stays inside the plan's window, overlaps no other block, keeps out of
// the quiet hours (kept for sleep), ends by its deadline and does no
// health note; fixed commitments and the night never change. A refused op
// says which rule, for a person, and changes nothing. An edited run
// records its ops, who and when (Run.Edit), next to its parent.
package babyhandoff

import (
	"errors"
	"fmt"
)

// Error codes. They decide what a user sees: EINVALID and ENOTFOUND and
// ECONFLICT carry a message meant for a person; EINTERNAL is logged and the
// user gets a generic apology.
const (
	ECONFLICT    = "conflict"
	EINTERNAL    = "internal"
	EINVALID     = "invalid"
	ENOTFOUND    = "not_found"
	EFORBIDDEN   = "forbidden"
	EUNAVAILABLE = "unavailable"
)

// Error is a domain error. Message is safe to show to a user for every code
// but EINTERNAL; Detail is for logs. Err is the cause, kept so that
// errors.Is and errors.As see through the error (a cancelled context, a
// driver's failure): wrap once per boundary, let the code decide what the
// user sees, never lose the cause.
type Error struct {
	Code    string
	Message string
	// Detail describes the underlying failure for logs. It is what Error
	// prints of the cause, so a store can redact it (a MongoDB URI holds a
	// password) while Err stays whole.
	Detail string
	// Err is the cause; nil for a failure that has none.
	Err error
}

func (e *Error) Error() string {
	switch {
	case e.Detail != "" && e.Message != "":
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Detail)
	case e.Detail != "":
		return fmt.Sprintf("%s: %s", e.Code, e.Detail)
	default:
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
}

// Unwrap is the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a user-facing message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Internal turns any error into an EINTERNAL *Error that keeps the cause.
// An error that already has a code keeps it. A nil err stays nil.
func Internal(err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Code: EINTERNAL, Detail: err.Error(), Err: err}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns what a user may be told about err.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) && e.Code != EINTERNAL && e.Message != "" {
		return e.Message
	}
	return "Something went wrong on our side. Nothing you did; please try again in a moment."
}
