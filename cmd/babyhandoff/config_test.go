package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clearEnv sets every variable to a known state for one test.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, k := range append(removedKeys, configKeys...) {
		t.Setenv(k, "")
	}
	// Keep a developer's own .env out of the tests.
	t.Chdir(t.TempDir())
}

// oauthEnv is a valid HTTP mode with installs by OAuth, changed by with.
func oauthEnv(with map[string]string) map[string]string {
	env := map[string]string{"SLACK_SIGNING_SECRET": "signing-secretvalue", "SLACK_CLIENT_ID": "1.2", "SLACK_CLIENT_SECRET": "client-secretvalue",
		"SLACK_REDIRECT_URL": "https://bot.example.org/slack/oauth_redirect", "TOKEN_ENCRYPTION_KEY": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="}
	for k, v := range with {
		env[k] = v
	}
	return env
}

func TestStartupConfigErrors(t *testing.T) {
	const app = "xapp-test-secretappvalue"
	const botTok = "xoxb-test-secretbotvalue"
	tests := []struct {
		name    string
		env     map[string]string
		mention string
	}{
		{"no app token", map[string]string{"SLACK_BOT_TOKEN": botTok}, "SLACK_APP_TOKEN is missing"},
		{"no bot token", map[string]string{"SLACK_APP_TOKEN": app}, "SLACK_BOT_TOKEN is missing"},
		{"tokens swapped", map[string]string{"SLACK_APP_TOKEN": botTok, "SLACK_BOT_TOKEN": app}, "SLACK_APP_TOKEN is not an app-level token"},
		{"bot token malformed", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": "xoxp-user-secretvalue"}, "SLACK_BOT_TOKEN is not a bot token"},
		{"retries not a number", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "AGENT_MAX_RETRIES": "many"}, "AGENT_MAX_RETRIES must be a whole number"},
		{"bad time zone", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "DEFAULT_TZ": "Mars/Olympus"}, "DEFAULT_TZ"},
		{"bad log format", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "LOG_FORMAT": "xml"}, "LOG_FORMAT"},
		{"unknown council mode", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "COUNCIL_MODE": "magic"}, "COUNCIL_MODE"},
		{"openai mode without a key", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "COUNCIL_MODE": "openai"}, "COUNCIL_MODE=openai needs OPENAI_API_KEY"},
		{"multi mode without a key", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "COUNCIL_MODE": "multi", "OPENAI_API_KEY": " "}, "COUNCIL_MODE=multi needs OPENAI_API_KEY"},
		{"reminders too early", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "RADAR_REMINDER_MINUTES": "1"}, "RADAR_REMINDER_MINUTES must be between 5 and 1440 (a day)"},
		{"no time for the model", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "AGENT_TIMEOUT_SECONDS": "0"}, "AGENT_TIMEOUT_SECONDS must be between 1 and 600"},
		{"no run details kept", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "RUN_DETAIL_DAYS": "0"}, "RUN_DETAIL_DAYS must be between 1 and 3650"},
		{"closed notes kept forever", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "NOTE_DAYS": "99999"}, "NOTE_DAYS must be between 1 and 36500"},
		{"backups kept for years", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "BACKUP_DAYS": "-1"}, "BACKUP_DAYS must be between 0 (no daily copies) and 365"},
		{"HTTP mode without a bot token", map[string]string{"SLACK_SIGNING_SECRET": "signing-secretvalue"}, "SLACK_BOT_TOKEN is missing"},
		{"HTTP mode on no port", map[string]string{"SLACK_SIGNING_SECRET": "signing-secretvalue", "SLACK_BOT_TOKEN": botTok, "PORT": "70000"}, "PORT must be a TCP port"},
		{"HTTP mode, port not a number", map[string]string{"SLACK_SIGNING_SECRET": "signing-secretvalue", "SLACK_BOT_TOKEN": botTok, "PORT": "http"}, "PORT must be a whole number"},
		{"neither app token nor signing secret", map[string]string{"SLACK_BOT_TOKEN": botTok}, "or, to serve Slack over HTTP instead, set SLACK_SIGNING_SECRET"},
		{"OAuth over Socket Mode", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "SLACK_CLIENT_ID": "1.2"}, "SLACK_CLIENT_ID is set (installs by OAuth), which needs HTTP mode"},
		{"OAuth without a client secret", oauthEnv(map[string]string{"SLACK_CLIENT_SECRET": ""}), "SLACK_CLIENT_SECRET is missing"},
		{"OAuth without a redirect URL", oauthEnv(map[string]string{"SLACK_REDIRECT_URL": ""}), "SLACK_REDIRECT_URL must be"},
		{"OAuth redirect elsewhere", oauthEnv(map[string]string{"SLACK_REDIRECT_URL": "https://bot.example.org/done"}), "must end in /slack/oauth_redirect"},
		{"OAuth without an encryption key", oauthEnv(map[string]string{"TOKEN_ENCRYPTION_KEY": ""}), "TOKEN_ENCRYPTION_KEY is missing"},
		{"OAuth with a short encryption key", oauthEnv(map[string]string{"TOKEN_ENCRYPTION_KEY": "c2VjcmV0dmFsdWU="}), "32 random bytes"},
		{"OAuth with a bad old key", oauthEnv(map[string]string{"TOKEN_ENCRYPTION_OLD_KEYS": "secretvalue"}), "old token encryption key 1"},
		{"memory limit not a size", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "GOMEMLIMIT": "32MB"}, "GOMEMLIMIT: \"32MB\" is not a size such as 32MiB"},
		{"model endpoint not a URL", map[string]string{"SLACK_APP_TOKEN": app, "SLACK_BOT_TOKEN": botTok, "COUNCIL_MODE": "openai", "OPENAI_API_KEY": "test-model-key-secretvalue", "OPENAI_BASE_URL": "localhost:8080"}, "OPENAI_BASE_URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clearEnv(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			var out, errOut strings.Builder
			code := run(context.Background(), nil, &out, &errOut)
			assert.Equal(t, 2, code)
			lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
			assert.Len(t, lines, 1, "one line: %q", errOut.String())
			assert.Contains(t, lines[0], tt.mention)
			for _, secret := range []string{"secretappvalue", "secretbotvalue", "secretvalue"} {
				assert.NotContains(t, errOut.String()+out.String(), secret, "a token's value never appears in output")
			}
		})
	}
}

