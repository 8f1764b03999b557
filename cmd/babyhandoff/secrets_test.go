package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council/openai/openaitest"
)

// assertNoSecrets scans everything a run wrote — its logs (at debug
// level), every file under its data folder, every Web API call and file it
// sent Slack, every question it sent the model — for the secrets. Only the
// authentication itself (the token field and the Authorization header) may
// carry them.
func assertNoSecrets(t *testing.T, h *harness, model *openaitest.Server, secrets ...string) {
	t.Helper()
	check := func(where, text string) {
		for _, s := range secrets {
			assert.NotContains(t, text, s, "a secret in %s", where)
		}
	}
	check("stderr", h.stderr.String())
	check("stdout", h.stdout.String())
	files := 0
	require.NoError(t, filepath.WalkDir(h.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		check(path, string(b))
		return nil
	}))
	if !onMongo() { // on MongoDB the data is not in the folder
		assert.Positive(t, files, "the data folder was scanned")
	}
	for _, c := range h.fake.Calls("") {
		form := c.Form
		if form != nil {
			form = cloneWithout(form, "token")
		}
		raw, _ := json.Marshal(map[string]any{"form": form, "json": c.JSON})
		check("Slack call "+c.Method, string(raw))
	}
	for _, f := range h.fake.Files() {
		check("Slack file "+f.Name, string(f.Content)+f.Title+f.InitialComment)
	}
	if model != nil {
		for _, r := range model.Calls() {
			check("model question", r.Instructions+r.Input)
		}
	}
}

func cloneWithout(v map[string][]string, key string) map[string][]string {
	out := map[string][]string{}
	for k, vs := range v {
		if k != key {
			out[k] = vs
		}
	}
	return out
}

// TestE2ESecretsNeverLeak runs the whole /plan story with recognisable
// tokens and a model key configured, at debug level, then scans what it
// wrote.
func TestE2ESecretsNeverLeak(t *testing.T) {
	const app, botTok, key = "xapp-fake-SECRETAPPVALUE42", "xoxb-fake-SECRETBOTVALUE42", "fake-model-key-SECRETKEYVALUE42"
	t.Setenv("OPENAI_API_KEY", key)
	h := startWith(t, slacktest.Config{RedeliverOnReconnect: true, AppToken: app, BotToken: botTok}, atPlanTime)
	h.ack(h.message("DU1", "im", "U1", "out of formula; token xoxb-not-ours is fine to keep", "1700009000.000100", nil))
	h.replyTo("DU1", "1700009000.000100")
	planFlow(t, h)
	require.Equal(t, 0, h.stop(), "log:\n%s", h.stderr.String())
	assertNoSecrets(t, h, nil, app, botTok, key, "SECRETAPPVALUE42", "SECRETBOTVALUE42", "SECRETKEYVALUE42")
}
