package install

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// The install page's state: a random nonce, its expiry and an HMAC of both
// under the client secret. The nonce is also kept in the store (taken once)
// and in a cookie of the browser that asked (so a link sent to someone
// else cannot complete an install).

// StateLife is how long an install page's state may be used.
const StateLife = 10 * time.Minute

// stateCookie holds the nonce in the browser that opened the install page.
const stateCookie = "babyhandoff_oauth_state"

var (
	errForged  = errors.New("the state was not made here")
	errExpired = errors.New("the state is older than ten minutes")
)

type stateSigner struct{ key []byte }

func newNonce() (string, error) {
	raw := make([]byte, 18)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

func (s stateSigner) mac(nonce string, expires int64) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("babyhandoff oauth state\x00" + nonce + "\x00" + strconv.FormatInt(expires, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// sign makes the state for nonce, valid until expires.
func (s stateSigner) sign(nonce string, expires time.Time) string {
	e := expires.Unix()
	return nonce + "." + strconv.FormatInt(e, 10) + "." + s.mac(nonce, e)
}

// check returns the nonce of a state made by sign and not expired at now.
func (s stateSigner) check(state string, now time.Time) (string, error) {
	parts := strings.Split(state, ".")
	if len(parts) != 3 {
		return "", errForged
	}
	e, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || !hmac.Equal([]byte(parts[2]), []byte(s.mac(parts[0], e))) {
		return "", errForged
	}
	if !now.Before(time.Unix(e, 0)) {
		return "", errExpired
	}
	return parts[0], nil
}
