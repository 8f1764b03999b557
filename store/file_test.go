package store_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.etcd.io/bbolt"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// crashChildDir, when set, makes TestCrashChild the writer that
// TestKilledWriterLosesNoAcknowledgedNote kills.
const crashChildDir = "BABYHANDOFF_CRASH_CHILD_DIR"

// TestCrashChild stores notes from several goroutines (so commits are
// grouped) and prints "ack TS" once each CaptureNote has returned: from
// then on the note must survive anything. Beside them it saves the radar's
// states ("state REV", half with a wake-up event, half without, the two
// ways a state is written) and plans ("run ID", details first, then the run).
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildDir)
	if dir == "" {
		t.Skip("the writer for TestKilledWriterLosesNoAcknowledgedNote")
	}
	base := os.Getenv("BABYHANDOFF_CRASH_CHILD_BASE")
	db, err := store.Open(context.Background(), store.Config{DataDir: dir})
	require.NoError(t, err)
	fmt.Println("open")
	var mu sync.Mutex
	say := func(a ...any) {
		mu.Lock()
		fmt.Println(a...)
		mu.Unlock()
	}
	round, _ := strconv.Atoi(base)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			rev := round*1_000_000 + i
			st := bh.ShiftState{TeamID: "T1", ShiftID: "radar", ChannelID: "CR", NotesRev: rev, ComputedAt: time.Now().UTC()}
			var ev *bh.Event
			if i%2 == 0 {
				ev = &bh.Event{ID: fmt.Sprint("ev", rev), TeamID: "T1", ShiftID: "radar", At: time.Now().UTC(), Agent: "RiskRadar", Type: bh.EventWakeUp}
			}
			if err := db.SaveShiftState(context.Background(), st, fmt.Sprint(rev), ev, nil); err != nil {
				say("error", err)
				return
			}
			say("state", rev)
		}
	}()
	go func() {
		defer wg.Done()
		for {
			run, err := db.CreateRun(context.Background(), bh.Run{TeamID: "T1", ShiftID: "plans"})
			if err == nil {
				err = db.SaveRunRecord(context.Background(), storetest.Record(run))
			}
			if err != nil {
				say("error", err)
				return
			}
			say("run", run.ID)
		}
	}()
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				ts := fmt.Sprintf("%s%d%05d.1", base, g, i)
				_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: fmt.Sprint("C", g), RawText: "wipes < 1 day " + strings.Repeat("x", i%900), MessageTS: ts})
				if err != nil {
					fmt.Println("error", err)
					return
				}
				mu.Lock()
				fmt.Println("ack", ts)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// TestKilledWriterLosesNoAcknowledgedNote kills a writing process (SIGKILL)
// at random moments, reopens the database each time and checks that every
// note whose write had returned is there, from every round so far.
func TestKilledWriterLosesNoAcknowledgedNote(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	dir := t.TempDir()
	rounds := 8
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	var acked, runs []string
	lastState := 0
	for r := 0; r < rounds; r++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), crashChildDir+"="+dir, fmt.Sprintf("BABYHANDOFF_CRASH_CHILD_BASE=%d", r+1))
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		lines := bufio.NewScanner(out)
		// Kill at a random point: before the database is open, while it
		// loads, or after a random number of acknowledged notes.
		killAfter := rng.IntN(400) - 40
		n := 0
		killed := false
		if killAfter < 0 {
			time.Sleep(time.Duration(-killAfter) * time.Millisecond)
			_ = cmd.Process.Kill()
			killed = true
		}
		for lines.Scan() {
			line := lines.Text()
			if ts, ok := strings.CutPrefix(line, "ack "); ok {
				acked = append(acked, ts)
				n++
			}
			if rev, ok := strings.CutPrefix(line, "state "); ok {
				lastState, _ = strconv.Atoi(rev)
			}
			if id, ok := strings.CutPrefix(line, "run "); ok {
				runs = append(runs, id)
			}
			require.False(t, strings.HasPrefix(line, "error"), line)
			if !killed && n >= killAfter && (n > 0 || line == "open") {
				_ = cmd.Process.Kill()
				killed = true
			}
		}
		_ = cmd.Wait()
		t.Logf("round %d: killed after %d acknowledged notes", r, n)

		db, err := store.Open(context.Background(), store.Config{DataDir: dir})
		require.NoError(t, err, "the database opens after a kill")
		for _, ts := range acked {
			_, err := db.NoteByMessage(context.Background(), "T1", "C"+ts[1:2], ts)
			require.NoError(t, err, "note %s was acknowledged before the kill", ts)
		}
		if lastState > 0 {
			st, _, found, err := db.ShiftState(context.Background(), "T1", "radar")
			require.NoError(t, err)
			require.True(t, found, "a state was saved before the kill")
			assert.GreaterOrEqual(t, st.NotesRev, lastState, "the last state saved before the kill, or a later one")
		}
		for _, id := range runs {
			rec, err := db.RunRecord(context.Background(), "T1", id)
			require.NoError(t, err, "run %s was saved before the kill", id)
			assert.Len(t, rec.Messages, 2)
		}
		require.NoError(t, db.Close(context.Background()))
	}
	require.NotEmpty(t, acked)
	require.NotZero(t, lastState)
	require.NotEmpty(t, runs)
}

