package normalize

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cvBatch is one writer's notes, written at one time: a "# batch:" line
// starts one in each tuning corpus, in the same order in both.
type cvBatch struct {
	name             string
	health, everyday []string
}

// readBatches splits a corpus file at its "# batch:" lines.
func readBatches(t testing.TB, name string) (names []string, notes [][]string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "health", name))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "# batch:"):
			names = append(names, strings.TrimSpace(strings.TrimPrefix(line, "# batch:")))
			notes = append(notes, nil)
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			require.NotEmpty(t, notes, "%s: a note before the first batch line: %q", name, line)
			notes[len(notes)-1] = append(notes[len(notes)-1], line)
		}
	}
	require.NoError(t, sc.Err())
	return names, notes
}

func tuningBatches(t testing.TB) []cvBatch {
	t.Helper()
	hn, h := readBatches(t, "health-tuning.txt")
	en, e := readBatches(t, "everyday-tuning.txt")
	require.Equal(t, hn, en, "the two tuning corpora name the same batches in the same order")
	out := make([]cvBatch, len(hn))
	for i := range hn {
		out[i] = cvBatch{hn[i], h[i], e[i]}
	}
	return out
}

// Every tuning note is in a batch, both corpora name the same batches,
// and each batch holds notes of both kinds: a batch left out of the
// cross-validation is one writer's whole set.
func TestHealthCorporaAreBatched(t *testing.T) {
	batches := tuningBatches(t)
	require.GreaterOrEqual(t, len(batches), 2)
	for _, b := range batches {
		require.NotEmpty(t, b.health, "%s: no health notes", b.name)
		require.NotEmpty(t, b.everyday, "%s: no everyday notes", b.name)
	}
}

// cvCount is a confusion count: health notes read and missed, everyday
// notes read as health.
type cvCount struct{ hit, health, fp, everyday int }

func (c *cvCount) add(o cvCount) {
	c.hit += o.hit
	c.health += o.health
	c.fp += o.fp
	c.everyday += o.everyday
}

func (c cvCount) String() string {
	return fmt.Sprintf("recall %5.1f%% (%d/%d), false positives %4.1f%% (%d/%d)",
		100*float64(c.hit)/float64(c.health), c.hit, c.health, 100*float64(c.fp)/float64(c.everyday), c.fp, c.everyday)
}

// rulesBlind are the batches no rule was written or changed for: the
// rules' figure on them is a blind one, as the model's is on every batch.
// The eleventh to thirteenth sets were (rules 91.3 % / 5.4 %, the rules
// and model 95.7 % / 2.4 %) until Version 4's rules were written from
// their misses. The fourteenth to eighteenth were blind to the rules of
// Version 7 (rules alone 93.7 % / 3.8 %, with the rescue 95.1 % / 4.1 %);
// the readings of a visit called off (callsOff), of someone's child
// ("her little one has", theirChildRe), of a carer's label, of figures of
// speech and word families were then written (round four) from notes
// of the fifteenth, sixteenth and eighteenth, so only the fourteenth and
// seventeenth stayed here (the learned stages' thresholds were chosen
// looking at all five, each figure cross-validated). Round five wrote the
// readings of other voices and of what goes in and out from the misses of
// every batch but two of the five newest, so the twenty-first and
// twenty-third sets (a grandparent's typos, a night nanny) are the blind
// ones now. The twenty-fourth to thirty-first sets were blind to the
// rules when they moved to tuning (rules alone 92.0 % / 7.5 %, shipped
// 95.4 % / 5.9 %); round six wrote readings from the misses of every
// batch, so they are not kept here; nor are the thirty-second to
// thirty-ninth, from whose misses and false alarms round seven wrote its
// readings. Round eight wrote its readings from the misses and false
// alarms of the fortieth, forty-first, forty-second, forty-third,
// forty-fourth, forty-sixth and forty-eighth sets and older ones, and kept
// the forty-fifth, forty-seventh and forty-ninth (two mums, a Deaf
// parent, South African English) blind. Round nine wrote its readings
// from the misses and false alarms of the fiftieth, fifty-second to
// fifty-fourth, fifty-sixth and fifty-seventh sets and older ones, and kept
// the fifty-first, fifty-fifth and fifty-eighth (New Zealand English,
// run-on notes, formal British English) blind. Round ten kept the
// sixty-first, sixty-seventh, seventieth and seventy-first blind, and
// round eleven, before reading any of their notes, the seventy-fourth,
// seventy-ninth, eighty-third and eighty-fifth (a Brazilian mother in
// Florida, a truck driver writing in capitals, an Edinburgh
// great-grandmother, a sarcastic graduate student). Round twelve, before
// reading any of their notes, kept the eighty-seventh, ninety-first,
// ninety-seventh and hundredth (drawn by lot: a grandmother writing
// through a translation app, a Haitian mother in Miami, a father of
// two-word notes, a Utah mother of five). Round thirteen, before reading
// any of their notes, kept the hundred-and-fifth, hundred-and-twelfth,
// hundred-and-fourteenth and hundred-and-twentieth (drawn by lot from the
// twenty-two newest but the Hinglish hundred-and-seventh: a Turkish father
// in Berlin, a Persian mother in Los Angeles, a sixteen-year-old sister
// babysitting, a Minnesota mother). Before round fourteen read any of
// their notes, the hundred-and-twenty-seventh, hundred-and-twenty-eighth,
// hundred-and-thirtieth and hundred-and-forty-second were drawn by lot;
// no test prints their notes
// (blind_internal_test.go). A fresh set moved to tuning goes here until a
// rule is tuned on it.
var rulesBlind = map[string]bool{"twenty-first set": true, "twenty-third set": true, "forty-fifth set": true,
	"forty-seventh set": true, "forty-ninth set": true, "fifty-first set": true, "fifty-fifth set": true,
	"fifty-eighth set": true, "sixty-first set": true, "sixty-seventh set": true, "seventieth set": true,
	"seventy-first set": true, "seventy-fourth set": true, "seventy-ninth set": true, "eighty-third set": true,
	"eighty-fifth set": true, "eighty-seventh set": true, "ninety-first set": true, "ninety-seventh set": true,
	"hundredth set": true, "hundred-and-fifth set": true, "hundred-and-twelfth set": true,
	"hundred-and-fourteenth set": true, "hundred-and-twentieth set": true,
	"hundred-and-twenty-seventh set": true, "hundred-and-twenty-eighth set": true,
	"hundred-and-thirtieth set": true, "hundred-and-forty-second set": true}

