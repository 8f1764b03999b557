package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bot sets Go's soft memory limit as it starts, and says which: none
// when GOMEMLIMIT is empty, else what GOMEMLIMIT says, from the
// environment or from .env (which Go itself never reads); off is no limit.
// (The tests leave the process's own limit alone: main sets it; here the
// bot's hook hears what it would set.)
func TestBotSetsTheMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		name, env, dotenv, want string
		bytes                   int64
	}{
		{"default", "", "", "off", math.MaxInt64},
		{"environment", "64MiB", "", "64MiB", 64 << 20},
		{".env", "", "GOMEMLIMIT=1GiB\n", "1GiB", 1 << 30},
		{"off", "off", "", "off", math.MaxInt64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			t.Setenv("GOMEMLIMIT", tc.env)
			if tc.dotenv != "" {
				require.NoError(t, writeFile(".env", tc.dotenv))
			}
			var set []int64
			h := start(t, func(m *Main) {
				m.setMemoryLimit = func(n int64) int64 { set = append(set, n); return 0 }
			})
			assert.Equal(t, 0, h.stop())
			assert.Equal(t, []int64{tc.bytes}, set, "set once, to GOMEMLIMIT")
			assert.Contains(t, h.stderr.String(), `msg="memory limit" GOMEMLIMIT=`+tc.want+"\n")
		})
	}
}
