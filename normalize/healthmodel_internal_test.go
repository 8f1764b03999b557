package normalize

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A learned reader measured beside the rules by TestHealthCrossValidation
// and not shipped (docs/testing.md says why): a logistic regression over
// hashed word, word-pair and in-word character features of a note. The
// rules read what a note says; the model reads how such notes are worded,
// so it tolerates spellings and phrasings no rule names. It is trained in
// a fixed order with a fixed schedule, so the same corpora give the same
// weights on every machine.

// modelBits: 2^16 hashed features, 64 KB of weights once encoded. The corpora hold
// some tens of thousands of distinct features; more buckets measured no
// better under cross-validation.
const modelBits = 16

// The training schedule, chosen by leave-one-batch-out cross-validation
// (TestHealthCrossValidation): more epochs or buckets, or 2- and 5-grams,
// measured no better on the batch left out.
const (
	modelEpochs = 12
	modelRate   = 1.0
	modelL2     = 1e-6
	gramMin     = 3
	gramMax     = 4
)

// features appends the hashed features of s to dst: each word, each pair
// of neighbouring words, and each word's character 3- and 4-grams with its
// edges marked (so "temprature" shares most of "temperature"'s). Digits
// read as a digit shape too, so 38.4 and 38.9 share one.
func features(dst []uint32, s string) []uint32 {
	var words [64]string
	n := 0
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 && n < len(words) {
			words[n] = b.String()
			n++
		}
		b.Reset()
	}
	for _, r := range s {
		switch {
		case r == '\'' || r == '’':
			// "wont" and "won't" read alike.
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '.' && b.Len() > 0 && isDigits(b.String()):
			b.WriteRune(r)
		default:
			flush()
			if r >= utf8.RuneSelf && !unicode.IsSpace(r) {
				// An emoji is a word of its own.
				b.WriteRune(r)
				flush()
			}
		}
	}
	flush()
	prev := "^"
	for i := 0; i < n; i++ {
		w := words[i]
		if isDigits(strings.ReplaceAll(w, ".", "")) {
			dst = append(dst, hash2("d", digitShape(w)))
		}
		dst = append(dst, hash2("w", w), hash3("b", prev, w))
		prev = w
		e := "<" + w + ">"
		for k := gramMin; k <= gramMax; k++ {
			for j := 0; j+k <= len(e); j++ {
				dst = append(dst, hash2("c", e[j:j+k]))
			}
		}
	}
	dst = append(dst, hash3("b", prev, "$"))
	// Each feature counts once: a phrase said over and over is not surer.
	for i := range dst {
		dst[i] &= 1<<modelBits - 1
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// digitShape: "38.4" is "dd.d", "101" is "ddd".
func digitShape(w string) string {
	b := []byte(w)
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = 'd'
		}
	}
	return string(b)
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

func fnv(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= fnvPrime
	}
	return h
}

func hash2(kind, a string) uint32 { return fnv(fnv(fnvOffset, kind), a) }

func hash3(kind, a, b string) uint32 { return fnv(fnv(fnv(fnv(fnvOffset, kind), a), " "), b) }

