package normalize_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
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
// the rules are tuned on the -tuning files only; the -heldout files (a fifth
// of each corpus) were written before any tuning and are only measured, so
// their figure says how the rules read notes they have never seen.
const (
	healthTuning    = "health-tuning.txt"
	healthHeldOut   = "health-heldout.txt"
	everydayTuning  = "everyday-tuning.txt"
	everydayHeldOut = "everyday-heldout.txt"
)

// The goal is recall ≥ 97 % and false positives ≤ 2 % on notes the
// rules were not tuned on. The tuning notes meet it. The held-out notes, measured
// once after tuning ended, did not (34 of 52 recognised, 4 of 44 everyday
// notes mistaken), and no rule may be tuned on their failures; so by default
// the held-out set is held to what it measured, to catch a rule change that
// reads fewer of them, and -health-goal holds it to the goal.
var healthGoal = flag.Bool("health-goal", false, "hold the held-out health notes to the goal (recall ≥ 97 %, false positives ≤ 2 %), not to their measured floor")

type healthBar struct{ recall, fp float64 }

var (
	goalBar    = healthBar{recall: 0.97, fp: 0.02}
	heldOutBar = healthBar{recall: 0.65, fp: 0.10}
)

// corpus reads one file of notes: blank lines and "#" lines are skipped.
func corpus(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "health", name))
	require.NoError(t, err)
	defer f.Close()
	var notes []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		notes = append(notes, line)
	}
	require.NoError(t, sc.Err())
	return notes
}

func readsAsHealth(text string) bool {
	return normalize.One(bh.Note{ID: "n1", Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}, newYork, mon10).Medical
}

// The corpora are big enough to mean something, and the held-out notes are
// a fifth of each, none of them also a tuning note.
func TestHealthCorporaAreSplit(t *testing.T) {
	for _, pair := range [][2]string{{healthTuning, healthHeldOut}, {everydayTuning, everydayHeldOut}} {
		tuning, heldOut := corpus(t, pair[0]), corpus(t, pair[1])
		total := len(tuning) + len(heldOut)
		assert.GreaterOrEqual(t, total, 150, pair[0])
		assert.InDelta(t, 0.2, float64(len(heldOut))/float64(total), 0.01, "held-out share of %s", pair[1])
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
			var missed, mistaken []string
			for _, n := range health {
				if !readsAsHealth(n) {
					missed = append(missed, n)
				}
			}
			for _, n := range everyday {
				if readsAsHealth(n) {
					mistaken = append(mistaken, n)
				}
			}
			recall := 1 - float64(len(missed))/float64(len(health))
			fp := float64(len(mistaken)) / float64(len(everyday))
			met := "met"
			if recall < goalBar.recall || fp > goalBar.fp {
				met = "NOT met"
			}
			t.Logf("%s (goal recall ≥ 97%%, false positives ≤ 2%%: %s): recall %.1f%% (%d of %d health notes; missed %q); false positives %.1f%% (%d of %d everyday notes: %q)",
				set.name, met, recall*100, len(health)-len(missed), len(health), missed, fp*100, len(mistaken), len(everyday), mistaken)
			assert.GreaterOrEqual(t, recall, set.bar.recall, "%s: health notes missed: %q", set.name, missed)
			assert.LessOrEqual(t, fp, set.bar.fp, "%s: everyday notes taken for health: %q", set.name, mistaken)
		})
	}
}

// IsHealth, which the council asks of a plan's own words, reads every note
// of the corpora as a note's Medical flag does.
func TestIsHealthReadsAsTheMedicalFlag(t *testing.T) {
	for _, name := range []string{healthTuning, healthHeldOut, everydayTuning, everydayHeldOut} {
		for _, n := range corpus(t, name) {
			assert.Equal(t, readsAsHealth(n), normalize.IsHealth(n), "%s: %q", name, n)
		}
	}
}
