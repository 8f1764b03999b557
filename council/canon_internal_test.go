package council

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// canonicalSlow is canonical the long way, as it always was.
func canonicalSlow(t testing.TB, v any) []byte {
	if s, ok := v.(string); ok {
		return []byte(s)
	}
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return canonicalTree(raw)
}

// The one-pass encoding gives canonical's bytes, so every stored hash
// stays what it was: keys sorted, times in UTC, numbers as float64, and
// strings escaped as json.Marshal escapes them.
func TestRecanonIsTheTreesEncoding(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	at := time.Date(2026, 11, 24, 17, 0, 0, 123456789, paris)
	type inner struct {
		Z, A  string
		When  time.Time
		Maybe *time.Time
	}
	values := []any{
		nil, true, 0, -1, 42, 1 << 53, 1<<53 + 1, math.MaxInt64, 123456789012345, 1234567890123456, -0.5, 1e21, 1e20, 1e-7, 1e-6, 3.14159, float32(0.1),
		"", "plain", "a <b> & c", "quote \" back \\ slash", "tab\tnew\nline", "\u2028\u2029", "caf\u00e9 \U0001F600", "bad \xff utf8", "\x00\x1f",
		"2026-11-24T17:00:00+01:00", "2026-11-24T17:00:00.5-05:00 not a time", "1234-67890T", at, []time.Time{at, at.UTC()},
		map[string]any{"b": 1, "a": map[string]any{"d": "x", "c": []any{}}, "é": 2, "A": 3, "<": 4},
		map[string]int{}, []int{}, []string{"z", "a"},
		inner{Z: "z", A: "a", When: at}, []inner{{When: at, Maybe: &at}},
		struct {
			Raw json.RawMessage
		}{json.RawMessage(`{"y": 2, "x": [1, 2.50, "<"]}`)},
		time.Duration(90 * time.Minute), settings{Now: at, HorizonH: 12, Quiet: &bh.QuietHours{}},
	}
	for i, v := range values {
		assert.Equal(t, string(canonicalSlow(t, v)), string(canonical(v)), "%d: %#v", i, v)
		// A string alone is hashed as it is: inside a list it is JSON.
		w := map[string]any{"v": v, "in": []any{v, v}}
		assert.Equal(t, string(canonicalSlow(t, w)), string(canonical(w)), "%d in a list: %#v", i, v)
	}
}

// On a council run's own inputs and outputs too, in a zone far from UTC.
func TestRecanonOnARun(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	var notes []bh.Note
	for i, s := range bh.SampleShift {
		notes = append(notes, bh.Note{ID: fmt.Sprintf("n%d", i+1), TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Text: s.Text, RawText: s.Text,
			Tag: s.Tag, TagSource: bh.TagByUser, CreatedAt: now.Add(time.Duration(i-6) * 10 * time.Minute), Rev: 1})
	}
	c, err := New(Config{Clock: func() time.Time { return now }})
	require.NoError(t, err)
	run := bh.Run{ID: "r1", TeamID: "T1", ShiftID: "s1", Version: 1, Energy: bh.EnergyMedium, HorizonH: 12, TZ: "Asia/Kolkata", TokenBudget: 4000, Now: now, Mode: "heuristic"}
	out, err := c.Run(context.Background(), Input{Run: run, Notes: notes}, nil)
	require.NoError(t, err)
	for i, v := range []any{notes, out.Pack, out.Facts, out.Proposals, out.Decision, out.Handoff.Content, settingsOf(out.Run), out.Run, out.Tasks} {
		assert.Equal(t, string(canonicalSlow(t, v)), string(canonical(v)), "%d", i)
	}
}

// Whatever valid JSON it is given, it writes the tree's bytes or leaves it
// to the long way.
func FuzzRecanon(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":[1.5e300,"2026-11-24T17:00:00+01:00"]}`, `[1e400]`, `{"a":1,"a":2}`, `"\u003c\ufffd"`, `[-0,0.0000001,100000000000000000000000]`,
		`{"\u00e9":null,"e":true}`, ` [ 1 , { } ] `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		out, ok := recanon(raw)
		if !ok {
			return
		}
		var tree any
		if err := json.Unmarshal(raw, &tree); err != nil {
			t.Fatalf("recanon took %q, which does not decode: %v", raw, err)
		}
		if want := canonicalTree(raw); string(out) != string(want) {
			t.Fatalf("%q: got %q, want %q", raw, out, want)
		}
	})
}

// BenchmarkCanonical/tree is the long way, for comparison.
func BenchmarkCanonical(b *testing.B) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	var notes []bh.Note
	for i := range 60 {
		s := bh.SampleShift[i%len(bh.SampleShift)]
		notes = append(notes, bh.Note{ID: fmt.Sprintf("n%d", i+1), TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Text: s.Text, RawText: s.Text,
			Tag: s.Tag, TagSource: bh.TagByUser, CreatedAt: now.Add(time.Duration(i-60) * 10 * time.Minute), Rev: 1})
	}
	raw, err := json.Marshal(notes)
	require.NoError(b, err)
	b.Run("one pass", func(b *testing.B) {
		for b.Loop() {
			if _, ok := recanon(raw); !ok {
				b.Fatal("left to the long way")
			}
		}
	})
	b.Run("tree", func(b *testing.B) {
		for b.Loop() {
			canonicalTree(raw)
		}
	})
}
