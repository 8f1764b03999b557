package storetest

import (
	"context"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Installations are installs by OAuth: the sealed tokens of each
// workspace, the install page's single-use states, and the claim that
// lets one process refresh a token.
type Installations interface {
	SaveInstallation(ctx context.Context, in bh.Installation) error
	Installation(ctx context.Context, key string) (bh.Installation, error)
	DeleteInstallation(ctx context.Context, key string) (bool, error)
	ClaimTokenRefresh(ctx context.Context, key string, until time.Time) (bool, error)
	SaveOAuthState(ctx context.Context, nonce string, expires time.Time) error
	TakeOAuthState(ctx context.Context, nonce string) (bool, error)
}

// installs is the case's store as Installations; an engine without them
// skips the case, saying so.
func (h *H) installs() Installations {
	h.T.Helper()
	is, ok := h.Store.(Installations)
	if !ok {
		h.T.Skip("this engine keeps no installations")
	}
	return is
}

func installation(team string, at time.Time) bh.Installation {
	return bh.Installation{TeamID: team, BotUserID: "UBOT" + team, BotToken: "sealed-bot-" + team, RefreshToken: "sealed-refresh-" + team,
		ExpiresAt: at.Add(12 * time.Hour), Scopes: []string{"chat:write", "im:history"}, InstallerID: "U1", InstalledAt: at}
}

var installationCases = []suiteCase{
	{"InstallationIsKeptAsGivenAndReplacedByAReinstall", func(h *H) {
		is := h.installs()
		in := installation(Team, h.Clock.Now())
		require.NoError(h.T, is.SaveInstallation(h.Ctx, in))
		got, err := is.Installation(h.Ctx, Team)
		require.NoError(h.T, err)
		assert.Equal(h.T, in, got)
		_, err = is.Installation(h.Ctx, "T2")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))

		h.Clock.Advance(time.Hour)
		again := installation(Team, h.Clock.Now())
		again.BotToken, again.RefreshToken, again.ExpiresAt, again.Scopes = "sealed-new", "", time.Time{}, []string{"chat:write"}
		require.NoError(h.T, is.SaveInstallation(h.Ctx, again))
		got, err = is.Installation(h.Ctx, Team)
		require.NoError(h.T, err)
		assert.Equal(h.T, again, got, "a reinstall replaces the tokens; one without rotation has no refresh token")

		org := bh.Installation{EnterpriseID: "E1", BotUserID: "UB", BotToken: "sealed-org", Scopes: []string{"chat:write"}, InstalledAt: h.Clock.Now()}
		require.NoError(h.T, is.SaveInstallation(h.Ctx, org))
		got, err = is.Installation(h.Ctx, "E1")
		require.NoError(h.T, err)
		assert.Equal(h.T, org, got, "an org-wide install is found by the org's id")

		err = is.SaveInstallation(h.Ctx, bh.Installation{BotToken: "x"})
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err), "an installation without a team is refused")
	}},
	{"DeletedInstallationHasNoTokensLeft", func(h *H) {
		is := h.installs()
		require.NoError(h.T, is.SaveInstallation(h.Ctx, installation(Team, h.Clock.Now())))
		require.NoError(h.T, is.SaveInstallation(h.Ctx, installation("T2", h.Clock.Now())))
		deleted, err := is.DeleteInstallation(h.Ctx, Team)
		require.NoError(h.T, err)
		assert.True(h.T, deleted)
		_, err = is.Installation(h.Ctx, Team)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		deleted, err = is.DeleteInstallation(h.Ctx, Team)
		require.NoError(h.T, err)
		assert.False(h.T, deleted, "a second uninstall finds nothing")
		_, err = is.Installation(h.Ctx, "T2")
		assert.NoError(h.T, err, "another workspace's installation stays")
	}},
	{"OAuthStateIsTakenOnceBeforeItExpires", func(h *H) {
		is := h.installs()
		require.NoError(h.T, is.SaveOAuthState(h.Ctx, "n1", h.Clock.Now().Add(10*time.Minute)))
		require.NoError(h.T, is.SaveOAuthState(h.Ctx, "n2", h.Clock.Now().Add(10*time.Minute)))
		for _, c := range []struct {
			nonce string
			want  bool
		}{{"n1", true}, {"n1", false}, {"forged", false}} {
			taken, err := is.TakeOAuthState(h.Ctx, c.nonce)
			require.NoError(h.T, err)
			assert.Equal(h.T, c.want, taken, c.nonce)
		}
		h.Clock.Advance(10*time.Minute + time.Second)
		taken, err := is.TakeOAuthState(h.Ctx, "n2")
		require.NoError(h.T, err)
		assert.False(h.T, taken, "a state past its ten minutes is refused")
	}},
	{"TokenRefreshIsClaimedByOne", func(h *H) {
		is := h.installs()
		claimed, err := is.ClaimTokenRefresh(h.Ctx, Team, h.Clock.Now().Add(time.Minute))
		require.NoError(h.T, err)
		assert.False(h.T, claimed, "nothing to refresh without an installation")
		require.NoError(h.T, is.SaveInstallation(h.Ctx, installation(Team, h.Clock.Now())))
		for _, want := range []bool{true, false} {
			claimed, err = is.ClaimTokenRefresh(h.Ctx, Team, h.Clock.Now().Add(time.Minute))
			require.NoError(h.T, err)
			assert.Equal(h.T, want, claimed)
		}
		h.Clock.Advance(time.Minute)
		claimed, err = is.ClaimTokenRefresh(h.Ctx, Team, h.Clock.Now().Add(time.Minute))
		require.NoError(h.T, err)
		assert.True(h.T, claimed, "a claim whose holder died lapses")
		require.NoError(h.T, is.SaveInstallation(h.Ctx, installation(Team, h.Clock.Now())))
		claimed, err = is.ClaimTokenRefresh(h.Ctx, Team, h.Clock.Now().Add(time.Minute))
		require.NoError(h.T, err)
		assert.True(h.T, claimed, "saving the refreshed tokens releases the claim")
	}},
}
