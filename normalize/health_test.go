package normalize_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// The health corpora live in testdata/health/, one note per line under
// "# category" comments. Health notes are concerns as worried parents write
// them; everyday notes share their words but are not one (supplies,
// errands, figures of speech, someone else unwell). Each corpus is split:
// the rules are tuned on the -tuning files only; the -heldout files are
// written by someone who never saw the rules and are only measured, so
// their figure says how the rules read notes they have never seen. A
// held-out set, once measured, moves to the tuning files as a new batch
// ("# batch:", which the cross-validation leaves out in turn:
// healthcv_internal_test.go), and until a fresh one is written its file
// holds only comments.
const (
	healthTuning    = "health-tuning.txt"
	healthHeldOut   = "health-heldout.txt"
	everydayTuning  = "everyday-tuning.txt"
	everydayHeldOut = "everyday-heldout.txt"
)

// The issue's goal is recall ≥ 97 % and false positives ≤ 2 % on notes the
// rules were not tuned on. The tuning notes are held to it. The held-out
// notes are held to a floor (heldOutBar) set after they are first
// measured, to catch a rule change that reads fewer of them; -health-goal
// holds them to the goal. No rule may be tuned on their failures.
var healthGoal = flag.Bool("health-goal", false, "hold the held-out health notes to the goal (recall ≥ 97 %, false positives ≤ 2 %), not to their measured floor")

type healthBar struct{ recall, fp float64 }

var (
	goalBar = healthBar{recall: 0.97, fp: 0.02}
	// heldOutBar is a floor that catches a rule change reading fewer of
	// the held-out notes, not the goal. The nineteenth to twenty-third
	// sets (written to be harder: everyday notes that share health words
	// on purpose) measured, with the rules and the learned rescue tuned on
	// the first to eighteenth: recall 947 of 996 (95.1 %), false positives
	// 59 of 908 (6.5 %); once after the fourth round (the learned veto of
	// weak readings, rescue tiers; tuned without them): 957 of 996
	// (96.1 %), 41 of 908 (4.5 %). The twenty-fourth to twenty-eighth sets
	// (five more voices), added before the fifth round, measured with the
	// fourth round's reader: 940 of 988 (95.1 %), 57 of 913 (6.2 %); the
	// twenty-ninth to thirty-first: 575 of 606 (94.9 %), 41 of 547 (7.5 %);
	// all thirteen sets: 2472 of 2590 (95.4 %), 139 of 2368 (5.9 %). The
	// nineteenth to twenty-third then moved to tuning; the twenty-fourth to
	// thirty-first read 1515 of 1594 (95.0 %), 98 of 1460 (6.7 %) before the
	// fifth round (its model retrained) and once after it: 1521 of 1594
	// (95.4 %), 89 of 1460 (6.1 %). They then moved to tuning for the
	// sixth round, which took the tuning corpora from 98.5 % / 2.1 % to
	// 98.8 % / 1.7 % and, left out one writer at a time, from 98.3 % / 2.5 %
	// to 98.6 % / 2.1 % (those eight writers alone: 95.4 % / 5.9 % to
	// 96.4 % / 4.7 %). Eight more voices wrote the thirty-second to
	// thirty-ninth sets before the sixth round landed: the fifth round's
	// reader reads them 1481 of 1560 (94.9 %), 53 of 1426 (3.7 %), set by
	// set 87.6-97.9 % and 1.1-7.9 %; once after it: 1489 of 1560
	// (95.4 %), 50 of 1426 (3.5 %), set by set 89.6-98.0 % and 0.6-7.9 %.
	// Eight more voices wrote the fortieth to forty-seventh sets before the
	// seventh round: the sixth round's reader reads them 1459 of 1576
	// (92.6 %), 62 of 1429 (4.3 %), set by set 84.4-97.5 % and 2.3-7.3 %;
	// with the thirty-second to thirty-ninth, 2948 of 3136 (94.0 %), 112
	// of 2855 (3.9 %).
	// The thirty-second to thirty-ninth then moved to tuning for the seventh round, which took the
	// tuning corpora from 98.4 % / 2.0 % to 98.5 % / 1.7 % and, left out
	// one writer at a time, from 98.1 % / 2.4 % to 98.3 % / 2.1 % (those
	// eight writers alone: 95.7 % / 3.6 % to 96.2 % / 2.9 %).
	// The held-out files then kept only the fortieth to forty-seventh,
	// which the seventh round's reader reads, once, 1470 of 1576 (93.3 %),
	// 63 of 1429 (4.4 %), set by set 85.4-98.0 % and 2.3-7.3 %. Two more
	// voices wrote the forty-eighth and forty-ninth sets after the seventh
	// round landed (so that the held-out files stay a fifth of each
	// corpus): Taglish 133 of 192 (69.3 %), 3 of 177 (1.7 %); South African
	// English 192 of 195 (98.5 %), 3 of 177 (1.7 %); all ten sets 1795 of
	// 1963 (91.4 %), 69 of 1783 (3.9 %). Nine more voices wrote the
	// fiftieth to fifty-eighth sets before the eighth round (a night-shift
	// father, New Zealand English, emoji, adoptive fathers, Singapore
	// English, run-on notes, a farmer, a Yorkshire grandfather, formal
	// British English): the seventh round's reader reads them 2612 of 2763
	// (94.5 %), 88 of 2530 (3.5 %), set by set 92.8-97.7 % and 1.8-6.0 %;
	// all nineteen sets 4407 of 4726 (93.3 %), 157 of 4313 (3.6 %).
	// The ten sets then moved to tuning for the eighth round, which took the tuning corpora
	// from 97.5 % / 2.1 % to 98.0 % / 1.7 % and, left out one writer at a time, from
	// 97.0 % / 2.5 % to 97.5 % / 2.0 % (those ten writers alone: 91.6 % / 3.8 % to
	// 93.3 % / 2.7 %; the five batches no rule was written from: 96.6 % / 3.2 % to
	// 96.9 % / 3.0 %). The held-out files then kept only the fiftieth to
	// fifty-eighth, which the eighth round's reader reads, once, 2626 of
	// 2763 (95.0 %), 88 of 2530 (3.5 %), set by set 93.4-97.4 % and
	// 1.8-6.3 %. Fourteen more voices wrote the fifty-ninth to
	// seventy-second sets before the ninth round: the eighth round's reader
	// reads them 4130 of 4346 (95.0 %), 104 of 3942 (2.6 %), set by set
	// 90.9-98.1 % and 0.0-5.7 %; all twenty-three sets 6756 of 7109
	// (95.0 %), 192 of 6472 (3.0 %).
	// The nine sets then moved to tuning for the ninth round, which took the tuning corpora from 97.5 % / 2.0 % to
	// 98.0 % / 1.8 % and, left out one writer at a time, from 97.2 % / 2.3 % to 97.7 % / 2.1 % (those nine writers
	// alone: 95.3 % / 3.4 % to 97.2 % / 2.6 %; the eight batches no rule was written from: 96.8 % / 2.9 % to
	// 97.1 % / 2.5 %). The held-out files then kept only the fifty-ninth
	// to seventy-second, which the ninth round's reader reads, once, 4154
	// of 4346 (95.6 %), 103 of 3942 (2.6 %), set by set 91.8-98.4 % and
	// 0.0-5.3 %. Fourteen more voices wrote the seventy-third to
	// eighty-sixth sets before the tenth round: the ninth round's reader
	// reads them 4050 of 4217 (96.0 %), 153 of 3933 (3.9 %), set by set
	// 93.2-97.6 % and 2.0-6.2 %; all twenty-eight sets 8204 of 8563
	// (95.8 %), 256 of 7875 (3.3 %).
	// The fourteen sets then moved to tuning for the tenth round, which took the tuning corpora from
	// 97.5 % / 1.9 % to 97.8 % / 1.9 % and, left out one writer at a time, from 97.2 % / 2.2 % to
	// 97.6 % / 2.2 % (those fourteen writers alone: 95.8 % / 2.6 % to 96.7 % / 2.4 %; the four of them
	// no rule was written from: 96.6 % / 1.4 % to 96.7 % / 1.4 %). The
	// held-out files then kept only the seventy-third to eighty-sixth, which
	// the tenth round's reader reads, once, 4061 of 4217 (96.3 %), 149 of
	// 3933 (3.8 %), set by set 94.2-98.1 % and 2.0-5.8 %; with the review's
	// mends of round nine merged after it (Version 18), 148 of 3933.
	// Seventeen more voices wrote the eighty-seventh to hundred-and-third
	// sets before the eleventh round: Version 18 reads them 4955 of 5219
	// (94.9 %), 136 of 4793 (2.8 %), set by set 90.5-97.4 % and 0.7-6.2 %;
	// all thirty-one sets 9016 of 9436 (95.5 %), 284 of 8726 (3.3 %).
	// The fourteen sets then moved to tuning for the eleventh round, which took the tuning corpora from
	// 97.7 % / 2.2 % to 97.6 % / 1.7 % and, left out one writer at a time, from 97.4 % / 2.5 % to
	// 97.4 % / 2.0 % (those fourteen writers alone: 96.5 % / 3.8 % to 96.5 % / 3.0 %; the four of them
	// no rule was written from: 96.1 % / 4.7 % to 96.1 % / 4.0 %), mostly by letting the model, all but
	// certain, set aside a strong word that is not a grave sign. The
	// held-out files then kept only the eighty-seventh to hundred-and-third,
	// which the eleventh round's reader reads, once, 4964 of 5219 (95.1 %),
	// 105 of 4793 (2.2 %), set by set 90.5-97.7 % and 0.4-5.2 %; 107 after
	// Version 20's safety mend (no red flag set aside), recall unchanged.
	// Twenty-two more voices wrote the hundred-and-fourth to
	// hundred-and-twenty-fifth sets before the twelfth round: Version 20
	// reads them 6297 of 6766 (93.1 %), 203 of 6198 (3.3 %), set by set
	// 41.0-98.7 % and 1.8-5.2 % (a mother writing Hinglish 41.0 %: the
	// reader knows no Hindi; the other twenty-one 95.6 %); all thirty-nine
	// sets 11261 of 11985 (94.0 %), 310 of 10991 (2.8 %).
	// The seventeen sets then moved to tuning for the twelfth round, which wrote no rule and
	// retrained the model at a larger rate with pairs of words one apart: the tuning corpora from
	// 97.4 % / 1.8 % to 98.0 % / 1.6 % and, left out one writer at a time, from 97.2 % / 2.1 % to
	// 97.5 % / 2.0 % (the twenty batches no rule was written from: 96.5 % / 2.3 % to 97.1 % / 2.2 %).
	// The held-out files then kept only the hundred-and-fourth to
	// hundred-and-twenty-fifth, which the twelfth round's reader, with
	// Hindi and Urdu words written blind (Version 22), reads, once, 6386
	// of 6766 (94.4 %), 182 of 6198 (2.9 %), set by set 54.2-98.7 % and
	// 1.0-5.2 % (the Hinglish voice 54.2 %; the other twenty-one 96.3 %,
	// 170 of 5913); 6390 (the Hinglish voice 55.4 %) once the model read
	// other languages' words glossed before setting a reading aside, a
	// mend the Hindi words' own tests called for.
	// The twenty-two sets then moved to tuning for the thirteenth round (four kept blind to the
	// rules), which wrote no rule from their notes but trained the model at rate 3, rescued long
	// notes at lower thresholds and let it set aside a strong sign that is not grave under 0.01:
	// left out one writer at a time, 97.0 % / 2.1 % to 97.3 % / 2.0 % (the twenty-four batches
	// kept blind: 97.1 % / 2.3 % to 97.3 % / 2.2 %).
	// The held-out files then kept only the hundred-and-twenty-sixth to
	// hundred-and-fifty-third (28 voices), which Version 22 read 8155 of
	// 8533 (95.6 %), 199 of 7896 (2.5 %), and the thirteenth round's reader
	// (Version 23) reads, once, 8213 (96.2 %), 183 (2.3 %), set by set
	// 86.1-98.7 % and 0.4-4.3 %; with a review's mends (Version 24: the
	// strong veto back at 0.005, the baby's whole colour a red flag), 8221
	// (96.3 %), 192 (2.4 %).
	// Those moved to tuning for the fourteenth round; the held-out files
	// hold the hundred-and-fifty-fourth to hundred-and-eighty-seventh,
	// hundred-and-ninety-third and -fourth (36 voices), the first written
	// from the brief in docs/health-writers.md, which Version 25 read 9916
	// of 10878 (91.2 %), 453 of 9929 (4.6 %), and the fourteenth round's
	// reader (Version 26) reads, once, 10051 (92.4 %), 423 (4.3 %), set by
	// set 88.5-95.7 % and 1.5-7.9 %.
	heldOutBar = healthBar{recall: 0.92, fp: 0.045}
)

