package install

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Sealer encrypts tokens at rest: AES-256-GCM under the current key, and
// opens what was sealed under it or under an older key still kept. A
// sealed value names its key ("v1.<key id>.<nonce+ciphertext>"), so keys
// rotate by adding a new one and keeping the old ones until every
// installation was sealed again (a reinstall or a token refresh does it).
type Sealer struct {
	current string
	aeads   map[string]cipher.AEAD // key id → cipher
}

const sealPrefix = "v1"

// NewSealer makes a Sealer from TOKEN_ENCRYPTION_KEY (32 bytes, standard
// base64) and the old keys still to be read (same form).
func NewSealer(key string, old ...string) (*Sealer, error) {
	s := &Sealer{aeads: map[string]cipher.AEAD{}}
	for i, k := range append([]string{key}, old...) {
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(k))
		if err != nil || len(raw) != 32 {
			if i == 0 {
				return nil, errors.New("the token encryption key must be 32 random bytes in base64 (openssl rand -base64 32)")
			}
			return nil, fmt.Errorf("old token encryption key %d must be 32 bytes in base64", i)
		}
		block, err := aes.NewCipher(raw)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		id := keyID(raw)
		if i == 0 {
			s.current = id
		}
		s.aeads[id] = aead
	}
	return s, nil
}

// keyID names a key without revealing it: the start of its SHA-256.
func keyID(raw []byte) string {
	sum := sha256.Sum256(append([]byte("babyhandoff token key "), raw...))
	return hex.EncodeToString(sum[:4])
}

// Seal encrypts plain under the current key. bound is authenticated
// with it (the installation's key and the token's kind), so a sealed token
// cannot be moved to another team's record and opened there.
func (s *Sealer) Seal(plain, bound string) (string, error) {
	if plain == "" {
		return "", nil
	}
	aead := s.aeads[s.current]
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal a token: %w", err)
	}
	out := aead.Seal(nonce, nonce, []byte(plain), []byte(bound))
	return sealPrefix + "." + s.current + "." + base64.RawURLEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal made with the same bound, under whichever kept
// key it names.
func (s *Sealer) Open(sealed, bound string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	parts := strings.SplitN(sealed, ".", 3)
	if len(parts) != 3 || parts[0] != sealPrefix {
		return "", errors.New("open a token: not a sealed token")
	}
	aead, ok := s.aeads[parts[1]]
	if !ok {
		return "", fmt.Errorf("open a token: it was sealed under key %s, which is not kept (add it to TOKEN_ENCRYPTION_OLD_KEYS)", parts[1])
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(raw) < aead.NonceSize() {
		return "", errors.New("open a token: damaged")
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(bound))
	if err != nil {
		return "", errors.New("open a token: it does not open under its key (damaged, or sealed for another installation)")
	}
	return string(plain), nil
}
