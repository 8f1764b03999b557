package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/joho/godotenv"

	"github.com/babyhandoff/babyhandoff/bot/install"
	"github.com/babyhandoff/babyhandoff/internal/memlimit"
	"github.com/kelseyhightower/envconfig"
)

// Config is every setting, read from the environment (and .env when present).
// .env.example documents each one.
type Config struct {
	SlackAppToken string `envconfig:"SLACK_APP_TOKEN"`
	SlackBotToken string `envconfig:"SLACK_BOT_TOKEN"`
	SlackAPIURL   string `envconfig:"SLACK_API_URL" default:"https://slack.com/api/"`
	// HTTP mode: with a signing secret and no app token, Slack's requests
	// come over HTTP on Port instead of Socket Mode.
	SlackSigningSecret string `envconfig:"SLACK_SIGNING_SECRET"`
	Port               int    `envconfig:"PORT" default:"3000"`
	// Installs by OAuth (HTTP mode): with a client id, any workspace can
	// add the app at /slack/install and each is served with its own token;
	// SLACK_BOT_TOKEN is then not used.
	SlackClientID          string `envconfig:"SLACK_CLIENT_ID"`
	SlackClientSecret      string `envconfig:"SLACK_CLIENT_SECRET"`
	SlackRedirectURL       string `envconfig:"SLACK_REDIRECT_URL"`
	TokenEncryptionKey     string `envconfig:"TOKEN_ENCRYPTION_KEY"`
	TokenEncryptionOldKeys string `envconfig:"TOKEN_ENCRYPTION_OLD_KEYS"`

	MongoURI string `envconfig:"MONGODB_URI"`
	MongoDB  string `envconfig:"MONGODB_DB" default:"babyhandoff"`
	DataDir  string `envconfig:"DATA_DIR" default:"./data"`
	// EmbeddedEngine is what EMBEDDED_ENGINE says, a setting that is gone:
	// SQLite (DATA_DIR/babyhandoff.db) is the only embedded engine. It is
	// read only to refuse "bolt" (boltRemoved); "sqlite" or empty is SQLite.
	EmbeddedEngine string `ignored:"true"`

	DefaultTZ string `envconfig:"DEFAULT_TZ" default:"UTC"`
	LogLevel  string `envconfig:"LOG_LEVEL" default:"info"`
	LogFormat string `envconfig:"LOG_FORMAT" default:"text"`

	CouncilMode            string `envconfig:"COUNCIL_MODE" default:"heuristic"`
	OpenAIAPIKey           string `envconfig:"OPENAI_API_KEY"`
	OpenAIModel            string `envconfig:"OPENAI_MODEL" default:"gpt-5.2"`
	OpenAIBaseURL          string `envconfig:"OPENAI_BASE_URL" default:"https://api.openai.com/v1"`
	AgentMaxRetries        int    `envconfig:"AGENT_MAX_RETRIES" default:"2"`
	AgentTimeoutSeconds    int    `envconfig:"AGENT_TIMEOUT_SECONDS" default:"20"`
	ContextPackTokenBudget int    `envconfig:"CONTEXT_PACK_TOKEN_BUDGET" default:"4000"`

	RadarDebounceSeconds int `envconfig:"RADAR_DEBOUNCE_SECONDS" default:"3"`
	RadarReminderMinutes int `envconfig:"RADAR_REMINDER_MINUTES" default:"120"`

	RunDetailDays int `envconfig:"RUN_DETAIL_DAYS" default:"90"`
	NoteDays      int `envconfig:"NOTE_DAYS" default:"365"`
	BackupDays    int `envconfig:"BACKUP_DAYS" default:"7"`

	// MemoryLimit is Go's soft memory limit, in GOMEMLIMIT's syntax (64MiB,
	// 1GiB, off). Go reads GOMEMLIMIT itself, but only from the real
	// environment: read here too, .env can set it. Empty is none
	// (memlimit.Default), as Go's own default.
	MemoryLimit string `envconfig:"GOMEMLIMIT"`
}

// configKeys lists every variable Config reads.
var configKeys = []string{"SLACK_APP_TOKEN", "SLACK_BOT_TOKEN", "SLACK_API_URL", "SLACK_SIGNING_SECRET", "PORT",
	"SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_REDIRECT_URL", "TOKEN_ENCRYPTION_KEY", "TOKEN_ENCRYPTION_OLD_KEYS", "MONGODB_URI", "MONGODB_DB", "DATA_DIR",
	"DEFAULT_TZ", "LOG_LEVEL", "LOG_FORMAT", "COUNCIL_MODE", "OPENAI_API_KEY", "OPENAI_MODEL", "OPENAI_BASE_URL",
	"AGENT_MAX_RETRIES", "AGENT_TIMEOUT_SECONDS", "CONTEXT_PACK_TOKEN_BUDGET",
	"RADAR_DEBOUNCE_SECONDS", "RADAR_REMINDER_MINUTES", "RUN_DETAIL_DAYS", "NOTE_DAYS", "BACKUP_DAYS", "GOMEMLIMIT"}

