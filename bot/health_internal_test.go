package bot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// A note only the normaliser's learned model reads as health (its Medical
// flag, not the rules' IsHealth) is a health note on the surfaces the bot
// lists them on, as it is on the card.
func TestHealthEntriesListANoteOnlyTheModelReads(t *testing.T) {
	notes := []bh.Note{
		{ID: "n1", Text: "circ looks really red with yellow crust on it"},
		{ID: "n2", Text: "buy wipes and a new pack of nappies"},
	}
	got, _ := healthEntries(notes, nil, time.Time{})
	require.Len(t, got, 1)
	require.Equal(t, "n1", got[0].NoteID)
}
