package main

import (
	"context"
	"io"
	"log/slog"
	"strings"

	"github.com/babyhandoff/babyhandoff/internal/tracelog"
)

// newLogger builds the one logger. Whatever it writes passes a redactor, so
// a token can never reach a log even if some error message carries it.
func newLogger(w io.Writer, level, format string, secrets []string) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(level))
	opts := &slog.HandlerOptions{Level: lv}
	var h slog.Handler
	if strings.EqualFold(format, "json") {
		h = slog.NewJSONHandler(w, opts)
	} else {
		h = slog.NewTextHandler(w, opts)
	}
	if len(secrets) > 0 {
		h = &redactHandler{next: h, r: newRedactor(secrets)}
	}
	// Every line logged with a traced context says trace=…: one grep of a
	// ref a person was shown finds the whole story.
	return slog.New(tracelog.New(h))
}

func newRedactor(secrets []string) *strings.Replacer {
	var pairs []string
	for _, s := range secrets {
		pairs = append(pairs, s, "[redacted]")
	}
	return strings.NewReplacer(pairs...)
}

type redactHandler struct {
	next slog.Handler
	r    *strings.Replacer
}

func (h *redactHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *redactHandler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.Replace(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *redactHandler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.r.Replace(v.String()))
	case slog.KindGroup:
		var as []any
		for _, g := range v.Group() {
			as = append(as, h.attr(g))
		}
		return slog.Group(a.Key, as...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, h.r.Replace(err.Error()))
		}
		return slog.String(a.Key, h.r.Replace(v.String()))
	}
	return slog.Attr{Key: a.Key, Value: v}
}

func (h *redactHandler) WithAttrs(as []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(as))
	for i, a := range as {
		red[i] = h.attr(a)
	}
	return &redactHandler{next: h.next.WithAttrs(red), r: h.r}
}

func (h *redactHandler) WithGroup(name string) slog.Handler {
	return &redactHandler{next: h.next.WithGroup(name), r: h.r}
}
