// Package tracelog is a log/slog handler that writes the context's trace
// id on every line, so the one logger passed around needs no per-request
// copy: a line logged with a context that carries a trace says trace=….
package tracelog

import (
	"context"
	"log/slog"

	bh "github.com/babyhandoff/babyhandoff"
)

// Key is the attribute's name on a log line.
const Key = "trace"

// Handler adds the trace id of each record's context to next's records.
type Handler struct{ next slog.Handler }

// New wraps next.
func New(next slog.Handler) *Handler { return &Handler{next: next} }

// Enabled is next's.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle adds trace=… when ctx has one and the record does not say it yet.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := bh.TraceID(ctx); id != "" {
		has := false
		r.Attrs(func(a slog.Attr) bool {
			has = a.Key == Key
			return !has
		})
		if !has {
			r = r.Clone()
			r.AddAttrs(slog.String(Key, id))
		}
	}
	return h.next.Handle(ctx, r)
}

// WithAttrs keeps the trace on a logger with attributes.
func (h *Handler) WithAttrs(as []slog.Attr) slog.Handler { return &Handler{next: h.next.WithAttrs(as)} }

// WithGroup keeps the trace on a grouped logger (inside the group).
func (h *Handler) WithGroup(name string) slog.Handler { return &Handler{next: h.next.WithGroup(name)} }
