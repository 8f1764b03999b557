package council

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// This file: the canonical encoding of a step's input or output (see
// canonical), rewritten from json.Marshal's bytes in one pass. Decoding
// them into maps and encoding those again, as canonical did, was a third of
// a plan's time. It gives the same bytes: every object's keys sorted, every
// value that reads as an RFC 3339 time in UTC, every number as a float64
// is written. What it does not expect (a duplicate key, a number beyond a
// float64) makes it give up, and canonical takes the long way.

// recanon is the canonical form of raw, the output of json.Marshal; ok is
// false when raw holds something it leaves to the long way.
func recanon(raw []byte) (out []byte, ok bool) {
	c := canonWriter{src: raw, out: make([]byte, 0, len(raw))}
	if !c.value() {
		return nil, false
	}
	c.space()
	return c.out, c.i == len(c.src)
}

// canonWriter writes src's canonical form to out. members is a stack of
// the open objects' members and tmp a scratch copy for sorting them: both
// reused, object after object.
type canonWriter struct {
	src, out, tmp []byte
	i             int
	members       []member
}

// member is one key and value of an object, as written to out (its key
// decoded).
type member struct {
	key      []byte
	from, to int
}

func (c *canonWriter) space() {
	for c.i < len(c.src) && (c.src[c.i] == ' ' || c.src[c.i] == '\t' || c.src[c.i] == '\n' || c.src[c.i] == '\r') {
		c.i++
	}
}

func (c *canonWriter) value() bool {
	c.space()
	if c.i >= len(c.src) {
		return false
	}
	switch b := c.src[c.i]; {
	case b == '{':
		return c.object()
	case b == '[':
		return c.array()
	case b == '"':
		s, raw, ok := c.str()
		if !ok {
			return false
		}
		if len(s) >= 20 && s[4] == '-' && s[10] == 'T' {
			if t, err := time.Parse(time.RFC3339Nano, string(s)); err == nil {
				c.out = strconv.AppendQuote(c.out, t.UTC().Format(time.RFC3339Nano)) // digits, '-', ':', '.', 'T', 'Z' only
				return true
			}
		}
		return c.appendString(s, raw)
	default:
		for _, lit := range literals {
			if bytes.HasPrefix(c.src[c.i:], lit) {
				c.out = append(c.out, lit...)
				c.i += len(lit)
				return true
			}
		}
		return c.number()
	}
}

var literals = [][]byte{[]byte("true"), []byte("false"), []byte("null")}

// str reads a string token: its value, and raw set when its bytes between
// the quotes hold no escape and are valid UTF-8 (then they are the value).
func (c *canonWriter) str() (s []byte, raw bool, ok bool) {
	start := c.i
	escaped := false
	for c.i++; c.i < len(c.src); c.i++ {
		switch c.src[c.i] {
		case '\\':
			escaped = true
			c.i++
		case '"':
			c.i++
			tok := c.src[start:c.i]
			if inner := tok[1 : len(tok)-1]; !escaped && utf8.Valid(inner) {
				return inner, true, true
			}
			// Decoded as json.Unmarshal decodes it (bad UTF-8 becomes U+FFFD).
			var v string
			if err := json.Unmarshal(tok, &v); err != nil {
				return nil, false, false
			}
			return []byte(v), false, true
		}
	}
	return nil, false, false
}

// appendString writes s as json.Marshal does; raw says s is the token's
// bytes as they came, written as they are when Marshal would write them so.
func (c *canonWriter) appendString(s []byte, raw bool) bool {
	if raw && plainJSON(s) {
		c.out = append(c.out, '"')
		c.out = append(c.out, s...)
		c.out = append(c.out, '"')
		return true
	}
	b, err := json.Marshal(string(s))
	if err != nil {
		return false
	}
	c.out = append(c.out, b...)
	return true
}

