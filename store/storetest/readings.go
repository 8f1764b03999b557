package storetest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// An engine keeps a note's reading (bh.Reading) and never reads words
// itself: it calls the reader it is given, stores what it returns, returns
// it with the note, and decides liveness from it. RunReadings holds an
// engine to that with a reader of its own, whose readings normalize would
// never make.

// ReadingStore is an engine that keeps readings: Store, and the start-up
// redo of readings made under older rules.
type ReadingStore interface {
	Store
	// Reread reads again, with the engine's reader, every note whose
	// reading is older than version (or was never made), and reports how
	// many it read; it changes nothing else of them.
	Reread(ctx context.Context, version int) (int, error)
}

// ReadingOpener opens a new, empty store of the engine on the clock now
// that reads notes with read, and closes it when t ends.
type ReadingOpener func(t *testing.T, now func() time.Time, read bh.Reader) ReadingStore

// fakeReader reads notes by rules made for the suite: "ends in 90m" ends
// 90 minutes after it was written; "running low" is an inventory with
// items; "fever" is a health note. It counts its readings.
type fakeReader struct {
	mu      sync.Mutex
	version int
	reads   map[string]int // by text
}

func (f *fakeReader) read(n bh.Note, loc *time.Location) bh.Reading {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads[n.Text]++
	return f.reading(n, loc)
}

// reading is what read returns, uncounted.
func (f *fakeReader) reading(n bh.Note, loc *time.Location) bh.Reading {
	due := n.CreatedAt.Add(2 * time.Hour).In(loc)
	r := bh.Reading{Version: f.version, Zone: loc.String(), Kind: bh.TagDeadline, Inferred: true, Title: "T:" + n.Text, Due: &due, AllDay: true,
		DurationMin: time.Minute, DurationMax: 2 * time.Minute, Energy: bh.EnergyLow, SleepHours: 2.5, Horizon: time.Hour,
		Out: true, Restocked: []string{"wipes"}, Mood: true, Observation: true}
	switch {
	case strings.Contains(n.Text, "ends in 90m"):
		until := n.CreatedAt.Add(90 * time.Minute)
		start := until.Add(-time.Hour)
		r.Start, r.End, r.LiveUntil = &start, &until, &until
	case strings.Contains(n.Text, "running low"):
		r.Kind, r.Items = bh.TagInventory, []string{"diapers", "wipes"}
	case strings.Contains(n.Text, "fever"):
		r.Medical = true
	}
	if n.TagSource == bh.TagByUser {
		r.Kind, r.Inferred = n.Tag, false
	}
	return r
}

func (f *fakeReader) count(text string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads[text]
}

// sameReading compares readings as instants: an engine may keep times in
// any zone.
func sameReading(t *testing.T, want, got bh.Reading, msg string) {
	t.Helper()
	utc := func(r bh.Reading) bh.Reading {
		for _, p := range []**time.Time{&r.Due, &r.Start, &r.End, &r.LiveUntil} {
			if *p != nil {
				u := (*p).UTC()
				*p = &u
			}
		}
		return r
	}
	assert.Equal(t, utc(want), utc(got), msg)
}

type readingCase struct {
	name string
	run  func(h *H, db ReadingStore, r *fakeReader)
}

// RunReadings runs the reading cases against the engine open opens.
func RunReadings(t *testing.T, open ReadingOpener) {
	for _, c := range readingCases {
		t.Run(c.name, func(t *testing.T) {
			clock := clocktest.New(Start)
			r := &fakeReader{version: 1, reads: map[string]int{}}
			db := open(t, clock.Now, r.read)
			c.run(&H{Store: db, T: t, Clock: clock, Ctx: context.Background()}, db, r)
		})
	}
}

