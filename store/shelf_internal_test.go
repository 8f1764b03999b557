package store

import (
	"bytes"
	"context"
	"log/slog"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.etcd.io/bbolt"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// openShelved opens a fresh embedded store (run details and states on the
// shelf) that is closed when the test ends.
func openShelved(t *testing.T, cfg Config) *DB {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	db, err := Open(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(context.Background()) })
	return db
}

func rawDoc(t *testing.T, d bson.D) bson.Raw {
	t.Helper()
	raw, err := bson.Marshal(d)
	require.NoError(t, err)
	return raw
}

func msg(t *testing.T, team, run string, seq int64) bson.Raw {
	return rawDoc(t, bson.D{{Key: "_id", Value: run + ":" + string(rune('a'+seq%26))}, {Key: "team_id", Value: team}, {Key: "run_id", Value: run}, {Key: "seq", Value: seq}})
}

func seqs(t *testing.T, docs []bson.Raw) []int64 {
	var out []int64
	for _, d := range docs {
		n, ok := d.Lookup("seq").AsInt64OK()
		require.True(t, ok)
		out = append(out, n)
	}
	return out
}

func TestShelfKeepsARunsDocumentsTogetherInOrder(t *testing.T) {
	db := openShelved(t, Config{})
	require.NotNil(t, db.shelf)
	s := db.shelf

	require.NoError(t, s.put(map[string][]bson.Raw{colMessages: {
		msg(t, "T1", "r1", 300), msg(t, "T1", "r1", 2), msg(t, "T1", "r1", -1), msg(t, "T1", "r1", 10),
		msg(t, "T1", "r10", 1), // a run whose id starts with another's
		msg(t, "T2", "r1", 7),  // another team's, under the same run id
	}}, true))
	got, err := s.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Equal(t, []int64{-1, 2, 10, 300}, seqs(t, got), "in seq order, only this run's and this team's")
	got, err = s.run(colMessages, "T2", "r1")
	require.NoError(t, err)
	assert.Equal(t, []int64{7}, seqs(t, got))

	// The same key replaces.
	changed := rawDoc(t, bson.D{{Key: "_id", Value: "x"}, {Key: "team_id", Value: "T1"}, {Key: "run_id", Value: "r1"}, {Key: "seq", Value: int32(2)}, {Key: "z", Value: "new"}})
	assert.ErrorIs(t, s.put(map[string][]bson.Raw{colMessages: {msg(t, "T1", "r1", 11), changed}}, true), errShelfTaken, "a fresh put takes no key twice")
	assert.ErrorIs(t, s.put(map[string][]bson.Raw{colMessages: {msg(t, "T1", "r1", 12), msg(t, "T1", "r1", 12)}}, true), errShelfTaken)
	got, err = s.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Equal(t, []int64{-1, 2, 10, 300}, seqs(t, got), "a refused put writes nothing")
	require.NoError(t, s.put(map[string][]bson.Raw{colMessages: {changed}}, false))
	have, err := s.get(colMessages, msg(t, "T1", "r1", 2))
	require.NoError(t, err)
	assert.Equal(t, changed, have, "an int32 seq and an int64 one are the same key")
	got, err = s.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Len(t, got, 4)

	require.NoError(t, s.removeRuns(detailColls(), []string{"r1", "nothing"}))
	got, err = s.run(colMessages, "T1", "r1")
	require.NoError(t, err)
	assert.Empty(t, got)
	got, err = s.run(colMessages, "T1", "r10")
	require.NoError(t, err)
	assert.Len(t, got, 1, "another run stays")
	have, err = s.get(colArtifacts, rawDoc(t, bson.D{{Key: "run_id", Value: "r1"}, {Key: "kind", Value: "handoff"}}))
	require.NoError(t, err)
	assert.Nil(t, have, "a collection never written is empty")
}

func TestShelfRefusesDocumentsItCannotKey(t *testing.T) {
	for name, tc := range map[string]struct {
		coll string
		doc  bson.D
	}{
		"no run":        {colTasks, bson.D{{Key: "name", Value: "x"}}},
		"zero in run":   {colTasks, bson.D{{Key: "run_id", Value: "a\x00b"}, {Key: "name", Value: "x"}}},
		"no seq":        {colMessages, bson.D{{Key: "run_id", Value: "r"}}},
		"no kind":       {colArtifacts, bson.D{{Key: "run_id", Value: "r"}, {Key: "kind", Value: 3}}},
		"not on shelf":  {colEvents, bson.D{{Key: "_id", Value: "e1"}, {Key: "run_id", Value: "r"}}},
		"note no id":    {colLogs, bson.D{{Key: "team_id", Value: "T1"}}},
		"run not words": {colDecisions, bson.D{{Key: "run_id", Value: 12}}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := shelfKey(tc.coll, rawDoc(t, tc.doc))
			assert.Error(t, err)
		})
	}
}

