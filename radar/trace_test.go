package radar_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/internal/tracelog"
	"github.com/babyhandoff/babyhandoff/radar"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// brokenState is a store whose shift states cannot be read.
type brokenState struct{ storetest.DB }

func (brokenState) ShiftState(context.Context, string, string) (bh.ShiftState, string, bool, error) {
	return bh.ShiftState{}, "", false, errors.New("disk gone")
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSpace(l.b.String()), "\n")
}

// A look of the radar's own is a story of its own; one a person's work
// asked for is part of theirs.
func TestRadarLooksAreTraced(t *testing.T) {
	clock := clocktest.New(radarT0)
	db := openTestStore(t, clock)
	var buf lockedBuffer
	nudger, err := radar.NewNudger(radar.NudgerConfig{Store: brokenState{db}, Notify: &recNotifier{}, Now: clock.Now, AfterFunc: clock.AfterFunc,
		Logger: slog.New(tracelog.New(slog.NewTextHandler(&buf, nil)))})
	require.NoError(t, err)

	nudger.Look(context.Background(), "T1", "s1", true)
	nudger.Look(bh.WithTrace(context.Background(), "7f3a00aa11bb22cc"), "T1", "s1", true)
	lines := buf.lines()
	require.Len(t, lines, 2)
	assert.Regexp(t, regexp.MustCompile(`trace=[0-9a-f]{16}\b`), lines[0])
	assert.Contains(t, lines[0], "disk gone")
	assert.Contains(t, lines[1], "trace=7f3a00aa11bb22cc")
}