func TestDotEnvIsRead(t *testing.T) {
	clearEnv(t)
	require.NoError(t, writeFile(".env", "SLACK_APP_TOKEN=xapp-from-dotenv\nSLACK_BOT_TOKEN=not-a-bot-token\n"))
	var out, errOut strings.Builder
	code := run(context.Background(), nil, &out, &errOut)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut.String(), "SLACK_BOT_TOKEN is not a bot token", "the app token came from .env and passed")
}

func TestEmbeddedStoreInUseIsAClearError(t *testing.T) {
	sqliteOnly(t, "the embedded file is locked by the process that has it open")
	clearEnv(t)
	dir := t.TempDir()
	held, err := openDatabase(context.Background(), Config{DataDir: dir}, dbOptions{Exclusive: true})
	require.NoError(t, err)
	defer held.Close(context.Background())
	t.Setenv("SLACK_APP_TOKEN", "xapp-test-x")
	t.Setenv("SLACK_BOT_TOKEN", "xoxb-test-x")
	t.Setenv("DATA_DIR", dir)
	var out, errOut strings.Builder
	code := run(context.Background(), nil, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "is in use by process")
	assert.Contains(t, errOut.String(), "MONGODB_URI")
}

func TestHelpAndUnknownCommand(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 0, run(context.Background(), []string{"help"}, &out, &errOut))
	assert.Contains(t, out.String(), "Usage")
	out.Reset()
	assert.Equal(t, 2, run(context.Background(), []string{"frobnicate"}, &out, &errOut))
	assert.Contains(t, errOut.String(), `unknown command "frobnicate"`)
	out.Reset()
	assert.Equal(t, 0, run(context.Background(), []string{"version"}, &out, &errOut))
	assert.Regexp(t, `^babyhandoff \S+\n(commit [0-9a-f]+.*\n)?go1\.\d+`, out.String(), "the version, the commit when known, the Go version")
}

func TestRedactingLogger(t *testing.T) {
	var buf strings.Builder
	log := newLogger(&buf, "debug", "json", []string{"xoxb-supersecret-1"})
	log.Info("calling with xoxb-supersecret-1", "token", "xoxb-supersecret-1", "err", assertErr("bad xoxb-supersecret-1"))
	log.With("t", "xoxb-supersecret-1").Debug("x")
	assert.NotContains(t, buf.String(), "supersecret")
	assert.Contains(t, buf.String(), "[redacted]")
}

// A database file the bot refuses is named in one message, printed once
// (its words were printed twice: once as the message, once in the cause).
func TestARefusedDatabaseIsSaidOnce(t *testing.T) {
	sqliteOnly(t, "a refused database is a file")
	clearEnv(t)
	dir := t.TempDir()
	t.Setenv("SLACK_APP_TOKEN", "xapp-test-x")
	t.Setenv("SLACK_BOT_TOKEN", "xoxb-test-x")
	t.Setenv("DATA_DIR", dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "babyhandoff.db"), nil, 0o600))
	var out, errOut strings.Builder
	code := run(context.Background(), nil, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "cannot open the database")
	assert.Equal(t, 1, strings.Count(errOut.String(), "is empty (0 bytes)"), errOut.String())
}

type assertErr string

func (e assertErr) Error() string { return string(e) }

func writeFile(name, content string) error {
	return os.WriteFile(name, []byte(content), 0o600)
}

// A MONGODB_URI that points nowhere stops the bot at start with a message
// that says so, and never prints the URI's password.
func TestUnreachableMongoDBIsAClearError(t *testing.T) {
	clearEnv(t)
	t.Setenv("SLACK_APP_TOKEN", "xapp-test-x")
	t.Setenv("SLACK_BOT_TOKEN", "xoxb-test-x")
	t.Setenv("MONGODB_URI", "mongodb://parent:hunter2secret@127.0.0.1:1/?serverSelectionTimeoutMS=300&connectTimeoutMS=300")
	var out, errOut strings.Builder
	code := run(context.Background(), nil, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "cannot open the database")
	assert.NotContains(t, errOut.String()+out.String(), "hunter2secret")
}
