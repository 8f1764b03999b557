package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// -engine measures SQLite; bolt, removed, and "both" are refused with why,
// not run on SQLite unsaid.
func TestEngineFlag(t *testing.T) {
	for _, tc := range []struct {
		flag, err string
	}{
		{"", ""},
		{"sqlite", ""},
		{" SQLite ", ""},
		{"bolt", "-engine bolt: the bolt engine was removed; sqlite is the only embedded engine"},
		{"both", "-engine both: the bolt engine was removed"},
		{"mongo", `unknown -engine "mongo"; use sqlite`},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			got, err := engines(tc.flag)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, []string{engineSQLite}, got)
		})
	}
}
