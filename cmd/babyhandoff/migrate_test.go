package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/store/legacy"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// The earlier formats, as store/legacy/testdata keeps them: the single
// file of the first versions, the bolt file of 2026-11-24 and 2026-11-26,
// and one with the log a kill left beside it.
var earlierFormats = []struct {
	name  string
	files []string
}{
	{"single", []string{legacy.SingleFileName}},
	{"v20261124", []string{legacy.FileName}},
	{"v20261126", []string{legacy.FileName}},
	{"v20261128-log", []string{legacy.FileName, legacy.LogName}},
}

// movedZone is where the moves are read: not UTC, where a family
// without a zone reads its notes' words.
const movedZone = "America/New_York"

// sums is each file's checksum in dir, by name (what is there, exactly).
func sums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() {
			out[e.Name()+"/"] = [32]byte{}
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = sha256.Sum256(raw)
	}
	return out
}

// fixtureDir is a DATA_DIR holding a copy of an earlier format's files,
// and their bytes by name.
func fixtureDir(t *testing.T, format string, files []string) (dir string, raw map[string][]byte) {
	t.Helper()
	dir, raw = t.TempDir(), map[string][]byte{}
	for _, file := range files {
		b, err := os.ReadFile(filepath.Join("..", "..", "store", "legacy", "testdata", format, file))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), b, 0o600))
		raw[file] = b
	}
	return dir, raw
}

// movedGolden is where what the old engine read of an earlier format is
// kept: each family's notes (store/legacy's golden files) and, here, the
// texts of its live notes hour by hour.
func movedGolden(format string) (notes, live string) {
	return filepath.Join("..", "..", "store", "legacy", "testdata", format+".golden.json"), filepath.Join("testdata", "moved", format+".live.json")
}

// goldenNotes is each family's note ids as the old engine read them.
func goldenNotes(t *testing.T, format string) map[string][]string {
	t.Helper()
	path, _ := movedGolden(format)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var fams []struct {
		Family string   `json:"family"`
		Notes  []string `json:"notes"`
	}
	require.NoError(t, json.Unmarshal(raw, &fams))
	out := map[string][]string{}
	for _, f := range fams {
		id, _, _ := strings.Cut(f.Family, " ")
		out[id] = slices.Sorted(slices.Values(f.Notes))
	}
	return out
}

// goldenLive is liveByFamily as the old engine read it.
func goldenLive(t *testing.T, format string) map[string][]string {
	t.Helper()
	_, path := movedGolden(format)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var out map[string][]string
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}

// notesByFamily is every family's note ids, as the store in dir reads them.
func notesByFamily(t *testing.T, db interface {
	Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
}) map[string][]string {
	t.Helper()
	ctx := context.Background()
	shifts, err := db.Conversations(ctx, "", "")
	require.NoError(t, err)
	out := map[string][]string{}
	for _, sh := range shifts {
		notes, err := db.Notes(ctx, sh.TeamID, sh.ID, true)
		require.NoError(t, err)
		ids := []string{}
		for _, n := range notes {
			ids = append(ids, n.ID)
		}
		slices.Sort(ids)
		out[sh.TeamID+"/"+sh.ID] = ids
	}
	return out
}

// liveByFamily is, for each family, the texts of its live notes at each
// hour from its first note to two days after its last.
func liveByFamily(t *testing.T, db interface {
	Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error)
	Notes(ctx context.Context, teamID, shiftID string, withDeleted bool) ([]bh.Note, error)
	LiveNotes(ctx context.Context, teamID, shiftID string, now time.Time) (bh.LiveNotes, error)
}) map[string][]string {
	t.Helper()
	ctx := context.Background()
	shifts, err := db.Conversations(ctx, "", "")
	require.NoError(t, err)
	out := map[string][]string{}
	for _, sh := range shifts {
		notes, err := db.Notes(ctx, sh.TeamID, sh.ID, true)
		require.NoError(t, err)
		if len(notes) == 0 {
			continue
		}
		first, last := notes[0].CreatedAt, notes[0].UpdatedAt
		for _, n := range notes {
			if n.CreatedAt.Before(first) {
				first = n.CreatedAt
			}
			if n.UpdatedAt.After(last) {
				last = n.UpdatedAt
			}
		}
		for at := first.Truncate(time.Hour); !at.After(last.Add(48 * time.Hour)); at = at.Add(time.Hour) {
			live, err := db.LiveNotes(ctx, sh.TeamID, sh.ID, at)
			require.NoError(t, err)
			texts := []string{}
			for _, n := range live.Notes {
				texts = append(texts, n.Text)
			}
			slices.Sort(texts)
			out[sh.ID] = append(out[sh.ID], at.Format(time.RFC3339)+": "+strings.Join(texts, " | "))
		}
	}
	return out
}