// minHeldOutShare: a held-out set, when there is one, is a fair part of
// its corpus: the issue asks for a fifth.
const minHeldOutShare = 0.19

// corpus is one file of notes, read once (corpus_shared_test.go).
func corpus(t *testing.T, name string) []string {
	t.Helper()
	files, err := readCorpora()
	require.NoError(t, err)
	notes, ok := files[name]
	require.True(t, ok, "%s is not a corpus file", name)
	return notes
}

func readsAsHealth(text string) bool {
	return normalize.One(bh.Note{ID: "n1", Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}, newYork, mon10).Medical
}

// The corpora are big enough to mean something, the held-out notes (when
// written) are a fair share of each, and no note is in a corpus twice.
func TestHealthCorporaAreSplit(t *testing.T) {
	for _, pair := range [][2]string{{healthTuning, healthHeldOut}, {everydayTuning, everydayHeldOut}} {
		tuning, heldOut := corpus(t, pair[0]), corpus(t, pair[1])
		total := len(tuning) + len(heldOut)
		assert.GreaterOrEqual(t, total, 150, pair[0])
		if len(heldOut) == 0 {
			t.Logf("%s holds no notes yet: no held-out share to check", pair[1])
		} else {
			assert.GreaterOrEqual(t, float64(len(heldOut))/float64(total), minHeldOutShare, "held-out share of %s", pair[1])
		}
		seen := map[string]string{}
		for _, name := range pair {
			for _, n := range corpus(t, name) {
				key := strings.ToLower(n)
				assert.Empty(t, seen[key], "%q is in %s twice over", n, name)
				seen[key] = name
			}
		}
	}
}

// The normaliser recognises health concerns broadly (recall ≥ 97 %) and
// rarely mistakes an everyday note for one (≤ 2 %) on the notes it was
// tuned on; on the held-out notes it was not tuned on, see healthGoal.
func TestHealthNotesAreRecognised(t *testing.T) {
	if normalize.RaceDetector {
		t.Skip("one goroutine, minutes under the race detector: the plain test run checks it whole")
	}
	heldOut := heldOutBar
	if *healthGoal {
		heldOut = goalBar
	}
	for _, set := range []struct {
		name, health, everyday string
		bar                    healthBar
	}{
		{"tuning", healthTuning, everydayTuning, goalBar},
		{"held-out", healthHeldOut, everydayHeldOut, heldOut},
	} {
		t.Run(set.name, func(t *testing.T) {
			health, everyday := corpus(t, set.health), corpus(t, set.everyday)
			if len(health) == 0 || len(everyday) == 0 {
				// A held-out set not written yet: nothing to measure.
				require.NotEqual(t, "tuning", set.name, "the tuning corpora are empty")
				t.Skipf("%s: %s or %s holds no notes yet", set.name, set.health, set.everyday)
			}
			// A note of a batch kept blind to the rules is counted, never
			// printed: its figure stays a blind one (blind_internal_test.go).
			var missed, mistaken []string
			var blindMissed, blindMistaken int
			for _, n := range health {
				if !readsAsHealthInCorpus(t, n) {
					if normalize.IsRulesBlindNote(t, n) {
						blindMissed++
					} else {
						missed = append(missed, n)
					}
				}
			}
			for _, n := range everyday {
				if readsAsHealthInCorpus(t, n) {
					if normalize.IsRulesBlindNote(t, n) {
						blindMistaken++
					} else {
						mistaken = append(mistaken, n)
					}
				}
			}
			nMissed, nMistaken := len(missed)+blindMissed, len(mistaken)+blindMistaken
			recall := 1 - float64(nMissed)/float64(len(health))
			fp := float64(nMistaken) / float64(len(everyday))
			met := "met"
			if recall < goalBar.recall || fp > goalBar.fp {
				met = "NOT met"
			}
			blindSaid := fmt.Sprintf("(and %d missed, %d mistaken in the batches kept blind to the rules, not shown)", blindMissed, blindMistaken)
			t.Logf("%s (goal recall ≥ 97%%, false positives ≤ 2%%: %s): recall %.1f%% (%d of %d health notes; missed %q); false positives %.1f%% (%d of %d everyday notes: %q) %s",
				set.name, met, recall*100, len(health)-nMissed, len(health), missed, fp*100, nMistaken, len(everyday), mistaken, blindSaid)
			assert.GreaterOrEqual(t, recall, set.bar.recall, "%s: health notes missed: %q %s", set.name, missed, blindSaid)
			assert.LessOrEqual(t, fp, set.bar.fp, "%s: everyday notes taken for health: %q %s", set.name, mistaken, blindSaid)
		})
	}
}

// IsHealth, which the council asks of a plan's own words, is the rules
// alone; a note's Medical flag is the rules or the learned model's rescue,
// less the weak rule readings its veto sets aside (the model was trained
// on parents' notes only, and a plan's words are unlike them). So every
// text IsHealth reads as health is a Medical note unless vetoed, and the
// council refuses a block whose words the rules read as health exactly as
// before; a note only the model reads is Medical, not IsHealth. A
// held-out note, or one of a batch kept blind to the rules, is named by
// its place only: those sets stay unread.
func TestIsHealthReadsAsTheMedicalFlag(t *testing.T) {
	if normalize.RaceDetector {
		t.Skip("one goroutine, minutes under the race detector: the plain test run checks it whole")
	}
	rescued, vetoed := 0, 0
	for _, name := range []string{healthTuning, healthHeldOut, everydayTuning, everydayHeldOut} {
		for i, n := range corpus(t, name) {
			medical, health := readsAsHealthInCorpus(t, n), normalize.IsHealth(n)
			if health && !medical && !normalize.VetoedNote(n) {
				what := fmt.Sprintf("%q", n)
				if name == healthHeldOut || name == everydayHeldOut || normalize.IsRulesBlindNote(t, n) {
					what = fmt.Sprintf("note %d", i+1)
				}
				t.Errorf("%s: %s reads as health to IsHealth but is not Medical", name, what)
			}
			if medical && !health && name == healthTuning {
				rescued++
			}
			if health && !medical && name == everydayTuning {
				vetoed++
			}
		}
	}
	// The model does rescue tuning notes, else the two would be one.
	assert.Positive(t, rescued, "no tuning health note is Medical by the model's rescue alone")
	// And its veto sets aside everyday notes the rules read.
	assert.Positive(t, vetoed, "no everyday tuning note the rules read is vetoed")
}

