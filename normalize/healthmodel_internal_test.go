package normalize

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "write healthmodel.bin from the tuning corpora")

// trainShipped trains the model as shipped: on every tuning batch.
func trainShipped(t *testing.T) []byte {
	t.Helper()
	var health, everyday []string
	for _, b := range tuningBatches(t) {
		health = append(health, b.health...)
		everyday = append(everyday, b.everyday...)
	}
	return trainHealthModel(health, everyday)
}

// The shipped weights are what the tuning corpora train, so a corpus
// change is not shipped half-done; -update (go generate) writes them.
// Trained twice, they come out the same: the model is deterministic.
func TestHealthModelWeightsAreTheCorpora(t *testing.T) {
	if RaceDetector && !*update {
		t.Skip("seconds under the race detector: the plain test run checks it")
	}
	w := trainShipped(t)
	require.Equal(t, w, trainShipped(t), "training twice gives the same weights")
	if *update {
		require.NoError(t, os.WriteFile("healthmodel.bin", w, 0o644))
		return
	}
	_, err := decodeModel(healthModelBin)
	require.NoError(t, err)
	require.True(t, bytes.Equal(w, healthModelBin),
		"healthmodel.bin is not what the tuning corpora train: run go generate ./normalize")
}

// The training of the health model (healthmodel.go), which
// TestHealthModelWeightsAreTheCorpora runs to check and regenerate the
// shipped weights, and TestHealthCrossValidation once per batch left out.
// It is trained in a fixed order with a fixed schedule and rounds every
// product as written, so the same corpora give the same weights on every
// machine.

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
			p := float32(1 / (1 + portableExp(-float64(z))))
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

// portableExp is e^x from additions, products and an exact power of two
// only: math.Exp is written in assembly on some machines, and a last bit
// differing there would move a weight.
func portableExp(x float64) float64 {
	x = max(-40, min(40, x))
	k := math.Round(x / math.Ln2)
	r := x - float64(k*math.Ln2)
	// |r| <= ln 2 / 2: the Taylor series to r^13 is exact to a double.
	sum, term := 1.0, 1.0
	for i := 1; i <= 13; i++ {
		term = float64(term*r) / float64(i)
		sum += term
	}
	return math.Ldexp(sum, int(k))
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

// cvReader are a reader's thresholds: the model's rescue of a note of
// rescueTopics (0: none), of careTopics only (0: none), its veto of a weak
// rule reading (0: none), its rescue of a note the rules read as about
// someone else (0: none), its veto of a weak reading of an errand
// (0: as any other), and its rescue of a note of neither topic (0: none).
type cvReader struct{ rescue, care, veto, other, errand, sure, strong float64 }

// shippedReader is the reader healthFlags is.
var shippedReader = cvReader{rescueAbove, careAbove, vetoBelow, otherAbove, errandBelow, sureAbove, strongBelow}

func logOdds(p float64) float64 { return math.Log(p / (1 - p)) }

// medicalBy is a note's Medical reading with model m and thresholds r (m
// nil: the rules alone), as healthFlags reads it with the shipped model
// and shippedReader.
func medicalBy(s string, m *healthModel, r cvReader) bool {
	t, harm, other := healthText(s)
	switch {
	case harm:
		return true
	case other:
		return m != nil && r.other > 0 && !routineLog(t) && rescuedBy(*m, logOdds(r.other), logOdds(r.other), math.Inf(1), s, t)
	case moodIn(t):
		return true
	case routineLog(t):
		return false
	case medicalIn(s, t):
		errand := r.errand
		if errand == 0 {
			errand = r.veto
		}
		strong := math.Inf(-1)
		if r.strong > 0 {
			strong = logOdds(r.strong)
		}
		return m == nil || r.veto == 0 || !vetoedBy(*m, logOdds(r.veto), logOdds(errand), strong, s, t)
	case m == nil || r.rescue == 0:
		return false
	}
	care := math.Inf(1)
	if r.care > 0 {
		care = logOdds(r.care)
	}
	sure := math.Inf(1)
	if r.sure > 0 {
		sure = logOdds(r.sure)
	}
	return rescuedBy(*m, logOdds(r.rescue), care, sure, s, t)
}

// What the model costs (-run X -bench HealthModel -benchmem): training,
// about 140 ms and 2 MB allocated on the 2-core build machine, which is
// why go generate trains it and the bot does not; and one note's reading,
// some microseconds and its words' few small strings. The weights are read
// in place from the binary (healthmodel.bin, 64 KB), so the bot's heap
// holds no copy.
func BenchmarkHealthModelTraining(b *testing.B) {
	var health, everyday []string
	for _, bt := range tuningBatches(b) {
		health = append(health, bt.health...)
		everyday = append(everyday, bt.everyday...)
	}
	b.ReportAllocs()
	for b.Loop() {
		trainHealthModel(health, everyday)
	}
}

func BenchmarkHealthModelLogit(b *testing.B) {
	s := prepareText("Post-imms: injection site swollen ~3cm, warm, tender. Obs otherwise stable.")
	b.ReportAllocs()
	for b.Loop() {
		rescueModel.logit(s)
	}
}
