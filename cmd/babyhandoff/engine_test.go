package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// testEngineEnv names the engine the tests run on; empty or "sqlite" is
// SQLite, the only embedded engine.
const testEngineEnv = "BABYHANDOFF_TEST_ENGINE"

// useTestEngine stops the tests at once if BABYHANDOFF_TEST_ENGINE names
// an engine they cannot run on, rather than run them on SQLite unsaid.
func useTestEngine() {
	switch e := os.Getenv(testEngineEnv); e {
	case "", engineSQLite:
	case engineMongo:
		useMongo()
	default:
		fmt.Fprintf(os.Stderr, "%s=%q: the end-to-end tests run on sqlite or mongo (or leave it unset)\n", testEngineEnv, e)
		os.Exit(2)
	}
}

// onMongo reports whether the tests run on store/mongo.
func onMongo() bool { return os.Getenv(testEngineEnv) == engineMongo }

// sqliteOnly skips a test of what only the embedded engine has (its
// file, its backups, its move from the older formats, a crash of a
// process that alone holds the data) when the tests run on MongoDB, and
// says why.
func sqliteOnly(t *testing.T, why string) {
	t.Helper()
	if onMongo() {
		t.Skip("SQLite only: " + why)
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
	db, err := openDatabase(context.Background(), Config{DataDir: dir}, o)
	require.NoError(t, err)
	return db.Database.(testDB)
}

// dbFileName is the engine's database file in DATA_DIR, and backupExt the
// extension of its daily copies.
func dbFileName() (name, backupExt string) { return sqlite.FileName, ".db" }

// dbFile is the engine's database file in DATA_DIR.
func dbFile() string {
	name, _ := dbFileName()
	return name
}

// EMBEDDED_ENGINE=bolt, the engine before SQLite, is refused at start,
// said once with what to do, and nothing in DATA_DIR is touched; any
// other value but sqlite is a setting to remove.
func TestEmbeddedEngineSetting(t *testing.T) {
	for _, tt := range []struct {
		name, engine string
		sqliteThere  bool
		want         string
		inDotEnv     bool
	}{
		{"bolt, not moved yet", "bolt", false, "EMBEDDED_ENGINE=bolt was removed in this version: SQLite is the only embedded engine. Unset EMBEDDED_ENGINE: the first start moves the bolt data in %s into SQLite once, and keeps the old files renamed.", false},
		{"bolt, moved already", "Bolt", true, "EMBEDDED_ENGINE=bolt was removed in this version: SQLite is the only embedded engine. Unset EMBEDDED_ENGINE: the data in %s is in SQLite (babyhandoff.db) already.", false},
		{"bolt in .env", "bolt", false, "EMBEDDED_ENGINE=bolt was removed in this version: SQLite is the only embedded engine. Unset EMBEDDED_ENGINE: the first start moves the bolt data in %s into SQLite once, and keeps the old files renamed.", true},
		{"another engine", "mysql", false, "EMBEDDED_ENGINE is no longer a setting (SQLite is the only embedded engine): unset it", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clearEnv(t)
			dir := t.TempDir()
			// What is there is never opened: any bytes do.
			require.NoError(t, os.WriteFile(filepath.Join(dir, "babyhandoff.bolt"), []byte("a bolt file"), 0o600))
			if tt.sqliteThere {
				require.NoError(t, os.WriteFile(filepath.Join(dir, sqlite.FileName), sqliteMagic, 0o600))
			}
			before := filesIn(t, dir)
			t.Setenv("SLACK_APP_TOKEN", "xapp-test-x")
			t.Setenv("SLACK_BOT_TOKEN", "xoxb-test-x")
			t.Setenv("DATA_DIR", dir)
			if tt.inDotEnv {
				require.NoError(t, writeFile(".env", "EMBEDDED_ENGINE="+tt.engine+"\n"))
			} else {
				t.Setenv("EMBEDDED_ENGINE", tt.engine)
			}
			var out, errOut strings.Builder
			assert.Equal(t, 2, run(context.Background(), nil, &out, &errOut))
			want := tt.want
			if strings.Contains(want, "%s") {
				want = fmt.Sprintf(want, dir)
			}
			assert.Equal(t, "babyhandoff: "+want+"\n", errOut.String(), "said once")
			assert.Equal(t, before, filesIn(t, dir), "DATA_DIR is left as it was")
		})
	}
}

// Set to sqlite (as .env.example once suggested) or left empty, it is
// SQLite.
func TestEmbeddedEngineSQLiteIsTheDefault(t *testing.T) {
	sqliteOnly(t, "the embedded engine's choice")
	for _, v := range []string{"", "sqlite", " SQLite "} {
		t.Run(v, func(t *testing.T) {
			clearEnv(t)
			t.Setenv("EMBEDDED_ENGINE", v)
			cfg, err := loadConfig("", false)
			require.NoError(t, err)
			db, err := openDatabase(context.Background(), cfg, dbOptions{})
			require.NoError(t, err)
			require.NoError(t, db.Close(context.Background()))
			assert.FileExists(t, filepath.Join(cfg.DataDir, sqlite.FileName))
		})
	}
}

// filesIn is every file in dir (not below) and its bytes.
func filesIn(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string]string{}
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = string(raw)
	}
	return out
}

// The end-to-end tests run on the engine under test: its file is the one
// the bot writes.
func TestE2ERunsOnTheEngineUnderTest(t *testing.T) {
	h := start(t)
	h.ack(h.message("D100", "im", "U1", "wipes < 1 day", "1700000000.000100", nil))
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assert.Len(t, h.notes("D100", false), 1)
	if onMongo() {
		assert.Contains(t, h.stderr.String(), "MongoDB in memory")
		assert.NoFileExists(t, filepath.Join(h.dir, dbFile()))
		return
	}
	file, _ := dbFileName()
	assert.FileExists(t, filepath.Join(h.dir, file))
	assert.Contains(t, h.stderr.String(), file)
}