func smallRecord(run bh.Run) bh.RunRecord {
	at := run.Now
	return bh.RunRecord{
		Run:       run,
		Pack:      bh.ContextPack{ID: run.ID + ":pack", RunID: run.ID, ShiftID: run.ShiftID, Summary: "1 note", CreatedAt: at},
		Tasks:     []bh.Task{{ID: run.ID + ":normalize_logs", RunID: run.ID, Name: "normalize_logs", Agent: "Normalizer", Status: bh.StatusCompleted, Attempt: 1, MaxAttempts: 3, QueuedAt: at, StartedAt: at, FinishedAt: at}},
		Messages:  []bh.Message{{ID: run.ID + ":m1", RunID: run.ID, Seq: 1, Sender: "Coordinator", Role: "system", Content: "pack", At: at}, {ID: run.ID + ":m2", RunID: run.ID, Seq: 2, Sender: "Normalizer", Role: "assistant", Content: "facts", At: at}},
		Proposals: []bh.Proposal{{ID: run.ID + ":sleep_first", RunID: run.ID, Archetype: bh.SleepFirst, Agent: "SleepPlanner", Summary: "s", Source: "heuristic"}},
		Decision:  bh.Decision{ID: run.ID + ":decision", RunID: run.ID, Winner: bh.SleepFirst, Confidence: 0.5},
		Artifacts: []bh.Artifact{{ID: run.ID + ":handoff", RunID: run.ID, Kind: bh.ArtifactHandoff, Name: "handoff-v1.md", Content: "# Handoff", CreatedAt: at}},
	}
}

func collNames(t *testing.T, db *DB) []string {
	names, err := db.db.ListCollectionNames(context.Background(), bson.D{})
	require.NoError(t, err)
	return names
}

// A database whose run details are in the engine (as every earlier version
// kept them) has them moved to the shelf once, at start-up, and reads the
// same; the engine keeps none.
func TestRunDetailsMoveToTheShelf(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }

	old, err := Open(ctx, Config{DataDir: dir, Now: clock, Unindexed: true})
	require.NoError(t, err)
	run, err := old.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Now: now})
	require.NoError(t, err)
	require.NoError(t, old.SaveRunRecord(ctx, smallRecord(run)))
	state := bh.ShiftState{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Level: bh.RiskHigh, Notes: 1, NotesRev: 1, ComputedAt: now}
	require.NoError(t, old.SaveShiftState(ctx, state, "fp1", nil, nil))
	want, err := old.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)
	require.Contains(t, collNames(t, old), colMessages, "the old layout")
	// A message no run could find: it is not moved, and not lost.
	_, err = old.db.Collection(colMessages).InsertOne(ctx, bson.D{{Key: "_id", Value: "stray"}, {Key: "team_id", Value: "T1"}})
	require.NoError(t, err)
	require.NoError(t, old.Close(ctx))

	var logs bytes.Buffer
	db, err := Open(ctx, Config{DataDir: dir, Now: clock, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	require.NoError(t, err)
	got, err := db.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	gotState, fp, found, err := db.ShiftState(ctx, "T1", "s1")
	require.NoError(t, err)
	require.True(t, found, "the radar's state moved too")
	assert.Equal(t, "fp1", fp)
	assert.Equal(t, state, gotState)
	assert.Contains(t, logs.String(), "collection=shift_state documents=1")
	for c := range shelved {
		if c != colMessages {
			assert.NotContains(t, collNames(t, db), c)
		}
	}
	assert.Contains(t, logs.String(), "moved out of the engine's memory")
	assert.Contains(t, logs.String(), "collection=messages documents=2")
	assert.Contains(t, logs.String(), `documents without the fields that place them on the shelf were left in the engine" collection=messages documents=1`)
	n, err := db.db.Collection(colMessages).CountDocuments(ctx, bson.D{})
	require.NoError(t, err)
	assert.Equal(t, int64(1), n, "only the stray message stays in the engine")

	// New runs go to the shelf too, and a restart moves nothing.
	run2, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Now: now})
	require.NoError(t, err)
	require.NoError(t, db.SaveRunRecord(ctx, smallRecord(run2)))
	n, err = db.db.Collection(colMessages).CountDocuments(ctx, bson.D{})
	require.NoError(t, err)
	assert.Equal(t, int64(1), n, "a new run's messages go to the shelf")
	require.NoError(t, db.Close(ctx))
	logs.Reset()
	db, err = Open(ctx, Config{DataDir: dir, Now: clock, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	assert.NotContains(t, logs.String(), "moved out of")
	for _, id := range []string{run.ID, run2.ID} {
		rec, err := db.RunRecord(ctx, "T1", id)
		require.NoError(t, err)
		assert.Len(t, rec.Messages, 2)
		assert.Equal(t, "# Handoff", rec.Artifacts[0].Content)
	}
}

// A run that is gone, or already saved, leaves nothing on the shelf and
// changes nothing there.
func TestShelvedSaveOfAGoneOrSavedRun(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	db := openShelved(t, Config{Now: func() time.Time { return now }})

	ghost := bh.Run{ID: "ghost", TeamID: "T1", ShiftID: "s1", Version: 1, Now: now}
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(db.SaveRunRecord(ctx, smallRecord(ghost))))
	for c := range shelved {
		docs, err := db.shelf.run(c, "T1", "ghost")
		require.NoError(t, err)
		assert.Empty(t, docs, c)
	}

	run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Now: now})
	require.NoError(t, err)
	require.NoError(t, db.SaveRunRecord(ctx, smallRecord(run)))
	again := smallRecord(run)
	again.Artifacts[0].Content = "# Something else"
	again.Events = nil // nothing in the engine would refuse it
	assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(db.SaveRunRecord(ctx, again)))
	rec, err := db.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)
	assert.Equal(t, "# Handoff", rec.Artifacts[0].Content, "the saved run's details are not overwritten")
}

