package install_test

import (
	"context"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot/install"
)

// installed is a flow whose team T1 went through Add to Slack.
func installed(t *testing.T) *flow {
	t.Helper()
	f := newFlow(t)
	state, cookie := f.start()
	require.Equal(t, http.StatusOK, f.back(state, "code-1", cookie).StatusCode)
	return f
}

// tokens is one process's Tokens on the flow's store.
func (f *flow) tokens() *install.Tokens {
	f.t.Helper()
	tk, err := install.NewTokens(install.TokensConfig{Store: f.store, Sealer: f.sealer, ClientID: clientID, ClientSecret: clientSecret,
		APIURL: f.slack.APIURL(), Now: f.clock.Now, Logger: slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	require.NoError(f.t, err)
	return tk
}

func TestTeamBotIsLookedUpAndCachedBriefly(t *testing.T) {
	f := installed(t)
	tk := f.tokens()
	ctx := context.Background()
	tok, user, err := tk.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken, tok)
	assert.Equal(t, "UBOT1", user)
	_, _, err = tk.TeamBot(ctx, "T2")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "a team that never installed")

	// Uninstalled by another process: this one serves from memory for
	// at most CacheFor, then knows.
	_, err = f.store.DeleteInstallation(ctx, "T1")
	require.NoError(t, err)
	_, _, err = tk.TeamBot(ctx, "T1")
	require.NoError(t, err)
	f.clock.Advance(31 * time.Second)
	_, _, err = tk.TeamBot(ctx, "T1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
}

func TestUninstallDeletesTheTokens(t *testing.T) {
	f := installed(t)
	tk := f.tokens()
	ctx := context.Background()
	_, _, err := tk.TeamBot(ctx, "T1")
	require.NoError(t, err)
	deleted, err := tk.Uninstall(ctx, "T1")
	require.NoError(t, err)
	assert.True(t, deleted)
	_, _, err = tk.TeamBot(ctx, "T1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "no cached token outlives the uninstall")
	_, err = f.store.Installation(ctx, "T1")
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
	deleted, err = tk.Uninstall(ctx, "T1")
	require.NoError(t, err)
	assert.False(t, deleted)
}

func TestTokenIsRefreshedOnceWithLessThanTwoHoursLeft(t *testing.T) {
	f := installed(t)
	a, b := f.tokens(), f.tokens() // two processes
	ctx := context.Background()
	f.clock.Advance(9*time.Hour + 59*time.Minute) // 2 h 1 min left
	tok, _, err := a.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken, tok)
	assert.Zero(t, f.slack.Refreshed())

	f.clock.Advance(2 * time.Minute) // 1 h 59 min left
	tok, _, err = a.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken+"-r1", tok, "refreshed before use")
	in, err := f.store.Installation(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, f.clock.Now().Add(12*time.Hour), in.ExpiresAt)
	plain, err := f.sealer.Open(in.RefreshToken, "T1/refresh")
	require.NoError(t, err)
	assert.Equal(t, refreshToken+"-r1", plain, "the new refresh token is stored, sealed")

	tok, _, err = b.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken+"-r1", tok, "the other process reads the new token")
	assert.Equal(t, 1, f.slack.Refreshed(), "refreshed once across processes")
	assert.NotContains(t, f.logs.String(), botToken)
	assert.NotContains(t, f.logs.String(), refreshToken)
}

func TestARefreshClaimedElsewhereUsesTheCurrentToken(t *testing.T) {
	f := installed(t)
	tk := f.tokens()
	ctx := context.Background()
	f.clock.Advance(11 * time.Hour)
	claimed, err := f.store.ClaimTokenRefresh(ctx, "T1", f.clock.Now().Add(time.Minute))
	require.NoError(t, err)
	require.True(t, claimed)
	tok, _, err := tk.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken, tok, "the token still has an hour")
	assert.Zero(t, f.slack.Refreshed(), "another process holds the refresh")

	f.clock.Advance(time.Hour) // expired, and the claim still stands
	_, err = f.store.ClaimTokenRefresh(ctx, "T1", f.clock.Now().Add(time.Minute))
	require.NoError(t, err)
	_, _, err = tk.TeamBot(ctx, "T1")
	assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err))
}

func TestAFailedRefreshKeepsAGoodTokenAndRefusesAnExpiredOne(t *testing.T) {
	f := installed(t)
	tk := f.tokens()
	ctx := context.Background()
	f.slack.RevokeTokens("T1") // the refresh token no longer works
	f.clock.Advance(11 * time.Hour)
	tok, _, err := tk.TeamBot(ctx, "T1")
	require.NoError(t, err)
	assert.Equal(t, botToken, tok)
	assert.Contains(t, f.logs.String(), "token refresh failed")

	f.clock.Advance(time.Hour + time.Minute)
	_, _, err = tk.TeamBot(ctx, "T1")
	assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err))
	assert.Contains(t, bh.ErrorMessage(err), "add it to Slack again")
}