// cvThresholds: the shipped rescue threshold and its neighbours, so its
// choice can be checked.
var cvThresholds = []float64{0.5, 0.8, rescueAbove, 0.9, 0.93, 0.95, 0.97}

// cvVetoes: the shipped veto threshold and its neighbours, each with the
// shipped rescue. The veto reads the model trained without the batch, so
// the false alarms it sets aside and the health notes it loses are blind
// on every batch.
var cvVetoes = []float64{0.02, 0.05, vetoBelow, 0.2, 0.3}

// cvCares: the shipped threshold of a rescue on careTopics alone and its
// neighbours, each with the shipped rescue and veto.
var cvCares = []float64{0.85, careAbove, 0.93, 0.95, 0.97}

// cvOthers: the shipped threshold of a rescue of a note read as about
// someone else and its neighbours, each with the shipped reader otherwise.
var cvOthers = []float64{0.9, otherAbove, 0.97, 0.99}

// cvErrands: the shipped veto threshold for an errand's note and its
// neighbours, each with the shipped reader otherwise.
var cvErrands = []float64{0.3, 0.4, errandBelow, 0.6}

// cvSures: the shipped threshold of a rescue of a note of neither topic
// and its neighbours, each with the shipped reader otherwise.
var cvSures = []float64{0.97, sureAbove, 0.99, 0.995}

// cvStrongs: the shipped veto threshold of a strong sign that is not
// grave and its neighbours, each with the shipped reader otherwise.
var cvStrongs = []float64{0.005, strongBelow, 0.02, 0.05}

