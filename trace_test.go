package babyhandoff

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestErrorTextNamesTheRefOfOurFailures(t *testing.T) {
	traced := WithTrace(context.Background(), "7f3a00aa11bb22cc")
	cases := []struct {
		name string
		ctx  context.Context
		err  error
		want string
	}{
		{"ours, traced", traced, errors.New("disk full"), "Something went wrong on our side (ref 7f3a00aa11bb22cc). Nothing you did; please try again in a moment."},
		{"ours, wrapped", traced, Internal(errors.New("x")), "Something went wrong on our side (ref 7f3a00aa11bb22cc). Nothing you did; please try again in a moment."},
		{"ours, untraced", context.Background(), errors.New("disk full"), "Something went wrong on our side. Nothing you did; please try again in a moment."},
		{"theirs: no ref", traced, Errorf(EINVALID, "Pick 1 to 24 hours."), "Pick 1 to 24 hours."},
		{"none", traced, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ErrorText(tc.ctx, tc.err))
		})
	}
	assert.Equal(t, " (ref 7f3a00aa11bb22cc)", Ref(traced))
	assert.Empty(t, Ref(context.Background()))
}

func TestTraceIDs(t *testing.T) {
	a, b := NewTraceID(), NewTraceID()
	assert.Regexp(t, `^[0-9a-f]{16}$`, a)
	assert.NotEqual(t, a, b)
	ctx := EnsureTrace(context.Background())
	assert.Len(t, TraceID(ctx), 16)
	assert.Equal(t, TraceID(ctx), TraceID(EnsureTrace(ctx)), "an existing trace is kept")
	assert.Equal(t, context.Background(), WithTrace(context.Background(), ""))
}
