package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// An everyday first clause pulls the learned model under the strong veto's
// threshold, but never sets an emergency aside (review of round eleven,
// item 1): the red flags are grave, and a clause that on its own is a
// strong sign is not diluted by an everyday one.
func TestAnEverydayClauseNeverHidesAnEmergency(t *testing.T) {
	for _, n := range []string{
		// The review's notes.
		"football practice moved to thurs, also lo had a seizure",
		"football practice moved to thurs, also she was fitting",
		"football practice moved to thurs, also i have chest pain",
		"practice moved to thursday, lips went blue",
		"football tomorrow, lo had a seizure",
		"bins out, she was fitting",
		"swimming moved to 5, she was fitting",
		"football practice moved to thurs, baby went floppy",
		"football practice moved to thurs, he was unresponsive",
		"football practice moved to thurs, baby is limp",
		"cancel the plumber, lo had a seizure this morning",
		"ikea trip, she was fitting in the trolley",
		// The same shape: an everyday clause, then an emergency.
		"rugby moved to sat, also baby had a siezure",
		"bins go out weds, lo was convulsing",
		"book club at 7, her lips look grey",
		"dentist moved to friday, his face went blue",
		"parcel came for you, baby wont wake",
		"pick up the dry cleaning, cant wake her",
		"tesco delivery 6-7pm, he stopped breathing for a few seconds",
		"car mot on tues, pauses in her breathing again tonight",
		"swimming cancelled, blood in her vomit",
		"gym at 6, theres blood in his poo",
		"football kit in the wash, green vomit twice",
		"nursery photos tomorrow, her fontanelle is sunken",
		"choir at 8, chest pains again",
		"netball moved to 4, heavy bleeding and clots since lunch",
		"football practice moved, soaking pads every hour",
		"recycling day tmrw, baby is unresponsive",
		"football practice moved to thurs, also lo is jerking in her sleep",
		"took the car in, baby seems floppy and pale",
		"bins out tonite, shes limp and wont feed",
		"school run at 8, lo went unresponsive for a minute",
		// The fontanelle as parents name it.
		"grandma coming sat, soft spot on his head is bulging",
		"bins out, her soft spot looks sunken",
	} {
		assert.True(t, readsAsHealth(n), "an emergency after an everyday clause is health: %q", n)
	}
}