// The learned model rescues tuning notes the rules miss (each read by the
// rules alone as not health), and reads neither the app's own words nor a
// routine log as health: it rescues only a note that names the body, a
// sign or a medicine, and only when it is sure.
func TestTheModelRescuesWhatTheRulesMiss(t *testing.T) {
	for _, n := range []string{
		"circ looks really red with yellow crust on it",
		// ("Post-imms: injection site swollen ~3cm, warm, tender" was
		// one until an injection site stopped being a thing's site.)
		"post jab leg looks a bit puffy and warm",
		"back where the epidural went in is red and really tender",
		// No body, sign or medicine named: feeds and waking alone, which
		// the model rescues only when surer still.
		"asleep 6 hrs straight and wont rouse properly",
		"just 3 feeds since midnight",
		// ("cant keep him awake long enough to feed" was one until the
		// rules read a baby who cannot be kept awake for a feed.)
		"keeps nodding off 2 mins into every feed",
		"rotavirus vaccine day, nappies have been loose ever since",
		// No topic at all: the model surest of all (sureAbove).
		"Ada keeps staring off and won't focus on my face today",
		// (Between 0.98 and 0.99 since round ten.)
		"he seems far away today, not with us",
		// The rules read someone else (the nanny); the model, surer
		// still, reads the baby.
		"oops gave calpol at 1am not realising the nanny gave it at 11pm",
		// A normal word denied is no calm note.
		"her skin looks really grey this morning, not pink like usual",
		// The partner's state without a topic word (partnerPeople). ("my
		// wife cries all day and says she is a bad mom" was one until the
		// rules read a mother calling herself a bad one: see
		// TestMoodToldWithoutAWordForIt.)
		"husband not ok today",
		// A long note the model is less sure of (0.97) than of a short
		// one: ten words or more are read at 0.95 (round thirteen).
		"she was really quiet at the park today and did not want to play with the others",
	} {
		assert.False(t, normalize.IsHealth(n), "the rules read %q: it tests no rescue", n)
		assert.True(t, readsAsHealth(n), "health: %q", n)
		assert.True(t, normalize.IsHealthNote(n), "health note: %q", n)
	}
	for _, n := range []string{"Not now", "nothing to do", "I could not open the list", "feeds every 3 hours",
		"shook her rattle and she giggled", "he hasnt wanted the dummy since lunch", "Rest / nap window", "Errand run",
		// A deadline's odd figure is no word: too few words for the
		// model's surest tier; nor is a figure with its unit (round
		// twelve's model reads this one at 0.99, the radar's test holds it).
		"due in 99999999999 hours", "due yesterday at 99pm",
		// A note that calls what it names normal is a log.
		"injection site looks normal today", "mouth looks normal now, no white patches"} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A parent's mood told without a word for it (toldMoodRe, hiddenCryRe)
// is a health note; the same words said of a car seat, a moment or a
// ceiling fan are not.
func TestMoodToldWithoutAWordForIt(t *testing.T) {
	for _, n := range []string{
		"my wife cries all day and says she is a bad mom",
		"sobbing in the bathroom at 3am, said she regrets having him",
		"i just sat in the car n cried for an hour",
		"keep having thoughts i shouldnt have, need to talk to the HV tomorrow",
		"dread every evening, can't face night shift",
		"she hasnt left the bedroom today, just staring",
		"she said she doesnt feel connected to the baby at all",
		"I lost my temper had to put the baby down and walk away need help",
	} {
		assert.True(t, normalize.IsHealth(n), "health: %q", n)
		assert.True(t, readsAsHealth(n), "Medical: %q", n)
	}
	for _, n := range []string{"cried for a bit in the car seat then conked out", "what a bad dad joke at dinner, he is such a terrible dad joke teller",
		"he stares at the ceiling fan for ages, so cute"} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// Someone outside the family by their work or where they live, a pet
// named in another language, a thing that coughs and a chore one chokes
// on are not the family's health; the family's own sign beside them is.
func TestOthersThingsAndFiguresAreNotTheFamilysHealth(t *testing.T) {
	for _, n := range []string{
		"Mail carrier sprained her ankle, packages late",
		"security guard fainted in heat, ambulance came, he is ok now",
		"Mrs Patel over the road has been poorly, I took her some soup",
		"el perro vomitó on the rug, cleaned it",
		"la lavadora is coughing again, sounds bad",
		"legacy api keeps coughing up 500s",
		"I'm choking on all these emails from work",
		"we're hemorrhaging time on this ticket",
		"That shipping delay is giving me hives",
		"Im allergic to folding laundry",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
	for _, n := range []string{"mail carrier came, baby has a fever", "she is choking on her milk, coughing and going red"} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
}

// A health word of Spanish or Tagalog is read as its English in a note
// that names the baby, the family or the body (glossLanguages); alone,
// or of a pet or a relative visiting, it is not a health note.
func TestOtherLanguagesHealthWords(t *testing.T) {
	for _, n := range []string{
		"bebe con calentura since lunch, bien fussy",
		"la bebé está floja, no responde como siempre",
		"baby nilalagnat since lunch",
		"nahulog si baby sa kama, umiyak agad pero may bukol sa noo",
		"masakit ulo ko na di nawawala kahit uminom na ng gamot",
	} {
		assert.True(t, normalize.IsHealth(n), "health: %q", n)
	}
	for _, n := range []string{"ubo", "calentura del verano lol", "el perro tiene fiebre según el vet, he's on meds",
		"Tita Marites has a fever, di na siya pupunta this Sunday"} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A note that ends "as usual" is a log of the day; one that denies
// something first ("not kicking like usual") is not.
func TestAsUsualEndsALog(t *testing.T) {
	assert.False(t, readsAsHealth("vitamin d drops given with the mornin feed as usual"))
	assert.False(t, readsAsHealth("gave the vitamin drops at breakfast like usual"))
	assert.True(t, readsAsHealth("lo just lies there, not kicking like usual"))
	assert.True(t, readsAsHealth("just not feeding like usual"))
}

// Thoughts of self-harm, of harming the baby or of not wanting to live are
// always a health note about the parent's mood, even in a note that names
// someone else or reads as an errand, which would otherwise set it aside.
func TestThoughtsOfHarmAreAlwaysHealth(t *testing.T) {
	for _, text := range []string{
		"grandma's here all week. thoughts of ending it",
		"my sister keeps calling, i want to end it all",
		"pack the pills and end it all",
		"buy more diapers, everyone would be better off without me",
		"the dog is sick and i keep having thoughts of hurting myself",
		"coworker covering my shift. honestly i dont want to be here anymore",
		"sometimes i wish i could go to sleep and not wake up",
		"urge to shake the baby when she wont stop",
		"grandma is staying. thoughts of throwing him out the window wont stop",
		"urges to throw her when she screams",
	} {
		t.Run(text, func(t *testing.T) {
			f := normalize.One(bh.Note{ID: "n1", Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}, newYork, mon10)
			assert.True(t, f.Medical, "Medical")
			assert.True(t, f.Mood, "Mood")
			assert.True(t, normalize.IsHealth(text), "IsHealth")
		})
	}
}

// The structural readings, each on a pair: the concern and the everyday
// note that shares its words.
func TestHealthReadsStructure(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"someone else's illness beside the family", "grandma is here, baby has a fever", "coworker out sick w covid, im covering his shifts"},
		{"a normal observation is logged, not a concern", "poop is white and chalky today", "poop was yellow n seedy like usual"},
		{"a normal observation asked about is a concern", "is green poop normal", "green poop again like usual from the formula"},
		{"a care chore with a body part", "his ears are red and crusty behind", "wipe behind his ears n neck folds, milk gets stuck there"},
		{"a care chore is not a cut", "cut on his finger is bleeding", "cut his fingernails after the bath"},
		{"a device's virus", "lo has a virus, vomiting since 2", "laptop caught a virus, call IT tmrw"},
		{"a visit called off for the visitor's illness", "grandma cant come today, and the baby has a temperature of 38.5",
			"mum has a migraine so shes cancelling tomorrow"},
		{"someone's child by her, his or their", "our little one has a temperature",
			"Jo from baby group cancelled, her little one has a temperature"},
		{"a blow by someone else lands on the baby", "her cousin poked her in the eye and its watering",
			"my cousin has a watering eye and a cold, not coming sunday"},
		{"a carer signs the note", "grandad: he has been sick twice since lunch", "grandad: he ate all his lunch, sick of my singing though"},
		{"leaving hospital", "yellow discharge from her eye since this morning", "midwife rang to confirm discharge tomorrow"},
		{"nothing unusual is calm", "poo is green and slimy, unusual for him", "two poos today, yellow and seedy, nothing unusual"},
		{"a mark and its harmless cause", "red marks on her legs that dont fade when pressed", "red lines on his thighs from the car seat straps"},
		{"a temperature beside an errand", "her temp 101 after nursery pickup", "nursery pickup at 5, bring his spare vest"},
		{"what it took to wake the baby", "had to undress him and tickle his feet to wake him for the feed", "tickled his feet to make him laugh for the photo"},
		{"the parent a failure", "feel like a complete failure since breastfeeding stopped", "the sourdough was a total failure again lol"},
		{"a hazard in hand that is gone", "he had a button in his hand and now its gone", "he had a button off his cardigan, sewn back on now"},
		{"not ok, the whole note", "not ok today", "the wifi is not ok today, router restarted"},
		{"lifeless", "so quiet and lifeless after his nap", "quiet afternoon, long nap after lunch"},
		{"flashbacks", "the birth keeps replaying in my head at night", "the birth video keeps playing on the tv at grandmas"},
		{"sick said of a thing", "the baby is sick again", "their halloween costume was sick"},
		{"a temperature in the normal range", "temp 38.2 after her nap", "temp 36.8, all good after the bath"},
		{"an appointment named by its reason", "her tongue tie makes the latch hurt", "schedule tongue tie consult, referral is in the portal"},
		{"a supply that is ready", "my incision is oozing", "pharmacy pickup: my prescription is ready after 3"},
		{"a sneeze", "sneezing all day and snotty", "he sneezed once at bath time, so cute"},
		{"a baby sleepier than usual", "hes so sleepy today, barely opens his eyes", "she was so sleepy after her bath lol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// Frightening thoughts that will not leave, and a partner saying the
// family would be better off without them, are the family's mood.
func TestFrighteningThoughtsAreMood(t *testing.T) {
	for _, text := range []string{
		"cant stop picturing him falling down the stairs",
		"the scary thoughts wont go away",
		"wife said we would all be better off without her",
		"partner said shed be better off not being here",
		"i cry every time he goes to work",
	} {
		t.Run(text, func(t *testing.T) {
			f := normalize.One(bh.Note{ID: "n1", Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}, newYork, mon10)
			assert.True(t, f.Medical, "Medical")
			assert.True(t, f.Mood, "Mood")
		})
	}
}

// The readings of who a note is about and what its sentence does, each
// on a pair: the concern and the everyday note that shares its words.
func TestHealthReadsWhoAndWhat(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"whoever minds the baby reports on her", "grandma noticed a rash on his back", "nanny called in sick, need backup"},
		{"a sitter's report", "the sitter said he wouldnt take his bottle", "the sitter said she cant do friday"},
		{"the baby's sibling is family", "little brother (3) has a rash on his legs", "my big sister has a cold, lunch is off"},
		{"the clause's subject decides", "grandma is here and baby has croup", "my sister's baby has croup and she wants to borrow our humidifier"},
		{"a pronoun goes on with someone else", "our lo has a fever, she is so hot", "neighbour's son broke his wrist, she asked us to mind the dog while they're at urgent care"},
		{"someone's teacher or twins are theirs", "our son has a fever", "our son's teacher is off with the flu"},
		{"a list of supplies", "buy calpol for her fever", "need: calpol, wipes, nappy cream"},
		{"a list with how she is (kept as before)", "add calpol to the list, she is burning up", "add calpol and plasters to the list"},
		{"a stain in the laundry", "poo is black and sticky, stained his vest", "spit-up all over the sofa cover, soak in cold water"},
		{"a sign said to be absent", "no rash, but her lips are swelling", "tried egg for the first time, no reaction at all"},
		{"a form's field", "she has a rash after the amoxicillin", "daycare form: allergies none, vaccines up to date"},
		{"as usual, unless more than usual", "spitting up more than usual today", "the usual little spit-up after her bottle, happy after"},
		{"the partner's drinking and silence", "husband drinking every night since the baby came and wont talk to me", "husband drinking at his friends birthday tonight"},
		{"something of someone else swallowed", "found two of grandpa's pills on the floor, toddler had one in her mouth", "grandpa's pills are in the top cupboard now"},
		{"the baby with someone unwell", "friend's baby in hospital with rsv, our lo was with her on sunday", "friend's baby in hospital with rsv, sending flowers"},
		{"an appliance that pukes", "he is puking after every feed", "the dishwasher is puking foam again"},
		{"a low temperature", "temp only 35.5 after the bath", "temp only 36.9 after the bath"},
		{"no reaction to sound", "she doesnt react to loud sounds at all", "she doesnt react to the cat anymore lol"},
		{"a whole feed brought back", "he spit the whole bottle back up", "he gulped the whole bottle down"},
		{"something pushed into the nose", "he pushed a pea up his nostril", "put saline in his nose before the feed"},
		{"a care chore on cradle cap", "cradle cap is red and weeping", "brush the cradle cap gently after the bath"},
		{"a child named by age", "the 3yo drank some of the mouthwash", "the 3yo drank all her milk"},
		{"a pronoun that cannot be theirs", "my mom babysat and she said he threw up twice", "my mom babysat and she said she has a cold"},
		{"the other pronoun after kin", "my dad has a cold and she has a cough now", "grandpa is poorly, he has pneumonia"},
		{"an illness caught", "mil stayed over and i think baby caught her cold", "mil stayed over, she has a cold so she wore a mask"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The readings of the fourth and fifth sets' misses and false alarms, by
// category, each on a pair: the concern and the everyday note that shares
// its words (not the corpus notes themselves).
func TestHealthReadsSafetyAndSupply(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a household chemical sipped", "she drank some of the fabric conditioner", "bought the fabric conditioner on offer"},
		{"tablets missing from an open pack", "vitamin tablets open on the floor and 3 gone missing", "vitamin tablets in the top cupboard"},
		{"a carer's adult medicine given", "the sitter gave him some of her adult ibuprofen", "nanny takes adult ibuprofen for her back"},
		{"a carer drunk or high with the baby", "boyfriend came home drunk and wants to hold the baby", "boyfriend had a few beers at the stag do, im driving home"},
		{"a parent not sleeping and talking fast", "wife says she doesnt need sleep and keeps talking so fast", "wife talked to the midwife about sleep"},
		{"a relative with a catching illness held the baby", "mil has shingles and cuddled the baby all afternoon", "mil has shingles, we will visit when she is better"},
		{"a low reading in a newborn", "temp 36.1 and she is 4 days old", "temp 36.6 and she is 4 days old"},
		{"few wet nappies over a stretch", "only 2 wees since breakfast and its teatime", "6 wet nappies today, loads of poos"},
		{"refused the last feeds", "refused the last two bottles", "finished the last two bottles"},
		{"too sleepy to feed", "cant keep her awake for feeds", "cant keep her awake after 7 lol"},
		{"a seat tipped with the baby in it", "car seat slid off the counter with her in it", "car seat slid off the counter, no one in it"},
		{"a limb not used", "she wont use her left arm since the fall", "she wont use her left hand for the spoon yet"},
		{"a limb not stood on", "he cant put any weight on his foot", "he cant put weight on the scale without wriggling"},
		{"the blood emoji", "🩸 in her nappy", "💩 in her nappy"},
		{"a concern said to be over", "rash gone but now her lips are swelling", "eczema cleared up after the new cream"},
		{"a fever broke", "fever broke overnight, now vomiting", "fever finally broke, all good"},
		{"a concern nearly over is not over", "her rash is almost gone", "her rash is gone"},
		{"a medicine on the shopping list", "calpol isnt touching her fever", "out of calpol, grab a bottle"},
		{"a medicine in a bag", "gave calpol at 3, still hot", "ibuprofen sachets for the nappy bag"},
		{"a prescription ready", "the prescription cream made her rash worse", "pharmacy: amoxicillin prescription ready"},
		{"someone outside the family ill, plans changed", "cleaner has covid and baby has a cough now", "cleaner has covid, not coming this week"},
		{"a thing in pain", "she cries like she is in pain", "the gate creaks like its in pain"},
		{"a normal result", "jaundice levels rising again", "hearing test done, all normal"},
		{"normal for her said", "is it normal for her to sleep this much", "3 naps today, normal for her"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The readings of the sixth and seventh sets' misses and false alarms,
// by category and by the shape of the phrase, each on a pair: the concern
// and the everyday note that shares its words (not the corpus notes).
func TestHealthReadsByShape(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		// Fever and feeding.
		{"a low reading without a unit", "temp says 35.7 under the arm and she feels cold", "head 35.7 cm at the check, on her line"},
		{"a very small feed", "he only drank very little all day", "taking little sips of water from the cup now"},
		{"weight lost since birth", "lost 11 percent from birth weight at the day 5 weigh in", "lost 10% of my baby weight!"},
		{"few wees in a day", "2 wet nappies in the last 12 hours", "3 wet 2 dirty so far today"},
		// Breathing, colour, fits.
		{"a sound in the chest", "crackly noise in his chest when he breathes", "crackly noise on the monitor again, new batteries"},
		{"a colour that changed", "she turned grey and floppy for a second", "she went pale pink in the new dress lol"},
		{"a fit", "think he had a fit in his sleep", "she had a fit of giggles at the dog"},
		{"a fit where it happened", "picked up the dry cleaning, he had a fit in the car", "threw a fit in the car seat again lol"},
		{"fitting said alone", "fitting again", "the new car seat is fitting well"},
		{"fitting again, not booked again", "fitting again, 40 seconds this time", "Fitting again on Tuesday for the new car seat"},
		{"a fit when or where it happened", "he had a fit at nursery, they called us", "he had fit checks at the shoe shop"},
		{"a fit in the night", "she had a fit during her nap", "she had a fit of the giggles during her bath"},
		{"a fit going on", "shes having a fit right now", "shes having a fit about the bath again"},
		{"fitting where she lies", "shes fitting in her cot", "shes fitting in well at nursery"},
		{"fitting without its verb", "shes fitting again, 2nd time today", "shes fitting in well at daycare"},
		// Injuries.
		{"how the baby landed", "she rolled off the changing table and landed on her head", "the parcel landed on the doorstep at 9"},
		{"a fall's height", "fell about 3 feet off the bed", "fell asleep about 3 in the pram"},
		{"someone stood on the baby", "my toddler stood on the baby's hand", "big brother sat on the baby's playmat again"},
		{"furniture pulled down", "pulled the bookcase over onto himself", "pulled the blanket over himself and slept"},
		{"a limb not used", "pulled his arm and now he wont use it", "new spoon, he wont use it yet"},
		// Unsafe situations.
		{"a carer asleep holding the baby", "fell asleep on the couch with her, woke and she had slipped down", "she fell asleep with her bunny on her chest"},
		{"face down in bed", "woke up and he was wedged between the mattress and wall", "tummy time: she lay face down on the mat, loved it"},
		{"left alone in a car", "left him in the car while i paid for petrol, 15 min", "left him in the car with dad while i got coffee"},
		{"shaken", "ex got angry and shook her", "shook her rattle and she giggled"},
		{"hit", "my partner hit the baby", "my partner hit the gym at 6, baby and me asleep"},
		{"a carer's drinks before a duty", "my mum had 5 gins and wants to bath the baby", "had 2 glasses of wine with dinner, baby slept through"},
		{"a carer high", "partner stoned and wants to do the bath", "boyfriend had a few beers at the stag do, im driving home"},
		{"the drinks are not the carer's", "dad had a few pints and is doing the night feed", "dad had a few pints watching the match, im doing the night feed"},
		{"a dose is a few millilitres", "gave him 5ml instead of 2.5ml", "gave him 120ml instead of 90ml, he was starving"},
		{"not knowing what was given", "not sure if i gave 2.5 or 5ml", "not sure if i gave him his bottle or dad did"},
		{"no wee done", "hasnt done a wee since last night", "hasnt done a wee in the potty yet, still in nappies"},
		// Someone named by where they are met.
		{"someone met at a place", "she has covid and shes off her feeds", "the girl at the cafe has covid so it's shut"},
		{"someone down the road", "she fainted in the kitchen, out for a few seconds", "Mick down the road fainted in the heat, he's fine now"},
		// Swallowed.
		{"a medicine found open", "found the ibuprofen open on the floor", "ibuprofen in the top cupboard now"},
		{"a child drank alcohol", "he got the beer can off the table and drank some", "she drank her milk and i had a glass of wine"},
		{"a pet's chewing", "he chewed a battery off the remote", "puppy chewed the remote, batteries all there"},
		// Medicines.
		{"one amount for another", "gave 10ml instead of 5ml of calpol", "120ml instead of 150 this feed, full anyway"},
		{"a dose given twice by two carers", "nanny gave another dose of calpol, i gave one an hour ago", "calpol costs too much at boots"},
		{"a question, not a request", "could calpol make her this sleepy", "could you get me some calpol when youre out"},
		{"a request with its full stop", "could calpol make her this sleepy.", "could you get me some calpol when youre out."},
		{"a request beside a sign", "can you grab some dioralyte, shes had 6 watery nappies today", "can you grab some dioralyte when youre out"},
		{"a request asked with its mark", "can you grab some dioralyte? shes had 6 watery nappies today", "can you grab some more nappies today"},
		// Exposure.
		{"contact by pronoun", "aunt has flu and cuddled him on sunday", "aunt has flu, we will visit when she is better"},
		{"a carer's contact", "sitter's kid has hand foot and mouth, she came straight here", "my sister's baby has rsv, shes staying home this week"},
		// The birthing parent's body and mood.
		{"a blood pressure reading", "bp 150/95 this morning, postnatal day 5", "bp cuff arrived, returns label in the box"},
		{"a wound that opened", "my c section wound has opened at the side", "the box opened at the side in the post"},
		{"a pad full fast", "soaked a pad within 30 min", "changing pad cover in the wash"},
		{"a belief that cannot be true", "convinced the baby isnt mine", "switched her to the comfort formula"},
		{"leaving for good", "keep thinking about walking out and never coming back", "i want to leave this flat for good"},
		{"checking over and over", "checking hes breathing every 2 mins, cant stop", "checking the post every 5 min for the passport lol"},
		{"a nap looked in on", "checking shes ok every 5 min all night", "check on her every 30 min while she naps"},
		{"not sleeping while the baby sleeps", "babys finally asleep and i still cant sleep", "he cant sleep at all in the new cot, so annoying"},
		{"feeling low", "feeling really low all week", "phone battery so low!"},
		// Products, figures and someone else's illness.
		{"a vaccine named by its illness", "since her whooping cough jab she has been floppy", "whooping cough vaccine leaflet, file it"},
		{"a figure of speech", "he is choking on his milk", "choking on my coffee at that text 😂"},
		{"a shop list with a colon", "shop: calpol for her fever", "asda run: milk, bread, calpol, bin bags"},
		{"someone else ill in a later clause", "swim cancelled, lo has a fever", "baby group cancelled, host has a migraine"},
		{"a mild sign a professional called fine", "hv said the spots are fine but theyve spread to her tummy", "sneezing a lot but hv said its just clearing his nose"},
		{"teething", "teething and bleeding gums", "gums look lumpy, teeth on the way"},
		// Misspellings and what they share with everyday notes.
		{"a misspelt word", "my stiches are red and weepy", "my stiches came out at the 6 week check, all healed"},
		{"of typed for off", "he fell of the bed onto the wood floor", "the fall of the leaves in the park, lovely walk"},
		{"a misspelt reading and a room's", "temprature 38.6 and shes only 6 wks", "temprature in the nursery is 20, fine"},
		{"coughing over the baby", "grandad coughing and sneezing over her all day, he has the flu", "grandad has the flu, hes staying home this week"},
		{"what remains of a dose", "missed 2 doses of her antibiotic", "2 doses of vit d left, reorder"},
		// More situations, and what they share with everyday notes.
		{"a pet biting the baby", "the dog bit her cheek, small puncture", "the dog bit the postman again, call insurance"},
		{"something over the face", "found her with a plastic bag over her head", "pulled the vest over her head, she hates it"},
		{"alone in the bath", "he was in the bath alone when i ran to get a towel", "i was in the bath alone for once, bliss"},
		{"smoked around", "dad was smoking in the car with her", "dad stopped smoking, 3 months now"},
		{"a rule is not what happened", "mil smoked around the baby all afternoon", "told mil never to smoke around the baby"},
		{"honey before one", "grandma gave him honey on his dummy and hes 3 months", "grandma bought honey for her tea"},
		{"a routine given is not swallowed", "he swallowed one of my vitamin tablets", "gave him his vitamin drops and a bath with the new bubble bath"},
		{"hearing the baby who is not crying", "i keep hearing the baby cry when she isnt", "i keep hearing the neighbours dog at night"},
		{"a number of hours", "38.5 and shivering", "38.5 hours of labour and worth it"},
		{"an errand that points back", "piriton for her hives, she is scratching", "piriton for my hay fever, grab some"},
		{"a course finished", "amoxicillin finished but still coughing", "amoxicillin finished today, all done"},
		{"contact by sharing", "the baby's cousin had measles and they shared toys on friday", "cousin's wedding, measles jab check for the eldest"},
		{"a carer known by her pronoun", "babysitter was on her phone and he rolled off the sofa", "babysitter was on her phone all evening, not booking her again"},
		// Round six: a pet heard or doing something to the baby is not the
		// one the note is about; a thing is not in a body's state; a thing
		// that gives one a headache is a figure of speech.
		{"a pet heard", "so quiet and still today, doesnt even startle at the dog barking", "the dog has been scratching his ear all day, vet tomorrow"},
		{"a pet that hurt the baby", "dog scratched his arm a bit, broke the skin slightly", "the cat is sneezing and the dog is barking at it"},
		{"a thing in a body's state", "her forehead is burning up", "my bank balance is bleeding after the holidays"},
		{"self-harm said of a partner", "wife said she wants to harm herself", "cut myself some slack tonight, takeaway it is"},
		{"a log that ends all is well", "only 2 wet nappies since yesterday, worried", "2 wet 1 dirty overnight, all fine"},
		{"a knock that ends all is well", "she rolled off the bed onto the rug, all fine", "burped him on my shoulder, bit of sick on my top, all fine"},
		{"a log that ends all is well, said another way", "2 wet 1 dirty since lunch but fever 38.5, all good otherwise", "bit of sick after his bottle, then happy as larry"},
		// A red flag played down is still one.
		{"no wee, played down", "no wet nappy since 6am, all good", "3 wet 1 dirty since 6am, all good"},
		{"loose stools, played down", "diarrhoea 6 times today, all normal", "6 feeds today, all normal"},
		{"no feed, played down", "she hasnt fed since 5am, all fine", "she fed at 5am and 9am, all fine"},
		{"hard to wake, played down", "baby sleeping a lot and hard to wake, all normal", "baby napped twice today, all normal"},
		{"a sunken soft spot, played down", "sunken soft spot, all fine", "soft toys washed, all fine"},
		{"feeds refused, played down", "refusing feeds all day, no bother", "took every feed today, no bother"},
		{"care that ends", "smelly discharge from her belly button since yesterday", "maternity discharge went fine, signed off"},
		{"a fuel drunk", "he drank some paraffin from the lamp", "bought paraffin for the lamp, power cut again"},
		{"someone else ill and sent home", "she has fever since morning, sent home early from nursery", "the driver has fever, he went home early"},
		{"laughing in stitches", "her stitches are red and weeping", "the panto had us in stitches last night"},
		{"a g dropped", "not respondin to us at all this morning", "my cousin is comin round sunday, skin to skin after"},
		{"a thing that gives a rash", "the new iron tablets are giving me a rash on my arms", "the new project at work is giving me a rash lol"},
		// Round seven: someone named by where they are met or by the
		// writer's work is outside the family; a title is not enough.
		{"someone met somewhere", "she picked up a bug from baby group, now has a fever", "Ana from baby group has mastitis, sending her a meal"},
		{"a title is not someone else", "took him to mr patel the gp, he has an ear infection", "mr patel the gp is on holiday till the 3rd"},
		{"a patient at work", "patient at the GP today: me, with mastitis", "patient in bed 6 spiked a fever overnight, home late"},
		{"a wish to run away", "honestly some days i want to run away from all of it", "i want to run away to the seaside for a weekend lol"},
		{"no pleasure in anything", "she says nothing really makes her happy anymore", "nothing makes her happier than the bath"},
		{"not caring about anything", "havent showered in 4 days and dont care about anything", "he doesnt care about anything but his dummy lol"},
		{"not getting out of bed", "partner cant seem to get out of bed most days", "the toddler wont get up for nursery, bed hair everywhere"},
		{"a temperature said aloud", "38 point 2 at 3 oclock", "38 points on the quiz, we came second"},
		{"a temperature on the dot", "6 weeks old and 38 on the dot, do we call someone", "picked up at 5 on the dot from nursery"},
		{"a device named by a sign", "the apnea monitor went off twice tonight", "the apnea monitor charger is in the nappy bag"},
		{"a device that shows a reading", "my bp cuff says 150/95 this morning", "bp cuff batteries are in the drawer"},
		{"someone who stays away", "she has a fever and wont feed, so we cant come to the party", "Tanya has flu, so she cant visit till next week"},
		{"someone who cannot babysit", "her temp is 38.6 so shes not going to nursery", "mums migraine is bad so she cant babysit tonight"},
		{"a friend's baby without its apostrophe", "the baby has a fever since our friends visited", "my friend baby has a fever, she cant come to the party"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The readings of the eighth to tenth sets' misses and false alarms, by
// the two halves of a clause (what it is about and a word of trouble) and
// by wider lexicons, each on a pair: the concern and the everyday note
// that shares its words (neither is a corpus note).
func TestHealthReadsByHalves(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		// A feed and a trouble with it.
		{"a feed never enough", "nursing every 40 min and he still seems hungry", "nursed 20 min, fell asleep full and happy"},
		{"asleep at every feed", "she dozes off 3 mins into every bottle", "she fell asleep on the boob after a big feed"},
		{"a feed against the usual", "intake under half her usual since the morning", "intake as usual since the morning"},
		{"next to nothing taken", "has drunk hardly anything since breakfast", "has drunk her whole bottle since breakfast"},
		// The baby weak, pale or not waking.
		{"weak and sleepy", "pale and sleepy, barely cries", "pale pink blanket for the cot"},
		{"not waking for feeds", "she isnt waking for her feeds at all", "she isnt waking for the 2am feed anymore, yay"},
		{"cannot be woken", "cant get him to wake up for his bottle", "cant get him to wear his hat"},
		// Wees and what hurts.
		{"fewer wees", "nappies much lighter, peeing way less", "nappies size 3, a lot less leaky"},
		{"a cry at a wee", "screams every time she wees", "laughs every time she wees in the bath lol"},
		// Injuries.
		{"a knock to the head", "bonked her forehead on the cot rail, goose egg", "bonked the car on the gatepost, insurance"},
		// Mood and medicines.
		{"interest lost", "no interest in anything since the birth", "no interest in the new toy lol"},
		{"a remedy given", "infacol before every feed, last at 2", "infacol nearly finished, buy another"},
		{"a supplement missed", "forgot her vitamin d today", "vitamin d drops in the cupboard"},
		// Everyday notes that share the words.
		{"a swear word", "bloody nappy again, streaks of red", "bloody bins not collected again"},
		{"a laugh", "choking on her milk and going red", "laughed so hard i nearly choked at the group chat"},
		{"a thing's temperature or health", "her temp is 38.4", "fridge temp reading 8, turned it down"},
		{"a list on one line", "temp 38.5 - calpol given - still crying", "- milk - nappies - calpol - bread"},
		{"a medicine kept", "gave calpol but her fever isnt coming down", "calpol in the medicine box on the high shelf"},
		{"a list without a head", "calpol, cool flannel and fluids, she is 39", "calpol, bibs and wipes from tesco"},
		// More of the shapes, and the everyday notes that share them.
		{"weight the wrong way", "his weight keeps dropping at each weigh in", "my weight keeps dropping since i started running"},
		{"a finger trapped", "thumb shut in the back door", "shut the back door, the cat got in"},
		{"pushed off", "her brother pushed her off the bed", "her brother pushed the pram off the kerb, empty"},
		{"barely responding", "she doesnt seem to respond to anything", "the landlord doesnt seem to respond to emails"},
		{"panic and checking", "i keep checking shes breathing, cant sleep", "i keep checking the oven timer lol"},
		{"a fee that makes one faint", "i fainted in the shower this morning", "nearly fainted at the nursery fee"},
		{"a friend unwell", "i have the flu, call the gp", "my best friend has the flu, call her tonight"},
		{"an appliance that coughs", "she coughs up thick mucus", "the toaster coughs up smoke"},
		{"a feed said the other way round", "down to 300 ml a day from 600", "down to 2 naps a day from 3"},
		{"a knock to the back of the head", "banged the back of her head on the tiles", "banged the back door shut"},
		{"a fall without who fell", "tipped out of the bouncer onto the floor", "tipped out the bath water and rinsed the tub"},
		{"something hot spilled", "the tea spilled on his arm", "the tea spilled on his drawing"},
		{"a cry when touched", "twisted her wrist, cries when i touch it", "cries when i turn off the mobile lol"},
		{"less alert", "less alert than yesterday and sleepy", "feeling more alert after coffee"},
		{"a wound healed", "incision edges are separating", "incision healed nicely, scar is fading"},
		{"a form to fill", "gave her the wrong meds at daycare", "drop the meds form at daycare"},
		{"a list of short items", "fever, rash, vomiting, floppy", "bread, eggs, calpol, bin bags"},
		{"a thermometer's reading", "thermometer reading 38 after her nap", "room thermometer says 19"},
		{"a feeling of the writer's", "i feel trapped and i cant tell anyone", "traffic again, i feel trapped in this car lol"},
		{"scared of one's thoughts", "im scared of my own thoughts at night", "im scared of spiders, dh got it out"},
		{"off feeds", "shes been off her milk since yesterday", "shes been off work since yesterday"},
		{"feeds fewer in a day", "dropped from 8 feeds to 4 a day", "dropped from 3 naps to 2 a day"},
		{"something a child should not eat", "i think he ate a crayon", "bought crayons for his stocking"},
		{"unlike the usual", "she is much fussier than usual and warm", "she is much fussier than usual about socks lol"},
		{"not as lively as usual", "not as playful as usual, just lies there", "as playful as usual, rolled all over"},
		{"a feed not wanted", "he hasnt wanted any formula since lunch", "he hasnt wanted the dummy since lunch"},
		{"mood in a word", "im worried all the time and cant relax", "relax, the sitter is here at 6"},
		{"a swear with a laugh", "bloody nappy, streaks of red in it", "bloody nappies everywhere lol"},
		{"a price that makes one faint", "i fainted when i stood up", "nearly fainted when i saw the price of the pram"},
		{"a bottle named by colic", "colic crying for 4 hours straight", "we need more of the anti colic bottles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// Families of signs several writers phrased each their own way, read by
// what they share (normalize/families.go), each on a pair: the concern and
// the everyday note that shares its words (neither is a corpus note).
func TestHealthReadsFamilies(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"too hot on the skin", "bath water way too hot, his skin went pink and he howled", "bath water way too hot, ran the cold tap first"},
		{"a low oxygen reading", "pulse ox says sats 90 on room air", "sats 98 on the monitor, all good"},
		{"an oxygen reading falling", "her sats keep dipping when she feeds", "sats monitor arrived, set it up tonight"},
		{"a vaccination, then a sign", "4 month imms this morning, now shes all puffy and unsettled", "4 month imms this morning, next lot in january"},
		{"a vaccination said before its sign", "got her shots today and shes been really unsettled ever since", "got her shots today, she was a star"},
		{"not stirring when handled", "he didnt stir when i lifted him out of the cot", "he didnt stir all night, slept till 6!"},
		{"nowhere near as alert", "nowhere near as alert as yesterday", "nowhere near as fussy as yesterday, loves the mobile"},
		{"round the neck", "his feeding tube got wrapped round his neck", "wrapped the scarf round my neck, freezing out"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// Figures of speech, medicines kept in order and someone else as notes
// name them, each on a pair: the
// concern and the everyday note that shares its words (neither is a
// corpus note).
func TestHealthReadsFiguresAndKeeping(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"choking with laughter", "she choked on her milk and went red", "i nearly choked laughing at his face"},
		{"bleeding as a swear", "cut on his finger is bleeding again", "washing machine broke, bleeding typical"},
		{"a thing that swallows or falls", "she swallowed a bead from the curtain tie", "the hoover swallowed a hair tie"},
		{"a figure of speech beside someone else", "she has been sick three times since lunch", "im sick and tired of the neighbour's car alarm at 5am"},
		{"blood that boils", "blood in her nappy again", "the news made my blood boil"},
		{"in a hurry", "fever again tonight", "feverishly packing for the trip"},
		{"chills from a film", "chills and a temp of 38.5", "that film gave me the chills"},
		{"a back that is broken in a manner of speaking", "my back hurts so much i cant lift her", "broke my back carrying the cot upstairs"},
		{"a big baby", "bruise on his shin from the cot bars", "what a bruiser, 9 lbs at birth"},
		{"fingers crossed", "her fingers are swollen and purple", "nursery place offered for may, fingers crossed"},
		{"medicines labelled", "gave calpol at 3, still 38.9", "labelled the twins calpol bottles with their names"},
		{"medicines kept together", "infant ibuprofen twice today for her ear", "two half empty bottles of infant ibuprofen in the cupboards, keep one"},
		{"a pill organiser", "my iron tablets make me dizzy", "weekly pill organiser for my iron tablets"},
		{"a syringe sterilised", "medicine syringe slipped and she choked on it", "medicine syringes in the steriliser"},
		// Someone else, named as notes name them.
		{"a trade who comes to the house", "my migraine is back with flashing lights", "the electrician cancelled, says he has a migraine"},
		{"a trade with a bug", "baby has a tummy bug, cancel the builder", "the builder cancelled, hes got a tummy bug"},
		{"a grandparent by another name", "she had a fall off the sofa and hit her head", "nan had a fall, dad is with her at the hospital"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A parent's low mood as parents and those around them say it, each on a
// pair: the concern and the everyday note that shares its words (neither
// is a corpus note).
func TestHealthReadsMoodAsSaid(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"overwhelmed", "so overwhelmed i hide in the bathroom", "overwhelmed with love for this little one"},
		{"withdrawn", "wife seems withdrawn and barely eats", "cash withdrawn for the cleaner"},
		{"flashbacks", "flashbacks to the c section every night", "flashback friday photo of her first bath"},
		{"a dark day", "having a really dark day today", "what a dark day, lights on at 3"},
		{"cannot do this", "she keeps saying she cant do this", "cant do this friday, can you swap"},
		{"low, as someone saw it", "the hv said i seemed really low", "the battery seemed low so i swapped it"},
		{"alone with the baby", "im scared to be on my own with him", "on my own with him till 6, dad at work"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A supplement given, taken, spat out or asked after is a medicine given,
// which the person on duty must know of (a pair each, neither a corpus
// note).
func TestHealthReadsSupplementsGiven(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"given", "probiotic given with the morning feed", "probiotic drops on the shelf by the kettle"},
		{"taken", "my iron tablet taken after lunch", "iron tablets arrived, in the drawer"},
		{"spat out", "he spat out half his multivitamin", "multivitamin gummies for me, add to the list"},
		{"asked after", "has anyone done her vit d today", "has anyone seen the vit d drops"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A feed and a trouble with it, as more writers said it (a pair each,
// neither a corpus note).
func TestHealthReadsFeedsFallingShort(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"less than half the usual", "less than half his usual amount all morning", "the usual amount at every feed, all good"},
		{"less every feed", "60ml, then 40, then 25. less every feed", "less every week on the nappy bill now"},
		{"very little taken", "very little milk since the morning", "very little traffic this morning, got to the clinic early"},
		{"no seal", "cant get a seal on the bottle at all today", "cant get a seal on the bottle warmer lid"},
		{"asleep through feeds", "sleeping through every feed today", "sleeping through the vacuum cleaner now, so handy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The baby hurt with what she was in, or by another child, even when a pet
// or a sibling did it (a pair each, neither a corpus note).
func TestHealthReadsHurtWithTheSeat(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a seat dropped with the baby in it", "dropped the bouncer with her in it, she cried hard", "dropped the bouncer at the charity shop"},
		{"a pet knocked the seat over", "the cat knocked the moses basket over with him in it", "the cat knocked the moses basket over, it was empty"},
		{"poked", "his sister poked the baby in the eye, its watering", "his sister poked the babys bunny in the eye lol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// No wee said another way (a pair each, neither a corpus note).
func TestHealthReadsNoOutputSaid(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"no water passed", "she hasnt passed water since 6am", "we havent passed the water tower yet, eta 20 min"},
		{"a nappy barely wet", "nappies barely wet since yesterday", "nappies barely used, give the rest to jen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The ninth round's readings (a pair each, neither a corpus note), each
// read by the rules, not left to the model: a supplement's dose logged by
// its time or said done, feeds slept through or sleep far past the usual,
// a baby who cannot be kept awake for a feed, and the parent's mood said
// inside a longer note or told back by the partner.
func TestHealthReadsDosesSleepAndMoodTold(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a dose by its time", "vit d drops 8am", "J drops her at nursery 8am"},
		{"a dose said done", "shes had her iron tablet", "shes had her hair cut"},
		{"a wrong medicine", "gave her the wrong meds at daycare", "drop the meds form at daycare"},
		{"feeds slept through", "slept through 3 feeds today", "slept through the night, 7 to 6!"},
		{"sleep far past the usual", "sleeping far too long today, hard to get a feed in", "i slept way too long this morning lol"},
		{"not kept awake for a feed", "cant keep her awake for a whole bottle", "cant keep her awake after 7 lol"},
		{"not ok in a longer note", "honestly im not ok, can you come home early", "im not ok with the new nursery hours"},
		{"not ok, written with capitals", "Honestly I'm not OK. Can you take over after work?", "I'm not ok with the new nursery hours"},
		{"mood said low", "her mood is really low since the birth", "the mood lighting is low in the nursery"},
		{"no bond, hedged", "i dont think im bonding with him", "the twins are bonding with each other so well"},
		{"the partner told back", "you said you dont feel like yourself anymore", "you said you feel like yourself again after the holiday"},
		{"better off without you", "you said everyone would be better off without you", "the team would be better off without the new manager"},
		{"a birth relived", "she keeps having flashbacks to the delivery", "flashback friday photo of her first bath"},
		{"a temperature dead on", "temp up again, 38 dead on", "oven at 180 dead on for the roast"},
		{"a temperature by where it was taken", "101 rectal, calling the doctor", "101 dalmatians on again"},
		{"sicked up", "sicked up twice after her bottle", "picked up twice from nursery this week"},
		{"nowt kept down", "cant keep owt down since lunch", "cant find owt for tea"},
		{"a weak suck", "sucking weak again, feeds take an hour", "the straw cup valve is weak, order a new one"},
		{"a body gone slack", "her body went slack in my arms", "the washing line went slack in the wind"},
		{"breaths short and fast", "short fast breaths since lunch", "short fast walk to the shop since lunch"},
		{"a failure without an article", "she said she feels like bad mother", "she said she feels like bad weather is coming"},
		{"a feed back up", "formula went down then came right back up", "formula went down well and she came right back to playing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, normalize.IsHealth(tc.health), "the rules read: %q", tc.health)
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// The ninth round's readings of who or what a note is about (a pair
// each, neither a corpus note): a thing haemorrhaging, running a fever or
// making a sign's noise, a mechanic's bleeding and an idiom's limp, someone
// met on the writer's shift or at church, someone's little girl, a farm's
// animals; and a pet that hurts the baby, or a fall onto the floor, is the
// baby's.
func TestHealthReadsThingsAndOthersSaid(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a thing haemorrhaging", "her gums are bleeding after the teether", "the kitchen tap is haemorrhaging water again"},
		{"a thing running a fever", "she is running a fever since lunch", "the boiler in the loft's running a fever again"},
		{"a thing's noise", "she's making a weird breathing sound", "the fridge making a weird breathing sound again"},
		{"an idiom", "his leg is swollen and he is limping", "weather is running hot and cold, the old van is limping along"},
		{"a mechanic's bleeding", "bleeding from the cut on his lip", "bled the radiators this morning, all hot now"},
		{"someone on the writer's shift", "i fainted at work today and feel dizzy", "guy on my shift fainted in the heat"},
		{"someone's little girl", "our little girl has a fever", "his little girl has an ear infection, he might be late"},
		{"a farm's animals", "she is off her feed and hot to touch", "the heifer is off her feed, checking her temp tonight"},
		{"a pet on the baby", "the cat jumped into the cot and scratched her cheek", "the cat has been sneezing all week, vet tomorrow"},
		{"a fall onto the floor", "he slid out onto the patio", "her teddy slid out onto the patio again"},
		{"a fall to the floor", "he slid to the floor off my lap", "the blanket slid to the floor off my lap"},
		{"landed on the baby", "the cat jumped off the shelf and landed on her", "the cat jumped off the shelf and landed on the sofa"},
		{"a roll from tummy to back", "she rolled off the sofa", "she rolled from her back to her tummy today!"},
		{"a log on track", "only two wet nappies since yesterday, worried", "three wet nappies since 9, on track"},
		{"a nappy almost dry", "nappy almost dry since this morning", "nappy bin almost full since this morning"},
		{"fewer than usual", "2 wet nappies today, usually 8", "8 wet nappies today, usually 6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// ruleRow is a note and whether the rules alone read it as health
// (IsHealth, which the council also asks of a plan's words).
type ruleRow struct {
	note   string
	health bool
}

func checkRules(t *testing.T, rows []ruleRow) {
	t.Helper()
	for _, r := range rows {
		assert.Equal(t, r.health, normalize.IsHealth(r.note), "health %v: %q", r.health, r.note)
	}
}

// Cow's milk is a food, not a farm's animal: an allergy to it is the
// baby's, while a cow that is unwell is still someone else.
func TestHealthReadsCowsMilkAsAFood(t *testing.T) {
	checkRules(t, []ruleRow{
		{"gp thinks cow's milk allergy, blood streaks in nappy", true},
		{"switched off cows milk formula, still blood streaks in her nappy", true},
		{"dr thinks its cows milk protein, mucus in every poo", true},
		{"the cows are coughing again, vet out tomorrow", false},
	})
}

// "on track" ends a log only when nothing in it is denied.
func TestHealthReadsNotOnTrack(t *testing.T) {
	checkRules(t, []ruleRow{
		{"weight dropping, hv says shes not on track", true},
		{"only 2 wet nappies since yesterday, not on track", true},
		{"lost weight again, midwife says she isnt on track", true},
		{"weigh in done, 5.3kg, on track", false},
	})
}

// A vehicle that swallows a person's sign: the sign is the person's when
// a person stands between the thing and it.
func TestHealthReadsASignInAVehicle(t *testing.T) {
	checkRules(t, []ruleRow{
		{"in the van he was sick twice", true},
		{"in the van and she started choking", true},
		{"on the way home in the truck she threw up all over her seat", true},
		{"the old van keeps overheating on hills", false},
		{"tractor coughing and spluttering again, mechanic monday", false},
	})
}

// A roll is a milestone only when it ends on the back, front, side or
// tummy; a roll from the side onto the floor is a fall.
func TestHealthReadsARollThatEndsOffTheBed(t *testing.T) {
	checkRules(t, []ruleRow{
		{"she rolled from her side onto the floor off our bed", true},
		{"he rolled from his back to the edge and off the changing table", true},
		{"she rolled from her back to her tummy today!", false},
		{"rolled from tummy to back twice this morning", false},
	})
}

// The night's feeds slept through are glad news, however the sleep is
// said; feeds slept through in the day are not.
func TestHealthReadsTheNightSleptThrough(t *testing.T) {
	checkRules(t, []ruleRow{
		{"she slept through the night feeds, 7 to 6", false},
		{"he slept through both night feeds, 11 til 6", false},
		{"slept through 3 feeds today", true},
		{"slept thru 2 feeds this afternoon, hard to rouse", true},
	})
}

// Sleep far past the usual said by the writer of herself is a lie-in,
// whatever the clause says before it.
func TestHealthReadsTheWritersOwnLieIn(t *testing.T) {
	checkRules(t, []ruleRow{
		{"weather is lovely, im sleeping way too much on the sofa", false},
		{"ive been sleeping way too much since i stopped work", false},
		{"i think shes sleeping way too much today", true},
		{"sleeping far too long today, hard to get a feed in", true},
	})
}

// Landing on one's feet is no fall.
func TestHealthReadsLandingOnHerFeet(t *testing.T) {
	checkRules(t, []ruleRow{
		{"she jumped off the bottom step and landed on her feet, clever girl", false},
		{"he hopped off the sofa and landed on his feet", false},
		{"the cat jumped off the shelf and landed on her", true},
		{"toddler tripped and landed on him, hes screaming", true},
	})
}

// A roll onto the rug is a milestone; a fall or a slide onto the floor
// is not.
func TestHealthReadsARollToTheRugAsAMilestone(t *testing.T) {
	checkRules(t, []ruleRow{
		{"she rolled onto the rug all by herself!", false},
		{"he rolled to the carpet from his playmat, so proud", false},
		{"she rolled onto the floor from her mat, loving it", false},
		{"he slid to the floor off my lap", true},
		{"she fell onto the tiles from the sofa", true},
	})
}

// A failure felt: the article left out only after "like".
func TestHealthReadsAFailureFelt(t *testing.T) {
	checkRules(t, []ruleRow{
		{"feeling bad dad missed bath time again", false},
		{"felt bad dad had to leave early for work", false},
		{"she said she feels like bad mother", true},
		{"i feel like such a failure, she wont latch", true},
		{"I'm such a failure", true},
		{"im a terrible mum, i snapped at her again", true},
	})
}

// A supplement's dose is read by its time in the supplement's own clause,
// and "done" only said of it.
func TestHealthReadsADoseInItsClause(t *testing.T) {
	checkRules(t, []ruleRow{
		{"bought vitamin d drops, laundry done", false},
		{"vit d drops in the basket, dishes done", false},
		{"vit d drops 8am", true},
		{"vit D drops done", true},
		{"shes had her iron tablet", true},
	})
}

// A count against the usual is a count of the same thing: a feed's
// volume is no count of feeds.
func TestHealthReadsACountAgainstItsUsual(t *testing.T) {
	checkRules(t, []ruleRow{
		{"4 feeds since lunch, usually 120ml each", false},
		{"6 feeds today, normally 4oz each", false},
		{"2 wet nappies today, usually 8", true},
		{"3 feeds since 7am, usually 6 by now", true},
	})
}

// Words of the ninth round read only in their sense: a stain remover, a
// ball thrown, a bedtime dreaded with a laugh, a low-key day.
func TestHealthWordsReadInTheirSense(t *testing.T) {
	checkRules(t, []ruleRow{
		{"soaked her vest in vanish oxy overnight", false},
		{"oxy action on the poo stains, fingers crossed", false},
		{"oxy at noon, she can have another at 4 if the pain is bad", true},
		{"he grabbed the ball and threw it up in the air", false},
		{"she threw it up high and caught it, so clever", false},
		{"gave gripe water once and she threw it up", true},
		{"dreading bedtime lol", false},
		{"dreading bedtime, the 4 month regression is brutal", false},
		{"dreading every night, my heart sinks when it gets dark", true},
		{"in a good mood so low key day today", false},
		{"mood is low-key fine, park later", false},
		{"mood really low since the weekend", true},
	})
}

// A note is read alike whoever writes it: a parent writing in a second
// language leaves verbs bare and reaches for her first language's word,
// others type shorthand, laugh in their own letters or say of the
// partner what the rules knew said of oneself. A pair each, neither a
// corpus note: the concern and the everyday note that shares its words.
func TestHealthReadsOtherVoices(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a fall, the verb bare", "she fall from the bed to the floor", "she fall asleep on the way home"},
		{"dropped, the verb bare", "my cousin drop him in the bath", "i drop him at nursery at 8"},
		{"a roll, the verb bare", "he roll off the changing table", "he roll over both ways now"},
		{"a word of her own language", "she has fiebre since lunch", "fiesta for her cousin since lunch"},
		{"a French word", "she has fièvre since lunch", "fièvre du samedi soir at the party lol"},
		{"a French word, said of him", "he had frissons all night", "frissons at the concert all night"},
		{"a Scots word for being sick", "the bairn boked twice after her feed", "the bairn napped twice after her feed"},
		{"a Scots word for crying", "hes been greetin all night and wont settle", "greeting cards for nana, all night to write them"},
		{"a sign typed as an emoji", "🤒 since lunch", "🎉 since lunch, party for her cousin"},
		{"a hurt typed as an emoji", "lo 🤕 after bumping the coffee table", "lo 🥳 after the coffee table came"},
		{"with, in shorthand", "terrified to be alone w/ the baby", "alone w/ the baby till 6, dad at work"},
		{"very, in shorthand", "shes v sleepy today", "v busy day, shop and laundry done"},
		{"a temperature that climbed", "temp jumped 39 after lunch", "room temp jumped to 24 in the afternoon"},
		{"low, said plainly", "i am very low, nothing makes me happy", "i am very low on nappies"},
		{"nothing felt, said of the partner", "says she feels nothing for the baby", "says she feels nothing but excited for the trip"},
		{"not laughing, said of the partner", "jess hasnt laughed in weeks", "jess laughed for weeks at that video"},
		{"a laugh in other letters", "bloody nappy again, bright red streaks", "bloody nappies everywhere jajaja"},
		{"a thing with a fever", "she has a fever again", "the wifi has a fever again, nothing loads"},
		{"a thing gone floppy", "hes gone floppy in my arms", "pram wheel gone floppy, needs pumping"},
		{"a chore called a headache", "i have a proper headache since the birth", "this form is a proper headache"},
		{"a worker who is not family", "she cut her finger on a glass, wont stop bleeding", "the cleaning lady cut her finger on a glass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// What goes in and out, and a parent's low mood, in the words new voices
// used for them, and the everyday notes that share those words: a pair
// each, neither a corpus note.
func TestHealthReadsNewVoicesFamilies(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"weight lost in grams", "lost 250g since the weigh in, hv coming back friday", "lost 2 kg since the birth, jeans fit again"},
		{"weighed below birth", "weighs 2.9kg now, was 3.3 at birth", "weighs 4.1kg now, was 3.3 at birth"},
		{"weight lost beside an errand", "not back to birth weight, top up after bf", "top up after bf, bottles in the fridge"},
		{"few feeds in a day", "3 feeds total in 24 hours", "8 feeds in 24 hours, all good"},
		{"only a few feeds since", "only 2 bottles since 7am", "2 bottles since 7am, both finished"},
		{"sick more than usual", "brought up way more than usual today", "way more visitors than usual today"},
		{"kicking less", "isnt kicking like he used to", "doesnt kick off at bath time any more"},
		{"crying out of sight", "i sit in the car and cry before i go in", "sit in the car and wait for the rain to stop"},
		{"voices heard", "she heard someone talking in the nursery, no one there", "heard someone at the door, no one there"},
		{"allergic to a chore", "allergic to the new formula, rash everywhere", "allergic to mondays, me not her"},
		{"money coughed up", "coughing up green stuff all night", "cough up 40 quid for hospital parking"},
		{"a remedy that did not help", "gripe water at 2am, didnt help at all", "gripe water on the shopping list"},
		{"a supplement with a meal", "iron tablet for me with lunch", "iron tablets arrived, in the cupboard"},
		{"an event's fever", "fever since lunch, 38.4", "world cup fever in this house"},
		{"fever strips to buy", "fever strip says she is hot", "buy some fever strips for the bag"},
		{"a normal temperature logged", "checked her temp before bed, 38.6", "checked his temp before his bath, 36.7"},
		{"a temperature watched", "check her temp every hour, 36.8 now", "checked her temp after the bath, 36.9"},
		{"a visitor's cold", "she got a cold from nana", "nana wont come sunday, shes got a cold"},
		{"a childminder's child", "baby has a tummy bug, no childminder today", "childminders son has a tummy bug so no drop off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A health word mistyped by one slip of the thumb, two letters swapped or
// one left out inside it, is read as the word meant; the everyday half of
// each pair holds the same slip: neither a corpus note.
func TestHealthReadsOneSlipOfTheThumb(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"two letters swapped in a wish", "dont wnat to be here anymore", "dont wnat to be late for the nursery run"},
		{"two letters swapped in a feeling", "feel nmub and flat since the weekend", "the sahky shelf in the hall needs a screw"},
		{"two letters swapped in breaths", "breahts look fast and shallow", "breahts of fresh air on the walk today"},
		{"a letter left out", "anxous and sahky all night", "the thermomter needs new batteries"},
		{"someone else mistyped", "she has the flu and wont feed", "my cuosin has the flu, wont make the party"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A fever for a passion, a pet that hurt the baby said the other way
// round, what it took to wake the baby, and a stool likened to chalk or a
// pet's: a pair each, neither a corpus note.
func TestHealthReadsPassionsPetsWakingAndStools(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"a fever for a passion", "shes had a fever for the last two days", "got a fever for baking bread lately"},
		{"a fever of a passion", "fever of over 38 all night", "a little fever of excitement before the party"},
		{"a feverish pace", "feverish and flushed since the nap", "feverish pace at work today, sorry"},
		{"bitten by a pet", "bitten by the dog on her leg, skin broken", "the cat was bitten by the dog, vet tomorrow"},
		{"what it took to wake, said short", "had to undress him to wake", "had to undress him for his bath"},
		{"a stool like chalk", "poo like chalk, very pale", "the tip of his nose is like chalk from the flour lol"},
		{"a stool like a pet's", "poos like rabbit pellets, straining", "bought rabbit pellets for the bunny"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A friend the note is written to ("..., bestie") is not the one it is
// about; a friend named as the subject or the object still is someone
// else: a pair, neither a corpus note.
func TestHealthReadsAFriendAddressed(t *testing.T) {
	for _, tc := range []struct {
		name, health, everyday string
	}{
		{"at the end", "she threw up all over the sofa bestie", "my bestie threw up all over the sofa"},
		{"before please", "rash all over his tummy mate pls look", "my mate has a rash all over his tummy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// A review of round thirteen's reader found signs it no longer read: a
// mouth that bleeds or has ulcers in a teething note (the mouth was
// blanked as teething's, and teething barred the rescue), a sign after a
// dummy in a second clause (set aside whole), a gasp after an errand (the
// strong veto at 0.01); and the baby's whole colour ("baby is blue") was
// never read, nor a part of the body named with whose it is ("her mouth
// is bleeding", read as a thing's state), nor "he hit his head and was
// sick" (read as slang), nor a sign said of "she" before a tradesman is
// named ("she's breathing fast, plumber coming at 10": the plumber's).
// Each is read; teething's mouth things go into, a dummy
// alone, a score and a shade stay everyday. ("scored 38 points at pub
// quiz, she's been off all day" is still set aside with its score.)
func TestASignBesideTeethingADummyOrAScoreIsRead(t *testing.T) {
	for _, n := range []string{
		"teething, her mouth is bleeding and won't stop",
		"her mouth is bleeding",
		"his hand is bleeding",
		"teething and his mouth is bleeding a lot",
		"teething and ulcers all over his mouth",
		"old prescription bottles in the bathroom, take them back to the pharmacy, she gasped and went quiet",
		"he won't take his dummy and is just lying there quietly",
		"baby is blue",
		"she's blue",
		"hes blue",
		"lo looks grey",
		"she looks greyish around the mouth",
		"hes looking grey",
		"she looks very blue",
		"add calpol to the shopping list, baby looks grey",
		"council tax bill arrived, baby looks grey",
		"he hit his head and was sick",
		"she bumped her head and then was sick twice",
		"hes gone blue",
		"he's gone blue",
		"baby has gone blue",
		"babys gone blue",
		"she's going blue",
		"baby's looking blue",
		"she's breathing fast, plumber coming at 10",
		"hes been sick twice, grandma has the same bug",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"baby ke daant nikal rahe hain, sab kuch muh mein daalta hai",
		"teething again, puts everything in his mouth",
		"he hasnt wanted the dummy since lunch",
		"38 points on the quiz, we came second",
		"painted the nursery blue",
		"my purse is bleeding after christmas",
		"that new show is sick",
		"her recital was sick",
		"gender reveal today: baby is blue!",
		"hes blue, chelsea won",
		"he looks very blue in his chelsea kit",
		"hes grey haired already",
		"bought the bunny for her, she's blue with white ears",
		"teething, mouth like a waterfall",
		"teething, everything goes to her mouth",
		"teething, chewing his hands, mouth open all day",
		"hasnt wanted the dummy since lunch now",
		"he hasnt wanted the dummy since lunch then napped",
		"our side is bleeding goals again",
		"plumber coming at 10, he says the boiler is leaking",
		"her sister has covid, so no visit sunday",
		"baby blue cardigan from nana",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A second review, of the tuner's readings: a baby named or called by
// kin falls out of a seat as "she" does, and a thing, "they" or someone
// else does not; "nothing but" glad sets a note aside only when nothing
// turns it; an errand beside a sleepy baby off her bottle is not set
// aside; "panado" is breaded, not paracetamol.
func TestRoundFourteenTunersReadingsKeepToTheirWord(t *testing.T) {
	for _, n := range []string{
		"Mia fell out the bouncer",
		"my son fell out the bouncer",
		"ds fell out the high chair",
		"our little one fell out the pram",
		"everyone sees nothing but smiles, nobody knows how hard i find every day",
		"pick up more formula and calpol, she's been off her bottle and sleepy",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"the dummy just fell out the pram again on our walk",
		"the cup wobbled, fell off the counter and smashed",
		"they fell off the table - the clean bibs, can you refold",
		"grandpa nearly fell off his chair laughing",
		"says she feels nothing but excited for the trip",
		"comeu frango panado ao almoco",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A review of the round's mends: each reading kept to what its comment
// says. A sound heard from upstairs is the baby's, a strength beside a dose
// given is the dose, a pause timed either way round is read but not a
// pause of a call or a screen, a hidden cry without its article is the
// writer's, a place or a time before a verb is no heavy thing, an adult's
// own pills are not swallowed, an age under 36 months is no temperature,
// an empty seat that tipped is no fall, a birth weight said first is
// compared, a warmth is answered only beside its cause, and an animal's
// emergency room is not the baby's.
func TestRoundFourteenMendsKeepToTheirWord(t *testing.T) {
	for _, n := range []string{
		"heard a thud from upstairs, she fell out of bed, crying",
		"can hear him coughing from upstairs all night",
		"grab the 120mg and give him some, hes 38.6",
		"she had a 15 sec pause while asleep",
		"another pause like 10 sec, i timed it on my phone",
		"first wet diaper in over 8 hours",
		"car seat fell off the counter, he was in it",
		"birth weight 3.5, today 3.2",
		"she was 3.5 at birth, now 3.2",
		"felt warm so checked 37.3 under arm, been grizzly and wont settle",
		"slept like 19h today",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"long pause like 10 sec then she answered the phone",
		"dad snoring so loud i had to pause the tv",
		"lo cries in shower every time, hates the water",
		"first wet nappy in 2 hours, feeding well",
		"he never pooped in the bath before, gross",
		"at the dinner table he tipped his juice over himself lol",
		"after tea she fell asleep on him",
		"she took her pills from the cupboard this morning, before her shift",
		"blanket label says not for babies under 36 months",
		"pram tipped over at the shop, she wasnt in it thank god",
		"sleeps 18 hours a day, totally normal the hv said",
		"taking rex to the animal er, he ate chocolate",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// Someone of the same building or the same work is someone else, and
// blood, fever and floppiness said as figures are no sign; the baby's fall
// down the stairs, or a fever at home, still are.
func TestNeighboursWorkmatesAndFiguresAreSetAside(t *testing.T) {
	for _, n := range []string{
		"Rosa from downstairs has the flu",
		"kid upstairs coughing all night, could hear it",
		"Sam at work has a fever so the meeting is online",
		"blood sweat and tears putting the cot together",
		"my blood is boiling, the landlord again",
		"floppy sun hats for the beach",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
	for _, n := range []string{
		"she fell downstairs, bump on her head",
		"38.9 and floppy, calling the doctor",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
}

// Help asked for, a head not right, a parent not doing well, said as a
// parent says it, are the parent's mood; help about a thing is not.
func TestHelpAskedForIsTheParentsMood(t *testing.T) {
	for _, n := range []string{
		"i think i need to talk to someone",
		"second week feeling this low",
		"bad day, my heads not right",
		"im not doing good, can you come home",
		"i really need to talk to someone",
		"im not doing too well, can you call me",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"need to talk to someone about the boiler",
		"i need to see someone about the car insurance",
		"hes not doing good at football this season",
		"the boiler is broken again, i need to talk to someone about it",
		"im losing it, cant find my keys anywhere",
		"lazy sunday, i dont want to get up, kids watching tv",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A reading under 36.5 °C (97.5 °F) beside cold or warming is a low
// temperature, and a seat that tipped with the baby in it, however said,
// is a fall; a normal reading and an empty seat are not.
func TestALowReadingAndATippedSeatAreRead(t *testing.T) {
	for _, n := range []string{
		"cold to touch after the walk, 36.1",
		"low again 36.2 so hat on and skin to skin",
		"feels cold, 97.0 armpit, socks on",
		"under 36 again, skin cool",
		"bouncer tip over with him inside",
		"buggy tipped on the kerb, she screaming",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"temp 36.8, all normal, cold hands only",
		"the empty pram tipped over in the wind",
		"head 36.2 cm at the check",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// Sleep that fills a day, said by its hours or as waking only a little,
// and a stool that is all water, are read; a night's long sleep or a
// parent's lie-in is not.
func TestSleepFillingADayAndWaterStoolsAreRead(t *testing.T) {
	for _, n := range []string{
		"sleeping like 19h a day since tuesday",
		"sleeps almost all day, barely wakes to feed",
		"8 poos today, basically all water",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"slept 11 hours last night!! best night ever",
		"water for the diaper bag, the big bottle",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// "normal?" asked without its verb is a question, not a calm note: the
// sign before it is read.
func TestNormalAskedWithoutItsVerbIsAQuestion(t *testing.T) {
	for _, n := range []string{
		"peeling skin on her hands and feet, normal?",
		"twitches when falling asleep, normal?",
		"sleepy all day after the jabs, is normal?",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"dinner at 7, ok?",
		"pickup at 5 from nursery, normal time?",
		"poo yellow and seedy, normal",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A weight now below the one before, however the earlier is said, in kilos
// or in pounds and ounces, or a loss said without its figure, is a health
// note; a weight gained or the parent's own is not.
func TestAWeightBelowTheOneBeforeIsRead(t *testing.T) {
	for _, n := range []string{
		"weight 3.3 at the clinic, birth 3.6, day 9",
		"weighed 3.2kg, birth weight 3.5kg",
		"checked at the clinic 3.0 kg, birth was 3.3",
		"weighed her at home, 6lb 12oz, she was 7lb 3",
		"weight 4,1 kg today, he lose from last time",
		"weight -9% they said, top up after feeds",
		"hv says he lost 8 percent, top up with formula",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"weight 4.2 today, birth 3.5, great gain",
		"weighed her at home, 8lb 2oz, she was 7lb 3 at birth",
		"i lost 5 kg since birth lol",
		"battery at 10 percent, top up the phone",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// An emergency room named by its hospital is a strong sign, as "the er"
// is: no everyday clause beside it sets it aside.
func TestAnEmergencyRoomByNameIsRead(t *testing.T) {
	for _, n := range []string{
		"103 on the ear one!! going to st marys er meet us there",
		"taking him to childrens er now, wont stop vomiting",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"grandad is at st marys er with his hip, visiting after work",
		"er, not sure what time the plumber comes",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A medicine's strength or the size of one to buy is no dose given, and a
// kit sorted through ("almost done", "can we toss them") is a supply; a
// dose given by its measure still is a health note.
func TestAStrengthOrAKitSortedIsNoDose(t *testing.T) {
	for _, n := range []string{
		"infant paracetamol nearly gone, buy the 120mg",
		"infant tylenol 160mg/5ml on the shopping list",
		"colic drops and gripe water almost done",
		"the antibiotic bottles from the hospital, can we toss them? empty now",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
	for _, n := range []string{
		"gave her 120mg paracetamol at 6",
		"buy more calpol, she had 2.5ml at 3am and still 38.9",
		"he got 5ml instead of 2.5ml",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
}

// A warmth felt and answered by a normal reading is a log, for the rules
// and the model alike; a warmth still doubted, watched or beside a fever
// reading is not.
func TestAWarmthAReadingAnswersIsNoFever(t *testing.T) {
	for _, n := range []string{
		"felt warm so i checked, 98.7, just the blanket",
		"checked her temp because she felt warm, 36,9, all good",
		"he felt a bit warm after the nap, 37.0 under the arm",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
	for _, n := range []string{
		"she feels hot to me but the thermometer says 98.9, checking again in a bit",
		"feels warm, 36.8 now but was 38.5 at 3am",
		"felt warm, 37.1, keep checking every hour",
		"she feels hot and floppy, 37.1",
		"feels warm 37.1?",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
}

// Signs said with a word dropped, as a second language or a hurry drops
// one ("she not peed since morning", "cry in shower"), a breathing pause
// timed in seconds or heard in a snore, the first wee in many hours, and
// a clause ending in someone who left, which is not a supply's "left".
func TestDroppedWordsAndTimedPausesAreRead(t *testing.T) {
	for _, n := range []string{
		"buy wipes, also she not peed since morning",
		"he not pooped for 3 days",
		"got wipes, also lo hasnt peed since u left",
		"first wet diaper in 8h",
		"first wee in 9 hours",
		"pause maybe 15 sec. woke her up",
		"another long pause at 2:10 like 12 sec",
		"snoring loud with pauses, not normal",
		"cry in shower every day",
		"crying in bathroom again, dont know why",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"paused the film for 10 sec",
		"pause the show for 10 secs, going to get snacks",
		"dog hasnt pooped since the vet",
		"2 nappies left",
		"only 3 wipes left, since you left the pack open",
		"she cries in car every time, hates the seat",
		"first bottle in 3 hours, hungry girl",
		"baby snoring softly, so cute",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// Misses a review listed: a mouth's own sign without a body word before
// it, a heavy thing named before it fell on the baby, pills taken from
// where they are kept, and the whole colour of a "baby boy"; and the
// everyday notes beside them that share their words.
func TestAMouthSignAFallenThingAndPillsTakenAreRead(t *testing.T) {
	for _, n := range []string{
		"mouth ulcers",
		"teething, foaming at the mouth",
		"white patches in her mouth",
		"blisters around his mouth",
		"bookcase fell on him",
		"the tv fell on her",
		"lamp fell on him",
		"the kettle tipped over onto her arm",
		"she took pills from my pill organiser",
		"he grabbed tablets out of my bag",
		"toddler got hold of some pills from grandmas handbag",
		"baby boy is blue",
		"its a boy and hes blue and not breathing",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"cut the mouth of the bag",
		"mouth of the bottle is cracked",
		"buy mouthwash",
		"the tv fell off the wall bracket, need a new one",
		"bookcase fell over in the night, nobody hurt",
		"the shelf fell on the floor",
		"took the old pills back to the pharmacy",
		"she took pills from the pharmacy for her back",
		"he took the batteries out of the remote",
		"its a boy! baby is blue",
		"its a girl! so excited",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// What the model, retrained in round fourteen, rescued of the tests'
// everyday notes, by family: a thing of the day's care said to be broken
// or cracked, someone feeling nothing but glad, the writer's own sleep
// counted in hours. Each beside health notes that share their words.
func TestAThingsStateGladnessAndOwnSleepAreNotRescued(t *testing.T) {
	for _, tc := range []struct{ name, health, everyday string }{
		{"cracked, of the body or a bottle", "her lips are cracked and bleeding", "the lid of the sippy cup is cracked, bin it"},
		{"split, of the body or a teat", "nipple is split and she keeps choking on blood", "the bottle is split down the side again"},
		{"stuck, of the body or a wheel", "something stuck in his throat, hes gagging", "pram wheel is stuck again, squeaks like mad"},
		{"nothing felt, or nothing but glad", "my wife says she feels nothing when she holds him", "my wife says she feels nothing but happy this week"},
		{"nothing but, of a sign or of smiles", "nothing but vomiting since lunch, cant keep water down", "nothing but smiles and giggles at the park today"},
		{"hours slept, the baby's or the writer's", "he slept 14 hours and is still hard to wake", "slept 5 hours but still shattered, coffee please"},
		{"sleep counted, the baby's or the writer's", "only 3 hours sleep and shes still burning up", "got 6 hours sleep last night, feeling human"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}

// Round fourteen's readings from the misses of many writers: pain relief
// named as other countries sell it, and the baby fallen out of a seat,
// a bed or a changing table said without "of" or in a voice's own words;
// each beside everyday notes that share their words.
func TestOtherCountriesMedicinesAndFallsFromASeatAreRead(t *testing.T) {
	for _, n := range []string{
		"gave her panadol at 6 for the fever",
		"tempra at 2am, temp still up",
		"he had biogesic at noon, next dose at 6",
		"doliprane donné à 20h, she still feels hot",
		"took 2 endone at 10 for the c section pain",
		"fell out the bouncer onto the tiles",
		"she fell outta the high chair, lump on her forehead",
		"fall from the changing table, crying hard",
		"he fell oot the pram at the shops",
		"dog bumped the basket and he fell out.",
	} {
		assert.True(t, readsAsHealth(n), "health: %q", n)
	}
	for _, n := range []string{
		"out of panadol, add to the shopping list",
		"put the tempra up in the top cupboard",
		"the dummy fell out the pram again",
		"my phone fell out of the car seat pocket",
		"fell out with my sister over the christening",
		"the sun cream fell out the buggy basket",
	} {
		assert.False(t, readsAsHealth(n), "everyday: %q", n)
	}
}

// A change told against the usual ("normally he kicks", "different from
// usual", "60% of normal", "wont kick like normal", "that aint normal")
// is no log of the usual: round fourteen's writers said it so in their
// own negations. The usual said plainly stays a log.
func TestAChangeFromTheUsualIsNoLog(t *testing.T) {
	for _, tc := range []struct{ name, health, everyday string }{
		{"normally, or as normal", "barely moving his legs today, normally he kicks like mad", "kicking his legs like normal at bath time"},
		{"unlike the usual", "spit up is green this morning, different from usual", "spit up this morning, the usual amount"},
		{"a share of normal", "drinking maybe half of her usual since the cold", "drinking her usual since the cold cleared"},
		{"a voice's own negation", "hes no feeding like normal, takes a bit and stops", "hes feeding like normal again, takes the lot"},
		{"the usual asked", "tiny pink spot in her nappy, 4 days old, normal?", "nappies normal today, 6 wet and 2 dirty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, readsAsHealth(tc.health), "health: %q", tc.health)
			assert.False(t, readsAsHealth(tc.everyday), "everyday: %q", tc.everyday)
		})
	}
}
