package bot

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// teamTokens answers TeamBot from a map: a token, or an error.
type teamTokens map[string]error

func (t teamTokens) TeamBot(_ context.Context, team string) (string, string, error) {
	if err, ok := t[team]; ok {
		return "", "", err
	}
	return "xoxb-" + team, "UBOT" + team, nil
}

func TestTeamGate(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC))
	var logs bytes.Buffer
	b := &Bot{cfg: Config{Now: clock.Now, InstallURL: "https://bot.example.org/slack/install", Teams: teamTokens{
		"TGONE":    bh.Errorf(bh.ENOTFOUND, "The app is not installed in that workspace."),
		"TEXPIRED": bh.Errorf(bh.EUNAVAILABLE, "BabyHandoff's access to this workspace expired; please add it to Slack again."),
		"TDOWN":    bh.Errorf(bh.EINTERNAL, "the database did not answer"),
	}}, log: slog.New(slog.NewTextHandler(&logs, nil))}
	event := func(team string) socketmode.Event {
		return socketmode.Event{Type: socketmode.EventTypeEventsAPI, Data: slackevents.EventsAPIEvent{TeamID: team, Type: slackevents.CallbackEvent,
			InnerEvent: slackevents.EventsAPIInnerEvent{Data: &slackevents.MessageEvent{}}}}
	}
	command := func(team string) socketmode.Event {
		return socketmode.Event{Type: socketmode.EventTypeSlashCommand, Data: slack.SlashCommand{TeamID: team, Command: "/plan"}}
	}
	ephemeral := func(text string) any { return map[string]any{"response_type": "ephemeral", "text": text} }
	for _, c := range []struct {
		name  string
		evt   socketmode.Event
		drop  bool
		reply any
	}{
		{"an installed team's event", event("T1"), false, nil},
		{"an installed team's command", command("T1"), false, nil},
		{"an uninstalled team's event", event("TGONE"), true, nil},
		{"an uninstalled team's command", command("TGONE"), true,
			ephemeral("BabyHandoff is not installed in this workspace any more. To use it again, add it to Slack: https://bot.example.org/slack/install")},
		{"a command whose token could not be refreshed", command("TEXPIRED"), true,
			ephemeral("BabyHandoff's access to this workspace expired; please add it to Slack again. To use it again, add it to Slack: https://bot.example.org/slack/install")},
		{"an event whose token could not be refreshed goes on (its calls fail and say so)", event("TEXPIRED"), false, nil},
		{"a store that does not answer drops nothing", command("TDOWN"), false, nil},
		{"the uninstall itself is heard", socketmode.Event{Type: socketmode.EventTypeEventsAPI, Data: slackevents.EventsAPIEvent{TeamID: "TGONE",
			Type: slackevents.CallbackEvent, InnerEvent: slackevents.EventsAPIInnerEvent{Data: &slackevents.AppUninstalledEvent{}}}}, false, nil},
	} {
		drop, reply := b.teamGate(c.evt)
		assert.Equal(t, c.drop, drop, c.name)
		assert.Equal(t, c.reply, reply, c.name)
	}

	// Said once an hour per team.
	said := func() int { return strings.Count(logs.String(), "team=TGONE") }
	assert.Equal(t, 1, said())
	clock.Advance(59 * time.Minute)
	b.teamGate(event("TGONE"))
	assert.Equal(t, 1, said())
	clock.Advance(time.Minute)
	b.teamGate(event("TGONE"))
	assert.Equal(t, 2, said(), "an hour later, said again")
}

// One workspace on SLACK_BOT_TOKEN: nothing is looked up or dropped.
func TestTeamGateWithOneToken(t *testing.T) {
	b := &Bot{cfg: Config{Now: time.Now}, log: slog.New(slog.DiscardHandler)}
	drop, _ := b.teamGate(socketmode.Event{Type: socketmode.EventTypeSlashCommand, Data: slack.SlashCommand{TeamID: "TANY"}})
	assert.False(t, drop)
}

// A Slack call is made with the token of its context's team, and never
// without one.
func TestTeamSlackUsesTheContextsTeam(t *testing.T) {
	ts := teamSlack{teams: teamTokens{"TGONE": bh.Errorf(bh.ENOTFOUND, "not installed")}}
	_, err := ts.client(context.Background())
	assert.Equal(t, bh.EINTERNAL, bh.ErrorCode(err), "no team: no call")
	_, err = ts.client(bh.WithTeam(context.Background(), "TGONE"))
	assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "an uninstalled team's call fails as out of reach (the radar stops posting there)")
	c, err := ts.client(bh.WithTeam(context.Background(), "T1"))
	assert.NoError(t, err)
	assert.NotNil(t, c)
}

// teamOfCalls is a Slack that hears which team each post is made for.
type teamOfCalls struct {
	Slack
	teams chan string
}

func (s teamOfCalls) PostMessageContext(ctx context.Context, _ string, _ ...slack.MsgOption) (string, string, error) {
	s.teams <- bh.TeamOf(ctx)
	return "", "1.1", nil
}

// A note no worker could take, on Slack's last delivery: the sender is
// told, with their own team's token.
func TestBusyNoticeIsMadeForTheNotesTeam(t *testing.T) {
	api := teamOfCalls{teams: make(chan string, 1)}
	b := &Bot{cfg: Config{Now: time.Now}, log: slog.New(slog.DiscardHandler), api: api, spare: make(chan struct{}, 1)}
	c := &capture{b: b}
	c.busy(&socketmode.Request{EnvelopeID: httpEnvelope + "1", RetryAttempt: lastSlackRetry},
		bh.NewNote{TeamID: "TA", ChannelID: "D1", RawText: "pump at 3pm", MessageTS: "1.1"})
	select {
	case team := <-api.teams:
		assert.Equal(t, "TA", team)
	case <-time.After(10 * time.Second):
		t.Fatal("the sender was not told")
	}
}