func TestMigratesALegacyDatabaseOnce(t *testing.T) {
	dir := t.TempDir()
	legacy, err := os.ReadFile(filepath.Join("testdata", "legacy", store.LegacyFileName))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.LegacyFileName), legacy, 0o600))

	var logs bytes.Buffer
	ctx := context.Background()
	open := func() *store.DB {
		db, err := store.Open(ctx, store.Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		require.NoError(t, err)
		return db
	}
	db := open()
	assert.Contains(t, logs.String(), "migrating the database to the new format")
	assert.Contains(t, logs.String(), "migrated; the old file is kept")

	// The fixture is the sample shift planned once by the previous version
	// (`babyhandoff demo --energy low --now 2026-11-23T10:00 --tz America/New_York`).
	sh, err := db.Shift(ctx, "TDEMO", "DDEMO")
	require.NoError(t, err)
	notes, err := db.Notes(ctx, "TDEMO", sh.ID, false)
	require.NoError(t, err)
	assert.Len(t, notes, 6)
	run, err := db.LatestRun(ctx, "TDEMO", sh.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, run.Version)
	rec, err := db.RunRecord(ctx, "TDEMO", run.ID)
	require.NoError(t, err)
	assert.NotEmpty(t, rec.Proposals)
	agents, err := db.Agents(ctx)
	require.NoError(t, err)
	assert.NotEmpty(t, agents)

	// The old file is kept, unchanged, under a name nothing opens.
	kept, err := os.ReadFile(filepath.Join(dir, store.LegacyFileName+".migrated"))
	require.NoError(t, err)
	assert.Equal(t, legacy, kept)
	assert.NoFileExists(t, filepath.Join(dir, store.LegacyFileName))

	// New writes land in the new file and survive; no second migration.
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "TDEMO", ChannelID: "DDEMO", RawText: "slept 3h", MessageTS: "99.1"})
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))
	logs.Reset()
	db = open()
	defer db.Close(ctx)
	assert.NotContains(t, logs.String(), "migrat")
	notes, err = db.Notes(ctx, "TDEMO", sh.ID, false)
	require.NoError(t, err)
	assert.Len(t, notes, 7)
}