// A save stopped between its details and its run (a crash) leaves details
// of a run that never completed; they are not shown as its results.
func TestDetailsOfARunNotCompletedAreNotRead(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	db := openShelved(t, Config{Now: func() time.Time { return now }})
	run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Now: now})
	require.NoError(t, err)
	rec := smallRecord(run)
	pack, err := zipDoc(toPackDoc("T1", "s1", rec.Pack), bson.E{Key: "_id", Value: rec.Pack.ID}, bson.E{Key: "team_id", Value: "T1"}, bson.E{Key: "run_id", Value: run.ID})
	require.NoError(t, err)
	require.NoError(t, db.shelf.put(map[string][]bson.Raw{colContextPacks: {rawDoc(t, pack)}}, true))
	require.NoError(t, db.FailRun(ctx, "T1", run.ID, "interrupted"))

	_, err = db.RunRecord(ctx, "T1", run.ID)
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "no saved results (status failed)")
}

// A file of an earlier format (1: before the shelf; 2: before the notes
// moved onto it; 3: before the log beside it) is raised when opened, so the
// versions before, which would not see what is on the shelf or in the log,
// refuse it.
func TestAnOlderFormatFileIsRaised(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	format := func(set string) string {
		var v string
		require.NoError(t, db.file.bolt.Update(func(tx *bbolt.Tx) error {
			if set != "" {
				return tx.Bucket(bucketMeta).Put(keyFormat, []byte(set))
			}
			v = string(tx.Bucket(bucketMeta).Get(keyFormat))
			return nil
		}))
		return v
	}
	t.Cleanup(func() { _ = db.Close(ctx) })
	current := strconv.Itoa(boltFormat)
	assert.Equal(t, "4", current)
	assert.Equal(t, current, format(""))
	for _, old := range []string{"1", "2", "3"} {
		format(old)
		require.NoError(t, db.Close(ctx))
		db, err = Open(ctx, Config{DataDir: dir})
		require.NoError(t, err)
		assert.Equal(t, current, format(""), "a format-%s file", old)
	}
}

