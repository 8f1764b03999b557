package normalize_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Someone met by place ("guy at the shop") is someone else, but not when
// the rest of the clause names the baby: a stranger who tells of the
// baby's sign is no reason to miss it (review of round eleven, item 3).
func TestSomeoneMetByPlaceDoesNotHideTheBabysSign(t *testing.T) {
	for _, n := range []string{
		"guy at the shop said she looks blue, she does",
		"lady at the pharmacy said his lips look blue, going to a&e",
		"woman at the bus stop said baby looks really floppy",
		"bloke at the park said her lips were grey",
		"lady at the checkout said he has a rash that doesnt fade",
		"girl at the library said lo was breathing funny",
	} {
		assert.True(t, readsAsHealth(n), "the baby's sign, told by a stranger: %q", n)
	}
	// The notes the place words were written for stay someone else's.
	for _, n := range []string{
		"guy at the shop passed out from the heat, ambulance came, hes ok",
		"guy at the gurdwara fainted during langar, ambulance came, he's fine",
		"the girl who cleans the church has a bad cold, she'll skip Sunday",
		"lady at the shop has a terrible cough, she should be home",
		"guy at the garage has flu, he says the car will be late",
	} {
		assert.False(t, readsAsHealth(n), "someone else's: %q", n)
	}
}
