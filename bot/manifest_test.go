package bot

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// manifest is the part of manifest.yaml the bot's handlers must agree with.
type manifest struct {
	Features struct {
		Shortcuts []struct {
			Type       string `yaml:"type"`
			CallbackID string `yaml:"callback_id"`
		} `yaml:"shortcuts"`
		SlashCommands []struct {
			Command string `yaml:"command"`
		} `yaml:"slash_commands"`
	} `yaml:"features"`
	OAuth struct {
		Scopes struct {
			Bot []string `yaml:"bot"`
		} `yaml:"scopes"`
	} `yaml:"oauth_config"`
	Settings struct {
		Events struct {
			Bot []string `yaml:"bot_events"`
		} `yaml:"event_subscriptions"`
		SocketMode bool `yaml:"socket_mode_enabled"`
	} `yaml:"settings"`
}

// The manifest a person creates the app from asks for exactly what the bot
// handles: every history scope with its message event (group DMs were read
// but never subscribed, so their notes never arrived), every command and
// shortcut routed.
func TestManifestMatchesTheHandlers(t *testing.T) {
	raw, err := os.ReadFile("../manifest.yaml")
	require.NoError(t, err)
	var m manifest
	require.NoError(t, yaml.Unmarshal(raw, &m))
	assert.True(t, m.Settings.SocketMode, "the bot speaks Socket Mode only")

	scopes := map[string]bool{}
	for _, s := range m.OAuth.Scopes.Bot {
		scopes[s] = true
	}
	events := map[string]bool{}
	for _, e := range m.Settings.Events.Bot {
		events[e] = true
	}
	// capture.onMessage takes notes in these conversation types; each needs
	// its scope and its event.
	for _, kind := range []string{"channels", "groups", "im", "mpim"} {
		assert.True(t, scopes[kind+":history"], "scope %s:history", kind)
		assert.True(t, events["message."+kind], "event message.%s", kind)
	}
	for s := range scopes {
		if kind, ok := strings.CutSuffix(s, ":history"); ok {
			assert.True(t, events["message."+kind], "scope %s without its event message.%s", s, kind)
		}
	}
	assert.True(t, events["app_mention"] && scopes["app_mentions:read"], "mentions")
	assert.True(t, events["app_home_opened"], "App Home")
	// A family channel's members are cached; these drop the cache.
	assert.True(t, events["member_joined_channel"] && events["member_left_channel"] && scopes["channels:read"] && scopes["groups:read"], "channel members")
	for e := range events {
		switch {
		case strings.HasPrefix(e, "message."), e == "app_mention", e == "app_home_opened",
			e == "member_joined_channel", e == "member_left_channel":
		default:
			t.Errorf("the manifest subscribes to %s, which no handler reads", e)
		}
	}

	// Nil handlers are enough: only the table's keys are read.
	r := newRoutes(nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
	var commands, global, message []string
	for _, c := range m.Features.SlashCommands {
		commands = append(commands, c.Command)
	}
	for _, s := range m.Features.Shortcuts {
		switch s.Type {
		case "global":
			global = append(global, s.CallbackID)
		case "message":
			message = append(message, s.CallbackID)
		}
	}
	assert.ElementsMatch(t, keys(r.commands), commands, "slash commands")
	assert.ElementsMatch(t, keys(r.shortcuts), global, "global shortcuts")
	assert.ElementsMatch(t, keys(r.messageShortcuts), message, "message shortcuts")
	assert.True(t, scopes["commands"], "commands scope")
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// manifest.http.yaml is manifest.yaml with request URLs at the HTTP
// transport's paths, Socket Mode off, and what installs by OAuth need
// (a redirect URL, token rotation, the uninstall events): nothing else
// may drift.
func TestHTTPManifestIsTheSocketOneWithRequestURLs(t *testing.T) {
	read := func(path string) map[string]any {
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, yaml.Unmarshal(raw, &m))
		return m
	}
	socket, web := read("../manifest.yaml"), read("../manifest.http.yaml")
	settings := web["settings"].(map[string]any)
	assert.Equal(t, false, settings["socket_mode_enabled"])
	settings["socket_mode_enabled"] = true
	assert.Equal(t, true, settings["token_rotation_enabled"])
	settings["token_rotation_enabled"] = false
	oauth := web["oauth_config"].(map[string]any)
	assert.Equal(t, []any{"https://bot.example.org/slack/oauth_redirect"}, oauth["redirect_urls"])
	delete(oauth, "redirect_urls")
	events := settings["event_subscriptions"].(map[string]any)
	bot := events["bot_events"].([]any)
	assert.Equal(t, []any{"app_uninstalled", "tokens_revoked"}, bot[len(bot)-2:])
	events["bot_events"] = bot[:len(bot)-2]
	for _, p := range []struct {
		parent map[string]any
		path   string
	}{
		{settings["event_subscriptions"].(map[string]any), "/slack/events"},
		{settings["interactivity"].(map[string]any), "/slack/interactivity"},
	} {
		u, _ := p.parent["request_url"].(string)
		assert.True(t, strings.HasPrefix(u, "https://") && strings.HasSuffix(u, p.path), "request_url %q", u)
		delete(p.parent, "request_url")
	}
	for _, c := range web["features"].(map[string]any)["slash_commands"].([]any) {
		cmd := c.(map[string]any)
		assert.Regexp(t, `^https://.*/slack/commands$`, cmd["url"], "%s", cmd["command"])
		delete(cmd, "url")
	}
	assert.Equal(t, socket, web)
}
