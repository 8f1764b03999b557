// Package install is the app's installs by OAuth ("Add to Slack"): the
// install and redirect pages with a state bound to the browser, the code
// exchange, the installations' tokens sealed at rest, and each team's
// token found per request (cached briefly, refreshed before it expires).
// Socket Mode on one SLACK_BOT_TOKEN never uses it.
//
// The rooms, one reason per file:
//
//   - seal.go: AES-GCM under TOKEN_ENCRYPTION_KEY, old keys kept to open.
//   - state.go: the signed, single-use, ten-minute state and its cookie.
//   - pages.go: GET /slack/install and GET /slack/oauth_redirect.
//   - tokens.go: a team's token, looked up, cached, refreshed, forgotten.
package install
