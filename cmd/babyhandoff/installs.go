package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/install"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

// Both databases keep installations: the embedded one for one process,
// MongoDB for any number of processes serving any team.
var (
	_ install.Store = (*sqlite.DB)(nil)
	_ install.Store = mongoDB{}
)

// installs is installs by OAuth, wired when SLACK_CLIENT_ID is set: the
// Add to Slack pages and each team's token. Without it (one workspace on
// SLACK_BOT_TOKEN) every part is nil and the bot runs as it always has.
type installs struct {
	pages  *install.Pages
	tokens *install.Tokens
	// url is the Add to Slack page's public address.
	url string
}

// newInstalls builds them on the database's installations.
func newInstalls(db Database, cfg Config, now func() time.Time, log *slog.Logger) (*installs, error) {
	if !cfg.OAuth() {
		return &installs{}, nil
	}
	st, ok := db.(install.Store)
	if !ok {
		// Both engines keep installations (the checks above): a Database
		// without them is a wiring bug, not a setting.
		return nil, fmt.Errorf("installs by OAuth: the database %T keeps no installations", db)
	}
	key, old := cfg.tokenKeys()
	sealer, err := install.NewSealer(key, old...)
	if err != nil {
		return nil, configErrorf("TOKEN_ENCRYPTION_KEY: %v", err)
	}
	tokens, err := install.NewTokens(install.TokensConfig{Store: st, Sealer: sealer, ClientID: cfg.SlackClientID, ClientSecret: cfg.SlackClientSecret,
		APIURL: cfg.SlackAPIURL, Now: now, Logger: log})
	if err != nil {
		return nil, configErrorf("installs by OAuth: %v", err)
	}
	pages, err := install.NewPages(install.Config{ClientID: cfg.SlackClientID, ClientSecret: cfg.SlackClientSecret, RedirectURL: cfg.SlackRedirectURL,
		Store: st, Sealer: sealer, APIURL: cfg.SlackAPIURL, Now: now, Logger: log,
		// A reinstall's new token is used at once.
		Installed: func(_ context.Context, in bh.Installation) { tokens.Forget(in.Key()) }})
	if err != nil {
		return nil, configErrorf("installs by OAuth: %v", err)
	}
	if cfg.SlackBotToken != "" {
		log.Warn("SLACK_BOT_TOKEN is not used with installs by OAuth (SLACK_CLIENT_ID): each workspace is served with its own token; add your workspace at /slack/install")
	}
	log.Info("installs by OAuth: Add to Slack at /slack/install", "redirect_url", cfg.SlackRedirectURL)
	// The install page is served beside the redirect page.
	url := strings.TrimSuffix(strings.TrimRight(cfg.SlackRedirectURL, "/"), "/oauth_redirect") + "/install"
	return &installs{pages: pages, tokens: tokens, url: url}, nil
}

// botToken is the one token the bot holds: none when each team has its own.
func (i *installs) botToken(cfg Config) string {
	if i.tokens != nil {
		return ""
	}
	return cfg.SlackBotToken
}

// teams is the bot's per-team tokens; nil (one token) without installs.
func (i *installs) teams() bot.TeamBots {
	if i.tokens == nil {
		return nil
	}
	return i.tokens
}

// uninstall deletes a team's tokens (app_uninstalled, tokens_revoked);
// nil without installs (one workspace on SLACK_BOT_TOKEN keeps none).
func (i *installs) uninstall() func(ctx context.Context, teamID string) error {
	if i.tokens == nil {
		return nil
	}
	return func(ctx context.Context, teamID string) error {
		_, err := i.tokens.Uninstall(ctx, teamID)
		return err
	}
}
