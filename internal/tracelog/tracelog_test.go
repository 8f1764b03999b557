package tracelog_test

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/tracelog"
)

func TestHandlerWritesTheContextsTrace(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(tracelog.New(slog.NewTextHandler(&buf, nil))).With("part", "bot")
	ctx := bh.WithTrace(context.Background(), "7f3a00aa11bb22cc")
	log.InfoContext(ctx, "first", "k", 1)
	log.Info("no context")
	log.InfoContext(ctx, "named", "trace", "given")
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	if assert.Len(t, lines, 3) {
		assert.Contains(t, string(lines[0]), "trace=7f3a00aa11bb22cc")
		assert.Contains(t, string(lines[0]), "part=bot")
		assert.NotContains(t, string(lines[1]), "trace=")
		assert.Contains(t, string(lines[2]), "trace=given")
		assert.NotContains(t, string(lines[2]), "7f3a")
	}
}