// removedKeys are settings that are gone, read only to refuse a value that
// no longer works (EMBEDDED_ENGINE=bolt), from the environment or .env.
var removedKeys = []string{"EMBEDDED_ENGINE"}

// configError is a setting a person must fix; run prints it as one line and
// exits with status 2.
type configError struct{ msg string }

func (e *configError) Error() string { return e.msg }

func configErrorf(format string, args ...any) error {
	return &configError{fmt.Sprintf(format, args...)}
}

// loadConfig reads .env (if present; real environment variables win) and the
// environment. needSlack says whether the Slack tokens are required.
func loadConfig(envFile string, needSlack bool) (Config, error) {
	clearEmpty()
	if envFile != "" {
		if err := godotenv.Load(envFile); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Config{}, configErrorf("%s could not be read: %v", envFile, err)
		}
	}
	clearEmpty()
	var c Config
	if err := envconfig.Process("", &c); err != nil {
		var pe *envconfig.ParseError
		if errors.As(err, &pe) {
			return Config{}, configErrorf("%s must be a whole number (see .env.example)", pe.KeyName)
		}
		return Config{}, configErrorf("configuration: %v", err)
	}
	c.EmbeddedEngine = strings.ToLower(strings.TrimSpace(os.Getenv("EMBEDDED_ENGINE")))
	return c, c.validate(needSlack)
}

func (c Config) validate(needSlack bool) error {
	if needSlack {
		switch {
		case c.HTTPMode():
			if c.Port < 0 || c.Port > 65535 {
				return configErrorf("PORT must be a TCP port (1-65535), the port Slack's requests arrive on in HTTP mode")
			}
		case strings.TrimSpace(c.SlackAppToken) == "":
			return configErrorf("SLACK_APP_TOKEN is missing: in your Slack app's settings open Basic Information → App-Level Tokens, create one with the connections:write scope (it starts with xapp-) and put it in .env (or, to serve Slack over HTTP instead, set SLACK_SIGNING_SECRET: see docs/running.md)")
		case !strings.HasPrefix(c.SlackAppToken, "xapp-"):
			return configErrorf("SLACK_APP_TOKEN is not an app-level token (those start with xapp-): create one under Basic Information → App-Level Tokens with the connections:write scope")
		}
		switch {
		case c.OAuth():
			if err := c.validateOAuth(); err != nil {
				return err
			}
		case strings.TrimSpace(c.SlackBotToken) == "":
			return configErrorf("SLACK_BOT_TOKEN is missing: install the app to your workspace, then copy the Bot User OAuth Token (it starts with xoxb-) from OAuth & Permissions into .env")
		case !strings.HasPrefix(c.SlackBotToken, "xoxb-"):
			return configErrorf("SLACK_BOT_TOKEN is not a bot token (those start with xoxb-): copy the Bot User OAuth Token from OAuth & Permissions")
		}
		if !strings.HasPrefix(c.SlackAPIURL, "http://") && !strings.HasPrefix(c.SlackAPIURL, "https://") {
			return configErrorf("SLACK_API_URL must be an http(s) URL such as https://slack.com/api/")
		}
	}
	switch c.EmbeddedEngine {
	case "", engineSQLite:
	case engineBolt:
		return configErrorf("%s", boltRemoved(c.DataDir))
	default:
		return configErrorf("EMBEDDED_ENGINE is no longer a setting (SQLite is the only embedded engine): unset it")
	}
	if _, err := time.LoadLocation(c.DefaultTZ); err != nil {
		return configErrorf("DEFAULT_TZ %q is not a time zone name; use one like Europe/Berlin or America/New_York", c.DefaultTZ)
	}
	switch strings.ToLower(c.LogLevel) {
	case "debug", "info", "warn", "error":
	default:
		return configErrorf("LOG_LEVEL must be debug, info, warn or error")
	}
	switch strings.ToLower(c.LogFormat) {
	case "text", "json":
	default:
		return configErrorf("LOG_FORMAT must be text or json")
	}
	switch c.CouncilMode {
	case "heuristic":
	case "openai", "multi":
		if !needSlack {
			break // demo and replay never call the model
		}
		if strings.TrimSpace(c.OpenAIAPIKey) == "" {
			return configErrorf("COUNCIL_MODE=%s needs OPENAI_API_KEY (an OpenAI key, or the key of the OpenAI-compatible endpoint in OPENAI_BASE_URL); or set COUNCIL_MODE=heuristic", c.CouncilMode)
		}
		if !strings.HasPrefix(c.OpenAIBaseURL, "http://") && !strings.HasPrefix(c.OpenAIBaseURL, "https://") {
			return configErrorf("OPENAI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1")
		}
		if strings.TrimSpace(c.OpenAIModel) == "" {
			return configErrorf("OPENAI_MODEL must name a model")
		}
	default:
		return configErrorf("COUNCIL_MODE must be heuristic, openai or multi")
	}
	for _, r := range []struct {
		name           string
		v, lo, hi      int
		loNote, hiNote string
	}{
		{"AGENT_MAX_RETRIES", c.AgentMaxRetries, 0, 10, "", ""},
		{"AGENT_TIMEOUT_SECONDS", c.AgentTimeoutSeconds, 1, 600, "", ""},
		{"CONTEXT_PACK_TOKEN_BUDGET", c.ContextPackTokenBudget, 200, 200000, "", ""},
		{"RADAR_DEBOUNCE_SECONDS", c.RadarDebounceSeconds, 1, 60, "", ""},
		{"RADAR_REMINDER_MINUTES", c.RadarReminderMinutes, 5, 1440, "", " (a day)"},
		{"RUN_DETAIL_DAYS", c.RunDetailDays, 1, 3650, "", " (ten years)"},
		{"NOTE_DAYS", c.NoteDays, 1, 36500, "", ""},
		{"BACKUP_DAYS", c.BackupDays, 0, 365, " (no daily copies)", ""},
	} {
		if r.v < r.lo || r.v > r.hi {
			return configErrorf("%s must be between %d%s and %d%s", r.name, r.lo, r.loNote, r.hi, r.hiNote)
		}
	}
	if _, err := memlimit.Parse(c.MemoryLimit); err != nil {
		return configErrorf("GOMEMLIMIT: %v (see docs/running.md)", err)
	}
	if !strings.HasSuffix(c.SlackAPIURL, "/") {
		// slack-go appends method names directly.
		return configErrorf("SLACK_API_URL must end with a slash, e.g. https://slack.com/api/")
	}
	return nil
}

