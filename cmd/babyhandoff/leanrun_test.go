package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store"
)

// familyNotes are thirty notes of the kind a family sends in a day.
var familyNotes = []string{
	"slept 3h, up twice for feeds", "wipes < 1 day", "daycare form due tomorrow 5pm",
	"pediatrician appointment friday 10:30am, bring the vaccination card", "out of formula", "diapers running low, maybe 2 days",
	"fed 4oz at 3am", "call grandma about the weekend", "pay daycare invoice due fri 5pm", "laundry: baby clothes and sheets",
	"grocery run: milk, bread, bananas, coffee", "bottle brush broke, get a new one", "slept 2 hours straight after the 6am feed",
	"task: return the library books", "baby's nails need trimming", "deadline: class assignment due Thursday 11:59pm",
	"grandma visiting at 3pm saturday", "dishwasher tablets almost out", "energy is low today", "pick up prescription at the pharmacy",
	"register the birth certificate by Dec 10", "thank-you cards for the shower gifts", "car seat check appointment next tuesday 9am",
	"vitamin D drops running low", "email HR about parental leave dates", "nap 45 min at 1pm", "trash and recycling go out tonight",
	"order more burp cloths", "renew the parking permit by the 30th", "feeling better after the walk",
}

// TestARunStaysLean: a run over thirty notes stores at most 20 KB, and
// replaying it from the store is byte-identical (the details are stored
// zipped and read back as they were).
func TestARunStaysLean(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	db, err := store.Open(ctx, store.Config{DataDir: t.TempDir(), Now: func() time.Time { return now }})
	require.NoError(t, err)
	defer db.Close(ctx)
	var notes []bh.Note
	for i, text := range familyNotes {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: text, MessageTS: fmt.Sprintf("%d.000100", 1763900000+i)})
		require.NoError(t, err)
		notes = append(notes, n)
	}
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	res, err := c.Execute(ctx, db, council.Input{Run: bh.Run{TeamID: "T1", ShiftID: notes[0].ShiftID, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now}, Notes: notes}, nil)
	require.NoError(t, err)

	sizes, err := db.RunSize(ctx, "T1", res.Run.ID)
	require.NoError(t, err)
	total := 0
	for _, n := range sizes {
		total += n
	}
	t.Logf("bytes per run with %d notes: %d %v", len(notes), total, sizes)
	assert.LessOrEqual(t, total, 20<<10)

	rec, err := db.RunRecord(ctx, "T1", res.Run.ID)
	require.NoError(t, err)
	assert.ElementsMatch(t, res.Record().Artifacts, rec.Artifacts)
	_, diffs, err := c.Replay(ctx, rec)
	require.NoError(t, err)
	assert.Empty(t, diffs)
}