var readingCases = []readingCase{
	{"AReadingIsStoredOnceAndReturnedWithTheNote", func(h *H, db ReadingStore, r *fakeReader) {
		n := h.Capture("D1", "U1", "fever since noon", "1.1")
		assert.Equal(h.T, 1, r.count("fever since noon"), "read once, as it is stored")
		r.mu.Lock()
		want := r.reading(n, time.UTC)
		r.mu.Unlock()
		sameReading(h.T, want, n.Reading, "capture returns the reading")
		assert.Equal(h.T, bh.TagDeadline, n.Tag, "a tag nobody chose is the reading's kind")
		assert.Equal(h.T, bh.TagByInferred, n.TagSource)

		byID, err := h.Note(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		sameReading(h.T, want, byID.Reading, "Note")
		byTS, err := h.NoteByMessage(h.Ctx, Team, "D1", "1.1")
		require.NoError(h.T, err)
		sameReading(h.T, want, byTS.Reading, "NoteByMessage")
		list, err := h.NotesByID(h.Ctx, Team, []string{n.ID})
		require.NoError(h.T, err)
		require.Len(h.T, list, 1)
		sameReading(h.T, want, list[0].Reading, "NotesByID")
		all, err := h.Notes(h.Ctx, Team, n.ShiftID, false)
		require.NoError(h.T, err)
		require.Len(h.T, all, 1)
		sameReading(h.T, want, all[0].Reading, "Notes")
		live, err := h.LiveNotes(h.Ctx, Team, n.ShiftID, h.Clock.Now())
		require.NoError(h.T, err)
		require.Len(h.T, live.Notes, 1)
		sameReading(h.T, want, live.Notes[0].Reading, "LiveNotes")
		assert.Equal(h.T, 1, r.count("fever since noon"), "reading a note back never reads its words")

		again, created, err := h.CaptureNote(h.Ctx, bh.NewNote{TeamID: Team, ChannelID: "D1", UserID: "U1", RawText: "fever since noon", MessageTS: "1.1"})
		require.NoError(h.T, err)
		assert.False(h.T, created)
		sameReading(h.T, want, again.Reading, "a redelivery returns the stored reading")
	}},
	{"LivenessIsTheStoredLiveUntil", func(h *H, db ReadingStore, r *fakeReader) {
		// The reader says when "ends in 90m" stops being live; nothing in
		// its words would tell another reader.
		n := h.Capture("D1", "U1", "ends in 90m", "1.1")
		h.Capture("D1", "U1", "running low", "1.2")
		h.Clock.Advance(90*time.Minute - time.Millisecond)
		assert.Equal(h.T, []string{"ends in 90m", "running low"}, h.Live(n.ShiftID))
		h.Clock.Advance(time.Millisecond)
		assert.Equal(h.T, []string{"running low"}, h.Live(n.ShiftID), "past from its live-until")

		h.Clock.Set(Start)
		_, err := h.MarkNoteDone(h.Ctx, Team, n.ID, true)
		require.NoError(h.T, err)
		_, err = h.MarkNoteDone(h.Ctx, Team, n.ID, false)
		require.NoError(h.T, err)
		h.Clock.Advance(90 * time.Minute)
		assert.Equal(h.T, []string{"running low"}, h.Live(n.ShiftID), "done and undone: the same live-until")
		assert.Equal(h.T, 1, r.count("ends in 90m"), "done and undone are no new words")
	}},
	{"NewWordsATagOrAZoneAreReadAgain", func(h *H, db ReadingStore, r *fakeReader) {
		n := h.Capture("D1", "U1", "ends in 90m", "1.1")
		ed, err := h.EditNote(h.Ctx, Team, "D1", "1.1", "running low", "")
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, r.count("running low"), "an edit is read")
		assert.Equal(h.T, []string{"diapers", "wipes"}, ed.Reading.Items)
		assert.Equal(h.T, bh.TagInventory, ed.Tag, "an inferred tag follows the new reading")
		h.Clock.Advance(2 * time.Hour)
		assert.Equal(h.T, []string{"running low"}, h.Live(n.ShiftID), "the old live-until is gone with the old words")

		tagged, err := h.RetagNote(h.Ctx, Team, n.ID, bh.TagTask)
		require.NoError(h.T, err)
		assert.Equal(h.T, 2, r.count("running low"), "a retag is read")
		assert.Equal(h.T, bh.TagTask, tagged.Reading.Kind)

		require.NoError(h.T, h.SetShiftTZ(h.Ctx, Team, n.ShiftID, "America/New_York"))
		assert.Equal(h.T, 3, r.count("running low"), "a new zone is read")
		got, err := h.Note(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, "America/New_York", got.Reading.Zone)
		assert.Equal(h.T, bh.TagTask, got.Tag, "a person's tag stays")

		_, err = h.ClaimNote(h.Ctx, Team, n.ID, "U2")
		require.NoError(h.T, err)
		require.NoError(h.T, h.SetNoteReply(h.Ctx, Team, n.ID, "D1", "9.9"))
		assert.Equal(h.T, 3, r.count("running low"), "a claim or a reply's place is no new words")
	}},
	{"AnOlderReadingIsReadAgainOnce", func(h *H, db ReadingStore, r *fakeReader) {
		n := h.Capture("D1", "U1", "ends in 90m", "1.1")
		k, err := db.Reread(h.Ctx, 1)
		require.NoError(h.T, err)
		assert.Zero(h.T, k, "nothing older than the rules")

		r.mu.Lock()
		r.version = 2
		r.mu.Unlock()
		k, err = db.Reread(h.Ctx, 2)
		require.NoError(h.T, err)
		assert.Equal(h.T, 1, k)
		assert.Equal(h.T, 2, r.count("ends in 90m"))
		got, err := h.Note(h.Ctx, Team, n.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, 2, got.Reading.Version)
		assert.Equal(h.T, n.Rev, got.Rev, "no change of the note")

		k, err = db.Reread(h.Ctx, 2)
		require.NoError(h.T, err)
		assert.Zero(h.T, k, "and not again")
		assert.Equal(h.T, 2, r.count("ends in 90m"))
	}},
}
