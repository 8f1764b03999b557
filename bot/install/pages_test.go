package install_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/install"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store/sqlite"
)

const (
	clientID, clientSecret = "111.222", "fake-client-secret"
	redirectURL            = "https://bot.example.org/slack/oauth_redirect"
	botToken, refreshToken = "xoxb-fake-team-one-bot", "xoxe-1-fake-team-one-refresh"
)

// flow is an install's world: the pages on a fresh store, the fake
// Slack's OAuth side with one grant, a clock and everything logged.
type flow struct {
	t      *testing.T
	pages  *install.Pages
	mux    *http.ServeMux
	store  *sqlite.DB
	slack  *slacktest.Server
	clock  *clocktest.Clock
	sealer *install.Sealer
	logs   *bytes.Buffer
}

func newFlow(t *testing.T) *flow {
	t.Helper()
	f := &flow{t: t, clock: clocktest.New(time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)), logs: &bytes.Buffer{}}
	db, err := sqlite.Open(context.Background(), sqlite.Config{DataDir: t.TempDir(), Now: f.clock.Now})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close(context.Background())) })
	f.store = db
	f.slack = slacktest.New(slacktest.Config{})
	t.Cleanup(f.slack.Close)
	f.slack.SetOAuthApp(clientID, clientSecret)
	f.slack.AddGrant(slacktest.Grant{Code: "code-1", TeamID: "T1", TeamName: "The Parks", BotUserID: "UBOT1", InstallerID: "U1",
		Scope: "chat:write,im:history", BotToken: botToken, RefreshToken: refreshToken, ExpiresIn: 43200})
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	f.sealer, err = install.NewSealer(base64.StdEncoding.EncodeToString(raw))
	require.NoError(t, err)
	f.pages, err = install.NewPages(install.Config{ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
		Store: db, Sealer: f.sealer, APIURL: f.slack.APIURL(), Now: f.clock.Now,
		Logger: slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	require.NoError(t, err)
	f.mux = http.NewServeMux()
	f.pages.Register(f.mux)
	return f
}

func (f *flow) get(target string, cookies ...*http.Cookie) *http.Response {
	f.t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for _, c := range cookies {
		r.AddCookie(c)
	}
	w := httptest.NewRecorder()
	f.mux.ServeHTTP(w, r)
	return w.Result()
}

// start opens the install page: the state Slack would send back and the
// browser's cookie.
func (f *flow) start() (state string, cookie *http.Cookie) {
	f.t.Helper()
	resp := f.get("/slack/install")
	require.Equal(f.t, http.StatusFound, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(f.t, err)
	require.Len(f.t, resp.Cookies(), 1)
	return loc.Query().Get("state"), resp.Cookies()[0]
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}

func (f *flow) back(state, code string, cookies ...*http.Cookie) *http.Response {
	return f.get("/slack/oauth_redirect?"+url.Values{"state": {state}, "code": {code}}.Encode(), cookies...)
}

func TestInstallRedirectsToSlackWithAStateBoundToTheBrowser(t *testing.T) {
	f := newFlow(t)
	resp := f.get("/slack/install")
	require.Equal(t, http.StatusFound, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.Equal(t, "https://slack.com/oauth/v2/authorize", loc.Scheme+"://"+loc.Host+loc.Path)
	q := loc.Query()
	assert.Equal(t, clientID, q.Get("client_id"))
	assert.Equal(t, redirectURL, q.Get("redirect_uri"))
	assert.Equal(t, strings.Join(install.BotScopes, ","), q.Get("scope"))
	require.NotEmpty(t, q.Get("state"))
	c := resp.Cookies()[0]
	assert.True(t, c.HttpOnly && c.Secure, "the cookie is HttpOnly and Secure")
	assert.Equal(t, http.SameSiteLaxMode, c.SameSite, "Lax: it comes back on Slack's redirect, a top-level GET")
	assert.Equal(t, 600, c.MaxAge)
	assert.Contains(t, q.Get("state"), c.Value, "the state names the cookie's nonce")
}

func TestRedirectStoresTheInstallationWithSealedTokens(t *testing.T) {
	f := newFlow(t)
	state, cookie := f.start()
	f.clock.Advance(9 * time.Minute)
	resp := f.back(state, "code-1", cookie)
	page := body(t, resp)
	require.Equal(t, http.StatusOK, resp.StatusCode, page)
	assert.Contains(t, page, "The Parks")
	assert.Contains(t, page, "direct message with <b>BabyHandoff</b>")
	assert.Contains(t, page, "/invite @BabyHandoff")

	in, err := f.store.Installation(context.Background(), "T1")
	require.NoError(t, err)
	assert.Equal(t, "UBOT1", in.BotUserID)
	assert.Equal(t, "U1", in.InstallerID)
	assert.Equal(t, []string{"chat:write", "im:history"}, in.Scopes)
	assert.Equal(t, f.clock.Now().Add(12*time.Hour), in.ExpiresAt)
	assert.Equal(t, f.clock.Now(), in.InstalledAt)
	assert.NotContains(t, in.BotToken, botToken, "sealed at rest")
	assert.NotContains(t, in.RefreshToken, refreshToken, "sealed at rest")
	plain, err := f.sealer.Open(in.BotToken, "T1/bot")
	require.NoError(t, err)
	assert.Equal(t, botToken, plain)
	plain, err = f.sealer.Open(in.RefreshToken, "T1/refresh")
	require.NoError(t, err)
	assert.Equal(t, refreshToken, plain)

	require.Contains(t, f.logs.String(), "install: installed")
	assert.NotContains(t, f.logs.String(), botToken, "no token in the logs")
	assert.NotContains(t, f.logs.String(), refreshToken)
	assert.NotContains(t, f.logs.String(), clientSecret)
}

// Every refusal is a page for a person, and nothing is stored.
func TestRedirectRefuses(t *testing.T) {
	for _, c := range []struct {
		name, want string
		status     int
		do         func(f *flow) *http.Response
	}{
		{"forged state", "not made here", 400, func(f *flow) *http.Response {
			state, cookie := f.start()
			return f.back(state[:len(state)-3]+"AAA", "code-1", cookie)
		}},
		{"a state made with another secret", "not made here", 400, func(f *flow) *http.Response {
			_, cookie := f.start()
			return f.back(cookie.Value+".9999999999.bm90LWEtbWFj", "code-1", cookie)
		}},
		{"reused state", "used already", 400, func(f *flow) *http.Response {
			state, cookie := f.start()
			f.slack.AddGrant(slacktest.Grant{Code: "code-0", TeamID: "T0", BotUserID: "UB0", BotToken: "xoxb-zero"})
			require.Equal(f.t, http.StatusOK, f.back(state, "code-0", cookie).StatusCode)
			return f.back(state, "code-1", cookie)
		}},
		{"no cookie", "browser you started it in", 400, func(f *flow) *http.Response {
			state, _ := f.start()
			return f.back(state, "code-1")
		}},
		{"another browser's cookie", "browser you started it in", 400, func(f *flow) *http.Response {
			state, _ := f.start()
			_, other := f.start()
			return f.back(state, "code-1", other)
		}},
		{"expired state", "older than ten minutes", 400, func(f *flow) *http.Response {
			state, cookie := f.start()
			f.clock.Advance(10*time.Minute + time.Second)
			return f.back(state, "code-1", cookie)
		}},
		{"cancelled at Slack", "cancelled", 200, func(f *flow) *http.Response {
			state, cookie := f.start()
			return f.get("/slack/oauth_redirect?error=access_denied&state="+url.QueryEscape(state), cookie)
		}},
		{"a failed exchange", "did not confirm", 502, func(f *flow) *http.Response {
			state, cookie := f.start()
			return f.back(state, "code-unknown", cookie)
		}},
		{"an ok answer without a bot user", "incomplete", 502, func(f *flow) *http.Response {
			state, cookie := f.start()
			f.slack.FailNext("oauth.v2.access", slacktest.Failure{Body: map[string]any{"ok": true, "access_token": "xoxb-x", "token_type": "bot", "team": map[string]any{"id": "T1"}}})
			return f.back(state, "code-1", cookie)
		}},
		{"a rotating token without its expiry", "incomplete", 502, func(f *flow) *http.Response {
			state, cookie := f.start()
			f.slack.FailNext("oauth.v2.access", slacktest.Failure{Body: map[string]any{"ok": true, "access_token": "xoxb-x", "token_type": "bot",
				"bot_user_id": "UB", "refresh_token": "xoxe-x", "team": map[string]any{"id": "T1"}}})
			return f.back(state, "code-1", cookie)
		}},
		{"a user token", "incomplete", 502, func(f *flow) *http.Response {
			state, cookie := f.start()
			f.slack.FailNext("oauth.v2.access", slacktest.Failure{Body: map[string]any{"ok": true, "access_token": "xoxp-x", "token_type": "user",
				"bot_user_id": "UB", "team": map[string]any{"id": "T1"}}})
			return f.back(state, "code-1", cookie)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFlow(t)
			resp := c.do(f)
			page := body(t, resp)
			assert.Equal(t, c.status, resp.StatusCode)
			assert.Contains(t, page, c.want)
			assert.Contains(t, page, `href="/slack/install"`, "the page offers to start again")
			_, err := f.store.Installation(context.Background(), "T1")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "nothing stored")
		})
	}
}

// The install asks for the scopes the HTTP manifest declares.
func TestBotScopesAreTheManifests(t *testing.T) {
	raw, err := os.ReadFile("../../manifest.http.yaml")
	require.NoError(t, err)
	var m struct {
		OAuth struct {
			Scopes struct {
				Bot []string `yaml:"bot"`
			} `yaml:"scopes"`
			RedirectURLs []string `yaml:"redirect_urls"`
		} `yaml:"oauth_config"`
		Settings struct {
			Rotation bool `yaml:"token_rotation_enabled"`
		} `yaml:"settings"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &m))
	assert.Equal(t, m.OAuth.Scopes.Bot, install.BotScopes)
	assert.Equal(t, []string{redirectURL}, m.OAuth.RedirectURLs, "the manifest's redirect URL is the example's")
	assert.True(t, m.Settings.Rotation, "installs by OAuth refresh their tokens")
}