// An export's run details must each name their run and their place in it,
// or the import is refused before anything is written.
func TestCheckDumpRefusesRunDetailsWithoutTheirRun(t *testing.T) {
	ok := rawDoc(t, bson.D{{Key: "_id", Value: "r1:m1"}, {Key: "team_id", Value: "T1"}, {Key: "run_id", Value: "r1"}, {Key: "seq", Value: 1}})
	require.NoError(t, CheckDump(Dump{Collections: map[string][]bson.Raw{colMessages: {ok}}}))
	for name, doc := range map[string]bson.D{
		"no run":  {{Key: "_id", Value: "m"}, {Key: "seq", Value: 1}},
		"no seq":  {{Key: "_id", Value: "m"}, {Key: "run_id", Value: "r1"}},
		"bad run": {{Key: "_id", Value: "m"}, {Key: "run_id", Value: "r\x001"}, {Key: "seq", Value: 1}},
	} {
		err := CheckDump(Dump{Collections: map[string][]bson.Raw{colMessages: {ok, rawDoc(t, doc)}}})
		assert.Equal(t, bh.EINVALID, bh.ErrorCode(err), name)
	}
}

// Importing a dump that holds one run detail twice stores it once.
func TestImportCountsARunDetailOnce(t *testing.T) {
	ctx := context.Background()
	db := openShelved(t, Config{})
	m := rawDoc(t, bson.D{{Key: "_id", Value: "r1:m1"}, {Key: "team_id", Value: "T1"}, {Key: "run_id", Value: "r1"}, {Key: "seq", Value: 1}})
	n, err := db.Import(ctx, Dump{Collections: map[string][]bson.Raw{colMessages: {m, m}}})
	require.NoError(t, err)
	assert.Equal(t, Imported{New: 1, Same: 1}, n)
	n, err = db.Import(ctx, Dump{Collections: map[string][]bson.Raw{colMessages: {m}}})
	require.NoError(t, err)
	assert.Equal(t, Imported{Same: 1}, n)
}

// A state is written in the commit of its wake-up event and the radar's
// cursor (or alone when there is neither), outside the engine, and a
// restart finds it.
func TestStatesLiveOnTheShelf(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	st := bh.ShiftState{TeamID: "T1", ShiftID: "s1", ChannelID: "D1", Level: bh.RiskHigh, Notes: 1, NotesRev: 1, ComputedAt: at}
	ev := &bh.Event{ID: "radar:1", TeamID: "T1", ShiftID: "s1", At: at, Agent: "RiskRadar", Type: bh.EventWakeUp, Text: "woke"}
	require.NoError(t, db.SaveShiftState(ctx, st, "fp1", ev, nil))
	other := bh.ShiftState{TeamID: "T1", ShiftID: "s2", ChannelID: "D2", NotesRev: 4, ComputedAt: at}
	require.NoError(t, db.SaveShiftState(ctx, other, "fp2", nil, nil))
	assert.NotContains(t, collNames(t, db), colShiftState)
	require.NoError(t, db.Close(ctx))

	db, err = Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	for _, want := range []struct {
		st bh.ShiftState
		fp string
	}{{st, "fp1"}, {other, "fp2"}} {
		got, fp, found, err := db.ShiftState(ctx, "T1", want.st.ShiftID)
		require.NoError(t, err)
		require.True(t, found, want.fp)
		assert.Equal(t, want.fp, fp)
		assert.Equal(t, want.st, got)
	}
	evs, err := db.ShiftEvents(ctx, "T1", "s1", bh.EventWakeUp, 0)
	require.NoError(t, err)
	assert.Len(t, evs, 1)
	risky, err := db.StatesAtRisk(ctx, bh.RiskHigh)
	require.NoError(t, err)
	require.Len(t, risky, 1)
	assert.Equal(t, "s1", risky[0].ShiftID)
}

// An imported state is what the radar and App Home read at once, and a
// second import changes nothing.
func TestImportedStatesAreRead(t *testing.T) {
	ctx := context.Background()
	db := openShelved(t, Config{})
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	doc := rawDoc(t, bson.D{{Key: "_id", Value: "T1/s1"}, {Key: "team_id", Value: "T1"}, {Key: "shift_id", Value: "s1"},
		{Key: "level", Value: int(bh.RiskHigh)}, {Key: "notes_rev", Value: 2}, {Key: "fingerprint", Value: "fp"}, {Key: "computed_at", Value: at}})
	n, err := db.Import(ctx, Dump{Collections: map[string][]bson.Raw{colShiftState: {doc}}})
	require.NoError(t, err)
	assert.Equal(t, Imported{New: 1}, n)
	st, fp, found, err := db.ShiftState(ctx, "T1", "s1")
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, "fp", fp)
	assert.Equal(t, bh.RiskHigh, st.Level)
	n, err = db.Import(ctx, Dump{Collections: map[string][]bson.Raw{colShiftState: {doc}}})
	require.NoError(t, err)
	assert.Equal(t, Imported{Same: 1}, n)
}
