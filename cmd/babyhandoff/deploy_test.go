package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/joho/godotenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// repoFile is a file of the repository, by its path from the root.
func repoFile(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", path))
	require.NoError(t, err)
	return string(raw)
}

// configDefaults are the variables Config reads and their defaults ("" for
// none), from its struct tags.
func configDefaults() map[string]string {
	out := map[string]string{}
	typ := reflect.TypeOf(Config{})
	for i := range typ.NumField() {
		f := typ.Field(i)
		if name := f.Tag.Get("envconfig"); name != "" {
			out[name] = f.Tag.Get("default")
		}
	}
	return out
}

// Every variable the configuration reads is in .env.example and in the
// running doc's table, each with the default the program uses.
func TestEveryVariableIsDocumentedWithItsDefault(t *testing.T) {
	defaults := configDefaults()
	assert.ElementsMatch(t, configKeys, keysOf(defaults), "configKeys lists what Config reads")
	example := repoFile(t, ".env.example")
	running := repoFile(t, "docs/running.md")
	for name, def := range defaults {
		m := regexp.MustCompile(`(?m)^(?:# )?`+name+`=(.*)$`).FindAllStringSubmatch(example, -1)
		if assert.Len(t, m, 1, ".env.example names %s once", name) {
			assert.Equal(t, def, m[0][1], ".env.example's default of %s", name)
		}
		row := regexp.MustCompile("(?m)^\\| `" + name + "` \\| ([^|]*) \\|").FindStringSubmatch(running)
		if !assert.NotNil(t, row, "docs/running.md has a row for %s", name) {
			continue
		}
		cell := strings.TrimSpace(row[1])
		if def == "" {
			assert.False(t, strings.HasPrefix(cell, "`"), "docs/running.md gives %s no default value: %q", name, cell)
		} else {
			assert.Equal(t, "`"+def+"`", cell, "docs/running.md's default of %s", name)
		}
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// A copied .env.example sets only what it must: an uncommented optional
// line would win over the environment a container or a service sets.
func TestEnvExampleLeavesOptionalSettingsCommented(t *testing.T) {
	set, err := godotenv.Unmarshal(repoFile(t, ".env.example"))
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"SLACK_APP_TOKEN", "SLACK_BOT_TOKEN"}, keysOf(set))
}

// systemdUnit is the unit docs/running.md documents: ExecStart's words,
// and its Environment= and EnvironmentFile= lines.
func systemdUnit(t *testing.T) (exec []string, env []string, envFiles []string) {
	t.Helper()
	doc := repoFile(t, "docs/running.md")
	_, unit, ok := strings.Cut(doc, "```ini\n")
	require.True(t, ok, "docs/running.md has the unit")
	unit, _, _ = strings.Cut(unit, "```")
	sc := bufio.NewScanner(strings.NewReader(unit))
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		switch {
		case !ok:
		case k == "ExecStart":
			exec = strings.Fields(v)
		case k == "Environment":
			env = append(env, v)
		case k == "EnvironmentFile":
			envFiles = append(envFiles, v)
		}
	}
	require.NotEmpty(t, exec, "ExecStart")
	return exec, env, envFiles
}

// dockerImage is the Dockerfile's ENTRYPOINT and ENV of its final stage.
func dockerImage(t *testing.T) (entry []string, env map[string]string) {
	t.Helper()
	env = map[string]string{}
	stages := strings.Split(repoFile(t, "Dockerfile"), "\nFROM ")
	for _, line := range strings.Split(stages[len(stages)-1], "\n") {
		switch {
		case strings.HasPrefix(line, "ENTRYPOINT "):
			require.NoError(t, json.Unmarshal([]byte(strings.TrimPrefix(line, "ENTRYPOINT ")), &entry))
		case strings.HasPrefix(line, "ENV "):
			k, v, _ := strings.Cut(strings.TrimPrefix(line, "ENV "), "=")
			env[k] = v
		}
	}
	require.NotEmpty(t, entry, "ENTRYPOINT")
	return entry, env
}

// startAs runs the program with args and exactly env (besides a fake
// Slack's address), in an empty working folder, until it is connected;
// then stops it.
func startAs(t *testing.T, args []string, env map[string]string) {
	t.Helper()
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	clearEnv(t)
	for k, v := range env {
		t.Setenv(k, v)
	}
	// The operator filled in the two tokens; the fake stands in for Slack.
	t.Setenv("SLACK_APP_TOKEN", fake.Config().AppToken)
	t.Setenv("SLACK_BOT_TOKEN", fake.Config().BotToken)
	t.Setenv("SLACK_API_URL", fake.APIURL())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stderr syncBuffer
	go func() { done <- run(ctx, args, &syncBuffer{}, &stderr) }()
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	err := fake.WaitConnections(wctx, 1)
	cancel()
	require.NoError(t, err, "the bot did not connect; its log:\n%s", stderr.String())
	require.Equal(t, 0, <-done, stderr.String())
}

