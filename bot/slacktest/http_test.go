package slacktest

import (
	"net/http"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Sign must produce what slack-go's verifier accepts, and nothing else.
func TestSignIsWhatSlackGoVerifies(t *testing.T) {
	body := []byte(`{"type":"event_callback"}`)
	check := func(secret string, at time.Time, sent []byte) error {
		ts, sig := Sign(secret, at, body)
		h := http.Header{}
		h.Set("X-Slack-Request-Timestamp", ts)
		h.Set("X-Slack-Signature", sig)
		v, err := slack.NewSecretsVerifier(h, "s3cret")
		if err != nil {
			return err
		}
		_, _ = v.Write(sent)
		return v.Ensure()
	}
	require.NoError(t, check("s3cret", time.Now(), body))
	assert.Error(t, check("other", time.Now(), body), "another secret")
	assert.Error(t, check("s3cret", time.Now(), []byte(`{"type":"x"}`)), "another body")
	assert.Error(t, check("s3cret", time.Now().Add(-6*time.Minute), body), "outside the window")
}