// plainJSON reports whether json.Marshal writes b's string as b itself:
// valid UTF-8 with nothing it escapes.
func plainJSON(b []byte) bool {
	wide := false
	for _, x := range b {
		switch {
		case x < 0x20, x == '"', x == '\\', x == '<', x == '>', x == '&':
			return false
		case x >= utf8.RuneSelf:
			wide = true
		}
	}
	if !wide {
		return true
	}
	return utf8.Valid(b) && !bytes.Contains(b, []byte("\u2028")) && !bytes.Contains(b, []byte("\u2029"))
}

func (c *canonWriter) number() bool {
	start := c.i
	for c.i < len(c.src) && strings.IndexByte("-+.eE0123456789", c.src[c.i]) >= 0 {
		c.i++
	}
	tok := c.src[start:c.i]
	if len(tok) == 0 {
		return false
	}
	digits := len(tok) <= 15
	for k, x := range tok {
		if !(x >= '0' && x <= '9' || x == '-' && k == 0) {
			digits = false
			break
		}
	}
	if digits && tok[len(tok)-1] != '-' {
		// An integer a float64 holds exactly, written as it is.
		c.out = append(c.out, tok...)
		return true
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		return false
	}
	// As encoding/json writes a float64.
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	c.out = strconv.AppendFloat(c.out, f, format, -1, 64)
	if format == 'e' {
		if n := len(c.out); n >= 4 && c.out[n-4] == 'e' && c.out[n-3] == '-' && c.out[n-2] == '0' {
			c.out[n-2] = c.out[n-1]
			c.out = c.out[:n-1]
		}
	}
	return true
}

func (c *canonWriter) array() bool {
	c.i++ // [
	c.out = append(c.out, '[')
	c.space()
	if c.i < len(c.src) && c.src[c.i] == ']' {
		c.i++
		c.out = append(c.out, ']')
		return true
	}
	for {
		if !c.value() {
			return false
		}
		c.space()
		if c.i >= len(c.src) {
			return false
		}
		switch c.src[c.i] {
		case ',':
			c.i++
			c.out = append(c.out, ',')
		case ']':
			c.i++
			c.out = append(c.out, ']')
			return true
		default:
			return false
		}
	}
}

func (c *canonWriter) object() bool {
	c.i++ // {
	c.out = append(c.out, '{')
	body := len(c.out)
	base := len(c.members)
	defer func() { c.members = c.members[:base] }()
	c.space()
	if c.i < len(c.src) && c.src[c.i] == '}' {
		c.i++
		c.out = append(c.out, '}')
		return true
	}
	for {
		c.space()
		if c.i >= len(c.src) || c.src[c.i] != '"' {
			return false
		}
		key, raw, ok := c.str()
		if !ok {
			return false
		}
		if len(c.members) > base {
			c.out = append(c.out, ',')
		}
		from := len(c.out)
		if !c.appendString(key, raw) {
			return false
		}
		c.space()
		if c.i >= len(c.src) || c.src[c.i] != ':' {
			return false
		}
		c.i++
		c.out = append(c.out, ':')
		if !c.value() {
			return false
		}
		c.members = append(c.members, member{key, from, len(c.out)})
		c.space()
		if c.i >= len(c.src) {
			return false
		}
		if c.src[c.i] == '}' {
			c.i++
			break
		}
		if c.src[c.i] != ',' {
			return false
		}
		c.i++
	}
	// Keys sorted as encoding/json sorts a map's; a repeated key is left
	// to the long way (a map keeps its last value).
	ms := c.members[base:]
	sorted := true
	for k := 1; k < len(ms); k++ {
		switch bytes.Compare(ms[k-1].key, ms[k].key) {
		case 0:
			return false
		case 1:
			sorted = false
		}
	}
	if !sorted {
		c.tmp = append(c.tmp[:0], c.out[body:]...)
		slices.SortFunc(ms, func(a, b member) int { return bytes.Compare(a.key, b.key) })
		for k := 1; k < len(ms); k++ {
			if bytes.Equal(ms[k-1].key, ms[k].key) {
				return false
			}
		}
		c.out = c.out[:body]
		for k, m := range ms {
			if k > 0 {
				c.out = append(c.out, ',')
			}
			c.out = append(c.out, c.tmp[m.from-body:m.to-body]...)
		}
	}
	c.out = append(c.out, '}')
	return true
}
