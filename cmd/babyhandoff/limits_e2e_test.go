package main

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Slack's app_rate_limited (a workspace's events dropped for a minute) is
// acked and raises an alert line with the team and the minute.
func TestE2EAppRateLimitedRaisesAnAlert(t *testing.T) {
	a := startHTTP(t)
	resp, err := a.fake.PostAppRateLimited(a.ctx(), a.team, 1518467820)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Regexp(t, `level=ERROR msg="ALERT slack: app_rate_limited[^\n]*alert=app_rate_limited team=`+a.team+` minute_rate_limited=1518467820`, a.stderr.String())
}
