package babyhandoff

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestErrorsKeepTheirCause(t *testing.T) {
	for _, tc := range []struct {
		name    string
		err     error
		cause   error
		code    string
		message string
	}{
		{"a store's cancelled call", fmt.Errorf("store: capture note: %w", &Error{Code: EUNAVAILABLE, Message: "The database did not answer in time.", Detail: "context canceled", Err: context.Canceled}),
			context.Canceled, EUNAVAILABLE, "The database did not answer in time."},
		{"Internal keeps the cause", fmt.Errorf("bot: %w", Internal(io.ErrUnexpectedEOF)), io.ErrUnexpectedEOF, EINTERNAL, ""},
		{"Internal keeps a code it is given", Internal(Errorf(EINVALID, "That note is empty.")), nil, EINVALID, "That note is empty."},
		{"a plain error", io.EOF, io.EOF, EINTERNAL, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cause != nil {
				assert.ErrorIs(t, tc.err, tc.cause)
			}
			assert.Equal(t, tc.code, ErrorCode(tc.err))
			if tc.message == "" {
				assert.Contains(t, ErrorMessage(tc.err), "Something went wrong on our side")
			} else {
				assert.Equal(t, tc.message, ErrorMessage(tc.err))
			}
		})
	}
}

// Error prints Detail, not the cause: a store redacts what the cause's text
// could leak (a MongoDB URI's password) and keeps the cause for errors.Is.
func TestErrorPrintsDetailNotTheCause(t *testing.T) {
	e := &Error{Code: EUNAVAILABLE, Message: "Cannot connect to MongoDB (MONGODB_URI).", Detail: "dial mongodb://user:***@host",
		Err: errors.New("dial mongodb://user:secret@host")}
	assert.NotContains(t, e.Error(), "secret")
	assert.Contains(t, e.Error(), "***")
	assert.Equal(t, e.Err, errors.Unwrap(e))
}