// TestFilesThatAreNotOurs: each is refused with a message that names the
// file and says what to do, and is left byte for byte as it was.
func TestFilesThatAreNotOurs(t *testing.T) {
	boltWith := func(t *testing.T, fill func(tx *bbolt.Tx) error) []byte {
		p := filepath.Join(t.TempDir(), "x")
		b, err := bbolt.Open(p, 0o600, nil)
		require.NoError(t, err)
		require.NoError(t, b.Update(fill))
		require.NoError(t, b.Close())
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		return raw
	}
	ours := func(t *testing.T) []byte {
		d := t.TempDir()
		db := openEmbedded(t, d)
		_, _, err := db.CaptureNote(context.Background(), bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes", MessageTS: "1.1"})
		require.NoError(t, err)
		require.NoError(t, db.Close(context.Background()))
		raw, err := os.ReadFile(filepath.Join(d, store.FileName))
		require.NoError(t, err)
		return raw
	}
	for _, tc := range []struct {
		name, file string
		content    func(t *testing.T) []byte
		says       string
	}{
		{"another program's file", store.FileName, func(*testing.T) []byte { return bytes.Repeat([]byte("not a database\n"), 1000) }, "is not a BabyHandoff database"},
		{"a bolt file of another program", store.FileName, func(t *testing.T) []byte {
			return boltWith(t, func(tx *bbolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err })
		}, "is not a BabyHandoff database"},
		{"from a newer version", store.FileName, func(t *testing.T) []byte {
			return boltWith(t, func(tx *bbolt.Tx) error {
				b, err := tx.CreateBucket([]byte("_meta"))
				if err != nil {
					return err
				}
				return b.Put([]byte("format"), []byte("99"))
			})
		}, "written by a newer BabyHandoff"},
		{"truncated", store.FileName, func(t *testing.T) []byte { raw := ours(t); return raw[:len(raw)/3] }, "is not a BabyHandoff database"},
		{"a damaged old-format file", store.LegacyFileName, func(t *testing.T) []byte {
			raw, err := os.ReadFile(filepath.Join("testdata", "legacy", store.LegacyFileName))
			require.NoError(t, err)
			return raw[:len(raw)/2]
		}, "could not be read to migrate it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			content := tc.content(t)
			path := filepath.Join(dir, tc.file)
			require.NoError(t, os.WriteFile(path, content, 0o600))
			_, err := store.Open(context.Background(), store.Config{DataDir: dir})
			require.Error(t, err)
			msg := bh.ErrorMessage(err)
			assert.Contains(t, msg, path)
			assert.Contains(t, msg, tc.says)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(content, after), "the file was changed")
			if tc.file == store.LegacyFileName {
				assert.NoFileExists(t, filepath.Join(dir, store.FileName))
			}
		})
	}
}

// A database written by the version before items had a life (2026-11-24,
// made by a small program against that version: four family notes, one
// done, the sample loaded into the same conversation as it then was, the
// morning outlook on, one plan) keeps working: what it lacks reads as the
// defaults, and the sample notes mixed into the family's are told apart.
func TestOpensADatabaseOfTheVersionBefore(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(filepath.Join("testdata", "v20261124", "babyhandoff.bolt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "babyhandoff.bolt"), raw, 0o600))
	ctx := context.Background()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })

	sh, err := db.Shift(ctx, "T1", "DU1")
	require.NoError(t, err)
	assert.False(t, sh.Sample)
	notes, err := db.Notes(ctx, "T1", sh.ID, false)
	require.NoError(t, err)
	require.Len(t, notes, 10)
	strays, done := 0, 0
	for _, n := range notes {
		if n.StraySample() {
			strays++
		}
		if n.Done() {
			done++
			assert.Equal(t, bh.DoneBy{}, n.DoneBy, "who was not recorded then")
		}
		assert.Nil(t, n.StillOnAt)
	}
	assert.Equal(t, 6, strays, "the sample notes in the family's conversation are told apart")
	assert.Equal(t, 1, done)

	set, err := db.RadarSettings(ctx, "T1", sh.ID)
	require.NoError(t, err)
	assert.True(t, set.OutlookOn)
	assert.Nil(t, set.Quiet)
	assert.Equal(t, bh.DefaultQuietHours, set.QuietHours())

	run, err := db.LatestRun(ctx, "T1", sh.ID)
	require.NoError(t, err)
	assert.True(t, run.From.IsZero())
	assert.Nil(t, run.Quiet)
	assert.Equal(t, run.Now, run.Start())
	assert.Equal(t, "next 12h", run.WindowText(time.UTC))
	rec, err := db.RunRecord(ctx, "T1", run.ID)
	require.NoError(t, err)
	assert.NotEmpty(t, rec.Proposals)
	assert.Empty(t, rec.Pack.Done)

	_, err = db.Shift(ctx, "T1", bh.SampleChannel("DU1"))
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "no sample shift yet")
	sample, err := db.LoadSample(ctx, "T1", "DU1", "U1")
	require.NoError(t, err)
	assert.True(t, sample.Sample)
	_, _, err = db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "DU1", UserID: "U1", RawText: "got wipes", MessageTS: "1795510000.000100"})
	require.NoError(t, err)
}
