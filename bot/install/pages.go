package install

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Store keeps installations and the install page's states. Tokens reach it
// sealed. store/sqlite implements it.
type Store interface {
	// SaveInstallation stores in under in.Key(), replacing the one there
	// (a reinstall, or refreshed tokens) and releasing a refresh claim.
	SaveInstallation(ctx context.Context, in bh.Installation) error
	// Installation is the installation under key (a team id, or an org's);
	// ENOTFOUND when the app is not installed there.
	Installation(ctx context.Context, key string) (bh.Installation, error)
	// DeleteInstallation removes it with its tokens; false when none.
	DeleteInstallation(ctx context.Context, key string) (bool, error)
	// ClaimTokenRefresh claims key's refresh until until: true for one
	// caller across processes while the claim stands.
	ClaimTokenRefresh(ctx context.Context, key string, until time.Time) (bool, error)
	// SaveOAuthState keeps a state's nonce until expires.
	SaveOAuthState(ctx context.Context, nonce string, expires time.Time) error
	// TakeOAuthState consumes nonce: true once, before it expires.
	TakeOAuthState(ctx context.Context, nonce string) (bool, error)
}

// BotScopes are the bot scopes an install asks for: manifest.http.yaml's
// (a test keeps the two the same).
var BotScopes = []string{"app_mentions:read", "channels:history", "groups:history", "im:history", "mpim:history",
	"chat:write", "chat:write.public", "commands", "files:write", "users:read", "channels:read", "groups:read", "im:read", "im:write"}

// AuthorizeURL is Slack's v2 authorize page.
const AuthorizeURL = "https://slack.com/oauth/v2/authorize"

// Config configures NewPages. Zero fields take the stated defaults.
type Config struct {
	// ClientID and ClientSecret are the app's (Basic Information → App
	// Credentials); RedirectURL is this server's /slack/oauth_redirect as
	// the app's OAuth settings list it. All required.
	ClientID, ClientSecret, RedirectURL string
	// Store and Sealer are required.
	Store  Store
	Sealer *Sealer
	// Scopes asked for. Default BotScopes.
	Scopes []string
	// AuthorizeURL is Slack's authorize page. Default AuthorizeURL.
	AuthorizeURL string
	// APIURL is the Web API base oauth.v2.access is called on, ending in
	// "/". Default https://slack.com/api/.
	APIURL string
	// HTTPClient calls oauth.v2.access. Default: a 10 s timeout.
	HTTPClient *http.Client
	// Installed, when set, hears each installation just stored.
	Installed func(ctx context.Context, in bh.Installation)
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger: default discard. It never hears a token.
	Logger *slog.Logger
}

// Pages serves GET /slack/install and GET /slack/oauth_redirect.
type Pages struct {
	cfg    Config
	log    *slog.Logger
	signer stateSigner
}

// NewPages checks cfg and builds the pages.
func NewPages(cfg Config) (*Pages, error) {
	switch {
	case cfg.ClientID == "" || cfg.ClientSecret == "" || cfg.RedirectURL == "":
		return nil, bh.Errorf(bh.EINVALID, "install: the client id, client secret and redirect URL are required")
	case cfg.Store == nil || cfg.Sealer == nil:
		return nil, bh.Errorf(bh.EINVALID, "install: a store and a sealer are required")
	}
	if cfg.Scopes == nil {
		cfg.Scopes = BotScopes
	}
	if cfg.AuthorizeURL == "" {
		cfg.AuthorizeURL = AuthorizeURL
	}
	if cfg.APIURL == "" {
		cfg.APIURL = slack.APIURL
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Pages{cfg: cfg, log: cfg.Logger, signer: stateSigner{key: []byte(cfg.ClientSecret)}}, nil
}

// Register adds the two pages to mux.
func (p *Pages) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /slack/install", p.install)
	mux.HandleFunc("GET /slack/oauth_redirect", p.redirect)
}

