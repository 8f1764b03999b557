-- Installs by OAuth ("Add to Slack"): one row per workspace (or org) the
-- app is installed in. The tokens are sealed by the bot before they reach
-- the store (AES-GCM; the store never sees a plain token). A refresh is
-- claimed here (refresh_claim_until), so one process refreshes a token.
CREATE TABLE installations (
	key                 TEXT PRIMARY KEY,
	team_id             TEXT NOT NULL,
	enterprise_id       TEXT NOT NULL,
	bot_user_id         TEXT NOT NULL,
	bot_token           TEXT NOT NULL,
	refresh_token       TEXT NOT NULL,
	expires_at          INTEGER,
	scopes              TEXT NOT NULL,
	installer_id        TEXT NOT NULL,
	installed_at        INTEGER NOT NULL,
	refresh_claim_until INTEGER
);

-- The install page's states, each taken once before it expires.
CREATE TABLE oauth_states (
	nonce      TEXT PRIMARY KEY,
	expires_at INTEGER NOT NULL
);
CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);
