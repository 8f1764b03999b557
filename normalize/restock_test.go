package normalize_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// A note that says a supply was bought names it, and is not itself a task
// or a running-low item; an order to buy, or a supply running low, is not
// a purchase.
func TestRestockedSupplies(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	tests := map[string][]string{
		"got diapers":                      {"diapers"},
		"bought formula":                   {"formula"},
		"restocked wipes":                  {"wipes"},
		"Got more formula!":                {"formula"},
		"just picked up diapers and wipes": {"diapers", "wipes"},
		"diapers restocked":                {"diapers"},
		"grandma bought 2 packs of wipes":  {"wipes"},
		"stocked up on diaper cream":       {"diaper cream"},
		"restock wipes":                    nil, // a task
		"got to buy diapers":               nil,
		"buy formula":                      nil,
		"got no wipes left":                nil, // running low
		"formula almost out":               nil,
		"got home late":                    nil, // no supply
		"bought the daycare form":          nil,
	}
	for text, want := range tests {
		t.Run(text, func(t *testing.T) {
			f := normalize.One(bh.Note{Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: at}, time.UTC, at)
			assert.Equal(t, want, f.Restocked)
			if want != nil {
				assert.Equal(t, bh.TagNote, f.Kind, "a purchase is neither a task nor a supply running low")
				assert.Empty(t, f.Items)
			}
		})
	}
}

// A restock closes the running-low items that name one of its supplies.
func TestClosedBy(t *testing.T) {
	low := bh.Fact{Kind: bh.TagInventory, Items: []string{"diapers", "wipes"}}
	assert.True(t, low.ClosedBy([]string{"wipes"}))
	assert.False(t, low.ClosedBy([]string{"formula"}))
	assert.False(t, low.ClosedBy(nil))
	task := bh.Fact{Kind: bh.TagTask, Items: []string{"wipes"}}
	assert.False(t, task.ClosedBy([]string{"wipes"}), "a task is done by Done, not by a purchase note")
}
