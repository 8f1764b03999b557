package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

// A note is live at now while now is before its OpenUntil: a removed note
// never, a done one for DoneWindow, one whose words end it until then.
func TestANoteIsLiveBeforeItsOpenUntil(t *testing.T) {
	now := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
	past, later := now.Add(-time.Minute), now.Add(time.Minute)
	doneLongAgo := now.Add(-bh.DoneWindow - time.Hour)
	for _, tc := range []struct {
		name string
		n    bh.Note
		live bool
	}{
		{"nothing ends it", bh.Note{}, true},
		{"removed", bh.Note{DeletedAt: &past}, false},
		{"done just now", bh.Note{DoneAt: &past}, true},
		{"done long ago", bh.Note{DoneAt: &doneLongAgo}, false},
		{"its words end it later", bh.Note{Reading: bh.Reading{LiveUntil: &later}}, true},
		{"its words ended it", bh.Note{Reading: bh.Reading{LiveUntil: &past}}, false},
		{"ends exactly now", bh.Note{Reading: bh.Reading{LiveUntil: &now}}, false},
	} {
		assert.Equal(t, tc.live, tc.n.LiveAt(now), tc.name)
	}
}
