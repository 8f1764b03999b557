package httpmode_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/bot/httpmode"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// Whatever a signed body holds, the transport answers with a status Slack
// understands and never panics; an unsigned copy never gets past 401.
func FuzzSignedRequest(f *testing.F) {
	for _, seed := range []string{
		`{"type":"url_verification","challenge":"c"}`,
		`{"type":"event_callback","team_id":"T1","event_id":"Ev1","event":{"type":"message","channel":"D1","channel_type":"im","user":"U1","text":"x","ts":"1.1"}}`,
		`payload={"type":"block_actions","actions":[{"action_id":"a","block_id":"b"}]}`,
		`command=/plan&text=tonight&team_id=T1`,
		`{"type":"event_callback","event":null}`, `payload=%7B`, ``,
	} {
		f.Add(seed, uint8(0))
		f.Add(seed, uint8(1))
		f.Add(seed, uint8(2))
	}
	paths := []string{"/slack/events", "/slack/interactivity", "/slack/commands"}
	f.Fuzz(func(t *testing.T, body string, which uint8) {
		bot := &fakeBot{seen: map[string]bool{}}
		srv, err := httpmode.New(httpmode.Config{SigningSecret: secret, Envelopes: bot, Events: bot, Database: bot})
		if err != nil {
			t.Fatal(err)
		}
		path := paths[int(which)%len(paths)]
		send := func(signed bool) int {
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader([]byte(body)))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if signed {
				ts, sig := slacktest.Sign(secret, time.Now(), []byte(body))
				req.Header.Set("X-Slack-Request-Timestamp", ts)
				req.Header.Set("X-Slack-Signature", sig)
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			return w.Code
		}
		switch code := send(true); code {
		case http.StatusOK, http.StatusBadRequest:
		default:
			t.Fatalf("%s answered %d", path, code)
		}
		if code := send(false); code != http.StatusUnauthorized {
			t.Fatalf("unsigned: %d", code)
		}
	})
}
