package install

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// TokensConfig configures NewTokens. Zero fields take the stated defaults.
type TokensConfig struct {
	// Store and Sealer are required.
	Store  Store
	Sealer *Sealer
	// ClientID and ClientSecret refresh rotating tokens. Required.
	ClientID, ClientSecret string
	// APIURL is the Web API base of oauth.v2.access. Default slack.APIURL.
	APIURL string
	// HTTPClient calls it. Default: a 10 s timeout.
	HTTPClient *http.Client
	// CacheFor is how long a team's token is kept in memory before it is
	// read again (an uninstall another process heard is seen by then).
	// Default 30 s.
	CacheFor time.Duration
	// RefreshBefore is how long before its expiry a token is refreshed.
	// Default 2 h.
	RefreshBefore time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger: default discard. It never hears a token.
	Logger *slog.Logger
}

// Tokens finds each team's bot token per request: read from the store,
// opened, kept briefly in memory, and refreshed (once, across processes)
// when it has less than RefreshBefore left.
type Tokens struct {
	cfg   TokensConfig
	log   *slog.Logger
	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	bot     Bot
	until   time.Time // read again after
	expires time.Time // zero: the token does not expire
}

// Bot is a team's bot as installed. Token lives in memory only.
type Bot struct {
	Token, UserID string
}

// NewTokens checks cfg and builds Tokens.
func NewTokens(cfg TokensConfig) (*Tokens, error) {
	if cfg.Store == nil || cfg.Sealer == nil || cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, bh.Errorf(bh.EINVALID, "install: tokens need a store, a sealer, the client id and secret")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = slack.APIURL
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.CacheFor <= 0 {
		cfg.CacheFor = 30 * time.Second
	}
	if cfg.RefreshBefore <= 0 {
		cfg.RefreshBefore = 2 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Tokens{cfg: cfg, log: cfg.Logger, cache: map[string]cached{}}, nil
}

// TeamBot is the bot token of the team (or org) key and the bot's user
// there: an error with the code ENOTFOUND when the app is not installed
// there (uninstalled, or never), EUNAVAILABLE when its token expired and
// could not be refreshed.
func (t *Tokens) TeamBot(ctx context.Context, key string) (token, userID string, err error) {
	now := t.cfg.Now()
	t.mu.Lock()
	c, ok := t.cache[key]
	t.mu.Unlock()
	if ok && now.Before(c.until) && (c.expires.IsZero() || c.expires.Sub(now) >= t.cfg.RefreshBefore) {
		return c.bot.Token, c.bot.UserID, nil
	}
	in, err := t.cfg.Store.Installation(ctx, key)
	if err != nil {
		t.Forget(key)
		return "", "", err
	}
	bot, err := t.open(in)
	if err != nil {
		return "", "", err
	}
	if !in.ExpiresAt.IsZero() && in.ExpiresAt.Sub(now) < t.cfg.RefreshBefore {
		if in, bot, err = t.refresh(ctx, in, bot, now); err != nil {
			return "", "", err
		}
	}
	t.mu.Lock()
	t.cache[key] = cached{bot: bot, until: now.Add(t.cfg.CacheFor), expires: in.ExpiresAt}
	t.mu.Unlock()
	return bot.Token, bot.UserID, nil
}

func (t *Tokens) open(in bh.Installation) (Bot, error) {
	tok, err := t.cfg.Sealer.Open(in.BotToken, in.Key()+"/bot")
	if err != nil {
		// A key dropped too early, or a damaged row: the team must reinstall.
		t.log.Error("install: a team's token does not open", "team", in.Key(), "err", err)
		return Bot{}, bh.Errorf(bh.EUNAVAILABLE, "This workspace's install cannot be read; please add BabyHandoff to Slack again.")
	}
	return Bot{Token: tok, UserID: in.BotUserID}, nil
}

// refresh renews a token that is about to expire. One process claims it;
// the others go on with the current token while it lasts.
func (t *Tokens) refresh(ctx context.Context, in bh.Installation, cur Bot, now time.Time) (bh.Installation, Bot, error) {
	stillGood := now.Before(in.ExpiresAt)
	claimed, err := t.cfg.Store.ClaimTokenRefresh(ctx, in.Key(), now.Add(time.Minute))
	if err != nil || !claimed {
		if err != nil {
			t.log.Warn("install: token refresh not claimed", "team", in.Key(), "err", err)
		}
		if stillGood {
			// Not cached past its refresh: the next call reads the new one.
			return bh.Installation{ExpiresAt: now}, cur, nil
		}
		return in, Bot{}, bh.Errorf(bh.EUNAVAILABLE, "This workspace's token is being renewed; try again in a moment.")
	}
	fail := func(err error) (bh.Installation, Bot, error) {
		t.log.Warn("install: token refresh failed", "team", in.Key(), "err", err, "expired", !stillGood)
		if stillGood {
			return bh.Installation{ExpiresAt: now}, cur, nil
		}
		return in, Bot{}, bh.Errorf(bh.EUNAVAILABLE, "BabyHandoff's access to this workspace expired; please add it to Slack again.")
	}
	refreshTok, err := t.cfg.Sealer.Open(in.RefreshToken, in.Key()+"/refresh")
	if err != nil {
		return fail(err)
	}
	resp, err := slack.RefreshOAuthV2TokenContext(ctx, t.cfg.HTTPClient, t.cfg.ClientID, t.cfg.ClientSecret, refreshTok, slack.OAuthOptionAPIURL(t.cfg.APIURL))
	if err != nil {
		return fail(err)
	}
	if resp.AccessToken == "" || resp.RefreshToken == "" || resp.ExpiresIn <= 0 {
		return fail(bh.Errorf(bh.EINVALID, "Slack's refresh answer lacks a token or its expiry"))
	}
	next := in
	next.ExpiresAt = now.UTC().Add(time.Duration(resp.ExpiresIn) * time.Second).Truncate(time.Millisecond)
	if next, err = sealTokens(t.cfg.Sealer, next, resp.AccessToken, resp.RefreshToken); err != nil {
		return fail(err)
	}
	if err := t.cfg.Store.SaveInstallation(ctx, next); err != nil {
		// Slack has the new pair and the old refresh token is spent: the
		// new token serves this process while it is cached.
		t.log.Error("install: refreshed token not stored", "team", in.Key(), "err", err)
	}
	t.log.Info("install: token refreshed", "team", in.Key(), "expires_at", next.ExpiresAt)
	return next, Bot{Token: resp.AccessToken, UserID: in.BotUserID}, nil
}

// Forget drops key's token from memory (a new install, an uninstall).
func (t *Tokens) Forget(key string) {
	t.mu.Lock()
	delete(t.cache, key)
	t.mu.Unlock()
}

// Uninstall deletes key's installation and its tokens (app_uninstalled,
// tokens_revoked); false when there was none.
func (t *Tokens) Uninstall(ctx context.Context, key string) (bool, error) {
	t.Forget(key)
	deleted, err := t.cfg.Store.DeleteInstallation(ctx, key)
	t.Forget(key) // a lookup that raced the delete
	if err == nil && deleted {
		t.log.Info("install: uninstalled; its tokens are deleted", "team", key)
	}
	return deleted, err
}