// trainHealthModel fits the model to health (label 1) and everyday
// (label 0) notes by stochastic gradient descent, visiting the notes in an
// order fixed by a seeded generator, and returns its weights encoded
// (encodeModel). Every product is rounded to float32 as written, so no
// machine fuses them differently.
func trainHealthModel(health, everyday []string) []byte {
	const mask = 1<<modelBits - 1
	type example struct {
		f []uint16
		y int
	}
	ex := make([]example, 0, len(health)+len(everyday))
	var buf []uint32
	for y, notes := range [2][]string{everyday, health} {
		for _, n := range notes {
			buf = features(buf[:0], n)
			f := make([]uint16, len(buf))
			for i, h := range buf {
				f[i] = uint16(h & mask)
			}
			ex = append(ex, example{f, y})
		}
	}
	// The classes weigh alike whatever their sizes.
	var count [2]int
	for _, e := range ex {
		count[e.y]++
	}
	n := float32(len(ex))
	classWeight := [2]float32{n / float32(2*count[0]), n / float32(2*count[1])}
	w := make([]float32, 1<<modelBits)
	var bias float32
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	seed := uint64(0x9e3779b97f4a7c15)
	step, total := 0, float32(modelEpochs*len(ex))
	for epoch := 0; epoch < modelEpochs; epoch++ {
		for i := len(order) - 1; i > 0; i-- {
			seed ^= seed << 13
			seed ^= seed >> 7
			seed ^= seed << 17
			j := int(seed % uint64(i+1))
			order[i], order[j] = order[j], order[i]
		}
		for _, k := range order {
			e := ex[k]
			rate := float32(modelRate) * (1 - float32(0.9)*(float32(step)/total))
			step++
			scale := float32(1 / math.Sqrt(float64(len(e.f))))
			z := bias
			for _, h := range e.f {
				z += float32(w[h] * scale)
			}
			p := float32(1 / (1 + math.Exp(-float64(z))))
			g := float32(float32(p-float32(e.y)) * classWeight[e.y])
			g = float32(g * rate)
			bias -= float32(g * 0.1)
			for _, h := range e.f {
				w[h] -= float32(g*scale) + float32(float32(modelL2)*w[h])
			}
		}
	}
	return encodeModel(w, bias)
}

// encodeModel writes the weights as one byte each: a float32 scale and
// the bias (little-endian), then each weight as an int8 multiple of the
// scale. A quarter of the size, and cross-validation reads no difference.
func encodeModel(w []float32, bias float32) []byte {
	var max float32
	for _, v := range w {
		if v < 0 {
			v = -v
		}
		if v > max {
			max = v
		}
	}
	scale := max / 127
	if scale == 0 {
		scale = 1
	}
	out := make([]byte, 8+len(w))
	binary.LittleEndian.PutUint32(out, math.Float32bits(scale))
	binary.LittleEndian.PutUint32(out[4:], math.Float32bits(bias))
	for i, v := range w {
		out[8+i] = byte(int8(math.Round(float64(v / scale))))
	}
	return out
}

// healthModel reads encoded weights (encodeModel) in place.
type healthModel struct {
	scale, bias float32
	w           []byte
}

func decodeModel(b []byte) (healthModel, error) {
	if len(b) != 8+1<<modelBits {
		return healthModel{}, fmt.Errorf("health model: %d bytes, want %d", len(b), 8+1<<modelBits)
	}
	return healthModel{
		scale: math.Float32frombits(binary.LittleEndian.Uint32(b)),
		bias:  math.Float32frombits(binary.LittleEndian.Uint32(b[4:])),
		w:     b[8:],
	}, nil
}

// prob is the model's probability that s is a health note.
func (m healthModel) prob(s string) float64 {
	var arr [256]uint32
	f := features(arr[:0], s)
	var sum int32
	for _, h := range f {
		sum += int32(int8(m.w[h&(1<<modelBits-1)]))
	}
	z := float64(m.bias) + float64(sum)*float64(m.scale)/math.Sqrt(float64(len(f)))
	return 1 / (1 + math.Exp(-z))
}

// healthBlend is how the rules and the model could decide together: the
// model rescues a note the rules miss when it is surer than rescue that it
// is a health note, and vetoes a symptom the rules read when it is less
// sure than veto. Neither touches thoughts of harm, a note about someone
// else, or the parent's mood, which the rules alone read.
type healthBlend struct{ rescue, veto float64 }

// measuredBlend is the blend the cross-validation favoured (on the
// batches no rule was tuned on, better recall and fewer false positives
// than the rules alone, and than its neighbours on both at once).
var measuredBlend = healthBlend{rescue: 0.85, veto: 0.10}

// healthFlagsBy is healthFlags with model m (nil: the rules alone, as
// shipped) and blend b.
func healthFlagsBy(s string, m *healthModel, b healthBlend) (medical, mood bool) {
	t, harm, other := healthText(s)
	if harm {
		return true, true
	}
	if other {
		return false, false
	}
	if moodIn(t) {
		return true, true
	}
	medical = medicalIn(s, t)
	if m == nil {
		return medical, false
	}
	p := m.prob(s)
	if medical {
		return p >= b.veto, false
	}
	return p > b.rescue, false
}
