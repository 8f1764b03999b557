package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

const (
	oauthClientID, oauthClientSecret = "1111.2222", "test-client-secret-e2e-0123"
	oauthKey                         = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
)

// startOAuth runs the program in HTTP mode with installs by OAuth, on no
// SLACK_BOT_TOKEN: every workspace arrives by Add to Slack.
func startOAuth(t *testing.T, setup ...func(*Main)) *httpApp {
	t.Helper()
	a := startHTTPWith(t, map[string]string{"SLACK_BOT_TOKEN": "", "SLACK_CLIENT_ID": oauthClientID, "SLACK_CLIENT_SECRET": oauthClientSecret,
		"SLACK_REDIRECT_URL": "https://bot.example.org/slack/oauth_redirect", "TOKEN_ENCRYPTION_KEY": oauthKey}, setup...)
	a.fake.SetOAuthApp(oauthClientID, oauthClientSecret)
	return a
}

// addToSlack is a person's Add to Slack in a browser: the install page,
// Slack's Allow (a grant for code), the redirect back. It returns the
// last page.
func (a *httpApp) addToSlack(g slacktest.Grant) (int, string) {
	a.t.Helper()
	a.fake.AddGrant(g)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(a.url + "/slack/install")
	require.NoError(a.t, err)
	resp.Body.Close()
	require.Equal(a.t, http.StatusFound, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(a.t, err)
	require.Equal(a.t, "slack.com", loc.Host)
	require.Len(a.t, resp.Cookies(), 1)
	req, err := http.NewRequest(http.MethodGet, a.url+"/slack/oauth_redirect?"+url.Values{"code": {g.Code}, "state": {loc.Query().Get("state")}}.Encode(), nil)
	require.NoError(a.t, err)
	req.AddCookie(resp.Cookies()[0]) // a browser sends it back; Go's jar keeps Secure cookies for https only
	resp, err = noRedirect.Do(req)
	require.NoError(a.t, err)
	defer resp.Body.Close()
	page, err := io.ReadAll(resp.Body)
	require.NoError(a.t, err)
	return resp.StatusCode, string(page)
}

// dmNote posts a DM note from team's person as Slack would.
func (a *httpApp) dmNote(team, channel, user, text, ts string) slacktest.HTTPResponse {
	a.t.Helper()
	_, resp, err := a.fake.PostEvent(a.ctx(), map[string]any{"_team_id": team, "type": "message", "channel": channel, "channel_type": "im",
		"user": user, "text": text, "ts": ts, "event_ts": ts}, slacktest.HTTPOptions{})
	require.NoError(a.t, err)
	return resp
}

// installStore is what the test reads of the running bot's installations.
type installStore interface {
	Installation(ctx context.Context, key string) (bh.Installation, error)
}

// Many families on one deployment: two workspaces add the app, each one's
// notes, replies and cards go out with its own token, and an uninstall
// deletes that workspace's tokens: its next event is ignored and logged,
// once, while the other workspace goes on.
func TestE2EInstallByOAuthServesEachTeamWithItsTokenUntilUninstalled(t *testing.T) {
	a := startOAuth(t)
	grants := []slacktest.Grant{
		{Code: "code-a", TeamID: "TA", TeamName: "The Parks", BotUserID: "UBOTA", InstallerID: "UA1", Scope: "chat:write,im:history",
			BotToken: "xoxb-team-a-secret-token", RefreshToken: "xoxe-1-team-a-refresh", ExpiresIn: 43200},
		{Code: "code-b", TeamID: "TB", TeamName: "The Lees", BotUserID: "UBOTB", InstallerID: "UB1", Scope: "chat:write,im:history",
			BotToken: "xoxb-team-b-secret-token", RefreshToken: "xoxe-1-team-b-refresh", ExpiresIn: 43200},
	}
	for _, g := range grants {
		status, page := a.addToSlack(g)
		require.Equal(t, http.StatusOK, status, page)
		assert.Contains(t, page, g.TeamName)
		assert.Contains(t, page, "direct message with <b>BabyHandoff</b>")
	}
	st := dbOf(a.main).(installStore)
	in, err := st.Installation(a.ctx(), "TA")
	require.NoError(t, err)
	assert.Equal(t, "UBOTA", in.BotUserID)
	assert.NotContains(t, in.BotToken, "xoxb-team-a", "sealed at rest")

	// A first DM note from each team: each reply goes out with its team's token.
	for i, team := range []string{"TA", "TB"} {
		ts := "1700000000.00010" + string(rune('0'+i))
		require.Equal(t, http.StatusOK, a.dmNote(team, "D"+team, "U"+team+"1", "deadline: daycare form due tomorrow 5pm", ts).Status, "log:\n%s", a.stderr.String())
		reply := a.replyTo("D"+team, ts)
		assert.Equal(t, grants[i].BotToken, reply.Token, "team %s's reply", team)
	}
	// /plan from team A: the card is posted with A's token, and links its
	// task's note under A's address.
	now := fmt.Sprintf("%d.000100", time.Now().Unix())
	require.Equal(t, http.StatusOK, a.dmNote("TA", "DTA", "UTA1", "<@UBOTA> task: call the pediatrician about the rash", now).Status)
	a.replyTo("DTA", now)
	db := dbOf(a.main)
	sh, err := db.Shift(a.ctx(), "TA", "DTA")
	require.NoError(t, err)
	n, err := db.NoteByMessage(a.ctx(), "TA", "DTA", now)
	require.NoError(t, err)
	assert.Equal(t, sh.ID, n.ShiftID)
	assert.NotContains(t, n.RawText, "UBOTA", "a mention of team A's bot is not part of the note")
	resp, err := a.fake.PostCommand(a.ctx(), url.Values{"team_id": {"TA"}, "command": {"/plan"}, "channel_id": {"DTA"}, "user_id": {"UTA1"}, "user_name": {"parent"}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	card := a.waitCard("DTA", "v1 · ")
	for _, c := range a.fake.Calls("chat.postMessage") {
		if c.Form.Get("channel") == "DTA" || c.Form.Get("channel") == "DTB" {
			want := grants[0].BotToken
			if c.Form.Get("channel") == "DTB" {
				want = grants[1].BotToken
			}
			assert.Equal(t, want, c.Token, "every post in %s", c.Form.Get("channel"))
		}
	}
	require.NotEmpty(t, card.ts)
	assert.Contains(t, string(card.raw), "https://fake.slack.test/archives/DTA/p"+strings.ReplaceAll(now, ".", ""), "the card links its note under team A's address")

	// Team A uninstalls: its tokens are deleted.
	_, resp, err = a.fake.PostEvent(a.ctx(), map[string]any{"_team_id": "TA", "type": "app_uninstalled", "event_ts": "1700000001.000000"}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	require.Eventually(t, func() bool { return strings.Contains(a.stderr.String(), "uninstalled; the team's tokens are deleted") },
		10*time.Second, 10*time.Millisecond, "log:\n%s", a.stderr.String())
	_, err = st.Installation(a.ctx(), "TA")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "team A's tokens are gone")
	a.fake.RevokeTokens("TA")

	// Its next events are acked and ignored, said once in the log.
	posts := len(a.fake.Calls("chat.postMessage"))
	for _, ts := range []string{"1700000002.000100", "1700000002.000200"} {
		assert.Equal(t, http.StatusOK, a.dmNote("TA", "DTA", "UTA1", "pump at 3pm", ts).Status)
	}
	assert.Equal(t, 1, strings.Count(a.stderr.String(), "not installed in; ignored"), "logged once an hour per team; log:\n%s", a.stderr.String())
	assert.Contains(t, a.stderr.String(), "team=TA")
	// A person who types a command there is told how to add it again.
	resp, err = a.fake.PostCommand(a.ctx(), url.Values{"team_id": {"TA"}, "command": {"/plan"}, "channel_id": {"DTA"}, "user_id": {"UTA1"}, "user_name": {"parent"}}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	assert.Contains(t, string(resp.Body), "not installed in this workspace any more")
	assert.Contains(t, string(resp.Body), "https://bot.example.org/slack/install")

	// Team B goes on with its own token.
	require.Equal(t, http.StatusOK, a.dmNote("TB", "DTB", "UTB1", "pump at 3pm", "1700000003.000100").Status)
	assert.Equal(t, grants[1].BotToken, a.replyTo("DTB", "1700000003.000100").Token)
	assert.Equal(t, posts+1, len(a.fake.Calls("chat.postMessage")), "nothing posted for team A")

	for _, g := range grants {
		for _, secret := range []string{g.BotToken, g.RefreshToken, oauthClientSecret, oauthKey} {
			assert.NotContains(t, a.stderr.String(), secret, "no token or secret in the log")
		}
	}
}

// A token with less than two hours left is refreshed before it is used;
// tokens_revoked deletes the installation when the bot's token is among
// those revoked (a person's own are none of its business).
func TestE2EInstallByOAuthRefreshesAndHearsRevokedTokens(t *testing.T) {
	a := startOAuth(t)
	g := slacktest.Grant{Code: "code-c", TeamID: "TC", TeamName: "The Okafors", BotUserID: "UBOTC", InstallerID: "UC1", Scope: "chat:write",
		BotToken: "xoxb-team-c-secret-token", RefreshToken: "xoxe-1-team-c-refresh", ExpiresIn: 3600}
	status, page := a.addToSlack(g)
	require.Equal(t, http.StatusOK, status, page)
	require.Equal(t, http.StatusOK, a.dmNote("TC", "DTC", "UC1", "pump at 3pm", "1700000000.000100").Status)
	assert.Equal(t, g.BotToken+"-r1", a.replyTo("DTC", "1700000000.000100").Token, "an hour left: refreshed before use")
	assert.Equal(t, 1, a.fake.Refreshed())

	revoke := func(tokens map[string]any) {
		_, resp, err := a.fake.PostEvent(a.ctx(), map[string]any{"_team_id": "TC", "type": "tokens_revoked", "tokens": tokens, "event_ts": "1700000001.000000"}, slacktest.HTTPOptions{})
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.Status)
	}
	st := dbOf(a.main).(installStore)
	revoke(map[string]any{"oauth": []any{"UC1"}})
	_, err := st.Installation(a.ctx(), "TC")
	assert.NoError(t, err, "a person's token revoked: the bot's stays")
	revoke(map[string]any{"bot": []any{"UBOTC"}})
	require.Eventually(t, func() bool { return strings.Contains(a.stderr.String(), "event=tokens_revoked") },
		10*time.Second, 10*time.Millisecond, "log:\n%s", a.stderr.String())
	_, err = st.Installation(a.ctx(), "TC")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	assert.NotContains(t, a.stderr.String(), "xoxb-team-c")
	assert.NotContains(t, a.stderr.String(), "xoxe-1-team-c")
}

// An uninstall stops the workspace's radar: the reminder that comes due
// after it is not sent (there is no token to send it with), the family's
// radar is switched off with the reason, once, and later sweeps try
// nothing more.
func TestE2EUninstallStopsTheRadar(t *testing.T) {
	clock := clocktest.New(radarT0)
	setup, nudgers := fakeTime(clock)
	a := startOAuth(t, setup)
	nudger := <-nudgers
	g := slacktest.Grant{Code: "code-r", TeamID: "TR", TeamName: "The Rossis", BotUserID: "UBOTR", InstallerID: "UR1", Scope: "chat:write,im:history",
		BotToken: "xoxb-team-r-secret-token", RefreshToken: "xoxe-1-team-r-refresh", ExpiresIn: 43200}
	status, page := a.addToSlack(g)
	require.Equal(t, http.StatusOK, status, page)
	// The family's zone is UTC from the first note: "3pm" is five hours off.
	a.fake.SetUser(slacktest.User{ID: "UR1", Name: "parent", TZ: "UTC"})
	ts := tsAt(clock.Now(), 100)
	require.Equal(t, http.StatusOK, a.dmNote("TR", "DTR", "UR1", "deadline: daycare form due today 3pm", ts).Status)
	a.replyTo("DTR", ts)
	nudge := a.radarMessage(clock, "DTR", func(slacktest.Message) bool { return true })
	require.NotEmpty(t, nudge.TS)

	_, resp, err := a.fake.PostEvent(a.ctx(), map[string]any{"_team_id": "TR", "type": "app_uninstalled", "event_ts": "1700000001.000000"}, slacktest.HTTPOptions{})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	require.Eventually(t, func() bool { return strings.Contains(a.stderr.String(), "uninstalled; the team's tokens are deleted") },
		10*time.Second, 10*time.Millisecond, "log:\n%s", a.stderr.String())
	a.fake.RevokeTokens("TR")

	calls := func() int { return len(a.fake.Calls("chat.postMessage")) + len(a.fake.Calls("chat.update")) }
	before := calls()
	clock.Advance(3 * time.Hour) // 13:00: the reminder two hours before 3pm is due
	nudger.Tick(a.ctx())
	require.Eventually(t, func() bool { return strings.Contains(a.stderr.String(), "radar: stopped posting") },
		10*time.Second, 10*time.Millisecond, "log:\n%s", a.stderr.String())
	sweeps := func() int {
		for range 3 {
			clock.Advance(time.Minute)
			nudger.Tick(a.ctx())
		}
		return strings.Count(a.stderr.String(), "radar: stopped posting")
	}
	// Switched off by what was under way (the reminder, a look), then
	// never tried again.
	off := sweeps()
	assert.Equal(t, off, sweeps(), "not retried on later sweeps; log:\n%s", a.stderr.String())
	assert.Equal(t, before, calls(), "nothing sent for the workspace after its uninstall")
	sh, err := dbOf(a.main).Shift(a.ctx(), "TR", "DTR")
	require.NoError(t, err)
	set, err := dbOf(a.main).RadarSettings(a.ctx(), "TR", sh.ID)
	require.NoError(t, err)
	assert.NotEmpty(t, set.Off, "the family's radar is off, with the reason")
}