// TestHealthCrossValidation reports leave-one-batch-out cross-validation
// over the tuning corpora: each batch in turn is read by a model trained
// on every other batch, a proxy for a fresh set by a writer it never saw.
// The rules are not refitted per batch (they were written by hand over
// the batches before the eleventh), so "rules alone" over every batch is
// their fit, and only their figure on the batches in rulesBlind is a
// blind one; the model's is blind on every batch, and so are the false
// alarms its rescue adds. It asserts nothing: run it with -run
// TestHealthCrossValidation -v to read it (CV_BATCHES=1 adds each batch's
// line).
func TestHealthCrossValidation(t *testing.T) {
	if !testing.Verbose() || testing.Short() || RaceDetector {
		t.Skip("a report, not a check: run it with -v")
	}
	batches := tuningBatches(t)
	type reader struct {
		name  string
		model bool
		cvReader
	}
	readers := []reader{{"rules alone", false, cvReader{}}, {"model alone", true, cvReader{}}}
	for _, p := range cvThresholds {
		readers = append(readers, reader{fmt.Sprintf("rules, rescue p > %.2f", p), true, cvReader{rescue: p}})
	}
	for _, v := range cvVetoes {
		readers = append(readers, reader{fmt.Sprintf("rescue p > %.2f, veto p < %.2f", rescueAbove, v), true,
			cvReader{rescue: rescueAbove, veto: v}})
	}
	for _, c := range cvCares {
		readers = append(readers, reader{fmt.Sprintf("that, veto p < %.2f, care p > %.2f", vetoBelow, c), true,
			cvReader{rescueAbove, c, vetoBelow, 0, 0, 0, 0}})
	}
	for _, o := range cvOthers {
		readers = append(readers, reader{fmt.Sprintf("that, care p > %.2f, other p > %.2f", careAbove, o), true,
			cvReader{rescueAbove, careAbove, vetoBelow, o, 0, 0, 0}})
	}
	for _, e := range cvErrands {
		name := fmt.Sprintf("that, other p > %.2f, errand veto p < %.2f", otherAbove, e)
		readers = append(readers, reader{name, true, cvReader{rescueAbove, careAbove, vetoBelow, otherAbove, e, 0, 0}})
	}
	for _, p := range cvSures {
		name := fmt.Sprintf("that, errand veto p < %.2f, sure p > %.3f", errandBelow, p)
		readers = append(readers, reader{name, true, cvReader{rescueAbove, careAbove, vetoBelow, otherAbove, errandBelow, p, 0}})
	}
	for _, p := range cvStrongs {
		name := fmt.Sprintf("that, sure p > %.3f, strong veto p < %.3f", sureAbove, p)
		if p == strongBelow {
			name += " (shipped)"
		}
		readers = append(readers, reader{name, true, cvReader{rescueAbove, careAbove, vetoBelow, otherAbove, errandBelow, sureAbove, p}})
	}
	totals, blind := make([]cvCount, len(readers)), make([]cvCount, len(readers))
	extra := make([][]int, len(readers))
	for i, b := range batches {
		var trainH, trainE []string
		for j, o := range batches {
			if j != i {
				trainH = append(trainH, o.health...)
				trainE = append(trainE, o.everyday...)
			}
		}
		m, err := decodeModel(trainHealthModel(trainH, trainE))
		require.NoError(t, err)
		var rulesFP int
		for r, rd := range readers {
			says := func(n string) bool {
				s := prepareText(n)
				switch {
				case rd.model && rd.rescue == 0:
					return m.prob(s) >= 0.5
				case rd.model:
					return medicalBy(s, &m, rd.cvReader)
				}
				return medicalBy(s, nil, cvReader{})
			}
			cnt := cvCount{health: len(b.health), everyday: len(b.everyday)}
			for _, n := range b.health {
				if says(n) {
					cnt.hit++
				}
			}
			for _, n := range b.everyday {
				if says(n) {
					cnt.fp++
				}
			}
			if r == 0 {
				rulesFP = cnt.fp
			}
			extra[r] = append(extra[r], cnt.fp-rulesFP)
			totals[r].add(cnt)
			if rulesBlind[b.name] {
				blind[r].add(cnt)
			}
			if os.Getenv("CV_BATCHES") != "" && (r < 2 || rd.cvReader == cvReader{rescue: rescueAbove} || rd.cvReader == shippedReader) {
				t.Logf("%-36s %-46s %s", b.name, rd.name, cnt)
			}
		}
	}
	for r, rd := range readers {
		line := fmt.Sprintf("every batch left out in turn:  %-46s %s", rd.name, totals[r])
		if r > 1 {
			line += fmt.Sprintf("; false alarms added per batch %v", extra[r])
		}
		t.Log(line)
	}
	for r, rd := range readers {
		if blind[r].health > 0 && blind[r].everyday > 0 {
			t.Logf("batches no rule was tuned on:  %-46s %s", rd.name, blind[r])
		}
	}
	// What the shipped reader does to words the other tests and the app
	// hold (a routine log, plain concerns, the everyday halves of the
	// structure tests' pairs, the bot's own replies), with the shipped model.
	for _, n := range []string{"feeds every 3 hours", "the baby is sick again", "hv said the spots are fine but theyve spread to her tummy",
		"shook her rattle and she giggled", "not sure if i gave him his bottle or dad did", "he hasnt wanted the dummy since lunch",
		"appointment: pediatrician for her fever tomorrow 9am", "stomach bug", "I could not open the list", "nothing to do", "Not now"} {
		s := prepareText(n)
		t.Logf("rules %-5v, rules, rescue and veto %-5v (model %.2f): %q", medicalBy(s, nil, cvReader{}), medicalBy(s, &rescueModel, shippedReader), rescueModel.prob(s), n)
	}
}
