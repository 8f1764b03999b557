package babyhandoff

import "context"

type teamKey struct{}

// WithTeam returns ctx carrying the Slack team (workspace) its work is
// for. When the app is installed in many workspaces, the bot calls Slack
// with that team's own token.
func WithTeam(ctx context.Context, teamID string) context.Context {
	if teamID == "" {
		return ctx
	}
	return context.WithValue(ctx, teamKey{}, teamID)
}

// TeamOf is ctx's team, "" when it has none.
func TeamOf(ctx context.Context) string {
	id, _ := ctx.Value(teamKey{}).(string)
	return id
}