// The first start on SQLite moves each earlier format into it once: the
// same families and notes, said in the log, the old file kept renamed and
// unchanged; a second start moves nothing.
func TestTheFirstStartOnSQLiteMovesEachEarlierFormat(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for _, f := range earlierFormats {
		t.Run(f.name, func(t *testing.T) {
			// What the old engine read of it (its golden files).
			// Read in a zone not UTC: where a family without one reads
			// its notes' words.
			loc, err := time.LoadLocation(movedZone)
			require.NoError(t, err)
			want, wantLive := goldenNotes(t, f.name), goldenLive(t, f.name)
			require.NotEmpty(t, want)

			dir, raw := fixtureDir(t, f.name, f.files)
			var logs bytes.Buffer
			cfg := Config{DataDir: dir, EmbeddedEngine: engineSQLite}
			o := dbOptions{Exclusive: true, Now: func() time.Time { return now }, Location: loc, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
			db, err := openDatabase(ctx, cfg, o)
			require.NoError(t, err)
			assert.Equal(t, want, notesByFamily(t, db), "the same families and notes")
			assert.Equal(t, wantLive, liveByFamily(t, db), "the same notes live at each hour")
			require.NoError(t, db.Close(ctx))
			assert.Contains(t, logs.String(), "moved the embedded database into SQLite")

			for _, file := range f.files {
				kept, err := os.ReadFile(filepath.Join(dir, file+".migrated-20261128"))
				require.NoError(t, err)
				assert.Equal(t, raw[file], kept, "the old file is kept, unchanged")
			}
			assert.NoFileExists(t, filepath.Join(dir, legacy.FileName), "nothing left for the bolt engine to open")
			assert.NoFileExists(t, filepath.Join(dir, legacy.LogName))
			head, err := os.ReadFile(filepath.Join(dir, sqlite.FileName))
			require.NoError(t, err)
			assert.True(t, bytes.HasPrefix(head, sqliteMagic))
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			for _, e := range entries {
				assert.NotContains(t, e.Name(), ".moving-to-sqlite-", "no work left behind")
			}

			logs.Reset()
			db, err = openDatabase(ctx, cfg, o)
			require.NoError(t, err)
			assert.Equal(t, want, notesByFamily(t, db))
			require.NoError(t, db.Close(ctx))
			assert.NotContains(t, logs.String(), "moved", "once")

			// Set back to bolt: refused, with what to do, and nothing changed.
			before := sums(t, dir)
			_, err = openDatabase(ctx, Config{DataDir: dir, EmbeddedEngine: engineBolt}, o)
			require.Error(t, err)
			assert.Contains(t, bh.ErrorMessage(err), "is in SQLite")
			assert.Equal(t, before, sums(t, dir))
		})
	}
}

// A move that fails at any step before the new file is in place leaves
// DATA_DIR byte for byte as it was, and says so.
func TestAFailedMoveChangesNothing(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	ctx := context.Background()
	for _, f := range earlierFormats {
		t.Run(f.name, func(t *testing.T) {
			dir, _ := fixtureDir(t, f.name, f.files)
			before := sums(t, dir)
			migrationHook = func() error { return errors.New("the disk is full") }
			t.Cleanup(func() { migrationHook = nil })
			_, err := openDatabase(ctx, Config{DataDir: dir, EmbeddedEngine: engineSQLite}, dbOptions{Exclusive: true})
			require.Error(t, err)
			assert.Contains(t, bh.ErrorMessage(err), "the disk is full")
			assert.Contains(t, bh.ErrorMessage(err), "Nothing was changed")
			assert.Contains(t, bh.ErrorMessage(err), dir)
			after := sums(t, dir)
			delete(after, lockFileName) // the bot's lock, empty once released
			assert.Equal(t, before, after)
		})
	}
}

// A bolt bot still running on DATA_DIR stops the move (it holds the lock),
// with the usual message, and nothing is moved.
func TestNoMoveWhileABoltBotRuns(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	ctx := context.Background()
	dir, _ := fixtureDir(t, "v20261126", []string{legacy.FileName})
	// The bot holds DATA_DIR's lock (whichever engine it runs).
	unlock, err := lockDataDir(dir)
	require.NoError(t, err)
	defer unlock()
	before := sums(t, dir)
	for _, o := range []dbOptions{{Exclusive: true}, {}} {
		_, err = openDatabase(ctx, Config{DataDir: dir, EmbeddedEngine: engineSQLite}, o)
		require.Error(t, err)
		assert.Contains(t, bh.ErrorMessage(err), "is in use by")
		assert.NoFileExists(t, filepath.Join(dir, sqlite.FileName))
	}
	assert.Equal(t, before, sums(t, dir))
}

// Both engines' files in one DATA_DIR (the bolt files put back after a
// move): no move over the SQLite file, nothing changed, and the message
// says what to do.
func TestNoMoveOverASQLiteFile(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	ctx := context.Background()
	dir, _ := fixtureDir(t, "v20261126", []string{legacy.FileName})
	other := t.TempDir()
	db, err := openDatabase(ctx, Config{DataDir: other, EmbeddedEngine: engineSQLite}, dbOptions{})
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))
	raw, err := os.ReadFile(filepath.Join(other, sqlite.FileName))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, sqlite.FileName), raw, 0o600))
	before := sums(t, dir)
	_, err = openDatabase(ctx, Config{DataDir: dir, EmbeddedEngine: engineSQLite}, dbOptions{Exclusive: true})
	require.Error(t, err)
	assert.Contains(t, bh.ErrorMessage(err), "holds both")
	after := sums(t, dir)
	delete(after, lockFileName)
	assert.Equal(t, before, after)
}