// memoryLimit is the soft memory limit in bytes (validate checked it).
func (c Config) memoryLimit() int64 {
	n, err := memlimit.Parse(c.MemoryLimit)
	if err != nil {
		return memlimit.Default
	}
	return n
}

// HTTPMode reports whether Slack's requests come over HTTP: a signing
// secret and no app token. Socket Mode stays the default.
func (c Config) HTTPMode() bool {
	return strings.TrimSpace(c.SlackSigningSecret) != "" && strings.TrimSpace(c.SlackAppToken) == ""
}

// OAuth reports whether workspaces install the app by OAuth (a client id
// is set): each is served with its own token, over HTTP.
func (c Config) OAuth() bool { return strings.TrimSpace(c.SlackClientID) != "" }

// tokenKeys are the token encryption key and the old keys still read.
func (c Config) tokenKeys() (key string, old []string) {
	for k := range strings.SplitSeq(c.TokenEncryptionOldKeys, ",") {
		if k = strings.TrimSpace(k); k != "" {
			old = append(old, k)
		}
	}
	return strings.TrimSpace(c.TokenEncryptionKey), old
}

func (c Config) validateOAuth() error {
	switch {
	case !c.HTTPMode():
		return configErrorf("SLACK_CLIENT_ID is set (installs by OAuth), which needs HTTP mode: set SLACK_SIGNING_SECRET and leave SLACK_APP_TOKEN empty, or unset SLACK_CLIENT_ID to run on one SLACK_BOT_TOKEN")
	case strings.TrimSpace(c.SlackClientSecret) == "":
		return configErrorf("SLACK_CLIENT_SECRET is missing: copy the Client Secret from your app's Basic Information → App Credentials")
	case !strings.HasPrefix(c.SlackRedirectURL, "https://") && !strings.HasPrefix(c.SlackRedirectURL, "http://localhost") && !strings.HasPrefix(c.SlackRedirectURL, "http://127.0.0.1"):
		return configErrorf("SLACK_REDIRECT_URL must be this server's public https address ending in /slack/oauth_redirect, as listed under OAuth & Permissions → Redirect URLs")
	case !strings.HasSuffix(strings.TrimRight(c.SlackRedirectURL, "/"), "/slack/oauth_redirect"):
		return configErrorf("SLACK_REDIRECT_URL must end in /slack/oauth_redirect (the page that finishes an install)")
	}
	key, old := c.tokenKeys()
	if key == "" {
		return configErrorf("TOKEN_ENCRYPTION_KEY is missing: installs keep their tokens encrypted under it; make one with: openssl rand -base64 32")
	}
	if _, err := install.NewSealer(key, old...); err != nil {
		return configErrorf("TOKEN_ENCRYPTION_KEY or TOKEN_ENCRYPTION_OLD_KEYS: %v", err)
	}
	return nil
}

// secrets lists the values that must never appear in output.
func (c Config) secrets() []string {
	var out []string
	key, old := c.tokenKeys()
	for _, s := range append([]string{c.SlackAppToken, c.SlackBotToken, c.SlackSigningSecret, c.OpenAIAPIKey, c.MongoURI, c.SlackClientSecret, key}, old...) {
		if len(s) >= 8 {
			out = append(out, s)
		}
	}
	return out
}

// clearEmpty unsets variables set to nothing: "AGENT_MAX_RETRIES=" (in the
// environment or .env) means "use the default", as it reads, and an empty
// variable must not stop .env from filling it.
func clearEmpty() {
	for _, k := range append(removedKeys, configKeys...) {
		if v, ok := os.LookupEnv(k); ok && strings.TrimSpace(v) == "" {
			_ = os.Unsetenv(k)
		}
	}
}
