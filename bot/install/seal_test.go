package install

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newKey(t *testing.T) string {
	t.Helper()
	raw := make([]byte, 32)
	_, err := rand.Read(raw)
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(raw)
}

func TestSealerRoundTripsAndRotates(t *testing.T) {
	oldKey, newKeyStr := newKey(t), newKey(t)
	before, err := NewSealer(oldKey)
	require.NoError(t, err)
	sealed, err := before.Seal("xoxb-secret-token", "T1/bot")
	require.NoError(t, err)
	assert.NotContains(t, sealed, "xoxb-secret-token")
	again, err := before.Seal("xoxb-secret-token", "T1/bot")
	require.NoError(t, err)
	assert.NotEqual(t, sealed, again, "each seal has its own nonce")

	// Rotated: the new key seals, the old one still opens.
	after, err := NewSealer(newKeyStr, oldKey)
	require.NoError(t, err)
	plain, err := after.Open(sealed, "T1/bot")
	require.NoError(t, err)
	assert.Equal(t, "xoxb-secret-token", plain)
	resealed, err := after.Seal(plain, "T1/bot")
	require.NoError(t, err)
	assert.NotEqual(t, strings.Split(sealed, ".")[1], strings.Split(resealed, ".")[1], "sealed under the new key's id")

	// The old key dropped: what it sealed no longer opens, and says why.
	only, err := NewSealer(newKeyStr)
	require.NoError(t, err)
	_, err = only.Open(sealed, "T1/bot")
	require.ErrorContains(t, err, "TOKEN_ENCRYPTION_OLD_KEYS")
	plain, err = only.Open(resealed, "T1/bot")
	require.NoError(t, err)
	assert.Equal(t, "xoxb-secret-token", plain)
}

func TestSealerRefuses(t *testing.T) {
	s, err := NewSealer(newKey(t))
	require.NoError(t, err)
	sealed, err := s.Seal("xoxb-1", "T1/bot")
	require.NoError(t, err)
	for name, c := range map[string]struct{ sealed, bound string }{
		"another team's record": {sealed, "T2/bot"},
		"a flipped byte":        {sealed[:len(sealed)-2] + flip(sealed[len(sealed)-2:]), "T1/bot"},
		"not sealed":            {"xoxb-1", "T1/bot"},
		"cut short":             {"v1." + strings.Split(sealed, ".")[1] + ".AAAA", "T1/bot"},
	} {
		_, err := s.Open(c.sealed, c.bound)
		assert.Error(t, err, name)
	}
	for _, bad := range []string{"", "short", base64.StdEncoding.EncodeToString(make([]byte, 16))} {
		_, err := NewSealer(bad)
		assert.ErrorContains(t, err, "32", bad)
	}
	_, err = NewSealer(newKey(t), "nope")
	assert.ErrorContains(t, err, "old token encryption key 1")
}

func flip(s string) string {
	if s[0] == 'A' {
		return "B" + s[1:]
	}
	return "A" + s[1:]
}
