package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: installs by OAuth (tables installations and oauth_states).
// Tokens arrive sealed and are kept as given.

// SaveInstallation stores in under its key, replacing the one there (a
// reinstall, or tokens just refreshed) and releasing any refresh claim.
func (db *DB) SaveInstallation(ctx context.Context, in bh.Installation) error {
	if in.Key() == "" || in.BotToken == "" {
		return db.fail("save installation", bh.Errorf(bh.EINVALID, "an installation needs a team or enterprise id and a bot token"))
	}
	var expires any
	if !in.ExpiresAt.IsZero() {
		expires = ms(in.ExpiresAt)
	}
	return db.write(ctx, "save installation", func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO installations
			(key, team_id, enterprise_id, bot_user_id, bot_token, refresh_token, expires_at, scopes, installer_id, installed_at, refresh_claim_until)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
			in.Key(), in.TeamID, in.EnterpriseID, in.BotUserID, in.BotToken, in.RefreshToken, expires,
			strings.Join(in.Scopes, ","), in.InstallerID, ms(in.InstalledAt))
		return err
	})
}

// Installation returns the installation stored under key (a team id, or
// an org's id); ENOTFOUND when the app is not installed there.
func (db *DB) Installation(ctx context.Context, key string) (bh.Installation, error) {
	var in bh.Installation
	var expires sql.NullInt64
	var scopes string
	var at int64
	err := db.rq.QueryRowContext(ctx, `SELECT team_id, enterprise_id, bot_user_id, bot_token, refresh_token, expires_at, scopes, installer_id, installed_at
		FROM installations WHERE key = ?`, key).Scan(&in.TeamID, &in.EnterpriseID, &in.BotUserID, &in.BotToken, &in.RefreshToken, &expires, &scopes, &in.InstallerID, &at)
	if err != nil {
		return bh.Installation{}, db.fail("get installation", notFound(err, "The app is not installed in that workspace."))
	}
	if expires.Valid {
		in.ExpiresAt = fromMs(expires.Int64)
	}
	if scopes != "" {
		in.Scopes = strings.Split(scopes, ",")
	}
	in.InstalledAt = fromMs(at)
	return in, nil
}

// DeleteInstallation removes the installation under key, its tokens with
// it; false when there was none.
func (db *DB) DeleteInstallation(ctx context.Context, key string) (deleted bool, err error) {
	err = db.write(ctx, "delete installation", func(tx *Tx) error {
		deleted, err = changed(tx.ExecContext(ctx, "DELETE FROM installations WHERE key = ?", key))
		return err
	})
	return deleted, err
}

// ClaimTokenRefresh claims the refresh of key's token until until: true
// for one caller while the claim stands (across processes on this file),
// false for the others or when there is no installation. SaveInstallation
// releases it.
func (db *DB) ClaimTokenRefresh(ctx context.Context, key string, until time.Time) (claimed bool, err error) {
	err = db.write(ctx, "claim token refresh", func(tx *Tx) error {
		claimed, err = changed(tx.ExecContext(ctx, `UPDATE installations SET refresh_claim_until = ?
			WHERE key = ? AND (refresh_claim_until IS NULL OR refresh_claim_until <= ?)`, ms(until), key, ms(tx.Now)))
		return err
	})
	return claimed, err
}

// SaveOAuthState records an install page's state nonce, which
// TakeOAuthState takes once until expires. States past their time are
// removed on the way.
func (db *DB) SaveOAuthState(ctx context.Context, nonce string, expires time.Time) error {
	return db.write(ctx, "save oauth state", func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM oauth_states WHERE expires_at <= ?", ms(tx.Now)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO oauth_states (nonce, expires_at) VALUES (?, ?)", nonce, ms(expires))
		return err
	})
}

// TakeOAuthState consumes nonce: true once, for a nonce saved and not yet
// expired by the store's clock; false when it is unknown, taken or late.
func (db *DB) TakeOAuthState(ctx context.Context, nonce string) (taken bool, err error) {
	err = db.write(ctx, "take oauth state", func(tx *Tx) error {
		taken, err = changed(tx.ExecContext(ctx, "DELETE FROM oauth_states WHERE nonce = ? AND expires_at > ?", nonce, ms(tx.Now)))
		return err
	})
	return taken, err
}
