package bot

import (
	"context"
	"fmt"
	"time"
)

// UserZone is the IANA time zone of a person's Slack profile, "" when they
// have none or one this machine does not know.
func (b *Bot) UserZone(ctx context.Context, userID string) (string, error) {
	u, err := b.api.GetUserInfoContext(ctx, userID)
	if err != nil {
		return "", fmt.Errorf("bot: users.info for the time zone: %w", err)
	}
	if u.TZ == "" {
		return "", nil
	}
	if _, err := time.LoadLocation(u.TZ); err != nil {
		b.log.Debug("bot: unknown time zone in a profile", "tz", u.TZ)
		return "", nil
	}
	return u.TZ, nil
}
