package memlimit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/internal/memlimit"
)

func TestParseReadsGOMEMLIMITsSyntax(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"", memlimit.Default},
		{"  ", memlimit.Default},
		{"off", memlimit.Off},
		{"32MiB", 32 << 20},
		{" 48MiB ", 48 << 20},
		{"1GiB", 1 << 30},
		{"2TiB", 2 << 40},
		{"8MiB", 8 << 20},
		{"10000000B", 10000000},
		{"10000000", 10000000},
	} {
		got, err := memlimit.Parse(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestParseRefusesWhatGoWouldNot(t *testing.T) {
	for _, in := range []string{"32MB", "32M", "1.5GiB", "-1MiB", "+5MiB", "MiB", "lots", "OFF", "9999999999TiB",
		// Below the floor: "0" reads as "none" elsewhere, and a tiny limit
		// keeps the collector running.
		"0", "0MiB", "512KiB", "1000000"} {
		_, err := memlimit.Parse(in)
		assert.Error(t, err, in)
	}
}

func TestDefaultIsNoLimit(t *testing.T) {
	assert.Equal(t, memlimit.Off, memlimit.Default)
}

func TestStringIsReadBackByParse(t *testing.T) {
	for _, n := range []int64{memlimit.Default, memlimit.Off, 1 << 30, 1536 << 20, 8 << 20, 10000000} {
		got, err := memlimit.Parse(memlimit.String(n))
		require.NoError(t, err, memlimit.String(n))
		assert.Equal(t, n, got)
	}
	assert.Equal(t, "32MiB", memlimit.String(32<<20))
	assert.Equal(t, "1536MiB", memlimit.String(1536<<20))
	assert.Equal(t, "off", memlimit.String(memlimit.Off))
}