// A start killed in the middle of a move: before the new file was whole,
// the next start removes its work and moves again; after (the old file
// renamed, the new one not yet in place), the next start finishes the
// move instead of starting empty.
func TestAMoveStoppedByAKillIsFinishedOrRedone(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	o := dbOptions{Exclusive: true, Now: func() time.Time { return now }}
	cfg := func(dir string) Config { return Config{DataDir: dir, EmbeddedEngine: engineSQLite} }
	for _, f := range earlierFormats {
		t.Run(f.name, func(t *testing.T) {
			// A whole new file, as a move makes it.
			doneDir, raw := fixtureDir(t, f.name, f.files)
			db, err := openDatabase(ctx, cfg(doneDir), o)
			require.NoError(t, err)
			want := notesByFamily(t, db)
			require.NoError(t, db.Close(ctx))
			made, err := os.ReadFile(filepath.Join(doneDir, sqlite.FileName))
			require.NoError(t, err)

			t.Run("before the new file was whole", func(t *testing.T) {
				dir, _ := fixtureDir(t, f.name, f.files)
				work := filepath.Join(dir, ".moving-to-sqlite-1")
				require.NoError(t, os.MkdirAll(filepath.Join(work, "old"), 0o700))
				require.NoError(t, os.WriteFile(filepath.Join(work, sqlite.FileName), made[:len(made)/2], 0o600))
				db, err := openDatabase(ctx, cfg(dir), o)
				require.NoError(t, err)
				assert.Equal(t, want, notesByFamily(t, db))
				require.NoError(t, db.Close(ctx))
				assert.NoDirExists(t, work)
			})
			t.Run("between the renames", func(t *testing.T) {
				dir, _ := fixtureDir(t, f.name, f.files)
				work := filepath.Join(dir, ".moving-to-sqlite-2")
				require.NoError(t, os.Mkdir(work, 0o700))
				require.NoError(t, os.WriteFile(filepath.Join(work, sqlite.FileName), made, 0o600))
				require.NoError(t, writeReady(work, ".migrated-20261128", f.files))
				// Killed after the first rename.
				require.NoError(t, os.Rename(filepath.Join(dir, f.files[0]), filepath.Join(dir, f.files[0]+".migrated-20261128")))
				db, err := openDatabase(ctx, cfg(dir), o)
				require.NoError(t, err)
				assert.Equal(t, want, notesByFamily(t, db), "finished, not started empty")
				require.NoError(t, db.Close(ctx))
				assert.NoDirExists(t, work)
				for _, file := range f.files {
					kept, err := os.ReadFile(filepath.Join(dir, file+".migrated-20261128"))
					require.NoError(t, err)
					assert.Equal(t, raw[file], kept)
				}
			})
		})
	}
}

