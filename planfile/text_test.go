package planfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func boldFace(t *testing.T) *face {
	t.Helper()
	fonts, err := goFonts()
	require.NoError(t, err)
	f, err := newFace(fonts[1], 32)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

func TestClean(t *testing.T) {
	f := boldFace(t)
	tests := map[string]string{
		"Dinner (crème brûlée) 🍰":      "Dinner (crème brûlée)",
		"Pack the bag\nthen\r\n\trest": "Pack the bag then rest",
		"  🍼  formula  ":               "formula",
		"bell\a and \x00nul":           "bell and nul",
		"60–90 min — ok…":              "60–90 min — ok…",
	}
	for in, want := range tests {
		assert.Equal(t, want, f.clean(in), "%q", in)
	}
}

func TestFitAndWrap(t *testing.T) {
	f := boldFace(t)
	const w = 400
	long := strings.Repeat("Restock wipes, diaper cream; ", 200) // 5800 characters
	tests := []struct {
		name, s string
	}{
		{"short", "Rest"},
		{"long", long},
		{"one long word", strings.Repeat("x", 300)},
		{"a word then a long one", "Link: https://babyhandoff.slack.com/archives/D1/p1763900000000300?thread_ts=1763900000.000100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fit := f.fit(tt.s, w)
			assert.LessOrEqual(t, f.width(fit), w)
			if f.width(tt.s) <= w {
				assert.Equal(t, tt.s, fit)
			} else {
				assert.True(t, strings.HasSuffix(fit, "…"), fit)
				assert.Greater(t, f.width(fit), w*3/4, "cut no shorter than it must be: %q", fit)
			}
			lines := f.wrap(tt.s, w, 2)
			require.NotEmpty(t, lines)
			assert.LessOrEqual(t, len(lines), 2)
			for _, l := range lines {
				assert.LessOrEqual(t, f.width(l), w, l)
			}
		})
	}
	assert.Equal(t, []string{"Restock wipes, diaper cream;", "Restock wipes, diaper cream;"}, f.wrap(strings.Repeat("Restock wipes, diaper cream; ", 2), 480, 2))
	assert.Empty(t, f.fit("Rest", 5), "nothing fits")
}
