package council

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// An out supply is needed through the night only when it is the baby's
// feed or diapering, read by whole words with the words beside them: the
// reader keeps "milk" of "oat milk" as the item, so the note's words
// decide.
func TestOutUseIsTheBabysFeedOrDiapering(t *testing.T) {
	cases := []struct {
		note, use string
	}{
		{"out of formula", "feed"},
		{"we ran out of formula", "feed"},
		{"out of breast milk", "feed"},
		{"out of pumped milk", "feed"},
		{"out of expressed milk", "feed"},
		{"out of baby milk", "feed"},
		{"out of breastmilk", "feed"},
		{"out of baby bottles", "feed"},
		{"out of bottle nipples", "feed"},
		{"out of diapers", "change"},
		{"out of size 2 diapers", "change"},
		{"out of nappies", "change"},
		{"out of wipes", "change"},
		{"out of baby wipes", "change"},
		{"out of diapers and wipes", "change"},
		{"out of oat milk", ""},
		{"no more almond milk", ""},
		{"out of milk", ""},
		{"need a water bottle, out", ""},
		{"out of nipple cream", ""},
		{"out of lens wipes", ""},
		{"out of cleaning wipes", ""},
		{"out of makeup wipes", ""},
		{"out of diaper cream", ""},
		{"out of swim diapers", ""},
		{"out of breast milk bags", ""},
		{"out of formula dispenser lids", ""},
		{"out of bottles", ""},
	}
	at := time.Date(2026, 11, 23, 21, 40, 0, 0, time.UTC)
	for _, tc := range cases {
		t.Run(tc.note, func(t *testing.T) {
			f := normalize.One(bh.Note{ID: "n", Text: tc.note, RawText: tc.note, Tag: bh.TagNote, CreatedAt: at}, time.UTC, at)
			assert.True(t, f.Kind == bh.TagInventory && f.Out, "read as an out supply: %+v", f)
			assert.Equal(t, tc.use, factUse(f), "items %q", f.Items)
		})
	}
}

func TestOutUseReadsItemsAlone(t *testing.T) {
	assert.Equal(t, "feed", outUse("", []string{"breast milk"}))
	assert.Equal(t, "change", outUse("restock", []string{"nappies"}))
	assert.Equal(t, "", outUse("", []string{"milk"}))
	assert.Equal(t, "", outUse("", []string{"water bottle"}))
}