// A bad old file stops the start: the log says once which file, what is
// wrong and what to do (not to run the old engine on it), and DATA_DIR
// is left byte for byte as it was. (Every kind of bad file:
// store/legacy's TestBadFilesAreRefusedUnchanged.)
func TestABadOldFileStopsTheStartSaidOnce(t *testing.T) {
	sqliteOnly(t, "the older embedded formats move into SQLite")
	fixture, err := os.ReadFile(filepath.Join("..", "..", "store", "legacy", "testdata", "v20261126", legacy.FileName))
	require.NoError(t, err)
	log, err := os.ReadFile(filepath.Join("..", "..", "store", "legacy", "testdata", "v20261128-log", legacy.LogName))
	require.NoError(t, err)
	for _, tt := range []struct {
		name, file string
		raw        []byte
		says       string
	}{
		{"empty", legacy.FileName, []byte{}, "is empty (0 bytes)"},
		{"cut", legacy.FileName, fixture[:len(fixture)/2], "is cut short"},
		{"not ours", legacy.SingleFileName, []byte("my notes, not a database\n"), "is not a BabyHandoff database"},
		{"a log without its file", legacy.LogName, log, "holds 31 changes, but " + legacy.FileName + " is not beside it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake := slacktest.New(slacktest.Config{})
			t.Cleanup(fake.Close)
			clearEnv(t)
			dir := t.TempDir()
			path := filepath.Join(dir, tt.file)
			require.NoError(t, os.WriteFile(path, tt.raw, 0o600))
			t.Setenv("DATA_DIR", dir)
			t.Setenv("SLACK_APP_TOKEN", fake.Config().AppToken)
			t.Setenv("SLACK_BOT_TOKEN", fake.Config().BotToken)
			t.Setenv("SLACK_API_URL", fake.APIURL())
			before := sums(t, dir)
			var stderr syncBuffer
			// Bounded: a bot that started anyway would run until stopped.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			assert.Equal(t, 1, run(ctx, nil, &syncBuffer{}, &stderr))
			out := stderr.String()
			assert.Equal(t, 1, strings.Count(out, path), "names the file once:\n%s", out)
			assert.Contains(t, out, path+" "+tt.says)
			assert.Contains(t, out, "Nothing was changed.")
			assert.NotContains(t, out, "EMBEDDED_ENGINE=bolt", "the old engine cannot read it either")
			after := sums(t, dir)
			delete(after, lockFileName)
			assert.Equal(t, before, after)
		})
	}
}

// A bolt log left beside the SQLite file (put back by hand, say) is not
// moved over it: the SQLite file keeps its notes, the log stays as it is.
func TestALogBesideTheSQLiteFileIsLeftAlone(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg := Config{DataDir: dir, EmbeddedEngine: engineSQLite}
	db, err := openDatabase(ctx, cfg, dbOptions{Exclusive: true})
	require.NoError(t, err)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.1"})
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))
	empty := append([]byte("BHWAL\x00\x00\x01"), make([]byte, 1024)...)
	require.NoError(t, os.WriteFile(filepath.Join(dir, legacy.LogName), empty, 0o600))
	before := sums(t, dir)

	db, err = openDatabase(ctx, cfg, dbOptions{Exclusive: true})
	require.NoError(t, err)
	assert.Equal(t, map[string][]string{"T1/" + n.ShiftID: {n.ID}}, notesByFamily(t, db))
	require.NoError(t, db.Close(ctx))
	after := sums(t, dir)
	assert.Equal(t, before[legacy.LogName], after[legacy.LogName])
	assert.NotContains(t, after, legacy.LogName+".migrated-"+time.Now().UTC().Format("20060102"))
}
