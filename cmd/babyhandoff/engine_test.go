package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// testEngineEnv names the embedded engine the tests run on (bolt or
// sqlite; empty: the default). Only the tests read it: it becomes the
// default engine of the program they run, child processes included.
const testEngineEnv = "BABYHANDOFF_TEST_ENGINE"

// useTestEngine makes BABYHANDOFF_TEST_ENGINE the default engine (the
// one used when EMBEDDED_ENGINE is unset).
func useTestEngine() {
	if e := os.Getenv(testEngineEnv); e != "" {
		defaultEngine = e
	}
}

// testDB is a Database with what the tests read of it besides.
type testDB interface {
	Database
	Join(ctx context.Context, m bh.Member, dm string) (from string, err error)
	Members(ctx context.Context, teamID, shiftID string) ([]bh.Member, error)
	FamiliesOf(ctx context.Context, teamID, userID string) ([]bh.Member, error)
	Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error)
	SaveArtifact(ctx context.Context, teamID, shiftID string, a bh.Artifact) error
}

// dbOf is the running bot's database.
func dbOf(m *Main) testDB { return m.db.Database.(testDB) }

// openTestDB opens the embedded database in dir on the engine under test,
// as the bot would, and closes it when t ends (or earlier, by Close).
func openTestDB(t testing.TB, dir string, now ...func() time.Time) testDB {
	t.Helper()
	o := dbOptions{}
	if len(now) > 0 {
		o.Now = now[0]
	}
	db, err := openDatabase(context.Background(), Config{DataDir: dir, EmbeddedEngine: defaultEngine}, o)
	require.NoError(t, err)
	return db.Database.(testDB)
}

// dbFileName is the engine's database file in DATA_DIR, and backupExt the
// extension of its daily copies.
func dbFileName() (name, backupExt string) {
	if defaultEngine == engineSQLite {
		return sqlite.FileName, ".db"
	}
	return store.FileName, ".bolt"
}

// An unknown EMBEDDED_ENGINE is a setting to fix: the start stops and
// changes nothing.
func TestEmbeddedEngineSetting(t *testing.T) {
	for _, tt := range []struct {
		engine, want string
		code         int
	}{
		{"mysql", "EMBEDDED_ENGINE must be sqlite or bolt", 2},
	} {
		t.Run(tt.engine, func(t *testing.T) {
			clearEnv(t)
			dir := t.TempDir()
			held, err := store.Open(context.Background(), store.Config{DataDir: dir})
			require.NoError(t, err)
			require.NoError(t, held.Close(context.Background()))
			before, err := os.ReadFile(filepath.Join(dir, store.FileName))
			require.NoError(t, err)
			t.Setenv("SLACK_APP_TOKEN", "xapp-test-x")
			t.Setenv("SLACK_BOT_TOKEN", "xoxb-test-x")
			t.Setenv("DATA_DIR", dir)
			t.Setenv("EMBEDDED_ENGINE", tt.engine)
			var out, errOut strings.Builder
			assert.Equal(t, tt.code, run(context.Background(), nil, &out, &errOut))
			assert.Contains(t, errOut.String(), tt.want)
			after, err := os.ReadFile(filepath.Join(dir, store.FileName))
			require.NoError(t, err)
			assert.Equal(t, before, after, "the bolt file is left as it was")
			assert.NoFileExists(t, filepath.Join(dir, sqlite.FileName))
		})
	}
}

// The end-to-end tests run on the engine BABYHANDOFF_TEST_ENGINE names:
// its file is the one the bot writes.
func TestE2ERunsOnTheEngineUnderTest(t *testing.T) {
	h := start(t)
	h.ack(h.message("D100", "im", "U1", "wipes < 1 day", "1700000000.000100", nil))
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	file, _ := dbFileName()
	assert.FileExists(t, filepath.Join(h.dir, file))
	assert.Contains(t, h.stderr.String(), file)
	assert.Len(t, h.notes("D100", false), 1)
}

// dbFile is the engine's database file in DATA_DIR.
func dbFile() string {
	name, _ := dbFileName()
	return name
}

// Outside tests, an unset EMBEDDED_ENGINE is the default documented in
// .env.example and docs/running.md (Config's tag).
func TestTheDefaultEngineIsTheDocumentedOne(t *testing.T) {
	assert.Equal(t, engineSQLite, builtinEngine)
	assert.Equal(t, builtinEngine, configDefaults()["EMBEDDED_ENGINE"])
}
