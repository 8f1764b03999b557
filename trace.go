package babyhandoff

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

// A trace id names the work one Slack envelope started (a note, a /plan, a
// button): it is made when the envelope arrives, carried in the context,
// written on every log line of that work, stored on the run, its tasks and
// events, sent to the model, and shown in an error a person sees, so one
// grep finds the whole story.

type traceKey struct{}

// NewTraceID is 16 random hex digits: short enough to read out, long
// enough never to meet another.
func NewTraceID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on a supported platform
	return hex.EncodeToString(b[:])
}

// WithTrace returns ctx carrying the trace id; an empty id leaves ctx as it is.
func WithTrace(ctx context.Context, id string) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, traceKey{}, id)
}

// TraceID is ctx's trace id, "" when it has none.
func TraceID(ctx context.Context) string {
	id, _ := ctx.Value(traceKey{}).(string)
	return id
}

// EnsureTrace returns ctx with a trace id, a new one when it had none.
func EnsureTrace(ctx context.Context) context.Context {
	if TraceID(ctx) != "" {
		return ctx
	}
	return WithTrace(ctx, NewTraceID())
}

// ErrorText is ErrorMessage for a person, with the trace's reference when
// the failure is ours: "Something went wrong on our side (ref 7f3a…)".
func ErrorText(ctx context.Context, err error) string {
	msg := ErrorMessage(err)
	if err == nil || ErrorCode(err) != EINTERNAL {
		return msg
	}
	if id := TraceID(ctx); id != "" {
		return internalMessage(id)
	}
	return msg
}

// Ref is " (ref 7f3a…)" for a message about a failure of ours that is not
// an error value (a form Slack would not open), "" without a trace.
func Ref(ctx context.Context) string {
	if id := TraceID(ctx); id != "" {
		return " (ref " + id + ")"
	}
	return ""
}

func internalMessage(ref string) string {
	return "Something went wrong on our side (ref " + ref + "). Nothing you did; please try again in a moment."
}
