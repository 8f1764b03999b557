package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// VetoedNote: the rules read text as a health note and the model's veto
// sets it aside. For the tests of package normalize_test.
func VetoedNote(text string) bool {
	s := prepareText(text)
	t, harm, other := healthText(s)
	return !harm && !other && !moodIn(t) && !routineLog(t) && medicalIn(s, t) && vetoed(s, t)
}

// The veto sets aside a rule reading on a single weak word in a note the
// model is sure is everyday (an errand for a medicine, a review booked),
// one with a strong sign only when the model is all but certain
// (strongBelow), and never one with a grave sign, however sure the model
// is: the strong notes below are errands too, and the model reads them as
// everyday.
func TestTheVetoSetsAsideOnlyWeakReadings(t *testing.T) {
	for _, n := range []string{
		"collected the repeat prescription for the eczema cream, fridge door",
		"prescription charge to pay, my exemption card hasnt arrived yet",
		"Gaviscon infant box is empty, prescription requested on the app",
		"dietitian phone review for the reflux at 11",
	} {
		assert.True(t, IsHealth(n), "the rules read %q: else it tests no veto", n)
		assert.False(t, IsHealthNote(n), "vetoed: %q", n)
	}
	for _, n := range []string{
		// A temperature: the note with "temp 38.9" is no longer one the
		// model reads as everyday since the twenty-third set joined, nor
		// with a bare 38.9 since the fiftieth to fifty-eighth did (p 0.11);
		// 39.1 is as strong a sign, and the model still reads the errand.
		"collected the repeat prescription for the eczema cream, fridge door, 39.1",
		"prescription charge to pay, exemption card hasnt arrived, he fell off the bed",
		// Signs of an infection.
		// (With the eczema cream's errand the model read this at 0.14 once
		// the fiftieth to fifty-eighth sets joined: the same sign after
		// another errand.)
		"old prescription bottles in the bathroom, take them back to the pharmacy, pus on her cheek",
		"prescription charge to pay, exemption card hasnt arrived, her ear has fluid coming out",
		// An illness that names no one else is the family's: the model,
		// whose everyday notes hold many other people's, reads it as theirs.
		"stomach bug",
	} {
		s := prepareText(n)
		p := rescueModel.prob(s)
		assert.True(t, p >= strongBelow && p < vetoBelow, "the model reads %q as everyday at %.4f, not all but certain: else it tests nothing", n, p)
		assert.True(t, IsHealthNote(n), "a strong sign is vetoed only when the model is all but certain: %q", n)
	}
	// A strong word said of a thing, which the model is all but certain
	// is everyday, is set aside; a grave sign never is.
	for _, n := range []string{"the dishwasher's sick, making that noise again", "that new couch is some sick b'y, love it"} {
		assert.Less(t, rescueModel.prob(prepareText(n)), strongBelow, "the model reads %q as all but certainly everyday: else it tests nothing", n)
		assert.True(t, IsHealth(n), "the rules read %q: else it tests no veto", n)
		assert.False(t, IsHealthNote(n), "vetoed: %q", n)
	}
	for _, n := range []string{
		"old prescription bottles in the bathroom, take them back to the pharmacy, he ate a silica gel packet",
		"old prescription bottles in the bathroom, take them back to the pharmacy, grandma has flu and she babysat thursday",
		"old prescription bottles in the bathroom, take them back to the pharmacy, she has a fever",
		"swim cancelled, lo has a fever",
		// (Among the strong signs the model is less sure of until round
		// thirteen's strong veto rose to 0.01: it reads this at 0.005.)
		"old prescription bottles in the bathroom, take them back to the pharmacy, shes floppy",
	} {
		assert.Less(t, rescueModel.prob(prepareText(n)), strongBelow, "the model reads %q as all but certainly everyday: else it tests nothing", n)
		assert.True(t, IsHealthNote(n), "a grave sign is never vetoed: %q", n)
	}
	// An errand's note is set aside when the model is less sure
	// (errandBelow), a note that is not one only when it is sure.
	for _, n := range []string{
		// ("get me some infant tylenol when youre out" and "calpol, just
		// to have" were examples until round twelve's schedule took the
		// model under vetoBelow on them, "get me some calpol when youre
		// out" until round thirteen's corpora did, "get me some tylenol
		// when youre out" and "... ibuprofen ..." until its rate did: set
		// aside as any weak reading.)
		// A supply kept for a day that may come (round eleven).
		"ibuprofen, just to have",
		"keep one calpol in the car",
	} {
		p := rescueModel.prob(prepareText(n))
		assert.True(t, p >= vetoBelow && p < errandBelow, "the model reads %q at %.2f: else it tests no errand", n, p)
		assert.True(t, IsHealth(n), "the rules read %q: else it tests no veto", n)
		assert.False(t, IsHealthNote(n), "vetoed as an errand: %q", n)
	}
	// The parent's own mood is read before the veto, however it is put.
	// ("the car's check engine light is giving me anxiety lol" was the
	// example until round six: the everyday corpus holds it, a figure of
	// speech; "... these days" until round eleven's corpora moved the model
	// to 0.11 on it, "this week" is the same mood said after an errand.)
	mood := "the car's check engine light is on lol, my anxiety is through the roof this week"
	assert.Less(t, rescueModel.prob(prepareText(mood)), vetoBelow, "the model reads %q as everyday: else it tests nothing", mood)
	assert.True(t, IsHealthNote(mood))
}

// Each red flag is read as one on its own (graveSign), whatever the model
// or the clauses say: blood and colour are read by patterns, the rest by
// words.
func TestRedFlagsAreGrave(t *testing.T) {
	for _, n := range []string{
		"lo had a seizure", "she was fitting", "he's convulsing", "jerking arms", "her lips went blue",
		"blue round his lips", "face looks grey", "baby went floppy", "shes limp", "he was unresponsive",
		"she won't wake", "not waking for feeds", "stopped breathing", "pauses in breathing", "blood in her vomit",
		"poo with blood in it", "blood in his nappy", "green vomit", "vomiting bile", "fontanelle sunken",
		"chest pain", "heavy bleeding", "big clots", "soaking pads", "thoughts of harming the baby", "burns on her hand",
		// The whole baby blue, told by a stranger or a parent (round thirteen).
		"guy at the shop said she looks blue, she does", "hes looking blue", "she looks grey",
	} {
		s := prepareText(n)
		tx, _, _ := healthText(s)
		assert.True(t, redFlag(tx), "a red flag: %q", n)
		assert.True(t, graveSign(s, tx), "grave: %q", n)
	}
}

// Saline or drops put in a nose is a day's care the model is not asked
// about; a nose named otherwise, or with a concern, still is.
func TestNoseCareIsNotRescued(t *testing.T) {
	for _, n := range []string{"put saline in his nose before the feed", "saline drops up her nose x2", "salt water spray in each nostril"} {
		assert.True(t, noseCare(prepareText(n)), "care: %q", n)
	}
	for _, n := range []string{"he pushed a pea up his nostril", "saline in the cupboard, her nose is blocked", "nose running all day"} {
		assert.False(t, noseCare(prepareText(n)), "not care: %q", n)
	}
}