// exampleEnv is .env.example as an operator copies it.
func exampleEnv(t *testing.T) map[string]string {
	t.Helper()
	env, err := godotenv.Unmarshal(repoFile(t, ".env.example"))
	require.NoError(t, err)
	return env
}

// The documented systemd unit, with /etc/babyhandoff.env a copy of
// .env.example, keeps its database in its state directory. (systemd reads
// EnvironmentFile= over Environment=.)
func TestTheDocumentedServiceKeepsItsDatabaseInItsStateDirectory(t *testing.T) {
	sqliteOnly(t, "where the database file lands")
	exec, envLines, files := systemdUnit(t)
	assert.Equal(t, []string{"/etc/babyhandoff.env"}, files)
	state := filepath.Join(t.TempDir(), "state")
	require.NoError(t, os.Mkdir(state, 0o700))
	put := func(s string) string { return strings.ReplaceAll(s, "/var/lib/babyhandoff", state) }
	env := map[string]string{}
	for _, l := range envLines {
		k, v, _ := strings.Cut(l, "=")
		env[k] = put(v)
	}
	for k, v := range exampleEnv(t) {
		env[k] = v
	}
	var args []string
	for _, a := range exec[1:] {
		args = append(args, put(a))
	}
	startAs(t, args, env)
	assert.FileExists(t, filepath.Join(state, dbFile()), "the database is in the state directory")
	assert.NoDirExists(t, "data", "nothing in the working folder")
}

// The image, run as the README says (--env-file .env, a copy of
// .env.example, over the image's ENV), keeps its database on the volume.
func TestTheImageKeepsItsDatabaseOnTheVolume(t *testing.T) {
	sqliteOnly(t, "where the database file lands")
	entry, imageEnv := dockerImage(t)
	volume := filepath.Join(t.TempDir(), "volume")
	require.NoError(t, os.Mkdir(volume, 0o700))
	put := func(s string) string {
		if s == "/data" || strings.HasPrefix(s, "/data/") {
			return volume + strings.TrimPrefix(s, "/data")
		}
		return s
	}
	env := map[string]string{}
	for k, v := range imageEnv {
		env[k] = put(v)
	}
	for k, v := range exampleEnv(t) {
		env[k] = v
	}
	var args []string
	for _, a := range entry[1:] {
		args = append(args, put(a))
	}
	startAs(t, args, env)
	assert.FileExists(t, filepath.Join(volume, dbFile()), "the database is on the volume")
	assert.NoDirExists(t, "data", "nothing in the container's layer")
}

// --data-dir wins over DATA_DIR in the environment and in .env.
func TestDataDirFlagWins(t *testing.T) {
	sqliteOnly(t, "where the database file lands")
	dir := filepath.Join(t.TempDir(), "flag")
	require.NoError(t, os.Mkdir(dir, 0o700))
	startAs(t, []string{"--data-dir=" + dir}, map[string]string{"DATA_DIR": "./from-env"})
	assert.FileExists(t, filepath.Join(dir, dbFile()))
	assert.NoDirExists(t, "from-env")
	var out, errOut strings.Builder
	assert.Equal(t, 2, run(context.Background(), []string{"--data-dir"}, &out, &errOut))
	assert.Contains(t, errOut.String(), "--data-dir needs a folder")
}

// The README is read in two minutes: at most 200 lines, the quick start's
// commands on its first screen, and every page of docs/ one click away
// (each link it makes goes somewhere).
func TestREADMEIsShortAndLinksEveryDoc(t *testing.T) {
	readme := repoFile(t, "README.md")
	lines := strings.Split(readme, "\n")
	assert.LessOrEqual(t, len(lines), 200)
	first := strings.Join(lines[:min(40, len(lines))], "\n")
	for _, want := range []string{"manifest.yaml", "SLACK_APP_TOKEN", "SLACK_BOT_TOKEN", "go run ./cmd/babyhandoff", "go test ./..."} {
		assert.Contains(t, first, want, "on the first screen")
	}
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	for _, p := range pages {
		assert.Contains(t, readme, "](docs/"+filepath.Base(p)+")", "README links %s", filepath.Base(p))
	}
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)(?:#[^)]*)?\)|src="([^"]+)"`).FindAllStringSubmatch(readme, -1) {
		target := m[1] + m[2]
		_, err := os.Stat(filepath.Join("..", "..", target))
		assert.NoError(t, err, "README links %s", target)
	}
}
