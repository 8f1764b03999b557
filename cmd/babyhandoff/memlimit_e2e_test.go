package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bot sets Go's soft memory limit as it starts, and says which: none
// when GOMEMLIMIT is empty, else what GOMEMLIMIT says, from the
// environment or from .env (which Go itself never reads); off is no limit.
// (The tests leave the process's own limit alone: main sets it.)
func TestBotSetsTheMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		name, env, dotenv, want string
	}{
		{"default", "", "", "off"},
		{"environment", "64MiB", "", "64MiB"},
		{".env", "", "GOMEMLIMIT=1GiB\n", "1GiB"},
		{"off", "off", "", "off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			t.Setenv("GOMEMLIMIT", tc.env)
			if tc.dotenv != "" {
				require.NoError(t, writeFile(".env", tc.dotenv))
			}
			h := start(t)
			assert.Equal(t, 0, h.stop())
			assert.Contains(t, h.stderr.String(), `msg="memory limit" GOMEMLIMIT=`+tc.want+"\n")
		})
	}
}