// install sends the browser to Slack's authorize page with a fresh state,
// and binds that state to this browser by a cookie.
func (p *Pages) install(w http.ResponseWriter, r *http.Request) {
	expires := p.cfg.Now().Add(StateLife)
	nonce, err := newNonce()
	if err == nil {
		err = p.cfg.Store.SaveOAuthState(r.Context(), nonce, expires)
	}
	if err != nil {
		p.log.Error("install: state not saved", "err", err)
		p.page(w, http.StatusServiceUnavailable, refusedPage, "Something went wrong on our side", "Please try Add to Slack again in a minute.")
		return
	}
	q := url.Values{"client_id": {p.cfg.ClientID}, "scope": {strings.Join(p.cfg.Scopes, ",")},
		"redirect_uri": {p.cfg.RedirectURL}, "state": {p.signer.sign(nonce, expires)}}
	http.SetCookie(w, &http.Cookie{Name: stateCookie, Value: nonce, Path: "/slack/", MaxAge: int(StateLife / time.Second),
		HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, p.cfg.AuthorizeURL+"?"+q.Encode(), http.StatusFound)
}

// redirect is where Slack sends the browser back: the state and cookie
// are checked, the code exchanged, the installation stored. Any refusal
// is a page that says what to do, and stores nothing.
func (p *Pages) redirect(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	// The cookie has done its work either way.
	http.SetCookie(w, &http.Cookie{Name: stateCookie, Value: "", Path: "/slack/", MaxAge: -1, HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode})
	if e := q.Get("error"); e != "" {
		p.log.Info("install: cancelled at Slack", "error", e)
		p.page(w, http.StatusOK, refusedPage, "BabyHandoff was not installed", "The install was cancelled in Slack. To try again, open Add to Slack once more.")
		return
	}
	nonce, err := p.signer.check(q.Get("state"), p.cfg.Now())
	switch {
	case errors.Is(err, errExpired):
		p.refuse(w, "expired state", "This install link is older than ten minutes", "Open Add to Slack again and finish within ten minutes.")
		return
	case err != nil:
		p.refuse(w, "forged state", "This install link was not made here", "Open Add to Slack from this site to install BabyHandoff.")
		return
	}
	c, err := r.Cookie(stateCookie)
	if err != nil || subtle.ConstantTimeCompare([]byte(c.Value), []byte(nonce)) != 1 {
		p.refuse(w, "state not from this browser", "Finish the install in the browser you started it in",
			"This link was opened in another browser, or its cookie was blocked. Open Add to Slack again here.")
		return
	}
	taken, err := p.cfg.Store.TakeOAuthState(r.Context(), nonce)
	if err != nil {
		p.log.Error("install: state not checked", "err", err)
		p.page(w, http.StatusServiceUnavailable, refusedPage, "Something went wrong on our side", "Please try Add to Slack again in a minute.")
		return
	}
	if !taken {
		p.refuse(w, "state used already", "This install link was used already", "Each Add to Slack link works once. Open Add to Slack again.")
		return
	}
	code := q.Get("code")
	if code == "" {
		p.refuse(w, "no code", "Slack sent no install code", "Open Add to Slack again.")
		return
	}
	resp, err := slack.GetOAuthV2ResponseContext(r.Context(), p.cfg.HTTPClient, p.cfg.ClientID, p.cfg.ClientSecret, code, p.cfg.RedirectURL,
		slack.OAuthOptionAPIURL(p.cfg.APIURL))
	if err != nil {
		// slack-go's errors carry Slack's code, never the secret or a token.
		p.log.Warn("install: Slack refused the code exchange", "err", err)
		p.page(w, http.StatusBadGateway, refusedPage, "Slack did not confirm the install", "Nothing was saved. Open Add to Slack again; if it keeps failing, the app's client id, secret or redirect URL may be wrong.")
		return
	}
	in, err := p.installation(resp)
	if err != nil {
		p.log.Warn("install: Slack's answer lacks what an install needs; nothing stored", "err", err)
		p.page(w, http.StatusBadGateway, refusedPage, "Slack's answer was incomplete", "Nothing was saved. Open Add to Slack again.")
		return
	}
	if err := p.cfg.Store.SaveInstallation(r.Context(), in); err != nil {
		p.log.Error("install: installation not stored", "team", in.TeamID, "enterprise", in.EnterpriseID, "err", err)
		p.page(w, http.StatusServiceUnavailable, refusedPage, "Something went wrong on our side", "The install was not saved. Please open Add to Slack again in a minute.")
		return
	}
	p.log.Info("install: installed", "team", in.TeamID, "enterprise", in.EnterpriseID, "installer", in.InstallerID, "rotating", in.RefreshToken != "")
	if p.cfg.Installed != nil {
		p.cfg.Installed(r.Context(), in)
	}
	p.page(w, http.StatusOK, installedPage, resp.Team.Name, resp.BotUserID)
}

// installation checks an ok exchange and seals its tokens.
func (p *Pages) installation(resp *slack.OAuthV2Response) (bh.Installation, error) {
	var missing []string
	for _, f := range []struct{ name, v string }{{"access_token", resp.AccessToken}, {"bot_user_id", resp.BotUserID}, {"team or enterprise id", resp.Team.ID + resp.Enterprise.ID}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if resp.TokenType != "" && resp.TokenType != "bot" {
		missing = append(missing, "a bot token (token_type "+resp.TokenType+")")
	}
	if resp.RefreshToken != "" && resp.ExpiresIn <= 0 {
		missing = append(missing, "expires_in")
	}
	if len(missing) > 0 {
		return bh.Installation{}, fmt.Errorf("missing %s", strings.Join(missing, ", "))
	}
	now := p.cfg.Now().UTC()
	in := bh.Installation{TeamID: resp.Team.ID, EnterpriseID: resp.Enterprise.ID, BotUserID: resp.BotUserID,
		InstallerID: resp.AuthedUser.ID, InstalledAt: now.Truncate(time.Millisecond)}
	if resp.IsEnterpriseInstall {
		in.TeamID = "" // an org-wide install serves every workspace of the org
	}
	for s := range strings.SplitSeq(resp.Scope, ",") {
		if s = strings.TrimSpace(s); s != "" {
			in.Scopes = append(in.Scopes, s)
		}
	}
	if resp.RefreshToken != "" {
		in.ExpiresAt = now.Add(time.Duration(resp.ExpiresIn) * time.Second).Truncate(time.Millisecond)
	}
	return sealTokens(p.cfg.Sealer, in, resp.AccessToken, resp.RefreshToken)
}

// sealTokens seals an installation's two tokens, each bound to its key.
func sealTokens(s *Sealer, in bh.Installation, bot, refresh string) (bh.Installation, error) {
	var err error
	if in.BotToken, err = s.Seal(bot, in.Key()+"/bot"); err != nil {
		return bh.Installation{}, err
	}
	if in.RefreshToken, err = s.Seal(refresh, in.Key()+"/refresh"); err != nil {
		return bh.Installation{}, err
	}
	return in, nil
}

func (p *Pages) refuse(w http.ResponseWriter, why, title, next string) {
	p.log.Warn("install: refused", "why", why)
	p.page(w, http.StatusBadRequest, refusedPage, title, next)
}

type pageData struct{ Title, Text string }

func (p *Pages) page(w http.ResponseWriter, status int, t *template.Template, title, text string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := t.Execute(w, pageData{title, text}); err != nil {
		p.log.Warn("install: page not written", "err", err)
	}
}

const pageHead = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>BabyHandoff</title><style>body{font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5;color:#2c3e50}</style></head><body>`

var installedPage = template.Must(template.New("installed").Parse(pageHead + `
<h1>BabyHandoff is in {{if .Title}}{{.Title}}{{else}}your workspace{{end}}</h1>
<p>What to do next:</p>
<ol>
<li>In Slack, open a direct message with <b>BabyHandoff</b> (under Apps) and write a note, like
<i>"fed 4oz at 3:10, next feed around 6"</i>. Only you see it until you share.</li>
<li>Or invite it to your family's channel: type <code>/invite @BabyHandoff</code> there, and everyone in the channel shares the notes.</li>
<li>When you hand over, type <code>/plan</code>, then <code>/handoff @partner</code>.</li>
</ol>
<p>You can close this page.</p></body></html>`))

var refusedPage = template.Must(template.New("refused").Parse(pageHead + `
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<p><a href="/slack/install">Add to Slack</a></p></body></html>`))
