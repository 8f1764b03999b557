package main

import (
	"math"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bot sets Go's soft memory limit as it starts: none when GOMEMLIMIT
// is empty, else what GOMEMLIMIT says, from the environment or from .env
// (which Go itself never reads); off is no limit.
func TestBotSetsTheMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		name, env, dotenv string
		want              int64
	}{
		{"default", "", "", math.MaxInt64},
		{"environment", "64MiB", "", 64 << 20},
		{".env", "", "GOMEMLIMIT=1GiB\n", 1 << 30},
		{"off", "off", "", math.MaxInt64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			t.Setenv("GOMEMLIMIT", tc.env)
			if tc.dotenv != "" {
				require.NoError(t, writeFile(".env", tc.dotenv))
			}
			var got atomic.Int64
			got.Store(-1)
			h := start(t, func(m *Main) {
				m.SetMemoryLimit = func(n int64) int64 { got.Store(n); return 0 }
			})
			assert.Equal(t, 0, h.stop())
			assert.Equal(t, tc.want, got.Load())
		})
	}
}
